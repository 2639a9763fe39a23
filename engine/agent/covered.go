package agent

import (
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
)

// A welcome or notice dialog that covers the element a command needs would make the step
// fail, again and again. When the dialog has exactly one button that only closes it, the
// fast path closes it first and says so (an assumption, announced before it runs); a
// button that agrees to something is never pressed without the person
// (docs/decisions.md D-45).

// dismissNames are the names of buttons that close a dialog and agree to nothing.
var dismissNames = map[string]bool{"got it": true, "close": true, "×": true, "x": true, "✕": true, "ok": true,
	"okay": true, "dismiss": true, "not now": true, "no thanks": true, "maybe later": true, "skip": true,
	"close dialog": true, "close this dialog": true}

// dismissButton is the one button of the open dialog that only closes it: its own ×,
// Close or Dismiss, found by the dialog it sits in (so another dialog's × on the page is
// never taken for it), else the one button anywhere not covered named like a dismissal.
func dismissButton(obs page.Observation) (page.Node, bool) {
	if obs.Modal != "" {
		if n, ok := understand.DialogCloser(obs, obs.Modal); ok && !n.Occ {
			return n, true
		}
	}
	var found []page.Node
	for _, n := range obs.Tree {
		if n.Occ || n.Role != page.RoleButton && n.Role != page.RoleLink {
			continue
		}
		name := strings.ToLower(strings.Trim(strings.TrimSpace(n.Name), ".!"))
		if dismissNames[name] {
			found = append(found, n)
		}
	}
	if len(found) != 1 {
		return page.Node{}, false
	}
	return found[0], true
}

// dismissFirst puts a click on the dialog's closing button before command i, whose
// element the dialog covers, and decides again.
func (s *step) dismissFirst(i int, covered page.Node, btn page.Node, obs page.Observation) (State, Output, []Event, error) {
	act := page.Action{Kind: page.Click, ID: btn.ID}
	act.Says("click", page.Describe(btn))
	click := understand.Command{Action: act, Bound: true, Verb: "click", Phrase: btn.Name, Words: "close the dialog", Match: 1, Changes: true}
	s.splice(i, 0, []Planned{{Command: click, Aside: true}})
	s.st.Assumed = append(s.st.Assumed, fmt.Sprintf("the dialog %q covers %s, so I close it with %q first",
		obs.Modal, page.Describe(covered), btn.Name))
	return s.decide(obs)
}
