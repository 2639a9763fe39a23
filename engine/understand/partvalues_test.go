package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// hire is a car hire form: pick-up and drop-off fields sharing their first words, a list of
// age bands and two drivers with the same fields.
var hire = page.Observation{URL: "http://x/hire", Tree: []page.Node{
	{ID: "1", Role: page.RoleSelect, Name: "Pick-up location", Ctx: "Where and when", Options: []string{"Choose…", "Manchester Airport", "Leeds Station"}},
	{ID: "2", Role: page.RoleInput, Name: "Pick-up date", Type: "date", Ctx: "Where and when"},
	{ID: "3", Role: page.RoleInput, Name: "Pick-up time", Type: "time", Ctx: "Where and when"},
	{ID: "4", Role: page.RoleInput, Name: "Drop-off date", Type: "date", Ctx: "Where and when"},
	{ID: "5", Role: page.RoleInput, Name: "Drop-off time", Type: "time", Ctx: "Where and when"},
	{ID: "6", Role: page.RoleSelect, Name: "Main driver's age", Ctx: "Where and when", Options: []string{"Select age", "Aged 21 to 24", "Aged 25 to 69", "Aged 70 or over"}},
	{ID: "7", Role: page.RoleInput, Name: "First name", Ctx: "Driver 1 (main driver)"},
	{ID: "8", Role: page.RoleInput, Name: "Surname", Ctx: "Driver 1 (main driver)"},
	{ID: "9", Role: page.RoleInput, Name: "Driving licence number", Ctx: "Driver 1 (main driver)"},
	{ID: "10", Role: page.RoleInput, Name: "First name", Ctx: "Driver 2 (additional driver)"},
	{ID: "11", Role: page.RoleInput, Name: "Surname", Ctx: "Driver 2 (additional driver)"},
	{ID: "12", Role: page.RoleInput, Name: "Driving licence number", Ctx: "Driver 2 (additional driver)"},
	{ID: "13", Role: page.RoleRadio, Name: "Plus cover", Ctx: "Protection"},
}}

// training is a gym's personal training part, whose heading is spelt out where people say
// "PT".
var training = page.Observation{URL: "http://x/gym", Tree: []page.Node{
	{ID: "13", Role: page.RoleRadio, Name: "Sam – strength", Ctx: "Book a personal training session"},
	{ID: "14", Role: page.RoleRadio, Name: "Priya – mobility & rehab", Ctx: "Book a personal training session"},
	{ID: "15", Role: page.RoleInput, Name: "Date", Type: "date", Ctx: "Book a personal training session"},
	{ID: "16", Role: page.RoleInput, Name: "Start time", Type: "time", Ctx: "Book a personal training session"},
	{ID: "17", Role: page.RoleButton, Name: "Request session", Ctx: "Book a personal training session"},
}}

// TestSharedHead: values said after the words several fields' names share go each to the
// one of them that takes it; "PT" is the "personal training" of a heading, and the values
// after it go to that part's fields and radios; a value no field takes reads nothing.
func TestSharedHead(t *testing.T) {
	readsAs(t, hire, []goalCase{
		{"Pick up from Manchester Airport on 14 March 2025 at 9am, drop off 21/03/2025 at 6pm", []string{
			`select("1", "Manchester Airport")`, `setValue("2", "2025-03-14")`, `setValue("3", "09:00")`,
			`setValue("4", "2025-03-21")`, `setValue("5", "18:00")`}},
		{"pick up from York on 14 March 2025", nil},
		// "PT" might be "Pick-up time" as well as a "Plus cover"'s part: not spelt out.
		{"PT with Priya", nil},
	})
	readsAs(t, training, []goalCase{
		{"PT session with Priya on the 3rd of June 2025 at half five in the evening", []string{
			`check("14")`, `setValue("15", "2025-06-03")`, `setValue("16", "17:30")`}},
		{"send the request", []string{`click("17")`}},
		// "send" is no verb of its own: the money is not the page's to send.
		{"send the money to my bank", nil},
	})
}

// TestStatedAge: an age said of the person chooses the band that holds it; an age no band
// holds, or no age field, is asked about.
func TestStatedAge(t *testing.T) {
	readsAs(t, hire, []goalCase{
		{"I'm 23", []string{`select("6", "Aged 21 to 24")`}},
		{"main driver's age 72", []string{`select("6", "Aged 70 or over")`}},
		{"I'm 19", nil},
	})
	bands := page.Observation{URL: "http://x/travel", Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Under 18", Ctx: "Traveller's age"},
		{ID: "2", Role: page.RoleRadio, Name: "18-64", Ctx: "Traveller's age"},
		{ID: "3", Role: page.RoleRadio, Name: "65 or over", Ctx: "Traveller's age"},
	}}
	readsAs(t, bands, []goalCase{
		{"she's 70", []string{`check("3")`}},
		{"I'm 40 years old", []string{`check("2")`}},
	})
}

// TestSamePart: a field named again after a part was filled is that part's, when the part
// has one; a part said by its place among its like ("second driver") takes a whole name
// parted between its name fields and a value said with its field.
func TestSamePart(t *testing.T) {
	readsAs(t, hire, []goalCase{
		{"driver 2 first name Priya, surname Raman", []string{`setValue("10", "Priya")`, `setValue("11", "Raman")`}},
		{"second driver: Priya Raman, licence no RAMAN904217PR9", []string{
			`setValue("10", "Priya")`, `setValue("11", "Raman")`, `setValue("12", "RAMAN904217PR9")`}},
		{"surname Raman", nil},
	})
}

// timetable has three intensity boxes, all ticked, reminder switches and rows of loans.
var timetable = page.Observation{URL: "http://x/gym", Tree: []page.Node{
	{ID: "1", Role: page.RoleCheckbox, Name: "Low", State: "checked", Ctx: "Intensity", Group: 1},
	{ID: "2", Role: page.RoleCheckbox, Name: "Medium", State: "checked", Ctx: "Intensity", Group: 1},
	{ID: "3", Role: page.RoleCheckbox, Name: "High", State: "checked", Ctx: "Intensity", Group: 1},
	{ID: "4", Role: page.RoleSwitch, Name: "Email reminders", State: "checked", Ctx: "Booking reminders"},
	{ID: "5", Role: page.RoleSwitch, Name: "Text (SMS) reminders", Ctx: "Booking reminders"},
	{ID: "6", Role: page.RoleButton, Name: "Renew", Ctx: "Wolf Hall Hilary Mantel Book 2 Jun 2025"},
	{ID: "7", Role: page.RoleButton, Name: "Renew", Ctx: "White Teeth Zadie Smith Book 12 Jun 2025"},
	{ID: "8", Role: page.RoleInput, Name: "Date of reading", Type: "date", Ctx: "Gas"},
	{ID: "9", Role: page.RoleInput, Name: "Time (optional)", Type: "time", Ctx: "Gas"},
	{ID: "10", Role: page.RoleInput, Name: "Promo code", Ctx: "Review"},
}, Groups: []page.Group{{Kind: page.GroupFieldset, Name: "Intensity"}}}

// TestSaidAbout: "I only want" a list unticks the rest of its group; "text ones" after
// "the email reminders" are the text reminders; "the one by Zadie Smith" is her row; a
// statement of what the person did names the date field it fills, or nothing; a code after
// a typing verb starts the value.
func TestSaidAbout(t *testing.T) {
	readsAs(t, timetable, []goalCase{
		{"I only want to see low and medium intensity classes", []string{`check("1")`, `check("2")`, `uncheck("3")`}},
		{"turn off the email reminders and switch on text ones instead", []string{`uncheck("4")`, `check("5")`}},
		{"renew the one by Zadie Smith", []string{`click("7")`}},
		{"renew the Zadie Smith one", []string{`click("7")`}},
		{"renew one", nil},
		{"I took the readings on 2 Feb 2025 at quarter to eight in the morning", []string{`setValue("8", "2025-02-02")`, `setValue("9", "07:45")`}},
		{"I was born on 2 Feb 2025", nil},
		{"enter promo code SPRING25", []string{`setValue("10", "SPRING25")`}},
	})
}

// TestBandOf: the band of a list that holds a number, with or without its unit; none when
// no band or two hold it.
func TestBandOf(t *testing.T) {
	ages := []string{"Select age", "Aged 21 to 24", "Aged 25 to 69", "Aged 70 or over"}
	income := []string{"Under £20,000", "£20,000 – £29,999", "£30,000+"}
	overlap := []string{"18-30", "25-40"}
	for _, tt := range []struct {
		value string
		opts  []string
		want  int
	}{
		{"23", ages, 1},
		{"23 years old", ages, 1},
		{"70", ages, 3},
		{"19", ages, -1},
		{"£25,000", income, 1},
		{"19k", income, 0},
		{"45000", income, 2},
		{"27", overlap, -1},
		{"twenty", ages, -1},
	} {
		if got := bandOf(tt.value, tt.opts); got != tt.want {
			t.Errorf("bandOf(%q, %q) = %d, want %d", tt.value, tt.opts, got, tt.want)
		}
	}
}
