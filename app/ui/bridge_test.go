package ui

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/store"
)

// recorder is the window as the Bridge sees it: every emit, in order, as JSON.
type recorder struct {
	mu     sync.Mutex
	events []string
	ch     chan string
}

func newRecorder() *recorder { return &recorder{ch: make(chan string, 64)} }

func (r *recorder) emit(name string, data any) {
	b, err := json.Marshal(data)
	if err != nil {
		panic(err)
	}
	s := name + " " + string(b)
	r.mu.Lock()
	r.events = append(r.events, s)
	r.mu.Unlock()
	r.ch <- s
}

// next waits for the next emit whose text contains want.
func (r *recorder) next(t *testing.T, want string) string {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case s := <-r.ch:
			if strings.Contains(s, want) {
				return s
			}
		case <-timeout:
			t.Fatalf("no event containing %q; got %v", want, r.all())
			return ""
		}
	}
}

func (r *recorder) all() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.events...)
}

var question = agent.Question{ID: "clar-1", Type: agent.OptionSelect, Text: "Which Save?", AllowFreeform: true,
	Options: []agent.Option{{ID: "o1", Text: "Save (top)", Confidence: 0.6}, {ID: "o2", Text: "Save (bottom)", Confidence: 0.4}}}

// asker is a fake Service.Run that asks one question, as the engine does (event first,
// then the blocking Prompt), and reports what Prompt returned.
type asker struct {
	answers chan agent.Answer
	errs    chan error
}

func newAsker() *asker { return &asker{answers: make(chan agent.Answer, 1), errs: make(chan error, 1)} }

func (a *asker) run(ctx context.Context, req app.TaskRequest) (agent.Result, error) {
	req.Sink.Emit(agent.Event{Type: agent.EventClarifyWithOptions, TaskID: "task-1", Seq: 1,
		Payload: agent.ClarifyWithOptions{Question: question}})
	in, err := req.Prompter.Prompt(ctx, agent.Output{Kind: agent.OutputAsk, Questions: []agent.Question{question}})
	var ans agent.Answer
	if len(in.Answers) > 0 {
		ans = in.Answers[0]
	}
	if err != nil {
		a.errs <- err
		return agent.Result{TaskID: "task-1", Status: agent.PhaseClarifying}, err
	}
	a.answers <- ans
	req.Sink.Emit(agent.Event{Type: agent.EventTaskFinished, TaskID: "task-1", Seq: 2,
		Payload: agent.TaskFinished{Status: agent.PhaseCompleted, Summary: "Saved."}})
	return agent.Result{TaskID: "task-1", Status: agent.PhaseCompleted, Summary: "Saved."}, nil
}

func testBridge(t *testing.T, run func(context.Context, app.TaskRequest) (agent.Result, error)) (*Bridge, *recorder) {
	t.Helper()
	rec := newRecorder()
	// A fake clock: on the wall clock a question's countdown could run out on a busy
	// machine before the test answers it.
	b := newBridge(context.Background(), deps{run: run, emit: rec.emit, version: "test",
		tasks: func(context.Context, int) ([]store.Task, error) { return nil, nil },
		clk:   clock.NewFake(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))})
	t.Cleanup(func() {
		if err := Close(context.Background(), b); err != nil {
			t.Error(err)
		}
	})
	return b, rec
}

func TestAnswerResolvesWaitingPrompt(t *testing.T) {
	a := newAsker()
	b, rec := testBridge(t, a.run)
	if _, err := b.RunTask("click Save", "http://localhost:8080/"); err != nil {
		t.Fatal(err)
	}
	ev := rec.next(t, `"type":"clarifyWithOptions"`)
	want := `errand:event {"type":"clarifyWithOptions","taskId":"task-1","seq":1,"id":"clar-1",`
	if !strings.HasPrefix(ev, want) {
		t.Fatalf("event = %s, want prefix %s", ev, want)
	}
	if err := b.Answer("clar-1", "o2", ""); err != nil {
		t.Fatal(err)
	}
	got := <-a.answers
	if got.QuestionID != "clar-1" || got.SelectedOptionID != "o2" {
		t.Errorf("prompt got %+v", got)
	}
	end := rec.next(t, `"type":"runEnded"`)
	if want := `{"type":"runEnded","runId":"run-1","taskId":"task-1","status":"completed","summary":"Saved."}`; !strings.HasSuffix(end, want) {
		t.Errorf("runEnded = %s, want %s", end, want)
	}
	// The same answer again finds nothing waiting (a double click).
	if err := b.Answer("clar-1", "o2", ""); err == nil {
		t.Error("second answer accepted")
	}
	order := []string{"clarifyWithOptions", "taskFinished", "runEnded"}
	evs := rec.all()
	if len(evs) != len(order) {
		t.Fatalf("events = %v", evs)
	}
	for i, typ := range order {
		if !strings.Contains(evs[i], `"type":"`+typ+`"`) {
			t.Errorf("event %d = %s, want %s", i, evs[i], typ)
		}
	}
}

func TestAnswerUnknownQuestion(t *testing.T) {
	b, _ := testBridge(t, newAsker().run)
	err := b.Answer("clar-404", "o1", "")
	if err == nil || !strings.Contains(err.Error(), `nothing "clar-404" is waiting`) {
		t.Fatalf("err = %v", err)
	}
}

func TestAnswerChecksOptionsAndText(t *testing.T) {
	a := newAsker()
	b, rec := testBridge(t, a.run)
	if _, err := b.RunTask("click Save", ""); err != nil {
		t.Fatal(err)
	}
	rec.next(t, "clarifyWithOptions")
	if err := b.Answer("clar-1", "o9", ""); err == nil {
		t.Error("unknown option accepted")
	}
	if err := b.Answer("clar-1", "", "   "); err == nil {
		t.Error("empty answer accepted")
	}
	// Refused answers leave the question open; free text is allowed here.
	if err := b.Answer("clar-1", "", " the green one "); err != nil {
		t.Fatal(err)
	}
	if got := <-a.answers; got.Text != "the green one" || got.SelectedOptionID != "" {
		t.Errorf("prompt got %+v", got)
	}
}

func TestCancelUnblocksPrompt(t *testing.T) {
	a := newAsker()
	b, rec := testBridge(t, a.run)
	if _, err := b.RunTask("click Save", ""); err != nil {
		t.Fatal(err)
	}
	rec.next(t, "clarifyWithOptions")
	if err := b.Cancel(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-a.errs:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("prompt err = %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("prompt still blocked after Cancel")
	}
	end := rec.next(t, "runEnded")
	if !strings.Contains(end, `"cancelled":true`) || strings.Contains(end, `"error"`) {
		t.Errorf("runEnded = %s, want cancelled without an error", end)
	}
	// Cancel with nothing running is harmless (Stop pressed as a task ends).
	if err := b.Cancel(); err != nil {
		t.Error(err)
	}
}

func TestRunTaskOneAtATime(t *testing.T) {
	a := newAsker()
	b, rec := testBridge(t, a.run)
	id, err := b.RunTask("click Save", "")
	if err != nil || id != "run-1" {
		t.Fatalf("RunTask = %q, %v", id, err)
	}
	if _, err := b.RunTask("click Cancel", ""); !errors.Is(err, ErrBusy) || err.Error() != "a task is already running" {
		t.Fatalf("second RunTask err = %v", err)
	}
	rec.next(t, "clarifyWithOptions")
	if err := b.Answer("clar-1", "o1", ""); err != nil {
		t.Fatal(err)
	}
	rec.next(t, "runEnded")
	// Once the first has ended, the next may start.
	if id, err := b.RunTask("click Save", ""); err != nil || id != "run-2" {
		t.Fatalf("third RunTask = %q, %v", id, err)
	}
}

func TestRunTaskRejectsEmptyGoal(t *testing.T) {
	b, _ := testBridge(t, newAsker().run)
	if _, err := b.RunTask("  ", ""); err == nil {
		t.Fatal("empty goal accepted")
	}
}

func TestCloseWaitsForRun(t *testing.T) {
	exited := make(chan struct{})
	var finished bool
	run := func(ctx context.Context, req app.TaskRequest) (agent.Result, error) {
		<-ctx.Done()
		time.Sleep(50 * time.Millisecond) // cleanup after cancellation, e.g. closing a tab
		finished = true
		close(exited)
		return agent.Result{}, ctx.Err()
	}
	rec := newRecorder()
	b := newBridge(context.Background(), deps{run: run, emit: rec.emit})
	if _, err := b.RunTask("wait", ""); err != nil {
		t.Fatal(err)
	}
	if err := Close(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	if !finished {
		t.Fatal("close returned before the run's goroutine")
	}
	<-exited
	if _, err := b.RunTask("again", ""); !errors.Is(err, ErrClosed) {
		t.Errorf("RunTask after close err = %v", err)
	}
}

func TestCloseGivesUpAtDeadline(t *testing.T) {
	release := make(chan struct{})
	run := func(ctx context.Context, req app.TaskRequest) (agent.Result, error) {
		<-release // ignores cancellation
		return agent.Result{}, nil
	}
	b := newBridge(context.Background(), deps{run: run, emit: newRecorder().emit})
	if _, err := b.RunTask("stuck", ""); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := Close(ctx, b); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("close err = %v", err)
	}
	close(release)
	if err := Close(context.Background(), b); err != nil {
		t.Error(err)
	}
}

func TestRunErrorAndPanicReachTheWindow(t *testing.T) {
	for name, run := range map[string]func(context.Context, app.TaskRequest) (agent.Result, error){
		"error": func(context.Context, app.TaskRequest) (agent.Result, error) {
			return agent.Result{}, errors.New("start browser: no chrome found")
		},
		"panic": func(context.Context, app.TaskRequest) (agent.Result, error) { panic("boom") },
	} {
		t.Run(name, func(t *testing.T) {
			b, rec := testBridge(t, run)
			if _, err := b.RunTask("click Save", ""); err != nil {
				t.Fatal(err)
			}
			end := rec.next(t, "runEnded")
			if !strings.Contains(end, `"error":`) || strings.Contains(end, `"cancelled"`) {
				t.Errorf("runEnded = %s", end)
			}
		})
	}
}

func TestRunTaskPassesNormalizedURL(t *testing.T) {
	got := make(chan string, 1)
	b, rec := testBridge(t, func(_ context.Context, req app.TaskRequest) (agent.Result, error) {
		got <- req.URL
		return agent.Result{}, nil
	})
	if _, err := b.RunTask("click Save", "localhost:7480/patients"); err != nil {
		t.Fatal(err)
	}
	if u := <-got; u != "http://localhost:7480/patients" {
		t.Errorf("url = %q", u)
	}
	rec.next(t, "runEnded")
}

func TestNormalizeURL(t *testing.T) {
	for in, want := range map[string]string{
		"":                      "",
		" example.com ":         "https://example.com",
		"example.com/a?b=c":     "https://example.com/a?b=c",
		"http://example.com":    "http://example.com",
		"localhost:8080":        "http://localhost:8080",
		"127.0.0.1/x":           "http://127.0.0.1/x",
		"about:blank":           "about:blank",
		"file:///tmp/page.html": "file:///tmp/page.html",
	} {
		if got := normalizeURL(in); got != want {
			t.Errorf("normalizeURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTasksRows(t *testing.T) {
	created := time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)
	b := newBridge(context.Background(), deps{emit: newRecorder().emit, tasks: func(_ context.Context, limit int) ([]store.Task, error) {
		if limit != historyLimit {
			t.Errorf("limit = %d", limit)
		}
		return []store.Task{{ID: "task-1", Goal: "click Save", Status: "completed", Steps: 2, ModelCalls: 1, Tokens: 30,
			DurationMs: 1200, CreatedAt: created, State: json.RawMessage(`{"big":"state"}`)}}, nil
	}})
	rows, err := b.Tasks()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(rows)
	want := `[{"id":"task-1","goal":"click Save","status":"completed","steps":2,"modelCalls":1,"tokens":30,"durationMs":1200,"createdAt":"2026-03-01T09:30:00Z","resumable":false}]`
	if string(got) != want {
		t.Errorf("rows = %s\nwant   %s", got, want)
	}
	b.d.tasks = func(context.Context, int) ([]store.Task, error) { return nil, errors.New("disk gone") }
	if _, err := b.Tasks(); err == nil || err.Error() != "load history: disk gone" {
		t.Errorf("err = %v", err)
	}
	// An empty history is an empty list, not null, so the window can say so.
	b.d.tasks = func(context.Context, int) ([]store.Task, error) { return nil, nil }
	rows, _ = b.Tasks()
	if got, _ := json.Marshal(rows); string(got) != "[]" {
		t.Errorf("empty rows = %s", got)
	}
}

func TestUIAssets(t *testing.T) {
	built := fstest.MapFS{"dist/.keep": {}, "dist/index.html": {Data: []byte("<html>ui</html>")}}
	fsys, ok, err := uiAssets(built)
	if err != nil || !ok {
		t.Fatalf("built: ok=%v err=%v", ok, err)
	}
	if b, _ := fsReadString(fsys, "index.html"); b != "<html>ui</html>" {
		t.Errorf("index = %q", b)
	}
	fsys, ok, err = uiAssets(fstest.MapFS{"dist/.keep": {}})
	if err != nil || ok {
		t.Fatalf("not built: ok=%v err=%v", ok, err)
	}
	if b, _ := fsReadString(fsys, "index.html"); !strings.Contains(b, "make run") {
		t.Errorf("fallback page does not say how to build: %q", b)
	}
}

func fsReadString(fsys fs.FS, name string) (string, error) {
	b, err := fs.ReadFile(fsys, name)
	return string(b), err
}

func TestInteractiveOnFirstVersionCall(t *testing.T) {
	n := 0
	b := newBridge(context.Background(), deps{emit: newRecorder().emit, version: "1.2", ready: func() { n++ }})
	if b.Version() != "1.2" || b.Version() != "1.2" || n != 1 {
		t.Errorf("ready ran %d times, want once", n)
	}
}

// Opening Correct on an announcement holds its countdown: no time makes Errand go ahead
// while the right value is being typed.
func TestCorrectHoldsTheAnnouncement(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	rec := newRecorder()
	got := make(chan agent.Input, 1)
	ann := agent.Announcement{RequestID: "req-1", AutoExecuteDelay: 3000}
	run := func(ctx context.Context, req app.TaskRequest) (agent.Result, error) {
		req.Sink.Emit(agent.Event{Type: agent.EventAssumeAnnounce, Payload: agent.AnnouncePayload{Announcement: ann}})
		in, err := req.Prompter.Prompt(ctx, agent.Output{Kind: agent.OutputAnnounce, Announcement: &ann})
		got <- in
		return agent.Result{}, err
	}
	b := newBridge(context.Background(), deps{run: run, emit: rec.emit, clk: clk})
	defer Close(context.Background(), b)
	if _, err := b.RunTask("click Sav", ""); err != nil {
		t.Fatal(err)
	}
	rec.next(t, "assumeAnnounce")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := clk.BlockUntil(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if err := b.Typing("req-1"); err != nil {
		t.Fatal(err)
	}
	rec.next(t, `"kind":"paused"`)
	clk.Advance(time.Minute)
	if err := b.Decide("req-1", agent.DecisionCancel); err != nil {
		t.Fatal(err)
	}
	if in := <-got; in.Decision != agent.DecisionCancel {
		t.Errorf("the announcement resolved to %+v, want the person's cancel", in)
	}
}
