// Package skills is Errand's memory of corrections (docs/memory.md): when a failed action
// was followed by one that worked — the model's self-correction, or a person's Retry or
// Correct — the pair is kept with the goal and the page it happened on, scoped to the site,
// and offered as a hint the next time a similar goal meets a similar page.
//
// Limits: a skill unused for 90 days is forgotten; at most 10,000 are kept, the least
// recently used going first; only skills that worked at least half the times they were
// used become hints; and a skill's weight halves every 30 days since it was last used.
package skills

import (
	"math"
	"strings"
	"time"
	"unicode"

	"github.com/errand-app/errand/knowledge/recorded"
)

// Weights of the ranking: how much the goal's words and the page's structure count.
const (
	goalWeight = 0.7
	pageWeight = 0.3
	// samePathScore is the page similarity of another page of the same path pattern:
	// the same form in another state the signature did not absorb (a dialog open).
	samePathScore = 0.5
)

// Ranking says how skills are ranked; the zero value is the default.
type Ranking struct {
	HalfLife time.Duration // a skill's weight halves per HalfLife since its last use; 0 = 30 days
	MinGoal  float64       // the least goal similarity a hint needs, 0–1; 0 = 0.25
	MinRate  float64       // the least success rate a hint needs; 0 = 0.5
}

func (r Ranking) withDefaults() Ranking {
	if r.HalfLife <= 0 {
		r.HalfLife = 30 * 24 * time.Hour
	}
	if r.MinGoal <= 0 {
		r.MinGoal = 0.25
	}
	if r.MinRate <= 0 {
		r.MinRate = 0.5
	}
	return r
}

// Score ranks skill k for a goal and page at time now, in [0, 1]; ok is false when k may
// not be a hint (too unlike the goal, or working less than MinRate of the time).
func (r Ranking) Score(k Skill, goal, pageSig string, now time.Time) (score float64, ok bool) {
	return r.score(k, GoalSimilarity(goal, k.Goal), pageSig, now)
}

// score is Score with the goal similarity g already known.
func (r Ranking) score(k Skill, g float64, pageSig string, now time.Time) (float64, bool) {
	r = r.withDefaults()
	rate := k.SuccessRate()
	if rate < r.MinRate || g < r.MinGoal {
		return 0, false
	}
	age := max(now.Sub(k.LastUsed), 0)
	decay := math.Exp2(-float64(age) / float64(r.HalfLife))
	return (goalWeight*g + pageWeight*PageSimilarity(pageSig, k.Page)) * rate * decay, true
}

// PageSimilarity is 1 for the same page signature, 0.5 for another signature of the same
// path pattern, 0 otherwise (and when either is unknown).
func PageSimilarity(a, b string) float64 {
	switch {
	case a == "" || b == "":
		return 0
	case a == b:
		return 1
	case recorded.SignaturePath(a) == recorded.SignaturePath(b):
		return samePathScore
	}
	return 0
}

// GoalSimilarity is the Jaccard index of two goals' words, ignoring case, small words,
// numbers and word endings ("saving" is "save").
func GoalSimilarity(a, b string) float64 {
	ta, tb := terms(a), terms(b)
	if len(ta) == 0 || len(tb) == 0 {
		return 0
	}
	inter := 0
	for t := range ta {
		if tb[t] {
			inter++
		}
	}
	return float64(inter) / float64(len(ta)+len(tb)-inter)
}

// stopwords carry no errand: "type Jas into the Name field" is about typing, a name and a field.
var stopwords = map[string]bool{"a": true, "an": true, "the": true, "to": true, "into": true, "in": true,
	"on": true, "of": true, "for": true, "and": true, "then": true, "with": true, "at": true, "from": true,
	"my": true, "me": true, "it": true, "is": true, "this": true, "that": true, "please": true, "by": true,
	"as": true, "or": true, "be": true}

// terms are a text's content words, stemmed.
func terms(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range words(s) {
		out[stem(w)] = true
	}
	return out
}

// words are a text's lower-case content words: no stop words, numbers or placeholders.
func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '%'
	}) {
		if stopwords[w] || strings.HasPrefix(w, "%") || strings.IndexFunc(w, unicode.IsLetter) < 0 {
			continue
		}
		out = append(out, w)
	}
	return out
}

// stem drops common English endings, enough to make "saving", "saved" and "saves" one word.
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s", "e"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}
