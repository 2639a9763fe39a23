package understand

import (
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// The few closed word lists the understander is allowed to know. Everything else it reads
// is grounded in the page: names, labels, options, nearby text. docs/understanding.md says
// why each list is closed and small.

// ignorable are the words that may be dropped without changing what is asked. The list is
// closed and checked against testdata/ignorable.txt, so growing it shows in review.
var ignorable = set(
	"please", "pls", "plz", "kindly", "just", "now", "then", "also", "next", "finally",
	"afterwards", "and", "thanks", "ok", "okay", "quickly", "simply", "again", "too", "the",
	"here", "really", "actually", "so",
)

// politeLead are the openers people put before the verb ("can you", "I'd like to"); they are
// made of ignorable words only when they stand before the verb.
var politeLead = [][]string{
	{"can", "you"}, {"could", "you"}, {"would", "you"}, {"will", "you"}, {"can", "u"}, {"could", "u"}, {"would", "u"}, {"please"}, {"pls"}, {"plz"},
	{"kindly"}, {"just"}, {"now"}, {"then"}, {"also"}, {"next"}, {"finally"}, {"first"}, {"and"},
	{"go", "ahead", "and"}, {"i", "want", "to"}, {"i", "would", "like", "to"}, {"id", "like", "to"},
	{"i", "need", "to"}, {"i", "wanna"}, {"lets"}, {"let", "us"}, {"you", "should"}, {"quickly"},
	{"after", "that"}, {"afterwards"}, {"ok"}, {"okay"}, {"simply"}, {"you", "can"},
}

// politeTail are the words people put after a command.
var politeTail = [][]string{
	{"please"}, {"pls"}, {"plz"}, {"for", "me"}, {"thanks"}, {"thank", "you"}, {"now"},
	{"right", "away"}, {"again"}, {"too"}, {"as", "well"}, {"quickly"}, {"on", "the", "page"},
	{"on", "this", "page"}, {"here"}, {"there"}, {"at", "the", "top"}, {"at", "the", "bottom"},
	{"thx"}, {"ta"}, {"cheers"}, {"instead"},
}

// determiners stand before a noun phrase. indefinite ones make the phrase a question when it
// is a value ("a name") or has several candidates ("a button").
var (
	definite = set("the", "this", "that", "my", "your", "ur", "our", "its", "their", "his", "her", "both", "all", "every", "each")
	// possessive determiners make a value a description ("my student discount").
	possessive = set("my", "your", "ur", "our", "their", "his", "her")
	indefinite = set("a", "an", "some", "any", "another", "whichever", "whatever", "one", "several", "few")
)

// vagueValues are values that say no value: "type something", "pick whatever".
var vagueValues = set("something", "anything", "whatever", "stuff", "things", "somethin", "smth",
	"random", "anything", "whatever's", "it", "that", "this", "them", "those", "these", "one",
	"xyz", "etc", "blah", "whichever", "someone", "somebody", "anyone", "anybody")

// verb is what a clause asks for before it is bound to an element.
type verb string

const (
	vClick    verb = "click"
	vDouble   verb = "doubleClick"
	vHover    verb = "hover"
	vFocus    verb = "focus"
	vType     verb = "type"
	vSelect   verb = "select"
	vCheck    verb = "check"
	vUncheck  verb = "uncheck"
	vToggle   verb = "toggle" // "toggle X", "switch X": check when off, uncheck when on
	vClear    verb = "clear"
	vSubmit   verb = "submit"
	vNavigate verb = "navigate"
	vBack     verb = "back"
	vScroll   verb = "scroll"
	vPress    verb = "press"
	vWait     verb = "wait"
	vOpen     verb = "open"   // a link, tab, menu or dialog trigger; an address
	vClose    verb = "close"  // a dialog's close control, an open menu
	vSearch   verb = "search" // type into the page's search box
	// verbSuggest chooses, after typing into an autocomplete field, the suggestion that
	// matches what was typed; it never comes from words, only from binding.
	verbSuggest = "suggest"
	// verbClause reads a whole clause again on the page an earlier click revealed.
	verbClause = "clause"
)

// verbs maps verb phrases, longest first when matched, to what they ask. A phrase maps to
// one verb; the frame reads the rest.
var verbs = map[string]verb{
	"click": vClick, "click on": vClick, "tap": vClick, "tap on": vClick,
	"hit": vClick, "push": vClick, "press": vClick, "press on": vClick, "activate": vClick,
	"follow": vClick, "trigger": vClick, "smash": vClick, "use": vClick, "click the button": vClick,
	"double click": vDouble, "doubleclick": vDouble, "double tap": vDouble, "dbl click": vDouble, "dblclick": vDouble,
	"hover": vHover, "hover over": vHover, "hover on": vHover, "mouse over": vHover, "mouseover": vHover,
	"point at": vHover,
	"focus":    vFocus, "focus on": vFocus, "put the cursor in": vFocus, "click into": vFocus, "click in": vFocus,
	"type": vType, "type in": vType, "enter": vType, "input": vType, "write": vType, "write in": vType,
	"put": vType, "put in": vType, "insert": vType, "fill": vType, "fill in": vType, "fill out": vType,
	"key in": vType, "set": vType, "change": vType, "update": vType, "make": vType, "paste": vType,
	"populate": vType, "add": vType, "reschedule": vType, "provide": vType, "give": vType, "specify": vType,
	"edit": vType, "modify": vType, "adjust": vType, "pop": vType, "pop in": vType, "stick": vType,
	"select": vSelect, "choose": vSelect, "pick": vSelect, "pick out": vSelect, "opt for": vSelect,
	"go with": vSelect, "switch to": vSelect, "change to": vSelect,
	"chose": vSelect, "id like": vSelect, "i want": vSelect, "i prefer": vSelect,
	"prefer": vSelect, "i need": vSelect, "i choose": vSelect, "rename": vType, "rate": vSelect,
	"give it": vSelect, "switch": vType, "filter": vType, "take me to": vOpen, "bring me to": vOpen,
	"bring up": vOpen, "show me": vOpen, "drag": vType, "slide": vType, "move the slider": vType,
	"check": vCheck, "tick": vCheck, "mark": vCheck, "enable": vCheck, "turn on": vCheck,
	"switch on": vCheck, "tick off": vCheck, "check off": vCheck, "opt in to": vCheck, "star": vCheck,
	"uncheck": vUncheck, "untick": vUncheck, "unmark": vUncheck, "disable": vUncheck,
	"turn off": vUncheck, "switch off": vUncheck, "deselect": vUncheck, "unselect": vUncheck,
	"opt out of": vUncheck, "unstar": vUncheck,
	"toggle": vToggle, "flip": vToggle,
	"clear": vClear, "empty": vClear, "erase": vClear, "wipe": vClear, "blank out": vClear,
	"clear out": vClear, "reset": vClear,
	"submit": vSubmit, "send off": vSubmit,
	"search": vSearch, "search for": vSearch, "look for": vSearch, "look up": vSearch, "find": vSearch,
	"filter by": vSearch, "filter for": vSearch, "search by": vSearch,
	"go to": vOpen, "goto": vOpen, "navigate to": vOpen, "open": vOpen, "open up": vOpen,
	"visit": vOpen, "load": vOpen, "browse to": vOpen, "head to": vOpen, "jump to": vOpen,
	"show": vOpen, "expand": vOpen, "view": vOpen, "see": vOpen, "display": vOpen,
	"close": vClose, "dismiss": vClose, "collapse": vClose, "hide": vClose, "exit": vClose, "shut": vClose,
	"go back": vBack, "back": vBack, "navigate back": vBack, "return": vBack, "go to the previous page": vBack,
	"scroll": vScroll, "scroll down": vScroll, "scroll up": vScroll,
	"wait": vWait, "wait for": vWait,
}

// maxVerbWords is the longest verb phrase in words.
const maxVerbWords = 5

// keyNames maps the key names people write to DevTools key names.
var keyNames = map[string]string{
	"enter": "Enter", "return": "Enter", "tab": "Tab", "escape": "Escape", "esc": "Escape",
	"space": " ", "spacebar": " ", "backspace": "Backspace", "up": "ArrowUp", "down": "ArrowDown",
	"left": "ArrowLeft", "right": "ArrowRight", "arrowup": "ArrowUp", "arrowdown": "ArrowDown",
	"arrowleft": "ArrowLeft", "arrowright": "ArrowRight", "pagedown": "PageDown", "pageup": "PageUp",
	"home": "Home", "end": "End", "delete": "Delete", "del": "Delete",
}

// roleWord is a noun people use for a kind of control, with the tree roles and input types
// it covers. An empty roles list matches by type alone.
type roleWord struct {
	roles []string
	types []string // input types ("date"); empty = any
	field bool     // any control that takes a typed value
}

var (
	anyField   = roleWord{field: true}
	textish    = roleWord{roles: []string{page.RoleInput, page.RoleTextarea}}
	buttonish  = roleWord{roles: []string{page.RoleButton}}
	linkish    = roleWord{roles: []string{page.RoleLink}}
	selectish  = roleWord{roles: []string{page.RoleSelect}}
	checkish   = roleWord{roles: []string{page.RoleCheckbox, page.RoleSwitch}}
	radioish   = roleWord{roles: []string{page.RoleRadio}}
	tabish     = roleWord{roles: []string{page.RoleTab}}
	menuish    = roleWord{roles: []string{page.RoleMenuItem}}
	optionish  = roleWord{roles: []string{page.RoleOption, page.RoleRadio, page.RoleMenuItem}}
	switchish  = roleWord{roles: []string{page.RoleSwitch, page.RoleCheckbox}}
	textareaRW = roleWord{roles: []string{page.RoleTextarea}}
)

// roleWords maps role nouns (as keys: folded, no hyphens) to what they cover. Type words
// ("date", "email") count only next to a field noun or at the end of the phrase.
var roleWords = map[string]roleWord{
	"button": buttonish, "btn": buttonish, "icon": buttonish,
	"textbox": textish, "textfield": textish, "input": textish,
	"link": linkish, "hyperlink": linkish,
	"field": anyField, "box": anyField, "entry": anyField, "blank": textish,
	"area": textareaRW, "textarea": textareaRW,
	"dropdown": selectish, "select": selectish, "selector": selectish, "picker": selectish,
	"combobox": selectish, "combo": selectish, "list": {roles: []string{page.RoleSelect, "list"}},
	"listbox": {roles: []string{page.RoleSelect, "list"}}, "menu": menuish,
	"checkbox": checkish, "tickbox": checkish, "check": checkish,
	"radio": radioish, "radiobutton": radioish,
	"tab": tabish, "option": optionish, "choice": optionish, "item": {},
	"section": {roles: []string{page.RoleLink, page.RoleTab, page.RoleButton}},
	"row":     {}, "line": {},
	"page":   {roles: []string{page.RoleLink, page.RoleTab, page.RoleButton}},
	"toggle": switchish, "switch": switchish,
	"slider": {types: []string{"range"}}, "spinner": {types: []string{"number"}},
	"spinbutton": {types: []string{"number"}}, "stepper": {types: []string{"number"}},
}

// twoWordRoles are role nouns of two words, folded to one key.
var twoWordRoles = map[[2]string]string{
	{"text", "box"}: "textbox", {"text", "field"}: "textfield", {"input", "field"}: "field",
	{"check", "box"}: "checkbox", {"tick", "box"}: "tickbox", {"radio", "button"}: "radiobutton",
	{"drop", "down"}: "dropdown", {"select", "box"}: "dropdown", {"list", "box"}: "listbox",
	{"menu", "item"}: "menu", {"text", "area"}: "textarea", {"combo", "box"}: "combobox",
	{"option", "button"}: "radiobutton", {"spin", "button"}: "spinbutton", {"toggle", "switch"}: "switch",
	{"entry", "field"}: "field", {"search", "bar"}: "search", {"close", "button"}: "x",
}

// typeWords are input types people name ("the date field", "the email box").
var typeWords = map[string][]string{
	"date": {"date"}, "time": {"time"}, "datetime": {"datetime-local"}, "email": {"email"},
	"password": {"password"}, "number": {"number"}, "phone": {"tel"}, "telephone": {"tel"},
	"url": {"url"}, "search": {"search"}, "color": {"color"}, "colour": {"color"}, "file": {"file"},
	"range": {"range"}, "month": {"month"}, "week": {"week"}, "numeric": {"number"},
}

// closeWords name the control that closes a dialog: "the x", "the close button".
var closeWords = set("x", "×", "✕", "✖", "╳", "⨯")

// ordinals people write before a noun.
var ordinals = map[string]int{
	"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
	"fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8,
	"ninth": 9, "9th": 9, "tenth": 10, "10th": 10, "last": -1, "final": -1, "top": 1, "bottom": -1,
	"topmost": 1, "bottommost": -1, "secondlast": -2, "penultimate": -2,
}

// numberWords are the numbers people spell out.
var numberWords = map[string]string{
	"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
	"seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
	"thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17",
	"eighteen": "18", "nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50",
	"sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
	"hundred": "100", "a dozen": "12", "dozen": "12",
}

// Frame words: what marks where a value ends and a target begins.
var (
	intoWords  = set("into", "in", "inside", "on", "onto", "to", "for", "under", "at")
	asWords    = set("as")
	withWords  = set("with", "to", "as", "=", ":")
	fromWords  = set("from", "in", "on", "under", "within", "out")
	nearWords  = set("for", "of", "about", "next", "near", "beside", "by", "under", "below", "above", "in", "within", "inside", "on", "at", "with", "after", "before", "besides")
	nameMarker = set("labeled", "labelled", "called", "named", "titled", "marked", "saying", "says", "reading", "that", "which", "with")
)

// allWords make a phrase mean every element it fits: "tick both boxes", "all the
// product checkboxes".
var allWords = set("both", "all", "every", "each")

// removeWords are the names of a row's remove control: "×", "Delete", "Remove", a bin.
var removeWords = set("delete", "remove", "x", "×", "✕", "✖", "trash", "bin", "discard", "🗑", "🗑️")

// removeVerbs ask to remove an item by its row's remove control: "delete Renew passport".
var removeVerbs = set("delete", "remove", "trash", "discard", "bin")

// kindNouns name the kind of thing an item is; after a name they add nothing the page
// must show: "the library books task", "Tom Baker's lunch email".
var kindNouns = set("task", "tasks", "item", "entry", "row", "record", "email", "message", "mail",
	"card", "file", "contact", "person", "one", "thing", "todo", "note", "event", "order", "ticket", "product",
	"invoice", "receipt", "document", "report", "statement", "bill", "booking", "reservation", "payment")

// noneWords say "no option": "select none".
var noneWords = set("none", "nothing", "neither", "nobody", "no")

// genericObjects are nouns a button's verb may take without naming anything on the page:
// "save the changes", "submit the form".
var genericObjects = set("changes", "change", "form", "everything", "all", "details", "info",
	"information", "data", "entry", "settings", "preferences", "selection", "order", "request", "message")

// actionVerbs are verbs of errands the page may not offer ("email my boss", "print the
// results", "remind me"). They never become commands; they only tell that an unquoted
// value running into one swallowed the next instruction.
var actionVerbs = set("email", "mail", "send", "print", "remind", "call", "phone", "text", "tell",
	"share", "save", "delete", "remove", "book", "buy", "pay", "order", "download", "upload",
	"export", "import", "copy", "move", "archive", "forward", "reply", "sign", "log", "notify",
	"schedule", "cancel", "confirm", "close", "run", "start", "stop", "post", "publish", "invite",
	"let", "make", "create", "add", "check", "ask", "message", "ping", "translate", "summarize",
	"summarise", "compare", "calculate", "tweet", "write", "read", "listen", "watch", "play")

// connectives join clauses.
var connectives = set("and", "then", "after", "afterwards", "also", "next", "finally", "plus", "before", "once")

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// verbAt returns the longest verb phrase starting at toks[i] and its length in tokens.
func verbAt(toks []token, i int) (verb, int) {
	for n := min(maxVerbWords, len(toks)-i); n > 0; n-- {
		var b strings.Builder
		ok := true
		for k := i; k < i+n; k++ {
			if toks[k].kind != tokWord {
				ok = false
				break
			}
			if k > i {
				b.WriteByte(' ')
			}
			b.WriteString(toks[k].key)
		}
		if !ok {
			continue
		}
		if v, found := verbs[b.String()]; found {
			if nounOf(toks, i, n) {
				return "", 0
			}
			return v, n
		}
	}
	return "", 0
}

// nounOf reports a one-word verb followed by "of": "type of bin", "set of keys" are nouns.
func nounOf(toks []token, i, n int) bool {
	return n == 1 && i+1 < len(toks) && toks[i+1].kind == tokWord && toks[i+1].key == "of"
}
