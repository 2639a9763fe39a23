package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Rows and icons: what a person calls a control that has no words of its own. A bin in
// the row of "Tom Baker – Lunch on Friday?" is "delete Tom Baker's lunch email"; a ♡ on
// the card of "Casa do Rio" is "the heart on Casa do Rio".

// iconWords are the words people use for the symbols controls are drawn with. The list
// is closed, like the other lists of lexicon.go.
var iconWords = map[string][]string{
	"🗑": {"trash", "bin", "delete", "remove", "discard"}, "🗑️": {"trash", "bin", "delete", "remove", "discard"},
	"×": {"close", "remove", "delete", "x"}, "✕": {"close", "remove", "delete", "x"}, "✖": {"close", "remove", "delete", "x"},
	// A filled star or heart is on already: "star" does not name it, "unstar" does.
	"☆": {"star"}, "★": {"unstar"}, "⭐": {"unstar"},
	"♡": {"heart", "favourite", "favorite", "shortlist", "wishlist"}, "🤍": {"heart", "favourite", "favorite", "shortlist", "wishlist"},
	"♥": {"heart", "unfavourite"}, "❤": {"heart", "unfavourite"},
	"🗄": {"archive"}, "✏": {"edit", "pencil", "rename"}, "✎": {"edit", "pencil", "rename"},
	"+": {"plus", "increase"}, "＋": {"plus", "increase"},
	"−": {"minus", "decrease"}, "-": {"minus", "decrease"}, "–": {"minus", "decrease"},
	"⋮": {"dots"}, "⋯": {"dots"}, "🔍": {"search", "magnifier"},
	"⚙": {"settings", "gear", "cog"}, "🔖": {"bookmark", "save"}, "↻": {"refresh", "reload"},
	"👍": {"thumbs"}, "👎": {"thumbs"},
}

// iconNouns are the names people give a control by its look, with the words and symbols
// such a control is named by: "the heart" is a "Save …" or "♡" button, "the bin" a
// "Delete" or "🗑" one.
var iconNouns = map[string][]string{
	"heart": {"save", "favourite", "favorite", "like", "wishlist", "♡", "♥", "❤", "🤍"},
	"trash": {"delete", "remove", "🗑", "🗑️"}, "bin": {"delete", "remove", "🗑", "🗑️"},
	"star":  {"star", "☆"}, // not a filled ★: "star it" must not unstar it "pencil": {"edit", "rename", "✏", "✎"},
	"cross": {"close", "remove", "delete", "×", "✕", "✖"}, "plus": {"add", "increase", "+", "＋"},
	"minus": {"decrease", "remove", "−", "-", "–"}, "gear": {"settings", "⚙"}, "cog": {"settings", "⚙"},
	"magnifier": {"search", "🔍"}, "bookmark": {"save", "🔖"},
	// "the three dots", "the hamburger": the button that opens more, by its look.
	"dots": {"more", "⋮", "⋯", "…"}, "ellipsis": {"more", "⋮", "⋯", "…"}, "kebab": {"more", "⋮"},
	"hamburger": {"menu", "☰"},
}

// dotCounts are the counts people put before the dots of a "more" button: "the three
// dots", "the 3-dot menu", "the triple-dot icon".
var dotCounts = set("three", "3", "triple")

// lookCompounds makes a look said with its count one word: "three dots", "3-dot" and
// "three dot" are "dots", which lookAlikes reads; the count is no ordinal or repeat.
func lookCompounds(toks []token) []token {
	if !slices.ContainsFunc(toks, func(t token) bool { return strings.Contains(t.key, "dot") }) {
		return toks
	}
	out := make([]token, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tokWord {
			out = append(out, t)
			continue
		}
		for c := range dotCounts {
			if rest, ok := strings.CutPrefix(t.key, c); ok && (rest == "dot" || rest == "dots") {
				t.key = "dots"
			}
		}
		if dotCounts[t.key] && i+1 < len(toks) && (toks[i+1].key == "dot" || toks[i+1].key == "dots") {
			n := toks[i+1]
			t = token{raw: t.raw + " " + n.raw, key: "dots", kind: tokWord, start: t.start, end: n.end}
			i++
		}
		out = append(out, t)
	}
	return out
}

// iconAliases are the words a name made only of symbols goes by ("🗑" is "bin", "delete").
func iconAliases(keys []string) []string {
	if len(keys) != 1 {
		return nil
	}
	k := strings.TrimSuffix(keys[0], "\ufe0f") // the emoji presentation selector
	return iconWords[k]
}

// rowText is the text a person reads as an element's row or item, for an element whose
// own name does not tell it apart (a name several elements share, a symbol): the name of
// the row or clickable item it sits in, or the text right before it ("GitHub · @laylah"
// before a Disconnect button), or the control beside it on its line. An element with a
// name of its own gets none: the text before it may as well describe the one before.
func (ix *index) rowText(i int) string {
	if ix.before == nil {
		ix.before = make(map[int][]string)
		ix.labelAfter = make(map[int]bool)
		ix.itemHead = make(map[int][]string)
		ix.lineAfter = make(map[int][]string)
		ix.byID = make(map[string]int)
		ix.shared = make(map[string]int)
		for _, b := range ix.obs.Text {
			if b.Site || b.Level != 0 || b.At >= len(ix.nodes) {
				continue
			}
			if prev := b.At - 1; prev >= 0 && ix.nodes[prev].Name == "" && besideBox(b.Box, ix.nodes[prev].Box) && !besideBox(b.Box, ix.nodes[b.At].Box) {
				// Text on the line of a nameless element before it, and not on this one's,
				// is that one's label ("☐ Comments"): the row text of neither.
				ix.labelAfter[b.At-1] = true
				continue
			}
			if b.At == 0 || nearerBelow(b.Box, ix.nodes[b.At-1].Box, ix.nodes[b.At].Box) {
				ix.before[b.At] = append(ix.before[b.At], b.Text)
				if b.At == 0 || !besideBox(b.Box, ix.nodes[b.At-1].Box) {
					ix.itemHead[b.At] = append(ix.itemHead[b.At], b.Text)
				}
			}
			if b.At > 0 && besideBox(b.Box, ix.nodes[b.At-1].Box) {
				ix.lineAfter[b.At-1] = append(ix.lineAfter[b.At-1], b.Text)
			}
		}
		hasControls := slices.ContainsFunc(ix.obs.Groups, func(g page.Group) bool { return g.Kind == page.GroupControl })
		for k, n := range ix.nodes {
			if hasControls {
				ix.byID[n.ID] = k
			}
			ix.shared[n.Name]++
		}
	}
	n := ix.nodes[i]
	if ix.shared[n.Name] < 2 && hasWordRune(n.Name) {
		return ""
	}
	if g := n.Group; g > 0 && g <= len(ix.obs.Groups) {
		switch grp := ix.obs.Groups[g-1]; grp.Kind {
		case page.GroupRow:
			return grp.Name
		case page.GroupControl:
			// Only an icon takes the item's name: a control with words of its own inside
			// a clickable item (a card, a whole panel) is named by them.
			if k, ok := ix.byID[grp.Node]; ok && k != i && !hasWordRune(n.Name) {
				return ix.nodes[k].Name
			}
		}
	}
	if ix.labelAfter[i] {
		return ""
	}
	if len(ix.before[i]) > 0 {
		if t, ok := ix.cardTitle(i, n); ok && len(ix.itemHead[i]) > 0 {
			return t + " " + strings.Join(ix.before[i], " ")
		}
		return strings.Join(ix.before[i], " ")
	}
	var item []string
	if head, ok := ix.itemStart(i); ok {
		// "Save for later", "Remove", "Qty" under one product's name: the text before the
		// first of them names the item all of them belong to.
		item = head
	}
	if len(ix.lineAfter[i]) > 0 {
		// "☐ Mark as done  Buy milk": the text after a repeated control on its line.
		item = append(slices.Clone(item), ix.lineAfter[i]...)
	}
	if len(item) > 0 {
		return strings.Join(item, " ")
	}
	if i > 0 && n.Group == 0 && sameLine(ix.nodes[i-1], n) && ix.nodes[i-1].Ctx == n.Ctx {
		// A control beside the one before it on the same line: the × after a task's
		// checkbox removes that task.
		return ix.nodes[i-1].Name
	}
	return ""
}

// itemStart finds the text before the run of repeated controls an element ends: each control of the run has a name several elements share,
// a name other than this one's, and the same context and group.
func (ix *index) itemStart(i int) ([]string, bool) {
	n := ix.nodes[i]
	for k := i - 1; k >= 0 && i-k <= 4; k-- {
		p := ix.nodes[k]
		if p.Name == n.Name || ix.shared[p.Name] < 2 && hasWordRune(p.Name) || p.Group != n.Group || p.Ctx != n.Ctx || ix.labelAfter[k] {
			return nil, false
		}
		if len(ix.before[k]) > 0 {
			if len(ix.itemHead[k]) > 0 {
				if t, ok := ix.cardTitle(k, n); ok {
					return slices.Concat([]string{t}, ix.itemHead[k]), true
				}
				return ix.itemHead[k], true
			}
			// Text on the line of the control before it ("☐ Buy milk  Edit  Delete")
			// names the item of that line: this one's only when it is on that line too.
			return ix.before[k], sameLine(p, n)
		}
	}
	return nil, false
}

// cardTitle is the name of the link or button right before the text that starts an item,
// when it is the item's own title: a card's "Neuromancer" link before "William Gibson ·
// 1984" and its Reserve button. It names the item as much as the text under it does.
func (ix *index) cardTitle(k int, n page.Node) (string, bool) {
	if k == 0 {
		return "", false
	}
	t := ix.nodes[k-1]
	// A title may repeat ("Dune" the book and "Dune" the audiobook), but less than the
	// item's controls do: the control before may be the last of the item before.
	if t.Role != page.RoleLink && t.Role != page.RoleButton || ix.shared[t.Name] >= ix.shared[n.Name] || !hasWordRune(t.Name) ||
		t.Group != n.Group || t.Ctx != n.Ctx {
		return "", false
	}
	return t.Name, true
}

// nearerBelow reports text that belongs with the element below it rather than with the
// one above: on its line, or closer to its top than to the other's bottom (a label above a
// field, a product's name above its button; not a note under the element before).
func nearerBelow(text, above, below [4]int) bool {
	if besideBox(text, below) {
		return true
	}
	if text[3] == 0 || above[3] == 0 || below[3] == 0 {
		return false
	}
	gapAbove := text[1] - (above[1] + above[3])
	gapBelow := below[1] - (text[1] + text[3])
	return gapAbove < 0 || gapBelow <= gapAbove // not under the one above at all, or nearer this one
}

// sameLine reports two elements on one line.
func sameLine(a, b page.Node) bool { return besideBox(a.Box, b.Box) }

// besideBox reports two boxes (x, y, width, height) that share their vertical middle.
func besideBox(a, b [4]int) bool {
	if a[3] == 0 || b[3] == 0 {
		return false
	}
	ma, mb := a[1]+a[3]/2, b[1]+b[3]/2
	return ma >= b[1] && ma <= b[1]+b[3] && mb >= a[1] && mb <= a[1]+a[3]
}

// byLook replaces the words of q that name a control by its look with the word of the
// element's name they stand for: "heart" is the "Save" of "Save Casa do Rio".
func (ix *index) byLook(i int, q []string) ([]string, bool) {
	var out []string
	for k, w := range q {
		for _, alt := range lookAlikes(w) {
			if slices.Contains(ix.names[i], alt) && !slices.Contains(q, alt) {
				if out == nil {
					out = slices.Clone(q)
				}
				out[k] = alt
				break
			}
		}
	}
	return out, out != nil
}

// drawnLook replaces a word of q that names a control by its look with the symbol the
// element draws: "the dots" is the ⋮ of a button named "More options".
func (ix *index) drawnLook(i int, q []string) ([]string, bool) {
	for k, w := range q {
		for _, alt := range lookAlikes(w) {
			if slices.Contains(ix.syms[i], alt) && !slices.Contains(q, alt) {
				out := slices.Clone(q)
				out[k] = alt
				return out, true
			}
		}
	}
	return nil, false
}

// nameFor is the name an element is matched by for the words q: its own, or the icon
// word q uses for its symbol ("bin" for 🗑).
func (ix *index) nameFor(i int, q []string) []string {
	for _, a := range ix.alias[i] {
		for _, w := range q {
			if w == a {
				return []string{a}
			}
		}
	}
	return ix.names[i]
}

// inRows keeps the candidates that sit in a row or a clickable item, when some do: "the
// second row" counts rows, not every element that fits ("Trash" in the menu is no row).
func (ix *index) inRows(cands []cand) []cand {
	var out []cand
	for _, c := range cands {
		if g := ix.nodes[c.node].Group; g > 0 && g <= len(ix.obs.Groups) {
			if k := ix.obs.Groups[g-1].Kind; k == page.GroupRow || k == page.GroupControl {
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 {
		return cands
	}
	return out
}

// onlyOwnWords finds the one candidate, among those about as good as the best, whose own
// name holds the qualifier's words.
func onlyOwnWords(cands []cand) (int, bool) {
	hit := -1
	for k, c := range cands {
		if !tied(cands[0].score, c.score) {
			break
		}
		if c.ownWords {
			if hit >= 0 {
				return 0, false
			}
			hit = k
		}
	}
	return hit, hit >= 0
}
