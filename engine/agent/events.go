package agent

import (
	"encoding/json"
	"fmt"
)

// EventType is one of the events of docs/decisions.md D-33: the dialogue's messages and
// the run's events.
type EventType string

const (
	EventStateChanged       EventType = "stateChanged"
	EventConfidenceReport   EventType = "confidenceReport"
	EventClarifyWithOptions EventType = "clarifyWithOptions"
	EventAssumeAnnounce     EventType = "assumeAnnounce"
	EventMidExecDialog      EventType = "midExecDialog"
	EventSelfRefineUpdate   EventType = "selfRefineUpdate"
	EventPlanReady          EventType = "planReady"
	EventStepStarted        EventType = "stepStarted"
	EventStepVerified       EventType = "stepVerified"
	EventUsage              EventType = "usage"
	EventTaskFinished       EventType = "taskFinished"
	// EventValidation carries pre-validation's result; EventApprovalRequest a plan that
	// waits for Execute/Cancel; EventQuestionTimer a question's countdown (paused,
	// resumed, flash, expired) as the engine's timer runs it.
	EventValidation      EventType = "validation"
	EventApprovalRequest EventType = "approvalRequest"
	EventQuestionTimer   EventType = "questionTimer"
	// EventGoalVerified is a model plan's final check; EventReplanned a plan health
	// check or a regenerated plan; EventSelfCorrection a failed action and its fix.
	EventGoalVerified   EventType = "goalVerified"
	EventReplanned      EventType = "replanned"
	EventSelfCorrection EventType = "selfCorrection"
	// EventModelProgress is a running model call as it streams (llm.CallProgress).
	EventModelProgress EventType = "modelProgress"
	// EventMemory is the memory at work: a replay, a healed step, a script kept, a
	// lesson learned (memory.go).
	EventMemory EventType = "memory"
)

// Event is one thing the UI, the CLI's NDJSON and the server's SSE show. It marshals flat:
// {"type": …, "taskId": …, "seq": …, <payload fields>}, as docs/decisions.md D-33 says.
type Event struct {
	Type    EventType
	TaskID  string
	Seq     int
	Payload any
}

// MarshalJSON merges the envelope with the payload's fields.
func (e Event) MarshalJSON() ([]byte, error) {
	body := []byte("{}")
	if e.Payload != nil {
		b, err := json.Marshal(e.Payload)
		if err != nil {
			return nil, fmt.Errorf("marshal %s event: %w", e.Type, err)
		}
		body = b
	}
	head, err := json.Marshal(struct {
		Type   EventType `json:"type"`
		TaskID string    `json:"taskId,omitempty"`
		Seq    int       `json:"seq"`
	}{e.Type, e.TaskID, e.Seq})
	if err != nil {
		return nil, err
	}
	if len(body) <= 2 {
		return head, nil
	}
	return append(append(head[:len(head)-1], ','), body[1:]...), nil
}

// Sink receives events as they happen.
type Sink interface{ Emit(Event) }

// SinkFunc adapts a func to a Sink.
type SinkFunc func(Event)

// Emit calls f.
func (f SinkFunc) Emit(e Event) { f(e) }

// Payloads. Field names follow seeds 000 and 002.

type StateChanged struct {
	From Phase `json:"from"`
	To   Phase `json:"to"`
}

type PlanReady struct {
	Route      string   `json:"route"` // "fast_path", "model" or "replan"
	Complexity string   `json:"complexity"`
	Steps      []string `json:"steps"`
	// Score, Sources and Subtasks describe a model's plan: its self-refined score, the
	// context sources it drew on and how many subtasks it was split into.
	Score    float64  `json:"score,omitempty"`
	Sources  []string `json:"sources,omitempty"`
	Subtasks int      `json:"subtasks,omitempty"`
	// URL and Title are the page the plan was made on.
	URL   string `json:"url,omitempty"`
	Title string `json:"title,omitempty"`
}

type StepStarted struct {
	Step         int      `json:"step"`
	Actions      []string `json:"actions"`
	Descriptions []string `json:"descriptions"`
	Chained      bool     `json:"chained"`
	// PlanStep is the index in the last planReady's steps where this step starts, and
	// PlanSteps how many of them it carries out.
	PlanStep  int `json:"planStep"`
	PlanSteps int `json:"planSteps"`
	// ChainMetadata (docs/decisions.md D-25): how many actions, and that the chain passed
	// the four safety criteria (it is only ever built when they hold).
	ChainMetadata *ChainMetadata `json:"chainMetadata,omitempty"`
}

// ChainMetadata describes a chain of more than one action.
type ChainMetadata struct {
	TotalActions      int  `json:"totalActions"`
	EstimatedDuration int  `json:"estimatedDuration"` // ms
	SafeToChain       bool `json:"safeToChain"`
}

type StepVerified struct {
	Step        int    `json:"step"`
	Index       int    `json:"index"`
	Action      string `json:"action"`
	Description string `json:"description,omitempty"`
	PlanStep    int    `json:"planStep"` // index in the last planReady's steps
	Verified    bool   `json:"verified"`
	Tier        int    `json:"verificationTier"`
	Evidence    string `json:"evidence"`
	// TokensSaved estimates the tokens a Tier 3 model check would have cost, on steps of a
	// model's plan verified deterministically.
	TokensSaved int    `json:"tokensSaved,omitempty"`
	Error       string `json:"error,omitempty"`
	// URL and Title are the page after the action.
	URL   string `json:"url,omitempty"`
	Title string `json:"title,omitempty"`
}

type ClarifyWithOptions struct {
	Question
}

type TaskFinished struct {
	Status     Phase  `json:"status"`
	Summary    string `json:"summary"`
	Steps      int    `json:"steps"`
	ModelCalls int    `json:"modelCalls"`
	Tokens     int    `json:"tokens"`
	DurationMs int64  `json:"durationMs"`
}

// QuestionTimer is a question's countdown as the engine's timer runs it: paused (typing),
// resumed (5 s idle), flash (the default is about to be submitted; OptionID is it) and
// expired.
type QuestionTimer struct {
	QuestionID  string `json:"questionId"`
	Kind        string `json:"kind"`
	RemainingMs int64  `json:"remainingMs"`
	OptionID    string `json:"optionId,omitempty"`
}
