package understand

import (
	"slices"
	"strings"
)

// Choosing leads. People choose an option with words that are not a verb of the lexicon:
// "go for the zero excess cover", "I'll have the Business class", "we'd like the terrace".
// What follows such a lead is read as what follows "choose"; the lead itself says nothing
// about which element, so it never grounds anything. The list is closed and checked
// against testdata/leads.txt.
var choosingLeads = func() [][]string {
	var out [][]string
	for _, l := range []string{"i'd love to hear about", "we'd love to hear about", "i'd like to hear about", "i want to hear about", "go for", "i'll go for", "i'll go with", "i'll have", "i'll take", "let's go with",
		"we'd like", "we'll go with", "we'll have", "we'll take", "i'll need", "we'll need", "i need", "we need", "i want", "we want",
		"i'd like", "i'll want", "we'll want", "i'm after", "we're after",
		// "put me on the off-peak plan", "sign me up for the 6am class": the person is put
		// where the option says.
		"put me on", "put me onto", "put me down for", "put me in for", "put us on", "put us down for", "sign me up for", "sign us up for", "book me on", "book me onto", "book me in for", "book us on", "move me to", "move me onto", "switch me to", "switch me over to", "upgrade me to", "downgrade me to",
		"move us to", "move us onto", "switch us to", "switch us over to", "upgrade us to", "downgrade us to", "change us to", "change me to", "i'd love", "we'd love"} {
		out = append(out, matchKeys(l))
	}
	return out
}()

// leadChoice reads a clause that starts with a choosing lead as a choice of what follows.
func (r *reader) leadChoice(body []token, changed bool) clause {
	for _, ws := range choosingLeads {
		if len(body) > len(ws) && matchWords(body, 0, ws) {
			if at := len(ws); body[at].key == "to" && at+1 < len(body) {
				// "we'd like to book a table": before "to" the lead is only polite.
				return r.readClause(body[at+1:], carry{}, changed)
			}
			cl := r.withVerb(vSelect, joinRaw(body[:len(ws)]), body[len(ws):], changed)
			cl.quality *= 0.97 // a lead says less than "choose"
			if !certain(cl) {
				// "go for the 3.2 kWp system": rows each with a Select or Choose button; the
				// lead is that button's word, the rest says which row.
				for _, b := range []string{"select", "choose"} {
					if alt := r.verbAsName(slices.Concat(tokenize(b), body[len(ws):]), changed); bound(alt) && alt.quality > cl.quality {
						alt.quality *= 0.97
						cl = alt.readAs(joinRaw(body), alt.cmds[0].Action.Description)
					}
				}
			}
			return cl
		}
	}
	return clause{}
}

// leadWords is the lead list as written, for the test that keeps it closed.
func leadWords() []string {
	out := make([]string, 0, len(choosingLeads))
	for _, ws := range choosingLeads {
		out = append(out, strings.Join(ws, " "))
	}
	return out
}
