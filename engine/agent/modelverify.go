package agent

import (
	"errors"
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
)

type verifyReply struct {
	TaskCompleted bool    `json:"taskCompleted"`
	Confidence    float64 `json:"confidence"`
	Reason        string  `json:"reason"`
}

type replanReply struct {
	Decision string   `json:"decision" enum:"continue,modify,regenerate"`
	Reason   string   `json:"reason"`
	Steps    []string `json:"steps" max:"8"`
}

type correctionReply struct {
	Thought    string        `json:"thought" max:"200"`
	Actions    []actionReply `json:"actions" max:"16"`
	Confidence float64       `json:"confidence"`
}

// Verification and re-planning limits (docs/decisions.md D-27, D-29, D-5).
const (
	goalAchievedAt  = 0.70 // goalAchieved = task_completed && confidence ≥ 0.70
	replanBelow     = 0.70 // DOM similarity under which the plan's health is checked
	stallLimit      = 5    // verified steps without progress before stop-and-reflect
	maxReplans      = 2
	simpleFinalPlan = 3 // plans with at most this many steps are verified at Tier 2
)

// GoalVerified is the goalVerified event: the final check of a model's plan.
type GoalVerified struct {
	Tier          int     `json:"verificationTier"`
	TaskCompleted bool    `json:"taskCompleted"`
	Confidence    float64 `json:"confidence"`
	GoalAchieved  bool    `json:"goalAchieved"`
	Reason        string  `json:"reason"`
}

// Replanned is the replanned event.
type Replanned struct {
	Trigger    string   `json:"trigger"`
	Similarity float64  `json:"similarity,omitempty"`
	Decision   string   `json:"decision"`
	Reason     string   `json:"reason,omitempty"`
	Steps      []string `json:"steps,omitempty"`
}

// SelfCorrection is the selfCorrection event: a failed action and what replaces it.
// Verified is set on the second event, once the replacement verified (the triplet the
// skills memory learns from).
type SelfCorrection struct {
	Goal     string   `json:"goal"`
	URL      string   `json:"url"`
	Failed   string   `json:"failedAction"`
	Cause    string   `json:"cause"`
	Actions  []string `json:"actions"`
	Source   string   `json:"source"` // contingency, model, or handover (the model plans from the failure)
	Verified bool     `json:"verified"`
}

// verifyGoal is the final check of a model's plan: Tier 2 (a short call to the fast
// model) for a simple plan, Tier 3 (the planner with the page) for a complex one or when
// Tier 2 is unsure.
func (s *step) verifyGoal(obs page.Observation) (State, Output, []Event, error) {
	p := s.st.Plan
	pc := s.promptCtx()
	if p.Sub+1 < len(p.Subtasks) {
		pc.Goal = p.Subtasks[p.Sub].Goal // a part of a long errand is checked against its own goal
	}
	tier := 2
	if len(p.Steps) > simpleFinalPlan || len(p.Subtasks) > 0 || p.Replans > 0 {
		tier = 3
	}
	var vr verifyReply
	for {
		var err error
		vr, err = call[verifyReply](s, verifyPrompt(pc, obs, tier == 3))
		if err != nil {
			return s.modelFailed(err)
		}
		if tier == 3 || vr.Confidence >= goalAchievedAt {
			break
		}
		tier = 3
	}
	achieved := vr.TaskCompleted && vr.Confidence >= goalAchievedAt
	s.emit(EventGoalVerified, GoalVerified{Tier: tier, TaskCompleted: vr.TaskCompleted, Confidence: vr.Confidence,
		GoalAchieved: achieved, Reason: vr.Reason})
	switch {
	case achieved && p.Sub+1 < len(p.Subtasks):
		return s.nextSubtask(obs, vr.Reason)
	case achieved:
		return s.complete(obs)
	case p.Replans < maxReplans:
		return s.replan(obs, "regenerate", "the goal is not reached: "+vr.Reason, nil)
	}
	return s.finish(PhaseFailed, "The plan ran but the page does not show the goal reached: "+vr.Reason)
}

// nextSubtask plans the next part of a long errand with a fresh context: its goal and
// the contract's input, not the history of the part before (hierarchical planning).
func (s *step) nextSubtask(obs page.Observation, output string) (State, Output, []Event, error) {
	p := s.st.Plan
	p.Subtasks[p.Sub].Done, p.Subtasks[p.Sub].Output = true, output
	p.Sub++
	sub := p.Subtasks[p.Sub]
	pc := promptContext{Goal: sub.Goal, Answers: s.st.Clarified, Knowledge: s.st.Knowledge, Hints: s.st.Hints}
	if sub.Input != "" || output != "" {
		pc.History = strings.TrimSpace("Input: " + sub.Input + "\nFrom the part before: " + output)
	}
	pr, err := call[planReply](s, planPrompt(pc, obs))
	if err != nil {
		return s.modelFailed(err)
	}
	subs, sub0 := p.Subtasks, p.Sub
	s.st.Plan = newPlan(pr, p.Sources)
	s.st.Plan.Subtasks, s.st.Plan.Sub, s.st.Plan.Replans = subs, sub0, p.Replans
	return s.startPlan(obs, "subtask")
}

// afterModelChain runs after a verified chain of a model's plan: it advances the plan,
// checks the look-ahead goal and the page's change, and counts progress.
func (s *step) afterModelChain(prev Pending, obs page.Observation) (State, Output, []Event, error) {
	p := s.st.Plan
	before := p.Current
	var last Refined
	for _, l := range prev.Chain {
		c := l.Command
		r := s.refined(c)
		if r != nil && r.Steps > 0 && c < s.st.Cursor {
			last = *r
			p.Current = max(p.Current, r.FirstStep+r.Steps)
		}
		if r != nil && r.Correction && c < s.st.Cursor {
			s.emit(EventSelfCorrection, SelfCorrection{Goal: s.st.Goal, URL: prev.BeforeURL, Failed: r.Failed,
				Actions: []string{s.st.Commands[c].Command.Words}, Source: "model", Verified: true})
		}
	}
	for i := before; i < p.Current && i < len(p.Steps); i++ {
		p.Steps[i].Status = "done"
	}
	changed := obs.URL != prev.BeforeURL || obs.DOMHash != prev.BeforeHash
	if p.Current > before || changed {
		p.Stalled = 0
	} else if p.Stalled++; p.Stalled >= stallLimit {
		if p.Reflected {
			return s.finish(PhaseFailed, fmt.Sprintf("Stopped: %d steps in a row changed nothing.", stallLimit))
		}
		p.Reflected = true
		return s.replan(obs, "regenerate", fmt.Sprintf("%d steps in a row changed nothing", stallLimit), nil)
	}
	if last.NextGoal != "" && visible(last.NextGoal, obs) {
		return s.decide(obs) // the look-ahead holds: the page is ready for the next step
	}
	sim := 1.0
	if prev.Before != nil {
		sim = prev.Before.Similarity(obs.Shape())
	}
	urlChanged := obs.URL != prev.BeforeURL
	if last.NextGoal == "" && !urlChanged && sim >= replanBelow {
		return s.decide(obs)
	}
	why := fmt.Sprintf("expected to see %q next, but it is not on the page", last.NextGoal)
	if last.NextGoal == "" {
		why = fmt.Sprintf("the page changed (similarity %.2f)", sim)
	}
	if urlChanged {
		why += "; the address is now " + obs.URL
	}
	if p.Current >= len(p.Steps) && last.NextGoal == "" {
		return s.decide(obs) // the plan is done; the final check judges the page
	}
	return s.healthCheck(obs, why, sim)
}

// visible reports whether a short text is on the page: an element's name, the title or
// a message.
func visible(text string, obs page.Observation) bool {
	t := strings.TrimSpace(text)
	if t == "" {
		return true
	}
	if understand.Similar(t, obs.Title) >= understand.MinMatch || strings.Contains(strings.ToLower(obs.Title), strings.ToLower(t)) {
		return true
	}
	for _, n := range obs.Tree {
		if understand.Similar(t, n.Name) >= understand.MinMatch {
			return true
		}
	}
	for _, m := range obs.Messages {
		if strings.Contains(strings.ToLower(m), strings.ToLower(t)) {
			return true
		}
	}
	return false
}

// healthCheck is dynamic re-planning: the plan validator decides whether the remaining
// steps still fit the page.
func (s *step) healthCheck(obs page.Observation, why string, sim float64) (State, Output, []Event, error) {
	p := s.st.Plan
	if p.Replans >= maxReplans {
		return s.decide(obs) // the next refinement sees the page as it is
	}
	rr, err := call[replanReply](s, replanPrompt(s.promptCtx(), p.remainingSteps(), why, obs))
	if err != nil {
		return s.modelFailed(err)
	}
	s.emit(EventReplanned, Replanned{Trigger: why, Similarity: sim, Decision: rr.Decision, Reason: rr.Reason, Steps: rr.Steps})
	if rr.Decision == "continue" {
		return s.decide(obs)
	}
	return s.replan(obs, rr.Decision, why, rr.Steps)
}

// replan rewrites the plan from the current step: modify keeps the model's new remaining
// steps, regenerate plans again from the page as it is.
func (s *step) replan(obs page.Observation, how, why string, steps []string) (State, Output, []Event, error) {
	p := s.st.Plan
	p.Replans++
	s.setPhase(PhaseReplanning)
	if how == "modify" && len(steps) > 0 {
		kept := p.Steps[:min(p.Current, len(p.Steps))]
		for _, d := range steps {
			kept = append(kept, PlanStep{Description: d})
		}
		p.Steps = kept
		s.st.Commands = s.st.Commands[:s.st.Cursor]
		return s.decide(obs)
	}
	if how != "modify" {
		s.emit(EventReplanned, Replanned{Trigger: why, Decision: "regenerate"})
	}
	pc := s.promptCtx()
	pc.Goal += "\n(The first plan went wrong: " + pageNote(why) + ". Plan from the page as it is now.)"
	pr, err := call[planReply](s, planPrompt(pc, obs))
	if err != nil {
		return s.modelFailed(err)
	}
	if len(pr.NeedsClarification) > 0 {
		return s.askModelQuestions(pr.NeedsClarification, obs)
	}
	replans, reflected := p.Replans, p.Reflected
	s.st.Plan = newPlan(pr, p.Sources)
	s.st.Plan.Replans, s.st.Plan.Reflected = replans, reflected
	// Verified commands stay in the record; the new plan's commands follow them.
	s.st.Commands = s.st.Commands[:s.st.Cursor]
	steps2 := make([]string, len(s.st.Plan.Steps))
	for i, st := range s.st.Plan.Steps {
		steps2[i] = st.Description
	}
	s.planReady(PlanReady{Route: "replan", Complexity: s.st.Complexity.Level, Steps: steps2, Score: pr.Score}, obs)
	return s.decide(obs)
}

// correctModel is self-correction for a model's command (docs/decisions.md D-30): the
// plan's contingencies are checked first (no call); then the planner proposes a fix,
// within the retry limit. ok is false when neither applies and the mid-execution dialog
// should open.
func (s *step) correctModel(cmd int, o page.Outcome, v verdict, obs page.Observation) (State, Output, []Event, error, bool) {
	r := s.refined(cmd)
	if r == nil || s.st.Plan == nil {
		return State{}, Output{}, nil, nil, false
	}
	p := s.st.Plan
	step := ""
	if r.FirstStep < len(p.Steps) {
		step = p.Steps[r.FirstStep].Description
		for _, c := range p.Steps[r.FirstStep].Contingencies {
			if !visible(c.If, obs) {
				continue
			}
			extra := understand.Read(c.Then, obs, s.readOpts())
			if !extra.Understood() {
				continue
			}
			s.emit(EventSelfCorrection, SelfCorrection{Goal: s.st.Goal, URL: obs.URL, Failed: o.Action.String(),
				Cause: v.evidence, Actions: []string{c.Then}, Source: "contingency"})
			p.Steps[r.FirstStep].Contingencies = nil // each contingency runs once
			s.splice(cmd, 0, commandsOf(extra.Commands))
			st, out, evs, err := s.decide(obs)
			return st, out, evs, err, true
		}
	}
	if s.st.Retries >= s.a.limits.MaxRetries {
		return State{}, Output{}, nil, nil, false
	}
	s.st.Retries++
	cr, err := call[correctionReply](s, correctionPrompt(s.promptCtx(), step, o.Action.String(), v.evidence, obs))
	if err != nil {
		if errors.Is(err, llm.ErrMalformed) {
			return State{}, Output{}, nil, nil, false
		}
		st, out, evs, err := s.modelFailed(err)
		return st, out, evs, err, true
	}
	rr := refineReply{Actions: cr.Actions, Confidence: cr.Confidence, NextGoal: r.NextGoal}
	cmds, _, err := s.commandsFrom(rr, obs)
	if err != nil || len(cmds) == 0 {
		return State{}, Output{}, nil, nil, false
	}
	acts := make([]string, len(cmds))
	for i, c := range cmds {
		acts[i] = c.Words
	}
	s.emit(EventSelfCorrection, SelfCorrection{Goal: s.st.Goal, URL: obs.URL, Failed: o.Action.String(),
		Cause: v.evidence, Actions: acts, Source: "model"})
	// The fix takes the failed command's place and completes the plan steps it would have
	// (none, unless it was its batch's last). Later commands of its batch are dropped, so
	// their steps stay open and are refined again once the fix has run.
	s.st.Cursor = cmd
	st, out, evs, err := s.addCommands(cmds, Refined{FirstStep: r.FirstStep, Steps: r.Steps,
		Confidence: cr.Confidence, NextGoal: r.NextGoal, Correction: true, Failed: o.Action.String()}, obs)
	return st, out, evs, err, true
}

// tier3Tokens estimates what a full model verification of this page would have cost: the
// tokens a deterministic Tier 1 check saves (tokensSaved; Tier 1 costs none,
// docs/decisions.md D-27).
func (s *step) tier3Tokens(obs page.Observation) int {
	n := 0
	for _, m := range verifyPrompt(s.promptCtx(), obs, true).Messages {
		n += llm.EstimateTokens(m.Content)
	}
	return n
}
