package agent

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
	"github.com/errand-app/errand/engine/understand"
	"github.com/errand-app/errand/internal/round"
)

// ask puts a round of questions (at most 3) to the person, or after the last allowed round
// takes their defaults (best effort, docs/decisions.md D-14) when every choice is
// reversible.
func (s *step) ask(qs []Question, factors []factor, reasons []string) (State, Output, []Event, error) {
	if len(qs) > clarify.MaxQuestions {
		qs = qs[:clarify.MaxQuestions]
	}
	for _, q := range qs {
		reasons = append(reasons, q.Reason)
	}
	conf := score(s.a.set, s.intent(factors), s.st.Validation.TotalConfidenceDelta, factors, reasons)
	conf.Recommendation = RouteAsk
	if qs[0].Type == Confirm {
		conf.Recommendation = RecommendConfirm
	}
	s.st.Conf = conf
	s.emit(EventConfidenceReport, conf)
	if s.st.Rounds >= s.a.limits.MaxRounds && qs[0].Type != Confirm {
		// Three rounds asked: best effort from here (D-14), which is the defaults when
		// every choice has one and is reversible, and otherwise a clear stop.
		if !reversible(qs) {
			return s.finish(PhaseFailed, fmt.Sprintf("After %d rounds of questions I still need to know: %s", s.st.Rounds, qs[0].Text))
		}
		for _, q := range qs {
			a := Answer{SelectedOptionID: q.Default}
			opt, _ := findOption(q, a)
			s.settle(q, a, opt, true, s.lastObs)
		}
		return s.decide(s.lastObs)
	}
	s.st.Rounds++
	for i := range qs {
		qs[i] = s.rank(qs[i], s.lastObs)
		s.st.Asked++
		qs[i].ID = fmt.Sprintf("clar-%s-%d", shortID(s.st.TaskID), s.st.Asked)
		qs[i].Round, qs[i].Index, qs[i].Of = s.st.Rounds, i+1, len(qs)
	}
	s.st.Questions = qs
	if qs[0].Type == Confirm {
		s.setPhase(PhaseAwaitingApproval)
	} else {
		s.setPhase(PhaseClarifying)
	}
	for _, q := range qs {
		s.emit(EventClarifyWithOptions, ClarifyWithOptions{Question: q})
	}
	return s.st, Output{Kind: OutputAsk, Questions: qs}, s.events, nil
}

// reversible reports whether every question may be settled by its default.
func reversible(qs []Question) bool {
	for _, q := range qs {
		if q.Type == Confirm || q.Default == "" || q.Binds == bindsGoal || q.Binds == bindsContext || q.Binds == bindsReading {
			return false
		}
	}
	return true
}

// openAsks are the reader's questions from the cursor on, at most a round of them.
func (s *step) openAsks() []int {
	var out []int
	for i := s.st.Cursor; i < len(s.st.Commands) && len(out) < clarify.MaxQuestions; i++ {
		if s.st.Commands[i].Ask != nil {
			out = append(out, i)
		}
	}
	return out
}

// askReader puts the reader's questions at commands is to the person. They have no
// default: a question the reader asks is one it must not guess (docs/understanding.md).
func (s *step) askReader(is []int, obs page.Observation) (State, Output, []Event, error) {
	qs := make([]Question, len(is))
	f := factor{target: 1, value: 1, determinism: 1}
	for k, i := range is {
		rq := s.st.Commands[i].Ask
		q := Question{Type: OptionSelect, Text: rq.Text, AllowFreeform: true, Command: i, Binds: bindsReading,
			Reason: readerReason(*rq)}
		for c, ch := range rq.Choices {
			q.Options = append(q.Options, Option{ID: "opt-" + strconv.Itoa(c+1), Text: ch.Label, Value: ch.ID + ch.Value, Confidence: round.Hundredths(ch.Score)})
		}
		if len(q.Options) == 0 {
			q.Type = Freeform
		}
		q.TimeoutMs = timeoutFor(q)
		qs[k] = q
		switch rq.Kind {
		case understand.AskValue, understand.AskOption:
			f.value = min(f.value, 0.2)
		case understand.AskElement:
			f.target = min(f.target, 1/float64(max(1, len(rq.Choices))))
		default:
			f.vague = true
		}
	}
	return s.ask(qs, []factor{f}, nil)
}

// readerReason says why the reader asks.
func readerReason(q understand.Question) string {
	switch q.Kind {
	case understand.AskElement:
		return fmt.Sprintf("%d elements fit %q", len(q.Choices), q.Words)
	case understand.AskValue:
		return "no value was given"
	case understand.AskOption:
		return "no option was named"
	case understand.AskMissing:
		return "it is not on this page"
	}
	return "some words are not about this page"
}

// askLow asks when a decision's confidence is under the ask threshold though nothing was
// ambiguous: about the weakest target when a target is the doubt, else whether the
// reading of the goal is right.
func (s *step) askLow(obs page.Observation) (State, Output, []Event, error) {
	p := s.st.Pending
	s.st.Pending = nil
	weak, weakest := -1, 1.0
	for k, l := range p.Chain {
		if l.Action.Kind.NeedsElement() && l.Match < weakest {
			weak, weakest = k, l.Match
		}
	}
	var q Question
	if weak >= 0 && weakest < 0.9 {
		q = s.whichInstead(p.Chain[weak].Command, p.Chain[weak].Target, obs)
		q.Reason = "the best match is weak"
	} else {
		var steps []string
		for _, a := range p.Actions() {
			steps = append(steps, todo(a))
		}
		q = Question{Type: OptionSelect, Text: "Is this what you want me to do?", AllowFreeform: true, Command: p.Chain[0].Command,
			Binds: bindsPlan, Reason: "the goal is unclear",
			Options: []Option{
				{ID: "opt-1", Text: "Yes: " + strings.Join(steps, ", then "), Value: "yes", Confidence: round.Hundredths(s.st.Conf.Overall)},
				{ID: "opt-2", Text: "No, stop", Value: "no"},
			}}
		q.Default = "opt-2"
	}
	q.TimeoutMs = timeoutFor(q)
	var reasons []string
	for _, l := range p.Chain {
		reasons = append(reasons, l.Reason)
	}
	return s.ask([]Question{q}, []factor{{target: weakest, value: s.st.Conf.Breakdown.ValueConfidence, determinism: 1}}, reasons)
}

// whichInstead asks which element command i means, offering the one it was bound to and
// the elements most like it.
func (s *step) whichInstead(i int, bound page.Node, obs page.Observation) Question {
	q := Question{Type: OptionSelect, Text: fmt.Sprintf("Which element do you mean by %q?", s.st.Commands[i].Command.Words),
		AllowFreeform: true, Command: i, Binds: bindsElement}
	add := func(n page.Node, conf float64, why string) {
		for _, o := range q.Options {
			if o.Value == n.ID {
				return
			}
		}
		q.Options = append(q.Options, Option{ID: "opt-" + strconv.Itoa(len(q.Options)+1), Text: page.Describe(n),
			Value: n.ID, Confidence: round.Hundredths(conf), Reasoning: why})
	}
	if bound.ID != "" {
		add(bound, s.st.Commands[i].Command.Match, "the best match")
	}
	for _, sim := range similarElements(bound, obs) {
		if n, ok := obs.Node(sim.ID); ok && len(q.Options) < 4 {
			add(n, sim.Score, sim.Why)
		}
	}
	if len(q.Options) == 0 {
		q.Type = Freeform
	} else {
		q.Default = q.Options[0].ID
	}
	q.TimeoutMs = timeoutFor(q)
	return q
}

// askGoal asks what a vague goal ("Help me") means, with what this page offers as options.
func (s *step) askGoal(obs page.Observation) (State, Output, []Event, error) {
	text := "What would you like me to do?"
	if len(s.st.Validation.SuggestedQuestions) > 0 {
		text = s.st.Validation.SuggestedQuestions[0]
	}
	q := Question{Type: OptionSelect, Text: text, AllowFreeform: true, Command: -1, Binds: bindsGoal,
		Reason: "the goal does not name an action", Options: suggestGoals(obs)}
	q.TimeoutMs = timeoutFor(Question{Type: Freeform})
	_, why := rules.GoalClarity(s.st.Goal)
	return s.ask([]Question{q}, []factor{{target: 0, value: 0.5, determinism: 0.5, vague: true}}, why)
}

// suggestGoals offers what can be done on this page as explicit commands: fill its form,
// press its main button, follow its first links.
func suggestGoals(obs page.Observation) []Option {
	var out []Option
	add := func(text, value string) {
		for _, o := range out {
			if o.Value == value {
				return
			}
		}
		out = append(out, Option{ID: "opt-" + strconv.Itoa(len(out)+1), Text: text, Value: value})
	}
	if fields := emptyFields(obs); len(fields) > 0 {
		var names []string
		for _, f := range fields[:min(3, len(fields))] {
			names = append(names, f.Name)
		}
		add("Fill in the form ("+strings.Join(names, ", ")+")", "fill in the form")
	}
	for _, n := range obs.Tree {
		if len(out) >= 3 {
			break
		}
		if n.Name == "" || n.Has("disabled") || n.Occ {
			continue
		}
		switch {
		case n.Role == page.RoleButton && !reRisky.MatchString(n.Name):
			add("Click "+page.Describe(n), fmt.Sprintf("click the %q button", n.Name))
		case n.Role == page.RoleLink:
			add("Open "+page.Describe(n), fmt.Sprintf("click the %q link", n.Name))
		}
	}
	// Confidences only order the options; the person's pick decides.
	for i := range out {
		out[i].Confidence = round.Hundredths(0.6 - 0.15*float64(i))
	}
	return out
}

func shortID(id string) string {
	id = strings.TrimPrefix(id, "task-")
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// notFound asks about near misses when a command's element is not on the page, or fails
// when nothing on it is close.
func (s *step) notFound(i int, obs page.Observation) (State, Output, []Event, error) {
	c := s.st.Commands[i].Command
	what := c.Phrase
	if what == "" {
		what = c.Words
	}
	where := obs.Title
	if where == "" {
		where = obs.URL
	}
	want := page.Node{Name: c.Phrase, Role: verbRole(c)}
	q := Question{Type: OptionSelect, Text: fmt.Sprintf("I could not find %q. Did you mean one of these?", what),
		AllowFreeform: true, Command: i, Binds: bindsElement, Reason: "no element matches well"}
	best := 0.0
	for _, sim := range similarElements(want, obs) {
		if n, ok := obs.Node(sim.ID); ok && len(q.Options) < 4 {
			q.Options = append(q.Options, Option{ID: "opt-" + strconv.Itoa(len(q.Options)+1), Text: page.Describe(n),
				Value: n.ID, Confidence: round.Hundredths(sim.Score), Reasoning: sim.Why})
			best = max(best, sim.Score)
		}
	}
	if len(q.Options) == 0 {
		return s.finish(PhaseFailed, fmt.Sprintf("I could not find %q on %q, so I stopped before %q.", what, where, s.st.Commands[i].Raw()))
	}
	q.Default = q.Options[0].ID
	q.TimeoutMs = timeoutFor(q)
	return s.ask([]Question{q}, []factor{{target: best, value: 1, determinism: 1}}, nil)
}

// verbRole is the role a command's verb acts on, for finding elements like the one named.
func verbRole(c understand.Command) string {
	switch c.Action.Kind {
	case page.SetValue, page.Clear:
		return page.RoleInput
	case page.Select:
		return page.RoleSelect
	case page.Check, page.Uncheck:
		return page.RoleCheckbox
	}
	switch c.Verb {
	case "type", "search":
		return page.RoleInput
	case "check", "uncheck", "toggle":
		return page.RoleCheckbox
	}
	return page.RoleButton
}

// confirm asks before a high-risk action. Its default does nothing: a timeout never
// approves a risky action.
func (s *step) confirm(i int, b binding) (State, Output, []Event, error) {
	q := Question{Type: Confirm, Command: i, Binds: bindsApproval, Risky: true, AllowFreeform: false,
		Text:   fmt.Sprintf("This will %s, which may not be undone. Continue?", todo(b.action)),
		Reason: "high-risk action",
		Options: []Option{
			{ID: "opt-yes", Text: "Yes, do it", Value: "yes"},
			{ID: "opt-no", Text: "No, stop here", Value: "no"},
		},
		Default: "opt-no",
	}
	q.TimeoutMs = timeoutFor(q)
	f := commandFactor(s.st.Commands[i].Command, b.action, b.match, true)
	return s.ask([]Question{q}, []factor{f}, []string{b.why})
}

// todo is what an action will do, in the present tense for a plan or a confirm: the text
// its maker wrote (page.Action.Says), or its description where it made none.
func todo(a page.Action) string {
	if a.Todo != "" {
		return strings.TrimSuffix(a.Todo, ".")
	}
	return strings.TrimSuffix(a.Description, ".")
}
