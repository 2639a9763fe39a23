package understand

import "slices"

// Adding an item to a list: "Add a task called Book flights", "add another one: Pack
// bags", "add 'x' to my list", "new task: Renew car insurance". The item's name is typed
// into the field the list's Add button commits, and the button is pressed.

// introduced strips the words that introduce an item's name: "a task called", "another
// one:", "a new note named". The kind between the article and the marker is at most three
// words. It returns the value unchanged when no introduction leads it.
func introduced(value []token) ([]token, bool) {
	if len(value) < 3 || value[0].kind != tokWord || !indefinite[value[0].key] && value[0].key != "new" {
		return value, false
	}
	for m := 1; m < len(value)-1 && m <= 4; m++ {
		t := value[m]
		switch {
		case t.kind == tokPunct && t.raw == ":":
		case t.kind == tokWord && (t.key == "called" || t.key == "named" || t.key == "titled" || t.key == "saying"):
		default:
			continue
		}
		return value[m+1:], true
	}
	return value, false
}

// withoutList drops "to my list", "to the list", "on my list" after a value: the list is
// where the item goes, not part of its name.
func withoutList(value []token) []token {
	n := len(value)
	if n < 3 {
		return value
	}
	last := value[n-1].key
	if last != "list" && last != "lists" && last != "todos" && last != "tasks" {
		return value
	}
	for m := n - 2; m >= 1 && m >= n-3; m-- {
		switch value[m].key {
		case "to", "on", "onto", "in", "into":
			for _, t := range value[m+1 : n-1] {
				if !definite[t.key] && t.key != "todo" && t.key != "task" && t.key != "shopping" {
					return value
				}
			}
			return slices.Clone(value[:m])
		}
	}
	return value
}

// commitNew presses the button that commits a field named for a new item ("New task":
// Add), when a value was given to it with no verb: "new task: X" asks for the task.
func (r *reader) commitNew(cl clause, field int, words string) clause {
	if keys := r.ix.names[field]; len(keys) == 0 || keys[0] != "new" {
		return cl
	}
	for _, vw := range []string{"add", "create"} {
		if out, ok := r.verbButton(cl, vw, field, words); ok {
			return out
		}
	}
	return cl
}

// quotedCore is the quoted text of "the note 'X'", "a message \"X\"": an article and a
// word or two that say what kind of text the quotes hold.
func quotedCore(value []token) []token {
	n := len(value)
	if n < 2 || n > 4 || value[n-1].kind != tokQuoted || value[0].kind != tokWord || !definite[value[0].key] && !indefinite[value[0].key] {
		return value
	}
	for _, t := range value[1 : n-1] {
		if t.kind != tokWord || !kindNouns[t.key] && !bodyWords[t.key] && t.key != "new" && t.key != "text" {
			return value
		}
	}
	return value[n-1:]
}
