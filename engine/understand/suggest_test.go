package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestKnownSuggestions: a field whose suggestions the page already holds asks which one
// a value means when it fits several, before anything is typed.
func TestKnownSuggestions(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Destination", State: "autocomplete",
			Options: []string{"Paris, France", "📍Paris, Texas, United States", "Oslo, Norway", "Porto, Portugal"}},
		{ID: "2", Role: page.RoleButton, Name: "Search"},
	}}
	typed := []string{`setValue("1", "Oslo")`, `("")`}
	for _, tt := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"destination Paris", nil},
		{"set the destination to paris", nil},
		{"type Paris into the destination field", nil},
		{"Paris as my destination, then search", nil},
		{"destination Oslo", typed},
		{"destination: Paris, Texas, United States", []string{`setValue("1", "Paris, Texas, United States")`, `("")`}},
		// Not among them: typed as written, as before.
		{"destination Lyon", []string{`setValue("1", "Lyon")`, `("")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, obs, Options{})
			wantReading(t, rd, tt.want)
			if tt.want == nil && len(rd.Questions[0].Choices) != 2 {
				t.Errorf("choices %+v, want the two Paris", rd.Questions[0].Choices)
			}
		})
	}
}

// TestSuggestionChoice: a suggestion a field holds, named whole after a choosing verb or
// lead, is typed and picked; part of one is not.
func TestSuggestionChoice(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "2", Role: page.RoleInput, State: "autocomplete", Name: "Choose a phone", Ctx: "1. Phone", Options: []string{"Pixel 9", "iPhone 16", "iPhone 16 Pro", "Galaxy S24"}},
		{ID: "3", Role: page.RoleSelect, Name: "Data", Ctx: "2. Allowance", Options: []string{"5 GB", "15 GB"}},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"pick the iPhone 16 Pro", []string{`setValue("2", "iPhone 16 Pro")`, `("")`}},
		{"I'll take the Pixel 9", []string{`setValue("2", "Pixel 9")`, `("")`}},
		{"pick the iPhone", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
