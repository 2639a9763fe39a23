package page

import "testing"

// TestSays checks that an action's two descriptions come from one verb, so a plan shows
// "click Save" and the history "clicked Save" without parsing one into the other.
func TestSays(t *testing.T) {
	for _, tc := range []struct {
		verb, rest, todo, done string
	}{
		{"click", `the "Save" button`, `click the "Save" button`, `clicked the "Save" button`},
		{"type", `"Jas" into Name`, `type "Jas" into Name`, `typed "Jas" into Name`},
		{"choose", "Oslo", "choose Oslo", "chose Oslo"},
		{"uncheck", "Newsletter", "uncheck Newsletter", "unchecked Newsletter"},
		{"hover over", "Menu", "hover over Menu", "hovered over Menu"},
		{"go back", "", "go back", "went back"},
	} {
		var a Action
		a.Says(tc.verb, tc.rest)
		if a.Todo != tc.todo || a.Description != tc.done {
			t.Errorf("Says(%q, %q) = %q / %q, want %q / %q", tc.verb, tc.rest, a.Todo, a.Description, tc.todo, tc.done)
		}
	}
	// Every verb in the table reads back as itself in the present tense.
	for verb, past := range pastTense {
		var a Action
		a.Says(verb, "it")
		if a.Todo != verb+" it" || a.Description != past+" it" {
			t.Errorf("%q: %q / %q", verb, a.Todo, a.Description)
		}
	}
}
