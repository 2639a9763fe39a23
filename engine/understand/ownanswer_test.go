package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// signup asks how the person heard of the site, where to ship (a dropdown under Shipping
// address) and how to be contacted (radios).
var signup = page.Observation{URL: "http://x/checkout", Tree: []page.Node{
	{ID: "1", Role: page.RoleSelect, Name: "How did you hear about us?", Ctx: "7. How did you hear about us?",
		Options: []string{"Please select", "Search engine", "A friend or colleague", "Podcast", "Newspaper or magazine"}},
	{ID: "2", Role: page.RoleSelect, Name: "Country", Ctx: "2. Shipping address", Options: []string{"Select a country", "Norway", "Sweden"}},
	{ID: "3", Role: page.RoleRadio, Name: "Phone", Ctx: "How should we contact you?"},
	{ID: "4", Role: page.RoleRadio, Name: "Email", Ctx: "How should we contact you?"},
}}

// TestAnswerInOwnWords: one option said with words of its own question is chosen; a
// denial, a hedge, two options or a word of no question ask.
func TestAnswerInOwnWords(t *testing.T) {
	readsAs(t, signup, []goalCase{
		{"heard about you from a podcast", []string{`select("1", "Podcast")`}},
		{"Can you ship this to Norway?", []string{`select("2", "Norway")`}},
		{"contact me by email please", []string{`check("4")`}},
		{"I didn't hear about you from a podcast", nil},
		{"maybe heard about you from a podcast", nil},
		{"heard about you from a podcast or a search engine", nil},
		{"my sister heard about you from a podcast", nil},
	})
}

// TestOneOptionEach: two options said for a dropdown that holds one are asked about, each
// answer keeping the rest of the goal; a list that holds several takes both.
func TestOneOptionEach(t *testing.T) {
	rd := Read("choose Podcast and Search engine, and ship to Norway", signup, Options{})
	if len(rd.Commands) != 0 || len(rd.Questions) != 1 || rd.Questions[0].Kind != AskOption {
		t.Fatalf("want one option question, got %v %+v", acts(rd), rd.Questions)
	}
	q := rd.Questions[0]
	if len(q.Choices) != 2 || q.Choices[0].Label != "Podcast" || q.Choices[1].Label != "Search engine" {
		t.Fatalf("choices %+v", q.Choices)
	}
	if got := acts(Reading{Commands: q.Choices[1].Then}); !slices.Equal(got, []string{`select("1", "Search engine")`, `select("2", "Norway")`}) {
		t.Errorf("the second answer runs %v", got)
	}
	multi := page.Observation{URL: "http://x/extras", Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Extras", State: "multiple", Options: []string{"Towels", "Parking"}},
	}}
	readsAs(t, multi, []goalCase{
		{"choose Towels and Parking", []string{`select("1", "Towels")`, `select("1", "Parking")`}},
	})
}
