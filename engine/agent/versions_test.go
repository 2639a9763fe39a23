package agent

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// oldCheckpoint is the state an older build (before versions) saved for "Type 'Jas' into
// the nam box and click Sav" while it announced its assumptions: written by that build,
// not by hand (testdata/checkpoint-v1-announce.json).
func oldCheckpoint(t *testing.T) State {
	t.Helper()
	raw, err := os.ReadFile("testdata/checkpoint-v1-announce.json")
	if err != nil {
		t.Fatal(err)
	}
	var st State
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatalf("an old checkpoint no longer decodes: %v", err)
	}
	return st
}

func TestOldCheckpoints(t *testing.T) {
	t.Run("nothing ran yet: read again from the goal", func(t *testing.T) {
		old := oldCheckpoint(t)
		if old.Version != 0 || old.Phase != PhaseAssumeAnnounce {
			t.Fatalf("fixture: version %d phase %s", old.Version, old.Phase)
		}
		st, out, ev := stepT(t, New(Config{}), old, Input{Kind: InputResume, Observation: formPage})
		if st.Version != StateVersion || st.Goal != old.Goal || len(st.Commands) == 0 || st.EventSeq <= old.EventSeq {
			t.Fatalf("resumed state: version %d goal %q %d commands seq %d", st.Version, st.Goal, len(st.Commands), st.EventSeq)
		}
		if out.Kind == OutputAct || out.Kind == OutputDone {
			t.Fatalf("out = %s %s: an old task must ask or announce again before it acts", out.Kind, out.Summary)
		}
		if got := types(ev); len(got) == 0 || !strings.HasPrefix(got[0], string(EventStateChanged)) {
			t.Errorf("events %v", got)
		}
	})
	t.Run("it had acted: ends saying why", func(t *testing.T) {
		old := oldCheckpoint(t)
		old.Step, old.History = 1, []Done{{Step: 1, Evidence: "Name shows Jas"}}
		st, out, _ := stepT(t, New(Config{}), old, Input{Kind: InputResume, Observation: formPage})
		if out.Kind != OutputDone || st.Phase != PhaseFailed || !strings.Contains(out.Summary, "older version of Errand") ||
			!strings.Contains(out.Summary, old.Goal) {
			t.Fatalf("out = %s %q", out.Kind, out.Summary)
		}
	})
	t.Run("a newer version's task is refused and left as it is", func(t *testing.T) {
		newer := oldCheckpoint(t)
		newer.Version = StateVersion + 1
		st, _, ev, err := New(Config{}).Step(context.Background(), newer, Input{Kind: InputResume, Observation: formPage})
		var ne *NewerStateError
		if !errors.As(err, &ne) || !strings.Contains(err.Error(), "newer version of Errand") || len(ev) != 0 ||
			st.Version != newer.Version || st.Phase != newer.Phase || st.Goal != newer.Goal {
			t.Fatalf("err %v, %d events, state %d %s: want a clear refusal and the state untouched", err, len(ev), st.Version, st.Phase)
		}
	})
	t.Run("a finished old task stays as it was", func(t *testing.T) {
		old := oldCheckpoint(t)
		old.Phase, old.Summary = PhaseCompleted, "Done"
		st, out, ev := stepT(t, New(Config{}), old, Input{Kind: InputResume, Observation: formPage})
		if out.Kind != OutputDone || st.Summary != "Done" || len(ev) != 0 {
			t.Errorf("out %s %q, %d events", out.Kind, st.Summary, len(ev))
		}
	})
}
