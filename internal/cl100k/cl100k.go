// Package cl100k counts tokens the way OpenAI's cl100k_base encoding splits text, the
// measure the page-view goals in docs are stated in (issue 12: the peers' figures are
// cl100k tokens). It embeds the vocabulary, so it works offline; it is meant for tests and
// benchmarks, while the runtime keeps its cheap estimate (page.EstimateTokens, bytes/4).
package cl100k

import (
	"fmt"
	"sync"

	"github.com/tiktoken-go/tokenizer"
)

// codec is built once per process: loading the vocabulary takes a while, and the codec is
// safe for concurrent use.
var codec = sync.OnceValues(func() (tokenizer.Codec, error) { return tokenizer.Get(tokenizer.Cl100kBase) })

// Count returns the number of cl100k tokens in s.
func Count(s string) (int, error) {
	c, err := codec()
	if err != nil {
		return 0, fmt.Errorf("load cl100k: %w", err)
	}
	ids, _, err := c.Encode(s)
	if err != nil {
		return 0, fmt.Errorf("encode: %w", err)
	}
	return len(ids), nil
}

// Pieces returns s split into its cl100k tokens, to show where the cost is.
func Pieces(s string) ([]string, error) {
	c, err := codec()
	if err != nil {
		return nil, fmt.Errorf("load cl100k: %w", err)
	}
	_, toks, err := c.Encode(s)
	if err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	return toks, nil
}
