package understand

import (
	"slices"
	"strings"
	"unicode"

	"github.com/errand-app/errand/engine/page"
)

// index is the page's vocabulary: every element's name, options and context as match
// keys, with an inverted index so a goal word finds the elements that use it without a
// scan of the whole tree.
type index struct {
	nodes []page.Node
	obs   page.Observation
	names [][]string   // name keys per node
	alias [][]string   // the icon words of a name made of one symbol ("🗑": bin, delete)
	syms  [][]string   // the symbols and emoji of each name ("🌱", "+", "★★★")
	opts  [][][]string // option keys per option per node
	ctxs  [][]string   // context keys per node
	// byKey maps a key to the nodes whose name or options use it.
	byKey map[string][]int
	// ctxKey maps a key to the nodes whose context uses it (see ctxIndex).
	ctxKey map[string][]int
	// vocab lists the distinct keys, for typo matching.
	vocab []string
	// before and byID serve rowText, built on first use.
	before     map[int][]string
	labelAfter map[int]bool     // elements whose label is the text after them on their line
	itemHead   map[int][]string // the text before each element that is not on the line of the one before
	lineAfter  map[int][]string // the text right after each element, on its line
	byID       map[string]int
	shared     map[string]int // how many elements have each name
	// Memos: the same words are looked up many times while a goal's readings are tried.
	typos    map[string][]string
	likes    map[string][]string // typos and other forms, for finding elements (alikeOf)
	resolved map[string]ref
	roles    map[string][]int
	memo     map[string][]string
	inits    map[string][]int // initials of long names, built on first use
	acronyms map[string]bool  // the goal's words written in capitals, set per reading
	sections []string         // the parts of the page around each element (sections.go)
	headings [][]heading      // the headings over each element, outermost first (sections.go)
	stems    map[string][]int // the fields whose name has a word of each stem, built on first use
	scope    []string         // the section a clause is read in, set while it is read
	lifted   map[int]bool     // elements named by some of their words alone (liftSoleHolder)
}

func newIndex(obs page.Observation) *index {
	n := len(obs.Tree)
	ix := &index{
		nodes:    obs.Tree,
		obs:      obs,
		names:    make([][]string, n),
		alias:    make([][]string, n),
		syms:     make([][]string, n),
		opts:     make([][][]string, n),
		ctxs:     make([][]string, n),
		byKey:    make(map[string][]int, n),
		typos:    make(map[string][]string),
		likes:    make(map[string][]string),
		resolved: make(map[string]ref),
		roles:    make(map[string][]int),
		memo:     make(map[string][]string, n/2),
	}
	for i, nd := range obs.Tree {
		ix.names[i] = ix.keysFor(nd.Name)
		if hasSymbol(nd.Name) {
			ix.syms[i] = symbolKeys(nd.Name)
		}
		for _, k := range ix.names[i] {
			ix.post(k, i)
			if e, ok := englishNames[k]; ok {
				ix.post(e, i) // "French" finds "Français" (wordEq)
			}
		}
		for _, k := range ix.syms[i] {
			ix.post(k, i)
		}
		if head, ok := clipped(nd); ok {
			ix.post(head, i) // "semi" finds "Semi-detached" (asides.go)
		}
		if ix.alias[i] = iconAliases(ix.names[i]); ix.alias[i] != nil {
			for _, k := range ix.alias[i] {
				ix.post(k, i)
			}
		}
		if k := ix.names[i]; len(k) == 2 && isClockKey(k[0]) && isClockKey(k[1]) {
			// A slot "18:00 – 19:00" is also said by when it starts: "the 6pm slot".
			ix.alias[i] = append(slices.Clip(ix.alias[i]), k[0])
		}
		if nd.Shown != "" && hasSymbol(nd.Shown) {
			// "the ⋯ next to Gmail": what the control draws names it too. Its words ("the
			// heart") are read by its look (lookAlikes), with its own name kept: an alias
			// would stand for the whole name and lose the item it names.
			shown := symbolKeys(nd.Shown)
			for _, k := range shown {
				if !slices.Contains(ix.syms[i], k) {
					ix.syms[i] = append(ix.syms[i], k)
					ix.post(k, i)
				}
			}
		}
		if len(nd.Options) > 0 {
			ix.opts[i] = make([][]string, len(nd.Options))
			for j, o := range nd.Options {
				ix.opts[i][j] = ix.keysFor(o)
				for _, k := range ix.opts[i][j] {
					ix.post(k, i)
					if e, ok := englishNames[k]; ok {
						ix.post(e, i)
					}
				}
				if alt, changed := periodKeys(ix.opts[i][j]); changed {
					for _, k := range alt {
						ix.post(k, i) // "weekly" finds the dropdown with "Every week"
					}
				}
			}
		}
	}
	ix.stepperAliases()
	return ix
}

// keysFor is matchKeys remembered per text: rows repeat their labels ("Edit" 2,500 times).
func (ix *index) keysFor(s string) []string {
	if k, ok := ix.memo[s]; ok {
		return k
	}
	k := matchKeys(s)
	ix.memo[s] = k
	return k
}

func (ix *index) post(k string, i int) {
	l := ix.byKey[k]
	if len(l) == 0 || l[len(l)-1] != i {
		ix.byKey[k] = append(l, i)
	}
}

// ctx returns an element's context keys, read the first time they are asked for: most
// readings never look at most elements' context.
func (ix *index) ctx(i int) []string {
	if ix.ctxs[i] == nil {
		ctx := ix.nodes[i].Ctx
		if s := ix.section(i); s != "" {
			ctx += " · " + s // the headings above and the run's label (sections.go)
		}
		if row := ix.rowText(i); row != "" {
			ctx += " · " + row
		}
		if d := ix.dialogOf(i); d != "" && !strings.Contains(ctx, d) {
			// A dialog's own controls may come before its heading, so the text before
			// them is the page's: the dialog's name says where they are ("the What's new
			// box").
			ctx += " · " + d
		}
		ix.ctxs[i] = ix.withCtxSymbols(withAddressParts(ix.keysFor(ctx)), ctx)
		if ix.ctxs[i] == nil {
			ix.ctxs[i] = []string{}
		}
	}
	return ix.ctxs[i]
}

// withAddressParts adds the words of each e-mail address or web address among context
// keys: a person reading "From: newsletter@shopwell.example" sees the word newsletter, so
// "edit the newsletter filter" must tie that row with "Subject contains: newsletter" and
// ask, not pick the one that spells it alone. Generic parts (com, www, mail) say nothing.
func withAddressParts(keys []string) []string {
	var extra []string
	for _, k := range keys {
		if !strings.ContainsAny(k, "@/") && !strings.HasPrefix(k, "www.") {
			continue
		}
		for _, w := range strings.FieldsFunc(k, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if len(w) >= 3 && !genericAddressWords[w] && !slices.Contains(keys, w) && !slices.Contains(extra, w) {
				extra = append(extra, w)
			}
		}
	}
	if extra == nil {
		return keys
	}
	return append(slices.Clip(keys), extra...)
}

// withCtxSymbols adds the pictures of a context that has words too ("Spin 45 🚴"): its
// keys keep only the words, and "book the 🚴 class" names the row by its picture.
// Separators and dashes ("·", "–", "|") are punctuation, not pictures, and a picture that
// names a control ("✓" and "✗" buttons side by side) is that control's, not its row's.
func (ix *index) withCtxSymbols(keys []string, ctx string) []string {
	if !hasSymbol(ctx) {
		return keys
	}
	for _, k := range symbolKeys(ctx) {
		if strings.IndexFunc(k, func(r rune) bool { return unicode.Is(unicode.So, r) }) >= 0 && ix.byKey[k] == nil && !slices.Contains(keys, k) {
			keys = append(slices.Clip(keys), k)
		}
	}
	return keys
}

// genericAddressWords are the parts of an address that name no thing a person means.
var genericAddressWords = set("com", "org", "net", "www", "http", "https", "mail", "email", "example", "html", "php", "index")

// nodeOf is the index of the element with id, or -1. Commands are few, so it is looked up
// by a scan rather than a map every reading would build.
func (ix *index) nodeOf(id string) int {
	return slices.IndexFunc(ix.nodes, func(n page.Node) bool { return n.ID == id })
}

// onlyOneOf is the one of the nodes that fits, or -1 when none or several do.
func onlyOneOf(nodes []int, fits func(i int) bool) int {
	hit := -1
	for _, i := range nodes {
		if !fits(i) {
			continue
		}
		if hit >= 0 {
			return -1
		}
		hit = i
	}
	return hit
}

// fieldStems maps the stem of every word of a field's name to those fields.
func (ix *index) fieldStems() map[string][]int {
	if ix.stems == nil {
		ix.stems = map[string][]int{}
		for i, n := range ix.nodes {
			if !isField(n) {
				continue
			}
			for _, w := range ix.names[i] {
				if k := stem(w); len(w) >= 4 && !slices.Contains(ix.stems[k], i) {
					ix.stems[k] = append(ix.stems[k], i)
				}
			}
		}
	}
	return ix.stems
}

// dialogOf is the name of the innermost dialog an element is in, or "".
func (ix *index) dialogOf(i int) string {
	for g, seen := ix.nodes[i].Group, 0; g > 0 && g <= len(ix.obs.Groups) && seen < 8; seen++ {
		grp := ix.obs.Groups[g-1]
		if grp.Kind == page.GroupDialog {
			return grp.Name
		}
		g = grp.Parent
	}
	return ""
}

// ctxIndex maps a key to the elements whose context holds it, built on first use.
func (ix *index) ctxIndex() map[string][]int {
	if ix.ctxKey == nil {
		ix.ctxKey = make(map[string][]int)
		for i := range ix.nodes {
			for _, k := range ix.ctx(i) {
				if l := ix.ctxKey[k]; len(l) == 0 || l[len(l)-1] != i {
					ix.ctxKey[k] = append(l, i)
				}
			}
		}
	}
	return ix.ctxKey
}

// vocabulary lists the page's words that may be typed wrong, built on first use.
func (ix *index) vocabulary() []string {
	if ix.vocab == nil {
		ix.vocab = []string{}
		for k := range ix.byKey {
			if len(k) >= 4 && hasLetter(k) { // numbers are never typos of each other
				ix.vocab = append(ix.vocab, k)
			}
		}
		slices.Sort(ix.vocab)
	}
	return ix.vocab
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// hasSymbol reports a text with a character that is neither a letter, a digit nor
// ordinary punctuation: an emoji, a star, a plus.
func hasSymbol(s string) bool {
	for _, r := range s {
		if !isWordRune(r) && !unicode.IsSpace(r) && !strings.ContainsRune(",;.:()!?'\"-–—/", r) {
			return true
		}
	}
	return false
}

func hasWordRune(s string) bool {
	for _, r := range s {
		if isWordRune(r) && r != '#' && r != '&' && r != '@' {
			return true
		}
	}
	return false
}

// nodesWith returns the nodes whose name or options use one of keys (typos included),
// each once, in document order; inside a section being read (ix.scope), its nodes only.
func (ix *index) nodesWith(keys []string) []int {
	seen := make(map[int]bool)
	var out []int
	for k := 0; k+1 < len(keys); k++ { // "check in" finds "Check-in"
		for _, i := range ix.byKey[keys[k]+keys[k+1]] {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	for _, k := range keys {
		for _, i := range ix.byKey[k] {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
		alts := lookAlikes(k)
		if len(k) == 3 {
			alts = append(slices.Clip(alts), k+"ing") // "pay" finds "Who are you paying?"
		}
		for _, alt := range alts {
			for _, i := range ix.byKey[alt] {
				if !seen[i] {
					seen[i] = true
					out = append(out, i)
				}
			}
		}
		for _, v := range ix.alikeOf(k) {
			for _, i := range ix.byKey[v] {
				if !seen[i] {
					seen[i] = true
					out = append(out, i)
				}
			}
		}
		if len(ix.byKey[k]) == 0 && ix.isInitialism(k) {
			for _, i := range ix.initialsIndex()[k] {
				if !seen[i] {
					seen[i] = true
					out = append(out, i)
				}
			}
		}
	}
	if len(ix.scope) > 0 {
		// Read inside a part of the page, that part is all there is: "first pizza: thin
		// crust" finds the first pizza's Crust only.
		out = slices.DeleteFunc(out, func(i int) bool { return !ix.inScope(i) })
	}
	sortInts(out)
	return out
}

// isInitialism reports a key that may be a name's initials: three to five letters the
// person wrote in capitals ("DOB"); "tom" is a word, never the initials of "Terms of Membership".
func (ix *index) isInitialism(k string) bool {
	return len(k) >= 3 && len(k) <= 5 && ix.acronyms[k] && !strings.ContainsAny(k, "0123456789")
}

// initialsIndex maps the initials of names of three words or more ("dob" for "Date of
// birth") to their elements, built the first time a goal uses a word no name has.
func (ix *index) initialsIndex() map[string][]int {
	if ix.inits == nil {
		ix.inits = make(map[string][]int)
		for i, keys := range ix.names {
			if len(keys) >= 3 && len(keys) <= 5 {
				k := initials(keys)
				ix.inits[k] = append(ix.inits[k], i)
			}
		}
	}
	return ix.inits
}

// spelledRun finds the one pair of words, one after the other in a name or a context of
// the page, whose initials are the two letters k. Small words never count: "OK" is not
// "of king".
func (ix *index) spelledRun(k string) ([]string, bool) {
	var found []string
	seen := func(keys []string) bool {
		for j := 0; j+1 < len(keys); j++ {
			a, b := keys[j], keys[j+1]
			if len(a) < 3 || len(b) < 3 || smallWord(a) || smallWord(b) || a[0] != k[0] || b[0] != k[1] {
				continue
			}
			if found != nil && (found[0] != a || found[1] != b) {
				return false
			}
			found = []string{a, b}
		}
		return true
	}
	for i := range ix.nodes {
		if !seen(ix.names[i]) || !seen(ix.ctx(i)) {
			return nil, false
		}
	}
	return found, found != nil
}

// typosOf lists the page's words that k may be a slip for, once per word.
func (ix *index) typosOf(k string) []string {
	if _, ok := ix.typos[k]; !ok {
		ix.likeWords(k)
	}
	return ix.typos[k]
}

// alikeOf lists typosOf(k) and the page's words that are another form of k too far in
// length to be a slip of it: "parking" finds "Car park pass", "programmes" "Tour
// programme" (wordEq).
func (ix *index) alikeOf(k string) []string {
	if _, ok := ix.likes[k]; !ok {
		ix.likeWords(k)
	}
	return ix.likes[k]
}

// likeWords fills both memos for k in one pass over the page's words.
func (ix *index) likeWords(k string) {
	var typos, forms []string
	if len(k) >= 4 {
		sk := ""
		for _, v := range ix.vocabulary() {
			switch d := len(v) - len(k); {
			case v == k:
			case d >= -2 && d <= 2:
				if keySim(k, v) >= typoSim {
					typos = append(typos, v)
				}
			case len(v) >= 4 && v[:2] == k[:2]:
				if sk == "" {
					sk = stem(k)
				}
				if stem(v) == sk {
					forms = append(forms, v)
				}
			}
		}
	}
	ix.typos[k] = typos
	ix.likes[k] = append(typos[:len(typos):len(typos)], forms...)
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// spellOut writes an initialism the page spells out in full as the words it stands for:
// "the 2nd candidate's DOB" reads as "… date of birth", so the words around it (the
// section, the ordinal) are read with it as with the name written whole. Only an
// initialism written in capitals, no word of the page, whose letters begin the words of
// one name (however many fields share it) is spelt out.
func (r *reader) spellOut(toks []token) []token {
	toks = r.fieldWords(toks)
	if len(r.ix.acronyms) == 0 {
		return toks
	}
	var out []token
	for _, t := range toks {
		if t.kind != tokWord || !r.ix.isInitialism(t.key) && !(len(t.key) == 2 && r.ix.acronyms[t.key]) || r.pageWord(t.key) {
			out = append(out, t)
			continue
		}
		if len(t.key) == 2 {
			// "PT" for the "personal training" of a heading: two words of the page, one
			// after the other, that no other pair of its words abbreviates so.
			if run, ok := r.ix.spelledRun(t.key); ok {
				for _, k := range run {
					out = append(out, token{raw: k, key: k, kind: tokWord, start: t.start, end: t.end})
				}
				continue
			}
		}
		var name []string
		for _, i := range r.ix.initialsIndex()[t.key] {
			if name != nil && !slices.Equal(name, r.ix.names[i]) {
				name = nil
				break
			}
			name = r.ix.names[i]
		}
		if name == nil {
			out = append(out, t)
			continue
		}
		for _, k := range name {
			out = append(out, token{raw: k, key: k, kind: tokWord, start: t.start, end: t.end})
		}
	}
	return out
}

// fieldSynonyms are the other words people use for a form's usual fields: "surname Marsh"
// fills "Last name". A closed list: each stands for the words only when the page has no
// word of its own spelt so and one of its names holds the words, in order.
var fieldSynonyms = map[string][][]string{
	"surname":  {{"last", "name"}, {"family", "name"}},
	"lastname": {{"last", "name"}},
	"forename": {{"first", "name"}, {"given", "name"}}, "forenames": {{"first", "names"}, {"first", "name"}},
	"firstname": {{"first", "name"}},
	"zip":       {{"postcode"}, {"post", "code"}, {"postal", "code"}},
	"postcode":  {{"zip", "code"}, {"zip"}, {"postal", "code"}, {"post", "code"}},
	"dob":       {{"date", "of", "birth"}, {"birth", "date"}, {"birthday"}},
	"birthday":  {{"date", "of", "birth"}, {"birth", "date"}},
	"born":      {{"date", "of", "birth"}, {"birth", "date"}, {"birthday"}},
	"cell":      {{"mobile"}}, "cellphone": {{"mobile"}},
}

// fieldWords writes a word of fieldSynonyms as the words the page uses for it.
func (r *reader) fieldWords(toks []token) []token {
	var out []token
	for k, t := range toks {
		if t.kind != tokWord || fieldSynonyms[t.key] == nil || r.pageWord(t.key) || k > 0 && eventAux[toks[k-1].key] && eventNouns[t.key] != nil {
			// "I was born on …" is told of an event (whenLead), not the field's word.
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		words := r.synonymOnPage(t.key)
		if words == nil {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		if out == nil {
			out = slices.Clone(toks[:k])
		}
		for _, w := range words {
			out = append(out, token{raw: w, key: w, kind: tokWord, start: t.start, end: t.end})
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// synonymOnPage is the first of a word's synonyms that one of the page's names holds.
func (r *reader) synonymOnPage(k string) []string {
	for _, words := range fieldSynonyms[k] {
		for _, i := range r.ix.byKey[words[0]] {
			if n := r.ix.names[i]; containsRun(n, words) {
				return words
			}
		}
	}
	return nil
}

// containsRun reports keys holding words one after another.
func containsRun(keys, words []string) bool {
	for i := 0; i+len(words) <= len(keys); i++ {
		if slices.Equal(keys[i:i+len(words)], words) {
			return true
		}
	}
	return false
}

// lists are the page's dropdowns, shown and not occluded.
func (ix *index) lists() []int {
	var out []int
	for i, n := range ix.nodes {
		if n.Role == page.RoleSelect && !n.Occ {
			out = append(out, i)
		}
	}
	return out
}
