package agent

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
)

// ask puts a question to the person, or after the last allowed round takes its default
// (best effort, DESIGN §4) when the choice is reversible.
func (s *step) ask(q Question, factors []factor, reasons []string) (State, Output, []Event, error) {
	conf := score(s.st.Goal, s.st.Validation.TotalConfidenceDelta, factors, append(reasons, q.Reason))
	conf.Recommendation = RecommendAsk
	if q.Type == Confirm {
		conf.Recommendation = RecommendConfirm
	}
	s.st.Conf = conf
	s.emit(EventConfidenceReport, conf)
	if s.st.Rounds >= s.a.limits.MaxRounds && q.Type != Confirm && q.Default != "" {
		opt, _ := findOption(q, Answer{SelectedOptionID: q.Default})
		s.apply(q, opt)
		return s.decide(s.lastObs)
	}
	s.st.Asked++
	s.st.Rounds++
	q.ID = fmt.Sprintf("clar-%s-%d", shortID(s.st.TaskID), s.st.Asked)
	s.st.Question = &q
	if q.Type == Confirm {
		s.setPhase(PhaseAwaitingApproval)
	} else {
		s.setPhase(PhaseClarifying)
	}
	s.emit(EventClarifyWithOptions, ClarifyWithOptions{Question: q})
	return s.st, Output{Kind: OutputAsk, Questions: []Question{q}}, s.events, nil
}

func shortID(id string) string {
	id = strings.TrimPrefix(id, "task-")
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// notFound asks about near misses, or fails when nothing on the page is close.
func (s *step) notFound(i int, res rules.Resolution, obs page.Observation) (State, Output, []Event, error) {
	c := s.st.Commands[i]
	what := c.Phrase
	if what == "" {
		what = c.Target
	}
	if what == "" {
		what = "a " + rules.RoleName(c.Role)
	}
	where := obs.Title
	if where == "" {
		where = obs.URL
	}
	if len(res.Candidates) == 0 {
		return s.finish(PhaseFailed, fmt.Sprintf("I could not find %q on %q, so I stopped before %q.", what, where, c.Raw))
	}
	q := Question{Type: OptionSelect, Text: fmt.Sprintf("I could not find %q. Did you mean one of these?", what),
		AllowFreeform: true, Command: i, Binds: bindsElement, Reason: "no element matches well"}
	for _, cand := range res.Candidates {
		if len(q.Options) == 4 {
			break
		}
		q.Options = append(q.Options, Option{ID: "opt-" + strconv.Itoa(len(q.Options)+1), Text: rules.Describe(cand.Node),
			Value: cand.Node.ID, Confidence: cand.Score, Reasoning: cand.Why})
	}
	q.Default = q.Options[0].ID
	q.TimeoutMs = timeoutFor(q)
	return s.ask(q, []factor{{target: res.Quality(), value: 1, determinism: 1}}, nil)
}

// confirm asks before a high-risk action. Its default does nothing: a timeout never
// approves a risky action.
func (s *step) confirm(i int, b binding, obs page.Observation) (State, Output, []Event, error) {
	q := Question{Type: Confirm, Command: i, Binds: bindsApproval, Risky: true, AllowFreeform: false,
		Text:   fmt.Sprintf("This will %s, which may not be undone. Continue?", strings.TrimSuffix(presentTense(b.action.Description), ".")),
		Reason: "high-risk action",
		Options: []Option{
			{ID: "opt-yes", Text: "Yes, do it", Value: "yes"},
			{ID: "opt-no", Text: "No, stop here", Value: "no"},
		},
		Default: "opt-no",
	}
	q.TimeoutMs = timeoutFor(q)
	f := commandFactor(s.st.Commands[i], b.action, b.match, true)
	return s.ask(q, []factor{f}, []string{b.why})
}

func presentTense(desc string) string {
	for past, present := range map[string]string{"clicked ": "click ", "typed ": "type ", "selected ": "select ", "pressed ": "press ", "checked ": "check "} {
		if strings.HasPrefix(desc, past) {
			return present + desc[len(past):]
		}
	}
	return desc
}

// answer applies the person's reply to the open question and carries on.
func (s *step) answer(in Input) (State, Output, []Event, error) {
	q := s.st.Question
	if q == nil || in.Answer == nil {
		return s.decide(in.Observation)
	}
	s.st.Question = nil
	opt, ok := findOption(*q, *in.Answer)
	if q.Binds == bindsApproval {
		if !ok || opt.Value != "yes" {
			c := s.st.Commands[q.Command]
			return s.finish(PhaseCancelled, fmt.Sprintf("Stopped before %q: you did not confirm it.", c.Raw))
		}
	}
	s.setPhase(PhaseRefining)
	if ok {
		s.apply(*q, opt)
	} else {
		s.applyFreeform(*q, strings.TrimSpace(in.Answer.Text))
	}
	return s.decide(in.Observation)
}

// apply binds a chosen option.
func (s *step) apply(q Question, opt Option) {
	switch q.Binds {
	case bindsElement:
		if s.st.Bindings == nil {
			s.st.Bindings = map[int]string{}
		}
		s.st.Bindings[q.Command] = opt.Value
	case bindsValue:
		s.st.Commands[q.Command].Value, s.st.Commands[q.Command].Quoted = opt.Value, true
	case bindsApproval:
		if s.st.Approved == nil {
			s.st.Approved = map[int]bool{}
		}
		s.st.Approved[q.Command] = opt.Value == "yes"
	}
}

// applyFreeform uses an answer that names no option: for an element it becomes a
// qualifier ("the one in Prescriptions"), for a value the value itself.
func (s *step) applyFreeform(q Question, text string) {
	if text == "" {
		return
	}
	c := &s.st.Commands[q.Command]
	switch q.Binds {
	case bindsElement:
		c.Near, c.NearCertain = text, true
		if c.Target == "" && c.Role == "" {
			c.Target = text
		}
	case bindsValue:
		c.Value, c.Quoted = text, true
	}
}

// findOption matches an answer to an option: by id, by number ("2"), by value, or by
// text ("Prescriptions" picks `"Details" link in “Prescriptions”`).
func findOption(q Question, a Answer) (Option, bool) {
	if a.SelectedOptionID != "" {
		for _, o := range q.Options {
			if o.ID == a.SelectedOptionID {
				return o, true
			}
		}
	}
	t := strings.ToLower(strings.TrimSpace(a.Text))
	if t == "" {
		return Option{}, false
	}
	if n, err := strconv.Atoi(t); err == nil && n >= 1 && n <= len(q.Options) {
		return q.Options[n-1], true
	}
	if q.Type == Confirm {
		switch t {
		case "y", "yes", "ok", "okay", "sure", "continue", "approve", "do it", "yes, do it":
			return q.Options[0], true
		}
		return q.Options[len(q.Options)-1], true
	}
	var hits []Option
	for _, o := range q.Options {
		if strings.EqualFold(o.Value, t) || strings.EqualFold(o.Text, t) {
			return o, true
		}
		if rules.NameScore(t, o.Text) >= rules.MinMatch || strings.Contains(strings.ToLower(o.Text), t) {
			hits = append(hits, o)
		}
	}
	if len(hits) == 1 {
		return hits[0], true
	}
	return Option{}, false
}
