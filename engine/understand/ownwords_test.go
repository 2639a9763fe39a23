package understand

import (
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// booking is a page of the shapes people name in their own words: a choice said with a
// preposition after another step, a button that pops up a list of options with asides, a
// suggestion list whose options have asides, numbered fields written short.
var booking = page.Observation{URL: "http://x/booking", Tree: []page.Node{
	{ID: "1", Role: page.RoleInput, Name: "Passenger name", Ctx: "About you"},
	{ID: "2", Role: page.RoleInput, Type: "tel", Name: "Phone number", Ctx: "About you"},
	{ID: "3", Role: page.RoleInput, Name: "Membership number (e.g. BCT-1234)", Ctx: "About you"},
	{ID: "4", Role: page.RoleInput, Name: "Teacher / applicant number", Ctx: "About you"},
	{ID: "5", Role: page.RoleButton, Name: "Delivery day Choose a day", State: "popup", Ctx: "Your box"},
	{ID: "6", Role: page.RoleInput, Type: "date", Name: "First delivery", Ctx: "Your box"},
	{ID: "7", Role: page.RoleSelect, Name: "How often?", Options: []string{"Select…", "Every week", "Every fortnight"}, Ctx: "Your box"},
	{ID: "8", Role: page.RoleInput, Type: "date", Name: "Test date", Ctx: "Your test"},
	{ID: "9", Role: page.RoleSelect, Name: "Test centre", Options: []string{"Choose…", "Mitcham", "Tolworth"}, Ctx: "Your test"},
	{ID: "10", Role: page.RoleInput, Name: "Exam centre", State: "autocomplete", Ctx: "Session",
		Options: []string{"Leeds – Clothworkers Hall", "Leeds – Headingley", "Harrogate – Royal Hall"}},
	{ID: "11", Role: page.RoleButton, Name: "Board", State: "popup"},
	{ID: "12", Role: page.RoleRadio, Name: "No wheelchair", Ctx: "Wheelchair"},
	{ID: "13", Role: page.RoleInput, Name: "To", State: "autocomplete", Options: []string{"Paris", "Rome"}, Ctx: "Where to next?"},
	{ID: "14", Role: page.RoleTab, Name: "Cars", Ctx: "Where to next?"},
}, Behind: []page.Hidden{
	{Role: page.RoleOption, Name: "Tuesday – villages south of the A38", Ctx: "Your box", By: "5"},
	{Role: page.RoleOption, Name: "Thursday – Chew Valley & Winford", Ctx: "Your box", By: "5"},
	{Role: page.RoleMenuItem, Name: "Archive board", By: "11"},
}}

func TestOwnWords(t *testing.T) {
	readsAs(t, booking, []goalCase{
		// A choice after a step, with a preposition (tails.go).
		{"test date is 2nd May 2025 at Tolworth", []string{`setValue("8", "2025-05-02")`, `select("9", "Tolworth")`}},
		// A button that pops up a list, set to one of its options said without its aside.
		{"set the delivery day dropdown to Thursday", []string{`click("5")`, `click("h2")`}},
		{"choose Thursday", []string{`click("5")`, `click("h2")`}},
		// A menu's item is done, never set to; a quoted value is never an option.
		{`Rename the board to "Archive board"`, nil},
		// A suggestion said without its aside, with the field's own word; two Leeds ask.
		{"the Harrogate centre", []string{`setValue("10", "Harrogate")`, `wait(0)`}},
		{"choose Leeds", nil},
		// "'s" for "is", "no." and a slip for "number": the field's words, not the value's.
		{"Name's Doreen Pike", []string{`setValue("1", "Doreen Pike")`}},
		{"membership no. BCT-4471", []string{`setValue("3", "BCT-4471")`}},
		{"teacher numbr 60412", []string{`setValue("4", "60412")`}},
		// "switch" is no word for a list: the To suggestions are not named by it.
		{"Switch to Cars, pick-up 14 June 2027 at 9:30am", nil},
	})
}

// TestAsideAnnounced: a suggestion taken without its aside is said so before it is acted on.
func TestAsideAnnounced(t *testing.T) {
	rd := Read("choose Harrogate", booking, Options{})
	if len(rd.Assumptions) == 0 || !strings.Contains(strings.Join(rd.Assumptions, " "), "Harrogate – Royal Hall") {
		t.Fatalf("assumptions %q, commands %v", rd.Assumptions, acts(rd))
	}
}

// entries is a page of repeated blocks numbered by the page ("Candidate 1", "Candidate 2"),
// each with first and last name, a date of birth and two dropdowns, and a menu whose
// sub-menu holds an item.
var entries = func() page.Observation {
	inst := []string{"–", "Piano", "Violin", "Cello"}
	grade := []string{"–", "Initial", "Grade 1", "Grade 5"}
	obs := page.Observation{URL: "http://x/entries", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "My account ▾", State: "popup"},
		{ID: "2", Role: page.RoleInput, Type: "number", Name: "Yearly electricity use (kWh)", Ctx: "Your home"},
		{ID: "3", Role: page.RoleInput, Type: "time", Name: "Best time to call", Ctx: "Your home"},
	}, Behind: []page.Hidden{
		{Role: page.RoleMenuItem, Name: "Saved places ▸", By: "1"},
		{Role: page.RoleMenuItem, Name: "Add a place…", Via: 1},
	}}
	for n, c := range []string{"Candidate 1", "Candidate 2"} {
		id := func(k int) string { return string(rune('a'+n)) + string(rune('0'+k)) }
		obs.Tree = append(obs.Tree,
			page.Node{ID: id(1), Role: page.RoleInput, Name: "First name", Ctx: c},
			page.Node{ID: id(2), Role: page.RoleInput, Name: "Surname", Ctx: c},
			page.Node{ID: id(3), Role: page.RoleInput, Type: "date", Name: "Date of birth", Ctx: c},
			page.Node{ID: id(4), Role: page.RoleSelect, Name: "Instrument", Options: inst, Ctx: c},
			page.Node{ID: id(5), Role: page.RoleSelect, Name: "Grade", Options: grade, Ctx: c})
	}
	obs.Tree = append(obs.Tree, page.Node{ID: "9", Role: page.RoleButton, Name: "Remove candidate 2", Ctx: "Candidate 2"})
	return obs
}()

func TestSectionEntries(t *testing.T) {
	readsAs(t, entries, []goalCase{
		// A numbered block named by an ordinal, then its values: a whole name parted into
		// first name and surname, options of its dropdowns word for word.
		{"First candidate: Amira Haddad, violin, grade 5", []string{`setValue("a1", "Amira")`, `setValue("a2", "Haddad")`, `select("a4", "Violin")`, `select("a5", "Grade 5")`}},
		{"candidate 2: Ben Ode, cello", []string{`setValue("b1", "Ben")`, `setValue("b2", "Ode")`, `select("b4", "Cello")`}},
		// Three words of a name do not say where the surname starts.
		{"candidate 2: Mary Ann Ode, cello", nil},
		// An initialism the page spells out reads with the words around it.
		{"the 2nd candidate's DOB is 23/11/2012", []string{`setValue("b3", "2012-11-23")`}},
		// A guessed number is the number; a time said with its part of the day.
		{"we use about 3,400 kWh a year, best time to call is 6.30 in the evening", []string{`setValue("2", "3400")`, `setValue("3", "18:30")`}},
	})
}

// TestOpenedMenuThenItem: an item of a sub-menu the step before opens is read again once
// that step has run, not reached by opening the menu a second time.
func TestOpenedMenuThenItem(t *testing.T) {
	rd := Read("open my account menu, saved places, then add a place", entries, Options{})
	if len(rd.Questions) > 0 {
		t.Fatalf("asked %q", rd.Questions[0].Text)
	}
	if got := acts(rd); len(got) != 3 || got[0] != `click("1")` {
		t.Fatalf("actions %v", got)
	}
	opened := shown(entries)
	last := rd.Commands[2]
	cmd, q := Rebind(last, opened, Options{})
	if q != nil || cmd.Action.String() != `click("h2")` {
		t.Fatalf("rebind %v %v", cmd.Action, q)
	}
}

// TestDeniedGroup: a denial ticks the boxes of a group whose question denies the same.
func TestDeniedGroup(t *testing.T) {
	obs := page.Observation{URL: "http://x/box", Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Beetroot", Ctx: "Never send me"},
		{ID: "2", Role: page.RoleCheckbox, Name: "Kale", Ctx: "Never send me"},
		{ID: "3", Role: page.RoleCheckbox, Name: "Mushrooms", Ctx: "Never send me"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Saturdays", Ctx: "We can't attend on"},
		{ID: "5", Role: page.RoleCheckbox, Name: "Eggs", Ctx: "Add to my box"},
		{ID: "6", Role: page.RoleCheckbox, Name: "Milk", Ctx: "Add to my box"},
	}}
	readsAs(t, obs, []goalCase{
		{"we don't eat beetroot, kale or mushrooms", []string{`check("1")`, `check("2")`, `check("3")`}},
		{"she can't do Saturdays", []string{`check("4")`}},
		// The group's question does not deny: nothing is ticked for a denial.
		{"we don't want eggs", []string{`uncheck("5")`}},
		// A control verb denied is the person's instruction, not a statement.
		{"don't tick kale", nil},
		// Things of two groups, or one the page lacks, are not read so.
		{"we never eat kale or eggs", nil},
		{"we don't eat beetroot or celery", nil},
	})
}

// TestOptionWordForWord: a dropdown's option that starts with a determiner ("Every week")
// or is said as one word ("weekly") is that option; "a" before the words of one row is
// that row's item.
func TestOptionWordForWord(t *testing.T) {
	obs := page.Observation{URL: "http://x/veg", Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "How often?", Options: []string{"Select…", "Every week", "Every fortnight", "Every four weeks"}},
		{ID: "2", Role: page.RoleInput, Type: "date", Name: "First delivery"},
		{ID: "3", Role: page.RoleButton, Name: "Add", Ctx: "Free-range eggs (half dozen) Our hens £2.40"},
		{ID: "4", Role: page.RoleButton, Name: "Add", Ctx: "Sourdough loaf Mill House Bakery £3.80"},
		{ID: "5", Role: page.RoleButton, Name: "Add", Ctx: "Whole milk, 2 pints Yew Tree Dairy £1.60"},
		{ID: "6", Role: page.RoleSelect, Name: "Bulk actions", Options: []string{"Bulk actions", "Delete", "Archive"}},
	}}
	readsAs(t, obs, []goalCase{
		{"every week", []string{`select("1", "Every week")`}},
		{"weekly please", []string{`select("1", "Every week")`}},
		{"fortnightly", []string{`select("1", "Every fortnight")`}},
		{"add a sourdough loaf", []string{`click("4")`}},
		{"add the whole milk", []string{`click("5")`}},
		// "a" before words no row has, or a kind every row is, leaves it open.
		{"add a loaf of rye", nil},
		{"add an item", nil},
		// The option must hold the determiner too.
		{"choose a bulk action", nil},
	})
}

// TestClippedChoice: a compound choice is said by its first part, once.
func TestClippedChoice(t *testing.T) {
	obs := page.Observation{URL: "http://x/home", Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Detached", Ctx: "Type of property"},
		{ID: "2", Role: page.RoleRadio, Name: "Semi-detached", Ctx: "Type of property"},
		{ID: "3", Role: page.RoleRadio, Name: "Terraced", Ctx: "Type of property"},
		{ID: "4", Role: page.RoleRadio, Name: "Full-time", Ctx: "Hours"},
		{ID: "5", Role: page.RoleRadio, Name: "Full-board", Ctx: "Meals"},
	}}
	readsAs(t, obs, []goalCase{
		{"We're in a semi", []string{`check("2")`}},
		{"choose semi", []string{`check("2")`}},
		{"detached", []string{`check("1")`}},
		// Two compounds start so: asked.
		{"full please", nil},
	})
}

// goalCase is a goal and the actions it must become once what they open is shown (nil:
// a question).
type goalCase struct {
	goal string
	want []string
}

// readsAs checks each goal's reading on obs.
func readsAs(t *testing.T, obs page.Observation, cases []goalCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.goal, func(t *testing.T) { wantShown(t, Read(c.goal, obs, Options{}), obs, c.want) })
	}
}

// TestStatementWithPlace: a verb with a place or means after it says where the choice is;
// a count and its field after "with" is a step of its own.
func TestStatementWithPlace(t *testing.T) {
	obs := page.Observation{URL: "http://x/lessons", Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Manual", Ctx: "Gearbox"},
		{ID: "2", Role: page.RoleRadio, Name: "Automatic", Ctx: "Gearbox"},
		{ID: "3", Role: page.RoleRadio, Name: "Detached", Ctx: "Type of property"},
		{ID: "4", Role: page.RoleRadio, Name: "Semi-detached", Ctx: "Type of property"},
		{ID: "5", Role: page.RoleSelect, Name: "Bedrooms", Options: []string{"1", "2", "3", "4+"}},
	}}
	readsAs(t, obs, []goalCase{
		{"I'll be learning in an automatic", []string{`check("2")`}},
		{"we're in a semi with three bedrooms", []string{`check("4")`, `select("5", "3")`}},
		// A verb that may turn it round, with no place after it, asks.
		{"I'll be skipping the automatic", nil},
	})
}

// TestLeadPicksRow: a choosing lead before a row's words is that row's Select button.
func TestLeadPicksRow(t *testing.T) {
	obs := page.Observation{URL: "http://x/solar", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Select", Ctx: "Starter 4 1.6 kWp £4,950"},
		{ID: "2", Role: page.RoleButton, Name: "Select", Ctx: "Popular 8 3.2 kWp £6,800"},
		{ID: "3", Role: page.RoleButton, Name: "Select", Ctx: "Large 12 4.8 kWp £8,900"},
	}}
	readsAs(t, obs, []goalCase{
		{"go for the 3.2 kWp system", []string{`click("2")`}},
		{"go for a system", nil},
	})
}

// TestItIsNoValue: "send it to Boots" beside a field asked "Where should we send it?" never
// types "it to Boots"; two Boots among the suggestions ask which, one Lloyds is typed and
// picked.
func TestItIsNoValue(t *testing.T) {
	obs := page.Observation{URL: "http://x/gp", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Nominated pharmacy", State: "autocomplete", Ctx: "Where should we send it?",
			Options: []string{"Boots, High Street", "Boots, Riverside Retail Park", "Lloyds Pharmacy, Station Road"}},
		{ID: "2", Role: page.RoleButton, Name: "Submit request"},
	}}
	readsAs(t, obs, []goalCase{
		{"send it to Boots please", nil},
		{"send it to Lloyds", []string{`setValue("1", "Lloyds")`, `wait(0)`}},
	})
}

// TestSaidAsPeopleSayIt: a quoted value ends at its quotes; an age range said roughly and
// "years old"; a parent called dad; a means before the way ("by cheque"); a noun for the
// field's verb ("contribution" for "contributing"); a statement about the child; a whole
// name said for a first-name field beside a surname field.
func TestSaidAsPeopleSayIt(t *testing.T) {
	obs := page.Observation{URL: "http://x/forms", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Task", Ctx: "Add a task"},
		{ID: "2", Role: page.RoleInput, Name: "Due", Type: "date", Ctx: "Add a task"},
		{ID: "3", Role: page.RoleInput, Name: "Make", Ctx: "Your piano"},
		{ID: "4", Role: page.RoleSelect, Name: "Approximate age", Ctx: "Your piano", Options: []string{"Don't know", "Under 10 years", "10–30 years", "30–60 years"}},
		{ID: "5", Role: page.RoleInput, Name: "Full name", Ctx: "Parent / carer 2"},
		{ID: "6", Role: page.RoleSelect, Name: "Relationship to child", Ctx: "Parent / carer 2", Options: []string{"Select…", "Mother", "Father", "Grandparent"}},
		{ID: "7", Role: page.RoleInput, Name: "Amount you are contributing (£)", Type: "number", Ctx: "Voluntary contribution"},
		{ID: "8", Role: page.RoleSelect, Name: "How will you pay?", Ctx: "Voluntary contribution", Options: []string{"Choose…", "ParentPay (online)", "Cheque payable to the school"}},
		{ID: "9", Role: page.RoleInput, Name: "First name", Ctx: "About your child"},
		{ID: "10", Role: page.RoleInput, Name: "Surname", Ctx: "About your child"},
		{ID: "11", Role: page.RoleSelect, Name: "Class", Ctx: "About your child", Options: []string{"Choose…", "4 Ash", "4 Birch"}},
	}}
	readsAs(t, obs, []goalCase{
		{`task "Defrost the freezer" with due date 16.04.2026`, []string{`setValue("1", "Defrost the freezer")`, `setValue("2", "2026-04-16")`}},
		{`task "Defrost the freezer" and more`, nil},
		{"Make: Bechstein, roughly 30-60 years old", []string{`setValue("3", "Bechstein")`, `select("4", "30–60 years")`}},
		{"Parent 2: Kwame Osei, her dad", []string{`setValue("5", "Kwame Osei")`, `select("6", "Father")`}},
		{"relationship: her gran", []string{`select("6", "Grandparent")`}},
		{"I'll pay by cheque", []string{`select("8", "Cheque payable to the school")`}},
		{"contribution £10", []string{`setValue("7", "10")`}},
		{"she's in 4 Birch", []string{`select("11", "4 Birch")`}},
		{"my child's name is Amara Osei", []string{`setValue("9", "Amara")`, `setValue("10", "Osei")`}},
		{"first name Mary Ann", []string{`setValue("9", "Mary Ann")`}},
	})
}

// TestValueSaysWhichField: of two fields a word names ("pay" for "Pay from" and "Who are
// you paying?"), the value goes to the one that offers it as an option; a value neither
// offers asks.
func TestValueSaysWhichField(t *testing.T) {
	obs := page.Observation{URL: "http://x/bank", Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Pay from", Options: []string{"Everyday Current ••4821", "Easy Saver ••7730"}},
		{ID: "2", Role: page.RoleInput, Name: "Who are you paying?", State: "autocomplete", Options: []string{"Tom Baker", "Thames Water"}},
		{ID: "3", Role: page.RoleInput, Name: "Amount (£)", Type: "number"},
	}}
	readsAs(t, obs, []goalCase{
		{"pay Thames Water", []string{`setValue("2", "Thames Water")`, `wait(0)`}},
		{"pay Anglian Water", nil},
	})
}

// TestOneChoiceByItsFirstWords: "a battery" among boxes of which one alone starts with
// "Battery" is that box, announced; "a colour" beside "Add colour printing" asks.
func TestOneChoiceByItsFirstWords(t *testing.T) {
	obs := page.Observation{URL: "http://x/solar", Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Solar PV panels", Ctx: "Tick all that apply"},
		{ID: "2", Role: page.RoleCheckbox, Name: "Battery storage", Ctx: "Tick all that apply"},
		{ID: "3", Role: page.RoleCheckbox, Name: "EV charge point", Ctx: "Tick all that apply"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Add colour printing", Ctx: "Extras"},
	}}
	readsAs(t, obs, []goalCase{
		{"I'm after panels, a battery and an EV charger", []string{`check("1")`, `check("2")`, `check("3")`}},
		{"tick a battery", []string{`check("2")`}},
		{"tick a colour", nil},
	})
	rooms := page.Observation{URL: "http://x/rooms", Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Glacier room", Ctx: "Rooms"},
		{ID: "2", Role: page.RoleRadio, Name: "Fjord room", Ctx: "Rooms"},
		{ID: "3", Role: page.RoleButton, Name: "Book"},
	}}
	// "any" leaves the choice open however the words split.
	readsAs(t, rooms, []goalCase{{"pick any room and book it", nil}})
}

// TestFieldSynonyms: "surname" fills "Last name" and "zip" the "Postcode", when the page
// has no such word of its own; a page that says "Surname" keeps its word.
func TestFieldSynonyms(t *testing.T) {
	find := page.Observation{URL: "http://x/checkin", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Booking reference (6 characters)"},
		{ID: "2", Role: page.RoleInput, Name: "Last name"},
		{ID: "3", Role: page.RoleInput, Name: "Postcode"},
		{ID: "4", Role: page.RoleButton, Name: "Find my booking"},
	}}
	readsAs(t, find, []goalCase{
		{"booking ref QX7R2P, surname Marsh, then find my booking", []string{`setValue("1", "QX7R2P")`, `setValue("2", "Marsh")`, `click("4")`}},
		{"zip SE1 7PB", []string{`setValue("3", "SE1 7PB")`}},
		{"forename Helen", nil},
	})
}

// TestSaidAnotherWay: a language by its English name is the menu's own name for it; "the
// site language" is the page's Language; the one element holding every word said is named
// by them; notes go into the one free-text box; "'s" after a person is whose.
func TestSaidAnotherWay(t *testing.T) {
	obs := page.Observation{URL: "http://x/pharmacy", Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Language", Options: []string{"English", "Français", "Deutsch"}},
		{ID: "2", Role: page.RoleSwitch, Name: "Remind me when my prescription is ready"},
		{ID: "3", Role: page.RoleTextarea, Name: "Anything the pharmacist should know?"},
		{ID: "4", Role: page.RoleInput, Name: "Passport number", Ctx: "Adult 2 – Peter Marsh"},
		{ID: "5", Role: page.RoleInput, Name: "Passport expiry date", Type: "date", Ctx: "Adult 2 – Peter Marsh"},
		{ID: "6", Role: page.RoleInput, Name: "Passport number", Ctx: "Adult 1 – Helen Marsh"},
		{ID: "7", Role: page.RoleInput, Name: "Passport expiry date", Type: "date", Ctx: "Adult 1 – Helen Marsh"},
	}}
	readsAs(t, obs, []goalCase{
		{"set the site language to German", []string{`select("1", "Deutsch")`}},
		{"switch on the ready reminder", []string{`check("2")`}},
		{`put "Please use blister packs" in the notes`, []string{`setValue("3", "Please use blister packs")`}},
		{"Peter's passport expiry 3 March 2031", []string{`setValue("5", "2031-03-03")`}},
	})
}
