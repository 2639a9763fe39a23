package clarify

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokens splits s into lowercase words, keeping apostrophes inside words so "don't" stays a
// negation. Underscores and hyphens split, so a value such as all_documents reads as words.
func tokens(s string) []string {
	s = strings.ReplaceAll(strings.ToLower(s), "’", "'")
	f := strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
	out := f[:0]
	for _, w := range f {
		if w = strings.Trim(w, "'"); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// content returns the stemmed words of s that carry meaning, deduplicated in order.
func content(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range tokens(s) {
		if isStopword(w) {
			continue
		}
		w = stem(w)
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// stem folds plurals only: enough for "documents" to meet "document" without a stemmer's
// surprises on product names.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us"):
		return w[:len(w)-1]
	}
	return w
}

func isStopword(w string) bool {
	switch w {
	case "a", "an", "the", "to", "of", "in", "on", "for", "and", "or", "with", "at", "by",
		"from", "as", "into", "it", "its", "it's", "this", "that", "these", "those", "there",
		"i", "i'm", "i'd", "i'll", "me", "my", "you", "your", "you'd", "we", "our", "us",
		"is", "are", "was", "were", "be", "been", "am", "do", "does", "did", "should",
		"shall", "would", "could", "can", "will", "may", "might", "must", "have", "has", "had",
		"want", "like", "please", "just", "so", "then", "some", "any", "which", "what", "one",
		"ones", "let", "if", "go", "get":
		return true
	}
	return false
}

// isNegation reports whether w turns the words after it into something the person does not
// want.
func isNegation(w string) bool {
	switch w {
	case "not", "no", "never", "without", "except", "avoid", "skip", "dont", "nor":
		return true
	}
	return strings.HasSuffix(w, "n't")
}

// isAux reports whether a sentence opening with w asks for a yes or a no.
func isAux(w string) bool {
	switch w {
	case "should", "shall", "do", "does", "did", "would", "will", "can", "could", "may",
		"might", "is", "are", "was", "were", "am", "have", "has", "had", "must", "want",
		"ok", "okay", "need":
		return true
	}
	return strings.HasSuffix(w, "n't")
}

func isWh(w string) bool {
	switch w {
	case "what", "which", "where", "when", "who", "whom", "whose", "why", "how":
		return true
	}
	return false
}

// isLeadIn reports whether w belongs to the words that introduce a choice ("should I click
// …", "do you want to use …") rather than to the first option itself.
func isLeadIn(w string) bool {
	if isAux(w) || isWh(w) {
		return true
	}
	switch w {
	case "i", "you", "we", "me", "us", "it", "they", "to", "either", "whether", "between",
		"like", "prefer", "rather", "click", "press", "tap", "choose", "pick", "select",
		"use", "open", "visit", "download", "try", "keep", "enter", "type", "go", "want":
		return true
	}
	return false
}

// isTrailer reports whether w starts a phrase that qualifies the last option rather than
// being part of it ("Cancel on this dialog").
func isTrailer(w string) bool {
	switch w {
	case "for", "on", "in", "at", "from", "with", "to", "instead", "first", "now", "here",
		"there", "please", "today":
		return true
	}
	return false
}

// risky reports the first word of s that commits to something hard to undo, if any.
func risky(s string) string {
	ts := tokens(s)
	for i, w := range ts {
		for _, p := range []string{"delet", "remov", "eras", "wipe", "wiping", "destroy",
			"purg", "discard", "overwrit", "pay", "purchas", "buy", "bought", "checkout",
			"send", "sent", "transfer", "publish", "unsubscrib", "deactivat", "permanent"} {
			if strings.HasPrefix(w, p) {
				return w
			}
		}
		if i+1 < len(ts) {
			switch w + " " + ts[i+1] {
			case "place order", "close account", "cancel subscription", "submit payment",
				"confirm payment", "confirm order":
				return w + " " + ts[i+1]
			}
		}
	}
	return ""
}

// clean strips what wraps an option as written: spaces, markdown emphasis and quotes.
func clean(s string) string {
	for {
		t := strings.TrimSpace(s)
		t = strings.Trim(t, "*_")
		t = unwrap(t)
		if t == s {
			return t
		}
		s = t
	}
}

func unwrap(s string) string {
	for _, p := range [][2]string{{`"`, `"`}, {"`", "`"}, {"“", "”"}, {"‘", "’"}, {"'", "'"}} {
		if len(s) >= len(p[0])+len(p[1]) && strings.HasPrefix(s, p[0]) && strings.HasSuffix(s, p[1]) {
			inner := s[len(p[0]) : len(s)-len(p[1])]
			if !strings.ContainsAny(inner, p[0]+p[1]) {
				return inner
			}
		}
	}
	return s
}

// normalise turns a label into the value submitted for it.
func normalise(label string) string {
	return clean(strings.TrimRight(clean(label), ".,;:!?…"))
}

// humanise turns a machine value such as all_documents into a label: "All documents".
func humanise(v string) string {
	s := strings.Join(strings.Fields(strings.NewReplacer("_", " ", "-", " ").Replace(v)), " ")
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return v
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
