package agent

import (
	"context"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/page"
)

// slowTab is a browser tab whose actions take 500 ms each on the fake clock; after the
// chain, the form shows what was typed and the page says it saved.
type slowTab struct {
	clk  *clock.Fake
	page page.Observation
}

func (b *slowTab) Navigate(context.Context, string) error {
	b.clk.Advance(200 * time.Millisecond)
	return nil
}

func (b *slowTab) Observe(context.Context) (page.Observation, error) { return b.page, nil }

func (b *slowTab) Execute(_ context.Context, chain []page.Action) (page.ChainResult, error) {
	after := b.page
	after.Tree = append([]page.Node(nil), b.page.Tree...)
	for _, a := range chain {
		b.clk.Advance(500 * time.Millisecond)
		for i := range after.Tree {
			if after.Tree[i].ID == a.ID && a.Kind == page.SetValue {
				after.Tree[i].Value = a.Text
			}
		}
	}
	after.Messages, after.HasSuccess, after.DOMHash = []string{"Patient Jas saved"}, true, "h9"
	b.page = after
	return *outcomes(chain, after, page.Observations{DidNetworkOccur: true, DidDomMutate: true}), nil
}

type memStore struct{ saved []Checkpoint }

func (m *memStore) SaveCheckpoint(_ context.Context, c Checkpoint) error {
	m.saved = append(m.saved, c)
	return nil
}

func (m *memStore) LoadState(context.Context, string) (State, error) {
	return m.saved[len(m.saved)-1].State, nil
}

// The task's duration counts from its start — opening the start page included — to its
// end, on the runner's clock.
func TestRunnerDurationCountsTheWholeTask(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC))
	tab := &slowTab{clk: clk, page: formPage}
	var finished []TaskFinished
	r := &Runner{Agent: New(Config{}), Browser: tab, Store: &memStore{}, Now: clk.Now, NewID: func() string { return "t1" },
		Sink: SinkFunc(func(e Event) {
			if f, ok := e.Payload.(TaskFinished); ok {
				finished = append(finished, f)
			}
		})}
	res, err := r.Run(context.Background(), "Type 'Jas' into the Name field and click Save", formPage.URL)
	if err != nil || res.Status != PhaseCompleted {
		t.Fatalf("run = %+v, %v", res, err)
	}
	// 200 ms to open the page, then two actions of 500 ms.
	if len(finished) != 1 || finished[0].DurationMs != 1200 || res.Duration != 1200*time.Millisecond {
		t.Errorf("taskFinished = %+v, result duration %v; want 1200 ms", finished, res.Duration)
	}
}
