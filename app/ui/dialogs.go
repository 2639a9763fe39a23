package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/clock"
)

// dialogs is the desktop's Prompter: a blocking Prompt per dialog, resolved by the window's
// Answer, Decide or Correct through a reply channel keyed by the question or request id.
// Countdowns run here on the engine's clock (the question timer of docs/decisions.md D-15, the
// 3 s announcement of D-10), so the window only draws what the timer events say.
type dialogs struct {
	clk  clock.Clock
	emit func(agent.Event) // questionTimer events; the engine's own events go by the sink

	mu      sync.Mutex
	waiting map[string]*waiting
}

type waiting struct {
	q         *agent.Question // nil for announcements, approvals and failed steps
	kind      agent.OutputKind
	decisions []string         // what Decide may answer (agent.Output.Decisions)
	reply     chan agent.Input // buffered: a reply never blocks on a Prompt that is leaving
	typing    chan struct{}    // keystrokes in the chat box while a question is open
	// answered is set by the first reply. The entry stays until Prompt forgets it, so a
	// reply that came before Prompt registered is found there, and a second one is refused.
	answered bool
}

var _ agent.Prompter = (*dialogs)(nil)

func newDialogs(clk clock.Clock, emit func(agent.Event)) *dialogs {
	if clk == nil {
		clk = clock.Real()
	}
	return &dialogs{clk: clk, emit: emit, waiting: map[string]*waiting{}}
}

// register makes a dialog answerable; registering it again keeps the first entry, so a
// reply that arrived between the event and Prompt is not lost.
func (ds *dialogs) register(id string, d agent.Output, q *agent.Question) *waiting {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	w, ok := ds.waiting[id]
	if !ok {
		w = &waiting{q: q, kind: d.Kind, decisions: d.Decisions(), reply: make(chan agent.Input, 1), typing: make(chan struct{}, 1)}
		ds.waiting[id] = w
	}
	return w
}

// Prompt blocks until the person replies to d, its countdown runs out, or ctx ends (Stop,
// or the window closing).
func (ds *dialogs) Prompt(ctx context.Context, d agent.Output) (agent.Input, error) {
	switch d.Kind {
	case agent.OutputAsk:
		in := agent.Input{Kind: agent.InputAnswer}
		for _, q := range d.Questions {
			a, err := ds.question(ctx, q)
			if err != nil {
				return agent.Input{}, err
			}
			in.Answers = append(in.Answers, a)
		}
		return in, nil
	case agent.OutputAnnounce:
		a := d.Announcement
		w := ds.register(a.RequestID, d, nil)
		defer ds.forget(a.RequestID, w)
		countdown := ds.clk.After(time.Duration(a.AutoExecuteDelay) * time.Millisecond)
		for {
			select {
			case in := <-w.reply:
				return in, nil
			case <-countdown:
				return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionProceed}, nil
			case <-w.typing:
				// The person opened Correct: the countdown stops until they reply, so
				// Errand never goes ahead while the right value is being typed.
				if countdown != nil && ds.emit != nil {
					countdown = nil
					ds.emit(agent.Event{Type: agent.EventQuestionTimer, Payload: agent.QuestionTimer{QuestionID: a.RequestID, Kind: "paused"}})
				}
				countdown = nil
			case <-ctx.Done():
				return agent.Input{}, ctx.Err()
			}
		}
	case agent.OutputAwaitApproval, agent.OutputMidExecDialog:
		id := d.RequestID()
		w := ds.register(id, d, nil)
		defer ds.forget(id, w)
		select {
		case in := <-w.reply:
			return in, nil
		case <-ctx.Done():
			return agent.Input{}, ctx.Err()
		}
	}
	return agent.Input{}, fmt.Errorf("the window cannot show a %q dialog", d.Kind)
}

// question waits for one question's answer under the question timer (docs/decisions.md D-15):
// typing pauses it, 5 s idle resumes it, and on timeout the default is submitted with
// timed_out.
func (ds *dialogs) question(ctx context.Context, q agent.Question) (agent.Answer, error) {
	w := ds.register(q.ID, agent.Output{Kind: agent.OutputAsk}, &q)
	defer ds.forget(q.ID, w)
	if q.TimeoutMs <= 0 {
		select {
		case in := <-w.reply:
			return in.Answers[0], nil
		case <-ctx.Done():
			return agent.Answer{}, ctx.Err()
		}
	}
	signal := make(chan string, 1)
	var got agent.Answer
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		select {
		case in := <-w.reply:
			got = in.Answers[0]
			signal <- "answered"
		case <-stop:
		}
	}()
	_, timedOut, err := clarify.Wait(ctx, ds.clk, time.Duration(q.TimeoutMs)*time.Millisecond, w.typing, signal,
		func(e clarify.TimerEvent) {
			if ds.emit == nil {
				return
			}
			t := agent.QuestionTimer{QuestionID: q.ID, Kind: e.Kind, RemainingMs: e.RemainingMs}
			if e.Kind == "flash" {
				t.OptionID = q.Default
			}
			ds.emit(agent.Event{Type: agent.EventQuestionTimer, Payload: t})
		})
	switch {
	case err != nil:
		return agent.Answer{}, err
	case timedOut:
		return agent.Answer{QuestionID: q.ID, SelectedOptionID: q.Default, TimedOut: true}, nil
	}
	return got, nil
}

func (ds *dialogs) forget(id string, w *waiting) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if ds.waiting[id] == w {
		delete(ds.waiting, id)
	}
}

// reply hands in to the dialog id names, once: a second reply (a double click) finds
// nothing waiting.
func (ds *dialogs) reply(id string, in agent.Input, check func(*waiting) error) error {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	w, ok := ds.waiting[id]
	if !ok || w.answered {
		return fmt.Errorf("nothing %q is waiting for a reply", id)
	}
	if err := check(w); err != nil {
		return err
	}
	w.answered = true
	w.reply <- in
	return nil
}

// typed passes a keystroke to an open question's timer.
func (ds *dialogs) typed(id string) error {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	w, ok := ds.waiting[id]
	if !ok || w.answered || (w.q == nil && w.kind != agent.OutputAnnounce) {
		return fmt.Errorf("no question or announcement %q is open", id)
	}
	select {
	case w.typing <- struct{}{}:
	default: // a keystroke is already pending; one is enough to pause
	}
	return nil
}

// check refuses answers the engine could not use, so the card can say so and stay open.
func check(q agent.Question, a agent.Answer) error {
	if a.SelectedOptionID != "" {
		for _, o := range q.Options {
			if o.ID == a.SelectedOptionID {
				return nil
			}
		}
		return fmt.Errorf("question %q has no option %q", q.ID, a.SelectedOptionID)
	}
	if a.Text == "" {
		return errors.New("choose an option or type an answer")
	}
	if !q.AllowFreeform && len(q.Options) > 0 {
		return errors.New("this question needs one of its options")
	}
	return nil
}

// reset drops every dialog; the run that opened them has ended.
func (ds *dialogs) reset() {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	clear(ds.waiting)
}

// Answer resolves the question the window shows: an option id, free text, or both.
func (b *Bridge) Answer(questionID, optionID, text string) error {
	a := agent.Answer{QuestionID: questionID, SelectedOptionID: optionID, Text: strings.TrimSpace(text)}
	return b.q.reply(questionID, agent.Input{Kind: agent.InputAnswer, Answers: []agent.Answer{a}}, func(w *waiting) error {
		if w.q == nil {
			return fmt.Errorf("%q is not a question", questionID)
		}
		return check(*w.q, a)
	})
}

// Typing tells an open question's timer that the person is typing: it pauses, and resumes
// after 5 s without a keystroke. On an announcement it holds the countdown until the
// person replies (they opened Correct).
func (b *Bridge) Typing(questionID string) error { return b.q.typed(questionID) }

// Decide answers an announcement (proceed, cancel), a plan (approve, cancel) or a failed
// step (retry, skip, replan, abort).
func (b *Bridge) Decide(requestID, decision string) error {
	return b.q.reply(requestID, agent.Input{Kind: agent.InputDecision, Decision: decision}, func(w *waiting) error {
		if slices.Contains(w.decisions, decision) {
			return nil
		}
		return fmt.Errorf("%q is not a choice here; choose one of %s", decision, strings.Join(w.decisions, ", "))
	})
}

// Correct is the announcement's Correct: with a value it sets the assumption, without it
// asks about it.
func (b *Bridge) Correct(requestID, field string, command int, newValue string) error {
	c := &agent.Correction{Field: field, Command: command, NewValue: strings.TrimSpace(newValue)}
	return b.q.reply(requestID, agent.Input{Kind: agent.InputCorrection, Correction: c}, func(w *waiting) error {
		if w.kind != agent.OutputAnnounce {
			return fmt.Errorf("%q is not an announcement", requestID)
		}
		return nil
	})
}
