package understand

// "Enter SPRING10 as the promo code and hit the Apply button next to it": "it" points
// back at the element the clause before acted on, so among the tied Apply buttons the one
// beside the promo code field is meant. Only a tie is settled so, and only when one of the
// tied elements is clearly the nearest.

// pointedAt is the element the clauses read so far last acted on, when toks point back at
// it ("next to it", "beside that", "by it"); -1 otherwise.
func (r *reader) pointedAt(toks []token, before []clause) int {
	back := false
	for k := 1; k < len(toks); k++ {
		if t := toks[k]; t.kind == tokWord && (t.key == "it" || t.key == "that" || t.key == "this") &&
			(nearWords[toks[k-1].key] || toks[k-1].key == "to" && k >= 2 && toks[k-2].key == "next") {
			back = true
		}
	}
	if !back {
		return -1
	}
	for k := len(before) - 1; k >= 0; k-- {
		cmds := before[k].cmds
		for j := len(cmds) - 1; j >= 0; j-- {
			if !cmds[j].Bound || cmds[j].Action.ID == "" {
				continue
			}
			for i, n := range r.ix.nodes {
				if n.ID == cmds[j].Action.ID {
					return i
				}
			}
		}
	}
	return -1
}

// nearestTo picks the tied candidate nearest the element pointed at in page order, at
// most two elements away. A control beside a field follows it (a field's Apply button
// comes after the field, and before the next field), so the nearest one after it is
// taken first, and the nearest one before it only when none follows.
func (r *reader) nearestTo(at int, cands []cand) (cand, bool) {
	var good []cand
	for _, c := range cands {
		if c.score >= minMatch {
			good = append(good, c)
		}
	}
	after, before := cand{node: -1}, cand{node: -1}
	for _, c := range withinGap(good) {
		switch d := c.node - at; {
		case d > 0 && d <= 2 && (after.node < 0 || c.node < after.node):
			after = c
		case d < 0 && d >= -2 && (before.node < 0 || c.node > before.node):
			before = c
		}
	}
	if after.node >= 0 {
		return after, true
	}
	return before, before.node >= 0
}
