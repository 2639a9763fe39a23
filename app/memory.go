package app

import (
	"context"
	"errors"
	"path/filepath"

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

// Learn keeps what a correction on the page obs taught: for goal, failed did not work and
// worked did. Both actions' ids are read in obs (the page both were tried on).
func (m *Memory) Learn(ctx context.Context, obs page.Observation, goal string, failed, worked page.Action) (skills.Skill, error) {
	return m.Skills.Learn(ctx, skills.Lesson{URL: obs.URL, Goal: goal, Failed: recorded.Of(failed, obs),
		Succeeded: recorded.Of(worked, obs), Page: recorded.PageSignature(obs)})
}

// Hints returns the skills that may help goal on the page obs, best first; report each
// one's outcome with m.Skills.Used.
func (m *Memory) Hints(ctx context.Context, obs page.Observation, goal string) ([]skills.Match, error) {
	return m.Skills.Find(ctx, skills.Query{URL: obs.URL, Goal: goal, Page: recorded.PageSignature(obs)})
}

// Played is a step a completed errand verified, with the page it acted on.
type Played struct {
	Action page.Action
	Page   page.Observation // the observation the action's id belongs to
}

// RecordReplay keeps a completed errand as a script to replay, replacing the one recorded
// for the same instruction from the same start page.
func (m *Memory) RecordReplay(ctx context.Context, goal, startURL string, played []Played) (replay.Script, error) {
	steps := make([]recorded.Step, len(played))
	for i, p := range played {
		steps[i] = recorded.Of(p.Action, p.Page)
	}
	sc, err := replay.Record(goal, startURL, steps)
	if err != nil {
		return replay.Script{}, err
	}
	return m.Replays.Save(ctx, sc)
}

// FindReplay returns the script that replays goal from the page at url and its steps with
// this goal's values, for the fast path's resolver; ok is false when none matches.
func (m *Memory) FindReplay(ctx context.Context, url, goal string) (sc replay.Script, b replay.Bindings, steps []recorded.Step, ok bool, err error) {
	sc, b, ok, err = m.Replays.Find(ctx, url, goal)
	if err != nil || !ok {
		return replay.Script{}, nil, nil, false, err
	}
	steps, err = replay.Instantiate(sc, b)
	if err != nil {
		return replay.Script{}, nil, nil, false, err
	}
	return sc, b, steps, true, nil
}

// HealReplay rewrites step i of a script after the model re-inferred it on obs (its element
// no longer resolved): the script replays the healed step from now on.
func (m *Memory) HealReplay(ctx context.Context, sc replay.Script, b replay.Bindings, i int, healed page.Action, obs page.Observation) error {
	out, err := sc.Rewrite(i, recorded.Of(healed, obs), b)
	if err != nil {
		return err
	}
	return m.Replays.Update(ctx, out)
}
