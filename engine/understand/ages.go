package understand

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Numbers that fall in a band: "I'm 23" on a car hire form chooses "Aged 21 to 24", an
// income of 25000 chooses "£20,000 – £29,999". The band is the one option whose range
// holds the number; the choice is announced (docs/understanding.md item 50).

var (
	reBand  = regexp.MustCompile(`(?i)(\d[\d,]*)\s*(?:-|–|—|to|until)\s*[£$€]?(\d[\d,]*)`)
	reAbove = regexp.MustCompile(`(?i)(\d[\d,]*)\s*(?:\+|or (?:over|more|older|above)|and (?:over|above|older|up))`)
	reBelow = regexp.MustCompile(`(?i)(?:under|below|less than|up to)\s*[£$€]?(\d[\d,]*)`)
	reUpTo  = regexp.MustCompile(`(?i)(\d[\d,]*)\s*(?:or (?:under|less|younger|below)|and (?:under|below|younger))`)
)

// isBand reports an option that is a range of numbers.
func isBand(opt string) bool {
	return reBand.MatchString(opt) || reAbove.MatchString(opt) || reBelow.MatchString(opt) || reUpTo.MatchString(opt)
}

// bandHolds reports an option whose range holds the number v.
func bandHolds(opt string, v int) bool {
	num := func(s string) int { n, _ := strconv.Atoi(strings.ReplaceAll(s, ",", "")); return n }
	if m := reBand.FindStringSubmatch(opt); m != nil {
		return num(m[1]) <= v && v <= num(m[2])
	}
	if m := reAbove.FindStringSubmatch(opt); m != nil {
		return v >= num(m[1])
	}
	if m := reBelow.FindStringSubmatch(opt); m != nil {
		return v < num(m[1])
	}
	if m := reUpTo.FindStringSubmatch(opt); m != nil {
		return v <= num(m[1])
	}
	return false
}

// bandOf is the one option of a list whose range holds a value that is a whole number,
// with or without its unit ("23", "23 years old", "£25,000"), or -1.
func bandOf(value string, opts []string) int {
	v, ok := wholeNumber(value)
	if !ok {
		return -1
	}
	hit := -1
	for k, o := range opts {
		if isPlaceholder(o) || !bandHolds(o, v) {
			continue
		}
		if hit >= 0 {
			return -1
		}
		hit = k
	}
	return hit
}

var reWhole = regexp.MustCompile(`(?i)^[£$€]?\s*(\d[\d,]*)\s*(?:k|years?(?: old)?|yrs?(?: old)?|y/?o|months?(?: old)?)?$`)

func wholeNumber(s string) (int, bool) {
	m := reWhole.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	if strings.HasSuffix(strings.ToLower(strings.TrimSpace(s)), "k") {
		n *= 1000
	}
	return n, err == nil
}

// statedAge reads "I'm 23", "she's 7 years old", "I am 67": an age said of the person
// (or the one the form is for) goes into the one age field of the page — a number field,
// or a list or run of radios whose options are age bands.
func (r *reader) statedAge(body []token, changed bool) clause {
	k := 0
	switch {
	case len(body) > 1 && ageSubjects[statementRaw(body[0])]:
		k = 1
	case len(body) > 2 && (body[0].key == "i" || body[0].key == "we") && (body[1].key == "am" || body[1].key == "are"):
		k = 2
	default:
		return clause{}
	}
	if k < len(body) && body[k].key == "aged" {
		k++
	}
	value := body[k:]
	if len(value) == 0 || len(value) > 3 || value[0].kind != tokWord {
		return clause{}
	}
	text := joinRaw(value)
	age, ok := wholeNumber(text)
	if !ok || age <= 0 || age > 120 {
		return clause{}
	}
	hit := onlyOneOf(r.ix.nodesWith([]string{"age"}), func(i int) bool {
		n := r.ix.nodes[i]
		return isField(n) && !n.Occ && r.ix.inScope(i) && r.agesField(i)
	})
	if hit < 0 {
		return r.ageRadio(body, age)
	}
	cl := r.bindClause(vType, "", hit, 0.9, strconv.Itoa(age), false, joinRaw(body))
	if len(cl.cmds) != 1 || !cl.cmds[0].Bound || len(cl.questions) > 0 {
		return clause{}
	}
	cl.quality *= 0.95
	return cl
}

// ageSubjects say who an age is of.
var ageSubjects = set("i'm", "im", "he's", "hes", "she's", "shes", "they're", "theyre")

// agesField reports a field for an age: named with "age", a number field or a list of bands.
func (r *reader) agesField(i int) bool {
	n := r.ix.nodes[i]
	if !slices.Contains(r.ix.names[i], "age") {
		return false
	}
	if n.Role == page.RoleSelect {
		return slices.ContainsFunc(n.Options, isBand)
	}
	return n.Type == "number" || n.Type == "text" || n.Type == ""
}

// ageRadio chooses the radio whose band holds the age, among radios whose part of the
// page is named for an age.
func (r *reader) ageRadio(body []token, age int) clause {
	hit := onlyOneOf(r.ix.ctxIndex()["age"], func(i int) bool {
		n := r.ix.nodes[i]
		return n.Role == page.RoleRadio && !n.Occ && r.ix.inScope(i) && bandHolds(n.Name, age)
	})
	if hit < 0 {
		return clause{}
	}
	cl := r.bindClause(vSelect, "", hit, 0.9, "", false, joinRaw(body))
	cl.quality *= 0.9
	cl.assumed = append(cl.assumed, "an age of "+strconv.Itoa(age)+" is "+page.Describe(r.ix.nodes[hit]))
	return cl
}
