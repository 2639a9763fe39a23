package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// How an element suits what was said of its kind: role and type words ("the dropdown",
// "the date field") and the verb ("tick" wants a checkbox).

// typeOnly scores a phrase that names a field by its type ("the date", "email box") on a
// field of that type: every key but the type word must still be in the name.
func typeOnly(keys, types []string, n page.Node) (float64, bool) {
	if len(types) == 0 || !slices.Contains(types, n.Type) && !(slices.Contains(types, "search") && n.Role == page.RoleInput) {
		return 0, false
	}
	if len(keys) == 1 && slices.Contains(typeWords[keys[0]], n.Type) {
		return 0.9, true
	}
	// "Landlord email" whose "email" was set aside as a kind noun: "landlord" must still
	// be the field's word; the Email field of the person is not the landlord's.
	return 0, false
}

// byRole lists the elements a role or type word covers.
func (ix *index) byRole(p phrase, v verb) []int {
	key := string(v) + "|" + p.roleKey + "|" + strings.Join(p.types, ",")
	if out, ok := ix.roles[key]; ok {
		return out
	}
	out := ix.byRoleOnce(p, v)
	ix.roles[key] = out
	return out
}

func (ix *index) byRoleOnce(p phrase, v verb) []int {
	var out []int
	for i, n := range ix.nodes {
		if roleFit(v, p, n) < 1 {
			continue
		}
		if len(p.types) > 0 && !slices.Contains(p.types, n.Type) && !(slices.Contains(p.types, "search") && isField(n) && strings.Contains(fold(n.Name), "search")) {
			continue
		}
		if p.roleKey == "search" && n.Type != "search" && !strings.Contains(strings.ToLower(n.Name), "search") {
			continue
		}
		out = append(out, i)
	}
	return out
}

// isField reports a control that takes typed text or a chosen value.
func isField(n page.Node) bool {
	switch n.Role {
	case page.RoleInput, page.RoleTextarea, page.RoleSelect:
		switch n.Type {
		case "checkbox", "radio", "submit", "button", "reset", "image":
			return false
		}
		return true
	}
	return false
}

// roleFit says how well an element suits the verb and the role word: 1 fits, 0 excludes.
func roleFit(v verb, p phrase, n page.Node) float64 {
	fit := 1.0
	switch v {
	case vType, vClear, vFocus:
		if !isField(n) {
			if v == vFocus {
				fit = 0.6
			} else {
				return 0
			}
		}
	case vCheck, vUncheck, vToggle:
		switch n.Role {
		case page.RoleCheckbox, page.RoleRadio, page.RoleSwitch:
		case page.RoleMenuItem, page.RoleOption, page.RoleButton, page.RoleTab:
			if n.Role == page.RoleButton && namesAnotherAction(n.Name) {
				return 0 // "tick off Buy milk" never clicks the row's "Edit task"
			}
			fit = 0.8 // a star icon, a pressed toggle button, a selectable option
		default:
			return 0
		}
	case vSelect:
		switch n.Role {
		case page.RoleSelect, page.RoleRadio, page.RoleOption, page.RoleTab, page.RoleMenuItem, page.RoleCheckbox:
		case page.RoleInput:
			fit = 0.8
		default:
			fit = 0.7 // "select the Save button" is a click
		}
	}
	if p.rw == nil {
		return fit
	}
	rw := p.rw
	if rw.field && (v == vCheck || v == vUncheck || v == vToggle) {
		rw = &checkish // "tick both boxes": a box one ticks is a checkbox
	}
	switch {
	case rw.field:
		if !isField(n) {
			fit *= 0.3
		}
	case len(rw.roles) > 0:
		if !slices.Contains(rw.roles, n.Role) && !menuButton(rw, n) {
			// People call button-styled links buttons and the reverse.
			if (n.Role == page.RoleButton || n.Role == page.RoleLink) && (slices.Contains(rw.roles, page.RoleButton) || slices.Contains(rw.roles, page.RoleLink)) {
				fit *= 0.85
			} else {
				fit *= 0.3
			}
		}
	case len(rw.types) > 0:
		if !slices.Contains(rw.types, n.Type) {
			fit *= 0.3
		}
	}
	return fit
}

// isCloseControl reports an element that closes something: "×", "Close", "Dismiss".
func isCloseControl(n page.Node) bool {
	if n.Role != page.RoleButton && n.Role != page.RoleLink {
		return false
	}
	keys := matchKeys(n.Name)
	if len(keys) == 1 && closeWords[keys[0]] {
		return true
	}
	for _, k := range keys {
		if k == "close" || k == "dismiss" {
			return true
		}
	}
	return false
}

// namesAnotherAction reports a button whose name starts with a verb of another job ("Edit
// task", "Delete", "Add to cart"): it does that, it is not something one ticks. Toggles
// named by a verb ("Show ruler", "Mute") are not in the list.
func namesAnotherAction(name string) bool {
	ks := keysOf(name)
	return len(ks) > 0 && otherJobs[ks[0]]
}

var otherJobs = set("edit", "rename", "delete", "remove", "trash", "discard", "add", "download", "upload",
	"open", "view", "reply", "forward", "print", "copy", "move", "archive", "share", "send", "buy", "pay")
