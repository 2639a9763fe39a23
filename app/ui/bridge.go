// Package ui owns what the person's screen can do, the same in the Wails window and in
// the browser `errand serve` feeds: the Bridge's verbs (run, answer, decide, settings,
// history), one task at a time, the dialogs a run waits on with their countdowns, and the
// events the screen draws. It is plain Go with its effects injected: app/desktop binds the
// Bridge into the window and app/server maps it to HTTP and server-sent events.
package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/store"
)

// EventName is the one window event that carries everything the engine reports, one
// agent.Event (flat JSON with a "type") per emit, plus the Bridge's own runEnded.
const EventName = "errand:event"

// EventRunEnded is the Bridge's own event type: the run's goroutine has returned, for
// whatever reason. The engine's taskFinished does not cover a cancelled run or one that
// never started (no browser), and the window must know when it may start another.
const EventRunEnded agent.EventType = "runEnded"

// RunEnded is the payload of a runEnded event.
type RunEnded struct {
	Type      agent.EventType `json:"type"` // always "runEnded"
	RunID     string          `json:"runId"`
	TaskID    string          `json:"taskId,omitempty"`
	Status    string          `json:"status,omitempty"` // the task's phase when the run returned
	Summary   string          `json:"summary,omitempty"`
	Error     string          `json:"error,omitempty"`
	Cancelled bool            `json:"cancelled,omitempty"` // the person pressed Stop, or the app is closing
}

// TaskRow is one line of the History panel.
type TaskRow struct {
	ID         string    `json:"id"`
	Goal       string    `json:"goal"`
	Status     string    `json:"status"`
	StartURL   string    `json:"startUrl,omitempty"`
	Summary    string    `json:"summary,omitempty"`
	Steps      int       `json:"steps"`
	ModelCalls int       `json:"modelCalls"`
	Tokens     int       `json:"tokens"`
	DurationMs int64     `json:"durationMs"`
	CreatedAt  time.Time `json:"createdAt"`
	Resumable  bool      `json:"resumable"`
}

// historyLimit is how many past tasks the History panel shows.
const historyLimit = 50

// Errors the window shows as they are.
var (
	ErrBusy   = errors.New("a task is already running")
	ErrClosed = errors.New("the app is closing")
	ErrNoTask = errors.New("no such task")
	// ErrNotFound is a forget of something not stored (any more).
	ErrNotFound = errors.New("nothing to forget")
)

// Service is what the screen needs of app.Service.
type Service interface {
	Run(ctx context.Context, req app.TaskRequest) (agent.Result, error)
	Resume(ctx context.Context, id string, req app.TaskRequest) (agent.Result, error)
	Tasks(ctx context.Context, limit int) ([]store.Task, error)
	Trace(ctx context.Context, id string) (app.Trace, error)
	Settings() app.Settings
	SaveSettings(ctx context.Context, s app.Settings) (app.Settings, error)
	ModelStatus(ctx context.Context) llm.Status
	PullModel(ctx context.Context, name string, progress func(llm.Progress)) error
	Knowledge(ctx context.Context) (*knowledge.Base, error)
	Memory(ctx context.Context) (*app.Memory, error)
	Ingest(ctx context.Context, sources []string, opts knowledge.IngestOptions, progress knowledge.ProgressFunc) (knowledge.Progress, error)
	IngestLive(ctx context.Context, kb *knowledge.Base, req app.LiveIngest, progress knowledge.ProgressFunc) (knowledge.Progress, error)
}

var _ Service = (*app.Service)(nil)

// Options are the Bridge's effects besides the Service.
type Options struct {
	// Emit sends one event to the screen under the event name (EventName).
	Emit    func(name string, data any)
	Version string
	Clock   clock.Clock // countdowns; nil = the wall clock
	// Interactive runs once, when the screen first asks for the version: its UI has
	// mounted and reached Go (the window's cold start ends there).
	Interactive func()
}

// deps are the Bridge's effects, as functions so a test replaces one at a time.
type deps struct {
	run      func(ctx context.Context, req app.TaskRequest) (agent.Result, error)
	resume   func(ctx context.Context, id string, req app.TaskRequest) (agent.Result, error)
	tasks    func(ctx context.Context, limit int) ([]store.Task, error)
	trace    func(ctx context.Context, id string) (app.Trace, error)
	settings func() app.Settings
	save     func(ctx context.Context, s app.Settings) (app.Settings, error)
	status   func(ctx context.Context) llm.Status
	pull     func(ctx context.Context, name string, progress func(llm.Progress)) error
	// knowledge and memory are the stores the Knowledge and Skills screens show; ingest
	// adds sources to the first.
	knowledge func(ctx context.Context) (*knowledge.Base, error)
	memory    func(ctx context.Context) (*app.Memory, error)
	ingest    func(ctx context.Context, sources []string, opts knowledge.IngestOptions, progress knowledge.ProgressFunc) (knowledge.Progress, error)
	// ingestLive reads web pages in the browser into a knowledge base.
	ingestLive func(ctx context.Context, kb *knowledge.Base, req app.LiveIngest, progress knowledge.ProgressFunc) (knowledge.Progress, error)
	home       func() (string, error) // the person's home folder, for ~/ in a source
	emit       func(name string, data any)
	version    string
	clk        clock.Clock // countdowns; nil = the wall clock
	ready      func()      // Options.Interactive
}

// Bridge is bound to the window's JavaScript as window.go.ui.Bridge: every exported
// method is callable from the UI, so only the UI's verbs are exported (Close is a
// function). It runs one task at a time in a goroutine it owns.
type Bridge struct {
	d    deps
	ctx  context.Context // the Bridge's lifetime; ends in Close
	stop context.CancelFunc
	wg   sync.WaitGroup
	q    *dialogs
	seen sync.Once // the first Version call

	mu        sync.Mutex
	cancel    context.CancelFunc    // the running task's; nil when idle
	runs      int                   // numbers run ids
	pulling   map[string]bool       // models being pulled
	ingests   int                   // numbers ingestion ids
	ingesting map[string]*ingestRun // ingestions under way
}

// New returns the Bridge over svc; ctx bounds its life, and Close ends it.
func New(ctx context.Context, svc Service, o Options) *Bridge {
	return newBridge(ctx, deps{run: svc.Run, resume: svc.Resume, tasks: svc.Tasks, trace: svc.Trace,
		settings: svc.Settings, save: svc.SaveSettings, status: svc.ModelStatus, pull: svc.PullModel,
		knowledge: svc.Knowledge, memory: svc.Memory, ingest: svc.Ingest, ingestLive: svc.IngestLive, home: os.UserHomeDir,
		emit: o.Emit, version: o.Version, clk: o.Clock, ready: o.Interactive})
}

func newBridge(ctx context.Context, d deps) *Bridge {
	ctx, stop := context.WithCancel(ctx)
	b := &Bridge{d: d, ctx: ctx, stop: stop, pulling: map[string]bool{}, ingesting: map[string]*ingestRun{}}
	b.q = newDialogs(d.clk, func(e agent.Event) { d.emit(EventName, e) })
	return b
}

// RunTask starts an errand and returns its run id at once; what happens next arrives as
// events. Only one task runs at a time.
func (b *Bridge) RunTask(goal, url string) (string, error) {
	goal = strings.TrimSpace(goal)
	if goal == "" {
		return "", errors.New("say what to do: the goal is empty")
	}
	if n := len([]rune(goal)); n > maxGoal {
		return "", fmt.Errorf("the goal is %d characters long; say it in at most %d", n, maxGoal)
	}
	url = normalizeURL(url)
	return b.start(func(ctx context.Context, req app.TaskRequest) (agent.Result, error) {
		req.Goal, req.URL = goal, url
		return b.d.run(ctx, req)
	})
}

// maxGoal bounds a goal: a page pasted by mistake is not an errand, and it would fill
// every prompt.
const maxGoal = 2000

// Resume continues an interrupted task from its last verified step, like RunTask.
func (b *Bridge) Resume(taskID string) (string, error) {
	taskID = strings.TrimSpace(taskID)
	if taskID == "" {
		return "", errors.New("which task? the id is empty")
	}
	return b.start(func(ctx context.Context, req app.TaskRequest) (agent.Result, error) {
		return b.d.resume(ctx, taskID, req)
	})
}

// start runs do in the Bridge's goroutine unless a run is under way.
func (b *Bridge) start(do func(context.Context, app.TaskRequest) (agent.Result, error)) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ctx.Err() != nil {
		return "", ErrClosed
	}
	if b.cancel != nil {
		return "", ErrBusy
	}
	b.runs++
	runID := fmt.Sprintf("run-%d", b.runs)
	ctx, cancel := context.WithCancel(b.ctx)
	b.cancel = cancel
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		b.runTask(ctx, runID, do)
	}()
	return runID, nil
}

// runTask is the body of a run's goroutine. It always ends with a runEnded event.
func (b *Bridge) runTask(ctx context.Context, runID string, do func(context.Context, app.TaskRequest) (agent.Result, error)) {
	var (
		res agent.Result
		err error
	)
	defer func() {
		cancelled := ctx.Err() != nil // before our own cancel below
		b.mu.Lock()
		b.cancel()
		b.cancel = nil
		b.q.reset() // under mu, so it never clears a question of the next run
		b.mu.Unlock()
		b.d.emit(EventName, runEnded(runID, res, err, cancelled))
	}()
	defer func() {
		// A panic in the engine must not take the window down with it: the person
		// loses one errand and is told why, not the whole app.
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	res, err = do(ctx, app.TaskRequest{Sink: b.sink(), Prompter: b.q})
}

func runEnded(runID string, res agent.Result, err error, cancelled bool) RunEnded {
	ev := RunEnded{Type: EventRunEnded, RunID: runID, TaskID: res.TaskID, Status: string(res.Status),
		Summary: res.Summary, Cancelled: cancelled}
	if err != nil && !(cancelled && errors.Is(err, context.Canceled)) {
		ev.Error = err.Error()
	}
	return ev
}

// sink forwards the engine's events to the window. A question is registered before its
// event leaves, so an answer given the instant the card shows finds it waiting even if the
// runner has not reached Prompt yet.
func (b *Bridge) sink() agent.Sink {
	return agent.SinkFunc(func(e agent.Event) {
		switch p := e.Payload.(type) {
		case agent.ClarifyWithOptions:
			b.q.register(p.ID, agent.Output{Kind: agent.OutputAsk}, &p.Question)
		case agent.AnnouncePayload:
			b.q.register(p.RequestID, agent.Output{Kind: agent.OutputAnnounce, Announcement: &p.Announcement}, nil)
		case agent.ApprovalPayload:
			b.q.register(p.RequestID, agent.Output{Kind: agent.OutputAwaitApproval, Approval: &p.Approval}, nil)
		case agent.MidExecPayload:
			b.q.register(p.RequestID, agent.Output{Kind: agent.OutputMidExecDialog, MidExec: &p.MidExec}, nil)
		}
		b.d.emit(EventName, e)
	})
}

// Cancel stops the running task; with none running it does nothing, because Stop may be
// pressed just as a task ends.
func (b *Bridge) Cancel() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cancel != nil {
		b.cancel()
	}
	return nil
}

// Tasks lists past tasks, newest first.
func (b *Bridge) Tasks() ([]TaskRow, error) {
	tasks, err := b.d.tasks(b.ctx, historyLimit)
	if err != nil {
		return nil, fmt.Errorf("load history: %w", err)
	}
	rows := make([]TaskRow, 0, len(tasks))
	for _, t := range tasks {
		rows = append(rows, taskRow(t))
	}
	return rows, nil
}

func taskRow(t store.Task) TaskRow {
	return TaskRow{ID: t.ID, Goal: t.Goal, Status: t.Status, StartURL: t.StartURL, Summary: t.Summary,
		Steps: t.Steps, ModelCalls: t.ModelCalls, Tokens: t.Tokens, DurationMs: t.DurationMs, CreatedAt: t.CreatedAt,
		Resumable: resumable(t.Status)}
}

// resumable says whether a task stopped before it ended: anything but completed, failed
// or cancelled (an interrupted task, or one whose process died mid-phase).
func resumable(status string) bool {
	switch status {
	case store.StatusCompleted, store.StatusFailed, store.StatusCancelled:
		return false
	}
	return true
}

// Version is the build's version.
func (b *Bridge) Version() string {
	if b.d.ready != nil {
		b.seen.Do(b.d.ready)
	}
	return b.d.version
}

// Close cancels b's running task and waits for its goroutine, or for ctx. It is a function,
// not a method, so the window's JavaScript cannot call it.
func Close(ctx context.Context, b *Bridge) error {
	b.mu.Lock()
	b.stop()
	b.mu.Unlock()
	done := make(chan struct{})
	go func() {
		b.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("wait for the running task: %w", ctx.Err())
	}
}

// normalizeURL lets a person type "example.com": without a scheme, loopback hosts get
// http:// (local apps rarely have certificates) and everything else https://.
func normalizeURL(u string) string {
	u = strings.TrimSpace(u)
	if u == "" || strings.Contains(u, "://") || strings.HasPrefix(u, "about:") || strings.HasPrefix(u, "file:") {
		return u
	}
	host := u
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	switch host {
	case "localhost", "127.0.0.1", "[::1]", "0.0.0.0":
		return "http://" + u
	}
	return "https://" + u
}
