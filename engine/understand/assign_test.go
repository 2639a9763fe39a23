package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// transfer is a small payment form whose one field is named just "Reference".
var transfer = page.Observation{Tree: []page.Node{
	{ID: "1", Role: page.RoleInput, Name: "Payee"},
	{ID: "2", Role: page.RoleInput, Name: "Reference"},
	{ID: "3", Role: page.RoleInput, Type: "date", Name: "Execution date"},
	{ID: "4", Role: page.RoleInput, Type: "number", Name: "Amount"},
	{ID: "5", Role: page.RoleButton, Name: "Send"},
	{ID: "6", Role: page.RoleSelect, Name: "How did you hear about us?", Options: []string{"Choose one", "A friend or colleague", "An advert", "Search"}},
}}

// TestAssignments: a value ends where another field is said with its value, and a ":" or
// "=" says where a value starts.
func TestAssignments(t *testing.T) {
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Set the reference to X and the execution date to 3 April 2025", []string{`setValue("2", "X")`, `setValue("3", "2025-04-03")`}},
		{"set the reference to INV-22 and the amount to 40", []string{`setValue("2", "INV-22")`, `setValue("4", "40")`}},
		{"change payee to Ana Ruiz and amount to 12", []string{`setValue("1", "Ana Ruiz")`, `setValue("4", "12")`}},
		{"reference = rent may, amount = 900", []string{`setValue("2", "rent may")`, `setValue("4", "900")`}},
		{"put Bob in payee and the reference is gift", []string{`setValue("1", "Bob")`, `setValue("2", "gift")`}},
		{"Set the reference to INV-2291 and the execution date to the 3rd of April 2025", []string{`setValue("2", "INV-2291")`, `setValue("3", "2025-04-03")`}},
		{"execution date: the 14th of May 2026", []string{`setValue("3", "2026-05-14")`}},
		{"send it on the first of May", nil},
		{"execution date: the day after", nil},
		{"reference: the usual", nil},
		{"payee: a friend", nil},
		{"how did you hear: a friend", []string{`select("6", "A friend or colleague")`}},
		{"how did you hear about us: an advert", []string{`select("6", "An advert")`}},
		{"how did you hear: a podcast", nil},
		{"reference: Lunch and drinks", []string{`setValue("2", "Lunch and drinks")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, transfer, Options{}), tt.want) })
	}
}

// TestAsides: a name said without its bracketed aside names the element, unless two
// elements differ only by their asides.
func TestAsides(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Reference (shown to the recipient)"},
		{ID: "2", Role: page.RoleInput, Type: "tel", Name: "Phone (mobile)"},
		{ID: "3", Role: page.RoleInput, Type: "tel", Name: "Phone (home)"},
		{ID: "4", Role: page.RoleInput, Name: "Company [optional]"},
		{ID: "5", Role: page.RoleTextarea, Name: "Private note (only you can see this)"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"set the reference to INV-2291", []string{`setValue("1", "INV-2291")`}},
		{"change the reference to rent", []string{`setValue("1", "rent")`}},
		{"company: Acme Ltd", []string{`setValue("4", "Acme Ltd")`}},
		{"type 'thanks' into the private note", []string{`setValue("5", "thanks")`}},
		{"phone: 0123 456", nil},
		{"mobile phone 0777 123", []string{`setValue("2", "0777 123")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}

// TestSwallowedSteps: a value does not run past a comma into an option, a control or a
// date of its own; an address with a comma is typed whole.
func TestSwallowedSteps(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Last name"},
		{ID: "2", Role: page.RoleSelect, Name: "Department", Options: []string{"Select a department", "Dermatology", "Physiotherapy"}},
		{ID: "3", Role: page.RoleInput, Type: "date", Name: "Preferred date"},
		{ID: "4", Role: page.RoleInput, Name: "Address"},
		{ID: "5", Role: page.RoleCheckbox, Name: "First visit"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"last name Silva, Dermatology", []string{`setValue("1", "Silva")`, `select("2", "Dermatology")`}},
		{"last name Silva, 14 June 2027", []string{`setValue("1", "Silva")`, `setValue("3", "2027-06-14")`}},
		{"last name: Silva, tick first visit", []string{`setValue("1", "Silva")`, `check("5")`}},
		{"address: 12 Orchard Lane, Leeds", []string{`setValue("4", "12 Orchard Lane, Leeds")`}},
		// "for" before another field's name starts a step of its own, never the value's end.
		{"last name is Silva, for department I take Dermatology", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}

// TestWholeNames: words that are one field's whole name name it, though a shorter name
// plus a type word ("Client" + "email") scores as well.
func TestWholeNames(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Client", Options: []string{"— choose a client —", "Maple Street Bakery", "Orbit Analytics"}},
		{ID: "2", Role: page.RoleInput, Type: "email", Name: "Client email"},
		{ID: "3", Role: page.RoleInput, Name: "PO number"},
		{ID: "4", Role: page.RoleButton, Name: "Save draft"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"client email accounts@maple.co.uk", []string{`setValue("2", "accounts@maple.co.uk")`}},
		{"pick Maple Street Bakery as the client, client email a@b.co, PO number 7781; then save draft",
			[]string{`select("1", "Maple Street Bakery")`, `setValue("2", "a@b.co")`, `setValue("3", "7781")`, `click("4")`}},
		{"client: Orbit Analytics", []string{`select("1", "Orbit Analytics")`}},
		{"type a@b.co into the email field", []string{`setValue("2", "a@b.co")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}

// TestValueBreaks: a value typed without quotes never runs on past a clause boundary and a
// verb ("…, then search cars"); with nothing else to read it as, it is asked about.
func TestValueBreaks(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Flights", State: "selected"},
		{ID: "4", Role: page.RoleTab, Name: "Cars"},
		{ID: "2", Role: page.RoleInput, Name: "To", State: "autocomplete", Options: []string{"Athens (ATH)", "Lisbon (LIS)"}},
		{ID: "5", Role: page.RoleInput, Type: "date", Name: "Depart"},
		{ID: "3", Role: page.RoleButton, Name: "Search flights"},
	}}
	rd := Read("Switch to Cars, pick-up 14 June 2027 at 9:30am and drop-off June 21, 2027 6pm, then search cars", obs, Options{})
	if len(rd.Questions) == 0 {
		t.Fatalf("want a question, got %v", acts(rd))
	}
	wantReading(t, Read("depart 14 June 2027, then search flights", obs, Options{}), []string{`setValue("5", "2027-06-14")`, `click("3")`})
}
