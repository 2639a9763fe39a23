package app

import (
	"context"
	"errors"
	"path/filepath"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge/recorded"
	"github.com/errand-app/errand/knowledge/replay"
	"github.com/errand-app/errand/knowledge/skills"
)

// MemoryFile is the file in the data directory that holds what Errand learned on its own:
// skills from corrections and replay scripts of completed errands (docs/memory.md).
const MemoryFile = "memory.db"

// Memory is Errand's learned memory: the skills and the replay scripts.
type Memory struct {
	Skills  *skills.Store
	Replays *replay.Store
}

// OpenMemory opens the memory in the data directory dir. clk = nil is the wall clock.
func OpenMemory(ctx context.Context, dir string, clk clock.Clock) (*Memory, error) {
	path := filepath.Join(dir, MemoryFile)
	sk, err := skills.Open(ctx, path, skills.Options{Clock: clk})
	if err != nil {
		return nil, err
	}
	rp, err := replay.Open(ctx, path, replay.Options{Clock: clk})
	if err != nil {
		_ = sk.Close()
		return nil, err
	}
	return &Memory{Skills: sk, Replays: rp}, nil
}

// Close closes both stores.
func (m *Memory) Close() error {
	return errors.Join(m.Skills.Close(), m.Replays.Close())
}

var _ agent.Memory = (*Memory)(nil)

// Learn keeps what a correction taught (agent.Memory).
func (m *Memory) Learn(ctx context.Context, l agent.Lesson) error {
	_, err := m.Skills.Learn(ctx, skills.Lesson{URL: l.URL, Goal: l.Goal, Failed: l.Failed, Succeeded: l.Worked, Page: l.Page})
	return err
}

// Hints returns the skills that may help goal on the page obs, best first; report each
// one's outcome with m.Skills.Used.
func (m *Memory) Hints(ctx context.Context, obs page.Observation, goal string) ([]skills.Match, error) {
	return m.Skills.Find(ctx, skills.Query{URL: obs.URL, Goal: goal, Page: recorded.PageSignature(obs)})
}

// RecordScript keeps a completed errand as a script to replay, replacing the one recorded
// for the same instruction from the same start page (agent.Memory). A replay that had to
// heal a step is recorded again the same way, so the script learns the new element.
func (m *Memory) RecordScript(ctx context.Context, s agent.Script) error {
	sc, err := replay.Record(s.Goal, s.StartURL, s.Steps)
	if err != nil {
		return err
	}
	_, err = m.Replays.Save(ctx, sc)
	return err
}

// FindScript returns the script that replays goal from the page at url, its steps with
// this goal's values, and counts the use (agent.Memory).
func (m *Memory) FindScript(ctx context.Context, url, goal string) (agent.Script, bool, error) {
	sc, b, ok, err := m.Replays.Find(ctx, url, goal)
	if err != nil || !ok {
		return agent.Script{}, false, err
	}
	steps, err := replay.Instantiate(sc, b)
	if err != nil {
		return agent.Script{}, false, err
	}
	if err := m.Replays.Used(ctx, sc.ID); err != nil {
		return agent.Script{}, false, err
	}
	return agent.Script{ID: sc.ID, Goal: sc.Goal, Steps: steps}, true, nil
}
