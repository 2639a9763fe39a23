package clarify

import (
	"fmt"
	"strings"
)

// QA is one answered question. Task checkpoints store it (the agent's State.Clarified), so
// its JSON names stay as they are.
type QA struct {
	Aspect   string `json:"aspect,omitempty"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
	TimedOut bool   `json:"timedOut,omitempty"` // the default was taken; the person never chose it
}

// Merge is the resume logic of docs/decisions.md D-17: the original request followed by every
// clarification so far, one line each, so planning restarts with the enhanced context. A
// timed-out answer is marked "(assumed)" so the planner knows the person did not choose it.
func Merge(goal string, answers []QA) string {
	goal = strings.TrimSpace(goal)
	if len(answers) == 0 {
		return goal
	}
	var b strings.Builder
	b.WriteString(goal)
	b.WriteString("\nClarifications:\n")
	for _, a := range answers {
		q := oneLine(a.Question)
		if q == "" {
			q = oneLine(a.Aspect)
		}
		ans := oneLine(a.Answer)
		if ans == "" {
			ans = "(no answer)"
		}
		fmt.Fprintf(&b, "- %s → %s", q, ans)
		if a.TimedOut {
			b.WriteString(" (assumed)")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
