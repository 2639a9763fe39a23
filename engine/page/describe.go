package page

import "strings"

// RoleName is the plain word for a tree role, used in reasons and question options.
func RoleName(role string) string {
	switch role {
	case RoleButton:
		return "button"
	case RoleInput, RoleTextarea:
		return "field"
	case RoleLink:
		return "link"
	case RoleCheckbox:
		return "checkbox"
	case RoleRadio:
		return "radio button"
	case RoleSelect:
		return "dropdown"
	case RoleTab:
		return "tab"
	case RoleMenuItem:
		return "menu item"
	case RoleOption:
		return "option"
	case RoleSwitch:
		return "switch"
	}
	return "element"
}

// Describe names an element for a person: `"Details" link in “Prescriptions”`.
func Describe(n Node) string {
	s := quote(n.Name) + " " + RoleName(n.Role)
	if n.Name == "" {
		s = "unnamed " + RoleName(n.Role)
	}
	if n.Ctx != "" && !strings.EqualFold(n.Ctx, n.Name) {
		s += " in " + quote(n.Ctx)
	}
	return s
}

func quote(s string) string { return "\u201c" + s + "\u201d" }
