package agent

import (
	"reflect"
	"testing"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
)

// modelRig drives one task through Step with scripted model replies: it performs the
// effects Step asks for as the runner does, from the script, in-process.
type modelRig struct {
	t      *testing.T
	script *scripted
	ag     *Agent
	st     State
	ev     []Event          // every event so far, in order
	obs    page.Observation // the page of the last input
}

func newModelRig(t *testing.T, lim Limits) *modelRig {
	t.Helper()
	// The agent needs a model to take its model paths; Step must never call it.
	return &modelRig{t: t, script: newScripted(t), ag: New(Config{Model: untouchable{t}, Limits: lim}),
		st: State{TaskID: "task-1", Phase: PhaseIdle}}
}

// newKnowingRig is a rig whose agent has a knowledge base too, answered by the script.
func newKnowingRig(t *testing.T, lim Limits) *modelRig {
	t.Helper()
	r := newModelRig(t, lim)
	r.ag = New(Config{Model: untouchable{t}, Knowledge: untouchable{t}, Limits: lim})
	return r
}

// step hands in to the agent and, as the runner does, answers the effects it asks for
// until it decides; the events are those of the whole input.
func (r *modelRig) step(in Input) (Output, []Event) {
	r.t.Helper()
	st, out, ev := stepT(r.t, r.ag, r.st, in)
	r.st, r.obs = st, in.Observation
	for out.Kind == OutputEffect {
		reply := r.script.answer(out.Effect)
		var more []Event
		r.st, out, more = stepT(r.t, r.ag, r.st, Input{Kind: InputEffect, Effect: &reply})
		ev = append(ev, more...)
	}
	r.ev = append(r.ev, ev...)
	return out, ev
}

func (r *modelRig) start(goal string, obs page.Observation) (Output, []Event) {
	r.t.Helper()
	return r.step(Input{Kind: InputStart, Goal: goal, Observation: obs})
}

// ran reports the chain of out as run, every action succeeding, with after as the page.
// A field that left the page (the form was saved) was read by the runner right after
// typing, so it holds what was typed.
func (r *modelRig) ran(out Output, after page.Observation, o page.Observations) (Output, []Event) {
	r.t.Helper()
	if out.Kind != OutputAct {
		r.t.Fatalf("out = %s (%s), want act", out.Kind, out.Summary)
	}
	res := outcomes(out.Actions, after, o)
	for i, a := range out.Actions {
		if n, ok := r.obs.Node(a.ID); ok && res.Outcomes[i].Target == nil && a.Kind == page.SetValue {
			n.Value = a.Text
			res.Outcomes[i].Target = &n
		}
	}
	return r.step(Input{Kind: InputObserved, Observation: after, Result: res})
}

// users returns the user message of every request for purpose, in order.
func (r *modelRig) users(p llm.Purpose) []string {
	var out []string
	for _, a := range r.script.asked {
		if a.Purpose == p {
			out = append(out, a.User())
		}
	}
	return out
}

// calls counts the requests per purpose, for comparison with a want map.
func (r *modelRig) calls(ps ...llm.Purpose) map[llm.Purpose]int {
	out := map[llm.Purpose]int{}
	for _, p := range ps {
		if n := r.script.CallsFor(p); n > 0 {
			out[p] = n
		}
	}
	return out
}

var allPurposes = []llm.Purpose{llm.PurposeContextAnalysis, llm.PurposePlanning, llm.PurposeRefinement,
	llm.PurposeVerification, llm.PurposeSelfCorrection, llm.PurposeCritic, llm.PurposeReplanning}

func (r *modelRig) wantCalls(want map[llm.Purpose]int) {
	r.t.Helper()
	if got := r.calls(allPurposes...); !reflect.DeepEqual(got, want) {
		r.t.Errorf("model calls = %v, want %v", got, want)
	}
}

// payloads returns the payloads of the events of one type.
func payloads[T any](ev []Event, typ EventType) []T {
	var out []T
	for _, e := range ev {
		if p, ok := e.Payload.(T); ok && e.Type == typ {
			out = append(out, p)
		}
	}
	return out
}
