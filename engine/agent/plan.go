package agent

import (
	"fmt"
	"strings"
	"time"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
	"github.com/errand-app/errand/engine/understand"
)

func (s *step) start(in Input) (State, Output, []Event, error) {
	goal := strings.TrimSpace(in.Goal)
	s.st.Version = StateVersion
	s.st.Goal, s.st.Request, s.st.StartURL = goal, goal, in.Observation.URL
	s.st.NoReplay = in.NoReplay
	s.st.Phase = PhaseIdle // a new task, or an old one read again (versions.go)
	if !in.Now.IsZero() {
		s.st.Today, s.st.Started = in.Now.Format(time.DateOnly), in.Now
	}
	s.st.LastURL, s.st.LastHash = in.Observation.URL, in.Observation.DOMHash
	s.setPhase(PhasePlanning)
	s.st.Validation = s.a.validate(goal, false)
	s.emit(EventValidation, s.st.Validation)
	if s.st.Validation.Status == "failed" {
		return s.finish(PhaseFailed, firstError(s.st.Validation))
	}
	return s.plan(in.Observation)
}

func firstError(v Validation) string {
	for _, f := range v.Failures {
		if f.Severity == severityError {
			return f.Message
		}
	}
	return "The goal did not pass validation."
}

// plan reads the goal on the page. What the reader understood takes the fast path, with
// its questions asked before anything runs; "fill in the form" becomes a fill; words about
// nothing on the page go to the model, or without one are asked about.
func (s *step) plan(obs page.Observation) (State, Output, []Event, error) {
	s.setPhase(PlanningPhase(s.st.Phase))
	goal := s.st.Goal
	s.st.Cursor = 0
	if isFillForm(goal) {
		s.st.Commands = []Planned{{Fill: true, Command: understand.Command{Words: goal}}}
		s.st.Complexity, s.st.Intent = Complexity{levelSimple, "a form to fill, values to ask for"}, 1
		return s.fastPath(obs)
	}
	r := understand.Read(goal, obs, s.readOpts())
	s.keepReading(r)
	if !needsModel(r) {
		s.st.Commands = plannedFrom(r)
		s.st.Complexity = Complexity{levelSimple, "every word is about this page"}
		return s.fastPath(obs)
	}
	if sc, ok := s.replayScript(obs); ok {
		// Done before from this page: it runs again as it ran, with no model.
		return s.replay(sc, obs)
	}
	rest := ""
	if s.a.model != nil {
		rest = laterPart(goal, r)
	}
	switch {
	case rest != "":
		// What was understood comes first in the goal: it runs as read, and the model
		// plans only what is left, from the page it leads to (docs/understanding.md,
		// "Partial understanding").
		s.st.Commands = plannedFrom(understand.Reading{Commands: r.Commands})
		s.st.Rest, s.st.Intent = rest, 1 // the words left are the model's, not a doubt
		s.st.Complexity = Complexity{levelSimple, notRead(r) + "; a model plans it after the rest runs"}
		return s.fastPath(obs)
	case s.a.model != nil:
		// The model plans the whole goal; what the reader assumed is not its plan.
		s.st.Assumed, s.st.Intent = nil, 1
		s.st.Complexity = Complexity{levelComplex, notRead(r)}
		s.unread = &r
		return s.planWithModel(obs)
	}
	return s.planOffline(r, obs)
}

// keepReading records what the reader made of the goal. Its open questions are asked
// before anything runs, so they do not lower the intent of what runs after their answers;
// unexplained words do until answered.
func (s *step) keepReading(r understand.Reading) {
	s.st.Grounded, s.st.Assumed, s.st.Intent = r.Grounded, r.Assumptions, max(0, 1-0.25*float64(len(r.Unexplained)))
}

// planOffline is the plan when no model runs: what was read runs after questions about
// the rest; a goal with nothing readable is asked about when vague, and fails otherwise.
func (s *step) planOffline(r understand.Reading, obs page.Observation) (State, Output, []Event, error) {
	s.keepReading(r) // again: a model that did not answer may have cleared it
	asking := !s.a.set.Subsystems.NoClarification
	if asking && (len(r.Commands) > 0 || len(r.Questions) > 0 && (understand.Commandlike(s.st.Goal) || tiedToPage(r))) {
		// Part of it is clear, or it is a command the page does not explain ("click the
		// Sve button"): ask about the rest rather than fail.
		s.st.Commands = plannedFrom(r)
		s.st.Complexity = Complexity{levelSimple, notRead(r)}
		return s.fastPath(obs)
	}
	if clarity, _ := rules.GoalClarity(s.st.Goal); clarity < vagueGoal && asking {
		return s.askGoal(obs)
	}
	msg := "This errand needs a model to plan it (" + notRead(r) + ")."
	switch {
	case s.st.NoModel != "":
		// finish adds why no model planned it.
	case s.a.offline != "":
		msg += " " + s.a.offline
	default:
		msg += " Without one, Errand runs explicit commands such as: type 'Jas' into Name and click Save."
	}
	return s.finish(PhaseFailed, msg)
}

// PlanningPhase is planning, or re-planning when a plan is made again after a failure.
func PlanningPhase(p Phase) Phase {
	if p == PhaseReplanning {
		return p
	}
	return PhasePlanning
}

// fastPath shows the reader's plan and decides on its first commands.
func (s *step) fastPath(obs page.Observation) (State, Output, []Event, error) {
	steps := make([]string, len(s.st.Commands))
	for i, c := range s.st.Commands {
		steps[i] = c.Raw()
	}
	s.st.PlanBase = 0
	s.planReady(PlanReady{Route: "fast_path", Complexity: s.st.Complexity.Level, Steps: steps}, obs)
	return s.decide(obs)
}

// needsModel reports a reading with words about nothing on the page, or with nothing at
// all. The reader's questions about what it did tie to the page (which of these
// elements, which value for this field) are for the person even when a model runs,
// because a model would only guess; a value it could not tie to a field is not.
func needsModel(r understand.Reading) bool {
	if len(r.Commands) == 0 && len(r.Questions) == 0 {
		return true
	}
	for _, q := range r.Questions {
		switch q.Kind {
		case understand.AskUnclear, understand.AskMissing:
			return true
		case understand.AskValue:
			// A model may find the value (knowledge, the page) or ask for it itself.
			return true
		case understand.AskOption:
			if q.Element == "" {
				return true
			}
		case understand.AskElement:
			if bestChoice(q) < 0.6 || !everyChoiceRuns(q) {
				// The reader only guessed at the element from its role, or some of its
				// answers would not run: it has not read the goal, only parts of it.
				return true
			}
		}
	}
	return false
}

func bestChoice(q understand.Question) float64 {
	best := 0.0
	for _, c := range q.Choices {
		best = max(best, c.Score)
	}
	return best
}

// tiedToPage reports a reading whose every question offers choices the reader bound to
// the page ("Export the data": which item of the Export menu; two options for one
// dropdown): asking it needs no model, whatever the goal's first word.
func tiedToPage(r understand.Reading) bool {
	for _, q := range r.Questions {
		if q.Kind != understand.AskElement && q.Kind != understand.AskOption || !everyChoiceRuns(q) {
			return false
		}
	}
	return len(r.Questions) > 0
}

func everyChoiceRuns(q understand.Question) bool {
	for _, c := range q.Choices {
		if len(c.Then) == 0 {
			return false
		}
	}
	return len(q.Choices) > 0
}

// laterPart is the words of a goal the reader could not read, when they all come after
// every command it could; "" otherwise. "Type Jas into Name and then book a table" runs the
// typing and leaves the booking to the model; with the unread words first, the model plans
// it all. Word order is taken from the goal itself: a question's place among the commands
// says where its answer goes, not where its words were.
func laterPart(goal string, r understand.Reading) string {
	if len(r.Commands) == 0 || len(r.Questions) == 0 {
		return ""
	}
	g := strings.ToLower(goal)
	end := 0
	for _, c := range r.Commands {
		ws := strings.Fields(strings.ToLower(c.Words))
		if len(ws) == 0 {
			return ""
		}
		i := strings.LastIndex(g, ws[len(ws)-1])
		if i < 0 {
			return ""
		}
		end = max(end, i+len(ws[len(ws)-1]))
	}
	var words []string
	for _, q := range r.Questions {
		ws := strings.Fields(strings.ToLower(q.Words))
		if q.Kind != understand.AskUnclear && q.Kind != understand.AskMissing || len(ws) == 0 ||
			!strings.Contains(g[end:], ws[0]) {
			return ""
		}
		words = append(words, q.Words)
	}
	return strings.Join(words, "; ")
}

// notRead says which words the reader could not tie to the page.
func notRead(r understand.Reading) string {
	if len(r.Unexplained) > 0 {
		return fmt.Sprintf("%q is not about anything on this page", strings.Join(r.Unexplained, " "))
	}
	for _, q := range r.Questions {
		if q.Kind == understand.AskMissing && q.Words != "" {
			return fmt.Sprintf("%q is not on this page", q.Words)
		}
	}
	return "no command could be read from it"
}

// planReady emits a plan with the page it was made on.
func (s *step) planReady(pr PlanReady, obs page.Observation) {
	pr.URL, pr.Title = obs.URL, obs.Title
	s.emit(EventPlanReady, pr)
}

// planIndex maps a command to its step in the plan last shown: a model's plan step, or
// the fast path's command counted from the first one listed.
func (s *step) planIndex(cmd int) int {
	if r := s.refined(cmd); r != nil && s.st.Plan != nil {
		return r.FirstStep
	}
	return max(0, cmd-s.st.PlanBase)
}

// vagueGoal is the goal clarity under which a goal is asked about rather than planned.
const vagueGoal = 0.6
