package rules

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/internal/round"
)

// Candidate is one element a command may mean, with a match score in [0, 1].
type Candidate struct {
	Node  page.Node `json:"node"`
	Score float64   `json:"score"`
	// Option is the option text a select command would choose on this element.
	Option string `json:"option,omitempty"`
	Why    string `json:"why"`
}

// Resolution is the resolver's verdict for one command on one observation.
type Resolution struct {
	// Candidates are sorted best first; at most maxCandidates.
	Candidates []Candidate `json:"candidates"`
	// Ambiguous is set when the two best candidates score about equally and are not the
	// same destination: the person must choose.
	Ambiguous bool `json:"ambiguous"`
}

const (
	maxCandidates = 5
	// ambiguityGap is how close two scores must be to count as "about equal".
	ambiguityGap = 0.1
	// MinMatch is the score below which a candidate is not a match at all.
	MinMatch = 0.5
)

// Best returns the top candidate, if any reaches MinMatch.
func (r Resolution) Best() (Candidate, bool) {
	if len(r.Candidates) == 0 || r.Candidates[0].Score < MinMatch {
		return Candidate{}, false
	}
	return r.Candidates[0], true
}

// Quality is the best score, 0 when nothing matched.
func (r Resolution) Quality() float64 {
	if len(r.Candidates) == 0 {
		return 0
	}
	return r.Candidates[0].Score
}

// Resolve matches c's target against the observation. Commands that need no element
// (navigate, back, press, scroll, wait) resolve to an empty, unambiguous resolution.
func Resolve(c Command, obs page.Observation) Resolution {
	switch c.Verb {
	case VerbNavigate, VerbBack, VerbPress, VerbScroll, VerbWait:
		return Resolution{}
	case VerbSelect:
		if c.Target == "" && c.Role == "" {
			return resolveOption(c, obs)
		}
	}
	a := resolveReading(c, c.Target, c.Near, c.Ordinal, obs)
	if c.NearCertain || (c.Phrase == c.Target && c.Near == "" && c.Ordinal == 0) || c.Phrase == "" {
		return a
	}
	// The literal reading ("Date of birth", "First name") wins a tie: a label that exists
	// word for word is what the person typed.
	b := resolveReading(c, c.Phrase, "", 0, obs)
	if b.Quality() >= a.Quality() {
		return b
	}
	return a
}

func resolveReading(c Command, target, near string, ordinal int, obs page.Observation) Resolution {
	var cands []Candidate
	for _, n := range obs.Tree {
		roleFit, why := roleFit(c, n)
		if roleFit == 0 {
			continue
		}
		score := NameScore(target, n.Name)
		if target == "" {
			score = 0.7 // a role-only target ("the link"): every element of that role fits equally
		}
		if n.Type == "submit" && normalize(target) == "submit" {
			// "the submit button" names what the button does, not its label ("Save").
			score, why = max(score, 0.9), why+", submits the form"
		}
		if score < 0.3 {
			continue
		}
		score *= roleFit
		if near != "" {
			score *= 0.4 + 0.6*max(containment(near, n.Ctx), containment(near, n.Name))
		}
		if n.Has("disabled") {
			score *= 0.6
			why += ", disabled"
		}
		if n.Occ {
			score *= 0.9
			why += ", covered"
		}
		cand := Candidate{Node: n, Score: round.Hundredths(score), Why: why}
		if c.Verb == VerbType && n.Role == page.RoleSelect || c.Verb == VerbSelect {
			opt, s := bestOption(c.Value, n.Options)
			cand.Option = opt
			if n.Role == page.RoleSelect && s < MinMatch {
				cand.Score = round.Hundredths(cand.Score * 0.7)
				cand.Why += ", no option " + quote(c.Value)
			}
		}
		cands = append(cands, cand)
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int { return cmp.Compare(b.Score, a.Score) })
	if ordinal != 0 {
		cands = pickOrdinal(cands, ordinal, obs)
	}
	r := Resolution{Candidates: cands}
	if len(cands) > maxCandidates {
		r.Candidates = cands[:maxCandidates]
	}
	if len(cands) >= 2 && ordinal == 0 {
		a, b := cands[0], cands[1]
		if b.Score >= MinMatch && a.Score-b.Score < ambiguityGap && !sameDestination(a.Node, b.Node) {
			r.Ambiguous = true
		}
	}
	return r
}

// pickOrdinal moves the nth of the good candidates, in document order, to the front.
func pickOrdinal(cands []Candidate, ordinal int, obs page.Observation) []Candidate {
	if len(cands) == 0 {
		return cands
	}
	floor := max(MinMatch, cands[0].Score-0.15)
	order := make(map[string]int, len(obs.Tree))
	for i, n := range obs.Tree {
		order[n.ID] = i
	}
	var good []Candidate
	for _, c := range cands {
		if c.Score >= floor {
			good = append(good, c)
		}
	}
	slices.SortFunc(good, func(a, b Candidate) int { return order[a.Node.ID] - order[b.Node.ID] })
	idx := ordinal - 1
	if ordinal < 0 {
		idx = len(good) + ordinal
	}
	if idx < 0 || idx >= len(good) {
		return nil
	}
	chosen := good[idx]
	chosen.Score = max(chosen.Score, cands[0].Score)
	chosen.Why += ", " + ordinalWord(ordinal)
	out := []Candidate{chosen}
	for _, c := range cands {
		if c.Node.ID != chosen.Node.ID {
			out = append(out, c)
		}
	}
	return out
}

// resolveOption handles "select Female" with no field named: the option may live in a
// select, or be a radio button, tab or option element of that name.
func resolveOption(c Command, obs page.Observation) Resolution {
	var cands []Candidate
	for _, n := range obs.Tree {
		switch n.Role {
		case page.RoleSelect:
			if opt, s := bestOption(c.Value, n.Options); s >= MinMatch {
				cands = append(cands, Candidate{Node: n, Score: round.Hundredths(s * 0.95), Option: opt, Why: "has option " + quote(opt)})
			}
		case page.RoleRadio, page.RoleOption, page.RoleTab, page.RoleCheckbox, page.RoleMenuItem:
			if s := NameScore(c.Value, n.Name); s >= MinMatch {
				cands = append(cands, Candidate{Node: n, Score: round.Hundredths(s), Why: "named " + quote(n.Name)})
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int {
		if a.Score > b.Score {
			return -1
		}
		if a.Score < b.Score {
			return 1
		}
		return 0
	})
	r := Resolution{Candidates: cands}
	if len(cands) > maxCandidates {
		r.Candidates = cands[:maxCandidates]
	}
	if len(cands) >= 2 && cands[0].Score-cands[1].Score < ambiguityGap {
		r.Ambiguous = true
	}
	return r
}

// roleFit says how well an element's role suits the command: 1 fits, 0 excludes.
func roleFit(c Command, n page.Node) (float64, string) {
	fit := 1.0
	switch c.Verb {
	case VerbType:
		switch n.Role {
		case page.RoleInput, page.RoleTextarea, page.RoleSelect:
		default:
			return 0, ""
		}
		if n.Type == "checkbox" || n.Type == "radio" || n.Type == "submit" || n.Type == "button" {
			return 0, ""
		}
	case VerbSelect:
		switch n.Role {
		case page.RoleSelect:
		case page.RoleInput, page.RoleRadio, page.RoleOption, page.RoleMenuItem, page.RoleTab:
			fit = 0.8
		default:
			return 0, ""
		}
	case VerbCheck, VerbUncheck:
		switch n.Role {
		case page.RoleCheckbox, page.RoleRadio, page.RoleSwitch:
		default:
			return 0, ""
		}
	}
	why := page.RoleName(n.Role) + " " + quote(n.Name)
	switch c.Role {
	case "":
	case "field":
		if n.Role != page.RoleInput && n.Role != page.RoleTextarea && n.Role != page.RoleSelect {
			fit *= 0.3
		}
	case page.RoleButton, page.RoleLink:
		// People call button-styled links buttons and the reverse; a mismatch only hints.
		if n.Role != c.Role {
			if n.Role == page.RoleButton || n.Role == page.RoleLink {
				fit *= 0.85
			} else {
				fit *= 0.3
			}
		}
	default:
		if n.Role != c.Role {
			fit *= 0.3
		}
	}
	return fit, why
}

// sameDestination reports elements that do the same thing: links with the same name and
// the same target (v holds a link's href), like a nav link and a page button to one page.
func sameDestination(a, b page.Node) bool {
	return a.Role == b.Role && a.Role == page.RoleLink && a.Value != "" && a.Value == b.Value &&
		normalize(a.Name) == normalize(b.Name)
}

// NameScore compares what a person wrote with an element's accessible name.
func NameScore(query, name string) float64 {
	q, n := normalize(query), normalize(name)
	if q == "" || n == "" {
		return 0
	}
	if q == n {
		return 1
	}
	if strings.HasPrefix(n, q+" ") || strings.HasSuffix(n, " "+q) {
		return 0.85
	}
	qt, nt := strings.Fields(q), strings.Fields(n)
	best := 0.0
	if common := countCommon(qt, nt); common > 0 {
		switch {
		case common == len(qt): // every word of the query is in the name
			best = 0.6 + 0.25*float64(len(qt))/float64(len(nt))
		case common == len(nt): // the name is inside the query ("Name input box")
			best = 0.55 + 0.25*float64(len(nt))/float64(len(qt))
		default:
			best = 0.6 * float64(common) / float64(len(qt)+len(nt)-common)
		}
	}
	if sim := similarity(q, n); sim >= 0.75 {
		best = max(best, 0.8*sim)
	}
	return round.Hundredths(best)
}

// containment is the share of the query's words found in text.
func containment(query, text string) float64 {
	qt := strings.Fields(normalize(query))
	if len(qt) == 0 {
		return 0
	}
	return float64(countCommon(qt, strings.Fields(normalize(text)))) / float64(len(qt))
}

func countCommon(a, b []string) int {
	n := 0
	for _, w := range a {
		if slices.Contains(b, w) {
			n++
		}
	}
	return n
}

// bestOption finds the option a value names: exact, then prefix, then contained.
func bestOption(value string, options []string) (string, float64) {
	best, bestScore := "", 0.0
	for _, o := range options {
		if s := NameScore(value, o); s > bestScore {
			best, bestScore = o, s
		}
	}
	return best, bestScore
}

// normalize lowercases, drops punctuation and collapses spaces; "Name *" and "name:" meet.
func normalize(s string) string {
	var b strings.Builder
	space := true
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			space = false
		case !space:
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

// similarity is 1 - edit distance / longer length, for typos ("Svae"). The distance is
// optimal string alignment, so a swapped pair of letters costs one edit, not two.
func similarity(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	if len(ra) == 0 || len(rb) == 0 {
		return 0
	}
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return 1 - float64(d[len(ra)][len(rb)])/float64(max(len(ra), len(rb)))
}

func quote(s string) string { return "\u201c" + s + "\u201d" }

func ordinalWord(n int) string {
	switch n {
	case -1:
		return "the last"
	case 1:
		return "the first"
	case 2:
		return "the second"
	case 3:
		return "the third"
	}
	return "number " + strconv.Itoa(n)
}
