package agent

// Profile names one of the two routing profiles (docs/decisions.md D-9, D-11).
type Profile string

const (
	// ProfileDesktop asks, assumes and announces, or proceeds (docs/decisions.md D-9).
	ProfileDesktop Profile = "desktop"
	// ProfileAPI executes, requests approval or requests clarification (docs/decisions.md
	// D-11).
	ProfileAPI Profile = "api"
)

// Routes a decision can take (`errand assess`'s route, the confidenceReport's recommendation).
const (
	RouteProceed        = "proceed"
	RouteAssumeAnnounce = "assume_announce"
	RouteApproval       = "approval"
	RouteAsk            = "ask"
	RouteRejected       = "rejected"
)

// Weights are the four factors' weights; the zero value takes 0.3/0.3/0.2/0.2
// (docs/decisions.md D-8).
type Weights struct {
	Intent, Target, Value, Determinism float64
}

// Thresholds split confidence into routes. For the desktop profile Ask is where asking
// stops and Proceed where announcing stops (0.5, 0.9); for the api profile Ask is where
// clarification stops and Proceed where approval stops (0.55, 0.85). Zero takes the
// profile's default.
type Thresholds struct {
	Ask, Proceed float64
}

// Subsystems switch off one of the four subsystems (docs/decisions.md D-12); the zero
// value has all on. Safety is not a subsystem: a risky action is confirmed whatever these
// say.
type Subsystems struct {
	NoPreValidation    bool `json:"noPreValidation,omitempty"`
	NoGradedConfidence bool `json:"noGradedConfidence,omitempty"`
	NoApprovalGates    bool `json:"noApprovalGates,omitempty"`
	NoClarification    bool `json:"noClarification,omitempty"`
}

// Settings are the decision layer's knobs (docs/decisions.md D-12); the zero value is the
// desktop profile with the decisions' numbers and every subsystem on.
type Settings struct {
	Profile    Profile
	Thresholds Thresholds
	Weights    Weights
	Subsystems Subsystems
	// ReviewPlans makes every plan wait for Execute/Cancel before it runs.
	ReviewPlans bool
	// AnnounceMs is the assume-and-announce countdown; 0 = 3000.
	AnnounceMs int
	// DayFirst reads a date like 03/05/2027 as 3 May (the locale's order); the default
	// is month first. Either way the reading is announced.
	DayFirst bool
}

func (s Settings) withDefaults() Settings {
	if s.Profile == "" {
		s.Profile = ProfileDesktop
	}
	if s.Weights == (Weights{}) {
		s.Weights = Weights{Intent: 0.3, Target: 0.3, Value: 0.2, Determinism: 0.2}
	}
	if s.Thresholds.Ask == 0 {
		s.Thresholds.Ask = map[Profile]float64{ProfileDesktop: 0.5, ProfileAPI: 0.55}[s.Profile]
	}
	if s.Thresholds.Proceed == 0 {
		s.Thresholds.Proceed = map[Profile]float64{ProfileDesktop: 0.9, ProfileAPI: 0.85}[s.Profile]
	}
	if s.AnnounceMs == 0 {
		s.AnnounceMs = 3000
	}
	return s
}

// routeFor is the routing table (docs/decisions.md D-9, D-11) for one decision. approved
// says the person already approved this task's plan; announced that every assumption in
// the decision was already announced and let stand.
func (s Settings) routeFor(conf float64, approved, announced, firstDecision bool) string {
	if s.Subsystems.NoApprovalGates {
		return RouteProceed
	}
	if conf < s.Thresholds.Ask {
		if s.Subsystems.NoClarification {
			// The API profile with clarification off: only approve or reject (D-11, D-12).
			if approved {
				return RouteProceed
			}
			return RouteApproval
		}
		return RouteAsk
	}
	if s.ReviewPlans && firstDecision && !approved {
		return RouteApproval
	}
	if conf >= s.Thresholds.Proceed {
		return RouteProceed
	}
	if s.Profile == ProfileAPI {
		if approved {
			return RouteProceed
		}
		return RouteApproval
	}
	if announced || approved {
		return RouteProceed
	}
	return RouteAssumeAnnounce
}
