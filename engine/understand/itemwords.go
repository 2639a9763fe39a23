package understand

import (
	"slices"
	"strings"
)

// Words for the items of a list, shared by the readings that name an item by what it
// holds (holding.go) and those that act on every item (quant.go).

// itemNouns are what people call one item of a list by its kind, beside kindNouns and
// itemKinds: "the day that costs €59", "the answer about refunds".
var itemNouns = set("row", "line", "day", "date", "answer", "question", "faq", "story", "article", "post",
	"thread", "listing", "fare", "flight", "result", "conversation", "chat", "comment", "review", "user",
	"customer", "member", "account", "transaction", "notification", "ones", "room", "hotel", "trip", "job",
	"project", "issue", "entry", "cell", "slot", "sentence", "paragraph")

func isItemNoun(k string) bool { return kindNouns[k] || itemKinds[k] || itemNouns[k] }

// placeWords put a control in an item: "Read more under the rail strike story".
var placeWords = set("in", "under", "on", "inside", "within", "below")

// headNoun is the tail's noun a description hangs on: the word after the determiner when a
// relation or "whose" follows it ("the trip from …") or a name does ("the contact
// priya.n@…"), or the tail's last word when it has no relation ("the login ticket"). A
// name, a value or a day is never one: it is written with a capital, holds a digit or an
// address's "@" or ".", or is a calendar word.
func headNoun(tail []token, keys []string) string {
	if len(keys) < 2 {
		return ""
	}
	head := -1
	for i, t := range tail {
		if t.kind != tokWord || definite[t.key] || t.key == "a" || t.key == "an" {
			continue
		}
		if relates(t) {
			break // "on tuesday at 7pm": no noun before the relation
		}
		for j := i + 1; j < len(tail) && j <= i+2; j++ {
			if tail[j].kind == tokWord && (relates(tail[j]) || tail[j].key == "whose") {
				head = j - 1
				break
			}
		}
		if head < 0 && i+1 < len(tail) && nounLike(t) && !nounLike(tail[i+1]) {
			head = i // "the contact priya.n@fjordlabs.no": a noun, then the name of one
		}
		break
	}
	if head < 0 && !slices.ContainsFunc(tail, relates) {
		head = len(tail) - 1
	}
	if head < 0 || !nounLike(tail[head]) || calendarWord(tail[head].key) != "" {
		return ""
	}
	return tail[head].key
}

// nounLike reports a word that can be a noun: letters in lower case, not a name (a capital)
// nor a value (a digit, an address).
func nounLike(t token) bool {
	return t.kind == tokWord && t.raw == strings.ToLower(t.raw) && !strings.ContainsAny(t.raw, "0123456789@./")
}
