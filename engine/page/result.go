package page

import (
	"errors"
	"fmt"
)

// ErrorKind tells the loop what a failed action calls for: retry, correct, ask or stop.
type ErrorKind string

const (
	ErrNotFound ErrorKind = "not_found" // no element with that id, or it left the page
	ErrDisabled ErrorKind = "disabled"  // the element is disabled or read-only
	ErrCovered  ErrorKind = "covered"   // another element (a modal) receives the click
	ErrTimeout  ErrorKind = "timeout"   // the page did not answer in time
	ErrInvalid  ErrorKind = "invalid"   // the action does not fit the element (select on a button, unknown option)
	ErrBlocked  ErrorKind = "blocked"   // refused by a safety rule (domain not allowed)
	ErrClosed   ErrorKind = "closed"    // the browser or tab is gone
)

// ActionError is a failed action with its kind; it survives JSON so a persisted task keeps it.
// Index is the action's position in its chain, or -1 when the whole tab failed (closed).
type ActionError struct {
	Kind    ErrorKind `json:"kind"`
	Index   int       `json:"index"`
	Message string    `json:"message"`
}

func (e *ActionError) Error() string {
	return fmt.Sprintf("action %d: %s: %s", e.Index, e.Kind, e.Message)
}

// KindOf returns the kind of an *ActionError in err's chain, or "" for other errors.
func KindOf(err error) ErrorKind {
	var ae *ActionError
	if errors.As(err, &ae) {
		return ae.Kind
	}
	return ""
}

// Outcome is what the runner saw of one executed action: the target's state afterwards
// (nil when it is gone) and whether the page moved. Tier-1 verification reads it.
type Outcome struct {
	Index      int          `json:"index"` // position in the chain
	Action     Action       `json:"action"`
	Err        *ActionError `json:"error,omitempty"`
	URLBefore  string       `json:"urlBefore"`
	URLAfter   string       `json:"urlAfter"`
	Target     *Node        `json:"target,omitempty"`
	Extracted  string       `json:"extracted,omitempty"`
	DurationMs int64        `json:"durationMs"`
	Observations
}

// Observations are what the runner saw around an action (docs/decisions.md D-26).
type Observations struct {
	DidNetworkOccur bool `json:"didNetworkOccur"`
	DidDomMutate    bool `json:"didDomMutate"`
	DidURLChange    bool `json:"didUrlChange"`
}

// ChainResult is the outcome of executing a chain: every action attempted, in order. The
// chain stops at the first failure unless that action may fail (CanFail).
type ChainResult struct {
	Outcomes []Outcome `json:"outcomes"`
	// FailedIndex is the chain index of the first failure that stopped the chain, or -1.
	FailedIndex int `json:"failedIndex"`
	Observations
}

// Executed counts the actions that ran without error.
func (r ChainResult) Executed() int {
	n := 0
	for _, o := range r.Outcomes {
		if o.Err == nil {
			n++
		}
	}
	return n
}
