package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestClockKeys: a time of day has one key however it is written, and a range said as
// one word or three is its two times.
func TestClockKeys(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"18:00 – 19:00", []string{"18:00", "19:00"}},
		{"the 6–7pm slot", []string{"18:00", "19:00", "slot"}},
		{"2 to 3pm", []string{"14:00", "15:00"}},
		{"11-1pm", []string{"11:00", "13:00"}},
		{"9am", []string{"09:00"}},
		{"9:05", []string{"09:05"}},
		{"7.30pm", []string{"19:30"}},
		{"12am", []string{"00:00"}},
		{"25:00", []string{"25:00"}}, // no time
		{"2 to 3 people", []string{"2", "to", "3", "people"}},
	} {
		if got := matchKeys(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("matchKeys(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	slots := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleOption, Name: "14:00 – 15:00", Ctx: "Time slot"},
		{ID: "2", Role: page.RoleOption, Name: "18:00 – 19:00", Ctx: "Time slot"},
		{ID: "3", Role: page.RoleOption, Name: "19:00 – 20:00", Ctx: "Time slot"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"pick the 6-7pm slot", []string{`click("2")`}},
		{"choose the 2 to 3pm slot", []string{`click("1")`}},
		{"pick the 7pm slot", []string{`click("3")`}},
		{"pick the 9am slot", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, slots, Options{}), tt.want) })
	}
}
