package replay

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errand-app/errand/knowledge/recorded"
)

// Kind is what made a part of an instruction a value.
type Kind string

// The kinds of value an instruction's variables hold.
const (
	KindText   Kind = "text"   // quoted text: 'Jas', "Lee Chan", “Ann”
	KindNumber Kind = "number" // 42, 3.5, 1,500, 14:30, +44 7700 900123
	KindEmail  Kind = "email"  // jas@example.com
	KindDate   Kind = "date"   // 1990-05-03, 03/05/1990, 3 May 1990, May 3rd, 1990
	KindValue  Kind = "value"  // unquoted words that were typed into the page: Add patient Jas
)

// item is one piece of a scanned instruction: a literal word (kind "") or a value.
type item struct {
	kind  Kind
	norm  string // lower case; for a word, without the punctuation around it
	raw   string // as written, a quoted value without its quotes
	words int    // words in raw
}

// span is a value found in the instruction, by byte offsets.
type span struct {
	start, end int
	kind       Kind // "" marks a secret's placeholder, which stays a literal word
	raw        string
}

var (
	placeholderRE = regexp.MustCompile(`%[A-Za-z_][A-Za-z0-9_.-]*%`)
	quotedRE      = regexp.MustCompile(`"([^"]+)"|\x{201C}([^\x{201D}]+)\x{201D}|\x{2018}([^\x{2019}]+)\x{2019}|«\s*([^»]+?)\s*»|` + "`([^`]+)`")
	emailRE       = regexp.MustCompile(`[A-Za-z0-9._+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}`)
	month         = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`
	dateRE        = regexp.MustCompile(`(?i)\b(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|` +
		`\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+` + month + `\.?(?:,?\s+\d{4})?|` +
		month + `\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?)\b`)
	phoneRE  = regexp.MustCompile(`\+\d{1,3}(?:[ \-]\(?\d+\)?)+`)
	numberRE = regexp.MustCompile(`(?i)\d+(?:[.,:]\d+)*(?:\s?[ap]\.?m\b\.?)?`)
)

// scan splits an instruction into literal words and values. typed are the texts the errand
// typed into the page: where the instruction names one unquoted, it is a value too.
func scan(goal string, typed []string) []item {
	var spans []span
	add := func(start, end int, kind Kind, raw string) {
		for _, s := range spans {
			if start < s.end && s.start < end {
				return // an earlier, stronger reading holds these characters
			}
		}
		spans = append(spans, span{start, end, kind, raw})
	}
	for _, m := range placeholderRE.FindAllStringIndex(goal, -1) {
		add(m[0], m[1], "", goal[m[0]:m[1]])
	}
	for _, m := range quotedRE.FindAllStringSubmatchIndex(goal, -1) {
		for g := 2; g < len(m); g += 2 {
			if m[g] >= 0 {
				add(m[0], m[1], KindText, goal[m[g]:m[g+1]])
			}
		}
	}
	for _, m := range singleQuoted(goal) {
		add(m[0], m[1], KindText, goal[m[0]+1:m[1]-1])
	}
	for _, m := range emailRE.FindAllStringIndex(goal, -1) {
		add(m[0], m[1], KindEmail, goal[m[0]:m[1]])
	}
	for _, m := range dateRE.FindAllStringIndex(goal, -1) {
		add(m[0], m[1], KindDate, goal[m[0]:m[1]])
	}
	for _, m := range phoneRE.FindAllStringIndex(goal, -1) {
		add(m[0], m[1], KindNumber, goal[m[0]:m[1]])
	}
	for _, m := range numberRE.FindAllStringIndex(goal, -1) {
		// A number stands alone: "2nd", "v2" and "A4" are words.
		if !wordChar(before(goal, m[0])) && !wordChar(after(goal, m[1])) {
			add(m[0], m[1], KindNumber, goal[m[0]:m[1]])
		}
	}
	for _, t := range longestFirst(typed) {
		for _, m := range findWords(goal, t) {
			add(m[0], m[1], KindValue, goal[m[0]:m[1]])
		}
	}
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	return itemize(goal, spans)
}

// itemize turns the text between spans into words and the spans into values.
func itemize(goal string, spans []span) []item {
	var out []item
	words := func(s string) {
		for _, w := range strings.Fields(s) {
			if n := normWord(w); n != "" {
				out = append(out, item{norm: n, raw: w, words: 1})
			}
		}
	}
	at := 0
	for _, s := range spans {
		words(goal[at:s.start])
		at = s.end
		if s.kind == "" {
			out = append(out, item{norm: s.raw, raw: s.raw, words: 1})
			continue
		}
		raw := strings.TrimSpace(s.raw)
		out = append(out, item{kind: s.kind, norm: normValue(raw), raw: raw, words: len(strings.Fields(raw))})
	}
	words(goal[at:])
	return out
}

// normWord lower-cases a word and drops the punctuation around it: case and punctuation
// are how people type, not what they ask.
func normWord(w string) string {
	w = strings.ReplaceAll(w, "\u2019", "'")
	w = strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) && r != '%' && r != '#' && r != '&' })
	return strings.ToLower(w)
}

func normValue(v string) string { return strings.ToLower(strings.Join(strings.Fields(v), " ")) }

// findWords finds t in s, case-insensitively, where it starts and ends at word boundaries.
func findWords(s, t string) [][2]int {
	t = strings.TrimSpace(t)
	if t == "" || recorded.IsPlaceholder(t) {
		return nil
	}
	var out [][2]int
	for i := 0; i+len(t) <= len(s); {
		if strings.EqualFold(s[i:i+len(t)], t) && !joined(before(s, i), first(t)) && !joined(after(s, i+len(t)), last(t)) {
			out = append(out, [2]int{i, i + len(t)})
			i += len(t)
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return out
}

// joined reports whether r, next to the end e of an occurrence, makes it part of a longer
// word: "Jas" is not in "Jasmine", nor "42" in "142".
func joined(r, e rune) bool { return wordChar(r) && wordChar(e) }

func first(s string) rune { r, _ := utf8.DecodeRuneInString(s); return r }
func last(s string) rune  { r, _ := utf8.DecodeLastRuneInString(s); return r }

// longestFirst orders texts so "Lee Chan" is found before "Lee"; duplicates go.
func longestFirst(ts []string) []string {
	out := slices.Clone(ts)
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return slices.Compact(out)
}

// singleQuoted finds 'quoted' values. A quote opens after a space, a bracket or the start
// and closes before a space, punctuation or the end, so an apostrophe ("don't", "Jas's")
// is no quote.
func singleQuoted(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); i++ {
		if s[i] != '\'' || (i > 0 && !strings.ContainsRune(" \t\n([:,", rune(s[i-1]))) {
			continue
		}
		for j := i + 2; j < len(s); j++ {
			if s[j] == '\'' && (j+1 == len(s) || strings.ContainsRune(" \t\n.,;:!?)]", rune(s[j+1]))) {
				out = append(out, [2]int{i, j + 1})
				i = j
				break
			}
		}
	}
	return out
}

// before and after return the rune next to a byte offset, or 0 at the ends.
func before(s string, i int) rune {
	if i == 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r
}

func after(s string, i int) rune {
	if i >= len(s) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r
}

func wordChar(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }
