package understand

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// sectionValues reads the values said after a place with no field named for any of them:
// "emergency contact - Priya Nair, 07911 123456". Each value goes into the one field of
// that part of the page its shape fits (a phone number, an e-mail, a date), and a value of
// plain words into the one text field left; when any value fits none or several, or two
// are plain words, nothing is read (docs/understanding.md, item 24). A value that is word
// for word an option of one dropdown there is chosen in it, and a name of two words may be
// parted between a first-name and a surname field (item 38). What went where by
// elimination is announced.
func (r *reader) sectionValues(toks []token) (Reading, float64, bool) {
	parts := splitList(toks)
	if len(parts) < 2 {
		return Reading{}, 0, false
	}
	for k, p := range parts {
		parts[k] = withoutRelation(p)
	}
	var fields, lists []int
	for i, n := range r.ix.nodes {
		if !isField(n) || n.Occ || !r.ix.inScope(i) {
			continue
		}
		if n.Role == page.RoleSelect {
			lists = append(lists, i)
		} else {
			fields = append(fields, i)
		}
	}
	taken := map[int]bool{}
	into := make([]int, len(parts))
	options := make([]string, len(parts))
	read := r.saidWithField(parts, taken)
	plain := -1
	for k, p := range parts {
		into[k] = -1
		if len(read[k].cmds) > 0 {
			continue
		}
		if i, opt, ok := r.oneListFor(p, lists); ok && !taken[i] {
			// "violin, grade 5": an option of one dropdown there, word for word.
			into[k], options[k], taken[i] = i, opt, true
			continue
		}
		if isVague(p) || !r.bareValue(p) {
			return Reading{}, 0, false
		}
		kind := valueKind(p)
		if kind == "" {
			if plain >= 0 {
				return Reading{}, 0, false // two plain values: which is which is not said
			}
			plain = k
			continue
		}
		for _, i := range fields {
			if fieldKind(r.ix.nodes[i]) != kind {
				continue
			}
			if into[k] >= 0 || taken[i] {
				return Reading{}, 0, false
			}
			into[k] = i
		}
		if into[k] < 0 {
			return Reading{}, 0, false
		}
		taken[into[k]] = true
	}
	last := -1 // the surname field, when a whole name is parted between two
	if plain >= 0 {
		var free []int
		for _, i := range fields {
			if !taken[i] && fieldKind(r.ix.nodes[i]) == "" {
				free = append(free, i)
			}
		}
		switch first, surname, ok := r.firstAndLast(free, parts[plain]); {
		case len(free) == 1:
			into[plain] = free[0]
		case ok:
			into[plain], last = first, surname
		default:
			return Reading{}, 0, false
		}
	}
	var cls []clause
	for k, p := range parts {
		val, quoted := r.valueText(p)
		var cl clause
		switch {
		case len(read[k].cmds) > 0:
			cls = append(cls, read[k])
			continue
		case options[k] != "":
			cl = r.bindClause(vSelect, "", into[k], 0.9, options[k], false, joinRaw(p))
		case k == plain && last >= 0:
			// "Amira Haddad" into First name and Surname: the first word is the first name.
			given, family := p[0].raw, joinRaw(p[1:])
			cl = r.bindClause(vType, "", into[k], 0.9, given, false, joinRaw(p))
			rest := r.bindClause(vType, "", last, 0.9, family, false, joinRaw(p))
			cl.cmds = append(cl.cmds, rest.cmds...)
			cl.assumed = append(cl.assumed, fmt.Sprintf("%q is the first name and %q the %s", given, family, strings.ToLower(r.ix.nodes[last].Name)))
		default:
			cl = r.bindClause(vType, "", into[k], 0.9, val, quoted, joinRaw(p))
		}
		if len(cl.cmds) == 0 || slices.ContainsFunc(cl.cmds, func(c Command) bool { return !c.Bound }) {
			return Reading{}, 0, false
		}
		cl.quality = 0.9
		if k == plain {
			cl.quality = 0.85
			if last < 0 {
				cl.assumed = append(cl.assumed, fmt.Sprintf("%q goes into %s, the one field left for it there", val, page.Describe(r.ix.nodes[into[k]])))
			}
		}
		cls = append(cls, cl)
	}
	total := 0.0
	for _, cl := range cls {
		total += cl.quality
	}
	return assemble(cls), total / float64(len(cls)), true
}

// saidWithField reads the parts that name their field ("licence no RAMAN904217PR9" beside
// "Priya Raman"), each read whole in the part of the page, and marks the fields they fill
// as taken: the bare values go into the fields left. A part that names something but does
// not read whole is left to the bare values' rules, which refuse it.
func (r *reader) saidWithField(parts [][]token, taken map[int]bool) []clause {
	out := make([]clause, len(parts))
	bare := 0
	for k, p := range parts {
		if r.bareValue(p) {
			bare++
			continue
		}
		cl := r.readClause(p, carry{after: -1}, false)
		if len(cl.cmds) == 0 || len(cl.questions)+len(cl.unexplained) > 0 || cl.quality < actMin || !bound(cl) {
			continue
		}
		out[k] = cl
	}
	if bare == 0 {
		return make([]clause, len(parts)) // no value left to place: the reading was the reader's to make
	}
	for _, cl := range out {
		for _, c := range cl.cmds {
			if i := r.ix.nodeOf(c.Action.ID); i >= 0 {
				taken[i] = true
			}
		}
	}
	return out
}

// oneListFor finds the one dropdown among lists with an option that is the words said,
// word for word.
func (r *reader) oneListFor(p []token, lists []int) (int, string, bool) {
	val, _ := r.valueText(p)
	hit, opt := -1, ""
	for _, i := range lists {
		if k, s := r.ix.optionOf(val, i); k >= 0 && s >= 1 && !isPlaceholder(r.ix.nodes[i].Options[k]) {
			if hit >= 0 {
				return 0, "", false
			}
			hit, opt = i, r.ix.nodes[i].Options[k]
		}
	}
	return hit, opt, hit >= 0
}

// firstAndLast finds, among two free fields, the first-name field and the surname field,
// when the value is a person's name of two words.
func (r *reader) firstAndLast(free []int, p []token) (int, int, bool) {
	val, quoted := r.valueText(p)
	if len(free) != 2 || quoted || len(p) != 2 || r.kindOf(val) != "name" {
		return 0, 0, false
	}
	for _, f := range [][2]int{{free[0], free[1]}, {free[1], free[0]}} {
		if r.givenField(f[0]) && r.familyField(f[1]) {
			return f[0], f[1], true
		}
	}
	return 0, 0, false
}

// givenField and familyField report a field for the first name alone, and for the surname.
func (r *reader) givenField(i int) bool {
	return slices.ContainsFunc(r.ix.names[i], func(k string) bool { return k == "first" || k == "given" || k == "forename" }) && !r.ix.hasFamilyWord(i)
}

func (r *reader) familyField(i int) bool {
	return r.ix.hasFamilyWord(i) && !slices.ContainsFunc(r.ix.names[i], func(k string) bool { return k == "first" || k == "given" || k == "forename" })
}

func (ix *index) hasFamilyWord(i int) bool {
	return slices.ContainsFunc(ix.names[i], func(k string) bool { return k == "last" || k == "surname" || k == "family" })
}

// nameParted types a person's whole name, said for a first-name field, into that field and
// the one surname field beside it: "my child's name is Amara Osei" is Amara and Osei, not
// "Amara Osei" as a first name. A name said for the first name ("first name Mary Ann") is
// one. The parting is announced.
func (r *reader) nameParted(cl clause, target, value []token) clause {
	val, quoted := r.valueText(value)
	said := slices.ContainsFunc(target, func(t token) bool { return t.key == "first" || t.key == "given" || t.key == "forename" })
	if said || quoted || len(value) != 2 || len(cl.cmds) != 1 || cl.cmds[0].Action.Kind != page.SetValue || r.kindOf(val) != "name" {
		return cl
	}
	first := r.ix.nodeOf(cl.cmds[0].Action.ID)
	if first < 0 || !r.givenField(first) {
		return cl
	}
	last := -1
	for i, n := range r.ix.nodes {
		if i != first && isField(n) && !n.Occ && n.Ctx == r.ix.nodes[first].Ctx && r.familyField(i) {
			if last >= 0 {
				return cl
			}
			last = i
		}
	}
	if last < 0 || r.ix.nodes[last].Value != "" {
		return cl
	}
	words := cl.cmds[0].Words
	given := r.bindClause(vType, "", first, 0.9, value[0].raw, false, words)
	family := r.bindClause(vType, "", last, 0.9, value[1].raw, false, words)
	if len(given.cmds) != 1 || len(family.cmds) != 1 {
		return cl
	}
	cl.cmds = append(given.cmds, family.cmds...)
	cl.grounded = append(cl.grounded, family.grounded...)
	cl.assumed = append(cl.assumed, fmt.Sprintf("%q is the first name and %q the %s", value[0].raw, value[1].raw, strings.ToLower(r.ix.nodes[last].Name)))
	return cl
}

// withoutRelation drops "my husband" before a name: "my husband Dev Patel" is Dev Patel.
func withoutRelation(p []token) []token {
	if len(p) > 2 && (p[0].key == "my" || p[0].key == "our") && kin[p[1].key] {
		return p[2:]
	}
	return p
}

// kin are the people a person names by how they are related (a closed list).
var kin = set("husband", "wife", "partner", "son", "daughter", "mum", "mom", "mother", "dad", "father",
	"brother", "sister", "friend", "colleague", "child", "grandson", "granddaughter", "gran", "nan", "grandma",
	"grandpa", "fiance", "fiancé", "fiancee", "fiancée", "flatmate", "neighbour", "neighbor", "carer", "boss")

// bareValue reports words that are only a value: no verb, no step, nothing the page names
// as a control ("Priya Nair", "07911 123456", never "tick Email" or "then save").
func (r *reader) bareValue(p []token) bool {
	for k, t := range p {
		if t.kind == tokQuoted {
			continue
		}
		if v, _ := verbAt(p, k); v != "" || actionVerbs[t.key] || connectives[t.key] || t.key == "me" || t.key == "my" {
			return false
		}
	}
	return !r.ix.onPage(p)
}

// valueKind is the kind of field a value's shape asks for: "tel", "email", "date", "url",
// or "" for plain words.
func valueKind(p []token) string {
	raw := joinRaw(p)
	digits := 0
	for _, c := range raw {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == ' ' || c == '+' || c == '-' || c == '(' || c == ')':
		default:
			digits = -100
		}
	}
	if digits >= 7 {
		return "tel"
	}
	if sh, ok := shapeAt(p, 0); ok && sh.n == len(p) {
		switch sh.kind {
		case "email", "date", "url":
			return sh.kind
		}
		return "other"
	}
	if strings.ContainsAny(raw, "0123456789") {
		return "other" // a code or a reference: said with its field, not guessed
	}
	return ""
}

// fieldKind is the kind of value a field takes, as valueKind names it.
func fieldKind(n page.Node) string {
	switch n.Type {
	case "tel", "email", "date", "url":
		return n.Type
	case "", "text":
		keys := matchKeys(n.Name)
		for _, k := range keys {
			switch k {
			case "phone", "mobile", "telephone", "tel":
				return "tel"
			case "email", "e-mail":
				return "email"
			}
		}
		return ""
	}
	return "other"
}

// openThenValues reads "Add a joint applicant - Dev Patel, dev.patel@gmail.com": a control
// that shows fields (Observation.Behind), then values for them with no field named. The
// control is clicked, and each value goes into the field it shows that its shape fits, as
// sectionValues does for a place (docs/understanding.md, item 24); each is typed by the
// field's name once shown.
func (r *reader) openThenValues(toks []token) (Reading, float64, bool) {
	m := 1
	for ; m < len(toks)-1; m++ {
		if t := toks[m]; t.kind == tokPunct && t.raw == ":" || isDash(t.raw) {
			break
		}
	}
	if m >= len(toks)-1 || len(r.obs.Behind) == 0 {
		return Reading{}, 0, false
	}
	head, _ := r.read(toks[:m])
	clear(r.cache)
	if !head.Understood() || len(head.Commands) != 1 || !opens(head.Commands[0].Action.Kind) {
		return Reading{}, 0, false
	}
	by := head.Commands[0].Action.ID
	h, _ := r.hiddenReader(func(hd page.Hidden) bool { return hd.By == by })
	h.src = r.src
	vals, score, ok := h.sectionValues(toks[m+1:])
	if !ok {
		return Reading{}, 0, false
	}
	out := head
	for _, c := range vals.Commands {
		k, _ := strconv.Atoi(strings.TrimPrefix(c.Action.ID, hiddenPrefix))
		out.Commands = append(out.Commands, Command{Verb: string(vType), Phrase: r.hiddenPhrase(k - 1), Value: c.Action.Text,
			Quoted: true, Words: c.Words, Changes: false})
	}
	out.Commands[0].Changes = true
	out.Assumptions = append(out.Assumptions, vals.Assumptions...)
	out.Grounded = append(out.Grounded, vals.Grounded...)
	for k := range out.Grounded {
		if strings.HasPrefix(out.Grounded[k].ID, hiddenPrefix) {
			out.Grounded[k].ID = ""
		}
	}
	out.Factors = factors(out)
	return out, min(score, 0.9), true
}
