package understand

import (
	"cmp"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// The options of a select: which one a value names, exactly, by a part or an
// abbreviation (announced), and the choices a question about them offers.

// selectNone handles "select none" / "nothing": the select's empty placeholder when the
// person named no literal "None" option.
func (r *reader) selectNone(vw, val, words string) (clause, bool) {
	for i, n := range r.ix.nodes {
		if n.Role != page.RoleSelect {
			continue
		}
		if k, s := r.ix.optionOf(val, i); k >= 0 && s >= 1 {
			return r.bindClause(vSelect, vw, i, 1, n.Options[k], false, words), true
		}
	}
	return clause{}, false
}

// optionChoices lists a select's options as choices, placeholder left out, best match to
// hint first.
func optionChoices(n page.Node, hint string) []Choice {
	var out []Choice
	for _, o := range n.Options {
		if isPlaceholder(o) {
			continue
		}
		c := Choice{Label: o, Value: o}
		if hint != "" {
			c.Score, _ = phraseMatch(matchKeys(hint), matchKeys(o))
		}
		out = append(out, c)
	}
	if hint != "" {
		slices.SortStableFunc(out, func(a, b Choice) int { return cmp.Compare(b.Score, a.Score) })
	}
	if len(out) > 8 {
		out = out[:8]
	}
	return out
}

// isPlaceholder reports an option that is a prompt, not a choice: "Select…", "-- Choose
// a city --", "Pick a size", "".
func isPlaceholder(o string) bool {
	t := strings.TrimSpace(strings.ToLower(o))
	t = strings.Trim(t, "-—–…. ")
	if t == "" {
		return true
	}
	for _, p := range []string{"select", "choose", "pick", "please", "--", "none selected", "any"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return strings.HasPrefix(strings.TrimSpace(o), "-") || strings.HasPrefix(strings.TrimSpace(o), "—")
}

// matchOption finds the option a value names: 1 exact (case and accents aside), 0.75 an
// abbreviation or a part (announced), lower for weaker matches; -1 when none.
func matchOption(value string, options []string) (int, float64) {
	keys := make([][]string, len(options))
	for k, o := range options {
		keys[k] = matchKeys(o)
	}
	return matchOptionKeys(value, options, keys)
}

// optionOf is matchOption on an element of the page, with its options' keys from the index.
func (ix *index) optionOf(value string, node int) (int, float64) {
	return matchOptionKeys(value, ix.nodes[node].Options, ix.opts[node])
}

// withoutArticle drops the article, possessive or preposition of means a value starts with
// when the option does not: "the first floor" is the option "1st floor", "her dad" the
// option "Father", "by cheque" the option "Cheque".
func withoutArticle(vk, ok []string) []string {
	if len(vk) > 1 && (vk[0] == "the" || vk[0] == "a" || vk[0] == "an" || possessive[vk[0]] || meansWords[vk[0]]) && (len(ok) == 0 || ok[0] != vk[0]) {
		return vk[1:]
	}
	return vk
}

// withoutReceiver drops the person a thing is given to when the value starts with them:
// "give him the veggie sausage" chooses the option "Veggie sausage and mash" for him.
func withoutReceiver(vk, ok []string) []string {
	if len(vk) > 2 && receivers[vk[0]] && (len(ok) == 0 || ok[0] != vk[0]) {
		return vk[1:]
	}
	return vk
}

// receivers are the object pronouns a value can start with.
var receivers = set("him", "her", "them", "me", "us")

// meansWords say how something is done before the way: "pay by cheque", "via text".
var meansWords = set("by", "via", "using", "through")

// ageUnits are the units an age is counted in.
var ageUnits = set("year", "years", "yr", "yrs", "month", "months", "week", "weeks", "day", "days")

// withoutAgeOld drops the "old" of an age when the option leaves it out: "30-60 years old"
// is the option "30–60 years".
func withoutAgeOld(vk, ok []string) []string {
	n := len(vk)
	if n > 1 && vk[n-1] == "old" && ageUnits[vk[n-2]] && !slices.Contains(ok, "old") {
		return vk[:n-1]
	}
	return vk
}

// optionNouns say what kind of thing an option is, after the words that say which: "my
// current account" is the option "Everyday Current ••4821", "the monthly plan" "Monthly".
var optionNouns = set("account", "plan", "option", "package", "tariff", "service")

// withoutKindNoun drops the kind noun a value ends with when the option does not say it.
func withoutKindNoun(vk, ok []string) []string {
	n := len(vk)
	if n > 1 && optionNouns[vk[n-1]] && !slices.Contains(ok, vk[n-1]) {
		return vk[:n-1]
	}
	return vk
}

func matchOptionKeys(value string, options []string, keys [][]string) (int, float64) {
	vk := matchKeys(value)
	if len(vk) == 0 {
		return -1, 0
	}
	said, _ := periodKeys(vk)
	best, bestScore, tied := -1, 0.0, false
	for k, o := range options {
		if isPlaceholder(o) && !noneWords[strings.ToLower(strings.TrimSpace(value))] {
			continue
		}
		ok, _ := periodKeys(keys[k])
		q := withoutKindNoun(withoutAgeOld(withoutArticle(withoutReceiver(said, ok), ok), ok), ok)
		s, used := phraseMatch(q, ok)
		switch {
		case s >= 1:
		case s >= 0.9 && len(q) == len(ok) && !slices.Contains(used, false):
			// Every word said as another form of the option's: "first floor" for "1st
			// floor", "4 stars" for "Four stars". The same option, said another way.
			s = 1
		case len(vk) == 1 && len(vk[0]) >= 2 && strings.HasPrefix(initials(ok), vk[0]):
			s = max(s, 0.75)
		case len(vk) == 1 && len(ok) >= 1 && len(vk[0]) >= 3 && strings.HasPrefix(ok[0], vk[0]):
			s = max(s, 0.75)
		case s > 0.6 && s < 1:
			s = min(s, 0.75)
		}
		if strings.EqualFold(strings.TrimSpace(value), strings.TrimSpace(o)) {
			s = 1
		}
		switch {
		case s > bestScore:
			best, bestScore, tied = k, s, false
		case s == bestScore && s > 0:
			tied = true
		}
	}
	if tied && bestScore < 1 {
		// "Standard" for "Standard (free)" and "Standard (tracked)": a part that fits
		// two options names neither.
		bestScore = min(bestScore, 0.6)
	}
	if bestScore < 0.9 {
		if k, ok := unitOption(value, options); ok {
			return k, 0.9 // "pounds" for "GBP – Pound sterling (£)" (units.go), announced
		}
		if k, ok := withoutAside(vk, options); ok {
			// "Express" for "Express (€9.90)", "Harrogate" for "Harrogate – Royal Hall":
			// the price or note after the name is what the page adds, not what people
			// say. Taken, and announced.
			return k, 0.9
		}
	}
	if bestScore > 0 && bestScore < 0.75 && containsAll(keys[best], vk) {
		// Every word of the value is in one option and in no other: "Seoul" for
		// "Asia/Seoul (UTC+09:00)". Taken, and announced.
		unique := true
		for k := range options {
			if k != best && containsAll(keys[k], vk) {
				unique = false
				break
			}
		}
		if unique {
			bestScore = 0.75
		}
	}
	return best, bestScore
}

// withoutAside finds the one option that is the value word for word once its bracketed
// aside ("(€9.90)", "(free)") is left out.
func withoutAside(vk []string, options []string) (int, bool) {
	hit := -1
	for k, o := range options {
		i := asideCut(o)
		if i == len(o) {
			continue
		}
		if s, _ := phraseMatch(vk, matchKeys(o[:i])); s < 1 {
			continue
		}
		if hit >= 0 {
			return 0, false
		}
		hit = k
	}
	return hit, hit >= 0
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// withoutKeys drops the tokens whose key is among keys.
func withoutKeys(toks []token, keys []string) []token {
	var out []token
	for _, t := range toks {
		if !slices.Contains(keys, t.key) {
			out = append(out, t)
		}
	}
	return out
}

func initials(keys []string) string {
	if len(keys) < 2 {
		return ""
	}
	var b strings.Builder
	for _, k := range keys {
		r := []rune(k)
		b.WriteRune(r[0])
	}
	return b.String()
}

// everyPeriod are the periods said "every …" that have a word of their own: "every week"
// is "weekly"; periodWords are other words for those ("annually" is "yearly").
var (
	everyPeriod = map[string]string{"day": "daily", "week": "weekly", "fortnight": "fortnightly", "month": "monthly", "year": "yearly"}
	periodWords = map[string]string{"annually": "yearly", "annual": "yearly"}
)

// periodKeys writes "every week" as "weekly" and "annually" as "yearly", so the forms name
// the same option. With neither, keys come back as they are and changed is false.
func periodKeys(keys []string) (out []string, changed bool) {
	for i := 0; i < len(keys); i++ {
		w := periodWords[keys[i]]
		if keys[i] == "every" && i+1 < len(keys) && everyPeriod[keys[i+1]] != "" {
			w = everyPeriod[keys[i+1]]
		}
		if w == "" {
			if out != nil {
				out = append(out, keys[i])
			}
			continue
		}
		if out == nil {
			out = slices.Clone(keys[:i]) // made on the first change: most options have none
		}
		out = append(out, w)
		if keys[i] == "every" {
			i++
		}
	}
	if out == nil {
		return keys, false
	}
	return out, true
}

// namesOptionPart reports a value said with "the" that names one option by some of its
// words: "the veggie sausage" is "Green: Veggie sausage and mash" (announced as a part),
// not a vague "the option". Every content word must be the option's own, and no other
// option may hold them all, or the words name no option and are asked about.
func namesOptionPart(val string, options []string) bool {
	k, s := matchOption(val, options)
	if s >= 1 {
		return true
	}
	want := contentKeys(matchKeys(val))
	if k < 0 || s < 0.75 || len(want) == 0 {
		return false
	}
	for j, o := range options {
		if have := containsAll(matchKeys(o), want); have != (j == k) {
			return false
		}
	}
	return true
}
