package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Verbs that need no element of the page or find their own: go back, wait, scroll,
// press a key, open an address, search, submit.

// search reads "search for X": X goes into the page's one search box; "search X in the
// Y box" names the box.
func (r *reader) search(vw string, rest []token, changed bool) clause {
	if len(rest) == 0 {
		return clause{}
	}
	cl := r.typeFrame(vw, rest, changed)
	if len(cl.cmds) > 0 && cl.quality >= 0.9 {
		return cl
	}
	var boxes []int
	for i, n := range r.ix.nodes {
		if isField(n) && n.Role != page.RoleSelect && (n.Type == "search" || strings.Contains(fold(n.Name), "search") || strings.Contains(fold(n.Name), "filter")) {
			boxes = append(boxes, i)
		}
	}
	val, quoted := r.valueText(rest)
	words := vw + " " + joinRaw(rest)
	switch {
	case len(boxes) == 1 && !(isVague(rest) && !quoted):
		b := r.bindClause(vType, vw, boxes[0], 0.95, val, quoted, words)
		if !quoted && swallows(r, rest) {
			b.quality *= 0.5
		}
		return b
	case len(boxes) > 1:
		cands := make([]cand, len(boxes))
		for k, b := range boxes {
			cands[k] = cand{node: b, score: 0.9, option: -1}
		}
		return clause{quality: 0.8, questions: []Question{r.whichElement(words, cands, r.binder(vType, vw, val, quoted, words))}}
	}
	return cl
}

// simple is a clause of one action that needs no element.
func simple(a page.Action, w string) clause {
	return clause{quality: 1, cmds: []Command{{Action: a, Bound: true, Verb: string(a.Kind), Words: w, Match: 1,
		Changes: a.Kind == page.Press || a.Kind == page.Navigate || a.Kind == page.GoBack}},
		grounded: []Grounding{{Words: w, As: "verb"}}}
}

func (r *reader) back(rest []token) clause {
	for _, t := range rest {
		switch t.key {
		case "to", "the", "previous", "last", "page", "one", "a", "back":
		default:
			// "go back to the basket" names a link: "Back to basket".
			return r.elementFrame(vClick, "go", slices.Concat([]token{{raw: "back", key: "back", kind: tokWord}}, rest), false)
		}
	}
	cl := simple(said(page.Action{Kind: page.GoBack}, "go back", ""), "go back")
	cl.changes = true
	return cl
}

func (r *reader) wait(rest []token) clause {
	ms, ok := 1000, true
	var n float64 = 1
	for _, t := range rest {
		switch {
		case t.key == "for" || t.key == "a" || t.key == "an" || t.key == "about":
		case t.key == "second" || t.key == "seconds" || t.key == "sec" || t.key == "secs" || t.key == "s":
			ms = int(n * 1000)
		case t.key == "ms" || t.key == "milliseconds" || t.key == "millisecond":
			ms = int(n)
		case t.key == "moment" || t.key == "bit" || t.key == "little":
		default:
			if v, good := parseNumber(t.raw); good {
				n = float64(atoi(strings.Split(v, ".")[0]))
				ms = int(n * 1000)
				continue
			}
			ok = false
		}
	}
	if !ok {
		return clause{}
	}
	cl := simple(said(page.Action{Kind: page.Wait, Ms: ms}, "wait", ""), "wait")
	return cl
}

func (r *reader) scroll(vw string, rest []token) clause {
	dir := ""
	if strings.HasSuffix(vw, "down") {
		dir = "down"
	} else if strings.HasSuffix(vw, "up") {
		dir = "up"
	}
	for _, t := range rest {
		switch t.key {
		case "down", "up", "top", "bottom":
			dir = t.key
		case "to", "the", "page", "all", "way", "a", "bit", "little", "of", "further", "more", "some":
		default:
			return clause{}
		}
	}
	if dir == "" {
		dir = "down"
	}
	return simple(said(page.Action{Kind: page.ScrollTo, Text: dir}, "scroll", dir), vw)
}

// namesElement reports a phrase that names an element on the page well: "press Delete"
// with a Delete button is a click, not the key.
func (r *reader) namesElement(rest []token) bool {
	b, ok := r.ix.resolve(rest, vClick).best()
	return ok && b.score >= 0.85
}

// keyOf reads "Enter", "the Tab key", "escape".
func keyOf(rest []token) (string, bool) {
	var ks []string
	for _, t := range rest {
		if t.key == "the" || t.key == "key" || t.key == "button" && len(rest) > 1 || t.key == "arrow" && arrowOf(rest) {
			continue // "the up arrow", "arrow down": the direction names the key
		}
		ks = append(ks, t.key)
	}
	if len(ks) != 1 {
		return "", false
	}
	k, ok := keyNames[ks[0]]
	return k, ok
}

// arrowOf reports a direction among the words: "the up arrow".
func arrowOf(rest []token) bool {
	return slices.ContainsFunc(rest, func(t token) bool {
		return t.key == "up" || t.key == "down" || t.key == "left" || t.key == "right"
	})
}

// urlOf reads an address: a URL, a host or a path.
func urlOf(rest []token) (string, bool) {
	var u string
	for _, t := range rest {
		switch {
		case t.key == "the" || t.key == "page" || t.key == "site" || t.key == "website" || t.key == "url" || t.key == "address":
		case u == "" && t.kind == tokWord && (strings.Contains(t.raw, "://") || strings.HasPrefix(t.raw, "www.") || strings.HasPrefix(t.raw, "/") ||
			strings.Count(t.raw, ".") >= 1 && !strings.Contains(t.raw, "@") && wholeChunk.MatchString(t.raw) && !strings.ContainsAny(t.raw[:1], "0123456789$€£")):
			u = t.raw
		default:
			return "", false
		}
	}
	if u == "" {
		return "", false
	}
	if !strings.Contains(u, "://") && !strings.HasPrefix(u, "/") {
		u = "https://" + u
	}
	return u, true
}

// submit reads "submit", "submit the form", "send it": the form's one submit button.
func (r *reader) submit(vw string, rest []token, changed bool) clause {
	if len(rest) > 0 && !onlyFormWords(rest) {
		// "submit the application" may name a button "Submit application".
		full := append([]token{{raw: "submit", key: "submit", kind: tokWord}}, rest...)
		if lg := r.labelGoal(full, changed); lg.quality > 0 {
			return lg
		}
		return r.elementFrame(vClick, vw, rest, changed)
	}
	cl := r.onlyOne(vSubmit, vw, func(n page.Node) bool { return n.Role == page.RoleButton && n.Type == "submit" }, "submit button")
	if len(cl.cmds) > 0 || len(cl.questions) > 0 && cl.questions[0].Kind != AskMissing {
		return cl
	}
	if said := objectWords(rest); len(said) > 0 {
		// "submit the request" with no submit button: the one button named for a request
		// ("Request session") is what submits it.
		named := r.onlyOne(vSubmit, vw, func(n page.Node) bool { return n.Role == page.RoleButton && namesAny(n, said) }, "button")
		if len(named.cmds) > 0 {
			return named
		}
	}
	return r.onlyOne(vSubmit, vw, func(n page.Node) bool {
		if n.Role != page.RoleButton {
			return false
		}
		switch strings.ToLower(strings.TrimSpace(n.Name)) {
		case "submit", "send", "save", "ok", "continue", "done", "apply", "confirm", "go", "search", "sign up", "register", "next":
			return true
		}
		return false
	}, "submit button")
}

// sendIt reads "send it", "send the request", "then send": "send" is no verb of its own
// (it leads errands the page may not do: "send the money to my Barclays account"), but
// said of the form or of what the page names ("the request", "the message") it presses the
// one button that sends: named "Send…", or for the thing said ("Request session").
func (r *reader) sendIt(body []token, changed bool) clause {
	if len(body) == 0 || body[0].kind != tokWord || body[0].key != "send" {
		return clause{}
	}
	rest := body[1:]
	if n := len(rest); n > 0 && (rest[n-1].key == "off" || rest[n-1].key == "through") {
		rest = rest[:n-1]
	}
	if !onlyFormWords(rest) {
		return clause{}
	}
	said := objectWords(rest)
	cl := r.onlyOne(vClick, "send", func(n page.Node) bool {
		keys := keysOf(n.Name)
		return n.Role == page.RoleButton && (len(keys) > 0 && keys[0] == "send" || namesAny(n, said))
	}, "button that sends")
	if len(cl.cmds) == 0 {
		return clause{}
	}
	cl.cmds[0].Words = joinRaw(body)
	cl.quality = 0.92
	return cl
}

// namesAny reports an element whose name has one of the words.
func namesAny(n page.Node, words []string) bool {
	keys := keysOf(n.Name)
	return slices.ContainsFunc(words, func(k string) bool { return slices.Contains(keys, k) })
}

// objectWords are the generic objects said after a submit verb ("the request").
func objectWords(rest []token) []string {
	var out []string
	for _, t := range rest {
		if genericObjects[t.key] && t.key != "form" && t.key != "everything" && t.key != "all" {
			out = append(out, t.key)
		}
	}
	return out
}

func onlyFormWords(rest []token) bool {
	for _, t := range rest {
		if !definite[t.key] && !genericObjects[t.key] && t.key != "it" && t.key != "a" && t.key != "everything" {
			return false
		}
	}
	return true
}
