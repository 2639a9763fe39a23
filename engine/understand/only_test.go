package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestOnlyChoice: "X only" chooses the radio X; a checkbox is not chosen so.
func TestOnlyChoice(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Any", Ctx: "Tenure", State: "checked"},
		{ID: "2", Role: page.RoleRadio, Name: "Freehold", Ctx: "Tenure"},
		{ID: "3", Role: page.RoleRadio, Name: "Leasehold", Ctx: "Tenure"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Detached", Ctx: "Property type"},
		{ID: "5", Role: page.RoleCheckbox, Name: "Bungalow", Ctx: "Property type"},
		{ID: "6", Role: page.RoleCheckbox, Name: "Direct flights only"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"freehold only", []string{`check("2")`}},
		{"only leasehold please", []string{`check("3")`}},
		{"direct only", []string{`check("6")`}},
		{"bungalow only", nil},
		{"only the cheap ones", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}

// TestBareRange: "Oslo to Rome" fills a From and a To field; "brightness to 80" is not a
// range.
func TestBareRange(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "From", Box: [4]int{170, 155, 190, 36}},
		{ID: "2", Role: page.RoleInput, Name: "To", Box: [4]int{410, 155, 190, 36}},
		{ID: "3", Role: page.RoleInput, Type: "range", Name: "Brightness"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Oslo to Rome", []string{`setValue("1", "Oslo")`, `setValue("2", "Rome")`}},
		{"from Oslo to Rome", []string{`setValue("1", "Oslo")`, `setValue("2", "Rome")`}},
		{"brightness to 80", []string{`setValue("3", "80")`}},
		{"Oslo to Rome, then swap them", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
