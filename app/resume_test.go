package app

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errand-app/errand/app/demo"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/browser/browsertest"
)

var shared *browser.Browser

func TestMain(m *testing.M) { browsertest.Main(m, &shared) }

// crashAfter is the store of a process that dies right after its nth checkpoint with
// verified actions: that checkpoint is written, nothing after it is.
type crashAfter struct {
	agent.Store
	n, seen int
	cancel  context.CancelFunc
	mu      sync.Mutex
	dead    bool
}

func (c *crashAfter) SaveCheckpoint(ctx context.Context, cp agent.Checkpoint) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dead {
		return context.Canceled
	}
	if err := c.Store.SaveCheckpoint(ctx, cp); err != nil {
		return err
	}
	if len(cp.Actions) > 0 {
		if c.seen++; c.seen == c.n {
			c.dead = true
			c.cancel()
		}
	}
	return nil
}

func TestResumeAfterCrashBetweenSteps(t *testing.T) {
	ctx := context.Background()
	site, db := siteAndStore(t, demo.Options{SaveDelay: 20 * time.Millisecond})
	ag := agent.New(agent.Config{})
	goal := "Type 'Jas' into Name and click Save, then type 'Lee' into Name and click Save"
	id := func() string { return "task-resume" }

	// First process: saves Jas, checkpoints, and dies before the second step.
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	first := &agent.Runner{Agent: ag, Browser: browsertest.NewPage(t, shared), NewID: id,
		Store: &crashAfter{Store: taskStore{db}, n: 1, cancel: cancel}}
	if _, err := first.Run(runCtx, goal, site.URL()+"/patients/new"); !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: err = %v, want it cut off", err)
	}
	if got := names(site.Patients()); got != "Maria Lopez,Tom Baker,Jas" {
		t.Fatalf("after the crash patients = %s", got)
	}
	task, err := db.Task(ctx, "task-resume")
	if err != nil || task.Status != string(agent.PhaseExecuting) {
		t.Fatalf("stored task %+v, %v; want it executing", task, err)
	}

	// Second process: a new tab, the same database.
	second := &agent.Runner{Agent: ag, Browser: browsertest.NewPage(t, shared), NewID: id, Store: taskStore{db}}
	res, err := second.Resume(ctx, "task-resume")
	if err != nil || res.Status != agent.PhaseCompleted {
		t.Fatalf("resume: %+v, %v", res, err)
	}
	if got := names(site.Patients()); got != "Maria Lopez,Tom Baker,Jas,Lee" {
		t.Errorf("after resume patients = %s, want Jas and Lee once each", got)
	}
	acts, err := db.Actions(ctx, "task-resume")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range acts {
		if !a.Verified {
			t.Errorf("stored action %s not verified: %s", a.Action, a.Error)
		}
		got = append(got, a.Action[:strings.IndexByte(a.Action, '(')]+"@"+strconv.Itoa(a.Step))
	}
	if want := "setValue@1 click@1 setValue@2 click@2"; strings.Join(got, " ") != want {
		t.Errorf("stored actions = %v, want %s", got, want)
	}
}

func names(ps []demo.Patient) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.Name)
	}
	return strings.Join(s, ",")
}
