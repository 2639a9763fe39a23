package understand

// The keys a text is matched by: its words (folded, articles left out) and, apart, the
// symbols beside them.

// matchKeys are the keys a page text is matched by. Decoration ("Name *", "• Home") is
// dropped when the text has words; a text made only of symbols ("★★★", "×") keeps them.
func matchKeys(s string) []string {
	keys := keysOf(s)
	if wordsOnly(keys) {
		return keys // most names: nothing to leave out, nothing to copy
	}
	words := keys[:0:0]
	for _, k := range keys {
		if hasWordRune(k) {
			words = append(words, k)
		}
	}
	if len(words) > 0 {
		return dropArticles(words)
	}
	return keys
}

// wordsOnly reports keys that are all words and none an article.
func wordsOnly(keys []string) bool {
	for _, k := range keys {
		if k == "the" || k == "a" || k == "an" || !hasWordRune(k) {
			return false
		}
	}
	return len(keys) > 0
}

// dropArticles removes "the", "a" and "an" from a name of several words: people add and
// leave them out freely ("Read the docs", "save the changes"), but "A" alone is a name.
func dropArticles(keys []string) []string {
	out := keys[:0:0]
	for _, k := range keys {
		if k != "the" && k != "a" && k != "an" {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return keys
	}
	return out
}

// symbolKeys are the symbol runs of a text that has words too: the decoration matchKeys
// leaves out, for a person who names an element by its emoji.
func symbolKeys(s string) []string {
	var out []string
	for _, k := range keysOf(s) {
		if !hasWordRune(k) {
			out = append(out, k)
		}
	}
	return out
}
