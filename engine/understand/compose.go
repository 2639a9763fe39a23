package understand

import "github.com/errand-app/errand/engine/page"

// Opening a form and filling it: "Write an email to tom@example.com with the subject
// 'Hi'", "Compose: to sara@example.com, subject 'Re: x'", "Contact support: topic
// Billing question, message '…'". The words before the colon, or the verb and the kind of
// thing written, name the button that opens the form; what follows fills the form it
// opens, read again there, part by part.

// composeWords start the name of a button that opens something new to write.
var composeWords = set("compose", "write", "new", "draft", "create")

// opener reads a clause that opens a form with a button and fills it on the page that
// follows.
func (r *reader) opener(body []token) clause {
	if i, rest, ok := r.openerByColon(body); ok {
		return r.openAndFill(i, body[:len(body)-len(rest)], rest)
	}
	if i, rest, ok := r.openerByVerb(body); ok {
		return r.openAndFill(i, body[:len(body)-len(rest)], rest)
	}
	return clause{}
}

// openerByColon reads "Contact support: …", "Compose: …": a button that opens a dialog or
// a form to write, named word for word before a colon.
func (r *reader) openerByColon(body []token) (int, []token, bool) {
	for m := 1; m < len(body)-1; m++ {
		if body[m].kind != tokPunct || body[m].raw != ":" {
			continue
		}
		i, ok := r.exactLabel(body[:m])
		if !ok || !r.opensForm(i) {
			return 0, nil, false
		}
		return i, body[m+1:], true
	}
	return 0, nil, false
}

// openerByVerb reads "write an email to …", "compose a new message": a verb of writing,
// an article and the kind of thing, and the one button that starts one.
func (r *reader) openerByVerb(body []token) (int, []token, bool) {
	if len(body) < 2 || body[0].kind != tokWord || !composeWords[body[0].key] {
		return 0, nil, false
	}
	k := 1
	for k < len(body) && body[k].kind == tokWord && (indefinite[body[k].key] && body[k].key != "one" || body[k].key == "new") {
		k++
	}
	if k == 1 || k >= len(body) || body[k].kind != tokWord || !kindNouns[body[k].key] {
		return 0, nil, false // "write Hello" types Hello; "write a note" needs the article and kind
	}
	hit := -1
	for i, n := range r.ix.nodes {
		if n.Occ || !r.opensForm(i) || n.Role != page.RoleButton && n.Role != page.RoleLink {
			continue
		}
		if hit >= 0 {
			return 0, nil, false
		}
		hit = i
	}
	return hit, body[k+1:], hit >= 0
}

// opensForm reports a button of a few words that opens a dialog, or whose name says it
// starts something new to write ("Compose", "✏️ New message").
func (r *reader) opensForm(i int) bool {
	n := r.ix.nodes[i]
	if n.Role != page.RoleButton && n.Role != page.RoleLink {
		return false
	}
	keys := r.ix.names[i]
	if len(keys) == 0 || len(keys) > 3 {
		return false
	}
	// The name starts with the word: "Q3 report draft" is a message, not a way to write one.
	return composeWords[keys[0]] || n.Has("popup")
}

// openAndFill clicks the opener and reads each part of the rest ("to X", "with the
// subject Y", ", body Z") on the page the click opens.
func (r *reader) openAndFill(i int, head, rest []token) clause {
	cl := r.bindClause(vClick, "", i, 1, "", false, joinRaw(head))
	if len(cl.cmds) != 1 {
		return clause{}
	}
	var part []token
	flush := func() {
		for len(part) > 0 && part[0].kind == tokPunct {
			part = part[1:]
		}
		if len(part) > 0 {
			cl.cmds = append(cl.cmds, Command{Verb: verbClause, Phrase: r.written(part), Words: joinRaw(part)})
		}
		part = nil
	}
	for _, t := range rest {
		if t.kind == tokPunct && (t.raw == "," || t.raw == ";") || t.kind == tokWord && (t.key == "with" || t.key == "and") {
			flush()
			continue
		}
		part = append(part, t)
	}
	flush()
	// A form opened by name and filled part by part: clearer than any reading of the
	// same words as one value.
	cl.quality = 0.97
	cl.changes, cl.reveals = true, true
	return cl
}
