package agent

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// verdict is Tier-1 verification of one action: deterministic, no tokens.
type verdict struct {
	ok       bool
	evidence string
}

// verifyOutcome checks one executed action against what the runner saw afterwards and the
// final observation. newErrors are error messages that were not on the page before.
func verifyOutcome(o page.Outcome, obs page.Observation, last bool, newErrors []string) verdict {
	if o.Err != nil {
		return verdict{false, o.Err.Message}
	}
	a := o.Action
	target := o.Target
	if target == nil && a.Kind.NeedsElement() {
		if n, ok := obs.Node(a.ID); ok {
			target = &n
		}
	}
	var v verdict
	switch a.Kind {
	case page.SetValue:
		v = verifyValue(target, a)
	case page.Select:
		switch {
		case target == nil:
			v = verdict{false, "the dropdown left the page"}
		case strings.EqualFold(strings.TrimSpace(target.Value), strings.TrimSpace(a.Text)):
			v = verdict{true, fmt.Sprintf("%s now shows %q", page.Describe(*target), target.Value)}
		default:
			v = verdict{false, fmt.Sprintf("%s shows %q, not %q", page.Describe(*target), target.Value, a.Text)}
		}
	case page.Check, page.Uncheck:
		want := a.Kind == page.Check
		switch {
		case target == nil:
			v = verdict{false, "the checkbox left the page"}
		case target.Has("checked") == want:
			v = verdict{true, fmt.Sprintf("%s is %s", page.Describe(*target), map[bool]string{true: "checked", false: "unchecked"}[want])}
		default:
			v = verdict{false, fmt.Sprintf("%s did not change", page.Describe(*target))}
		}
	case page.Click, page.Press:
		v = verifyEffect(o)
		if a.Kind == page.Press && a.Text != "Enter" {
			v = verdict{true, "key sent"}
		}
	case page.Navigate:
		if o.DidURLChange || sameURL(o.URLAfter, a.Text) {
			v = verdict{true, "now at " + o.URLAfter}
		} else {
			v = verdict{false, "the address did not change"}
		}
	case page.GoBack:
		v = verdict{o.DidURLChange, "back at " + o.URLAfter}
	default:
		v = verdict{true, "done"}
	}
	if v.ok && last && len(newErrors) > 0 {
		return verdict{false, "the page shows an error: " + strings.Join(newErrors, "; ")}
	}
	return v
}

func verifyValue(target *page.Node, a page.Action) verdict {
	if target == nil {
		return verdict{false, "the field left the page"}
	}
	name := page.Describe(*target)
	if a.Sensitive || target.Type == "password" {
		if target.Value != "" {
			return verdict{true, name + " is filled (hidden)"}
		}
		return verdict{false, name + " is empty"}
	}
	if sameValue(target.Value, a.Text, target.Type) {
		return verdict{true, fmt.Sprintf("%s now holds %q", name, target.Value)}
	}
	return verdict{false, fmt.Sprintf("%s holds %q, not %q", name, target.Value, a.Text)}
}

// sameValue compares what was typed with what the field shows; date fields show the
// ISO form whatever was typed.
func sameValue(got, want, typ string) bool {
	got, want = strings.TrimSpace(got), strings.TrimSpace(want)
	if got == want || strings.EqualFold(got, want) {
		return true
	}
	if typ == "date" {
		if iso, ok := isoDate(want); ok {
			return got == iso
		}
	}
	return false
}

// verifyEffect accepts a click when the page visibly reacted.
func verifyEffect(o page.Outcome) verdict {
	switch {
	case o.DidURLChange:
		return verdict{true, "the page moved to " + o.URLAfter}
	case o.DidNetworkOccur && o.DidDomMutate:
		return verdict{true, "the page sent a request and changed"}
	case o.DidDomMutate:
		return verdict{true, "the page changed"}
	case o.DidNetworkOccur:
		return verdict{true, "the page sent a request"}
	}
	return verdict{false, "nothing changed on the page"}
}

func sameURL(a, b string) bool {
	trim := func(s string) string {
		s = strings.TrimSuffix(s, "/")
		for _, p := range []string{"https://", "http://"} {
			s = strings.TrimPrefix(s, p)
		}
		return strings.TrimPrefix(s, "www.")
	}
	return trim(a) == trim(b)
}

// newMessages returns the error messages of now that were not in before.
func newMessages(before, now []string) []string {
	var out []string
	for _, m := range now {
		if !slices.Contains(before, m) {
			out = append(out, m)
		}
	}
	return out
}

// errorMessages picks the error messages of an observation; Messages holds both kinds,
// so only a page that says it has errors contributes.
func errorMessages(o page.Observation) []string {
	if !o.HasErrors {
		return nil
	}
	var out []string
	for _, m := range o.Messages {
		if looksLikeError(m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return o.Messages
	}
	return out
}

// errorWords are what a message that reports a problem says. A page that refuses a step
// often names no error at all: "Choose a product from the suggestions first", "Sorry, we
// could not find that address" (browser/signals.js ERR_WORDS tells the page's errors the
// same way).
var errorWords = regexp.MustCompile(`(?i)error|invalid|required|failed|must|cannot|can't|couldn't|could not|unable|not allowed|not found|missing|wrong|\bsorry\b|try again|\bfirst[.!]?\s*$`)

func looksLikeError(m string) bool { return errorWords.MatchString(m) }
