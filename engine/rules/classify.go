package rules

import (
	"regexp"
	"strings"
)

// Complexity is the routing verdict of docs/decisions.md D-7: SIMPLE goals take the fast path,
// COMPLEX ones need context analysis and planning by a model.
type Complexity struct {
	Level      string    `json:"complexity"` // "SIMPLE" or "COMPLEX"
	Confidence float64   `json:"confidence"`
	Reason     string    `json:"reason"`
	Commands   []Command `json:"commands,omitempty"`
}

var (
	reVague     = regexp.MustCompile(`(?i)\b(something|stuff|whatever|anything|thing|things|somewhere|somehow|etc)\b`)
	reReference = regexp.MustCompile(`(?i)\b(it|that|this|them|those|these|there)\b`)
	reComplex   = regexp.MustCompile(`(?i)\b(add|create|register|book|schedule|find|search|look up|compare|summari[sz]e|buy|order|update|edit|change|fill out|fill in the form|complete the form)\b`)
)

// Classify decides the route of a goal without a model. A goal that parses completely into
// explicit commands is SIMPLE; anything else is COMPLEX, with the heuristics giving the
// reason.
func Classify(goal string) Complexity {
	cmds, ok := Parse(goal)
	if ok {
		conf := 0.95
		if reVague.MatchString(goal) {
			conf = 0.7
		}
		return Complexity{Level: "SIMPLE", Confidence: conf, Reason: "explicit commands", Commands: cmds}
	}
	words := len(strings.Fields(goal))
	switch {
	case reComplex.MatchString(goal):
		return Complexity{Level: "COMPLEX", Confidence: 0.85, Reason: "asks for a form fill, a search or a multi-step change"}
	case words < 5:
		return Complexity{Level: "COMPLEX", Confidence: 0.6, Reason: "too short to name an action and a target"}
	}
	return Complexity{Level: "COMPLEX", Confidence: 0.7, Reason: "not an explicit command"}
}

var reFillForm = regexp.MustCompile(`(?i)^\s*(?:please\s+)?(?:fill|complete)\s+(?:in\s+|out\s+)?(?:the\s+|this\s+)?form\s*[.!]?\s*$`)

// FillForm recognises "fill in the form": the one goal without values the rules model can
// still carry out, by asking for each field's value.
func FillForm(goal string) (Command, bool) {
	if !reFillForm.MatchString(goal) {
		return Command{}, false
	}
	return Command{Verb: VerbFill, Target: "form", Raw: strings.TrimSpace(goal)}, true
}

// GoalClarity is intent clarity for a goal that is not explicit commands: besides vague
// terms and references, a goal with no action verb ("Help me") or of one or two words says
// too little to act on.
func GoalClarity(goal string) (float64, []string) {
	score, why := IntentClarity(goal, false)
	if !verbAny.MatchString(goal) && !reComplex.MatchString(goal) {
		score -= 0.4
		why = append(why, "no action named")
	}
	if len(strings.Fields(goal)) < 3 {
		score -= 0.2
		why = append(why, "very short")
	}
	return max(0, score), why
}

// IntentClarity is the first confidence factor: 1 minus penalties for vague terms,
// ambiguous references and, in free text, several action verbs.
func IntentClarity(goal string, explicit bool) (float64, []string) {
	score := 1.0
	var why []string
	if n := len(reVague.FindAllString(goal, -1)); n > 0 {
		score -= 0.2 * float64(n)
		why = append(why, "vague terms")
	}
	// Quoted values may contain "it"; only the unquoted text counts.
	if n := len(reReference.FindAllString(StripQuoted(goal), -1)); n > 0 {
		score -= 0.15 * float64(n)
		why = append(why, "ambiguous references")
	}
	if !explicit && len(verbAny.FindAllString(goal, -1)) > 1 {
		score -= 0.1
		why = append(why, "several action verbs")
	}
	return max(0, min(1, score)), why
}

var reQuotedText = regexp.MustCompile(`'[^']*'|"[^"]*"|‘[^’]*’|“[^”]*”`)

// StripQuoted removes quoted values, so what is typed is never read as instructions.
func StripQuoted(s string) string { return reQuotedText.ReplaceAllString(s, "") }
