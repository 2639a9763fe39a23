package understand

import (
	"fmt"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// bigPage is the same 5,000-element page engine/agent's BenchmarkDecide reads: a long
// table of rows with a link and an Edit button each, and the patient form at the end.
func bigPage(n int) page.Observation {
	form := []page.Node{
		{ID: "1", Role: "link", Name: "Patients", Value: "/patients"},
		{ID: "2", Role: "link", Name: "New patient", Value: "/patients/new"},
		{ID: "3", Role: "inp", Name: "Name", State: "required"},
		{ID: "4", Role: "inp", Name: "Date of birth", Type: "date"},
		{ID: "5", Role: "sel", Name: "Gender", Value: "Select…", Options: []string{"Select…", "Female", "Male", "Other"}},
		{ID: "8", Role: "btn", Name: "Save", Type: "submit"},
	}
	obs := page.Observation{URL: "http://clinic.test/patients/new", Title: "New patient"}
	for i := 0; len(obs.Tree) < n-len(form); i++ {
		row := fmt.Sprintf("Patient %d", i)
		obs.Tree = append(obs.Tree,
			page.Node{ID: fmt.Sprint(len(obs.Tree) + 100), Role: "link", Name: row, Value: fmt.Sprintf("/patients/%d", i)},
			page.Node{ID: fmt.Sprint(len(obs.Tree) + 101), Role: "btn", Name: "Edit", Ctx: row},
		)
	}
	obs.Tree = append(obs.Tree, form...)
	return obs
}

// BenchmarkRead measures reading a three-command goal against the page: the vocabulary
// index, every segmentation, every frame.
func BenchmarkRead(b *testing.B) {
	for _, n := range []int{100, 5000} {
		obs := bigPage(n)
		b.Run(fmt.Sprintf("elements=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				rd := Read("Type 'Jas' into the Name field, select Female from Gender and click Save", obs, Options{})
				if len(rd.Questions) > 0 || len(rd.Commands) != 3 {
					b.Fatalf("reading = %+v", rd)
				}
			}
		})
	}
}
