package live

import (
	"context"
	"errors"
	"fmt"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge"
)

// pressAll presses the page's disclosure controls one at a time, looking again after each
// press (a press may reveal more controls: a nested accordion, another "Load more"), until
// none is left, the bound is reached or ctx ends.
func (r *run) pressAll(ctx context.Context) error {
	limit := r.cfg.maxPresses()
	for r.res.Presses < limit {
		if err := ctx.Err(); err != nil {
			return err
		}
		cs, err := r.controls(ctx)
		if err != nil {
			return err
		}
		todo := r.plan(cs)
		if len(todo) == 0 {
			return nil
		}
		if err := r.press(ctx, todo[0], min(limit, r.res.Presses+len(todo))); err != nil {
			return err
		}
	}
	return nil
}

// plan returns the controls still to press, in document order: disclosure controls (see
// Classify) not pressed before and whose content was not read open; a "more" button again
// while its last press revealed something. It records the tabs and toggles it sees open.
func (r *run) plan(cs []Control) []Control {
	var todo []Control
	for _, c := range cs {
		key := keyOf(c)
		if (c.Role == page.RoleTab && c.Has("selected")) || c.Has("expanded") {
			r.open[key] = true
		}
		kind, why := Classify(c)
		switch {
		case kind == "":
			if why != "not a disclosure control" && why != "not a button, tab or link" {
				r.log.Debug("live: not pressed", "control", page.Describe(c.Node), "why", why)
			}
		case kind == More && !r.spent[key]:
			todo = append(todo, c)
		case r.pressed[key] == 0 && !r.open[key]:
			todo = append(todo, c)
		}
	}
	return todo
}

// keyOf names a control across observations and re-renders: its role, name and context.
func keyOf(c Control) string {
	return c.Role + "\x00" + c.Name + "\x00" + c.Ctx
}

// press clicks c (press k of total) and stores what appeared.
func (r *run) press(ctx context.Context, c Control, total int) error {
	key := keyOf(c)
	r.pressed[key]++
	r.res.Presses++
	trig := trigger(c, r.pressed[key])
	r.emit(knowledge.Progress{Type: knowledge.EventPress, Source: r.url, Trigger: trig, Done: r.res.Presses, Total: total})
	a := page.Action{Kind: page.Click, ID: c.ID}
	a.Says("click", page.Describe(c.Node))
	res, err := r.pg.Execute(ctx, []page.Action{a})
	if err != nil {
		return fmt.Errorf("press %s on %s: %w", page.Describe(c.Node), r.url, err)
	}
	if len(res.Outcomes) == 1 && res.Outcomes[0].Err != nil {
		r.spent[key] = true
		r.emit(knowledge.Progress{Type: knowledge.EventError, Source: r.url, Trigger: trig,
			Error: "the press failed: " + res.Outcomes[0].Err.Error()})
		return nil
	}
	rd, err := r.read(ctx, true, c.Name)
	if errors.Is(err, errLeft) {
		return r.comeBack(ctx, c, trig)
	}
	if err != nil {
		return err
	}
	if rd.Fresh == 0 {
		r.spent[key] = true
		r.emit(knowledge.Progress{Type: knowledge.EventSkipped, Source: r.url, Trigger: trig, Reason: "nothing new appeared"})
		return nil
	}
	opts := r.cfg.Ingest
	opts.Phase, opts.Trigger = knowledge.PhaseInteraction, trig
	r.emit(r.store.IngestBytes(ctx, r.url, "text/html", []byte(rd.HTML), opts))
	return nil
}

// comeBack reloads the page after a press that opened another document (a control that
// looked like a disclosure but was not), and remembers what it shows again as read.
func (r *run) comeBack(ctx context.Context, c Control, trig string) error {
	r.spent[keyOf(c)] = true
	r.emit(knowledge.Progress{Type: knowledge.EventSkipped, Source: r.url, Trigger: trig,
		Reason: "it opened another page; went back"})
	if err := r.pg.Navigate(ctx, r.url); err != nil {
		return fmt.Errorf("back to %s: %w", r.url, err)
	}
	_, err := r.read(ctx, false, "")
	return err
}
