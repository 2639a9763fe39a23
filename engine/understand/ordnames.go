package understand

import "slices"

// ordinalInName reads a phrase whose word of order may be the first word of a name:
// "the last name" is the "Last name" field as often as the last of the name fields,
// "top sellers" a tab as often as the top seller. The element decides: the reading that
// names an element better wins (resolveOnce).
func ordinalInName(toks []token, i int, base phrase) (phrase, bool) {
	o := i - 1
	if base.ordinal == 0 || o < 0 || i >= len(toks) || toks[o].kind != tokWord || ordinals[toks[o].key] == 0 {
		return phrase{}, false
	}
	alt := base
	alt.ordinal = 0
	alt.explained = slices.Clone(base.explained)
	alt.explained[o] = false
	// headOnly would take the word of order again: read the roles and the name alone.
	from, to := alt.takeRoles(toks, o, len(toks))
	alt.takeName(toks, from, to)
	return alt, true
}

// ordinalOfGroup reads "choose the 3rd size" as the third choice of the group its noun
// names ("Size": XS, S, M, L, XL), as "the 3rd option under Size" is read: an ordinal
// before plain words that hold no role noun, no qualifier and no name marker.
func ordinalOfGroup(toks []token, i int, base phrase) (phrase, bool) {
	if base.ordinal == 0 || i >= len(toks) || len(toks)-i > 3 {
		return phrase{}, false
	}
	for _, t := range toks[i:] {
		if t.kind != tokWord || isRoleWord(t.key) || nearWords[t.key] || nameMarker[t.key] || kindNouns[t.key] {
			return phrase{}, false
		}
	}
	rw := roleWords["option"]
	alt := base
	alt.explained = slices.Clone(base.explained)
	alt.rw, alt.roleKey = &rw, "option"
	for k := i; k < len(toks); k++ {
		alt.near = append(alt.near, k)
	}
	return alt, true
}
