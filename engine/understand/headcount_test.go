package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

func TestHeadcount(t *testing.T) {
	table := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "date", Name: "Date"},
		{ID: "2", Role: page.RoleSelect, Name: "Party size", Options: []string{"1 person", "2 people", "3 people", "4 people", "5+ people"}},
		{ID: "3", Role: page.RoleButton, Name: "Find a table"},
	}}
	ride := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Pickup location"},
		{ID: "2", Role: page.RoleInput, Name: "Destination"},
		{ID: "3", Role: page.RoleInput, Type: "number", Name: "Passengers", Value: "1"},
	}}
	trip := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Where to?"},
		{ID: "2", Role: page.RoleInput, Type: "number", Name: "Adults", Value: "1"},
		{ID: "3", Role: page.RoleInput, Type: "number", Name: "Children", Value: "0"},
	}}
	for _, c := range []struct {
		obs  page.Observation
		goal string
		want []string // nil: a question
	}{
		{table, "we're 3 people", []string{`select("2", "3 people")`}},
		{table, "table for 4 please", []string{`select("2", "4 people")`}},
		{table, "there will be two of us", []string{`select("2", "2 people")`}},
		{ride, "we're 3", []string{`setValue("3", "3")`}},
		{ride, "there'll be 3 of us travelling", []string{`setValue("3", "3")`}},
		{ride, "3 passengers", []string{`setValue("3", "3")`}},
		{trip, "2 adults and 1 child", []string{`setValue("2", "2")`, `setValue("3", "1")`}},
		{trip, "Travellers: 2 adults, 1 child", []string{`setValue("2", "2")`, `setValue("3", "1")`}},
		// Adults and children both count people: "3 people" does not say how many of each.
		{trip, "we're 3 people", nil},
		{trip, "there'll be some of us", nil},
	} {
		t.Run(c.goal, func(t *testing.T) {
			wantReading(t, Read(c.goal, c.obs, Options{}), c.want)
		})
	}
}
