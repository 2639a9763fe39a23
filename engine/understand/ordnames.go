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
