package llm

// Reply budgets: how many tokens a reply may take (num_predict) and which context window
// a model is loaded with (num_ctx). See docs/models.md.

// Bounds of MaxTokens. Below the floor a legitimate short reply could be cut; above the
// ceiling a looping model would write for many minutes on a CPU before it is stopped.
const (
	minReplyTokens  = 256
	maxReplyTokens  = 4096
	freeTextTokens  = 1024 // a reply with no schema
	stringTokens    = 40   // a string with no maxLength: a sentence or two
	topLevelItems   = 10   // an array with no maxItems, not inside another array
	nestedItems     = 3    // an array with no maxItems inside another array
	charsPerToken   = 3    // JSON text is denser in tokens than prose
	jsonPunctuation = 2    // braces or brackets around a value
)

// MaxTokens is the num_predict of a call whose reply follows s: the longest reply the
// schema allows (strings and arrays bounded by their max, or by the defaults above), with
// a quarter more for whitespace, between 256 and 4096. A reply cut at this limit is a
// failure, so the estimate leans long; `max:"N"` tags make it tight.
func MaxTokens(s *Schema) int {
	if s == nil {
		return freeTextTokens
	}
	n := schemaTokens(s, 0)
	n += n / 4
	return min(max(n, minReplyTokens), maxReplyTokens)
}

// schemaTokens is the largest JSON value following s; arrays is how many arrays enclose it.
func schemaTokens(s *Schema, arrays int) int {
	switch s.Type {
	case "string":
		switch {
		case s.MaxLength > 0:
			return s.MaxLength/charsPerToken + jsonPunctuation
		case len(s.Enum) > 0:
			longest := 0
			for _, e := range s.Enum {
				longest = max(longest, len(e))
			}
			return longest/charsPerToken + jsonPunctuation
		}
		return stringTokens
	case "integer", "number":
		return 6
	case "boolean":
		return 2
	case "array":
		items := s.MaxItems
		if items == 0 {
			items = topLevelItems
			if arrays > 0 {
				items = nestedItems
			}
		}
		if s.Items == nil {
			return jsonPunctuation
		}
		return jsonPunctuation + items*(schemaTokens(s.Items, arrays+1)+1)
	case "object":
		if s.Additional != nil {
			return jsonPunctuation + nestedItems*(stringTokens/2+schemaTokens(s.Additional, arrays)+1)
		}
		n := jsonPunctuation
		for _, p := range s.Properties {
			n += len(p.Name)/charsPerToken + 3 + schemaTokens(p.Schema, arrays)
		}
		return n
	}
	return stringTokens
}

// NumCtxFor is the one context window a model is loaded with: the larger need of the
// roles it serves. Ollama reloads a model whenever a call asks for another num_ctx, so
// two roles on one model asking 8192 and 4096 would reload it at every switch.
func (c Config) NumCtxFor(model string) int {
	c = c.withDefaults()
	n := 0
	for _, mc := range []ModelConfig{c.Planner, c.Fast} {
		if mc.Name == model {
			n = max(n, mc.NumCtx)
		}
	}
	if n == 0 {
		return c.Planner.NumCtx
	}
	return n
}
