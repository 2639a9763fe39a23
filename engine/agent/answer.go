package agent

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
)

// answer applies the person's replies to the open round and carries on.
func (s *step) answer(in Input) (State, Output, []Event, error) {
	qs := s.st.Questions
	if len(qs) == 0 || len(in.Answers) == 0 {
		return s.decide(in.Observation)
	}
	s.st.Questions = nil
	replan := false
	// Later questions first: an answer to the reader may replace its placeholder with
	// several commands, which must not move the places of the others.
	for k := len(qs) - 1; k >= 0; k-- {
		q := qs[k]
		a := answerFor(q, k, in.Answers)
		opt, ok := findOption(q, a)
		text := opt.Text
		if !ok {
			text = strings.TrimSpace(a.Text)
		}
		s.st.Clarified = append(s.st.Clarified, QA{Question: q.Text, Answer: text, TimedOut: a.TimedOut})
		if end, summary := s.settle(q, a, opt, ok, in.Observation); end != "" {
			return s.finish(end, summary)
		}
		replan = replan || q.Binds == bindsGoal || q.Binds == bindsContext || q.Binds == bindsPlan && !ok
	}
	if qs[0].Binds == bindsContext {
		s.mergeContext()
		if s.st.Plan != nil {
			// A value the model found missing mid-plan: refine the step again with it.
			s.setPhase(PhaseRefining)
			return s.decide(in.Observation)
		}
	}
	if replan {
		// Merge the answer into the request and plan again (docs/decisions.md, resume logic).
		return s.plan(in.Observation)
	}
	s.setPhase(PhaseRefining)
	return s.decide(in.Observation)
}

// settle applies one answer. A non-empty end phase stops the task with the summary.
func (s *step) settle(q Question, a Answer, opt Option, ok bool, obs page.Observation) (Phase, string) {
	free := strings.TrimSpace(a.Text)
	switch q.Binds {
	case bindsApproval:
		if !ok || opt.Value != "yes" {
			return PhaseCancelled, fmt.Sprintf("Stopped before %q: you did not confirm it.", s.st.Commands[q.Command].Raw())
		}
		s.st.Commands[q.Command].Approved = true
	case bindsGoal:
		if a.TimedOut || !ok && free == "" {
			return PhaseFailed, "No answer came, so I did nothing."
		}
		s.st.Goal = opt.Value
		if !ok {
			s.st.Goal = mergeGoal(s.st.Request, free)
		}
	case bindsPlan:
		switch {
		case ok && opt.Value == "no":
			return PhaseCancelled, "You said this is not what you want; nothing was done."
		case ok:
			for i := range s.st.Commands {
				s.st.Commands[i].Announced = true
			}
		case free != "":
			s.st.Goal = mergeGoal(s.st.Request, free)
		}
	case bindsReading:
		return s.settleReader(q, a, opt, ok, obs)
	case bindsElement:
		id := opt.Value
		if !ok {
			id = free
		}
		return s.onElement(q.Command, id, obs)
	case bindsValue:
		value := opt.Value
		if !ok {
			value = free
		}
		s.setValue(q.Command, value, obs)
	}
	return "", ""
}

// settleReader replaces the reader's question with what the answer runs: the commands of
// the chosen option, the value typed or chosen for the element asked about, or the
// answer read as commands on this page. An answer that leaves it open asks again.
func (s *step) settleReader(q Question, a Answer, opt Option, ok bool, obs page.Observation) (Phase, string) {
	i := q.Command
	rq := *s.st.Commands[i].Ask
	if rq.Kind == understand.AskUnclear {
		s.st.Intent = 1 // the person said what the words meant
	}
	if a.TimedOut || !ok && strings.TrimSpace(a.Text) == "" {
		return PhaseFailed, "No answer came, so I did nothing."
	}
	var ch understand.Choice
	if ok {
		if k, err := strconv.Atoi(strings.TrimPrefix(opt.ID, "opt-")); err == nil && k >= 1 && k <= len(rq.Choices) {
			ch = rq.Choices[k-1]
		}
	}
	switch {
	case ok && len(ch.Then) > 0:
		s.splice(i, 1, commandsOf(ch.Then))
	case ok && (ch.Value == "no" || ch.Value == "cancel"):
		return PhaseCancelled, "You chose not to go on; nothing more was done."
	case ok && ch.Value == "only":
		s.splice(i, 1, nil)
	case rq.Element != "":
		value := ch.Value
		if !ok {
			value = strings.TrimSpace(a.Text)
		}
		cmds, nq := understand.WithValue(rq, value, obs, s.readOpts())
		s.replaceAsk(i, cmds, nq)
	default:
		r := understand.Read(strings.TrimSpace(a.Text), obs, s.readOpts())
		s.st.Assumed = append(s.st.Assumed, r.Assumptions...)
		s.splice(i, 1, plannedFrom(r))
	}
	return "", ""
}

// replaceAsk puts the commands an answer produced in place of question i, or the next
// question the answer raised.
func (s *step) replaceAsk(i int, cmds []understand.Command, next *understand.Question) {
	if next != nil {
		s.st.Commands[i].Ask = next
		return
	}
	s.splice(i, 1, commandsOf(cmds))
}

// onElement binds command i to the element the person chose (an id, or words that name
// one); words that name nothing become the command's new reading.
func (s *step) onElement(i int, idOrWords string, obs page.Observation) (Phase, string) {
	c := s.st.Commands[i].Command
	if _, ok := obs.Node(idOrWords); ok {
		cmds, q := understand.WithValue(understand.Question{Element: idOrWords, Verb: c.Verb, Words: c.Words}, c.Value, obs, s.readOpts())
		s.replaceAsk(i, cmds, q)
		return "", ""
	}
	r := understand.Read(idOrWords, obs, s.readOpts())
	if len(r.Commands) == 0 && len(r.Questions) == 0 {
		return PhaseFailed, fmt.Sprintf("I could not tell which element %q means, so I stopped.", idOrWords)
	}
	s.splice(i, 1, plannedFrom(r))
	return "", ""
}

// answerFor finds the answer to the k-th question of a round: by question id, else by
// position.
func answerFor(q Question, k int, as []Answer) Answer {
	for _, a := range as {
		if a.QuestionID == q.ID {
			return a
		}
	}
	if k < len(as) && as[k].QuestionID == "" {
		return as[k]
	}
	return Answer{}
}

// mergeGoal is the resume logic of docs/decisions.md D-17 for a free answer to "what do
// you want": an answer that is itself explicit commands replaces the request; anything
// else is added to it, so planning restarts with the whole context.
func mergeGoal(request, answer string) string {
	if understand.Commandlike(answer) || isFillForm(answer) {
		return answer
	}
	return request + ". " + answer
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
		if understand.Similar(t, o.Text) >= understand.MinMatch || strings.Contains(strings.ToLower(o.Text), t) {
			hits = append(hits, o)
		}
	}
	if len(hits) == 1 {
		return hits[0], true
	}
	return Option{}, false
}
