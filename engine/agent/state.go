// Package agent owns the heart of Errand: the resumable step function of docs/decisions.md
// D-1, which takes a task's persisted state and one input and returns the new state, one
// output and the events to show, and the local runner that drives it against a browser,
// persisting after every step. It knows nothing of SQL, Wails or HTTP: it declares the
// small interfaces it needs (Browser, Store, Prompter, Sink) and others implement them.
package agent

import (
	"time"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
	"github.com/errand-app/errand/knowledge/recorded"
)

// Phase is a task's dialogue state (docs/decisions.md D-2).
type Phase string

const (
	PhaseIdle             Phase = "idle"
	PhasePlanning         Phase = "planning"
	PhaseClarifying       Phase = "clarifying"
	PhaseRefining         Phase = "refining"
	PhaseAssumeAnnounce   Phase = "assume_announce"
	PhaseAwaitingApproval Phase = "awaiting_approval"
	PhaseExecuting        Phase = "executing"
	PhaseMidExecDialog    Phase = "mid_exec_dialog"
	PhaseReplanning       Phase = "replanning"
	PhaseCompleted        Phase = "completed"
	PhaseFailed           Phase = "failed"
	PhaseCancelled        Phase = "cancelled"
	PhaseInterrupted      Phase = "interrupted"
)

// Terminal reports whether no further input can move the task.
func (p Phase) Terminal() bool {
	switch p {
	case PhaseCompleted, PhaseFailed, PhaseCancelled:
		return true
	}
	return false
}

// Limits are the guards of docs/decisions.md D-5 and D-14; zero values take the defaults.
type Limits struct {
	MaxSteps        int // 0 = 50
	MaxRounds       int // clarification rounds; 0 = 3
	MaxRetries      int // self-corrections of one command; 0 = 2
	MaxGoalLength   int // 0 = 500 characters
	ShortGoalLength int // under this a goal lowers confidence; 0 = 10
}

func (l Limits) withDefaults() Limits {
	if l.MaxSteps == 0 {
		l.MaxSteps = 50
	}
	if l.MaxRounds == 0 {
		l.MaxRounds = 3
	}
	if l.MaxRetries == 0 {
		l.MaxRetries = 2
	}
	if l.MaxGoalLength == 0 {
		l.MaxGoalLength = 500
	}
	if l.ShortGoalLength == 0 {
		l.ShortGoalLength = 10
	}
	return l
}

// State is everything needed to continue a task after a crash. It is persisted as JSON
// after every step, so every field must survive a round trip.
type State struct {
	// Version is the StateVersion of the build that wrote it (versions.go).
	Version int    `json:"version,omitempty"`
	TaskID  string `json:"taskId"`
	Goal    string `json:"goal"`
	// Started is when the task began (the runner's clock), so a resumed task's duration
	// counts from its start.
	Started time.Time `json:"started,omitempty"`
	// Today is the day the task started (YYYY-MM-DD), for dates written without a year.
	Today      string     `json:"today,omitempty"`
	StartURL   string     `json:"startUrl"`
	Phase      Phase      `json:"phase"`
	Complexity Complexity `json:"complexity"`
	Validation Validation `json:"validation"`
	// Commands are the task's commands in order, each with what was decided about it;
	// Cursor is the first not yet verified.
	Commands []Planned `json:"planned"`
	Cursor   int       `json:"cursor"`
	// PlanBase is the command the last fast-path planReady listed first, so events can
	// point into that list.
	PlanBase int `json:"planBase,omitempty"`
	// Pending is the chain handed to the runner and not yet observed, or, while an
	// announcement or a plan approval is open, the chain that waits for it.
	Pending *Pending `json:"pending,omitempty"`
	// Questions are the open round of questions (at most 3), answered together.
	Questions []Question `json:"questions,omitempty"`
	// Announcement, Approval and MidExec are the open dialog of those phases.
	Announcement *Announcement `json:"announcement,omitempty"`
	Approval     *Approval     `json:"approval,omitempty"`
	MidExec      *MidExec      `json:"midExec,omitempty"`
	// Intent is the reader's intent clarity for the goal (1 when every word was read as
	// part of the page); Grounded says which words were read as what, for assess; Assumed
	// are what the reader took for granted, announced before the first chain runs.
	Intent   float64                `json:"intent,omitempty"`
	Grounded []understand.Grounding `json:"grounded,omitempty"`
	Assumed  []string               `json:"assumed,omitempty"`
	// Rest is what of the goal a model plans once the commands read from it have run.
	Rest string `json:"rest,omitempty"`
	// NoModel is the advice on getting a model, kept when the goal was read without one
	// because none answered; a task that then fails says it (docs/models.md).
	NoModel string `json:"noModel,omitempty"`
	// Script is the remembered errand this task replays; Record is set when the task
	// is one to remember once completed; NoReplay keeps the task away from the memory
	// (memory.go).
	Script   *Replaying `json:"script,omitempty"`
	Record   bool       `json:"record,omitempty"`
	NoReplay bool       `json:"noReplay,omitempty"`
	// HandOver is the failed step a model took over from the fast path (handover.go).
	HandOver *MidExec `json:"handOver,omitempty"`
	// Replay is set while the step waits for an effect's reply (effects.go).
	Replay *Replay `json:"replay,omitempty"`
	// PlanApproved is set once the person approved the plan.
	PlanApproved bool `json:"planApproved,omitempty"`
	// Request is the goal as first typed; Clarified holds the answers merged into Goal
	// (the resume logic of docs/decisions.md D-17).
	Request   string `json:"request,omitempty"`
	Clarified []QA   `json:"clarified,omitempty"`
	// Dialogs counts mid-execution dialogs for the command at Cursor.
	Dialogs  int        `json:"dialogs,omitempty"`
	Requests int        `json:"requests,omitempty"` // approval and dialog requests so far; numbers req- ids
	Rounds   int        `json:"rounds"`
	Retries  int        `json:"retries"`
	Step     int        `json:"step"`
	EventSeq int        `json:"eventSeq"`
	Asked    int        `json:"asked"` // questions asked so far; numbers request ids
	Conf     Confidence `json:"confidence"`
	LastURL  string     `json:"lastUrl"`
	LastHash string     `json:"lastHash"`
	// Errors are the error messages the page showed at the last observation; only new
	// ones fail a step.
	Errors  []string `json:"errors,omitempty"`
	Summary string   `json:"summary,omitempty"`
	// History keeps the verified actions in order (DESIGN's rolling window keeps the last
	// ten raw in prompts; the store keeps all).
	History []Done `json:"history,omitempty"`
	// Plan is the model's plan, when the goal needed one.
	Plan *Plan `json:"plan,omitempty"`
	// Sources are what context analysis chose, so answers to its questions do not make
	// it run again.
	Sources []string `json:"sources,omitempty"`
	// Search is the web search of context analysis, while it runs and after.
	Search *Search `json:"search,omitempty"`
	// Knowledge and Hints are what "Knowledge and memory" returned when planning began,
	// and what a web search found.
	Knowledge []string `json:"knowledge,omitempty"`
	Hints     []string `json:"hints,omitempty"`
	// ModelCalls and Tokens total the task's model usage.
	ModelCalls int `json:"modelCalls,omitempty"`
	Tokens     int `json:"tokens,omitempty"`
}

// Pending is a chain on its way through the browser.
type Pending struct {
	Step int `json:"step"`
	// Chain holds one link per action, in order. A form fill waiting for its values has
	// links with no action yet (the fields, to announce).
	Chain []Link `json:"chain"`
	// Started is set by the runner just before executing, so a resume can tell a chain
	// that never ran from one that may have run partly.
	Started    bool   `json:"started"`
	BeforeURL  string `json:"beforeUrl"`
	BeforeHash string `json:"beforeHash"`
	// Before is the page's shape before a model's chain, for the re-planning check.
	Before *page.Shape `json:"before,omitempty"`
}

// Link is one action of a chain with the command it carries out (-1 for none, as a web
// search's own actions), the element it was bound to (so a failure can look for similar
// elements), and the binding's match and reason for the announcement or question built
// from the chain.
type Link struct {
	Action  page.Action `json:"action"`
	Command int         `json:"command"`
	Target  page.Node   `json:"target,omitempty"`
	Match   float64     `json:"match,omitempty"`
	Reason  string      `json:"reason,omitempty"`
}

// Actions are the chain's actions for the runner.
func (p Pending) Actions() []page.Action {
	var out []page.Action
	for _, l := range p.Chain {
		if l.Action.Kind != "" {
			out = append(out, l.Action)
		}
	}
	return out
}

// Done is one verified action in the task's history.
type Done struct {
	Step     int         `json:"step"`
	Index    int         `json:"index"`
	Action   page.Action `json:"action"`
	Evidence string      `json:"evidence"`
	// Target is the element it acted on, as a replay finds it again; Aside marks a step
	// that was not part of the errand (a dialog closed because it was in the way).
	Target recorded.Element `json:"target,omitzero"`
	Aside  bool             `json:"aside,omitempty"`
}

// InputKind names the inputs of docs/decisions.md D-1 and D-34.
type InputKind string

const (
	InputStart      InputKind = "start"
	InputObserved   InputKind = "observed"
	InputAnswer     InputKind = "answer"
	InputDecision   InputKind = "decision"
	InputCorrection InputKind = "correction"
	InputResume     InputKind = "resume"
	InputEffect     InputKind = "effect"
)

// Decisions a person (or a countdown) can take on a dialog.
const (
	DecisionProceed = "proceed" // an announcement's countdown ran out, or Enter
	DecisionApprove = "approve"
	DecisionCancel  = "cancel"
	DecisionRetry   = "retry"
	DecisionSkip    = "skip"
	DecisionReplan  = "replan"
	DecisionAbort   = "abort"
)

// Input is one thing that happened. Every input carries the page as it is now, so the
// step function never has to ask for it.
type Input struct {
	Kind InputKind `json:"kind"`
	Goal string    `json:"goal,omitempty"`
	// NoReplay, at a start, keeps the task from replaying or recording (errand run
	// --no-replay).
	NoReplay bool `json:"noReplay,omitempty"`
	// Now is the runner's clock at a start, so the step function reads no clock.
	Now         time.Time         `json:"now,omitempty"`
	Observation page.Observation  `json:"observation"`
	Result      *page.ChainResult `json:"result,omitempty"`
	// Answers answer the open round of questions, in order.
	Answers    []Answer    `json:"answers,omitempty"`
	Decision   string      `json:"decision,omitempty"` // one of the Decision constants
	Correction *Correction `json:"correction,omitempty"`
	// Effect is the reply to the effect the last output asked for.
	Effect *EffectReply `json:"effect,omitempty"`
}

// OutputKind names the outputs of docs/decisions.md D-1.
type OutputKind string

const (
	OutputAct           OutputKind = "act"
	OutputAsk           OutputKind = "ask"
	OutputAnnounce      OutputKind = "announce"
	OutputAwaitApproval OutputKind = "await_approval"
	OutputMidExecDialog OutputKind = "mid_exec_dialog"
	OutputDone          OutputKind = "done"
	// OutputEffect asks for a model call or a knowledge lookup; its reply comes back as
	// an InputEffect (effects.go).
	OutputEffect OutputKind = "effect"
)

// Output is what the caller must do next.
type Output struct {
	Kind         OutputKind    `json:"kind"`
	Actions      []page.Action `json:"actions,omitempty"`
	Questions    []Question    `json:"questions,omitempty"`
	Announcement *Announcement `json:"announcement,omitempty"`
	Approval     *Approval     `json:"approval,omitempty"`
	MidExec      *MidExec      `json:"midExec,omitempty"`
	Status       Phase         `json:"status,omitempty"`
	Summary      string        `json:"summary,omitempty"`
	Effect       *Effect       `json:"effect,omitempty"`
}

// QuestionType is one of the three kinds of question (docs/decisions.md D-13).
type QuestionType string

const (
	OptionSelect QuestionType = "option_select"
	Freeform     QuestionType = "freeform"
	Confirm      QuestionType = "confirm"
)

// Question asks the person to choose. Options come first; Other is always allowed unless
// the question is a confirm.
type Question struct {
	ID            string       `json:"id"`
	Type          QuestionType `json:"questionType"`
	Text          string       `json:"question"`
	Options       []Option     `json:"options,omitempty"`
	AllowFreeform bool         `json:"allowFreeform"`
	// Default is the option id taken on timeout; a confirm for a risky action defaults to
	// the option that does nothing.
	Default string `json:"default,omitempty"`
	Command int    `json:"command"`
	// Binds says what an answer changes: the command's element, its value, or approval.
	Binds     string `json:"binds"`
	Reason    string `json:"reason,omitempty"`
	Risky     bool   `json:"risky,omitempty"`
	TimeoutMs int    `json:"timeoutMs,omitempty"`
	// Round is the clarification round (1–3); Index of Of places the question in it, so a
	// UI shows one at a time with progress.
	Round int `json:"round,omitempty"`
	Index int `json:"index,omitempty"`
	Of    int `json:"of,omitempty"`
}

// Option is one choice. Value is what choosing it binds (an element id, "yes", "no").
type Option struct {
	ID         string  `json:"id"`
	Text       string  `json:"text"`
	Value      string  `json:"value"`
	Confidence float64 `json:"confidence,omitempty"`
	Reasoning  string  `json:"reasoning,omitempty"`
}

// Answer is the person's reply: an option id, or free text, or both.
type Answer struct {
	QuestionID       string `json:"questionId,omitempty"`
	SelectedOptionID string `json:"selectedOptionId,omitempty"`
	Text             string `json:"answer,omitempty"`
	TimedOut         bool   `json:"timed_out,omitempty"`
}

// Result is how a run ended, for callers that do not read events.
type Result struct {
	TaskID     string        `json:"taskId"`
	Status     Phase         `json:"status"`
	Summary    string        `json:"summary"`
	Steps      int           `json:"steps"`
	ModelCalls int           `json:"modelCalls"`
	Tokens     int           `json:"tokens"`
	Duration   time.Duration `json:"-"`
	// Dialog is the open dialog of a run that stopped for want of an answer.
	Dialog *Output `json:"dialog,omitempty"`
	// Invalid is set when the goal failed pre-validation (exit code 2 in the CLI).
	Invalid bool `json:"invalid,omitempty"`
}
