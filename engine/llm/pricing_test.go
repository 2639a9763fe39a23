package llm

import (
	"strings"
	"testing"
)

func TestCost(t *testing.T) {
	tests := []struct {
		model              string
		prompt, completion int
	}{
		{DefaultPlanner, 1200, 300},
		{DefaultFast, 4096, 4096},
		{"LOCAL", 1_000_000, 1_000_000},
		{"", 0, 0},
		// Unknown names are taken as local: Errand only talks to a local Ollama.
		{"some-hosted-model", 1_000_000, 1_000_000},
	}
	for _, tt := range tests {
		if got := Cost(tt.model, tt.prompt, tt.completion); got != 0 {
			t.Errorf("Cost(%q, %d, %d) = %v, want 0 for a local model", tt.model, tt.prompt, tt.completion, got)
		}
	}
}

func TestEstimateTokens(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"a", 1},
		{"abcd", 1},
		{"abcde", 2},
		{"abcdefgh", 2},
		{strings.Repeat("x", 401), 101},
		{"é", 1}, // bytes, not runes: two bytes still round up to one token
	}
	for _, tt := range tests {
		if got := EstimateTokens(tt.in); got != tt.want {
			t.Errorf("EstimateTokens(%d bytes) = %d, want %d", len(tt.in), got, tt.want)
		}
	}
}
