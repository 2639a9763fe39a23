package understand

import (
	"testing"
	"time"

	"github.com/errand-app/errand/engine/page"
)

// TestDateWithTime: a date said with its time fills a datetime field, or the date field
// and the time field beside it.
func TestDateWithTime(t *testing.T) {
	split := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "date", Name: "Date", Ctx: "When"},
		{ID: "2", Role: page.RoleInput, Type: "time", Name: "Time", Ctx: "When"},
		{ID: "3", Role: page.RoleInput, Type: "number", Name: "Party size", Ctx: "When"},
	}}
	one := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "datetime-local", Name: "Schedule for"},
		{ID: "2", Role: page.RoleButton, Name: "Schedule"},
	}}
	both := []string{`setValue("1", "2025-03-14")`, `setValue("2", "19:30")`}
	opts := Options{Today: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)}
	for _, tt := range []struct {
		obs  page.Observation
		goal string
		want []string
	}{
		{split, "date 14 March 2025, 7.30pm", both},
		{split, "date: 14 March 2025 at 7:30 pm", both},
		{split, "set the date to March 14th 2025 at 19:30", both},
		{split, "date 14 March 2025, 7.30pm, party of 4", append(both, `setValue("3", "4")`)},
		{split, "the time is 7.30pm", []string{`setValue("2", "19:30")`}},
		{one, "schedule for 14 March 2025, 7.30pm", []string{`setValue("1", "2025-03-14T19:30")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			wantReading(t, Read(tt.goal, tt.obs, opts), tt.want)
		})
	}
}

// TestDateAndTimeList: a date said with its time fills a date field and picks the time from
// the list of times beside it; a time the list lacks asks.
func TestDateAndTimeList(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "date", Name: "Drop-off date", Ctx: "Drop-off", Group: 1},
		{ID: "2", Role: page.RoleSelect, Name: "Drop-off time", Ctx: "Drop-off", Group: 1, Options: []string{"Choose…", "08:00", "8:30 am", "09:00"}},
	}, Groups: []page.Group{{Kind: page.GroupFieldset, Name: "Drop-off"}}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"drop off on the sixteenth of march twenty twenty six at eight thirty", []string{`setValue("1", "2026-03-16")`, `select("2", "8:30 am")`}},
		{"drop-off 16 March 2026 at 9am", []string{`setValue("1", "2026-03-16")`, `select("2", "09:00")`}},
		{"drop-off 16 March 2026 at 11am", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
