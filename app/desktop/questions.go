package desktop

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/errand-app/errand/engine/agent"
)

// questions is the desktop's Prompter: a blocking Prompt per question, resolved by the
// window's Answer through a reply channel keyed by question id. It emits nothing itself —
// the engine has already sent the clarifyWithOptions event that draws the card.
type questions struct {
	mu      sync.Mutex
	waiting map[string]*waiting
}

type waiting struct {
	q     agent.Question
	reply chan agent.Answer // buffered: Answer never blocks on a Prompt that is leaving
}

var _ agent.Prompter = (*questions)(nil)

func newQuestions() *questions { return &questions{waiting: map[string]*waiting{}} }

// register makes a question answerable; registering it again keeps the first entry, so an
// answer that arrived between the event and Prompt is not lost.
func (qs *questions) register(q agent.Question) *waiting {
	qs.mu.Lock()
	defer qs.mu.Unlock()
	w, ok := qs.waiting[q.ID]
	if !ok {
		w = &waiting{q: q, reply: make(chan agent.Answer, 1)}
		qs.waiting[q.ID] = w
	}
	return w
}

// Prompt blocks until the person answers q or ctx ends (Stop, or the window closing).
func (qs *questions) Prompt(ctx context.Context, q agent.Question) (agent.Answer, error) {
	w := qs.register(q)
	defer qs.forget(q.ID, w)
	select {
	case a := <-w.reply:
		return a, nil
	case <-ctx.Done():
		return agent.Answer{}, ctx.Err()
	}
}

func (qs *questions) forget(id string, w *waiting) {
	qs.mu.Lock()
	defer qs.mu.Unlock()
	if qs.waiting[id] == w {
		delete(qs.waiting, id)
	}
}

// answer hands a to the question it names, once: a second answer (a double click) finds
// nothing waiting.
func (qs *questions) answer(a agent.Answer) error {
	qs.mu.Lock()
	defer qs.mu.Unlock()
	w, ok := qs.waiting[a.QuestionID]
	if !ok {
		return fmt.Errorf("no question %q is waiting for an answer", a.QuestionID)
	}
	if err := check(w.q, a); err != nil {
		return err
	}
	delete(qs.waiting, a.QuestionID)
	w.reply <- a
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

// reset drops every question; the run that asked them has ended.
func (qs *questions) reset() {
	qs.mu.Lock()
	defer qs.mu.Unlock()
	clear(qs.waiting)
}

// Answer resolves the question the window shows: an option id, free text, or both.
func (b *Bridge) Answer(questionID, optionID, text string) error {
	return b.q.answer(agent.Answer{QuestionID: questionID, SelectedOptionID: optionID, Text: strings.TrimSpace(text)})
}
