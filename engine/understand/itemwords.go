package understand

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
