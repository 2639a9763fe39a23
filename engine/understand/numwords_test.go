package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestSpelledNumbers: numbers written in words, with hyphens or spaces, are numbers; a
// hyphenated word that is not all number words is not.
func TestSpelledNumbers(t *testing.T) {
	for in, want := range map[string]string{
		"twenty-four":       "24",
		"twenty four":       "24",
		"Thirty-one years":  "31",
		"ninety-nine euros": "99",
		"two-way":           "",
	} {
		got, ok := numberIn(in)
		if want == "" && ok || want != "" && got != want {
			t.Errorf("numberIn(%q) = %q, %v, want %q", in, got, ok, want)
		}
	}
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "number", Name: "Driver's age"},
		{ID: "2", Role: page.RoleInput, Name: "Pick-up location"},
	}}
	for goal, want := range map[string][]string{
		"The driver is twenty-four":          {`setValue("1", "24")`},
		"driver's age: thirty-two":           {`setValue("1", "32")`},
		"set the driver's age to forty-five": {`setValue("1", "45")`},
		"driver's age: twenty-something":     nil,
	} {
		t.Run(goal, func(t *testing.T) { wantReading(t, Read(goal, obs, Options{}), want) })
	}
}
