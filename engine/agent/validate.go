package agent

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/errand-app/errand/engine/rules"
	"github.com/errand-app/errand/internal/round"
)

// Validation is the pre-validation result of docs/decisions.md D-6, plus Danger: "confirm"
// when the goal is destructive or irreversible (its risky steps will be confirmed),
// "rejected" when it must not be run at all.
type Validation struct {
	Status               string    `json:"status"` // passed | failed
	Failures             []Failure `json:"failures"`
	TotalConfidenceDelta float64   `json:"total_confidence_delta"`
	SuggestedQuestions   []string  `json:"suggested_questions"`
	Danger               string    `json:"danger,omitempty"`
}

// Failure is one check that did not pass. Severity "error" fails validation; "warning"
// only lowers confidence by Delta.
type Failure struct {
	Check    string  `json:"check"`
	Severity string  `json:"severity"`
	Message  string  `json:"message"`
	Delta    float64 `json:"delta,omitempty"`
}

// The six checks of docs/decisions.md D-6.
const (
	CheckNonEmpty     = "non_empty"
	CheckLength       = "length"
	CheckTools        = "tools_available"
	CheckGrammar      = "grammar"
	CheckDanger       = "dangerous_intent"
	CheckContext      = "context_completeness"
	DangerConfirm     = "confirm"
	DangerRejected    = "rejected"
	severityError     = "error"
	severityWarning   = "warning"
	shortGoalPenalty  = -0.1
	quotePenalty      = -0.1
	gibberishPenalty  = -0.2
	referencePenalty  = -0.05
	noValuesPenalty   = -0.05
	suggestWhatToDo   = "What would you like me to do on this page?"
	suggestWhatValues = "What values should I enter?"
)

var (
	// Things a browser errand cannot do: the page is all Errand can touch.
	reNoTool = regexp.MustCompile(`(?i)\b(print (?:it|this|the|out)|print\b$|upload (?:a |the |my )?(?:file|photo|document|picture)|attach (?:a |the )?file|phone call|call (?:me|him|her|them|my)\b|text message|send (?:an? )?sms|run (?:a |the )?(?:program|command|script|shell)|open (?:the |a )?terminal|install (?:a |the )?(?:program|app|software|extension))\b`)
	// Credential exfiltration and circumvention are refused outright (docs/decisions.md
	// D-6, D-38).
	reExfiltrate = regexp.MustCompile(`(?i)\b(send|post|upload|share|copy|paste|email|mail|forward|export|leak|exfiltrate|give)\b.{0,40}\b(passwords?|credentials|cookies|session (?:tokens?|cookies?)|api keys?|private keys?|secret keys?|credit card numbers?|card numbers?|cvv|social security numbers?|ssn)\b.{0,40}\b(to|into|on|at)\b`)
	reCircumvent = regexp.MustCompile(`(?i)\b(steal|phish|brute[- ]?force|crack (?:the |a )?password|bypass (?:the )?(?:captcha|login|paywall|2fa|two[- ]factor|authentication)|disable (?:the )?(?:antivirus|security|firewall))\b`)
	// Destructive or irreversible intent: allowed, but every risky step is confirmed.
	reDestructive = regexp.MustCompile(`(?i)\b(delete|remove|erase|wipe|destroy|purge|pay|purchase|buy|checkout|transfer|send|publish|unsubscribe|deactivate|close (?:my |the )?account|cancel (?:my |the )?(?:order|subscription|account))\b`)
	reReferences  = regexp.MustCompile(`(?i)\b(it|that|them|those|these)\b`)
	reNoValueVerb = regexp.MustCompile(`(?i)^\s*(?:type|enter|input|write|put)\s+(?:in(?:to)?|on)\b`)
)

// validate runs the six checks of docs/decisions.md D-6 before any planning: non-empty,
// length, tools available, grammar sanity, dangerous intent and context completeness. An
// empty, over-long, impossible or dangerous goal fails with a clear message; the others
// lower confidence and suggest a question. clarified says the person already answered
// questions on this task, which gives references their context.
func (a *Agent) validate(goal string, clarified bool) Validation {
	v := Validation{Status: "passed", Failures: []Failure{}, SuggestedQuestions: []string{}}
	fail := func(check, msg string) {
		v.Status = "failed"
		v.Failures = append(v.Failures, Failure{Check: check, Severity: severityError, Message: msg})
	}
	warn := func(check, msg string, delta float64, question string) {
		v.Failures = append(v.Failures, Failure{Check: check, Severity: severityWarning, Message: msg, Delta: delta})
		v.TotalConfidenceDelta = round.Hundredths(v.TotalConfidenceDelta + delta)
		if question != "" {
			v.SuggestedQuestions = append(v.SuggestedQuestions, question)
		}
	}
	n := len([]rune(goal))
	switch {
	case n == 0:
		fail(CheckNonEmpty, "The goal is empty. Say what to do, for example: type 'Jas' into Name and click Save.")
		return v
	case n > a.limits.MaxGoalLength:
		fail(CheckLength, fmt.Sprintf("The goal is %d characters long; the limit is %d. Split it into shorter errands.", n, a.limits.MaxGoalLength))
		return v
	case n < a.limits.ShortGoalLength:
		warn(CheckLength, fmt.Sprintf("The goal is only %d characters; it may not say enough.", n), shortGoalPenalty, suggestWhatToDo)
	}
	if a.set.Subsystems.NoPreValidation {
		v.Failures, v.TotalConfidenceDelta, v.SuggestedQuestions = []Failure{}, 0, []string{}
		return v
	}
	if m := reNoTool.FindString(goal); m != "" {
		fail(CheckTools, fmt.Sprintf("Errand works inside web pages and cannot %q. Ask for something a page can do.", strings.ToLower(m)))
	}
	switch g := grammar(goal); g {
	case "no words":
		fail(CheckGrammar, "The goal has no words in it. Say what to do, for example: click Save.")
	case "unbalanced quote":
		warn(CheckGrammar, "A quote is not closed, so a value may be cut short.", quotePenalty, "Which exact text should I type?")
	case "gibberish":
		warn(CheckGrammar, "Parts of the goal do not look like words.", gibberishPenalty, suggestWhatToDo)
	}
	switch {
	case reExfiltrate.MatchString(goal) && !strings.Contains(strings.ToLower(goal), "password reset") || reCircumvent.MatchString(goal):
		v.Danger = DangerRejected
		fail(CheckDanger, "Refused: this would hand over secrets or get round a protection. Errand never sends passwords, keys or card numbers anywhere, and never bypasses a login or CAPTCHA.")
	case reDestructive.MatchString(goal):
		v.Danger = DangerConfirm
		v.Failures = append(v.Failures, Failure{Check: CheckDanger, Severity: severityWarning,
			Message: fmt.Sprintf("This may %s something that cannot be undone; I will ask you before that step.", strings.ToLower(reDestructive.FindString(goal)))})
	}
	unquoted := rules.StripQuoted(goal)
	if !clarified && reReferences.MatchString(unquoted) {
		ref := strings.ToLower(reReferences.FindString(unquoted))
		warn(CheckContext, fmt.Sprintf("%q has nothing earlier to refer to.", ref), referencePenalty, fmt.Sprintf("What does %q refer to?", ref))
	}
	if rules.FillForm(goal) || reNoValueVerb.MatchString(goal) {
		warn(CheckContext, "No values were given.", noValuesPenalty, suggestWhatValues)
	}
	return v
}

// grammar is a sanity check, not a parser: words present, quotes closed, no key mash.
func grammar(goal string) string {
	letters := 0
	for _, r := range goal {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters == 0 {
		return "no words"
	}
	if strings.Count(goal, `"`)%2 == 1 || strings.Count(goal, "“") != strings.Count(goal, "”") ||
		strings.Count(rules.StripQuoted(goal), "'")%2 == 1 && !strings.Contains(goal, "'s ") && !strings.Contains(goal, "n't") {
		return "unbalanced quote"
	}
	for _, w := range strings.Fields(rules.StripQuoted(goal)) {
		if gibberishWord(w) {
			return "gibberish"
		}
	}
	return ""
}

// gibberishWord spots key mash: a long run with no vowel, or one letter many times over.
func gibberishWord(w string) bool {
	w = strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }))
	if len(w) < 6 || strings.ContainsAny(w, "0123456789") {
		return false
	}
	run, last, vowels := 1, rune(0), 0
	for _, r := range w {
		if strings.ContainsRune("aeiouy", r) {
			vowels++
		}
		if r == last {
			run++
			if run >= 4 {
				return true
			}
		} else {
			run = 1
		}
		last = r
	}
	return vowels == 0
}
