package understand

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Money typed with its currency ("amount £40", "40 GBP", "EUR 1.250,00") into an amount
// field beside a currency select: the number goes into the field and the currency is
// chosen in the select, or asked for when the select has no such currency. Typing the
// number alone would leave the page's currency, which may not be the one said.

// currencySymbols are the signs people write for a currency, with its ISO code. "$" is
// read as US dollars only when the select offers them, and announced.
var currencySymbols = map[string]string{"£": "gbp", "€": "eur", "$": "usd", "¥": "jpy", "₹": "inr", "₩": "krw", "₺": "try"}

var reCurrencyCode = regexp.MustCompile(`(?:^|[\s\d])([A-Z]{3})(?:$|[\s\d])`)

// currencyOf finds the currency a money value names: its sign, or a code in capitals.
func currencyOf(value string) (code, sign string, ok bool) {
	for s, c := range currencySymbols {
		if strings.Contains(value, s) {
			return c, s, true
		}
	}
	if m := reCurrencyCode.FindStringSubmatch(value); m != nil {
		return strings.ToLower(m[1]), "", true
	}
	return "", "", false
}

// currencySelect finds the select that sets the currency of the amount field: one whose
// options name at least two currencies by code, in the field's section when several.
func (r *reader) currencySelect(field int) (int, bool) {
	var all []int
	for i, n := range r.ix.nodes {
		if n.Role != page.RoleSelect || n.Occ {
			continue
		}
		codes := 0
		for _, keys := range r.ix.opts[i] {
			if slices.ContainsFunc(keys, isCurrencyCode) {
				codes++
			}
		}
		if codes >= 2 {
			all = append(all, i)
		}
	}
	if len(all) == 1 {
		return all[0], true
	}
	var near []int
	for _, i := range all {
		if r.ix.nodes[i].Ctx != "" && r.ix.nodes[i].Ctx == r.ix.nodes[field].Ctx {
			near = append(near, i)
		}
	}
	if len(near) == 1 {
		return near[0], true
	}
	return 0, false
}

func isCurrencyCode(k string) bool {
	return len(k) == 3 && slices.Contains([]string{"eur", "usd", "gbp", "chf", "sek", "nok", "dkk", "jpy", "cny", "inr",
		"aud", "cad", "nzd", "pln", "czk", "huf", "brl", "mxn", "zar", "krw", "try", "sgd", "hkd"}, k)
}

// withCurrency adds the choice of the said currency after typing a money value into an
// amount field, or asks when the page's currency select has no such currency.
func (r *reader) withCurrency(cl clause, typed Command, field int, value string) clause {
	n := r.ix.nodes[field]
	if n.Type != "number" && !strings.ContainsAny(typed.Action.Text, "0123456789") {
		return cl
	}
	code, sign, ok := currencyOf(value)
	if !ok {
		return cl
	}
	sel, ok := r.currencySelect(field)
	if !ok {
		return cl
	}
	s := r.ix.nodes[sel]
	hit := -1
	for k, keys := range r.ix.opts[sel] {
		if slices.Contains(keys, code) {
			if hit >= 0 {
				hit = -2
				break
			}
			hit = k
		}
	}
	if hit < 0 {
		return clause{quality: cl.quality, questions: []Question{{Kind: AskOption, Command: -1, Words: typed.Words,
			Text:    fmt.Sprintf("%s has no currency %q. Which one did you mean?", capitalize(page.Describe(s)), strings.ToUpper(code)),
			Choices: optionChoices(s, ""), Element: s.ID, Verb: string(vSelect)}}}
	}
	if sign == "$" {
		cl.assumed = append(cl.assumed, fmt.Sprintf("%q read as %s", "$", s.Options[hit]))
	}
	if s.Value == s.Options[hit] {
		return cl // the page's currency already is the one said
	}
	pick := r.bindClause(vSelect, "", sel, 1, s.Options[hit], false, typed.Words)
	if len(pick.cmds) != 1 || len(pick.questions) > 0 {
		return cl
	}
	cl.cmds = append(cl.cmds, pick.cmds...)
	cl.grounded = append(cl.grounded, pick.grounded...)
	cl.assumed = append(cl.assumed, pick.assumed...)
	return cl
}
