package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// A field named in several words is never cut short so that its last words become the
// value ("Last name with Kaur" types Kaur, not "name with Kaur").
func TestValueNeverStartsInsideTheFieldName(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: "inp", Name: "First name", Ctx: "Contact details"},
		{ID: "2", Role: "inp", Name: "Last name", Ctx: "Contact details"},
		{ID: "3", Role: "inp", Name: "Email", Type: "email", Ctx: "Contact details"},
	}}
	for _, g := range []string{
		"Fill First name with Jas, Last name with Kaur, Email with jas@example.com",
		"Last name with Kaur",
		"fill last name with Kaur",
	} {
		r := Read(g, obs, Options{})
		var got string
		for _, c := range r.Commands {
			if c.Action.ID == "2" {
				got = c.Action.Text
			}
		}
		if got != "Kaur" {
			t.Errorf("%q typed %q into Last name, want Kaur (commands %+v)", g, got, r.Commands)
		}
	}
}
