package llm_test

import (
	"context"
	"errors"
	"testing"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/llm/fakeollama"
)

func TestEmbedReturnsOneVectorPerTextInOrder(t *testing.T) {
	srv := fakeollama.Start(t)
	srv.SetModels(llm.DefaultEmbedModel)
	o, err := llm.NewOllama(llm.Config{Host: srv.URL()})
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{"raw string literals", "goroutines and channels"}
	vecs, err := o.Embed(context.Background(), "", texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != 2 || len(vecs[0]) != fakeollama.EmbedDims {
		t.Fatalf("got %d vectors of %d dims", len(vecs), len(vecs[0]))
	}
	for i, want := range texts {
		if got := fakeollama.FakeEmbedding(want); got[3] != vecs[i][3] || got[100] != vecs[i][100] {
			t.Errorf("vector %d is not the embedding of %q", i, want)
		}
	}
	if calls, n := srv.EmbedCalls(); calls != 1 || n != 2 {
		t.Errorf("server saw %d calls with %d texts, want 1 with 2", calls, n)
	}
}

func TestEmbedMissingModelIsMissingError(t *testing.T) {
	srv := fakeollama.Start(t)
	o, _ := llm.NewOllama(llm.Config{Host: srv.URL()})
	_, err := o.Embed(context.Background(), "nomic-embed-text", []string{"x"})
	var me *llm.MissingError
	if !errors.As(err, &me) || me.Model != "nomic-embed-text" {
		t.Fatalf("err = %v, want MissingError for nomic-embed-text", err)
	}
}
