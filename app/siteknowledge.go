package app

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/knowledge"
)

// siteKnowledge is the agent's Knowledge: passages of the ingested documentation and the
// hints learned from corrections (docs/knowledge.md, docs/memory.md). Both stores open on
// first use, inside the runner's knowledge effect, so an errand that needs no model never
// opens them; a store that cannot open means nothing known, not a failed errand.
type siteKnowledge struct {
	openBase   func(ctx context.Context) (*knowledge.Base, error)
	openMemory func(ctx context.Context) (*Memory, error)

	mu     sync.Mutex
	base   *knowledge.Base
	memory *Memory
	tried  bool
	err    error
}

var _ agent.Knowledge = (*siteKnowledge)(nil)

// passagesPerPrompt is how many passages a model errand's prompt carries.
const passagesPerPrompt = 4

func (k *siteKnowledge) open(ctx context.Context) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.tried {
		return
	}
	k.tried = true
	var errB, errM error
	k.base, errB = k.openBase(ctx)
	k.memory, errM = k.openMemory(ctx)
	k.err = errors.Join(errB, errM)
}

// Retrieve returns the passages that answer query for the page at url.
func (k *siteKnowledge) Retrieve(ctx context.Context, url, query string) ([]string, error) {
	k.open(ctx)
	if k.base == nil {
		return nil, fmt.Errorf("knowledge: %w", k.err)
	}
	return k.base.ForPrompt(ctx, url, query, passagesPerPrompt)
}

// Hints returns what corrections on this site taught about the goal.
func (k *siteKnowledge) Hints(ctx context.Context, url, goal string) ([]string, error) {
	k.open(ctx)
	if k.memory == nil {
		return nil, fmt.Errorf("memory: %w", k.err)
	}
	return k.memory.Skills.Hints(ctx, url, goal)
}

// Close closes what was opened.
func (k *siteKnowledge) Close() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	var errs []error
	if k.base != nil {
		errs = append(errs, k.base.Close())
	}
	if k.memory != nil {
		errs = append(errs, k.memory.Close())
	}
	return errors.Join(errs...)
}
