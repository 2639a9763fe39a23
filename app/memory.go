package app

import (
	"context"
	"errors"
	"path/filepath"

	"github.com/errand-app/errand/engine/clock"
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
