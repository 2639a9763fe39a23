package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// A choice said as an answer in the person's own words: "heard about you from a podcast"
// under "How did you hear about us?" is its Podcast option, "can you ship this to Norway?"
// under "Shipping address" its Country dropdown's Norway. One option of one control is
// said, and every other word is grammar or a word of that control's own question (its
// label, context or section); a denial or a hedge leaves it to a question
// (docs/understanding.md item 53).

// answerInOwnWords reads such a clause.
func (r *reader) answerInOwnWords(body []token, changed bool) clause {
	var content []int
	for k, t := range body {
		switch {
		case t.kind == tokQuoted:
			return clause{}
		case t.kind != tokWord:
		case turnWords[t.key] || openWords[t.key]:
			return clause{} // "I didn't hear about you from a podcast"
		case !ownGrammar(t.key):
			content = append(content, k)
		}
	}
	if len(content) < 2 {
		return clause{} // the option alone is optionGoal's
	}
	type hit struct {
		node, opt int // opt is -1 for a radio or a list's option, whose name is the option
		from, to  int // the option's words: body[from:to]
	}
	var hits []hit
	seen := map[int]bool{}
	for _, k := range content {
		for _, i := range r.ix.byKey[body[k].key] {
			if seen[i] {
				continue
			}
			seen[i] = true
			n := r.ix.nodes[i]
			switch {
			case n.Role == page.RoleRadio || n.Role == page.RoleOption:
				if from, to, ok := wordsAt(body, r.ix.names[i]); ok {
					hits = append(hits, hit{i, -1, from, to})
				}
			case len(r.ix.opts[i]) > 0 && n.Role == page.RoleSelect:
				for j, o := range r.ix.opts[i] {
					if isPlaceholder(n.Options[j]) {
						continue
					}
					if from, to, ok := wordsAt(body, o); ok {
						hits = append(hits, hit{i, j, from, to})
					}
				}
			}
		}
	}
	if len(hits) != 1 {
		return clause{}
	}
	h := hits[0]
	question := r.ix.ctx(h.node) // a radio's or a list option's name is the option
	if h.opt >= 0 {
		question = slices.Concat(r.ix.names[h.node], question) // a dropdown's name asks
	}
	asked := false
	for _, k := range content {
		if k >= h.from && k < h.to {
			continue
		}
		if !slices.ContainsFunc(question, func(q string) bool { return questionWord(body[k].key, q) }) {
			return clause{}
		}
		asked = true
	}
	if !asked {
		return clause{}
	}
	words := joinRaw(body)
	value := ""
	if h.opt >= 0 {
		value = r.ix.nodes[h.node].Options[h.opt]
	}
	cl := r.bindClause(vSelect, "", h.node, 0.9, value, false, words)
	cl.quality *= 0.9
	return cl.readAs(words, page.Describe(r.ix.nodes[h.node]))
}

// ownGrammar reports a word that says nothing of which choice: grammar, the person and
// the site ("you" is the page's "us"), a tense.
func ownGrammar(k string) bool {
	// perspective holds the person's words ("me", "us", "my"), smallWord the courtesy.
	return smallWord(k) || pronouns[k] || auxiliaries[k] || statementSubjects[k] || perspective[k] != "" ||
		k == "you" || k == "your" || k == "can"
}

// questionWord reports a word of the person's that is a word of the control's question,
// in any form: "heard" for "hear", "ship" for "Shipping", "you" for "us".
func questionWord(said, q string) bool {
	if wordEq(said, q) >= 0.95 || perspective[said] == q || perspective[q] == said {
		return true
	}
	short, long := said, q
	if len(short) > len(long) {
		short, long = long, short
	}
	return len(short) >= 4 && strings.HasPrefix(long, short)
}

// wordsAt finds keys said one after another in body, each word for word or in another
// form; ok is false when they are not there or are there twice.
func wordsAt(body []token, keys []string) (from, to int, ok bool) {
	if len(keys) == 0 {
		return 0, 0, false
	}
	found := -1
	for s := 0; s+len(keys) <= len(body); s++ {
		match := true
		for j, k := range keys {
			if t := body[s+j]; t.kind != tokWord || wordEq(t.key, k) < 0.95 {
				match = false
				break
			}
		}
		if match {
			if found >= 0 {
				return 0, 0, false
			}
			found = s
		}
	}
	if found < 0 {
		return 0, 0, false
	}
	return found, found + len(keys), true
}
