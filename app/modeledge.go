package app

import (
	"context"
	"errors"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm"
)

// EventModelProgress carries a running model call's llm.CallProgress to the faces: the
// window's "model working" panel, the CLI's spinner line, the NDJSON stream. It is
// emitted here, at the model's edge, until the agent's runner emits it with the task's id.
const EventModelProgress = agent.EventModelProgress

// machine is what is known of this machine now.
func (s *Service) machine() llm.Machine {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.facts.Machine
}

// withProgress makes the task's model calls report to its sink.
func withProgress(ctx context.Context, sink agent.Sink) context.Context {
	if sink == nil {
		return ctx
	}
	return llm.WithProgress(ctx, func(p llm.CallProgress) {
		sink.Emit(agent.Event{Type: EventModelProgress, Payload: p})
	})
}

// afterTask runs when a task ends, whatever its outcome: the models it kept loaded go
// back to Ollama's usual keep-alive, Ollama is asked where it put them (GPU or CPU:
// the first load is when that becomes known) and the measured speeds are saved. It runs
// past a cancelled task's context, within a short deadline of its own.
func (s *Service) afterTask(ctx context.Context, su *setup) {
	if su.model == nil || !su.model.Holding() {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	loaded, err := su.model.Loaded(ctx)
	if err := errors.Join(err, su.model.Release(ctx)); err != nil {
		s.log.Debug("after the task's model calls", "err", err)
	}
	known, gpu := llm.GPUFrom(loaded)
	s.mu.Lock()
	changed := known && (!s.facts.Machine.GPUKnown || s.facts.Machine.GPU != gpu)
	if changed {
		s.facts.Machine.GPUKnown, s.facts.Machine.GPU = true, gpu
	}
	s.facts.Speeds = s.speeds.Snapshot()
	facts := s.facts
	s.mu.Unlock()
	if err := writeJSONFile(s.dataDir, machineFile, facts); err != nil {
		s.log.Warn("save the machine's measurements", "err", err)
	}
	if !changed {
		return
	}
	// The recommendation may now be another planner: the next task uses it unless the
	// person chose one. A settings change that landed meanwhile wins.
	if next, err := s.newSetup(su.cfg); err == nil {
		s.live.CompareAndSwap(su, next)
	}
}

// PullAdvice says, before a pull, when a model is too big for this machine's memory.
func (s *Service) PullAdvice(model string) string {
	return llm.RAMAdvice(s.machine(), model)
}
