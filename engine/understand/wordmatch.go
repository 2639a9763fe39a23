package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/internal/round"
)

// Comparing the words a person wrote with a page's words: other forms of a word, typos,
// compounds, and a phrase against a name.

// typoSim is how alike two words of four letters or more must be to be one word typed
// wrong ("Sumbit", "Adress").
const typoSim = 0.75

// wordEq compares a goal key with a page key: 1 equal, 0.95 another form of the word
// ("orders", "ordering" for "order"), 0.8 a typo, 0 different.
func wordEq(a, b string) float64 {
	if a == b {
		return 1
	}
	if a != "" && b != "" && (isDigit(a[0]) || isDigit(b[0])) && (numberWords[a] == b || numberWords[b] == a || spelledOrdinals[a] == b || spelledOrdinals[b] == a) {
		return 0.95 // "four stars" for "4 stars", "2 adults" for "Two adults", "2nd" for "second"
	}
	if a != "" && b != "" && isDigit(a[0]) && isDigit(b[0]) && (dayOf(a) == b || dayOf(b) == a) {
		return 0.95 // "the 8th" for "Mon 8 Dec"
	}
	if perspective[a] == b || perspective[b] == a {
		return 0.95 // "events near me" is the page's "Events near you"
	}
	if len(a) < 3 || len(b) < 3 {
		return 0
	}
	if a[0] == b[0] && (len(a) <= 5 || len(b) <= 5) {
		if c := calendarWord(a); c != "" && c == calendarWord(b) {
			return 0.95 // "Thursday" for "Thu 12 Mar", "Sept" for "September"
		}
	}
	if len(a) >= 4 && len(b) >= 4 && a[:2] == b[:2] && stem(a) == stem(b) {
		return 0.95
	}
	if b == a+"ing" || a == b+"ing" {
		return 0.95 // "pay" for "paying": a short word's -ing form
	}
	if a+"s" == b || b+"s" == a || irregularPlurals[a] == b || irregularPlurals[b] == a {
		return 0.95
	}
	if slices.Contains(kinForms[a], b) || slices.Contains(kinForms[b], a) {
		return 0.95 // "her dad" is the option "Father"
	}
	if endonyms[a] == b || endonyms[b] == a {
		return 0.95 // "French" is the language menu's "Français"
	}
	if long, ok := shortForms[a]; ok && wordEq(long, b) >= 0.95 {
		return 0.95 // "30 mins before" is the option "30 minutes before"
	}
	if long, ok := shortForms[b]; ok && wordEq(a, long) >= 0.95 {
		return 0.95
	}
	if d := len(a) - len(b); d > 2 || d < -2 || len(a) < 4 || len(b) < 4 {
		return 0
	}
	if strings.TrimPrefix(a, "#") == strings.TrimPrefix(b, "#") {
		return 0.95 // "order 1044" is "#1044"
	}
	if keySim(a, b) >= typoSim && !strings.ContainsAny(a+b, "0123456789") {
		return 0.8 // a slip in a word; "09:30" is no slip of "19:30"
	}
	return 0
}

// dayOf is the number an ordinal in figures counts ("8" of "8th", "21" of "21st"), or "".
func dayOf(k string) string {
	if len(k) < 3 || len(k) > 4 {
		return ""
	}
	n, suf := k[:len(k)-2], k[len(k)-2:]
	if suf != "st" && suf != "nd" && suf != "rd" && suf != "th" || !isDigit(n[0]) || !isDigit(n[len(n)-1]) {
		return ""
	}
	return n
}

// spelledOrdinals are the ordinals written in figures, as words.
var spelledOrdinals = map[string]string{"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth",
	"5th": "fifth", "6th": "sixth", "7th": "seventh", "8th": "eighth", "9th": "ninth", "10th": "tenth"}

// irregularPlurals are the plurals no ending rule makes ("1 child" fills "Children").
// kinForms are the words people call their family by, and the words forms use for them.
var kinForms = map[string][]string{
	"dad": {"father", "parent"}, "daddy": {"father", "parent"}, "papa": {"father", "parent"},
	"mum": {"mother", "parent"}, "mom": {"mother", "parent"}, "mummy": {"mother", "parent"},
	"mommy": {"mother", "parent"}, "mam": {"mother", "parent"}, "mama": {"mother", "parent"},
	"stepdad": {"stepfather", "stepparent"}, "stepmum": {"stepmother", "stepparent"},
	"stepmom": {"stepmother", "stepparent"},
	"gran":    {"grandmother", "grandparent"}, "granny": {"grandmother", "grandparent"},
	"nan": {"grandmother", "grandparent"}, "nana": {"grandmother", "grandparent"},
	"grandma": {"grandmother", "grandparent"}, "grandad": {"grandfather", "grandparent"},
	"granddad": {"grandfather", "grandparent"}, "grandpa": {"grandfather", "grandparent"},
	"grandmother": {"grandparent"}, "grandfather": {"grandparent"},
	"hubby": {"husband", "spouse"}, "husband": {"spouse"}, "wife": {"spouse"},
}

// endonyms are languages by their English names and by the names language menus give
// them, as matchKeys writes them (accents folded).
var endonyms = map[string]string{"french": "francais", "german": "deutsch", "spanish": "espanol",
	"italian": "italiano", "portuguese": "portugues", "dutch": "nederlands", "swedish": "svenska",
	"norwegian": "norsk", "danish": "dansk", "finnish": "suomi", "polish": "polski", "icelandic": "islenska",
	"welsh": "cymraeg", "irish": "gaeilge", "turkish": "turkce", "czech": "cestina", "hungarian": "magyar",
	"romanian": "romana", "greek": "ελληνικα", "russian": "русский", "ukrainian": "українська",
	"japanese": "日本語", "chinese": "中文", "korean": "한국어", "arabic": "العربية", "hebrew": "עברית",
	"hindi": "हिन्दी", "catalan": "catala", "croatian": "hrvatski", "indonesian": "indonesia"}

// englishNames are endonyms the other way round.
var englishNames = func() map[string]string {
	m := make(map[string]string, len(endonyms))
	for en, own := range endonyms {
		m[own] = en
	}
	return m
}()

var irregularPlurals = map[string]string{"child": "children", "person": "people", "man": "men",
	"woman": "women", "foot": "feet", "tooth": "teeth", "mouse": "mice", "goose": "geese"}

// stem cuts the common English endings, enough to meet "recommending" with "recommend"
// and "easy" with "ease"; it is used only to compare two words, never shown.
func stem(w string) string {
	for range 2 { // "ordering" → "order" → "ord", where "order" meets it; "contribution" meets "contributing"
		cut := false
		for _, suf := range []string{"ions", "ion", "ing", "ed", "es", "ly", "er", "s", "y", "e"} {
			if len(w)-len(suf) >= 3 && strings.HasSuffix(w, suf) {
				w, cut = w[:len(w)-len(suf)], true
				break
			}
		}
		if !cut {
			break
		}
	}
	return w
}

// phraseMatch scores how well the words a person wrote (q) name a page text (n), and
// which of q's words it explains. Equal is 1; the person's words inside a longer name
// ("Save" for "Save changes") score by the share of the name they cover; a name inside a
// longer phrase explains only its own words.
func phraseMatch(q, n []string) (float64, []bool) {
	if len(q) == 0 || len(n) == 0 {
		return 0, make([]bool, len(q))
	}
	if qm, back, ok := joinCompounds(q, n); ok {
		// "check in" for "Check-in", "e mail" for "email": score the joined words and
		// give each of the person's words the verdict of its compound.
		s, u := phraseMatch(qm, n)
		used := make([]bool, len(q))
		for i := range q {
			used[i] = u[back[i]]
		}
		return s, used
	}
	if nm, _, ok := joinCompounds(n, q); ok {
		return phraseMatch(q, nm)
	}
	used := make([]bool, len(q))
	// Align greedily in order: each query word takes the first unused equal name word.
	taken := make([]bool, len(n))
	matched, quality := 0, 1.0
	lastPos, inOrder := -1, true
	for i, w := range q {
		for j, x := range n {
			if taken[j] {
				continue
			}
			if e := wordEq(w, x); e > 0 {
				taken[j], used[i] = true, true
				matched++
				quality *= e
				if j < lastPos {
					inOrder = false
				}
				lastPos = j
				break
			}
		}
	}
	if matched == 0 {
		return 0, used
	}
	if matched == len(q) && ofInverted(q, n) {
		// "bin type" for "Type of bin", "birth date" for "Date of birth": the same
		// name in the other English order.
		return round.Hundredths(quality), used
	}
	if !inOrder {
		quality *= 0.9
	}
	switch {
	case matched == len(q) && matched == len(n):
		return round.Hundredths(quality), used
	case matched == len(q) && inOrder && prefixOf(q, n): // the name's head: "Reason" for "Reason for visit"
		return round.Hundredths(quality * (0.75 + 0.2*float64(matched)/float64(len(n)))), used
	case matched == len(q): // the person named part of a longer name
		return round.Hundredths(quality * (0.6 + 0.3*float64(matched)/float64(len(n)))), used
	default: // some of the person's words are not in the name
		return round.Hundredths(quality * 0.6 * float64(matched) / float64(len(q)+len(n)-matched)), used
	}
}

// ofInverted reports a name "A of B" said "B A": every word in that order, "of" left out.
func ofInverted(q, n []string) bool {
	k := slices.Index(n, "of")
	if k <= 0 || k == len(n)-1 || len(q) != len(n)-1 || slices.Contains(q, "of") {
		return false
	}
	tail := len(n) - k - 1 // "B" comes first when said
	for i, w := range q {
		var x string
		if i < tail {
			x = n[k+1+i] // "B"
		} else {
			x = n[i-tail] // then "A"
		}
		if wordEq(w, x) == 0 {
			return false
		}
	}
	return true
}

// prefixOf reports that q's words are n's first words, typos allowed.
func prefixOf(q, n []string) bool {
	for i, w := range q {
		if wordEq(w, n[i]) == 0 {
			return false
		}
	}
	return true
}

// joinCompounds joins two neighbouring words of a that together are one word of b. back
// maps each word of a to its place in the joined list.
func joinCompounds(a, b []string) ([]string, []int, bool) {
	for i := 0; i+1 < len(a); i++ {
		j := a[i] + a[i+1]
		for _, w := range b {
			if w == j {
				out := slices.Concat(a[:i:i], []string{j}, a[i+2:])
				back := make([]int, len(a))
				for k := range a {
					switch {
					case k <= i:
						back[k] = k
					case k == i+1:
						back[k] = i
					default:
						back[k] = k - 1
					}
				}
				return out, back, true
			}
		}
	}
	return nil, nil, false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// calendarWord is the day or month a word names, written short or whole ("thu", "thurs"
// and "thursday" are "thu"); "" for any other word. "may" and "sun" are only themselves.
func calendarWord(w string) string {
	if len(w) < 3 || len(w) > 9 {
		return ""
	}
	k := w[:3]
	if _, ok := calendarNames[k]; !ok {
		return ""
	}
	if w == k || strings.HasPrefix(calendarNames[k], w) {
		return k
	}
	return ""
}

// calendarNames are the days and months by their first three letters.
var calendarNames = map[string]string{
	"mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday", "sat": "saturday",
	"sun": "sunday", "jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june",
	"jul": "july", "aug": "august", "sep": "september", "oct": "october", "nov": "november", "dec": "december",
}

// perspective maps the person's words for themselves to the page's words for them: the
// page says "you", the person "me".
// shortForms are the shortened words people and pages write for units of time and a few
// common nouns; each stands for the long word, singular or plural.
var shortForms = map[string]string{"min": "minute", "mins": "minutes", "hr": "hour", "hrs": "hours",
	"sec": "second", "secs": "seconds", "wk": "week", "wks": "weeks", "yr": "year", "yrs": "years",
	"mth": "month", "mths": "months", "approx": "approximately", "apt": "apartment", "dept": "department",
	"tel": "telephone", "mob": "mobile", "info": "information", "pref": "preference", "prefs": "preferences"}

var perspective = map[string]string{"me": "you", "my": "your", "i": "you", "us": "you", "our": "your",
	"mine": "yours", "myself": "yourself", "we": "you"}
