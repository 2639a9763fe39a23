package agent

import (
	"errors"
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
)

type actionReply struct {
	Action      string `json:"action" max:"120" desc:"one action call, such as click(7) or setValue(4, \"Jas\")"`
	Description string `json:"description" max:"60"`
}

type refineReply struct {
	Thought     string        `json:"thought" max:"200"`
	Actions     []actionReply `json:"actions" max:"16"`
	CoversSteps int           `json:"coversSteps"`
	MissingInfo string        `json:"missingInfo"`
	NextGoal    string        `json:"nextGoal"`
	Confidence  float64       `json:"confidence"`
}

func (r *refineReply) Validate() error {
	if len(r.Actions) == 0 && strings.TrimSpace(r.MissingInfo) == "" {
		return errors.New("actions: give at least one action, or name what is missing in missingInfo")
	}
	if r.Confidence < 0 || r.Confidence > 1 {
		return errors.New("confidence: must be between 0 and 1")
	}
	for i, a := range r.Actions {
		if _, err := page.ParseAction(a.Action); err != nil {
			return fmt.Errorf("actions[%d]: %w", i, err)
		}
	}
	return nil
}

type criticReply struct {
	Approve bool    `json:"approve"`
	Issue   string  `json:"issue"`
	Score   float64 `json:"score"`
}

// Critic thresholds (docs/decisions.md D-22): the critic checks an action only when the
// generator is unsure or the action is high-risk, because a call before every action
// doubles latency.
const criticBelow = 0.85

// refineNext turns the plan's next steps into commands (docs/decisions.md D-43), or checks
// the goal when the plan is done. A reply that names elements not on the page, or that
// the critic rejects, is sent back once with the reason.
func (s *step) refineNext(obs page.Observation) (State, Output, []Event, error) {
	p := s.st.Plan
	if p.Current >= len(p.Steps) {
		return s.verifyGoal(obs)
	}
	if s.st.Step >= s.a.limits.MaxSteps {
		// decide's guard, before a refinement whose commands it would refuse is paid for.
		return s.finish(PhaseFailed, fmt.Sprintf("Stopped after %d steps without finishing.", s.st.Step))
	}
	pc := s.promptCtx()
	problem := ""
	for attempt := 1; ; attempt++ {
		rr, err := call[refineReply](s, refinePrompt(pc, p.remainingSteps(), obs, problem))
		if err != nil {
			return s.modelFailed(err)
		}
		if len(rr.Actions) == 0 {
			return s.missingInfo(rr.MissingInfo, obs)
		}
		cmds, risky, err := s.commandsFrom(rr, obs)
		if err == nil && (rr.Confidence < criticBelow || risky) {
			err = s.critique(pc, rr, obs)
			if err != nil && attempt > 1 {
				// The person decides what two rejections could not: the decision layer
				// asks or requests approval at this confidence.
				rr.Confidence, err = min(rr.Confidence, 0.5), nil
				cmds, _, _ = s.commandsFrom(rr, obs)
			}
		}
		if err == nil {
			return s.useCommands(rr, cmds, obs)
		}
		var done *endOfPlan
		if errors.As(err, &done) {
			if done.failed {
				return s.finish(PhaseFailed, "The model gave up: "+done.text)
			}
			p.Current, p.Note = len(p.Steps), done.text
			return s.verifyGoal(obs)
		}
		if errors.Is(err, llm.ErrUnavailable) || errors.Is(err, llm.ErrModelMissing) || s.ctx.Err() != nil {
			return s.modelFailed(err)
		}
		if attempt == 2 {
			return s.finish(PhaseFailed, fmt.Sprintf("The model could not turn %q into actions on this page: %s.",
				p.Steps[p.Current].Description, err))
		}
		problem = err.Error()
	}
}

// endOfPlan is the model saying finish() or fail() instead of acting.
type endOfPlan struct {
	failed bool
	text   string
}

func (e *endOfPlan) Error() string { return "end of plan: " + e.text }

// critique runs the critic; nil means approved. A critic that cannot answer approves
// (fail open), unless the model is gone altogether.
func (s *step) critique(pc promptContext, rr refineReply, obs page.Observation) error {
	var acts []string
	for _, a := range rr.Actions {
		acts = append(acts, a.Action+" — "+a.Description)
	}
	step := s.st.Plan.Steps[s.st.Plan.Current].Description
	cv, err := call[criticReply](s, actionCriticPrompt(pc, step, acts, obs))
	switch {
	case errors.Is(err, llm.ErrUnavailable), errors.Is(err, llm.ErrModelMissing):
		return err
	case err != nil || cv.Approve:
		return nil
	}
	return fmt.Errorf("a reviewer rejected it: %s", cv.Issue)
}

// commandsFrom checks the model's actions against the page and turns them into
// commands bound to the elements it chose. risky reports a high-risk action among them.
func (s *step) commandsFrom(rr refineReply, obs page.Observation) ([]understand.Command, bool, error) {
	var (
		cmds  []understand.Command
		risky bool
	)
	for i, ar := range rr.Actions {
		a, err := page.ParseAction(ar.Action)
		if err != nil {
			return nil, false, fmt.Errorf("action %d: %w", i+1, err)
		}
		if a.Kind == page.Finish || a.Kind == page.Fail {
			if i == 0 {
				return nil, false, &endOfPlan{failed: a.Kind == page.Fail, text: a.Text}
			}
			break // actions before finish() run; the goal is checked after them
		}
		var n page.Node
		if a.Kind.NeedsElement() {
			var ok bool
			if n, ok = obs.Node(a.ID); !ok {
				return nil, false, fmt.Errorf("action %d (%s) names element %s, which is not on the page", i+1, ar.Action, a.ID)
			}
			if n.Occ {
				return nil, false, fmt.Errorf("action %d (%s): element %s is covered by a dialog", i+1, ar.Action, a.ID)
			}
			risky = risky || isRisky(a, n)
		}
		c, err := modelCommand(a, n, ar.Description, rr.Confidence)
		if err != nil {
			return nil, false, fmt.Errorf("action %d: %w", i+1, err)
		}
		cmds = append(cmds, c)
	}
	return cmds, risky, nil
}

// modelCommand expresses a model's action as a command bound to the element it chose,
// so chaining, confirms, announcements and verification treat both alike, and a failed
// one can be found again by the element's name.
func modelCommand(a page.Action, n page.Node, desc string, conf float64) (understand.Command, error) {
	target := page.Describe(n)
	verb := string(a.Kind)
	switch a.Kind {
	case page.Click:
		verb = "click"
		a.Says(verb, target)
	case page.SetValue:
		verb = "type"
		a.Says(verb, fmt.Sprintf("%q into %s", a.Text, target))
		a.Sensitive = n.Type == "password"
		if a.Sensitive {
			a.Says(verb, "the password into "+target)
		}
	case page.Select:
		verb = "select"
		a.Says(verb, fmt.Sprintf("%q in %s", a.Text, target))
	case page.Check:
		verb = "check"
		a.Says(verb, target)
	case page.Uncheck:
		verb = "uncheck"
		a.Says(verb, target)
	case page.Press:
		a.Says("press", a.Text)
	case page.Navigate:
		a.Says("open", a.Text)
	case page.GoBack:
		a.Says("go back", "")
	case page.ScrollTo:
		a.Says("scroll", a.Text)
	case page.Wait:
		a.Says("wait", fmt.Sprintf("%d ms", a.Ms))
	default:
		return understand.Command{}, fmt.Errorf("%s is not an action Errand runs for a plan step; use click or setValue", a.Kind)
	}
	if desc == "" {
		desc = a.String()
	}
	return understand.Command{Action: a, Bound: true, Verb: verb, Phrase: n.Name, Value: a.Text, Quoted: a.Text != "",
		Words: desc, Match: conf, Changes: endsChain(a)}, nil
}

// useCommands appends the model's commands after the verified ones and decides on them.
func (s *step) useCommands(rr refineReply, cmds []understand.Command, obs page.Observation) (State, Output, []Event, error) {
	p := s.st.Plan
	covers := max(1, min(rr.CoversSteps, len(p.Steps)-p.Current))
	return s.addCommands(cmds, Refined{FirstStep: p.Current, Steps: covers, Confidence: rr.Confidence,
		NextGoal: rr.NextGoal}, obs)
}

// addCommands replaces the commands from the cursor with the model's; only the batch's
// last command completes its plan steps.
func (s *step) addCommands(cmds []understand.Command, r Refined, obs page.Observation) (State, Output, []Event, error) {
	var failed *FirstFailure // a correction's first command takes over the lesson to learn
	if s.st.Cursor < len(s.st.Commands) {
		failed = s.st.Commands[s.st.Cursor].Failed
	}
	s.st.Commands = s.st.Commands[:s.st.Cursor]
	for k, c := range cmds {
		rk := r
		if k < len(cmds)-1 {
			rk.Steps = 0
		}
		s.st.Commands = append(s.st.Commands, Planned{Command: c, Refined: &rk})
		if k == 0 {
			s.st.Commands[len(s.st.Commands)-1].Failed = failed
		}
	}
	return s.decide(obs)
}

// missingInfo is the dynamic interrupt of docs/decisions.md D-43: the model lacks a value.
// Knowledge is searched for it first; if it has nothing, the person is asked, and the
// answer is merged into the goal before the step is refined again.
func (s *step) missingInfo(what string, obs page.Observation) (State, Output, []Event, error) {
	what = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(what), "MISSING_INFO:"))
	if chunks := s.lookup(EffectKnowledge, obs.URL, what); len(chunks) > 0 && !s.knows(chunks) {
		s.st.Knowledge = append(s.st.Knowledge, chunks...)
		return s.refineNext(obs)
	}
	return s.askModelQuestions([]askReply{{Question: "What is the " + what + "?"}}, obs)
}

func (s *step) knows(chunks []string) bool {
	for _, c := range chunks {
		if !containsFold(s.st.Knowledge, c) {
			return false
		}
	}
	return true
}
