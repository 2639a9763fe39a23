package agent

import (
	"math"
	"regexp"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
	"github.com/errand-app/errand/internal/round"
)

// Breakdown holds the four factors of docs/decisions.md D-8, each in [0, 1].
type Breakdown struct {
	IntentClarity     float64 `json:"intentClarity"`
	TargetMatch       float64 `json:"targetMatch"`
	ValueConfidence   float64 `json:"valueConfidence"`
	ActionDeterminism float64 `json:"actionDeterminism"`
}

// Confidence is one decision's confidence report (the confidenceReport event's payload).
type Confidence struct {
	Overall        float64   `json:"overall"`
	Breakdown      Breakdown `json:"breakdown"`
	Delta          float64   `json:"preValidationDelta,omitempty"`
	HighRisk       bool      `json:"highRisk,omitempty"`
	Recommendation string    `json:"recommendation"`
	Reasons        []string  `json:"reasons,omitempty"`
}

const (
	riskMultiplier       = 0.7
	unquotedMultiPenalty = 0.9
)

// RecommendConfirm is the recommendation for a decision that waits on a risky action's
// confirm; the others are the routes.
const RecommendConfirm = "confirm"

// factor is one command's contribution to the report.
type factor struct {
	target, value, determinism float64
	risky                      bool
	vague                      bool    // the goal is not explicit commands: judge its intent as free text
	intent                     float64 // a model's plan score, which stands for intent clarity; 0 = none
}

// intentScore is intent clarity for a decision with its reasons.
type intentScore struct {
	value float64
	why   []string
}

// score combines the factors of a decision with intent clarity. With graded confidence
// off it is the bimodal score: 1 when every target was found, else 0.
func score(set Settings, intent intentScore, delta float64, fs []factor, reasons []string) Confidence {
	ic, why := intent.value, intent.why
	c := Confidence{Breakdown: Breakdown{IntentClarity: ic, TargetMatch: 1, ValueConfidence: 1, ActionDeterminism: 1}}
	c.Reasons = append(why, reasons...)
	if len(fs) > 0 {
		var t, v, d float64
		for _, f := range fs {
			t += f.target
			v += f.value
			d += f.determinism
			c.HighRisk = c.HighRisk || f.risky
		}
		n := float64(len(fs))
		c.Breakdown.TargetMatch, c.Breakdown.ValueConfidence, c.Breakdown.ActionDeterminism = round.Hundredths(t/n), round.Hundredths(v/n), round.Hundredths(d/n)
	}
	c.Delta = delta
	b, w := c.Breakdown, set.Weights
	overall := w.Intent*b.IntentClarity + w.Target*b.TargetMatch + w.Value*b.ValueConfidence +
		w.Determinism*b.ActionDeterminism + c.Delta
	if set.Subsystems.NoGradedConfidence {
		overall = 0
		if b.TargetMatch >= understand.MinMatch && b.ValueConfidence >= understand.MinMatch {
			overall = 1
		}
	}
	if c.HighRisk {
		overall *= riskMultiplier
	}
	c.Overall = round.Hundredths(math.Max(0, math.Min(1, overall)))
	c.Recommendation = RouteProceed
	if c.HighRisk {
		c.Recommendation = RecommendConfirm
	}
	return c
}

// commandFactor scores one bound command. Words the reader grounded are never judged
// vague or short: only a long unquoted value, which may have swallowed words meant as
// instructions, costs value confidence.
func commandFactor(c understand.Command, a page.Action, match float64, risky bool) factor {
	f := factor{target: 1, value: 1, determinism: 1, risky: risky}
	if a.Kind.NeedsElement() {
		f.target = match
	}
	switch a.Kind {
	case page.SetValue, page.Select:
		if !c.Quoted && countWords(a.Text) > 2 {
			f.value = unquotedMultiPenalty
		}
	case page.ScrollTo, page.Wait:
		f.determinism = 0.9
	}
	return f
}

func countWords(s string) int {
	n, in := 0, false
	for _, r := range s {
		if r == ' ' {
			in = false
		} else if !in {
			in, n = true, n+1
		}
	}
	return n
}

// reRisky names actions that destroy, pay, send or publish (docs/decisions.md D-38): they
// always need a confirm, whatever the confidence.
var reRisky = regexp.MustCompile(`(?i)\b(delete|remove|erase|destroy|discard|purge|pay|payment|purchase|buy|checkout|check out|place order|order now|send|transfer|publish|post now|unsubscribe|deactivate|close account|terminate|revoke|wipe|reset all)\b`)

// isRisky reports whether acting on n is high-risk. Page text cannot lower the risk: it is
// decided from the element's own name and the goal's wording, never from instructions.
func isRisky(a page.Action, n page.Node) bool {
	switch a.Kind {
	case page.Click, page.Press:
		return reRisky.MatchString(n.Name) || (n.Type == "submit" && reRisky.MatchString(n.Ctx))
	}
	return false
}
