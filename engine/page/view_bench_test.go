package page

import (
	"fmt"
	"testing"
)

// bigObservation is what the walk gives for engine/browser's BenchmarkObserve5000 page: a
// table of 1,000 rows with five controls each, scrolled to the top.
func bigObservation() Observation {
	obs := Observation{URL: "http://x.test/big", Title: "Big", Viewport: Size{Width: 1280, Height: 800}}
	obs.Text = append(obs.Text, TextBlock{Kind: TextHeading, Level: 1, Text: "Patients", Box: box(10, 30)})
	for i := range 1000 {
		y := 50 + i*30
		obs.Groups = append(obs.Groups, Group{Kind: GroupRow, Name: fmt.Sprintf("Patient %d", i)})
		g := len(obs.Groups)
		obs.Text = append(obs.Text, TextBlock{Kind: TextCell, Text: fmt.Sprintf("Patient %d", i), Box: box(y, 20),
			At: len(obs.Tree) + 1, Group: g})
		obs.Tree = append(obs.Tree,
			Node{ID: fmt.Sprint(5*i + 1), Role: RoleCheckbox, Name: fmt.Sprintf("Pick %d", i), Box: box(y, 20), Group: g},
			Node{ID: fmt.Sprint(5*i + 2), Role: RoleInput, Value: fmt.Sprintf("note %d", i), Box: box(y, 20), Group: g},
			Node{ID: fmt.Sprint(5*i + 3), Role: RoleLink, Name: "Edit", Value: fmt.Sprintf("#p%d", i), Box: box(y, 20), Group: g},
			Node{ID: fmt.Sprint(5*i + 4), Role: RoleButton, Name: "Delete", Box: box(y, 20), Group: g},
			Node{ID: fmt.Sprint(5*i + 5), Role: RoleSelect, Value: "Low", Options: []string{"Low", "Mid", "High"}, Box: box(y, 20), Group: g})
	}
	return obs
}

// BenchmarkRender renders what every prompt carries: a page of 5,000 controls, and a long
// document scrolled to its middle.
func BenchmarkRender(b *testing.B) {
	for _, c := range []struct {
		name string
		obs  Observation
	}{{"5000", bigObservation()}, {"doc", longPage(300)}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if v := Render(c.obs, ViewOptions{}); v.Elements == 0 {
					b.Fatal("nothing rendered")
				}
			}
		})
	}
}
