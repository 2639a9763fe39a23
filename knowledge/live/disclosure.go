package live

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/errand-app/errand/engine/page"
)

// Kind is the kind of disclosure control a press may use.
type Kind string

// The disclosure controls live ingestion presses.
const (
	Tab    Kind = "tab"    // a tab that is not the selected one
	Toggle Kind = "toggle" // an accordion header, a <details> summary: aria-expanded="false" or closed
	More   Kind = "more"   // "Show more", "Read more", "Load more", "See all", "Expand"
)

// Control is an element of the observation with what the observation leaves out and the
// decision needs, read from the page beside it.
type Control struct {
	page.Node
	// Collapsed: aria-expanded="false", or the summary of a closed <details>. The
	// observation only says "expanded", which cannot tell a collapsed disclosure from a
	// plain button.
	Collapsed bool
	// Leaves: a link (or an element inside one) to another document than the page's.
	Leaves bool
	// Submits: a form's submit button.
	Submits bool
}

// Classify decides whether pressing c only reveals content of the page, and how: a tab
// that is not selected, a collapsed accordion or <details>, or a "show more" button. It
// never allows a form's submit, a link that leaves the page, a field, a switch, a control
// that opens a menu or dialog, or anything whose name commits to something (delete, buy,
// send…: a disclosure is never named so). why says why not, for the log.
func Classify(c Control) (kind Kind, why string) {
	switch {
	case c.Has("disabled"):
		return "", "disabled"
	case c.Occ:
		return "", "behind a dialog"
	case c.Type == "submit" || c.Submits:
		return "", "submits a form"
	case c.Leaves:
		return "", "a link to another page"
	}
	if w := riskyWord(c.Name); w != "" {
		return "", "risky: " + w
	}
	switch c.Role {
	case page.RoleButton, page.RoleTab, page.RoleLink:
	default:
		return "", "not a button, tab or link"
	}
	if c.Has("popup") {
		return "", "opens a menu or dialog"
	}
	if c.Role == page.RoleTab {
		if c.Has("selected") {
			return "", "the tab is open"
		}
		return Tab, ""
	}
	switch {
	case c.Collapsed:
		return Toggle, ""
	case c.Has("expanded"):
		return "", "already open"
	case reMore.MatchString(normName(c.Name)):
		return More, ""
	}
	return "", "not a disclosure control"
}

// reMore matches the names of buttons that show more of what is there.
var reMore = regexp.MustCompile(`^(?:(?:show|see|view|read|load|display)(?: \d+)? (?:more|all|full|details|everything|the rest)|expand(?: all)?|more(?: details| info| information)?)\b`)

// reRisky matches names that commit to something: the disclosure controls Errand presses
// are never named so, and a wrong guess here only loses a panel, never data or money.
// Only the imperative counts: "Deleting a project" and "Removing members" head sections.
var reRisky = regexp.MustCompile(`\b(delete|remove|erase|destroy|discard|purge|wipe|pay|purchase|buy|checkout|check out|order now|place order|send|transfer|publish|unsubscribe|subscribe|deactivate|close account|cancel (?:subscription|order|booking|account|plan)|terminate|revoke|reset|sign out|log ?out|logout|submit|confirm|book now|reserve|upload|install|uninstall)\b`)

// riskyWord is the word of name that commits to something, if any. A question ("Can I pay
// by invoice?", the summary of an FAQ entry) commits to nothing.
func riskyWord(name string) string {
	if strings.HasSuffix(strings.TrimSpace(name), "?") {
		return ""
	}
	return reRisky.FindString(normName(name))
}

// normName lower-cases a name, drops what decorates it (arrows, ellipses, counts in
// brackets) and collapses its spaces.
func normName(s string) string {
	s = strings.ToLower(s)
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r):
			return r
		}
		return ' '
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
