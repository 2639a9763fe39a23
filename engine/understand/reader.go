package understand

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/internal/round"
)

// reader reads goals on one page.
type reader struct {
	src string // the text being read, for values as written
	// inPath is set while a menu path is read: its items are looked for after the menu
	// before them opens, whatever words they use.
	inPath bool
	// revealed is set while a clause is read after a page change that only opened a tab,
	// a menu or a dialog: what follows is on the same page, shown.
	revealed bool
	// siteSaid is "app language" and "language" when a goal's site word was read past
	// (withoutSiteWord), so the reading says so.
	siteSaid [2]string
	// finished is set while a clause is read after a click that sends or books what the
	// page was for: a target not found now is not looked for on the page that comes next.
	finished bool
	ix       *index
	obs      page.Observation
	opts     Options
	cache    map[clauseKey]clause
	// hidden reads clauses on the controls hidden behind shown ones (behind.go); isBehind
	// marks that reader, which looks no further.
	hidden   *reader
	isBehind bool

	// after is the element "it" points back at while a clause is read (carry.after).
	after int
	// foreign memoizes what loose.go learns of a word the page does not use.
	foreign map[string]foreignWord
	// behindKeys are the keys of each hidden control's name and context, built on first use
	// (factbuttons.go).
	behindKeys [][2][]string
}

func newReader(obs page.Observation, opts Options) *reader {
	return &reader{ix: newIndex(obs), obs: obs, opts: opts, cache: make(map[clauseKey]clause), after: -1}
}

// carry is what a clause without a verb inherits from the one before it: "tick A, B and
// C", "Fill First name with Jas, Last name with Kaur".
type carry struct {
	verb  verb
	words string // the verb as written, for the command's words
	// after is the element the clause before acted on, set only for a clause that points
	// back at it ("the Apply button next to it"; nexttoit.go); -1 otherwise.
	after int
	// opened is the control the clause before turned on or clicked, whose script may show
	// the fields the clause names ("turn on the spend cap and set it to £15"; behind.go).
	opened string
}

type clauseKey struct {
	from, to int
	c        carry
	revealed bool
	finished bool
}

// clause is the reading of one clause.
type clause struct {
	cmds      []Command
	questions []Question
	assumed   []string
	// asides counts the assumptions that only leave out an option's bracketed aside
	// ("Food caddy" for "Food caddy (free)"): the option's own name, said whole.
	asides      int
	grounded    []Grounding
	unexplained []string
	// quality in [0, 1] compares readings of the same words: 1 is every word explained by
	// an exact match.
	quality float64
	next    carry
	// changes is set when the clause's last action may change the page.
	changes bool
	// reveals is set when its changes only open a form or dialog to fill (openAndFill).
	reveals bool
	// deferred marks commands whose element may appear after an earlier click.
	deferred bool
}

// readAs announces what words were read as when the reading is less than certain.
func (cl clause) readAs(words, as string) clause {
	cl.assumed = append(cl.assumed, fmt.Sprintf("%q read as %s", words, as))
	return cl
}

// boundary is a run of connective tokens between two clauses: ",", "and", ", then", ";".
type boundary struct{ from, to int }

// actMin is the least quality a clause's reading needs to be acted on without asking.
const actMin = 0.6

// maxBoundaries caps the segmentations tried (2^n); beyond it every boundary splits.
const maxBoundaries = 10

func (r *reader) read(toks []token) (Reading, float64) {
	toks = trimEnd(toks)
	r.ix.acronyms = acronyms(toks)
	r.siteSaid = [2]string{}
	toks = r.sayOnesAgain(r.spellOut(r.withoutSiteWord(dropApproximate(pathPlaced(toks)))))
	if len(toks) == 0 {
		return Reading{Questions: []Question{{Kind: AskUnclear, Text: "What should I do on this page?", Command: -1}}}, 0
	}
	bs := r.optionTails(toks, boundaries(toks))
	best, bestScore := []clause(nil), -1.0
	try := func(split []bool) {
		var cls []clause
		from, c := 0, carry{}
		changed, reveals, finished := false, true, false
		total := 0.0
		var taken []string // the fields given a value by the clauses before
		for k := 0; k <= len(bs); k++ {
			to := len(toks)
			if k < len(bs) {
				if !split[k] {
					continue
				}
				to = bs[k].from
			}
			r.revealed = changed && reveals
			r.finished = finished
			c.after = r.pointedAt(toks[from:to], cls)
			// A clause read among the fields a control showed leaves them open for the next
			// ("I'm renting, the landlord is Colin Hart, his email …").
			within := c.opened
			c.opened = ""
			if len(cls) > 0 {
				if c.opened = r.openedBy(cls[len(cls)-1].cmds); c.opened == "" {
					c.opened = within
				}
			}
			cl := untie(r.clause(from, to, toks, c, changed), taken)
			if len(cls) > 0 {
				cl = r.samePart(cl, cls[len(cls)-1])
			}
			r.revealed, r.finished = false, false
			for _, cmd := range cl.cmds {
				if k := cmd.Action.Kind; k == page.SetValue || k == page.Select {
					taken = append(taken, cmd.Action.ID)
				}
			}
			cls = append(cls, cl)
			total += cl.quality
			if cl.changes {
				changed, reveals = true, reveals && (cl.reveals || r.onlyReveals(cl.cmds))
				finished = r.finishes(cl.cmds)
			}
			c = cl.next
			if k < len(bs) {
				from = bs[k].to
			}
		}
		// A field given a value by a clause after this one is not a candidate for this
		// one either: "emergency contact - Priya Nair, 07911 123456" puts the name into the
		// field the number does not go into.
		for k := range cls {
			if len(cls[k].questions) == 1 && len(cls[k].cmds) == 0 {
				if u := untie(cls[k], takenAfter(cls[k+1:])); len(u.cmds) > 0 {
					cls[k] = u
				}
			}
		}
		score := total/float64(len(cls)) - 0.01*float64(len(cls))
		if score > bestScore {
			best, bestScore = cls, score
		}
	}
	if len(bs) > maxBoundaries {
		all := make([]bool, len(bs))
		for i := range all {
			all[i] = true
		}
		try(all)
	} else {
		for mask := 0; mask < 1<<len(bs); mask++ {
			split := make([]bool, len(bs))
			for i := range split {
				split[i] = mask&(1<<i) != 0
			}
			try(split)
		}
	}
	return r.sayHowRead(assemble(best)), bestScore
}

// sayHowRead announces what a reading read past or read loosely: a site word before a
// setting's name (withoutSiteWord), and each element a command acts on that was named by
// some words of its name alone (liftSoleHolder), unless the reading already says so.
func (r *reader) sayHowRead(rd Reading) Reading {
	if r.siteSaid[0] != "" && len(rd.Commands) > 0 {
		rd.Assumptions = append(rd.Assumptions, fmt.Sprintf("%q is this page's %s", r.siteSaid[0], r.siteSaid[1]))
	}
	for _, c := range rd.Commands {
		i := r.ix.nodeOf(c.Action.ID)
		if !c.Bound || c.Match >= 0.9 || i < 0 || !r.ix.lifted[i] {
			continue
		}
		said := fmt.Sprintf("%q is %s", c.Words, page.Describe(r.ix.nodes[i]))
		if !slices.ContainsFunc(rd.Assumptions, func(a string) bool { return strings.Contains(a, page.Describe(r.ix.nodes[i])) }) {
			rd.Assumptions = append(rd.Assumptions, said)
		}
	}
	return rd
}

// takenAfter lists the fields the clauses give a value.
func takenAfter(cls []clause) []string {
	var out []string
	for _, cl := range cls {
		for _, cmd := range cl.cmds {
			if k := cmd.Action.Kind; k == page.SetValue || k == page.Select {
				out = append(out, cmd.Action.ID)
			}
		}
	}
	return out
}

// untie settles a clause's one question of which field a value goes into when all but
// one of the fields it names were given a value by the clauses before: "account holder N
// Hussain, sort code 20-45-77, account 43917285" puts the number into Account number. A
// person gives a field one value per instruction.
func untie(cl clause, taken []string) clause {
	if len(taken) == 0 || len(cl.questions) == 1 && len(cl.questions[0].Choices) >= 6 {
		return cl
	}
	return answeredBy(cl, func(ch Choice) bool {
		return len(ch.Then) == 1 && (ch.Then[0].Action.Kind == page.SetValue || ch.Then[0].Action.Kind == page.Select)
	}, func(ch Choice) bool { return !slices.Contains(taken, ch.ID) })
}

// written is the source text of toks as the person wrote it, quotes kept, so a clause
// read again later (verbClause) reads the same; joinRaw when the offsets are unknown.
func (r *reader) written(toks []token) string {
	if len(toks) == 0 {
		return ""
	}
	from, to := toks[0].start, toks[len(toks)-1].end
	if r.src != "" && from >= 0 && to <= len(r.src) && from < to && r.whole(toks) {
		return r.src[from:to]
	}
	// Words moved or left out ("put X in the comments" for "In the missed bin comments
	// put X"): a quoted value keeps its quotes, so it is read again as one value.
	var b strings.Builder
	for k, t := range toks {
		if k > 0 && t.kind != tokPunct {
			b.WriteByte(' ')
		}
		if t.kind == tokQuoted && !strings.Contains(t.raw, `"`) {
			b.WriteString(`"` + t.raw + `"`)
			continue
		}
		b.WriteString(t.raw)
	}
	return b.String()
}

// whole reports tokens as they were written: in order, nothing left out between them but
// spaces.
func (r *reader) whole(toks []token) bool {
	for k := 1; k < len(toks); k++ {
		a, b := toks[k-1].end, toks[k].start
		if b < a || b > len(r.src) || strings.TrimSpace(r.src[a:b]) != "" {
			return false
		}
	}
	return true
}

// acronyms are the words written in capitals, of two to five letters ("PT", "DOB", "ETA").
func acronyms(toks []token) map[string]bool {
	out := map[string]bool{}
	for _, t := range toks {
		if t.kind == tokWord && len(t.raw) >= 2 && len(t.raw) <= 5 && strings.ToUpper(t.raw) == t.raw && hasLetter(t.raw) {
			out[t.key] = true
		}
	}
	return out
}

// trimEnd drops the sentence's final punctuation, but not the period of an initial or a
// title ("Sam R.", "Dr.").
func trimEnd(toks []token) []token {
	for len(toks) > 0 && toks[len(toks)-1].kind == tokPunct && strings.Contains(".!?;,", toks[len(toks)-1].raw) {
		n := len(toks)
		if toks[n-1].raw == "." && n >= 2 && toks[n-2].kind == tokWord && toks[n-2].end == toks[n-1].start && abbreviation(toks[n-2].raw) {
			toks[n-2].raw += "."
			toks[n-2].end = toks[n-1].end
			return toks[:n-1]
		}
		toks = toks[:n-1]
	}
	return toks
}

// abbreviation reports a word a period belongs to: an initial ("R") or a short title.
func abbreviation(w string) bool {
	if r := []rune(w); len(r) == 1 && unicode.IsUpper(r[0]) {
		return true
	}
	switch strings.ToLower(w) {
	case "dr", "mr", "mrs", "ms", "st", "jr", "sr", "prof", "inc", "ltd", "co", "etc":
		return true
	}
	return false
}

// boundaries finds the runs of connectives where a goal may split into clauses.
func boundaries(toks []token) []boundary {
	var out []boundary
	for i := 1; i < len(toks); i++ {
		if !isConnective(toks, i) {
			continue
		}
		j := i
		for j < len(toks) && isConnective(toks, j) {
			j++
		}
		if j < len(toks) {
			out = append(out, boundary{from: i, to: j})
		}
		i = j
	}
	return out
}

func isConnective(toks []token, i int) bool {
	t := toks[i]
	switch {
	case t.kind == tokPunct && t.raw == "." && i > 0 && numberShorts[toks[i-1].key] && toks[i-1].end == t.start:
		return false // "membership no. BCT-4471": the period shortens "number"
	case t.kind == tokPunct:
		return t.raw == "," || t.raw == ";" || t.raw == "." || t.raw == "!"
	case t.kind != tokWord:
		return false
	case t.key == "that":
		return i > 0 && toks[i-1].key == "after"
	case t.key == "after":
		return i+1 < len(toks) && toks[i+1].key == "that"
	case t.key == "&" || t.key == "+":
		return true
	case t.key == "but":
		// "I don't want anything from partners, but I'd love …": after a comma it joins
		// what the person does and does not want; inside a clause ("anything but red") it
		// is a word of it.
		return i > 0 && toks[i-1].kind == tokPunct && toks[i-1].raw == ","
	case t.key == "so":
		// "they're both coming so hit the + twice": "so" before a verb starts the step, as
		// it does before a count ("… with us now so 1 child please").
		v, _ := verbAt(toks, i+1)
		return v != "" || i+2 < len(toks) && toks[i+1].kind == tokWord && isDigit(toks[i+1].key[0])
	case isDash(t.raw):
		// "direct debit — account holder N Hussain": a dash with a space each side parts
		// two steps as a comma does; "20-45-77" and "6–7pm" are one word.
		return i > 0 && i+1 < len(toks) && t.start > toks[i-1].end && toks[i+1].start > t.end
	case t.key == "next" && i > 0 && verbs[toks[i-1].key] == vClick:
		// "click Next and then OK": the button, not "next" as in "and next".
		return false
	}
	return connectives[t.key] && t.key != "before" && t.key != "once"
}

// clause reads toks[from:to] once per inherited context.
func (r *reader) clause(from, to int, toks []token, c carry, changed bool) clause {
	k := clauseKey{from: from, to: to, c: c, revealed: r.revealed, finished: r.finished}
	if changed {
		k.from = -k.from - 1 // the same words read after a page change may defer
	}
	if cl, ok := r.cache[k]; ok {
		return cl
	}
	r.after = c.after
	cl := r.readClause(toks[from:to], c, changed)
	r.after = -1
	if body := toks[from:to]; len(shownTail(body)) < len(body) {
		// "put 2 in the number box that shows up" names a field the click before shows,
		// never one already in view.
		cl = clause{unexplained: words0(body)}
		if b, ok := r.behindOpened(body, c, changed); ok {
			cl = b
		}
	} else if c.opened != "" && !certain(cl) {
		if b, ok := r.behindOpened(body, c, changed); ok && (b.quality > cl.quality || len(cl.questions) > 0 || !anyBound(cl.cmds)) {
			cl = b
		}
	}
	if r.worthBehind(toks[from:to], cl) {
		if b, ok := r.behind(toks[from:to], c, changed); ok {
			cl = b
		}
	}
	if !changed {
		cl = r.tabTwin(toks[from:to], cl)
	}
	if r.filtersElsewhere(toks[from:to], cl.cmds) {
		cl.quality *= 0.5 // asked as a yes or no, never done unasked
	}
	if commaInside(toks[from:to]) {
		// Commas part commands far more often than they sit inside an unquoted name or
		// value; a reading that spans one must be clearly better than the split.
		cl.quality *= 0.9
	}
	if (typesValue(cl.cmds) || asksToType(cl.questions)) && (r.assignsInside(toks[from:to]) || r.swallowsStep(toks[from:to]) || r.valueBreaks(cl.cmds)) {
		// A value that runs into another field said with its value is two assignments;
		// one that runs on past ", then search" is two commands.
		cl.quality *= 0.5
	}
	if cl.deferred && r.breaksInside(toks[from:to]) {
		// A command read for a later page must not swallow the next command.
		cl.quality *= 0.5
	}
	r.cache[k] = cl
	return cl
}

func commaInside(toks []token) bool {
	for _, b := range boundaries(toks) {
		for _, t := range toks[b.from:b.to] {
			if t.kind == tokPunct && (t.raw == "," || t.raw == ";") {
				return true
			}
		}
	}
	return false
}

// valueBreaks reports a typed value, not quoted, that holds a clause boundary followed by
// a verb: "Cars, pick-up 14 June …, then search cars".
func (r *reader) valueBreaks(cmds []Command) bool {
	return slices.ContainsFunc(cmds, func(c Command) bool {
		return c.Action.Kind == page.SetValue && !c.Quoted && r.breaksInside(tokenize(c.Value))
	})
}

// breaksInside reports words that hold a clause boundary followed by a verb: "choose
// Once a day, then save" is two clauses however little of it this page shows.
func (r *reader) breaksInside(toks []token) bool {
	for _, b := range boundaries(toks) {
		if v, _ := verbAt(toks, b.to); v != "" {
			return true
		}
	}
	return false
}

// assemble joins the clauses of the chosen segmentation into one reading.
func assemble(cls []clause) Reading {
	var out Reading
	for _, cl := range cls {
		if len(cl.cmds) > 0 && cl.quality < actMin {
			// A reading this weak is a guess: say what it would do and ask.
			words := strings.Join(words(nil), " ")
			for _, c := range cl.cmds {
				words = strings.TrimSpace(words + " " + c.Words)
			}
			q := Question{Kind: AskUnclear, Command: -1, Words: words,
				Text:    fmt.Sprintf("I am not sure what %q means here. Did you mean: %s?", words, describeAll(cl.cmds)),
				Choices: []Choice{{Label: "Yes: " + describeAll(cl.cmds), Value: "yes", Then: cl.cmds}, {Label: "No", Value: "no"}}}
			cl = clause{questions: []Question{q}, unexplained: cl.unexplained}
		}
		base := len(out.Commands)
		out.Commands = append(out.Commands, cl.cmds...)
		for _, q := range cl.questions {
			if q.Command >= 0 {
				q.Command += base
			}
			q.At = base
			out.Questions = append(out.Questions, q)
		}
		out.Assumptions = append(out.Assumptions, cl.assumed...)
		out.Grounded = append(out.Grounded, cl.grounded...)
		out.Unexplained = append(out.Unexplained, cl.unexplained...)
	}
	if len(out.Unexplained) > 0 {
		words := strings.Join(out.Unexplained, " ")
		q := Question{Kind: AskUnclear, Command: -1, Words: words,
			Text: fmt.Sprintf("I don't know what to do with %q on this page. What do you mean?", words)}
		q.At = len(out.Commands)
		if len(out.Commands) > 0 {
			q.Choices = []Choice{{Label: "Only " + describeAll(out.Commands), Value: "only"}, {Label: "Cancel", Value: "cancel"}}
		}
		out.Questions = append(out.Questions, q)
	}
	out.Factors = factors(out)
	return out
}

func describeAll(cmds []Command) string {
	var parts []string
	for _, c := range cmds {
		if c.Action.Description != "" {
			parts = append(parts, c.Action.Description)
		} else {
			parts = append(parts, c.Words)
		}
	}
	return strings.Join(parts, ", then ")
}

// factors scores a reading on the four factors. Every word explained by one reading is
// full intent; each unexplained word costs a quarter; an open question halves it.
func factors(rd Reading) Factors {
	f := Factors{Intent: 1, Target: 1, Value: 1, Determinism: 1}
	f.Intent -= 0.25 * float64(len(rd.Unexplained))
	if len(rd.Questions) > 0 {
		f.Intent = min(f.Intent, 0.45)
	}
	var t, n float64
	for _, c := range rd.Commands {
		if c.Action.Kind.NeedsElement() && c.Bound {
			t += c.Match
			n++
		}
		switch {
		case c.Action.Kind == page.ScrollTo || c.Action.Kind == page.Wait:
			f.Determinism = min(f.Determinism, 0.9)
		case c.Value != "" && !c.Quoted && len(strings.Fields(c.Value)) > 2:
			f.Value = min(f.Value, 0.9)
		}
	}
	if n > 0 {
		f.Target = round.Hundredths(t / n)
	}
	if len(rd.Assumptions) > 0 {
		f.Value = min(f.Value, 0.8)
	}
	if len(rd.Commands) == 0 {
		f.Target, f.Value = 0, 0
	}
	f.Intent = max(0, round.Hundredths(f.Intent))
	return f
}

// Overall is the reading's confidence with the decision layer's weights (0.3/0.3/0.2/0.2;
// docs/understanding.md, Confidence).
func (f Factors) Overall() float64 {
	return round.Hundredths(0.3*f.Intent + 0.3*f.Target + 0.2*f.Value + 0.2*f.Determinism)
}

// approximators say a number is a guess ("about 3,400 kWh"); the form takes the number.
var approximators = set("about", "around", "roughly", "approximately", "approx", "circa", "~")

// reNumberRange is a range of numbers written as one word: "30-60", "2–3".
var reNumberRange = regexp.MustCompile(`^\d+(?:[.,]\d+)?[-–]\d+(?:[.,]\d+)?$`)

// dropApproximate leaves out an approximator said just before a number or a range of
// numbers ("roughly 30-60 years").
func dropApproximate(toks []token) []token {
	if !slices.ContainsFunc(toks, func(t token) bool { return t.kind == tokWord && approximators[t.key] }) {
		return toks
	}
	out := make([]token, 0, len(toks))
	for k, t := range toks {
		if t.kind == tokWord && approximators[t.key] && k+1 < len(toks) && toks[k+1].kind == tokWord {
			if _, ok := parseNumber(strings.ReplaceAll(toks[k+1].raw, ",", "")); ok || reNumberRange.MatchString(toks[k+1].raw) {
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// siteWords name the site itself; before another noun they only say whose it is: "the site
// language" is the page's Language, "the app theme" its Theme.
var siteWords = set("site", "website", "app", "portal")

// withoutSiteWord drops a site word between a determiner and a noun, unless the page
// uses the word.
func (r *reader) withoutSiteWord(toks []token) []token {
	for i := 1; i+1 < len(toks); i++ {
		t := toks[i]
		if t.kind == tokWord && siteWords[t.key] && (definite[toks[i-1].key] || possessive[toks[i-1].key]) &&
			toks[i+1].kind == tokWord && !connectives[toks[i+1].key] && !relates(toks[i+1]) && toks[i+1].key != "over" && !r.pageWord(t.key) {
			r.siteSaid = [2]string{t.raw + " " + toks[i+1].raw, toks[i+1].raw}
			return slices.Concat(toks[:i], toks[i+1:])
		}
	}
	return toks
}
