package understand

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Typos: a word that is neither the reader's own (a verb, a connective, a frame word) nor
// the page's is read as the word it is one or two slips from, and the reading announces
// it ("nam" read as "Name"), so a typo never runs silently (the agent announces
// assumptions before it acts).

// fix is one word of the goal read as another.
type fix struct {
	from, to   string // as written, as read (the page's spelling when it is the page's word)
	start, end int    // byte offsets of the word in the goal
}

// functionWords are words of any instruction that no list of the reader names but that
// are never typos: "of", "is", "me".
var functionWords = set("of", "is", "are", "was", "be", "me", "i", "it", "we", "us", "you", "he",
	"she", "they", "him", "her", "them", "not", "no", "yes", "or", "if", "as", "at", "by", "on",
	"in", "up", "out", "off", "over", "down", "what", "which", "who", "whose", "when", "where",
	"how", "do", "does", "did", "dont", "want", "would", "like", "need", "should", "can", "could",
	"will", "with", "without", "than", "very", "more", "most", "less", "one", "am", "pm", "has",
	"have", "there", "this", "that", "these", "those", "only", "but", "all", "any", "were", "re", "ll")

// lexiconWords are the words the reader knows by its closed lists; a word among them is
// never a typo of another (but an ignorable one may be a slip for the page's word: "add
// too cart").
var lexiconWords = func() map[string]bool {
	m := make(map[string]bool)
	add := func(ws ...string) {
		for _, w := range ws {
			for _, f := range strings.Fields(w) {
				m[f] = true
			}
		}
	}
	for _, s := range []map[string]bool{ignorable, definite, indefinite, vagueValues, intoWords,
		asWords, withWords, fromWords, nearWords, nameMarker, allWords, removeWords, removeVerbs,
		kindNouns, noneWords, genericObjects, actionVerbs, connectives, closeWords, weekdays,
		unitWords, functionWords} {
		for w := range s {
			add(w)
		}
	}
	for w := range verbs {
		add(w)
	}
	for w := range kin {
		if len(w) <= 4 && w != "son" {
			add(w) // "her dad" is no slip for "day"; "son" often is one for "soon" or "Sun"
		}
	}
	for _, p := range slices.Concat(politeLead, politeTail) {
		add(p...)
	}
	for w := range keyNames {
		add(w)
	}
	for w := range roleWords {
		add(w)
	}
	for w := range twoWordRoles {
		add(w[0], w[1])
	}
	for w := range typeWords {
		add(w)
	}
	for w := range ordinals {
		add(w)
	}
	for w := range numberWords {
		add(w)
	}
	add(months...)
	add(fullMonths...)
	add("half", "past", "quarter", "noon", "midnight", "morning", "afternoon", "evening", "night",
		"twice", "times", "key", "key")
	return m
}()

// typoFixes finds the goal's words that read as a slip for one word: unknown to the
// reader and to the page, and one edit (two for words of seven letters or more) from
// exactly one closest word. Words inside quotes and values by shape are never corrected.
func (r *reader) typoFixes(toks []token) []fix {
	var out []fix
	for at, t := range toks {
		if t.kind != tokWord || !plainWord(t.raw) || strings.ToUpper(t.raw) == t.raw {
			continue // capitals are a code or a size ("XXL"), written as meant
		}
		k := t.key
		if r.ix.byKey[k] != nil || verbs[k] != "" || r.ix.otherForm(k) || r.hiddenWord(k) {
			continue // a word of a control behind another ("shed" of Safe place) is no slip
		}
		if parts := r.pageParts(t.raw); parts != "" {
			// "tick the select-all checkbox" for "Select all orders on this page": a word
			// joined by hyphens where the page writes its parts apart.
			out = append(out, fix{from: t.raw, to: parts, start: t.start, end: t.end})
			continue
		}
		known := lexiconWords[k]
		if known && (!ignorable[k] || connectives[k] || k == "the") {
			continue
		}
		if _, ok := r.ix.ctxIndex()[k]; ok {
			continue
		}
		// A capitalised word names something ("into Name" on the page before the form): it
		// may be read as a word of the page, never as one of the reader's own ("named").
		lower := t.raw == strings.ToLower(t.raw)
		to, ok := r.closest(k, !known && lower)
		if !ok && len(k) >= 5 && strings.HasSuffix(k, "s") && !strings.HasSuffix(k, "ss") {
			// "acept all cokies" where the page says "Cookie consent": a slip in the plural
			// of a page word is two edits from it, one from its singular.
			if one, found := r.closest(k[:len(k)-1], false); found {
				to, ok = one+"s", true
			}
		}
		if !ok || verbs[to] != "" && !verbPlace(toks, at) {
			// "the album cover" is no slip for "hover": a verb starts what is said.
			continue
		}
		out = append(out, fix{from: t.raw, to: to, start: t.start, end: t.end})
	}
	return out
}

// formInValue is the index of a fix to another form of the word ("room" to "rooms") whose
// word ends up in a value typed or a clause read later; -1 for none.
func (r *reader) formInValue(rd Reading, kept []fix) int {
	for k, f := range kept {
		if !formOf(fold(f.from), fold(f.to)) {
			continue
		}
		for _, c := range rd.Commands {
			if slices.Contains(matchKeys(c.Value), fold(f.to)) || !c.Bound && slices.Contains(matchKeys(c.Phrase), fold(f.to)) {
				return k
			}
		}
	}
	return -1
}

// formOf reports two forms of one word, singular and plural.
func formOf(k, to string) bool {
	return to == k+"s" || to == k+"es" || k == to+"s" || k == to+"es"
}

// verbPlace reports a place a verb may stand: the start, or after punctuation, a
// connective or a word that leads a request ("please", "can you", "I", "then").
func verbPlace(toks []token, at int) bool {
	if at == 0 {
		return true
	}
	p := toks[at-1]
	return p.kind == tokPunct || connectives[p.key] || requestLeads[p.key]
}

// requestLeads come before the verb of a request.
var requestLeads = set("please", "pls", "plz", "you", "i", "we", "just", "also", "then", "to", "and", "can", "could", "now", "ill", "lets")

// pageParts is a hyphenated word's parts written apart, when the page has each part as a
// word of its own and not the whole; "" otherwise.
func (r *reader) pageParts(raw string) string {
	parts := strings.FieldsFunc(raw, func(c rune) bool { return c == '-' })
	if len(parts) < 2 {
		return ""
	}
	for _, p := range parts {
		k := wordKey(p)
		if r.ix.byKey[k] == nil {
			return ""
		}
	}
	return strings.Join(parts, " ")
}

// otherForm reports a word the page has in another form ("comment" for "Comments"): the
// matching reads it so without calling it a slip.
func (ix *index) otherForm(k string) bool {
	for _, w := range []string{k + "s", k + "es", strings.TrimSuffix(k, "s"), strings.TrimSuffix(k, "es")} {
		if w != k && ix.byKey[w] != nil {
			return true
		}
	}
	return false
}

// plainWord reports a word made of letters (and inner hyphens or apostrophes): numbers,
// e-mails, symbols and scripts without case are not typed with slips we can undo.
func plainWord(s string) bool {
	letters := 0
	for _, c := range s {
		switch {
		case unicode.IsLetter(c):
			letters++
		case c == '-' || c == '\'' || c == '’':
		default:
			return false
		}
	}
	return letters >= 3 // "Im", "ok": two letters are too many words one slip apart
}

// closest returns the one word nearest to k among the page's words (they are what the
// person is talking about) and, when lexicon is set and no page word is as near, the
// reader's own words of three letters or more. Two words equally near are no answer.
func (r *reader) closest(k string, lexicon bool) (string, bool) {
	limit := 1
	if len([]rune(k)) >= 7 {
		limit = 2 // "authentification"; in shorter words two slips make another word ("plain", "again")
	}
	type near struct {
		word    string
		d, ties int
	}
	pick := func(n *near, w string) {
		if w == k || !hasLetter(w) {
			return
		}
		d := editDistance(k, w, limit)
		switch {
		case d > limit:
			// Too far to be a slip; counted as a tie it read "Location" as "".
		case d == 2 && len([]rune(w)) < 7:
		case d < n.d:
			*n = near{word: w, d: d, ties: 1}
		case d == n.d && w != n.word:
			n.ties++
		}
	}
	page, lex := near{d: limit + 1}, near{d: limit + 1}
	for w := range r.ix.byKey {
		if w != k && len(w) >= 3 && len(k) >= 3 && w[:2] == k[:2] && wordEq(k, w) >= 0.95 {
			return "", false // "expires" beside Expiry: a form of the page's word, no slip
		}
		pick(&page, w)
	}
	for w := range r.ix.ctxIndex() {
		if r.ix.byKey[w] == nil {
			pick(&page, w)
		}
	}
	h := r.behindReader()
	if h != nil && len([]rune(k)) >= 5 {
		// The person names what they know the page holds: "turn off the ofers" behind
		// the Notifications tab is a slip for its Offers switch. Short words are not read
		// so: among all that a page hides, "car" is one slip from "care" and much else.
		for w := range h.ix.byKey {
			if r.ix.byKey[w] == nil && r.ix.ctxIndex()[w] == nil {
				pick(&page, w)
			}
		}
	}
	if lexicon {
		for w := range lexiconWords {
			if len(w) >= 3 && r.ix.byKey[w] == nil && r.ix.ctxIndex()[w] == nil && !functionWords[w] && !statementSubjects[w] {
				pick(&lex, w) // never a slip for a pronoun: "shed" is no "she"
			}
		}
	}
	best := page
	if lex.d < page.d {
		best = lex
	}
	if best.ties != 1 {
		return "", false
	}
	if r.ix.byKey[best.word] == nil && r.ix.ctxIndex()[best.word] == nil && h != nil && h.ix.byKey[best.word] != nil {
		return h.ix.spelling(best.word), true
	}
	return r.ix.spelling(best.word), true
}

// spelling is how the page writes a key ("github" → "GitHub"); the key itself for the
// reader's own words.
func (ix *index) spelling(k string) string {
	find := func(text string) (string, bool) {
		for _, t := range tokenize(text) {
			if t.kind == tokWord && t.key == k {
				return t.raw, true
			}
		}
		return "", false
	}
	for _, i := range ix.byKey[k] {
		if s, ok := find(ix.nodes[i].Name); ok {
			return s
		}
		for _, o := range ix.nodes[i].Options {
			if s, ok := find(o); ok {
				return s
			}
		}
	}
	for _, i := range ix.ctxIndex()[k] {
		if s, ok := find(ix.nodes[i].Ctx); ok {
			return s
		}
	}
	return k
}

// withFixes writes the goal with the fixes applied.
func withFixes(src string, fixes []fix) string {
	var b strings.Builder
	at := 0
	for _, f := range fixes {
		b.WriteString(src[at:f.start])
		b.WriteString(f.to)
		at = f.end
	}
	b.WriteString(src[at:])
	return b.String()
}

// maxFixSets caps the typo fixes whose every combination is read (2^n readings); more
// are read all at once, then each is dropped again when the reading does not need it.
const maxFixSets = 3

// readCorrected reads src, then src with the possible typo fixes: the reading kept is the
// best, and of equal readings the one with the fewest fixes (a name typed as a value stays
// as written). The fixes kept are announced as assumptions.
func (r *reader) readCorrected(src string) Reading {
	rd, score := r.readText(src)
	fixes := r.typoFixes(tokenize(src))
	if len(fixes) == 0 {
		return rd
	}
	var kept []fix
	if len(fixes) <= maxFixSets {
		for mask := 1; mask < 1<<len(fixes); mask++ {
			var try []fix
			for i, f := range fixes {
				if mask&(1<<i) != 0 {
					try = append(try, f)
				}
			}
			if alt, s := r.readText(withFixes(src, try)); betterReading(alt, s, rd, score) {
				kept, rd, score = try, alt, s
			}
		}
	} else if alt, s := r.readText(withFixes(src, fixes)); betterReading(alt, s, rd, score) {
		kept, rd, score = fixes, alt, s
		for i := 0; i < len(kept); {
			fewer := slices.Delete(slices.Clone(kept), i, i+1)
			if alt, s := r.readText(withFixes(src, fewer)); !betterReading(rd, score, alt, s) {
				kept, rd, score = fewer, alt, s
				continue
			}
			i++
		}
	}
	if typed := r.formInValue(rd, kept); typed >= 0 {
		// "room" read as "rooms" finds a page's word, but a word typed as a value stays
		// as written: the reading is made again without that fix.
		kept = slices.Delete(kept, typed, typed+1)
		rd, score = r.readText(withFixes(src, kept))
	}
	if len(kept) == 0 {
		return rd
	}
	var said []string
	for _, f := range kept {
		said = append(said, fmt.Sprintf("%q read as %q", f.from, f.to))
	}
	rd.Assumptions = append(said, rd.Assumptions...)
	rd.Factors = factors(rd)
	return rd
}

// betterReading reports a reading to prefer to the one before: one that runs without
// asking over one that asks, else a clearly better score, else the same commands read
// at least as well.
func betterReading(a Reading, sa float64, b Reading, sb float64) bool {
	if a.Understood() != b.Understood() {
		return a.Understood()
	}
	if sa > sb+1e-9 {
		return true
	}
	return sa > sb-1e-9 && a.Understood() && sameActions(a, b)
}

// readText reads one text from scratch: the clause cache is keyed by token positions.
func (r *reader) readText(src string) (Reading, float64) {
	r.src = src
	clear(r.cache)
	toks := lookCompounds(tokenize(src))
	if lt, ok := listThenVerb(toks); ok {
		toks = lt
	}
	if keys, from, ok := r.goalScope(toks); ok {
		r.ix.scope = keys
		rd, s := r.read(toks[from:])
		if !rd.Understood() {
			if vd, vs, ok := r.sectionValues(toks[from:]); ok {
				rd, s = vd, vs
			}
		}
		r.ix.scope = nil
		clear(r.cache)
		if rd.Understood() {
			rd.Grounded = append(rd.Grounded, Grounding{Words: joinRaw(trimPlace(toks[:from])), As: "context"})
			return rd, s * 0.99
		}
	}
	rd, s := r.read(toks)
	if !rd.Understood() {
		if vd, vs, ok := r.openThenValues(toks); ok {
			return vd, vs
		}
	}
	return rd, s
}

// trimPlace is a place said first without the colon or dash that sets it off.
func trimPlace(toks []token) []token {
	if n := len(toks); n > 1 && (toks[n-1].kind == tokPunct || isDash(toks[n-1].raw)) {
		return toks[:n-1]
	}
	return toks
}

func sameActions(a, b Reading) bool {
	return slices.EqualFunc(a.Commands, b.Commands, func(x, y Command) bool { return x.Action.String() == y.Action.String() })
}
