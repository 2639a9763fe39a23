package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/knowledge/skills"
)

// siteKnowledge is the agent's Knowledge and Memory: passages of the ingested
// documentation, the hints learned from corrections and the replay scripts
// (docs/knowledge.md, docs/memory.md). Each store opens on first use, inside the runner's
// effect, so an errand the reader runs alone never opens them; a store that cannot open
// means nothing known or remembered, not a failed errand.
type siteKnowledge struct {
	openBase   func(ctx context.Context) (*knowledge.Base, error)
	openMemory func(ctx context.Context) (*Memory, error)

	mu     sync.Mutex
	base   lazy[*knowledge.Base]
	memory lazy[*Memory]
	// offered are the skills given as hints to each goal's errand, whose outcome counts
	// as each one's success or failure when the errand ends (settle).
	offered map[string][]int64
}

// lazy is a store opened on first use; a failed open is kept, not retried each time.
type lazy[T any] struct {
	v     T
	tried bool
	err   error
}

func (l *lazy[T]) get(ctx context.Context, mu *sync.Mutex, open func(context.Context) (T, error)) (T, error) {
	mu.Lock()
	defer mu.Unlock()
	if !l.tried {
		l.tried = true
		l.v, l.err = open(ctx)
	}
	return l.v, l.err
}

var (
	_ agent.Knowledge = (*siteKnowledge)(nil)
	_ agent.Memory    = (*siteKnowledge)(nil)
)

// passagesPerPrompt is how many passages a model errand's prompt carries.
const passagesPerPrompt = 4

// Retrieve returns the passages that answer query for the page at url.
func (k *siteKnowledge) Retrieve(ctx context.Context, url, query string) ([]string, error) {
	b, err := k.knowledgeBase(ctx)
	if err != nil {
		return nil, err
	}
	return b.ForPrompt(ctx, url, query, passagesPerPrompt)
}

func (k *siteKnowledge) knowledgeBase(ctx context.Context) (*knowledge.Base, error) {
	b, err := k.base.get(ctx, &k.mu, k.openBase)
	if err != nil {
		return nil, fmt.Errorf("knowledge: %w", err)
	}
	return b, nil
}

func (k *siteKnowledge) mem(ctx context.Context) (*Memory, error) {
	m, err := k.memory.get(ctx, &k.mu, k.openMemory)
	if err != nil {
		return nil, fmt.Errorf("memory: %w", err)
	}
	return m, nil
}

// Hints returns what corrections on this site taught about the goal.
func (k *siteKnowledge) Hints(ctx context.Context, url, goal string) ([]string, error) {
	m, err := k.mem(ctx)
	if err != nil {
		return nil, err
	}
	ms, err := m.Skills.Find(ctx, skills.Query{URL: url, Goal: goal})
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ms))
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.offered == nil {
		k.offered = map[string][]int64{}
	}
	for i, sm := range ms {
		out[i] = sm.Skill.Hint()
		if !slices.Contains(k.offered[goal], sm.Skill.ID) {
			k.offered[goal] = append(k.offered[goal], sm.Skill.ID)
		}
	}
	return out, nil
}

// settle counts the end of goal's errand as a success or a failure of every skill offered
// to it as a hint (docs/memory.md: only skills that mostly work stay hints).
func (k *siteKnowledge) settle(ctx context.Context, goal string, ok bool) error {
	k.mu.Lock()
	ids := k.offered[goal]
	delete(k.offered, goal)
	m := k.memory.v
	k.mu.Unlock()
	if m == nil {
		return nil
	}
	var errs []error
	for _, id := range ids {
		errs = append(errs, m.Skills.Used(ctx, id, ok))
	}
	return errors.Join(errs...)
}

// FindScript, RecordScript and Learn are the memory's (agent.Memory).
func (k *siteKnowledge) FindScript(ctx context.Context, url, goal string) (agent.Script, bool, error) {
	m, err := k.mem(ctx)
	if err != nil {
		return agent.Script{}, false, err
	}
	return m.FindScript(ctx, url, goal)
}

func (k *siteKnowledge) RecordScript(ctx context.Context, sc agent.Script) error {
	m, err := k.mem(ctx)
	if err != nil {
		return err
	}
	return m.RecordScript(ctx, sc)
}

func (k *siteKnowledge) Learn(ctx context.Context, l agent.Lesson) error {
	m, err := k.mem(ctx)
	if err != nil {
		return err
	}
	return m.Learn(ctx, l)
}

// closeBase closes the knowledge base if it is open, so its next use opens it again with
// the settings in force then.
func (k *siteKnowledge) closeBase() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	b := k.base.v
	k.base = lazy[*knowledge.Base]{}
	if b == nil {
		return nil
	}
	return b.Close()
}

// Close closes what was opened.
func (k *siteKnowledge) Close() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	var errs []error
	if k.base.v != nil {
		errs = append(errs, k.base.v.Close())
	}
	if k.memory.v != nil {
		errs = append(errs, k.memory.v.Close())
	}
	return errors.Join(errs...)
}
