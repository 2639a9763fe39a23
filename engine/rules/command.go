// Package rules is Errand's offline rules model: the explicit-command parser that turns
// imperative phrasings ("type 'Jas' into Name and click Save") into commands, the
// complexity classifier that decides whether a goal needs a model at all, and the resolver
// that matches a command's target against the page's interactive tree with a score. It
// needs no model and is the default when no model is running.
package rules

import (
	"regexp"
	"strconv"
	"strings"
)

// Verb is what a command does, before it is bound to an element.
type Verb string

const (
	VerbClick    Verb = "click"
	VerbType     Verb = "type"   // put a value into a field (setValue, or select when the field is a select)
	VerbSelect   Verb = "select" // choose an option; Target may be empty ("select Female")
	VerbCheck    Verb = "check"
	VerbUncheck  Verb = "uncheck"
	VerbNavigate Verb = "navigate"
	VerbBack     Verb = "back"
	VerbPress    Verb = "press" // a key
	VerbScroll   Verb = "scroll"
	VerbWait     Verb = "wait"
	// VerbFill fills every empty field of the page's form, asking for the values; it comes
	// from "fill in the form", never from Parse.
	VerbFill Verb = "fill"
)

// Command is one explicit instruction of a goal.
type Command struct {
	Verb Verb `json:"verb"`
	// Target is the element phrase with role words and ordinals removed ("Name", "Save").
	Target string `json:"target,omitempty"`
	// Role is the role a role word asked for ("btn" for "button"); empty when none was said.
	Role string `json:"role,omitempty"`
	// Ordinal is 1 for "first", 2 for "second", -1 for "last", 0 when not said.
	Ordinal int `json:"ordinal,omitempty"`
	// Near is a qualifier naming nearby text ("Delete for Jas" → "Jas").
	Near string `json:"near,omitempty"`
	// Phrase is the whole element phrase; it differs from Target when a qualifier was split
	// off and may be part of a label ("Date of birth").
	Phrase string `json:"phrase,omitempty"`
	// NearCertain is set when the qualifier cannot be part of a label.
	NearCertain bool `json:"nearCertain,omitempty"`
	// Value is the text to type, the option to select, the key, URL, scroll direction or ms.
	Value string `json:"value,omitempty"`
	// Quoted tells that Value was quoted, which makes it unambiguous.
	Quoted bool   `json:"quoted,omitempty"`
	Raw    string `json:"raw"`
}

// Parse splits a goal into explicit commands. ok is false when any part of the goal is not
// an explicit command; the commands parsed so far are still returned for diagnostics.
func Parse(goal string) (cmds []Command, ok bool) {
	var prev *Command
	for _, seg := range splitSegments(goal) {
		c, good := parseSegment(seg, prev)
		if !good {
			return cmds, false
		}
		cmds = append(cmds, c)
		prev = &cmds[len(cmds)-1]
	}
	return cmds, len(cmds) > 0
}

// keys maps the key names people write to DevTools key names.
var keys = map[string]string{
	"enter": "Enter", "return": "Enter", "tab": "Tab", "escape": "Escape", "esc": "Escape",
	"space": " ", "spacebar": " ", "backspace": "Backspace", "up": "ArrowUp", "down": "ArrowDown",
	"left": "ArrowLeft", "right": "ArrowRight", "arrowup": "ArrowUp", "arrowdown": "ArrowDown",
	"arrowleft": "ArrowLeft", "arrowright": "ArrowRight", "up arrow": "ArrowUp",
	"down arrow": "ArrowDown", "left arrow": "ArrowLeft", "right arrow": "ArrowRight",
	"pagedown": "PageDown", "page down": "PageDown", "pageup": "PageUp", "page up": "PageUp",
	"home": "Home", "end": "End", "delete key": "Delete", "del": "Delete",
}

var (
	reQuoted = `(?:'([^']*)'|"([^"]*)"|‘([^’]*)’|“([^”]*)”)`
	// type VALUE into TARGET
	reTypeInto = regexp.MustCompile(`(?i)^(?:type|enter|input|write|put|insert|fill in|key in)\s+(` + reQuoted + `|.+?)\s+(?:in|into|on|inside|as|for)\s+(.+)$`)
	// fill TARGET with VALUE / set TARGET to VALUE
	reFillWith = regexp.MustCompile(`(?i)^(?:fill(?:\s+in|\s+out)?|set|complete|change|update|populate)\s+(.+?)\s+(?:with|to|as|=)\s+(` + reQuoted + `|.+)$`)
	// inherited "TARGET with VALUE" after a fill
	reWith = regexp.MustCompile(`(?i)^(.+?)\s+(?:with|to|as|=)\s+(` + reQuoted + `|.+)$`)
	// inherited "VALUE into TARGET" after a type
	reInto = regexp.MustCompile(`(?i)^(` + reQuoted + `|.+?)\s+(?:in|into)\s+(.+)$`)
	// select VALUE from TARGET
	reSelectFrom = regexp.MustCompile(`(?i)^(?:select|choose|pick)\s+(` + reQuoted + `|.+?)\s+(?:from|in|for|as)\s+(.+)$`)
	reSelect     = regexp.MustCompile(`(?i)^(?:select|choose|pick)\s+(.+)$`)
	reClick      = regexp.MustCompile(`(?i)^(?:click|click on|tap|tap on|hit|push|press|press on|activate|follow|open)\s+(.+)$`)
	reCheck      = regexp.MustCompile(`(?i)^(?:check|tick|enable|turn on|switch on|mark)\s+(.+)$`)
	reUncheck    = regexp.MustCompile(`(?i)^(?:uncheck|untick|disable|turn off|switch off|unmark|clear the checkbox)\s+(.+)$`)
	reNavigate   = regexp.MustCompile(`(?i)^(?:go to|goto|navigate to|open|visit|load|browse to)\s+(.+)$`)
	reBack       = regexp.MustCompile(`(?i)^(?:go back|back|navigate back|return to the previous page|go to the previous page)$`)
	reScroll     = regexp.MustCompile(`(?i)^scroll(?:\s+(?:the page\s+)?(?:to\s+the\s+|to\s+)?(up|down|top|bottom))?$`)
	reWait       = regexp.MustCompile(`(?i)^wait(?:\s+(?:for\s+)?(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?))?$`)
	rePressKey   = regexp.MustCompile(`(?i)^(?:press|hit|push|type)\s+(?:the\s+)?(.+?)(?:\s+key)?$`)
	reFiller     = regexp.MustCompile(`(?i)^(?:then|and|also|finally|next|now|please)\s+`)
	reURL        = regexp.MustCompile(`(?i)^(?:https?://\S+|www\.\S+|[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:/\S*)?|localhost(?::\d+)?(?:/\S*)?|/\S*)$`)
)

// verbStart recognizes the start of a new command, which is what makes " and " a separator.
const verbWords = `click|tap|hit|push|press|activate|follow|open|type|enter|input|write|put|insert|fill|key in|set|complete|change|update|populate|select|choose|pick|check|tick|uncheck|untick|enable|disable|turn|switch|mark|unmark|go|goto|navigate|visit|load|browse|back|scroll|wait|clear`

var (
	verbStart = regexp.MustCompile(`(?i)^(?:then\s+)?(?:` + verbWords + `)\b`)
	verbAny   = regexp.MustCompile(`(?i)\b(?:` + verbWords + `)\b`)
)

func parseSegment(seg string, prev *Command) (Command, bool) {
	seg = strings.TrimSpace(seg)
	seg = strings.TrimSuffix(seg, ".")
	seg = reFiller.ReplaceAllString(seg, "")
	seg = strings.TrimSpace(seg)
	c := Command{Raw: seg}
	if seg == "" {
		return c, false
	}
	if reBack.MatchString(seg) {
		c.Verb = VerbBack
		return c, true
	}
	if m := reScroll.FindStringSubmatch(seg); m != nil {
		c.Verb, c.Value = VerbScroll, strings.ToLower(m[1])
		if c.Value == "" {
			c.Value = "down"
		}
		return c, true
	}
	if m := reWait.FindStringSubmatch(seg); m != nil {
		c.Verb, c.Value = VerbWait, waitMs(m[1], m[2])
		return c, true
	}
	if m := rePressKey.FindStringSubmatch(seg); m != nil {
		if k, ok := keys[strings.ToLower(strings.TrimSpace(m[1]))]; ok {
			c.Verb, c.Value = VerbPress, k
			return c, true
		}
	}
	if m := reTypeInto.FindStringSubmatch(seg); m != nil {
		c.Verb = VerbType
		c.Value, c.Quoted = unquote(m[1])
		setTarget(&c, m[6])
		return c, c.Target != "" || c.Role != ""
	}
	if m := reSelectFrom.FindStringSubmatch(seg); m != nil {
		c.Verb = VerbSelect
		c.Value, c.Quoted = unquote(m[1])
		setTarget(&c, m[6])
		return c, true
	}
	if m := reFillWith.FindStringSubmatch(seg); m != nil {
		c.Verb = VerbType
		setTarget(&c, m[1])
		c.Value, c.Quoted = unquote(m[2])
		return c, true
	}
	if m := reNavigate.FindStringSubmatch(seg); m != nil && reURL.MatchString(strings.TrimSpace(m[1])) {
		c.Verb, c.Value = VerbNavigate, strings.TrimSpace(m[1])
		return c, true
	}
	if m := reUncheck.FindStringSubmatch(seg); m != nil {
		c.Verb = VerbUncheck
		setTarget(&c, m[1])
		return c, true
	}
	if m := reCheck.FindStringSubmatch(seg); m != nil {
		c.Verb = VerbCheck
		setTarget(&c, m[1])
		return c, true
	}
	if m := reSelect.FindStringSubmatch(seg); m != nil {
		c.Verb = VerbSelect
		c.Value, c.Quoted = unquote(m[1])
		if !c.Quoted {
			c.Value, c.Role, c.Ordinal = stripRoleWords(c.Value)
		}
		return c, c.Value != "" || c.Role != ""
	}
	if m := reClick.FindStringSubmatch(seg); m != nil {
		c.Verb = VerbClick
		setTarget(&c, m[1])
		return c, c.Target != "" || c.Role != ""
	}
	if m := reNavigate.FindStringSubmatch(seg); m != nil { // "go to Reports" is a click on a link
		c.Verb = VerbClick
		setTarget(&c, strings.TrimSuffix(strings.TrimSpace(m[1]), " page"))
		if c.Role == "" {
			c.Role = "link"
		}
		return c, c.Target != ""
	}
	// A segment without a verb continues the previous command's pattern:
	// "Fill First name with Jas, Last name with Kaur".
	if prev != nil && prev.Verb == VerbType {
		if m := reWith.FindStringSubmatch(seg); m != nil {
			c.Verb = VerbType
			setTarget(&c, m[1])
			c.Value, c.Quoted = unquote(m[2])
			return c, true
		}
		if m := reInto.FindStringSubmatch(seg); m != nil {
			c.Verb = VerbType
			c.Value, c.Quoted = unquote(m[1])
			setTarget(&c, m[6])
			return c, true
		}
	}
	return c, false
}

func waitMs(n, unit string) string {
	if n == "" {
		return "1000"
	}
	f, _ := strconv.ParseFloat(n, 64)
	if !strings.HasPrefix(strings.ToLower(unit), "m") {
		f *= 1000
	}
	return strconv.Itoa(int(f))
}

// unquote returns the text of a quoted value, or the trimmed bare text.
func unquote(s string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, q := range [][2]string{{"'", "'"}, {`"`, `"`}, {"‘", "’"}, {"“", "”"}} {
		if len(s) >= 2 && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			return s[len(q[0]) : len(s)-len(q[1])], true
		}
	}
	return s, false
}

var reNear = regexp.MustCompile(`(?i)^(.+?)\s+(in the (?:row|card|section|panel)(?: of| for| with| named| called)?|for|next to|near|beside|under|in|of)\s+(?:the\s+)?(.+)$`)

// setTarget fills Target, Role, Ordinal, Near and Phrase from an element phrase. A
// qualifier ("Delete for Jas", "Details link in Prescriptions") is split off as Near, but
// Phrase keeps the whole text because "Date of birth" and "Reason for visit" are labels: the
// resolver tries both readings and keeps the one the page supports.
func setTarget(c *Command, phrase string) {
	phrase = strings.TrimSpace(phrase)
	if v, q := unquote(phrase); q {
		c.Target, c.Phrase = v, v
		return
	}
	t, role, ord, lit := readPhrase(phrase)
	c.Target, c.Phrase, c.Role, c.Ordinal = t, lit, role, ord
	m := reNear.FindStringSubmatch(t)
	if m == nil {
		return
	}
	head, r2, o2, headLit := readPhrase(m[1])
	near, _, _ := stripRoleWords(m[3])
	if head == "" || near == "" {
		return
	}
	c.Target, c.Near = head, near
	if r2 != "" {
		c.Role = r2
	}
	if o2 != 0 {
		c.Ordinal = o2
	}
	// The head's own role word ("Delete button for Jas") makes the split certain.
	c.NearCertain = r2 != "" || strings.HasPrefix(strings.ToLower(m[2]), "in the ")
	if c.NearCertain {
		c.Phrase = headLit
	}
}

var ordinals = map[string]int{
	"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
	"fifth": 5, "5th": 5, "last": -1, "top": 1, "bottom": -1,
}

// roleWords maps the role words people use to tree roles; "field" and "box" mean any input.
var roleWords = []struct {
	words string
	role  string
}{
	{"radio button", "radio"}, {"check box", "chk"}, {"checkbox", "chk"}, {"text box", "field"},
	{"textbox", "field"}, {"text field", "field"}, {"input field", "field"}, {"drop-down", "sel"},
	{"dropdown", "sel"}, {"drop down", "sel"}, {"select box", "sel"}, {"menu item", "menu"},
	{"button", "btn"}, {"link", "link"}, {"field", "field"}, {"box", "field"}, {"input", "field"},
	{"textarea", "txt"}, {"tab", "tab"}, {"menu", "menu"}, {"radio", "radio"}, {"option", "opt"},
	{"toggle", "switch"}, {"switch", "switch"}, {"select", "sel"},
}

// stripRoleWords removes articles, ordinals and a trailing role word. literal is the same
// phrase with the ordinal kept, because "First name" is a label, not the first "name".
func stripRoleWords(phrase string) (target, role string, ordinal int) {
	target, role, ordinal, _ = readPhrase(phrase)
	return target, role, ordinal
}

func readPhrase(phrase string) (target, role string, ordinal int, literal string) {
	words := strings.Fields(phrase)
	for len(words) > 0 && isArticle(words[0]) {
		words = words[1:]
	}
	lit := words
	if len(words) > 1 {
		if n, ok := ordinals[strings.ToLower(words[0])]; ok {
			ordinal, words = n, words[1:]
		}
	}
	target, role = cutRoleWord(strings.Join(words, " "))
	literal, _ = cutRoleWord(strings.Join(lit, " "))
	return target, role, ordinal, literal
}

func isArticle(w string) bool {
	switch strings.ToLower(w) {
	case "the", "a", "an", "on", "to":
		return true
	}
	return false
}

func cutRoleWord(s string) (string, string) {
	low := strings.ToLower(s)
	for _, rw := range roleWords {
		if low == rw.words {
			return "", rw.role
		}
		if strings.HasSuffix(low, " "+rw.words) {
			return strings.TrimSpace(s[:len(s)-len(rw.words)]), rw.role
		}
	}
	return s, ""
}

// splitSegments splits a goal at ; and "then" always, and at commas and " and " only when
// the next part starts a command (or continues a fill list), never inside quotes.
func splitSegments(goal string) []string {
	parts := splitOutsideQuotes(goal)
	var out []string
	for i, p := range parts {
		sep, text := p.sep, strings.TrimSpace(p.text)
		if i == 0 || sep == ";" || sep == "then" || startsCommand(text) || continuesList(out, text) {
			out = append(out, text)
			continue
		}
		out[len(out)-1] += " " + sep + " " + text
		if sep == "," {
			out[len(out)-1] = strings.Replace(out[len(out)-1], " , ", ", ", 1)
		}
	}
	var clean []string
	for _, s := range out {
		if s = strings.TrimSpace(s); s != "" {
			clean = append(clean, s)
		}
	}
	return clean
}

func startsCommand(s string) bool { return verbStart.MatchString(strings.TrimSpace(s)) }

// continuesList accepts "Last name with Kaur" after "Fill First name with Jas".
func continuesList(prev []string, s string) bool {
	if len(prev) == 0 {
		return false
	}
	last, _ := parseSegment(prev[len(prev)-1], nil)
	if last.Verb != VerbType {
		// The previous segment may itself be a continuation; parse with a type context.
		last, _ = parseSegment(prev[len(prev)-1], &Command{Verb: VerbType})
		if last.Verb != VerbType {
			return false
		}
	}
	return reWith.MatchString(s) || reInto.MatchString(s)
}

type part struct{ sep, text string }

// splitOutsideQuotes cuts at ";", ",", " and ", " then " (and their combinations) outside
// quotes, remembering which separator preceded each part.
func splitOutsideQuotes(s string) []part {
	var parts []part
	var cur strings.Builder
	sep := ""
	var quote rune
	rs := []rune(s)
	flush := func(next string) {
		parts = append(parts, part{sep: sep, text: cur.String()})
		cur.Reset()
		sep = next
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if quote != 0 {
			cur.WriteRune(r)
			if r == quote {
				quote = 0
			}
			continue
		}
		switch r {
		case '\'':
			// An apostrophe inside a word ("patient's") is not a quote.
			if i > 0 && isLetter(rs[i-1]) && i+1 < len(rs) && isLetter(rs[i+1]) {
				cur.WriteRune(r)
				continue
			}
			quote = '\''
			cur.WriteRune(r)
			continue
		case '"':
			quote = '"'
			cur.WriteRune(r)
			continue
		case '‘':
			quote = '’'
			cur.WriteRune(r)
			continue
		case '“':
			quote = '”'
			cur.WriteRune(r)
			continue
		case ';':
			flush(";")
			continue
		case ',':
			flush(",")
			continue
		}
		if r == ' ' {
			rest := strings.ToLower(string(rs[i:]))
			switch {
			case strings.HasPrefix(rest, " and then "):
				flush("then")
				i += len(" and then") - 1
				continue
			case strings.HasPrefix(rest, " then "):
				flush("then")
				i += len(" then") - 1
				continue
			case strings.HasPrefix(rest, " and "):
				flush("and")
				i += len(" and") - 1
				continue
			}
		}
		cur.WriteRune(r)
	}
	flush("")
	// A part that is only "then" after a comma (", then click") merges into a then-separator.
	var out []part
	for _, p := range parts {
		t := strings.TrimSpace(p.text)
		low := strings.ToLower(t)
		if strings.HasPrefix(low, "then ") {
			p.sep, p.text = "then", t[5:]
		} else if strings.HasPrefix(low, "and then ") {
			p.sep, p.text = "then", t[9:]
		} else if strings.HasPrefix(low, "and ") && p.sep == "," {
			p.sep, p.text = "and", t[4:]
		}
		if strings.TrimSpace(p.text) == "" && len(out) > 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}

func isLetter(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}
