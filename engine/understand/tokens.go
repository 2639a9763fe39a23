package understand

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// tokKind tells what a token is before anything is grounded.
type tokKind int

const (
	tokWord   tokKind = iota // a word, a number, an e-mail, a URL, a symbol run
	tokQuoted                // the text between a pair of quotes: always a value
	tokPunct                 // , ; . : > = ( ) ! ?
)

// token is one unit of the goal. raw keeps what the person wrote (for a quoted token, the
// text inside the quotes); key is what matching compares: folded case and accents, no
// inner hyphens or apostrophes, so "E-mail" meets "email" and "Zoë" meets "zoe".
type token struct {
	raw        string
	key        string
	kind       tokKind
	start, end int // byte offsets in the goal, quotes included
}

// Pairs of quote marks people type. The apostrophe is a quote only at a word boundary.
var quotePairs = map[rune]rune{'"': '"', '\'': '\'', '‘': '’', '“': '”', '«': '»', '„': '“', '「': '」', '`': '`', '‚': '‘'}

// wholeChunk matches chunks that are one value even though they hold punctuation: e-mails,
// URLs and paths, times, dates, money, decimal numbers, menu-path-free versions like 2.5.1.
var wholeChunk = regexp.MustCompile(`(?i)^(?:` +
	`[\w.+-]+@[\w-]+(?:\.[\w-]+)+` + // e-mail
	`|https?://\S+|www\.\S+|(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|co|uk|de|fr|no|edu|gov|info)(?:/\S*)?` +
	`|/[\w./?=&%-]+` + // a path
	`|[a-z]{1,6}(?:/\d+)+(?:/[a-z0-9]+)*` + // a reference: CR/55621/25, REF/2024/001
	`|\d{1,2}:\d{2}(?::\d{2})?(?:[ap]\.?m\.?)?|\d{1,2}\.\d{2}[ap]\.?m\.?` + // 10:30, 9:05pm, 7.30pm
	`|\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}` + // 03/05/2027, 2027-05-03, 5.3.2027
	`|[$€£¥₹]\s?\d[\d,]*(?:\.\d+)?[kmb]?` + // $25.50
	`|\d[\d,]*(?:\.\d+)?(?:%|[$€£¥₹]|[kmbx])?` + // 1,200.50 · 15% · 20€ · 1.5x
	`|[$€£¥₹]?\d{1,3}(?:\.\d{3})+(?:,\d+)?[$€£¥₹]?` + // 1.250,00 · €2.500.000
	`|\+?\d[\d -]{6,}\d` + // a phone number
	`)$`)

// tokenize splits a goal into tokens. Quoted spans stay whole; a chunk that is one value by
// its shape (an e-mail, a date) stays whole; the rest splits into words, symbol runs and
// punctuation.
func tokenize(goal string) []token {
	var out []token
	i := 0
	for i < len(goal) {
		r, size := utf8.DecodeRuneInString(goal[i:])
		switch {
		case unicode.IsSpace(r):
			i += size
			continue
		case isQuoteOpen(goal, i, r):
			closeR := quotePairs[r]
			if j := findClose(goal, i+size, closeR); j >= 0 {
				inner := goal[i+size : j]
				_, csize := utf8.DecodeRuneInString(goal[j:])
				out = append(out, token{raw: inner, key: fold(inner), kind: tokQuoted, start: i, end: j + csize})
				i = j + csize
				continue
			}
		}
		// A chunk runs to the next space.
		j := i
		for j < len(goal) {
			r2, s2 := utf8.DecodeRuneInString(goal[j:])
			if unicode.IsSpace(r2) {
				break
			}
			j += s2
		}
		out = append(out, splitChunk(goal, i, j)...)
		i = j
	}
	return clockKeys(out)
}

// isQuoteOpen reports a quote mark that opens a quoted span: not an apostrophe inside a
// word ("patient's", "don't").
func isQuoteOpen(s string, i int, r rune) bool {
	if _, ok := quotePairs[r]; !ok {
		return false
	}
	if r == '\'' || r == '’' {
		if i > 0 {
			prev, _ := utf8.DecodeLastRuneInString(s[:i])
			if unicode.IsLetter(prev) || unicode.IsDigit(prev) {
				return false
			}
		}
	}
	return true
}

// findClose finds the closing quote from i; for an apostrophe-like mark the close must not
// be followed by a letter ("'Tom's' list" keeps going to the real close).
func findClose(s string, i int, closeR rune) int {
	for j := i; j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		if r == closeR {
			if closeR == '\'' || closeR == '’' {
				next, _ := utf8.DecodeRuneInString(s[j+size:])
				if j+size < len(s) && unicode.IsLetter(next) {
					j += size
					continue
				}
			}
			return j
		}
		j += size
	}
	return -1
}

// splitChunk tokenizes one space-free chunk s[i:j].
func splitChunk(s string, i, j int) []token {
	chunk := s[i:j]
	// Trailing sentence punctuation is not part of a value: "jas@example.com." ends a sentence.
	core := strings.TrimRight(chunk, ",;.!?:)")
	if core != "" && strings.ContainsAny(core, "@/:.,-$€£¥₹%+") && wholeChunk.MatchString(core) {
		out := []token{{raw: core, key: strings.ToLower(core), kind: tokWord, start: i, end: i + len(core)}}
		return append(out, punctTokens(s, i+len(core), j)...)
	}
	var out []token
	k := i
	for k < j {
		r, size := utf8.DecodeRuneInString(s[k:])
		switch {
		case isWordRune(r):
			m := k + size
			for m < j {
				r2, s2 := utf8.DecodeRuneInString(s[m:])
				if isWordRune(r2) {
					m += s2
					continue
				}
				// Inner hyphens and apostrophes keep a word whole: drop-down, e-mail, Tom's.
				if (r2 == '\'' || r2 == '’' || isHyphen(r2)) && m+s2 < j {
					r3, _ := utf8.DecodeRuneInString(s[m+s2:])
					if isWordRune(r3) && (r2 == '-' || !isHyphen(r2) || innerDash(s[k:m], r3)) {
						m += s2
						continue
					}
				}
				break
			}
			out = append(out, wordToken(s[k:m], k, m))
			k = m
		case strings.ContainsRune(",;.:>=()!?", r) || strings.ContainsRune(pathArrows, r):
			out = append(out, token{raw: string(r), key: punctKey(r), kind: tokPunct, start: k, end: k + size})
			k += size
		case unicode.IsSpace(r):
			k += size
		default:
			// A run of one symbol ("★★★", "👍", "✓", "×") is a word people may name.
			m := k + size
			for m < j {
				r2, s2 := utf8.DecodeRuneInString(s[m:])
				if isWordRune(r2) || unicode.IsSpace(r2) || strings.ContainsRune(",;.:>=()!?", r2) {
					break
				}
				m += s2
			}
			out = append(out, token{raw: s[k:m], key: symbolKey(s[k:m]), kind: tokWord, start: k, end: m})
			k = m
		}
	}
	return out
}

func punctTokens(s string, i, j int) []token {
	var out []token
	for k := i; k < j; {
		r, size := utf8.DecodeRuneInString(s[k:])
		out = append(out, token{raw: string(r), key: punctKey(r), kind: tokPunct, start: k, end: k + size})
		k += size
	}
	return out
}

// pathArrows are the marks people write between the steps of a menu path besides ">"
// ("Account ▸ Settings ▸ Billing details", "File → New"); never ▶, which plays.
const pathArrows = "→›»▸➜➔⇒⟶▹"

// punctKey maps the arrows of menu paths to one key.
func punctKey(r rune) string {
	if strings.ContainsRune(pathArrows, r) {
		return ">"
	}
	return string(r)
}

// plainKeys splits a text with no quotes, values or punctuation into word keys and
// symbol runs, as splitChunk would.
func plainKeys(s string) []string {
	var out []string
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			i += size
		case isWordRune(r):
			j := i + size
			for j < len(s) {
				r2, s2 := utf8.DecodeRuneInString(s[j:])
				if isWordRune(r2) {
					j += s2
					continue
				}
				if isHyphen(r2) && j+s2 < len(s) {
					if r3, _ := utf8.DecodeRuneInString(s[j+s2:]); isWordRune(r3) && (r2 == '-' || innerDash(s[i:j], r3)) {
						j += s2
						continue
					}
				}
				break
			}
			out = append(out, wordKey(s[i:j]))
			i = j
		default:
			j := i + size
			for j < len(s) {
				r2, s2 := utf8.DecodeRuneInString(s[j:])
				if isWordRune(r2) || unicode.IsSpace(r2) {
					break
				}
				j += s2
			}
			out = append(out, symbolKey(s[i:j]))
			i = j
		}
	}
	return out
}

// isHyphen reports the marks people and pages write for a hyphen: a hyphen, the Unicode
// hyphens, en and em dashes and the minus sign. "Title A–Z" is "Title A-Z" typed.
func isHyphen(r rune) bool {
	switch r {
	case '-', '‐', '‑', '‒', '–', '—', '−':
		return true
	}
	return false
}

// innerDash reports a dash other than '-' that joins two parts of one word: between
// letters ("A–Z", "Wi‑Fi"), not between numbers, where it is a range ("3–7 May").
func innerDash(before string, next rune) bool {
	last, _ := utf8.DecodeLastRuneInString(before)
	return unicode.IsLetter(last) && unicode.IsLetter(next)
}

func isVariationSelector(r rune) bool { return r == '\ufe0e' || r == '\ufe0f' }

// symbolKey is a symbol run without its variation selectors, its dashes written as one:
// "✈️" and "✈" are one key, and so are "—" and "-".
func symbolKey(s string) string {
	if !strings.ContainsAny(s, "\ufe0e\ufe0f‐‑‒–—−") {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case isVariationSelector(r):
			return -1
		case isHyphen(r):
			return '-'
		}
		return r
	}, s)
}

func wordToken(w string, i, j int) token {
	return token{raw: w, key: wordKey(w), kind: tokWord, start: i, end: j}
}

// wordKey folds a word for matching: lower case, no accents, no inner hyphens, no
// possessive 's.
func wordKey(w string) string {
	k := fold(w)
	k = strings.TrimSuffix(strings.TrimSuffix(k, "'s"), "’s")
	if !strings.ContainsAny(k, "-'’‐‑‒–—−") {
		return k
	}
	var b strings.Builder
	for _, r := range k {
		if r != '\'' && r != '’' && !isHyphen(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isWordRune(r rune) bool {
	if isVariationSelector(r) {
		return false // "✈️" is one symbol, not a plane and a mark
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || r == '&' || r == '#' || r == '@'
}

// fold lowercases and strips accents: what makes "Zoë" and "zoe", "ÅLESUND" and "alesund"
// the same text.
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	// Marks are dropped from Latin and Greek letters only ("Zoë" = "zoe", "Ελληνικά" =
	// "ελληνικα"); in other scripts a mark makes another letter (й is not и, が is not か).
	var b strings.Builder
	latin := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case isVariationSelector(r):
			continue
		case unicode.Is(unicode.Mn, r):
			if latin {
				continue
			}
		default:
			latin = unicode.In(r, unicode.Latin, unicode.Greek)
		}
		b.WriteRune(r)
	}
	return strings.ToLower(norm.NFC.String(b.String()))
}

// keysOf tokenizes a page text (a name, an option) into match keys the same way as goals,
// so the two meet; quotes on the page are plain characters there. Most page texts are
// plain words ("Patient 12", "Edit"), read in one pass; the rest go through tokenize.
func keysOf(s string) []string {
	if !hasSpecial(s) && !hasAmPm(s) {
		return plainKeys(s)
	}
	var out []string
	for _, t := range tokenize(s) {
		switch t.kind {
		case tokQuoted:
			for _, u := range tokenize(t.raw) {
				if u.kind == tokWord {
					out = append(out, u.key)
				}
			}
		case tokWord:
			out = append(out, t.key)
		}
	}
	return out
}

// specialChars are the characters that make a text need the tokenizer rather than plain
// words: quotes, shapes of values, path arrows.
var specialChars = "\"'‘’“”«»„「」`‚@/:.,$€£¥₹%+;>=()!?" + pathArrows

// specialASCII and specialOther are specialChars split for a lookup per character: a
// name is read once a page, and strings.ContainsAny with a set beyond ASCII scans it once
// for each character of the set.
var specialASCII, specialOther = func() ([128]bool, map[rune]bool) {
	var a [128]bool
	o := map[rune]bool{}
	for _, r := range specialChars {
		if r < 128 {
			a[r] = true
		} else {
			o[r] = true
		}
	}
	return a, o
}()

// hasSpecial reports a character of specialChars in s.
func hasSpecial(s string) bool {
	for _, r := range s {
		if r < 128 {
			if specialASCII[r] {
				return true
			}
		} else if specialOther[r] {
			return true
		}
	}
	return false
}
