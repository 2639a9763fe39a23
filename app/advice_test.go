package app

import (
	"strings"
	"testing"
)

// TestOfflineAdviceNamesEachModelOnce: one model serving both roles is pulled once.
func TestOfflineAdviceNamesEachModelOnce(t *testing.T) {
	tests := []struct {
		planner, fast string
		want          string
	}{
		{"qwen2.5:3b", "qwen2.5:3b", "get the model: ollama pull qwen2.5:3b. Until"},
		{"qwen2.5:3b", "qwen2.5:1.5b", "get the models: ollama pull qwen2.5:3b && ollama pull qwen2.5:1.5b. Until"},
	}
	for _, tt := range tests {
		got := offlineAdvice("http://127.0.0.1:11434", tt.planner, tt.fast)
		if !strings.Contains(got, tt.want) || strings.Count(got, tt.planner) != 1 && tt.planner == tt.fast {
			t.Errorf("offlineAdvice(%s, %s) = %q, want it to contain %q", tt.planner, tt.fast, got, tt.want)
		}
	}
}
