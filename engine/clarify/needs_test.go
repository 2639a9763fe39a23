package clarify_test

import (
	"encoding/json"
	"testing"

	"github.com/errand-app/errand/engine/clarify"
)

func TestMerge(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		goal    string
		answers []clarify.QA
		want    string
	}{
		{"no answers", "Find information about the topic", nil, "Find information about the topic"},
		{"seed example", "Find information about the topic", []clarify.QA{
			{Aspect: "topic", Question: "What specific topic?", Answer: "renewable energy (solar)"},
		}, "Find information about the topic\nClarifications:\n- What specific topic? → renewable energy (solar)\n"},
		{"timed out, aspect only, multi-line", "  Export the report ", []clarify.QA{
			{Aspect: "format", Question: "Which format?", Answer: "CSV", TimedOut: true},
			{Aspect: "recipient", Answer: "Dana\nand Lee"},
			{Question: "Subject?", TimedOut: true},
		}, "Export the report\nClarifications:\n- Which format? → CSV (assumed)\n- recipient → Dana and Lee\n- Subject? → (no answer) (assumed)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := clarify.Merge(tt.goal, tt.answers); got != tt.want {
				t.Errorf("Merge =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestQAJSON pins QA's JSON: task checkpoints store it, so a saved task must read back.
func TestQAJSON(t *testing.T) {
	saved := `{"question":"Which date?","answer":"3 May","timedOut":true}`
	var qa clarify.QA
	if err := json.Unmarshal([]byte(saved), &qa); err != nil {
		t.Fatal(err)
	}
	if qa != (clarify.QA{Question: "Which date?", Answer: "3 May", TimedOut: true}) {
		t.Fatalf("read %+v", qa)
	}
	b, _ := json.Marshal(qa)
	if string(b) != saved {
		t.Errorf("wrote %s, want %s", b, saved)
	}
}
