package understand

import "slices"

// Items of a list (a cart's products, a task list): what a person calls the controls each
// item repeats ("Qty", "Remove") by the item's name: "make it 3 usb-c cables", "remove the
// wireless mouse from my cart".

// countForItem reads "3 usb-c cables": a count, then an item whose one number field
// takes it. The item is named by the text its field's row shows.
func (r *reader) countForItem(body []token, n int, changed bool) clause {
	want := itemKeys(body[n:])
	if len(want) == 0 {
		return clause{}
	}
	hit := -1
	for i, nd := range r.ix.nodes {
		if !isField(nd) || nd.Type != "number" || nd.Occ {
			continue
		}
		if c, _ := containment(want, r.ix.ctx(i), r.ix.names[i]); c < 1 {
			continue
		}
		if hit >= 0 {
			return clause{} // two items fit: the phrase-level question is the better one
		}
		hit = i
	}
	if hit < 0 {
		return clause{}
	}
	val, _ := r.valueText(body[:n])
	cl := r.bindClause(vType, "", hit, 0.9, val, false, joinRaw(body))
	cl.quality *= 0.95
	return cl
}

// itemKeys are the words that name an item: determiners, small words and a trailing kind
// noun ("the library books task") left out.
func itemKeys(toks []token) []string {
	want := contentKeys(keysOfToks(toks))
	for len(want) > 1 && kindNouns[want[len(want)-1]] {
		want = want[:len(want)-1]
	}
	return want
}

// withoutPlace drops a trailing "from my cart", "off the list", "in my basket": the list
// the item is in, when the page names that list (its words are in some context). It
// returns the words unchanged when there is no such place.
func (r *reader) withoutPlace(toks []token) []token {
	for m := len(toks) - 2; m >= 1; m-- {
		if toks[m].kind != tokWord {
			continue
		}
		switch toks[m].key {
		case "from", "off", "in", "on", "out":
		default:
			continue
		}
		place := itemKeys(toks[m+1:])
		if len(place) == 0 {
			continue
		}
		named := true
		for _, k := range place {
			if len(r.ix.ctxIndex()[k]) == 0 {
				named = false
				break
			}
		}
		if named {
			return slices.Clone(toks[:m])
		}
	}
	return toks
}
