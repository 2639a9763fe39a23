package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestPartOfDay: a part of the day names the slots whose times are in it, narrowed by the
// day said; one proceeds, several or "an afternoon slot" ask, a full slot is never one.
func TestPartOfDay(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "09:30", Ctx: "Thursday 12 March"},
		{ID: "2", Role: page.RoleButton, Name: "14:00", Ctx: "Thursday 12 March"},
		{ID: "3", Role: page.RoleButton, Name: "16:30", Ctx: "Thursday 12 March", State: "disabled"},
		{ID: "4", Role: page.RoleButton, Name: "10:00", Ctx: "Friday 13 March"},
		{ID: "5", Role: page.RoleButton, Name: "1:30pm", Ctx: "Friday 13 March"},
		{ID: "6", Role: page.RoleButton, Name: "6pm – 7pm", Ctx: "Friday 13 March"},
	}}
	for _, c := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"Thursday afternoon slot please", []string{`click("2")`}},
		{"book the Friday evening one", []string{`click("6")`}},
		{"morning slot on Friday", []string{`click("4")`}},
		{"the afternoon slot", nil},            // Thursday's or Friday's
		{"an afternoon slot on Thursday", nil}, // any: asked
		{"Saturday morning", nil},              // none
	} {
		t.Run(c.goal, func(t *testing.T) {
			wantReading(t, Read(c.goal, obs, Options{}), c.want)
		})
	}
}
