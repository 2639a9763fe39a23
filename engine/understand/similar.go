package understand

// MinMatch is the least similarity at which words may name an element or an option.
const MinMatch = minMatch

// Similar scores how well what a person wrote names a text (an element's name, an
// option, an answer's option), in [0, 1], with the reader's own folding of accents, word
// forms and typos, so answers and failures are matched as goals are.
func Similar(said, text string) float64 {
	s, _ := phraseMatch(matchKeys(said), matchKeys(text))
	return s
}

// Commandlike reports text that starts with a verb the reader knows ("click Save",
// "type Jas into Name"): an answer of that shape replaces the request instead of adding
// to it.
func Commandlike(text string) bool {
	toks := tokenize(text)
	for i, t := range toks {
		if ignorable[t.key] {
			continue
		}
		v, _ := verbAt(toks, i)
		return v != ""
	}
	return false
}
