package agent

import (
	"context"
	"fmt"
)

// Critic scores a plan and improves it (the feedback and refine prompts of
// docs/decisions.md D-21). A model implements it; the self-refine loop below owns when to
// stop.
type Critic interface {
	Score(ctx context.Context, plan PlanView) (Feedback, error)
	Refine(ctx context.Context, plan PlanView, fb Feedback) (PlanView, error)
}

// Feedback is a plan's evaluation (docs/decisions.md D-21).
type Feedback struct {
	Score       float64  `json:"score"`
	Issues      []string `json:"issues" max:"5"`
	Suggestions []string `json:"suggestions" max:"5"`
}

// SelfRefineUpdate is the selfRefineUpdate event.
type SelfRefineUpdate struct {
	Iteration     int      `json:"iteration"`
	MaxIterations int      `json:"maxIterations"`
	PreviousScore float64  `json:"previousScore"`
	NewScore      float64  `json:"newScore"`
	Improvements  []string `json:"improvements"`
}

// Self-refine limits (docs/decisions.md D-21).
const (
	refineGoodEnough    = 0.9
	maxRefineIterations = 3
)

// SelfRefine is the loop of docs/decisions.md D-21: score the plan; at 0.9 or more it is
// done; otherwise refine and score again, at most 3 iterations, stopping as soon as a
// refinement does not improve the score. It returns the best plan seen and its feedback;
// update receives one SelfRefineUpdate per refinement.
func SelfRefine(ctx context.Context, c Critic, plan PlanView, update func(SelfRefineUpdate)) (PlanView, Feedback, error) {
	fb, err := c.Score(ctx, plan)
	if err != nil {
		return plan, Feedback{}, fmt.Errorf("self-refine: score: %w", err)
	}
	for it := 1; it <= maxRefineIterations && fb.Score < refineGoodEnough; it++ {
		next, err := c.Refine(ctx, plan, fb)
		if err != nil {
			return plan, fb, fmt.Errorf("self-refine: refine %d: %w", it, err)
		}
		nfb, err := c.Score(ctx, next)
		if err != nil {
			return plan, fb, fmt.Errorf("self-refine: score %d: %w", it, err)
		}
		if update != nil {
			update(SelfRefineUpdate{Iteration: it, MaxIterations: maxRefineIterations, PreviousScore: fb.Score,
				NewScore: nfb.Score, Improvements: fb.Suggestions})
		}
		if nfb.Score <= fb.Score {
			break // not improving: keep the best so far
		}
		plan, fb = next, nfb
	}
	return plan, fb, nil
}
