package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestScheduledLater: "schedule it for <when>" turns on the one control for doing it later
// and fills the date and time fields it shows, or fills the one date-and-time field beside
// a Schedule button and presses it; a word between that names a control of the page asks.
func TestScheduledLater(t *testing.T) {
	transfer := page.Observation{URL: "http://x/transfer", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Amount", Type: "number", Ctx: "Payment"},
		{ID: "2", Role: page.RoleRadio, Name: "Send now", Ctx: "When", State: "checked"},
		{ID: "3", Role: page.RoleRadio, Name: "Schedule for later", Ctx: "When"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Send a reminder", Ctx: "When"},
	}, Behind: []page.Hidden{{Role: page.RoleInput, Name: "Send on", Type: "datetime-local", Ctx: "When", By: "3"}}}
	readsAs(t, transfer, []goalCase{
		{"schedule it for June 1st 2027 at 9:30 am", []string{`check("3")`, `setValue("h1", "2027-06-01T09:30")`}},
		{"schedule for 15/07/2027 14:00", []string{`check("3")`, `setValue("h1", "2027-07-15T14:00")`}},
		{"schedule the reminder for 3 May 2027", nil},
	})
	ride := page.Observation{URL: "http://x/ride", Tree: []page.Node{
		{ID: "1", Role: page.RoleSwitch, Name: "Schedule for later", Ctx: "Choose a ride"},
		{ID: "2", Role: page.RoleButton, Name: "Confirm", Ctx: "Choose a ride"},
	}, Behind: []page.Hidden{
		{Role: page.RoleInput, Name: "Date", Type: "date", Ctx: "Choose a ride", By: "1"},
		{Role: page.RoleInput, Name: "Time", Type: "time", Ctx: "Choose a ride", By: "1"},
	}}
	readsAs(t, ride, []goalCase{
		{"Schedule the ride for April 3rd 2025 at 6:45 am", []string{`check("1")`, `setValue("h1", "2025-04-03")`, `setValue("h2", "06:45")`}},
	})
	post := page.Observation{URL: "http://x/cms", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Title"},
		{ID: "2", Role: page.RoleInput, Name: "Publish on", Type: "datetime-local", Ctx: "Publish"},
		{ID: "3", Role: page.RoleButton, Name: "Schedule"},
		{ID: "4", Role: page.RoleButton, Name: "Publish"},
	}}
	readsAs(t, post, []goalCase{
		{"Schedule it to go out on 1 May 2025 at 9 in the morning", []string{`setValue("2", "2025-05-01T09:00")`, `click("3")`}},
	})
}

// TestChosenByItsVerb: "leave it in the shed" makes the choice whose first word is the
// verb and that shows a dropdown holding the option; an option neither shows asks.
func TestChosenByItsVerb(t *testing.T) {
	obs := page.Observation{URL: "http://x/parcel", Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Redeliver to my address", Ctx: "What should we do with it?", State: "checked"},
		{ID: "2", Role: page.RoleRadio, Name: "Leave with a neighbour", Ctx: "What should we do with it?"},
		{ID: "3", Role: page.RoleRadio, Name: "Leave in a safe place", Ctx: "What should we do with it?"},
	}, Behind: []page.Hidden{
		{Role: page.RoleInput, Name: "Neighbour's house number", Ctx: "What should we do with it?", By: "2"},
		{Role: page.RoleSelect, Name: "Safe place", Options: []string{"Choose a safe place", "Porch", "Shed"}, Ctx: "What should we do with it?", By: "3"},
	}}
	readsAs(t, obs, []goalCase{
		{"leave it in the shed", []string{`check("3")`, `select("h2", "Shed")`}},
		{"leave it in the garage", nil},
		// "shed", a word of the dropdown behind, is no slip for "she": never the radio alone.
		{"I'll leave it in the shed, thanks", nil},
	})
}
