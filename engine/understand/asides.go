package understand

import (
	"regexp"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/internal/round"
)

// asideScore is what a name said without its bracketed aside scores: people say
// "the reference" for "Reference (shown to the recipient)", but a name said whole wins.
const asideScore = 0.95

// clipScore is what a compound choice said by its first part scores ("semi" for
// "Semi-detached"): enough for a statement, never for a control behind another.
const clipScore = 0.85

// nameParts parts a name said two ways: "Send RSVP · 返信する", "Postcode / Cod post".
var nameParts = regexp.MustCompile(`\s+[·/|]\s+`)

// asideCut is where a choice's aside starts (a price or note after a spaced dash or in
// brackets: "Plus – €9.90/day", "Basic (included)"), or len(name) when it has none.
func asideCut(name string) int {
	cut := len(name)
	for _, sep := range []string{" – ", " — ", " - ", " (", " ["} {
		if i := strings.Index(name, sep); i > 0 && i < cut {
			cut = i
		}
	}
	return cut
}

// nameOrBare scores the person's words against an element's name, and a field's against
// its label without a bracketed aside ("(optional)", "(shown to the recipient)") when that
// fits better. A button's aside is kept: "Delete (draft)" beside "Delete all" is told
// apart by it, and "Delete" names neither. A name said two ways is either way.
func (ix *index) nameOrBare(q []string, i int) (float64, []bool) {
	s, used := phraseMatch(q, ix.names[i])
	name := ix.nodes[i].Name
	if s < asideScore && strings.ContainsAny(name, "·/|") {
		// "Joyfully accepts · 出席します", "English / Cymraeg": a name in two languages or
		// two wordings is either one, said whole.
		for _, part := range nameParts.Split(name, -1) {
			if b, u := phraseMatch(q, ix.keysFor(part)); b >= 1 {
				return asideScore, u
			}
		}
	}
	if r := ix.nodes[i].Role; s < asideScore && (r == page.RoleOption || r == page.RoleRadio) {
		// "Thursday – Chew Valley & Winford": a choice said without its aside is named
		// whole, as a field is.
		if cut := asideCut(name); s > 0 && cut < len(name) {
			if b, u := phraseMatch(q, ix.keysFor(name[:cut])); b >= 1 {
				return asideScore, u
			}
		}
		if head, ok := clipped(ix.nodes[i]); ok && len(q) == 1 && head == q[0] {
			return clipScore, []bool{true} // "a semi" for "Semi-detached"
		}
	}
	k := strings.IndexAny(name, "([")
	if c := strings.LastIndexByte(name, ':'); c > 0 && (k <= 0 || c < k) {
		if _, ok := numberIn(name[c+1:]); ok {
			k = c // "Tip for the driver: 10%": the label shows the value it is set to
		}
	}
	if s >= asideScore || k <= 0 || !isField(ix.nodes[i]) {
		return s, used
	}
	bare := ix.keysFor(name[:k])
	if len(bare) == 0 {
		return s, used
	}
	if b, u := phraseMatch(q, bare); round.Hundredths(b*asideScore) > s {
		return round.Hundredths(b * asideScore), u
	}
	return s, used
}

// clipped is the first part of a choice named by one compound word ("semi" of
// "Semi-detached"), which people say for the whole.
func clipped(n page.Node) (string, bool) {
	if n.Role != page.RoleOption && n.Role != page.RoleRadio {
		return "", false
	}
	name := strings.TrimSpace(n.Name)
	head, _, ok := strings.Cut(name, "-")
	if !ok || len(head) < 3 || strings.ContainsAny(name, " \t") {
		return "", false
	}
	return fold(head), true
}
