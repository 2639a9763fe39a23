package clarify

import (
	"strings"
	"unicode/utf8"
)

// line is one line of a reply as the detector reads it.
type line struct {
	text   string // the body: list marker, heading marks and ** emphasis removed
	masked string // text with quoted and inline-code characters replaced by 'x', same length
	indent int
	item   bool // a list item
	blank  bool
	skip   bool // a code fence or block quote: quoted material, never a question
}

// Detect finds the questions in a model's reply, at most MaxQuestions, with options taken
// from a list under the question, from alternatives inside it, or Yes/No. It is a
// post-filter: a reply without a question returns nil and the run goes on.
func Detect(text string) []Detected {
	lines := readLines(text)
	var out []Detected
	for i := 0; i < len(lines) && len(out) < MaxQuestions; i++ {
		ln := lines[i]
		if ln.skip || ln.blank {
			continue
		}
		spans := questionSpans(ln.masked)
		if len(spans) == 0 {
			continue
		}
		// A list under a line belongs to the line's last question.
		opts, next := listBelow(lines, i)
		for k, sp := range spans {
			var listed []Choice
			if k == len(spans)-1 {
				listed = opts
			}
			if d, ok := detectOne(ln.text[sp[0]:sp[1]], ln.masked[sp[0]:sp[1]], listed); ok {
				out = append(out, d)
				if len(out) == MaxQuestions {
					break
				}
			}
		}
		i = next - 1
	}
	return out
}

func readLines(text string) []line {
	var out []line
	fence := ""
	for raw := range strings.SplitSeq(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(raw)
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			out = append(out, line{skip: true})
			continue
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			// A fence closed on its own line is one line of code, not an open block.
			if !strings.Contains(t[3:], t[:3]) {
				fence = t[:3]
			}
			out = append(out, line{skip: true})
			continue
		case strings.HasPrefix(t, ">"):
			out = append(out, line{skip: true})
			continue
		case t == "":
			out = append(out, line{blank: true})
			continue
		}
		ln := line{indent: indentOf(raw)}
		if rest, ok := cutMarker(t); ok {
			ln.item, t = true, rest
		} else if strings.HasPrefix(t, "#") {
			t = strings.TrimSpace(strings.TrimLeft(t, "#"))
		}
		ln.text = strings.NewReplacer("**", "", "__", "").Replace(t)
		ln.masked = mask(ln.text)
		out = append(out, ln)
	}
	return out
}

func indentOf(s string) int {
	n := 0
	for _, r := range s {
		switch r {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

// cutMarker removes a list marker: "1. ", "1) ", "a) ", "B. ", "(b) ", "- ", "* ", "• ".
func cutMarker(s string) (string, bool) {
	for _, b := range []string{"- ", "* ", "+ ", "• ", "– "} {
		if strings.HasPrefix(s, b) {
			return strings.TrimSpace(s[len(b):]), true
		}
	}
	i := 0
	if strings.HasPrefix(s, "(") {
		i = 1
	}
	j := i
	for j < len(s) && j-i < 3 && isAlnum(s[j]) {
		j++
	}
	if j == i || j+1 >= len(s) || s[j+1] != ' ' {
		return s, false
	}
	tok := s[i:j]
	digits := strings.Trim(tok, "0123456789") == ""
	if !digits && len(tok) != 1 {
		return s, false
	}
	switch {
	case i == 1 && s[j] == ')':
	case i == 0 && (s[j] == '.' || s[j] == ')'):
	default:
		return s, false
	}
	return strings.TrimSpace(s[j+1:]), true
}

func isAlnum(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// mask hides what is inside quotes and backticks, so a "?" in a quoted page excerpt or in
// code never ends a question and an " or " inside a quoted label never splits it. A quote
// that is not closed on the line (an inch mark) is left alone.
func mask(s string) string {
	b := []byte(s)
	closer := ""
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if closer == "" {
			c := ""
			switch r {
			case '"':
				c = `"`
			case '`':
				c = "`"
			case '“':
				c = "”"
			case '‘':
				c = "’"
			}
			if c != "" && strings.Contains(s[i+n:], c) {
				closer = c
			}
			i += n
			continue
		}
		if strings.HasPrefix(s[i:], closer) {
			closer = ""
			i += n
			continue
		}
		for k := i; k < i+n; k++ {
			b[k] = 'x'
		}
		i += n
	}
	return string(b)
}

// questionSpans returns the byte ranges of the sentences in m that end in "?".
func questionSpans(m string) [][2]int {
	var spans [][2]int
	floor := 0 // a sentence never reaches back past the previous question
	for i := 0; i < len(m); i++ {
		if m[i] != '?' {
			continue
		}
		end := i + 1
		for end < len(m) && (m[end] == '?' || m[end] == '!') {
			end++
		}
		// "?" inside a word is a URL's query string, not the end of a sentence.
		if end < len(m) && !strings.ContainsRune(" \t*_)]", rune(m[end])) {
			i = end - 1
			continue
		}
		start := floor
		for j := i - 1; j >= floor; j-- {
			if strings.IndexByte(".!?", m[j]) >= 0 && j+1 < len(m) && m[j+1] == ' ' {
				start = j + 1
				break
			}
		}
		spans = append(spans, [2]int{start, end})
		floor = end
		i = end - 1
	}
	return spans
}

// listBelow collects the list items under line i as options. It returns them and the index
// of the first line after the list.
func listBelow(lines []line, i int) ([]Choice, int) {
	q := lines[i]
	var opts []Choice
	next := i + 1
	for j := i + 1; j < len(lines); j++ {
		ln := lines[j]
		if ln.blank {
			continue
		}
		if ln.skip || !ln.item || q.item && ln.indent <= q.indent || len(questionSpans(ln.masked)) > 0 {
			break
		}
		if label := clean(ln.text); normalise(label) != "" {
			opts = append(opts, Choice{Label: label, Value: normalise(label)})
		}
		next = j + 1
	}
	return opts, next
}

// detectOne classifies one question sentence; ok is false for closing pleasantries that
// need no answer ("anything else?").
func detectOne(q, m string, listed []Choice) (Detected, bool) {
	q, m = trimPair(q, m, " \t*_")
	lower := strings.ToLower(q)
	for _, p := range []string{"anything else", "any other question", "how can i help",
		"how else can i", "what else can i", "does that help", "does this help", "make sense"} {
		if strings.Contains(lower, p) {
			return Detected{}, false
		}
	}
	if len(listed) > 0 {
		return newDetected(q, listed), true
	}
	if strings.HasSuffix(strings.TrimRight(lower, "?! "), " or not") {
		return newDetected(q, yesNo()), true
	}
	if alts := alternatives(q, m); len(alts) >= 2 {
		return newDetected(q, alts), true
	}
	if asksYesNo(q, m) {
		return newDetected(q, yesNo()), true
	}
	return newDetected(q, nil), true
}

func yesNo() []Choice {
	return []Choice{{Label: "Yes", Value: "yes"}, {Label: "No", Value: "no"}}
}

// trimPair trims cut from both ends of s and applies the same cut to its mask.
func trimPair(s, m, cut string) (string, string) {
	l := len(s) - len(strings.TrimLeft(s, cut))
	r := len(strings.TrimRight(s, cut))
	if r < l {
		return "", ""
	}
	return s[l:r], m[l:r]
}

// asksYesNo reports whether a question opens, after a leading clause or filler, with an
// auxiliary ("Should I…", "Before I pay, do you want…"), or ends in a tag ("…, right?").
func asksYesNo(q, m string) bool {
	lower := strings.ToLower(strings.TrimRight(q, "?! "))
	for _, tag := range []string{"right", "ok", "okay", "correct", "agreed"} {
		if strings.HasSuffix(lower, ", "+tag) || strings.HasSuffix(lower, ","+tag) {
			return true
		}
	}
	for _, c := range splitMasked(q, m, ",", ";", ":", " — ", " - ") {
		ts := tokens(c)
		for len(ts) > 0 && isFiller(ts[0]) {
			ts = ts[1:]
		}
		if len(ts) == 0 {
			continue
		}
		if isWh(ts[0]) {
			return false
		}
		if isAux(ts[0]) {
			return true
		}
	}
	return false
}

func isFiller(w string) bool {
	switch w {
	case "so", "also", "and", "but", "then", "great", "alright", "now", "first", "lastly",
		"finally", "just", "oh", "well", "quick", "question", "one", "more", "thing":
		return true
	}
	return false
}

// splitMasked cuts s wherever its mask m has one of seps, so separators inside quotes are
// ignored; the pieces are of s.
func splitMasked(s, m string, seps ...string) []string {
	lm := lowerASCII(m)
	var out []string
	start := 0
	for i := 0; i < len(lm); i++ {
		for _, sep := range seps {
			if strings.HasPrefix(lm[i:], sep) {
				out = append(out, s[start:i])
				start = i + len(sep)
				i = start - 1
				break
			}
		}
	}
	return append(out, s[start:])
}

// lowerASCII lowercases A–Z only, so byte offsets in the result index the original; the
// separators searched for are ASCII.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
