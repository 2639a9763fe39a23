// Package clarify owns asking the person when the agent cannot decide alone: finding the
// questions in a model's reply (docs/decisions.md D-17), ranking their options into
// timeout defaults (D-16), how answers are merged into the request so planning resumes
// (D-17), and the countdown that decides when a default is taken, so every UI times out the same way.
package clarify

import (
	"time"

	"github.com/errand-app/errand/engine/page"
)

// MaxQuestions is how many questions one round may ask (docs/decisions.md D-14).
const MaxQuestions = 3

// Complexity rates how long a person needs to answer a question.
type Complexity string

// The complexities that set a question's timeout (docs/decisions.md D-15).
const (
	Low    Complexity = "low"    // yes/no or a choice of two
	Medium Complexity = "medium" // three or four options
	High   Complexity = "high"   // open-ended, or more than four options
)

// TimeoutFor is how long a question waits before its default is taken: low 8 s, medium
// 15 s, high 25 s. An unknown complexity gets the longest wait, since taking a default too
// early is worse than waiting.
func TimeoutFor(c Complexity) time.Duration {
	switch c {
	case Low:
		return 8 * time.Second
	case Medium:
		return 15 * time.Second
	default:
		return 25 * time.Second
	}
}

// ComplexityFor rates a question by how many options it offers; a question with none asks
// for free text.
func ComplexityFor(options int) Complexity {
	switch {
	case options == 0 || options > 4:
		return High
	case options <= 2:
		return Low
	default:
		return Medium
	}
}

// Choice is one answer a question offers.
type Choice struct {
	Label      string  `json:"label"`
	Value      string  `json:"value"`
	Confidence float64 `json:"confidence,omitempty"`
	Reasoning  string  `json:"reasoning,omitempty"`
}

// Detected is one question with its options, as a ClarificationResult lists it
// (docs/decisions.md D-17).
type Detected struct {
	Question   string     `json:"question"`
	Options    []Choice   `json:"options"`
	Complexity Complexity `json:"complexity"`
	TimeoutMs  int        `json:"timeout_ms"`
}

func newDetected(question string, options []Choice) Detected {
	if options == nil {
		options = []Choice{} // an open question serialises as [], not null
	}
	c := ComplexityFor(len(options))
	return Detected{
		Question:   question,
		Options:    options,
		Complexity: c,
		TimeoutMs:  int(TimeoutFor(c) / time.Millisecond),
	}
}

// Context is what the guesser knows besides the question.
type Context struct {
	Goal         string           // the person's request
	Conversation []string         // earlier messages and answers, oldest first
	Page         page.Observation // the current page
}
