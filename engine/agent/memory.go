package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
	"github.com/errand-app/errand/knowledge/recorded"
)

// Memory is what Errand learned on its own on the person's machine (docs/memory.md):
// scripts of completed errands, replayed with no model, and lessons from corrections.
// Step reaches it only through effects, like the model.
type Memory interface {
	// FindScript returns the script that replays goal from the page at url, its steps
	// carrying this goal's values; ok is false when none matches.
	FindScript(ctx context.Context, url, goal string) (sc Script, ok bool, err error)
	// RecordScript keeps a completed errand's verified steps, replacing the script of
	// the same instruction from the same page.
	RecordScript(ctx context.Context, s Script) error
	// Learn keeps what a correction taught.
	Learn(ctx context.Context, l Lesson) error
}

// Script is an errand as it replays: the verified steps with the elements they acted on.
type Script struct {
	ID       int64           `json:"id,omitempty"`
	Goal     string          `json:"goal"`
	StartURL string          `json:"startUrl,omitempty"`
	Steps    []recorded.Step `json:"steps"`
}

// Lesson is a correction that led to a verified step: on the page with signature Page,
// Failed did not work for Goal and Worked did.
type Lesson struct {
	URL    string        `json:"url"`
	Goal   string        `json:"goal"`
	Page   string        `json:"page"`
	Failed recorded.Step `json:"failed"`
	Worked recorded.Step `json:"worked"`
}

// Replaying is a task that runs a script instead of a model's plan.
type Replaying struct {
	ID     int64 `json:"id"`
	Healed int   `json:"healed,omitempty"` // steps whose element was found again another way
}

// The memory effects.
const (
	EffectFindScript   EffectKind = "find_script"
	EffectRecordScript EffectKind = "record_script"
	EffectLearn        EffectKind = "learn"
)

// MemoryNote is the memory event: what Errand replayed, healed, kept or learned.
type MemoryNote struct {
	What string `json:"what"` // "replay", "healed", "recorded", "learned"
	Text string `json:"text"`
}

// remembers reports whether this task reads and writes the memory.
func (s *step) remembers() bool { return s.a.memory != nil && !s.st.NoReplay }

// replayScript looks for a script of this goal from this page, for a goal the reader
// could not run alone. A memory that fails means nothing remembered.
func (s *step) replayScript(obs page.Observation) (Script, bool) {
	if !s.remembers() {
		return Script{}, false
	}
	m, goal := s.a.memory, s.st.Goal
	rep := s.effect(Effect{Kind: EffectFindScript, URL: obs.URL, Query: goal, perform: func(ctx context.Context) EffectReply {
		sc, ok, err := m.FindScript(ctx, obs.URL, goal)
		if !ok && err == nil {
			return EffectReply{Kind: EffectFindScript}
		}
		return replyOf(EffectFindScript, sc, nil, err)
	}})
	var sc Script
	if rep.Err != nil || len(rep.Value) == 0 || json.Unmarshal(rep.Value, &sc) != nil || len(sc.Steps) == 0 {
		s.st.Record = true // done with a model or with answers, it is kept for next time
		return Script{}, false
	}
	return sc, true
}

// replay lays a script out as the task's commands. Each is bound on the page it runs on,
// by the element it acted on last time, so the fast path runs and verifies it as it does
// the person's own commands; a replay is announced, and risky steps still confirm.
func (s *step) replay(sc Script, obs page.Observation) (State, Output, []Event, error) {
	s.st.Commands = make([]Planned, 0, len(sc.Steps))
	for _, st := range sc.Steps {
		el := st.Element
		s.st.Commands = append(s.st.Commands, Planned{Command: replayCommand(st), Recorded: &el})
	}
	s.st.Script, s.st.Intent = &Replaying{ID: sc.ID}, 1
	s.st.Complexity = Complexity{levelSimple, fmt.Sprintf("done before on this page: %d steps replayed without a model", len(sc.Steps))}
	text := fmt.Sprintf("I did this errand before (%q); I repeat its %d steps with this errand's values", sc.Goal, len(sc.Steps))
	s.st.Assumed = []string{text} // the reader's assumptions were about words the script now says
	s.emit(EventMemory, MemoryNote{What: "replay", Text: text})
	return s.fastPath(obs)
}

// replayCommand is a remembered step as a command still to bind: the words say what it
// does, verb, phrase and value let the reader find its element again if the remembered
// one is gone.
func replayCommand(st recorded.Step) understand.Command {
	a := st.Action
	a.ID = ""
	c := understand.Command{Action: a, Verb: commandVerb(a.Kind), Phrase: st.Element.Name, Value: a.Text,
		Quoted: a.Text != "", Words: st.String(), Match: 1, Changes: endsChain(a)}
	if !a.Kind.NeedsElement() {
		c.Bound = true
	}
	return c
}

func commandVerb(k page.Kind) string {
	switch k {
	case page.SetValue:
		return "type"
	case page.Select, page.Check, page.Uncheck:
		return string(k)
	}
	return "click"
}

// boundRecorded binds a replayed command to the one element that is what it acted on
// last time: same role and name, narrowed by input type and context when several are.
func boundRecorded(c understand.Command, el recorded.Element, obs page.Observation) (understand.Command, bool) {
	var same []page.Node
	for _, n := range obs.Tree {
		if n.Role == el.Role && strings.EqualFold(strings.TrimSpace(n.Name), strings.TrimSpace(el.Name)) && !n.Has("disabled") {
			same = append(same, n)
		}
	}
	for _, keep := range []func(page.Node) bool{
		func(n page.Node) bool { return n.Type == el.Type },
		func(n page.Node) bool { return n.Ctx == el.Context },
		func(n page.Node) bool { return !n.Occ },
	} {
		if len(same) > 1 {
			same = filter(same, keep)
		}
	}
	if len(same) != 1 {
		return c, false
	}
	n := same[0]
	c.Action.ID, c.Bound, c.Match = n.ID, true, 1
	c.Action.Says(c.Verb, describeAct(c.Action, n))
	return c, true
}

func filter(ns []page.Node, keep func(page.Node) bool) []page.Node {
	var out []page.Node
	for _, n := range ns {
		if keep(n) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return ns // the narrowing fits none: it says nothing
	}
	return out
}

func describeAct(a page.Action, n page.Node) string {
	switch a.Kind {
	case page.SetValue:
		return fmt.Sprintf("%q into %s", a.Text, page.Describe(n))
	case page.Select:
		return fmt.Sprintf("%q in %s", a.Text, page.Describe(n))
	}
	return page.Describe(n)
}

// heal finds a replayed step's element again with one model call when the remembered
// one is gone (a renamed button): the model refines the step as a one-step plan. No
// model, or no answer, and the person is asked as for any element not found.
func (s *step) heal(i int, obs page.Observation) (State, Output, []Event, error) {
	p := s.st.Commands[i]
	if s.a.model == nil {
		return s.notFound(i, obs)
	}
	rr, err := call[refineReply](s, refinePrompt(s.promptCtx(), []string{p.Command.Words}, obs, ""))
	if err != nil || len(rr.Actions) == 0 {
		return s.notFound(i, obs)
	}
	cmds, _, err := s.commandsFrom(rr, obs)
	if err != nil || len(cmds) != 1 || !cmds[0].Action.Kind.NeedsElement() {
		return s.notFound(i, obs)
	}
	n, _ := obs.Node(cmds[0].Action.ID)
	was := p.Recorded.String()
	s.st.Commands[i].Command, s.st.Commands[i].Recorded = cmds[0], nil
	s.st.Commands[i].Refined = &Refined{Confidence: rr.Confidence}
	s.st.Script.Healed++
	s.emit(EventMemory, MemoryNote{What: "healed", Text: fmt.Sprintf("%s is gone; the model found %s instead", was, page.Describe(n))})
	return s.decide(obs)
}

// healedByName notes a replayed step whose remembered element is gone and that the
// reader found again by its words ("Save" is now "Save patient").
func (s *step) healedByName(i int, obs page.Observation) {
	p := &s.st.Commands[i]
	n, ok := obs.Node(p.Command.Action.ID)
	if !ok || s.st.Script == nil {
		return
	}
	s.st.Script.Healed++
	s.emit(EventMemory, MemoryNote{What: "healed", Text: fmt.Sprintf("%s is gone; %s fits its words", p.Recorded, page.Describe(n))})
	p.Recorded = nil
}

// recordScript keeps the errand just completed as a script, when it was one the reader
// could not run alone (or a replay that had to heal a step). A memory that fails loses
// the script, not the errand.
func (s *step) recordScript() {
	if !s.remembers() || !(s.st.Record || s.healed()) {
		return
	}
	var steps []recorded.Step
	for _, d := range s.st.History {
		if !d.Aside && d.Action.Kind != "" {
			a := d.Action
			a.ID = ""
			steps = append(steps, recorded.Step{Action: a, Element: d.Target})
		}
	}
	if len(steps) == 0 {
		return
	}
	sc, m := Script{Goal: s.st.Goal, StartURL: s.st.StartURL, Steps: steps}, s.a.memory
	rep := s.effect(Effect{Kind: EffectRecordScript, Script: &sc, perform: func(ctx context.Context) EffectReply {
		return replyOf(EffectRecordScript, true, nil, m.RecordScript(ctx, sc))
	}})
	if rep.Err == nil {
		s.emit(EventMemory, MemoryNote{What: "recorded", Text: fmt.Sprintf("kept as a script of %d steps to replay without a model", len(steps))})
	}
}

// healed reports a replay that found a step's element another way: by the model, or by
// the person choosing it when asked.
func (s *step) healed() bool {
	if s.st.Script == nil {
		return false
	}
	return s.st.Script.Healed > 0 || slices.ContainsFunc(s.st.Commands, func(p Planned) bool { return p.Recorded != nil && p.Element != "" })
}

// learn keeps a lesson when command cmd, which failed before on this task, has now been
// verified with another action or on another element: a self-correction, a retry after a
// change, or the person's correction (docs/memory.md, "Skills").
func (s *step) learn(cmd int, worked recorded.Step, obs page.Observation) {
	p := &s.st.Commands[cmd]
	f := p.Failed
	if f == nil {
		return
	}
	p.Failed = nil
	if !s.remembers() || sameStep(f.Step, worked) {
		return
	}
	l, m := Lesson{URL: obs.URL, Goal: s.st.Goal, Page: f.Page, Failed: f.Step, Worked: worked}, s.a.memory
	rep := s.effect(Effect{Kind: EffectLearn, Lesson: &l, perform: func(ctx context.Context) EffectReply {
		return replyOf(EffectLearn, true, nil, m.Learn(ctx, l))
	}})
	if rep.Err == nil {
		s.emit(EventMemory, MemoryNote{What: "learned", Text: fmt.Sprintf("%s did not work; %s did", f.Step, worked)})
	}
}

// FirstFailure is a command's failed step with the signature of the page it failed on.
type FirstFailure struct {
	Step recorded.Step `json:"step"`
	Page string        `json:"page"`
}

// noteFailure remembers what failed for command cmd, for the lesson a later success
// teaches; the first failure is the one a lesson is about.
func (s *step) noteFailure(cmd int, l Link, obs page.Observation) {
	if !s.remembers() || s.st.Commands[cmd].Failed != nil {
		return
	}
	a := l.Action
	a.ID = ""
	s.st.Commands[cmd].Failed = &FirstFailure{Step: recorded.Step{Action: a, Element: recorded.ElementOf(l.Target)},
		Page: recorded.PageSignature(obs)}
}

func sameStep(a, b recorded.Step) bool {
	return a.Element == b.Element && a.Action.Kind == b.Action.Kind && a.Action.Text == b.Action.Text
}
