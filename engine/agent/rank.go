package agent

import (
	"slices"

	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/internal/round"
)

// rank orders a question's options with the answer guesser (docs/decisions.md D-16): the
// resolver's match is the prior, and the guesser's reading of the request, the
// conversation and the page breaks ties, so two equally good elements never show the same
// percentage and the default is the best guess. A confirm is never ranked: its default
// stays "do nothing".
func (s *step) rank(q Question, obs page.Observation) Question {
	if q.Type == Confirm || len(q.Options) < 2 {
		return q
	}
	d := clarify.Detected{Question: q.Text}
	for _, o := range q.Options {
		d.Options = append(d.Options, clarify.Choice{Label: o.Text, Value: o.ID})
	}
	var conv []string
	for _, qa := range s.st.Clarified {
		conv = append(conv, qa.Answer)
	}
	ctx := clarify.Context{Goal: s.st.Goal, Conversation: conv, Page: obs}
	if q.Binds == bindsElement {
		// The resolver has already read the request (names, roles, ordinals, "for Jas"),
		// and element options all come from the page: what is left to weigh is what the
		// person said since.
		ctx.Goal, ctx.Page = "", page.Observation{}
	}
	g := clarify.Guess(d, ctx)
	guess := map[string]clarify.Choice{}
	for _, c := range g.Options {
		guess[c.Value] = c
	}
	type ranked struct {
		opt   Option
		score float64
	}
	mean := 0.0
	for _, c := range g.Options {
		mean += c.Confidence / float64(len(g.Options))
	}
	rs := make([]ranked, len(q.Options))
	total := 0.0
	for i, o := range q.Options {
		c := guess[o.ID]
		prior := o.Confidence
		if prior == 0 {
			prior = 0.5
		}
		// The guess moves the prior by at most a quarter, and only a clear difference
		// counts: a near tie keeps the listed (page) order.
		adj := c.Confidence - mean
		if adj > -0.05 && adj < 0.05 {
			adj = 0
		}
		rs[i] = ranked{opt: o, score: prior * (1 + 0.5*adj)}
		total += rs[i].score
		if rs[i].opt.Reasoning == "" {
			rs[i].opt.Reasoning = c.Reasoning
		} else if c.Reasoning != "" && adj != 0 {
			rs[i].opt.Reasoning += "; " + c.Reasoning
		}
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		switch {
		case a.score > b.score+1e-9:
			return -1
		case a.score < b.score-1e-9:
			return 1
		}
		return 0
	})
	// Shown confidence is each option's share of the whole, so two equally good elements
	// read 50 % and 49 %, not 100 % each.
	for i := range rs {
		c := round.Hundredths(rs[i].score / total)
		if i > 0 && c >= rs[i-1].opt.Confidence {
			c = round.Hundredths(rs[i-1].opt.Confidence - 0.01)
		}
		rs[i].opt.Confidence = max(0.01, c)
		q.Options[i] = rs[i].opt
	}
	if q.Default != "" {
		q.Default = q.Options[0].ID
	}
	return q
}
