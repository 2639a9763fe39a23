package agent

import "fmt"

// StateVersion is the shape of State this build writes. Checkpoints carry it so a task
// saved by another build is never read as if it were this one's (docs/architecture.md,
// "Checkpoints").
//
//	0 or 1: before versions; commands were rules.Command with per-index maps beside them.
//	2: one Planned record per command, chain links, effect replays.
const StateVersion = 2

// NewerStateError is a task saved by a newer build of Errand than this one.
type NewerStateError struct{ Version int }

func (e *NewerStateError) Error() string {
	return fmt.Sprintf("this task was saved by a newer version of Errand (state version %d; this one reads up to %d); "+
		"it is kept as it is: continue it with that version", e.Version, StateVersion)
}

// outdated reports a task this build cannot continue as saved: one from an older build
// that is still under way.
func outdated(st State) bool {
	return st.Version < StateVersion && st.Phase != "" && st.Phase != PhaseIdle && !st.Phase.Terminal()
}

// migrate continues a task saved by an older build. One that has acted on nothing yet
// is read again from its goal on the page as it is now: its questions and announcements
// come again, as they would after any resume. One that acted already ends, saying so,
// because its plan cannot be trusted to know what already ran (a second Save).
func (s *step) migrate(in Input) (State, Output, []Event, error) {
	old := s.st
	if len(old.History) > 0 || old.Step > 0 {
		return s.finish(PhaseFailed, fmt.Sprintf("This task was saved by an older version of Errand (state version %d; this one reads %d) "+
			"after it had acted, so it cannot go on where it stopped. Nothing more was done. To finish it, run the goal again: %q",
			old.Version, StateVersion, old.Goal))
	}
	fresh := State{TaskID: old.TaskID, EventSeq: old.EventSeq, Requests: old.Requests, Asked: old.Asked,
		ModelCalls: old.ModelCalls, Tokens: old.Tokens, Clarified: old.Clarified}
	s.st = fresh
	return s.start(Input{Kind: InputStart, Goal: old.Goal, Now: in.Now, Observation: in.Observation})
}
