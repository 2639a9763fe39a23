package agent

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
)

// Context sources (context analysis, several at once: docs/decisions.md D-19).
const (
	SourcePage      = "PAGE"
	SourceMemory    = "MEMORY"
	SourceKnowledge = "KNOWLEDGE"
	SourceWebSearch = "WEB_SEARCH"
	SourceAskUser   = "ASK_USER"
)

type contextReply struct {
	Thought     string     `json:"thought" max:"200"`
	Sources     []string   `json:"sources" desc:"any of PAGE, MEMORY, KNOWLEDGE, WEB_SEARCH, ASK_USER"`
	SearchQuery string     `json:"searchQuery"`
	Questions   []askReply `json:"questions" max:"3"`
}

func (r *contextReply) Validate() error {
	if len(r.Sources) == 0 {
		return errors.New("sources: name at least one source")
	}
	for _, src := range r.Sources {
		switch src {
		case SourcePage, SourceMemory, SourceKnowledge, SourceWebSearch, SourceAskUser:
		default:
			return fmt.Errorf("sources: %q is not one of PAGE, MEMORY, KNOWLEDGE, WEB_SEARCH, ASK_USER", src)
		}
	}
	return nil
}

type askReply struct {
	Question string   `json:"question" max:"150"`
	Options  []string `json:"options" max:"5"`
}

type planStepReply struct {
	Description     string        `json:"description" max:"100"`
	ExpectedOutcome string        `json:"expectedOutcome" max:"100"`
	NextGoal        string        `json:"nextGoal" max:"60"`
	Contingencies   []Contingency `json:"contingencies" max:"2"`
}

type planReply struct {
	Thought            string          `json:"thought" max:"200"`
	Steps              []planStepReply `json:"steps" max:"8"`
	Subtasks           []Subtask       `json:"subtasks" max:"4"`
	NeedsClarification []askReply      `json:"needsClarification" max:"3"`
	Score              float64         `json:"score"`
}

func (r *planReply) Validate() error {
	if len(r.Steps) == 0 && len(r.NeedsClarification) == 0 && len(clarify.Detect(r.Thought)) == 0 {
		return errors.New("steps: a plan needs at least one step, or a question in needsClarification")
	}
	if r.Score < 0 || r.Score > 1 {
		return errors.New("score: must be between 0 and 1")
	}
	return nil
}

func (r planReply) view() PlanView {
	v := PlanView{Summary: r.Thought}
	for _, st := range r.Steps {
		v.Steps = append(v.Steps, st.Description)
	}
	return v
}

// reLookup marks goals whose facts are not on the page (the web search cases of
// docs/decisions.md D-19).
var reLookup = regexp.MustCompile(`(?i)\b(search|look up|lookup|find out|google|what is|who is|latest|current price|weather)\b`)

// sourcesByRule answers context analysis without a model when the answer is plain: a goal
// that names no outside facts on a page with elements needs the page (and memory and
// knowledge when there are any). Only the rest costs a call.
func (s *step) sourcesByRule(obs page.Observation) ([]string, bool) {
	if reLookup.MatchString(s.st.Goal) || len(obs.Tree) == 0 {
		return nil, false
	}
	srcs := []string{SourcePage}
	if len(s.st.Clarified) > 0 {
		srcs = append(srcs, SourceMemory)
	}
	if len(s.st.Knowledge) > 0 {
		srcs = append(srcs, SourceKnowledge)
	}
	return srcs, true
}

// planWithModel is docs/decisions.md D-19 to D-21: knowledge first, context analysis,
// planning, then self-refine; the plan's score feeds the decision layer.
func (s *step) planWithModel(obs page.Observation) (State, Output, []Event, error) {
	if s.a.knowledge != nil && s.st.Knowledge == nil && s.st.Hints == nil {
		// Knowledge is always retrieved first (D-19); a failing store only means none.
		s.st.Knowledge = s.lookup(EffectKnowledge, obs.URL, s.st.Goal)
		s.st.Hints = s.lookup(EffectHints, obs.URL, s.st.Goal)
	}
	pc := s.promptCtx()
	sources, known := s.sourcesByRule(obs)
	switch {
	case s.st.Search != nil && s.st.Search.Stage == "done":
		sources, known = []string{SourceWebSearch, SourcePage}, true
	case !known && s.st.Sources != nil:
		// Analysed already: the person answered what the analysis asked, so the answers
		// (MEMORY) stand in for the lookup.
		sources, known = append(s.st.Sources, SourceMemory), true
	}
	if !known {
		cr, err := call[contextReply](s, contextPrompt(pc, obs))
		if err != nil {
			return s.modelFailed(err)
		}
		sources = cr.Sources
		s.st.Sources = cr.Sources
		switch {
		case slices.Contains(sources, SourceAskUser) && len(cr.Questions) > 0:
			return s.askModelQuestions(cr.Questions, obs)
		case slices.Contains(sources, SourceWebSearch) && s.a.searchURL != "" && s.st.Search == nil:
			q := cr.SearchQuery
			if q == "" {
				q = s.st.Goal
			}
			return s.webSearch(q, obs)
		case slices.Contains(sources, SourceWebSearch) && !slices.Contains(sources, SourcePage):
			// Without a search page configured, the person is the better source.
			q := cr.SearchQuery
			if q == "" {
				q = s.st.Goal
			}
			return s.askModelQuestions([]askReply{{Question: "I would have to look this up on the web: " + q +
				". What should I use?"}}, obs)
		}
	}
	pr, err := call[planReply](s, planPrompt(pc, obs))
	if err != nil {
		return s.modelFailed(err)
	}
	if len(pr.NeedsClarification) > 0 {
		return s.askModelQuestions(pr.NeedsClarification, obs)
	}
	if len(pr.Steps) == 0 {
		// A planner that wrote no steps but asked in its own words ("Which card should
		// I use: Visa or Mastercard?") gets its questions put to the person
		// (docs/decisions.md D-17, the question detector).
		if ds := clarify.Detect(pr.Thought); len(ds) > 0 {
			return s.askDetected(ds, obs)
		}
	}
	if pr.Score < refineGoodEnough {
		mc := &modelCritic{s: s, obs: obs, pc: pc, replies: []planReply{pr}}
		best, fb, err := SelfRefine(s.ctx, mc, pr.view(), func(u SelfRefineUpdate) { s.emit(EventSelfRefineUpdate, u) })
		if err != nil && (errors.Is(err, llm.ErrUnavailable) || errors.Is(err, llm.ErrModelMissing) || s.ctx.Err() != nil) {
			return s.modelFailed(err)
		}
		// A critic that fails leaves the plan as the planner wrote it (D-21: it fails
		// open).
		if err == nil {
			pr = mc.reply(best)
			pr.Score = fb.Score
		}
	}
	s.st.Plan = newPlan(pr, sources)
	return s.startPlan(obs, "model")
}

func newPlan(pr planReply, sources []string) *Plan {
	p := &Plan{Score: pr.Score, Sources: sources}
	for _, st := range pr.Steps {
		p.Steps = append(p.Steps, PlanStep{Description: st.Description, ExpectedOutcome: st.ExpectedOutcome,
			NextGoal: st.NextGoal, Contingencies: st.Contingencies})
	}
	if len(pr.Subtasks) > 1 {
		p.Subtasks = pr.Subtasks
	}
	return p
}

// startPlan announces the plan and hands over to decide, which refines its steps.
func (s *step) startPlan(obs page.Observation, route string) (State, Output, []Event, error) {
	p := s.st.Plan
	s.st.Commands, s.st.Cursor = nil, 0
	steps := make([]string, len(p.Steps))
	for i, st := range p.Steps {
		steps[i] = st.Description
	}
	s.planReady(PlanReady{Route: route, Complexity: s.st.Complexity.Level, Steps: steps,
		Score: p.Score, Sources: p.Sources, Subtasks: len(p.Subtasks)}, obs)
	return s.decide(obs)
}

// askModelQuestions puts a model's questions to the person; the answers are merged into
// the goal and planning restarts (docs/decisions.md D-17).
func (s *step) askModelQuestions(qs []askReply, obs page.Observation) (State, Output, []Event, error) {
	var ds []clarify.Detected
	for _, q := range qs {
		if len(ds) == 3 {
			break
		}
		d := clarify.Detected{Question: q.Question}
		for _, o := range q.Options {
			d.Options = append(d.Options, clarify.Choice{Label: o, Value: o})
		}
		ds = append(ds, d)
	}
	return s.askDetected(ds, obs)
}

// askDetected asks the detected questions, keeping the events of this step.
func (s *step) askDetected(ds []clarify.Detected, obs page.Observation) (State, Output, []Event, error) {
	st, out, evs, err := s.a.AskDetected(s.ctx, s.st, ds, obs)
	s.st = st
	s.events = append(s.events, evs...)
	return st, out, s.events, err
}

// modelCritic is the self-refine loop's critic: the fast model scores, the planner
// improves. It remembers every plan it produced so the loop's best view maps back to the
// full plan with its outcomes and contingencies.
type modelCritic struct {
	s       *step
	obs     page.Observation
	pc      promptContext
	replies []planReply
}

func (m *modelCritic) Score(_ context.Context, plan PlanView) (Feedback, error) {
	fb, err := call[Feedback](m.s, criticPrompt(m.pc, plan))
	if err != nil {
		return Feedback{}, err
	}
	return fb, nil
}

func (m *modelCritic) Refine(_ context.Context, plan PlanView, fb Feedback) (PlanView, error) {
	pr, err := call[planReply](m.s, improvePrompt(m.pc, plan, fb, m.obs))
	if err != nil {
		return plan, err
	}
	m.replies = append(m.replies, pr)
	return pr.view(), nil
}

func (m *modelCritic) reply(v PlanView) planReply {
	for i := len(m.replies) - 1; i >= 0; i-- {
		if slices.Equal(m.replies[i].view().Steps, v.Steps) {
			return m.replies[i]
		}
	}
	return m.replies[0]
}

// remainingSteps are the descriptions of the plan's steps from the current one on.
func (p *Plan) remainingSteps() []string {
	var out []string
	for _, st := range p.Steps[min(p.Current, len(p.Steps)):] {
		out = append(out, st.Description)
	}
	return out
}
