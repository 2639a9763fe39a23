package page

import (
	"testing"
)

func TestActionRoundTrip(t *testing.T) {
	tests := []struct {
		in   string
		want Action
	}{
		{`click("14")`, Action{Kind: Click, ID: "14"}},
		{`setValue("14", "Jas")`, Action{Kind: SetValue, ID: "14", Text: "Jas"}},
		{`setValue('14', 'say "hi"')`, Action{Kind: SetValue, ID: "14", Text: `say "hi"`}},
		{`select("5", "Prefer not to say")`, Action{Kind: Select, ID: "5", Text: "Prefer not to say"}},
		{`press("Enter")`, Action{Kind: Press, Text: "Enter"}},
		{`navigate("https://example.com/a?b=1,2")`, Action{Kind: Navigate, Text: "https://example.com/a?b=1,2"}},
		{`goBack()`, Action{Kind: GoBack}},
		{`wait(500)`, Action{Kind: Wait, Ms: 500}},
		{`finish("Saved, done")`, Action{Kind: Finish, Text: "Saved, done"}},
		{`check(7)`, Action{Kind: Check, ID: "7"}},
	}
	for _, tt := range tests {
		got, err := ParseAction(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseAction(%s) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			continue
		}
		again, err := ParseAction(got.String())
		if err != nil || again != got {
			t.Errorf("round trip of %s via %s = %+v, %v", tt.in, got.String(), again, err)
		}
	}
	for _, bad := range []string{``, `click`, `click()`, `explode("1")`, `setValue("1")`, `wait(soon)`, `click("1"`, `setValue("1", "x)`} {
		if a, err := ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) = %+v, want an error", bad, a)
		}
	}
	if s := (Action{Kind: SetValue, ID: "3", Text: "hunter2", Sensitive: true}).String(); s != `setValue("3", "%secret%")` {
		t.Errorf("sensitive text leaked: %s", s)
	}
}

func obsWith(url, hash string, names ...string) Observation {
	o := Observation{URL: url, Title: "T", DOMHash: hash}
	for i, n := range names {
		o.Tree = append(o.Tree, Node{ID: string(rune('a' + i)), Role: RoleButton, Name: n})
	}
	return o
}

func TestSimilarity(t *testing.T) {
	a := obsWith("http://x/form", "h1", "Save", "Cancel", "Help")
	tests := []struct {
		name     string
		b        Observation
		min, max float64
	}{
		{"identical", a, 1, 1},
		{"ids changed only", func() Observation {
			b := obsWith("http://x/form", "h1", "Save", "Cancel", "Help")
			b.Tree[0].ID = "z"
			return b
		}(), 1, 1},
		// 0.4·1 + 0.6·2/4: new text alone stays at the re-planning line, not under it.
		{"text changed", obsWith("http://x/form", "h2", "Save", "Cancel", "Help"), 0.7, 0.7},
		// 0.4·2/3 + 0.6·2/4 = 0.567: a control gone and new text re-plans.
		{"one button gone", obsWith("http://x/form", "h2", "Save", "Cancel"), 0.56, 0.57},
		{"another page", obsWith("http://x/list", "h9", "Delete", "Edit"), 0, 0.2},
	}
	for _, tt := range tests {
		if got := Similarity(a, tt.b); got < tt.min || got > tt.max {
			t.Errorf("%s: Similarity = %.3f, want in [%.2f, %.2f]", tt.name, got, tt.min, tt.max)
		}
	}
}

func TestPrune(t *testing.T) {
	o := Observation{Viewport: Size{Width: 1280, Height: 800}, Tree: []Node{
		{ID: "1", Box: [4]int{0, 10, 10, 10}},
		{ID: "2", Box: [4]int{0, 790, 10, 20}},   // straddles the fold
		{ID: "3", Box: [4]int{0, 1100, 10, 10}},  // within the margin
		{ID: "4", Box: [4]int{0, 3000, 10, 10}},  // far below
		{ID: "5", Box: [4]int{0, -2000, 10, 10}}, // far above
	}}
	p := o.Prune(400)
	var ids string
	for _, n := range p.Tree {
		ids += n.ID
	}
	if ids != "123" || p.Pruned != 2 || len(o.Tree) != 5 {
		t.Errorf("kept %q pruned %d (original %d)", ids, p.Pruned, len(o.Tree))
	}
}

func TestNodeHas(t *testing.T) {
	n := Node{State: "checked,required"}
	if !n.Has("checked") || !n.Has("required") || n.Has("check") || n.Has("disabled") {
		t.Errorf("Has misreads %q", n.State)
	}
}
