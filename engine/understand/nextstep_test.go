package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestAfterFinish: words that name nothing on the page after a click that books or sends
// what the page was for are asked about before anything is clicked; after a click that leads
// on (Next), they are read on the page it brings.
func TestAfterFinish(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Firewood bundle", Ctx: "Extras"},
		{ID: "2", Role: page.RoleButton, Name: "Reserve pitch", Ctx: "Extras"},
		{ID: "3", Role: page.RoleButton, Name: "Next"},
	}}
	wantReading(t, Read("reserve the pitch and add kayak hire for two", obs, Options{}), nil)
	wantReading(t, Read("reserve the pitch and add firewood bundle for two", obs, Options{}), nil)

	rd := Read("click Next and type Smith into the surname field", obs, Options{})
	next := page.Observation{Tree: []page.Node{{ID: "9", Role: page.RoleInput, Name: "Surname"}}}
	if len(rd.Questions) > 0 {
		t.Fatalf("Next then a field on the next page: asked %q", rd.Questions[0].Text)
	}
	if got := actsOn(t, rd, next); len(got) != 2 || got[1] != `setValue("9", "Smith")` {
		t.Fatalf("Next then a field on the next page: %v", got)
	}
}

// TestAddToPlace: "add X to the basket" beside "Add to basket" buttons names the button to
// press for an item, never a value for the basket's one field.
func TestAddToPlace(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Add to basket", Ctx: "Rebecca · Daphne du Maurier · Good"},
		{ID: "2", Role: page.RoleButton, Name: "Add to basket", Ctx: "Rebecca · Daphne du Maurier · Fair"},
		{ID: "3", Role: page.RoleInput, Name: "Voucher code", Ctx: "Basket"},
	}}
	wantReading(t, Read("Add Rebecca to the basket", obs, Options{}), nil)
	wantReading(t, Read("add SAVE10 to the voucher code", obs, Options{}), []string{`setValue("3", "SAVE10")`})
	// With no "Add to basket" button, the place's one field is still no list to add to.
	hire := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Add", Ctx: "Petrol hedge trimmer £24.00"},
		{ID: "2", Role: page.RoleTextarea, Name: "Notes", Ctx: "Your hire basket"},
	}}
	wantReading(t, Read("Please add pressure washer in my basket", hire, Options{}), nil)
	wantReading(t, Read("put gate code 1234 in the notes", hire, Options{}), []string{`setValue("2", "gate code 1234")`})
}

// TestOrdinalOfSections: "the 2nd carer" beside the fields of "Parent or carer 1" is none
// of those fields; an ordinal still counts the alike members of a group ("the 3rd size"),
// and "2nd" is the "second" of a label.
func TestOrdinalOfSections(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "First name", Ctx: "Parent or carer 1"},
		{ID: "2", Role: page.RoleInput, Name: "Last name", Ctx: "Parent or carer 1"},
		{ID: "3", Role: page.RoleInput, Name: "Email", Type: "email", Ctx: "Parent or carer 1"},
		{ID: "4", Role: page.RoleButton, Name: "+ Add a second parent or carer", Ctx: "Parent or carer 1"},
		{ID: "5", Role: page.RoleRadio, Name: "S", Ctx: "Size"},
		{ID: "6", Role: page.RoleRadio, Name: "M", Ctx: "Size"},
		{ID: "7", Role: page.RoleRadio, Name: "L", Ctx: "Size"},
	}}
	wantReading(t, Read("type Daniel into the 2nd carer", obs, Options{}), nil)
	wantReading(t, Read("add 2nd carer - Daniel Okafor, daniel.okafor@gmail.com", obs, Options{}), nil)
	wantReading(t, Read("pick the 3rd size", obs, Options{}), []string{`check("7")`})
	rd := Read("add 2nd carer", obs, Options{})
	wantReading(t, rd, []string{`click("4")`})
	if len(rd.Assumptions) == 0 {
		t.Errorf("the label read from some of its words was not announced: %+v", rd)
	}
}

// TestTabIsAKind: a tab named with a noun of its section is a kind of things; the thing
// itself is one it shows, so "the mid-range tyre" asks, and "the mid-range tab" is the tab.
func TestTabIsAKind(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Budget", Ctx: "2. Choose your tyres"},
		{ID: "2", Role: page.RoleTab, Name: "Mid-range", Ctx: "2. Choose your tyres", State: "selected"},
		{ID: "3", Role: page.RoleButton, Name: "Select", Ctx: "Falken Ziex ZE310 £78"},
		{ID: "4", Role: page.RoleButton, Name: "Select", Ctx: "Hankook Kinergy £74"},
	}}
	wantReading(t, Read("Select the mid-range tyre.", obs, Options{}), nil)
	wantReading(t, Read("open the budget tab", obs, Options{}), []string{`click("1")`})
}

// TestValueRunsIntoStep: an unquoted value never runs into the next step, whether a dash
// or "and … me" starts it.
func TestValueRunsIntoStep(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleTextarea, Name: "Delivery instructions"},
		{ID: "2", Role: page.RoleButton, Name: "Change delivery address"},
		{ID: "3", Role: page.RoleInput, Name: "Promo code", Ctx: "Book the engineer"},
		{ID: "4", Role: page.RoleButton, Name: "Book engineer visit"},
	}, Behind: []page.Hidden{{Role: page.RoleInput, Name: "Postcode", By: "2"}, {Role: page.RoleButton, Name: "Use this address", By: "2"}}}
	for _, goal := range []string{
		"Delivery address postcode should be S11 8YA - change it and use this address",
		"Book the engineer and get me a quote for a new boiler too",
	} {
		rd := Read(goal, obs, Options{})
		for _, c := range rd.Commands {
			if c.Action.Kind == page.SetValue {
				t.Errorf("%q typed %v", goal, acts(rd))
			}
		}
	}
	r := newReader(obs, Options{})
	for _, v := range []string{"address postcode should be S11 8YA - change it", "engineer and get me a quote"} {
		if !swallows(r, tokenize(v)) {
			t.Errorf("%q: the next step not seen in the value", v)
		}
	}
	wantReading(t, Read("Delivery instructions: leave it by the gate - the side one", obs, Options{}), []string{`setValue("1", "leave it by the gate - the side one")`})
}

// TestListThenVerb: the items first, then the verb with words that point back at them.
func TestListThenVerb(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "4", Role: page.RoleCheckbox, Name: "Ringing in my ears", Ctx: "Symptoms"},
		{ID: "5", Role: page.RoleCheckbox, Name: "Dizziness", Ctx: "Symptoms"},
		{ID: "6", Role: page.RoleCheckbox, Name: "Earache", Ctx: "Symptoms"},
	}}
	wantReading(t, Read("Ringing in my ears and dizziness - tick both of those", obs, Options{}), []string{`check("4")`, `check("5")`})
	wantReading(t, Read("earache, dizziness, ringing in my ears - tick all three please", obs, Options{}), []string{`check("6")`, `check("5")`, `check("4")`})
	// Something else after the verb is no list pointed back at.
	wantReading(t, Read("Ringing in my ears and dizziness - tick both and email the doctor", obs, Options{}), nil)
}

// TestRoleForName: "the switch for X" with X the words of one control's own name is that
// control, whatever else the role word fits.
func TestRoleForName(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSwitch, Name: "Take away my old furniture", Ctx: "Access"},
		{ID: "2", Role: page.RoleCheckbox, Name: "Text me when the driver is 30 minutes away", Ctx: "On the day"},
	}}
	wantReading(t, Read("flip the switch for taking away old furniture", obs, Options{}), []string{`check("1")`})
	wantReading(t, Read("tick the box for text me when the driver is away", obs, Options{}), []string{`check("2")`})
}

// TestStepsOnceShown: a clause read before its menu opens runs as its steps once it does,
// each later step bound on the sub-menu the one before opens.
func TestStepsOnceShown(t *testing.T) {
	closed := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Order", State: "popup"},
		{ID: "2", Role: page.RoleButton, Name: "Help", State: "popup"},
	}}
	menu := page.Observation{Tree: append(slices.Clone(closed.Tree),
		page.Node{ID: "10", Role: page.RoleMenuItem, Name: "Download invoice", State: "popup"},
		page.Node{ID: "11", Role: page.RoleMenuItem, Name: "Track delivery"})}
	sub := page.Observation{Tree: append(slices.Clone(menu.Tree),
		page.Node{ID: "20", Role: page.RoleMenuItem, Name: "PDF"},
		page.Node{ID: "21", Role: page.RoleMenuItem, Name: "CSV"})}
	rd := Read("order menu then download invoice then pdf", closed, Options{})
	if len(rd.Questions) > 0 || len(rd.Commands) == 0 || acts(rd)[0] != `click("1")` {
		t.Fatalf("on the closed page: %v %+v", acts(rd), rd.Questions)
	}
	var got []string
	pages := []page.Observation{menu, sub}
	cmds := rd.Commands[1:]
	for k := 0; k < len(cmds); k++ {
		if len(pages) == 0 {
			t.Fatalf("more steps than pages: %v", cmds)
		}
		out, q := RebindAll(cmds[k], pages[0], Options{})
		if q != nil {
			t.Fatalf("step %d asks %q", k, q.Text)
		}
		cmds = slices.Insert(slices.Delete(cmds, k, k+1), k, out...)
		got = append(got, cmds[k].Action.String())
		pages = pages[1:]
	}
	if want := []string{`click("10")`, `click("20")`}; !slices.Equal(got, want) {
		t.Fatalf("steps %v, want %v", got, want)
	}
}

// TestDashParts: a dash with a space each side parts two steps; inside a value it stays.
func TestDashParts(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Account holder", Ctx: "Payment"},
		{ID: "2", Role: page.RoleInput, Name: "Sort code", Ctx: "Payment"},
		{ID: "3", Role: page.RoleInput, Name: "Account number", Ctx: "Payment"},
		{ID: "4", Role: page.RoleRadio, Name: "Direct debit", Ctx: "Payment"},
		{ID: "5", Role: page.RoleRadio, Name: "Card", Ctx: "Payment"},
		{ID: "6", Role: page.RoleTextarea, Name: "Notes"},
	}}
	wantReading(t, Read("direct debit — account holder N Hussain, sort code 20-45-77, account 43917285", obs, Options{}),
		[]string{`check("4")`, `setValue("1", "N Hussain")`, `setValue("2", "20-45-77")`, `setValue("3", "43917285")`})
	wantReading(t, Read("notes: open Mon – Fri", obs, Options{}), []string{`setValue("6", "open Mon – Fri")`})
}

// TestCalendarWords: a day or month said whole names one written short, and back.
func TestCalendarWords(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "24", Role: page.RoleRadio, Name: "Morning 7–12", Ctx: "Thu 12 Mar"},
		{ID: "25", Role: page.RoleRadio, Name: "Afternoon 12–6", Ctx: "Thu 12 Mar"},
		{ID: "27", Role: page.RoleRadio, Name: "Afternoon 12–6", Ctx: "Fri 13 Mar"},
		{ID: "30", Role: page.RoleButton, Name: "Cancel", Ctx: "Monday 9 September"},
	}}
	wantReading(t, Read("Thursday afternoon slot please", obs, Options{}), []string{`check("25")`})
	wantReading(t, Read("click Cancel for Mon 9 Sept", obs, Options{}), []string{`click("30")`})
	if calendarWord("sunny") != "" || calendarWord("monitor") != "" || calendarWord("thurs") != "thu" {
		t.Error("calendar words")
	}
}

// TestSplitThroughName: with no verb, a field named by part of its name and a value is no
// reading when the split runs through another element's name ("Full service …" beside
// Full name): it asks.
func TestSplitThroughName(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Basic service £45", Ctx: "Service package"},
		{ID: "2", Role: page.RoleRadio, Name: "Full service £89", Ctx: "Service package"},
		{ID: "3", Role: page.RoleInput, Name: "Full name", Ctx: "Your details"},
		{ID: "4", Role: page.RoleInput, Type: "email", Name: "Email", Ctx: "Your details"},
		{ID: "5", Role: page.RoleButton, Name: "Book service"},
	}}
	wantReading(t, Read("Full service with a new chain and a bike wash, then book it", obs, Options{}), nil)
	wantReading(t, Read("full name Colin Hart", obs, Options{}), []string{`setValue("3", "Colin Hart")`})
	wantReading(t, Read("my email colin@example.com", obs, Options{}), []string{`setValue("4", "colin@example.com")`})
}

// TestMyInLabel: a label said with the person's own "my" is that label; one that says
// "my" itself still needs it.
func TestMyInLabel(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Print schedule"},
		{ID: "2", Role: page.RoleButton, Name: "Delete my account"},
		{ID: "3", Role: page.RoleButton, Name: "Delete"},
	}}
	wantReading(t, Read("print my schedule", obs, Options{}), []string{`click("1")`})
	wantReading(t, Read("Delete my account", obs, Options{}), []string{`click("2")`})
}

// TestRangeLead: the kind of a range's values said before it is no value of it.
func TestRangeLead(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "date", Name: "Date"},
		{ID: "2", Role: page.RoleInput, Type: "time", Name: "From"},
		{ID: "3", Role: page.RoleInput, Type: "time", Name: "Until"},
	}}
	wantReading(t, Read("Date: Sat 7 June 2025. Times 2pm till 10.30pm.", obs, Options{}),
		[]string{`setValue("1", "2025-06-07")`, `setValue("2", "14:00")`, `setValue("3", "22:30")`})
}

// TestEmailTakesAddress: an e-mail field takes an address; other words said after "email"
// are asked about, never typed into it.
func TestEmailTakesAddress(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "email", Name: "Email", Ctx: "Your details"},
		{ID: "2", Role: page.RoleButton, Name: "Get my quote", Ctx: "Your details"},
	}}
	wantReading(t, Read("Get my quote and email a copy to my husband too", obs, Options{}), nil)
	wantReading(t, Read("email jo@example.com", obs, Options{}), []string{`setValue("1", "jo@example.com")`})
}
