package understand

import (
	"cmp"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/internal/round"
)

// cand is one element a phrase may mean.
type cand struct {
	node  int // index into the tree
	score float64
	// option is the option of a select the phrase named, -1 for none.
	option int
	// ownWords: the qualifier's words are in the element's own name ("Save Casa do Rio"
	// for "the heart on Casa do Rio"), which says more than a context that holds them.
	ownWords bool
	// member: the words named only the element's group or row, none of its own name.
	member bool
}

// ref is the verdict on one element phrase ("the second Delete button for Tom Baker").
type ref struct {
	cands      []cand // best first
	ambiguous  bool   // the two best are about equally good
	indefinite bool   // "a button", "any link"
	det        string // the determiner said, if any
	ordinal    int
	roleOnly   bool // no name was said: "the dropdown"
	role       string
	// unexplained are the phrase's tokens that no reading accounts for.
	unexplained []int
}

func (r ref) best() (cand, bool) {
	if len(r.cands) == 0 || r.cands[0].score < minMatch {
		return cand{}, false
	}
	return r.cands[0], true
}

const (
	// minMatch is the score under which a candidate is no match.
	minMatch = 0.5
	// ambiguityGap is how close two scores must be to count as equal.
	ambiguityGap = 0.1
	// roleOnlyScore is the match of a phrase that names only a role, when one element has it.
	roleOnlyScore = 0.95
)

// phrase is one reading of an element phrase.
type phrase struct {
	det        string
	indefinite bool
	ordinal    int
	rw         *roleWord
	roleKey    string
	types      []string
	name       []int // token positions that name the element
	near       []int // token positions of the qualifier's words
	explained  []bool
	closeish   bool // "the x", "close button"
	// typeWordOnly: the type word went into types, so the phrase may name no name.
	typeWordOnly bool
	kindNoun     bool // a trailing kind noun was set aside: "the … task"
	keepKind     bool // read the kind noun as part of the name (the other reading)
	keepRole     bool // read a trailing role noun as part of the name ("Copy link")
	quoted       bool
	rowOrdinal   bool // the ordinal counts rows: "the trash icon on the second row"
}

// resolve reads an element phrase against the page for a verb.
func (ix *index) resolve(toks []token, v verb) ref {
	key := resolveKey(toks, v)
	if len(ix.scope) > 0 {
		key += "\x01" + strings.Join(ix.scope, " ") // read inside a section (sections.go)
	}
	if r, ok := ix.resolved[key]; ok {
		return r
	}
	r := ix.resolveOnce(toks, v)
	ix.resolved[key] = r
	return r
}

// resolveKey names a phrase and verb for the memo: the words, their kinds and the verb.
func resolveKey(toks []token, v verb) string {
	var b strings.Builder
	b.WriteString(string(v))
	for _, t := range toks {
		b.WriteByte(0)
		b.WriteByte(byte('0' + t.kind))
		b.WriteString(t.key)
		if t.kind == tokQuoted {
			b.WriteString(t.raw)
		}
	}
	return b.String()
}

func (ix *index) resolveOnce(toks []token, v verb) ref {
	var best ref
	bestScore := -1.0
	for _, p := range readings(toks) {
		r := ix.score(toks, p, v)
		s := -0.2 * float64(len(r.unexplained))
		if b, ok := r.best(); ok {
			s += b.score
		}
		if s > bestScore || s == bestScore && ix.namedWhole(toks, r) && !ix.namedWhole(toks, best) {
			best, bestScore = r, s
		}
	}
	return best
}

// score rates every element against one reading of a phrase.
func (ix *index) score(toks []token, p phrase, v verb) ref {
	r := ref{indefinite: p.indefinite, det: p.det, ordinal: p.ordinal, roleOnly: len(p.name) == 0, role: p.roleKey}
	p, nameKeys, nearKeys := phraseKeys(toks, p)
	if at, ok := ix.kindNear(toks, p); ok {
		// "cancel my appointment" under "Your appointments": the noun says no row.
		p.explained[at] = true
		p.name = slices.DeleteFunc(slices.Clone(p.name), func(k int) bool { return k == at })
		p.near = slices.DeleteFunc(slices.Clone(p.near), func(k int) bool {
			if possessive[toks[k].key] {
				p.explained[k] = true // "my" said of the kind, no word of a row
			}
			return k == at || possessive[toks[k].key]
		})
		p, nameKeys, nearKeys = phraseKeys(toks, p)
	}
	explainedName := make([]bool, len(nameKeys))
	explainedNear := make([]bool, len(nearKeys))
	pool := ix.pool(p, v, nameKeys)
	if pool == nil && p.kindNoun && v == vOpen && len(nameKeys) == 0 && len(nearKeys) > 0 {
		// "open the message from 김민준": only the kind of thing is said and what tells
		// it apart, which a row that is one control holds in its own name. Only to open
		// it: "delete the message from …" must not click the message.
		pool = ix.holding(nearKeys)
	}
	for _, i := range pool {
		if !ix.inScope(i) {
			continue
		}
		c, used, usedNear, ok := ix.scoreNode(i, p, v, nameKeys, nearKeys)
		if !ok {
			continue
		}
		orInto(explainedName, used)
		orInto(explainedNear, usedNear)
		r.cands = append(r.cands, c)
	}
	if _, ok := r.best(); !ok && len(nameKeys) > 0 && len(nearKeys) == 0 {
		// No element has the name; the words may name a group: "the 3rd size" is a
		// member of the Size group, picked by the ordinal.
		members := ix.groupMembers(nameKeys)
		if p.ordinal != 0 && !ix.alike(members) {
			// "the 2nd carer" beside the fields of "Parent or carer 1" is no field of
			// that section: an ordinal counts a group's members only when they are
			// alternatives of one kind (sizes, slots), not a form's different fields.
			members = nil
		}
		for _, i := range members {
			if fit := roleFit(v, p, ix.nodes[i]); fit > 0 {
				r.cands = append(r.cands, cand{node: i, score: round.Hundredths(groupScore * fit), option: -1, member: true})
				explainedName = fill(len(nameKeys))
			}
		}
	}
	if !slices.ContainsFunc(toks, func(t token) bool { return t.kind == tokWord && indefinite[t.key] }) {
		ix.liftSoleHolder(&r, nameKeys, nearKeys)
	}
	ix.rank(&r, p)
	if _, ok := r.best(); ok || len(nameKeys)+len(nearKeys) == 0 {
		for k, pos := range p.name {
			if k < len(explainedName) && explainedName[k] || p.closeish {
				p.explained[pos] = true
			}
		}
		for k, pos := range p.near {
			if k < len(explainedNear) && explainedNear[k] {
				p.explained[pos] = true
			}
		}
	}
	for k, e := range p.explained {
		if !e && toks[k].kind != tokPunct && !ignorable[toks[k].key] {
			r.unexplained = append(r.unexplained, k)
		}
	}
	return r
}

// liftSoleHolder raises the one field, box, switch or radio whose name holds every word
// said, two at least that are not grammar, when no other does: "the ready reminder" is
// "Remind me when my prescription is ready" however many words the label has beside them
// (docs/understanding.md item 47).
func (ix *index) liftSoleHolder(r *ref, nameKeys, nearKeys []string) {
	content := 0
	for _, k := range nameKeys {
		if !smallWord(k) && !stateVerbs[k] {
			content++
		}
	}
	if content < 2 || len(nearKeys) > 0 || r.indefinite {
		return // "the piano is on" is one word of a name and its grammar; "a tag" any one
	}
	hit := -1
	for k, c := range r.cands {
		if c.option >= 0 || !holdsAlike(ix.names[c.node], nameKeys) {
			continue
		}
		if n := ix.nodes[c.node]; !isField(n) && n.Role != page.RoleCheckbox && n.Role != page.RoleSwitch && n.Role != page.RoleRadio {
			return // a button named by some of its words may be one of many ("exported users.csv")
		}
		if hit >= 0 {
			return
		}
		hit = k
	}
	if hit >= 0 && r.cands[hit].score < soleHolderScore {
		r.cands[hit].score = soleHolderScore
		if ix.lifted == nil {
			ix.lifted = map[int]bool{}
		}
		ix.lifted[r.cands[hit].node] = true
	}
}

// soleHolderScore is how well the words name the one element that has them all: enough to
// act on with the reading announced, not as much as its name said whole.
const soleHolderScore = 0.85

// phraseKeys are the match keys of a reading's name and nearby words. Articles inside a
// name are as optional as they are on the page, and "next to it" points back at the
// element just used: both are explained and left out.
func phraseKeys(toks []token, p phrase) (phrase, []string, []string) {
	if len(p.name) > 1 {
		kept := p.name[:0:0]
		for _, k := range p.name {
			if t := toks[k]; t.kind == tokWord && (t.key == "the" || t.key == "a" || t.key == "an") {
				p.explained[k] = true
				continue
			}
			kept = append(kept, k)
		}
		if len(kept) > 0 {
			p.name = kept
		}
	}
	if len(p.near) == 1 && (toks[p.near[0]].key == "it" || toks[p.near[0]].key == "that" || toks[p.near[0]].key == "this") {
		p.explained[p.near[0]] = true
		p.near = nil
	}
	keys := func(at []int) []string {
		out := make([]string, 0, len(at))
		for _, k := range at {
			if toks[k].kind == tokQuoted {
				out = append(out, matchKeys(toks[k].raw)...)
				continue
			}
			out = append(out, toks[k].key)
		}
		return out
	}
	return p, keys(p.name), keys(p.near)
}

// holding is the elements whose own name holds every one of keys (the row that is one
// control), or else those whose name or context holds one of them.
func (ix *index) holding(keys []string) []int {
	var own, out []int
	for i := range ix.nodes {
		if c, _ := containment(keys, nil, ix.names[i]); c == 1 {
			own = append(own, i)
		}
	}
	if own != nil {
		return own
	}
	for _, k := range keys {
		out = mergeInts(out, mergeInts(ix.byKey[k], ix.ctxIndex()[k]))
	}
	return out
}

// pool is the elements a reading may mean: the close controls, those whose name uses its
// words, or those of its role.
func (ix *index) pool(p phrase, v verb, nameKeys []string) []int {
	var pool []int
	switch {
	case p.closeish:
		for i, n := range ix.nodes {
			if isCloseControl(n) {
				pool = append(pool, i)
			}
		}
	case len(nameKeys) > 0:
		pool = ix.nodesWith(nameKeys)
		if len(p.types) > 0 || p.roleKey == "search" {
			pool = mergeInts(pool, ix.byRole(p, v))
		}
	case p.rw != nil || p.roleKey != "" || len(p.types) > 0:
		pool = ix.byRole(p, v)
	}
	return pool
}

// scoreNode rates one element against a reading, with the name and nearby words it
// explains (none of the name's when it is under minMatch); ok is false when it does not
// fit at all.
func (ix *index) scoreNode(i int, p phrase, v verb, nameKeys, nearKeys []string) (c cand, used, usedNear []bool, ok bool) {
	n := ix.nodes[i]
	fit := roleFit(v, p, n)
	if fit == 0 {
		return cand{}, nil, nil, false
	}
	s := 0.0
	switch {
	case p.closeish:
		s, used = 1, fill(len(nameKeys))
	case len(nameKeys) == 0:
		s = roleOnlyScore
	default:
		s, used = ix.nameMatch(nameKeys, i)
		if ts, ok := typeOnly(nameKeys, p.types, n); ok && ts > s {
			s, used = ts, fill(len(nameKeys))
		}
		// Words the name lacks may name the element's group: "size M" is the M of
		// the Size group, "the Delete Tom Baker" the Delete in Tom Baker's row.
		if s > 0 && s < 1 {
			// A tab is a kind of things, not one: "the mid-range tyre" under "Choose your
			// tyres" is a tyre the Mid-range tab shows, not the tab.
			headFromGroup := n.Role == page.RoleTab && !used[len(used)-1]
			if gs, gu, ok := groupExplains(nameKeys, used, ix.nameFor(i, nameKeys), ix.ctx(i)); ok && gs > s && !headFromGroup {
				s, used = gs, gu
			}
		}
	}
	if s < 0.3 {
		return cand{}, nil, nil, false
	}
	s *= fit
	c = cand{node: i, option: -1}
	if len(nearKeys) > 0 {
		near, u := containment(nearKeys, ix.ctx(i), ix.names[i])
		s *= 0.4 + 0.6*near
		if near >= 0.5 {
			usedNear = u
		}
		own, _ := containment(nearKeys, nil, ix.names[i])
		c.ownWords = own == 1
	}
	if n.Has("disabled") {
		s *= 0.6
	}
	if n.Occ {
		s *= 0.9
	}
	if s < minMatch {
		used = nil // too weak a match explains none of the name's words
	}
	c.score = round.Hundredths(s)
	return c, used, usedNear, true
}

// rank orders the candidates: the ordinal's pick first, or the best, marking a tie
// between different elements as ambiguous unless one holds the nearby words itself.
func (ix *index) rank(r *ref, p phrase) {
	slices.SortStableFunc(r.cands, func(a, b cand) int { return cmp.Compare(b.score, a.score) })
	if p.ordinal != 0 {
		if p.rowOrdinal {
			r.cands = ix.inRows(r.cands)
		}
		r.cands = pickOrdinal(r.cands, p.ordinal)
		return
	}
	if len(r.cands) >= 2 {
		a, b := r.cands[0], r.cands[1]
		if b.score >= minMatch && tied(a.score, b.score) && !sameThing(ix.nodes[a.node], ix.nodes[b.node]) {
			r.ambiguous = true
			if k, ok := onlyOwnWords(r.cands); ok {
				r.cands[0], r.cands[k] = r.cands[k], r.cands[0]
				r.ambiguous = false
			}
		}
	}
}

// tied reports two scores about equal: less than ambiguityGap apart, the gap itself
// measured without the rounding of float subtraction (1 − 0.9 is a hair under 0.1).
func tied(a, b float64) bool { return a-b < ambiguityGap-1e-9 }

// pickOrdinal moves the nth good candidate in document order to the front.
func pickOrdinal(cands []cand, ordinal int) []cand {
	if len(cands) == 0 {
		return cands
	}
	floor := max(minMatch, cands[0].score-ambiguityGap)
	var good []cand
	for _, c := range cands {
		if c.score >= floor {
			good = append(good, c)
		}
	}
	slices.SortFunc(good, func(a, b cand) int { return a.node - b.node })
	idx := ordinal - 1
	if ordinal < 0 {
		idx = len(good) + ordinal
	}
	if idx < 0 || idx >= len(good) {
		return nil
	}
	chosen := good[idx]
	chosen.score = max(chosen.score, cands[0].score)
	out := []cand{chosen}
	for _, c := range cands {
		if c.node != chosen.node {
			out = append(out, c)
		}
	}
	return out
}

// sameThing reports two elements that do the same: links with one name and a real
// address (a nav link and a button-styled link to one page). Links to "#" or to script do
// whatever their row's script says, so they are not the same.
func sameThing(a, b page.Node) bool {
	return a.Role == page.RoleLink && b.Role == page.RoleLink && a.Value == b.Value && realAddress(a.Value) &&
		fold(a.Name) == fold(b.Name)
}

func realAddress(v string) bool {
	return v != "" && !strings.HasSuffix(v, "#") && !strings.HasPrefix(strings.ToLower(v), "javascript:")
}
