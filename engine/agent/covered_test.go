package agent

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// settingsUnder is a settings page under a welcome dialog whose buttons are named.
func settingsUnder(buttons ...string) page.Observation {
	o := page.Observation{URL: "http://clinic.test/settings", Title: "Settings", DOMHash: "s1", Modal: "Welcome to Settings", Tree: []page.Node{
		{ID: "5", Role: "chk", Name: "Email reminders", Occ: true},
		{ID: "6", Role: "btn", Name: "Save settings", Occ: true},
	}}
	for i, b := range buttons {
		o.Tree = append(o.Tree, page.Node{ID: string(rune('a' + i)), Role: "btn", Name: b})
	}
	return o
}

func TestCoveringDialog(t *testing.T) {
	for _, tt := range []struct {
		name    string
		buttons []string
		want    []string // the first chain, once announced
	}{
		{"one closing button: closed first, announced", []string{"Got it"}, []string{`click("a")`}},
		{"the x of the dialog", []string{"×"}, []string{`click("a")`}},
		{"consent only: never pressed", []string{"Accept all"}, []string{`check("5")`}},
		{"two ways to close: not guessed", []string{"Close", "Not now"}, []string{`check("5")`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			obs := settingsUnder(tt.buttons...)
			ag, st, out, _ := startWith(t, Settings{}, "Tick Email reminders", obs)
			if tt.want[0] == `check("5")` {
				if got := actions(out); out.Kind == OutputAct && (len(got) != 1 || got[0] != tt.want[0]) {
					t.Fatalf("chain %v, want only the check", got)
				}
				for _, a := range st.Pending.Actions() {
					if a.Kind == page.Click {
						t.Fatalf("pressed %s", a)
					}
				}
				return
			}
			if out.Kind != OutputAnnounce || len(out.Announcement.Assumptions) == 0 {
				t.Fatalf("out = %s, want the closing announced first", out.Kind)
			}
			st, out, _ = stepT(t, ag, st, Input{Kind: InputDecision, Decision: DecisionProceed, Observation: obs})
			if got := actions(out); len(got) != 1 || got[0] != tt.want[0] {
				t.Fatalf("first chain %v, want %v", got, tt.want)
			}
			// The dialog closed: the check runs next on the uncovered page.
			after := settingsUnder()
			after.Modal = ""
			for i := range after.Tree {
				after.Tree[i].Occ = false
			}
			_, out, _ = stepT(t, ag, st, Input{Kind: InputObserved, Observation: after, Result: outcomes(out.Actions, after, page.Observations{DidDomMutate: true})})
			if got := actions(out); len(got) != 1 || got[0] != `check("5")` {
				t.Fatalf("then %s %v, want the check", out.Kind, got)
			}
		})
	}
}

// TestDismissButtonOfTheCoveringDialog: with two dialogs on the page, each with its ×, the
// covering one's own × is the one that closes it.
func TestDismissButtonOfTheCoveringDialog(t *testing.T) {
	obs := page.Observation{URL: "http://shop.test/account", Modal: "What's new",
		Groups: []page.Group{{Kind: page.GroupDialog, Name: "What's new"}, {Kind: page.GroupDialog, Name: "Cookies"}},
		Tree: []page.Node{
			{ID: "1", Role: "btn", Name: "More", Occ: true},
			{ID: "2", Role: "btn", Name: "×", Group: 2, Ctx: "Cookies"},
			{ID: "3", Role: "btn", Name: "×", Group: 1, Ctx: "What's new"},
		}}
	n, ok := dismissButton(obs)
	if !ok || n.ID != "3" {
		t.Errorf("dismiss button = %+v, %v; want the × of What's new", n, ok)
	}
}
