package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// namedWhole reports a reading whose best element's name is the phrase's words exactly
// ("client email" for "Client email"). Between two readings that score the same, it is
// the one the person meant: the other took a word of the name for a role or type word
// ("email") and matched a shorter name ("Client").
func (ix *index) namedWhole(toks []token, r ref) bool {
	b, ok := r.best()
	if !ok {
		return false
	}
	return slices.Equal(dropArticles(keysOfToks(toks)), ix.names[b.node])
}

// namesShown reports text that is the whole name of a control the page shows: "add kayak
// hire for two" after "reserve the pitch" names the Kayak hire box in view, so the clause
// is about this page, not one the click may bring.
func (r *reader) namesShown(text string) bool {
	want := matchKeys(text)
	if len(want) == 0 {
		return false
	}
	for _, i := range r.ix.nodesWith(want) {
		if !r.ix.nodes[i].Occ && slices.Equal(r.ix.names[i], want) {
			return true
		}
	}
	return false
}

// verbNamesButtons reports a verb and place that together are the name of a button or link
// on the page: "add Rebecca to the basket" beside "Add to basket" buttons says which button
// to press for an item, never what to type into the basket's one field.
func (r *reader) verbNamesButtons(vw string, target []token) bool {
	keys := dropArticles(keysOfToks(target))
	if vw == "" || len(keys) == 0 {
		return false
	}
	for _, i := range r.ix.nodesWith(keys) {
		n := r.ix.nodes[i]
		name := r.ix.names[i]
		if (n.Role == page.RoleButton || n.Role == page.RoleLink) && slices.Contains(name, fold(vw)) &&
			!slices.ContainsFunc(keys, func(k string) bool { return !slices.Contains(name, k) }) {
			return true
		}
	}
	return false
}

// namedByPlace reports a field that none of the target's words name: it was found by the
// section it sits in ("the basket" for the Voucher code field in Basket).
func (r *reader) namedByPlace(target []token, id string) bool {
	i := r.ix.nodeOf(id)
	if i < 0 {
		return false
	}
	for _, k := range dropArticles(keysOfToks(target)) {
		if slices.ContainsFunc(r.ix.names[i], func(w string) bool { return wordEq(k, w) > 0 }) {
			return false
		}
	}
	return true
}

// addsItem reports a verb and place that put an item in a list ("add the pressure washer
// in my basket", "put it in the cart"): the place's one field is not where the item's
// name goes.
func addsItem(vw string, target []token) bool {
	if k := fold(vw); k != "add" && k != "put" {
		return false
	}
	return slices.ContainsFunc(target, func(t token) bool { return itemLists[t.key] })
}

// itemLists are the places people add items to (a closed list).
var itemLists = set("basket", "cart", "trolley", "bag", "list", "wishlist", "shortlist", "favourites",
	"favorites", "order", "selection", "saved")
