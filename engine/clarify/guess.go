package clarify

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Signal weights. The goal is what the person asked for, so it outweighs the conversation
// and the page together; a negation outweighs the goal mention it came with.
const (
	weightGoal     = 3.0
	weightConv     = 1.5 // the latest message; older ones count 1/2, 1/3, …
	weightPage     = 1.0
	weightPosition = 1.0 // "first"/"top", "last"/"bottom"
	weightAdding   = 1.5 // "new"/"add"/"create" in the goal
	weightNegated  = -3.0
	weightExact    = 6.0  // the option is a value quoted in the goal
	weightRisky    = -0.5 // an irreversible option the goal does not name
	weightAction   = 2.0  // a yes/no question about what the goal asks for
	riskyMargin    = 1.0  // how far "no" is put ahead of "yes" on a risky confirmation
	convWindow     = 6    // messages of history that still count
	confStep       = 0.01 // the least gap between neighbours, so percentages never tie
	confMin        = 0.05
	confMax        = 0.95
	confExactMax   = 0.99
)

// Guess ranks q's options by confidence, highest first, each with a Confidence in
// [0.05, 0.95] (up to 0.99 for a value the goal quotes exactly) and a short Reasoning. Equal
// scores keep the listed order and still get strictly falling confidences, so the UI never
// shows two options at the same percentage. q itself is not changed.
func Guess(q Detected, c Context) Detected {
	out := q
	if len(q.Options) == 0 {
		return out
	}
	s := readSignals(c)
	cands := make([]candidate, len(q.Options))
	for i, o := range q.Options {
		cands[i] = s.score(i, len(q.Options), o)
	}
	if yes, no := yesNoIndex(q.Options); yes >= 0 && no >= 0 {
		s.yesNo(q.Question, &cands[yes], &cands[no])
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	confidences(cands)
	out.Options = make([]Choice, len(cands))
	for i, cd := range cands {
		ch := cd.choice
		ch.Confidence = cd.conf
		ch.Reasoning = cd.reasoning(cands)
		out.Options[i] = ch
	}
	return out
}

type candidate struct {
	choice Choice
	index  int // position as listed
	words  []string
	score  float64
	exact  bool
	why    []string
	conf   float64
}

func (cd *candidate) add(w float64, why string) {
	cd.score += w
	if why != "" {
		cd.why = append(cd.why, why)
	}
}

type signals struct {
	goal    map[string]bool // content words of the goal, less the negated ones
	negated map[string]bool
	quoted  []string
	first   bool
	last    bool
	adding  bool
	conv    []map[string]bool // newest first
	page    map[string]bool
	rawGoal map[string]bool
}

func readSignals(c Context) signals {
	s := signals{
		goal:    set(content(c.Goal)),
		negated: negatedWords(c.Goal),
		quoted:  quotedIn(c.Goal),
		rawGoal: set(tokens(c.Goal)),
		page:    map[string]bool{},
	}
	for w := range s.negated {
		delete(s.goal, w)
	}
	ts := tokens(c.Goal)
	for i, w := range ts {
		// "last month", "first name" and "top up" are not about the order of options.
		if i+1 < len(ts) && notOrdinal(strings.TrimSuffix(ts[i+1], "'s")) {
			continue
		}
		switch w {
		case "first", "top":
			s.first = true
		case "last", "bottom":
			s.last = true
		}
	}
	s.adding = s.rawGoal["new"] || s.rawGoal["add"] || s.rawGoal["create"]
	for i := len(c.Conversation) - 1; i >= 0 && len(s.conv) < convWindow; i-- {
		s.conv = append(s.conv, set(content(c.Conversation[i])))
	}
	p := c.Page
	texts := append([]string{p.Title}, p.Messages...)
	for _, n := range p.Tree {
		texts = append(texts, n.Name, n.Value, n.Ctx)
		texts = append(texts, n.Options...)
	}
	for _, t := range texts {
		for _, w := range content(t) {
			s.page[w] = true
		}
	}
	return s
}

func (s signals) score(i, n int, o Choice) candidate {
	cd := candidate{choice: o, index: i, words: content(o.Label + " " + o.Value)}
	for _, q := range s.quoted {
		if q == strings.ToLower(o.Label) || q == strings.ToLower(o.Value) || q == strings.ToLower(humanise(o.Value)) {
			cd.exact = true
			cd.add(weightExact, fmt.Sprintf("you asked for %q", o.Label))
			break
		}
	}
	if f, hit := overlap(cd.words, s.goal); f > 0 {
		cd.add(weightGoal*f, "matches your request ("+strings.Join(hit, ", ")+")")
	}
	best, bestAge, bestHit := 0.0, 0, []string(nil)
	for age, m := range s.conv {
		if f, hit := overlap(cd.words, m); f/float64(age+1) > best {
			best, bestAge, bestHit = f/float64(age+1), age, hit
		}
	}
	if best > 0 {
		where := "said earlier"
		if bestAge == 0 {
			where = "in your last message"
		}
		cd.add(weightConv*best, where+" ("+strings.Join(bestHit, ", ")+")")
	}
	if f, hit := overlap(cd.words, s.page); f > 0 {
		cd.add(weightPage*f, "on the page ("+strings.Join(hit, ", ")+")")
	}
	if s.first && i == 0 && n > 1 {
		cd.add(weightPosition, "you asked for the first one")
	}
	if s.last && i == n-1 && n > 1 {
		cd.add(weightPosition, "you asked for the last one")
	}
	if s.adding {
		for _, w := range cd.words {
			if w == "new" || w == "add" || w == "create" {
				cd.add(weightAdding, "you asked to add something new")
				break
			}
		}
	}
	for _, w := range cd.words {
		if s.negated[w] {
			cd.add(weightNegated, fmt.Sprintf("you said not %q", w))
			break
		}
	}
	if r := risky(o.Label + " " + o.Value); r != "" && !s.rawGoal[r] && !cd.exact {
		cd.add(weightRisky, "cannot be undone ("+r+"); not assumed")
	}
	return cd
}

// yesNo applies what only a yes/no question has: the goal asking for the action prefers yes,
// a negated action prefers no, and a risky confirmation is never answered yes by default.
func (s signals) yesNo(question string, yes, no *candidate) {
	action := content(question)
	if f, hit := overlap(action, s.goal); f > 0 {
		yes.add(weightAction*f, "your request asks for this ("+strings.Join(hit, ", ")+")")
	}
	for _, w := range action {
		if s.negated[w] {
			no.add(-weightNegated, fmt.Sprintf("you said not %q", w))
			break
		}
	}
	if r := risky(question); r != "" {
		no.why = append(no.why, "confirms something that cannot be undone ("+r+"); the safe default")
		yes.why = append(yes.why, "risky ("+r+"); never taken by default")
		if no.score < yes.score+riskyMargin {
			no.score = yes.score + riskyMargin
		}
	}
}

func yesNoIndex(opts []Choice) (yes, no int) {
	yes, no = -1, -1
	if len(opts) != 2 {
		return yes, no
	}
	for i, o := range opts {
		switch strings.ToLower(o.Value) {
		case "yes":
			yes = i
		case "no":
			no = i
		}
	}
	return yes, no
}

// confidences turns ranked scores into confidences: a softmax, clamped, then forced to
// fall by at least confStep from one rank to the next and lifted off the floor from the
// bottom, so ties become distinct in listed order.
func confidences(cands []candidate) {
	n := len(cands)
	step := confStep
	if n > 1 && float64(n-1)*step > confMax-confMin {
		step = (confMax - confMin) / float64(n-1)
	}
	// Whole percentages while the step allows it, so the UI shows what was ranked.
	prec := 100.0
	if step < confStep {
		prec = 1e4
	}
	round := func(f float64) float64 { return math.Round(f*prec) / prec }
	top := cands[0].score
	sum := 0.0
	for _, c := range cands {
		sum += math.Exp(c.score - top)
	}
	for i := range cands {
		hi := confMax
		if cands[i].exact {
			hi = confExactMax
		}
		c := round(min(max(math.Exp(cands[i].score-top)/sum, confMin), hi))
		if i > 0 && c > cands[i-1].conf-step {
			c = round(cands[i-1].conf - step)
		}
		cands[i].conf = c
	}
	for i := n - 1; i >= 0; i-- {
		if floor := round(confMin + step*float64(n-1-i)); cands[i].conf < floor {
			cands[i].conf = floor
		}
	}
}

func (cd candidate) reasoning(all []candidate) string {
	tied := false
	for _, o := range all {
		if o.index != cd.index && o.score == cd.score {
			tied = true
		}
	}
	if len(cd.why) == 0 {
		if cd.index == 0 {
			return "listed first; no other signal"
		}
		return fmt.Sprintf("listed #%d; no other signal", cd.index+1)
	}
	why := strings.Join(cd.why, "; ")
	if tied {
		why += "; tie broken by listing order"
	}
	return why
}

// overlap returns the share of ws found in m and the words found.
func overlap(ws []string, m map[string]bool) (float64, []string) {
	if len(ws) == 0 {
		return 0, nil
	}
	var hit []string
	for _, w := range ws {
		if m[w] {
			hit = append(hit, w)
		}
	}
	return float64(len(hit)) / float64(len(ws)), hit
}

func set(ws []string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// negatedWords returns the stemmed words a negation governs: up to two content words after
// "not", "don't", "without", … within the same clause.
func negatedWords(goal string) map[string]bool {
	out := map[string]bool{}
	for _, clause := range strings.FieldsFunc(goal, func(r rune) bool { return strings.ContainsRune(",.;:!?()", r) }) {
		ts := tokens(clause)
		for i := 0; i < len(ts); i++ {
			if !isNegation(ts[i]) {
				continue
			}
			taken := 0
			for j := i + 1; j < len(ts) && taken < 2; j++ {
				w := ts[j]
				if w == "but" || w == "and" || w == "or" || w == "instead" || w == "rather" || isNegation(w) {
					break
				}
				if isStopword(w) {
					continue
				}
				out[stem(w)] = true
				taken++
			}
		}
	}
	return out
}

// quotedIn returns the lowercased values quoted in s ("…", “…”, or '…' opened after a
// space so apostrophes do not count).
func quotedIn(s string) []string {
	var out []string
	for _, p := range [][2]string{{`"`, `"`}, {"“", "”"}, {" '", "'"}} {
		rest := " " + s
		for {
			i := strings.Index(rest, p[0])
			if i < 0 {
				break
			}
			rest = rest[i+len(p[0]):]
			j := strings.Index(rest, p[1])
			if j < 0 {
				break
			}
			if v := strings.ToLower(strings.TrimSpace(rest[:j])); v != "" {
				out = append(out, v)
			}
			rest = rest[j+len(p[1]):]
		}
	}
	return out
}

func notOrdinal(next string) bool {
	switch stem(next) {
	case "minute", "hour", "night", "day", "week", "weekend", "month", "quarter", "year",
		"time", "name", "class", "up", "monday", "tuesday", "wednesday", "thursday",
		"friday", "saturday", "sunday", "summer", "winter", "spring", "autumn":
		return true
	}
	return false
}
