// Package rules judges the free text of a goal the fast path could not read as commands:
// how clear it is (vague terms, references, no action named, too short) and whether it is
// "fill in the form". Commands themselves are read by engine/understand, together with the
// page (docs/understanding.md); there is no second parser.
package rules

import (
	"regexp"
	"strings"
)

// verbWords are the action verbs: free text without one names no action.
const verbWords = `click|tap|hit|push|press|activate|follow|open|type|enter|input|write|put|insert|fill|key in|set|complete|change|update|populate|select|choose|pick|check|tick|uncheck|untick|enable|disable|turn|switch|mark|unmark|go|goto|navigate|visit|load|browse|back|scroll|wait|clear`

var (
	verbAny     = regexp.MustCompile(`(?i)\b(?:` + verbWords + `)\b`)
	reVague     = regexp.MustCompile(`(?i)\b(something|stuff|whatever|anything|thing|things|somewhere|somehow|etc)\b`)
	reReference = regexp.MustCompile(`(?i)\b(it|that|this|them|those|these|there)\b`)
	reComplex   = regexp.MustCompile(`(?i)\b(add|create|register|book|schedule|find|search|look up|compare|summari[sz]e|buy|order|update|edit|change|fill out|fill in the form|complete the form)\b`)
)

var reFillForm = regexp.MustCompile(`(?i)^\s*(?:please\s+)?(?:fill|complete)\s+(?:in\s+|out\s+)?(?:the\s+|this\s+)?form\s*[.!]?\s*$`)

// FillForm recognises "fill in the form": the one goal without values the fast path can
// still carry out, by asking for each field's value.
func FillForm(goal string) bool { return reFillForm.MatchString(goal) }

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
