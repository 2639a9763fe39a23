package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// claimForm asks two Yes/No questions with radios, and has two date fields and a time.
var claimForm = page.Observation{URL: "http://x/claim", Tree: []page.Node{
	{ID: "1", Role: page.RoleRadio, Name: "Yes", Ctx: "Has this been reported to the police?"},
	{ID: "2", Role: page.RoleRadio, Name: "No", Ctx: "Has this been reported to the police?"},
	{ID: "3", Role: page.RoleRadio, Name: "Yes", Ctx: "Have you made a claim in the last 5 years?"},
	{ID: "4", Role: page.RoleRadio, Name: "No", Ctx: "Have you made a claim in the last 5 years?"},
	{ID: "5", Role: page.RoleInput, Name: "Date of birth", Type: "date", Ctx: "About you"},
	{ID: "6", Role: page.RoleInput, Name: "Date of incident", Type: "date", Ctx: "What happened"},
	{ID: "7", Role: page.RoleInput, Name: "Estimated arrival time", Type: "time", Ctx: "Your stay"},
	{ID: "8", Role: page.RoleInput, Name: "Dentist", Ctx: "Your health"},
}}

// TestYesNoSaid: a statement in the person's own words answers the one Yes/No question
// whose words it says; a denial makes it No; a hedge, a question or words of no question
// leave it to a question (docs/understanding.md item 52).
func TestYesNoSaid(t *testing.T) {
	readsAs(t, claimForm, []goalCase{
		{"we did report it to the police", []string{`check("1")`}},
		{"I haven't made a claim before", []string{`check("4")`}},
		{"no claims in the last 5 years", []string{`check("4")`}},
		{"yes it was reported to the police", []string{`check("1")`}},
		{"maybe we reported it to the police", nil},
		{"we have", nil},
		{"has it been reported to the police?", nil},
	})
}

// TestEventSaid: "I was born on …" is told of the date field its event names, never of
// another date field; "we'll arrive around …" of the arrival time.
func TestEventSaid(t *testing.T) {
	readsAs(t, claimForm, []goalCase{
		{"I was born on 3 May 1990", []string{`setValue("5", "1990-05-03")`}},
		{"we'll arrive around 9pm", []string{`setValue("7", "21:00")`}},
		{"I got married on 3 May 2010", nil},
	})
}

// TestTypingParticle: "put X down as Y" types X, not "X down"; where the page offers two
// Patels, it asks which (a wrong action of a blind set once).
func TestTypingParticle(t *testing.T) {
	readsAs(t, claimForm, []goalCase{
		{"put Dr Patel down as my dentist", []string{`setValue("8", "Dr Patel")`}},
	})
	dentists := []string{"Dr Anita Patel", "Dr Raj Patel", "Dr Owen Jones"}
	for _, n := range []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Your dentist", Options: dentists},
		{ID: "1", Role: page.RoleInput, State: "autocomplete", Name: "Your dentist", Options: dentists},
	} {
		readsAs(t, page.Observation{URL: "http://x/register", Tree: []page.Node{n}}, []goalCase{
			{"put Dr Patel down as my dentist", nil},
		})
	}
}

// TestRowWordsNameNoLabel: words that name only a row or a group ("Year 2" beside each
// row's Book) say none of a label, so a goal of them alone clicks nothing.
func TestRowWordsNameNoLabel(t *testing.T) {
	obs := page.Observation{URL: "http://x/clubs", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Book", Ctx: "Football Year 2 Mondays"},
		{ID: "2", Role: page.RoleButton, Name: "Book", Ctx: "Chess Year 5 Tuesdays"},
	}}
	readsAs(t, obs, []goalCase{
		{"Year 2", nil},
	})
}
