package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// An item's own menu, named by the item and the menu's look: "Open Kids in the pool
// through its three-dot menu", "Make Hiking the ridge the album cover from its ⋯ menu".
// Each item of a list has such a button; "its" says which: the one whose name or row holds
// the item's words said before it. The button is clicked first; the clause's other words
// (its verb, "the album cover") name the entry of the menu it opens, bound once it is
// open (docs/understanding.md, item 56).

// itsMarkers put the menu after what is done with it: "from its ⋯ menu", "through its
// three-dot menu", "with its menu", "in its menu".
var itsMarkers = set("from", "through", "via", "using", "with", "in", "on")

// menuLookNouns are the words for the control a menu hangs from, besides its look.
var menuLookNouns = set("menu", "button", "icon", "options", "actions")

func (r *reader) itsMenu(body []token, changed bool) clause {
	m := slices.IndexFunc(body, func(t token) bool { return t.kind == tokWord && t.key == "its" })
	if m < 3 || !itsMarkers[body[m-1].key] || changed && r.revealed {
		return clause{}
	}
	var look []string
	for _, t := range trimEnd(slices.Clone(body[m+1:])) {
		look = append(look, t.key)
	}
	if !slices.ContainsFunc(look, func(k string) bool { return k == "menu" }) {
		return clause{}
	}
	shape := slices.DeleteFunc(slices.Clone(look), func(k string) bool { return menuLookNouns[k] })
	head := body[:m-1]
	v, n := verbAt(head, 0)
	span, best, tie := []token(nil), -1, false
	for i, nd := range r.ix.nodes {
		if !nd.Has("popup") || nd.Occ || nd.Has("expanded") {
			continue
		}
		if len(shape) > 0 {
			if s, _ := r.ix.nameMatch(shape, i); s < 0.85 {
				continue
			}
		}
		own := slices.Concat(r.ix.names[i], matchKeys(r.ix.rowText(i)))
		sp := itemSpan(head[n:], own)
		switch {
		case len(sp) == 0:
		case len(sp) > len(span):
			span, best, tie = sp, i, false
		case len(sp) == len(span):
			tie = true
		}
	}
	if best < 0 || tie {
		return clause{}
	}
	// What the clause says besides the item names the menu's entry: "the album cover"; a
	// verb alone is the entry ("Open", "Download").
	var rest []token
	for _, t := range head[n:] {
		if t.start < span[0].start || t.end > span[len(span)-1].end {
			rest = append(rest, t)
		}
	}
	rest = trimEnd(rest)
	if len(rest) == 0 || !slices.ContainsFunc(rest, func(t token) bool { return !smallWord(t.key) }) {
		rest = head[:n]
	}
	if len(rest) == 0 {
		return clause{}
	}
	iv := vClick
	if v == vCheck || v == vUncheck || v == vToggle {
		iv = v
	}
	open := r.bindClause(vClick, "", best, 0.95, "", false, joinRaw(body[m-1:]))
	words := joinRaw(rest)
	open.cmds = append(open.cmds, Command{Verb: menuItemVerb + string(iv), Phrase: words, Words: joinRaw(body)})
	open.grounded = append(open.grounded, Grounding{Words: joinRaw(span), As: "context"})
	if n > 0 {
		open.grounded = append(open.grounded, Grounding{Words: joinRaw(head[:n]), As: "verb"})
	}
	open.quality, open.changes, open.deferred = 0.9, true, true
	return open.readAs(joinRaw(body), "“"+words+"” in the menu of “"+page.Describe(r.ix.nodes[best])+"”")
}

// itemSpan is the longest run of words that are all words of own, with one word that is no
// small word: the item's name as said ("Kids in the pool").
func itemSpan(toks []token, own []string) []token {
	var out []token
	for a := range toks {
		for b := a + 1; b <= len(toks); b++ {
			t := toks[b-1]
			if t.kind == tokPunct || !slices.Contains(own, t.key) && !smallWord(t.key) {
				break
			}
			if b-a > len(out) && !smallWord(toks[a].key) && !smallWord(t.key) {
				out = toks[a:b]
			}
		}
	}
	if strings.TrimSpace(joinRaw(out)) == "" {
		return nil
	}
	return out
}
