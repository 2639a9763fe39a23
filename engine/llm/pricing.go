package llm

import "strings"

// price is what a million tokens cost in US dollars, in and out.
type price struct{ in, out float64 }

// pricing is the one pricing table (docs/decisions.md D-32). Models served by a local
// Ollama cost nothing; the table exists so a hosted model added later is priced in one
// place, not at each call site.
func pricing() map[string]price {
	return map[string]price{
		"local": {0, 0},
	}
}

// Cost prices one call. Unknown models are taken as local: Errand only talks to a local
// Ollama, whose models are free to run.
func Cost(model string, promptTokens, completionTokens int) float64 {
	table := pricing()
	p, ok := table[strings.ToLower(model)]
	if !ok {
		p = table["local"]
	}
	return (float64(promptTokens)*p.in + float64(completionTokens)*p.out) / 1e6
}

// EstimateTokens is the usual four characters a token, for prompt sizes reported before a
// call and for tests; real counts come from the model server.
func EstimateTokens(s string) int {
	return (len(s) + 3) / 4
}
