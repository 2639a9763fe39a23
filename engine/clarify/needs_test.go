package clarify_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/clarify"
)

// seedExample is the example clarification request of the planner's contract, verbatim.
const seedExample = `{
  "needs_clarification": true,
  "ambiguity_details": [
    {
      "aspect": "search_scope",
      "description": "The search scope is unclear",
      "clarification_question": "Would you like to search in all documents or only recent ones?",
      "possible_options": ["all_documents", "recent_documents"]
    },
    {
      "aspect": "output_format",
      "description": "Output format preference not specified",
      "clarification_question": "How would you like the results formatted?",
      "possible_options": ["summary", "detailed_report", "bullet_points"]
    }
  ]
}`

func TestParseNeedsClarification(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		reply   string
		ok      bool
		details int
		wantErr string
	}{
		{"seed example", seedExample, true, 2, ""},
		{"fenced", "```json\n" + seedExample + "\n```", true, 2, ""},
		{"surrounded by text", "I need to ask first {briefly}.\n" + seedExample + "\nThen I can plan.", true, 2, ""},
		{"braces inside strings", `{"needs_clarification": true, "ambiguity_details": [{"aspect": "a", "clarification_question": "Use {name} or }?", "possible_options": []}]}`, true, 1, ""},
		{"not needed", `{"needs_clarification": false, "ambiguity_details": []}`, false, 0, ""},
		{"needed but no question", `{"needs_clarification": true, "ambiguity_details": [{"aspect": "scope", "clarification_question": " "}]}`, false, 1, ""},
		{"a plan", `{"plan": [{"action": "click", "id": "3"}]}`, false, 0, ""},
		{"plain text", "Sure, I'll search all documents.", false, 0, ""},
		{"malformed", `{"needs_clarification": true, "ambiguity_details": [}`, false, 0, "parse needs_clarification"},
		{"wrong type", `{"needs_clarification": "yes"}`, false, 0, "parse needs_clarification"},
		{"truncated", seedExample[:120], false, 0, "parse needs_clarification: unterminated json object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			n, ok, err := clarify.ParseNeedsClarification(tt.reply)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				if ok {
					t.Error("ok with an error")
				}
				return
			}
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			if ok != tt.ok || len(n.AmbiguityDetails) != tt.details {
				t.Errorf("ok = %v with %d details, want %v with %d", ok, len(n.AmbiguityDetails), tt.ok, tt.details)
			}
		})
	}
}

func TestNeedsClarificationQuestions(t *testing.T) {
	t.Parallel()
	n, ok, err := clarify.ParseNeedsClarification(seedExample)
	if err != nil || !ok {
		t.Fatalf("parse: ok=%v err=%v", ok, err)
	}
	n.AmbiguityDetails = append(n.AmbiguityDetails,
		clarify.Ambiguity{Aspect: "confirm", ClarificationQuestion: "Should I include archived files?"},
		clarify.Ambiguity{Aspect: "fourth", ClarificationQuestion: "Which language?"},
	)
	got := n.Questions()
	want := []q{
		{"Would you like to search in all documents or only recent ones?", []string{"All documents=all_documents", "Recent documents=recent_documents"}, clarify.Low, 8000},
		{"How would you like the results formatted?", []string{"Summary=summary", "Detailed report=detailed_report", "Bullet points=bullet_points"}, clarify.Medium, 15000},
		{"Should I include archived files?", yesNo, clarify.Low, 8000},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d questions, want %d (at most 3)", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Question != w.text || strings.Join(optionStrings(g.Options), "|") != strings.Join(w.options, "|") ||
			g.Complexity != w.complexity || g.TimeoutMs != w.timeoutMs {
			t.Errorf("question %d = %q %q %s/%d, want %q %q %s/%d", i,
				g.Question, optionStrings(g.Options), g.Complexity, g.TimeoutMs, w.text, w.options, w.complexity, w.timeoutMs)
		}
	}

	open := clarify.NeedsClarification{NeedsClarification: true, AmbiguityDetails: []clarify.Ambiguity{
		{Aspect: "topic", ClarificationQuestion: "What specific topic are you interested in?"},
	}}.Questions()
	if len(open) != 1 || len(open[0].Options) != 0 || open[0].Complexity != clarify.High {
		t.Errorf("open question = %+v, want no options and high", open)
	}
}

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

func FuzzParseNeedsClarification(f *testing.F) {
	f.Add(seedExample)
	f.Add("```json\n" + seedExample + "\n```")
	f.Add(`{"needs_clarification": true, "ambiguity_details": [}`)
	f.Fuzz(func(t *testing.T, s string) {
		n, ok, err := clarify.ParseNeedsClarification(s)
		if err != nil && ok {
			t.Fatal("ok with an error")
		}
		if ok && (!n.NeedsClarification || len(n.Questions()) == 0) {
			t.Fatalf("ok without a question: %+v", n)
		}
	})
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
