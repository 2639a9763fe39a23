package clarify

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Ambiguity is one unclear aspect of a request, as the planner reports it (docs/decisions.md
// D-17).
type Ambiguity struct {
	Aspect                string   `json:"aspect"`
	Description           string   `json:"description"`
	ClarificationQuestion string   `json:"clarification_question"`
	PossibleOptions       []string `json:"possible_options"`
}

// NeedsClarification is the planner's clarification request (docs/decisions.md D-17): the
// planner's reply when it cannot plan without asking.
type NeedsClarification struct {
	NeedsClarification bool        `json:"needs_clarification"`
	AmbiguityDetails   []Ambiguity `json:"ambiguity_details"`
}

// errUnterminated reports a clarification object whose braces never close.
var errUnterminated = errors.New("unterminated json object")

// ParseNeedsClarification reads a planner reply. ok is true only when the reply carries
// the clarification structure (docs/decisions.md D-17) with needs_clarification true and at
// least one question; a reply without it (a plan) is not an error. Code fences and text around the object are
// tolerated; a clarification object that does not parse is an error.
func ParseNeedsClarification(reply string) (n NeedsClarification, ok bool, err error) {
	const key = `"needs_clarification"`
	if !strings.Contains(reply, key) {
		return NeedsClarification{}, false, nil
	}
	obj, err := objectWith(reply, key)
	if err != nil {
		return NeedsClarification{}, false, fmt.Errorf("parse needs_clarification: %w", err)
	}
	if err := json.Unmarshal([]byte(obj), &n); err != nil {
		return NeedsClarification{}, false, fmt.Errorf("parse needs_clarification: %w", err)
	}
	return n, n.NeedsClarification && len(n.questions()) > 0, nil
}

// objectWith returns the innermost JSON object around an occurrence of key, so fences,
// prose and a wrapping object around the planner's answer do not matter. It walks outwards
// from the key one "{" at a time; an object that never closes ends the walk, since every
// object opened before it would have to close past it too.
func objectWith(s, key string) (string, error) {
	// A real reply names the key once or twice and nests it a level or two deep; the caps
	// keep a pathological reply from costing a scan per brace.
	const maxKeys, maxNesting = 8, 64
	errOut := errors.New("no json object holds the key")
	from := 0
	for range maxKeys {
		i := strings.Index(s[from:], key)
		if i < 0 {
			break
		}
		k := from + i
		from = k + len(key)
		p := k
		for range maxNesting {
			if p = strings.LastIndexByte(s[:p], '{'); p < 0 {
				break
			}
			end, closed := objectEnd(s, p)
			if !closed {
				errOut = errUnterminated
				break
			}
			if end > k {
				return s[p:end], nil
			}
		}
	}
	return "", errOut
}

// objectEnd returns the index just past the object opening at s[start], skipping braces
// inside strings.
func objectEnd(s string, start int) (int, bool) {
	depth, inStr, esc := 0, false, false
	for i := start; i < len(s); i++ {
		c := s[i]
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return 0, false
}

func (n NeedsClarification) questions() []Ambiguity {
	var out []Ambiguity
	for _, a := range n.AmbiguityDetails {
		if strings.TrimSpace(a.ClarificationQuestion) != "" {
			out = append(out, a)
		}
	}
	return out
}

// Questions turns the details into at most MaxQuestions questions. Options keep the
// planner's value and get a label a person reads ("all_documents" → "All documents"); a
// detail without options is asked as yes/no when phrased so, otherwise as an open question.
func (n NeedsClarification) Questions() []Detected {
	var out []Detected
	for _, a := range n.questions() {
		if len(out) == MaxQuestions {
			break
		}
		q := strings.TrimSpace(a.ClarificationQuestion)
		var opts []Choice
		seen := map[string]bool{}
		for _, v := range a.PossibleOptions {
			v = strings.TrimSpace(v)
			if v == "" || seen[v] {
				continue
			}
			seen[v] = true
			opts = append(opts, Choice{Label: humanise(v), Value: v})
		}
		if len(opts) == 0 && asksYesNo(q, mask(q)) {
			opts = yesNo()
		}
		out = append(out, newDetected(q, opts))
	}
	return out
}

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
