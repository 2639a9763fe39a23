package clarify_test

import (
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/page"
)

func question(text string, labels ...string) clarify.Detected {
	opts := make([]clarify.Choice, len(labels))
	for i, l := range labels {
		opts[i] = clarify.Choice{Label: l, Value: strings.ToLower(l)}
	}
	return clarify.Detected{Question: text, Options: opts, Complexity: clarify.Low, TimeoutMs: 8000}
}

// checkRanking asserts what every guess promises: the same options, strictly falling
// confidences inside the allowed range, and a reason for each.
func checkRanking(t *testing.T, in, out clarify.Detected) {
	t.Helper()
	if len(out.Options) != len(in.Options) {
		t.Fatalf("Guess returned %d options, want %d", len(out.Options), len(in.Options))
	}
	seen := map[string]bool{}
	for _, o := range in.Options {
		seen[o.Value] = true
	}
	for i, o := range out.Options {
		if !seen[o.Value] {
			t.Errorf("option %q was not offered", o.Value)
		}
		if o.Confidence < 0.05 || o.Confidence > 0.99 {
			t.Errorf("%s: confidence %v out of range", o.Label, o.Confidence)
		}
		if o.Reasoning == "" {
			t.Errorf("%s: no reasoning", o.Label)
		}
		if i > 0 && o.Confidence >= out.Options[i-1].Confidence {
			t.Errorf("%s (%v) is not below %s (%v)", o.Label, o.Confidence, out.Options[i-1].Label, out.Options[i-1].Confidence)
		}
	}
}

func labels(d clarify.Detected) []string {
	out := make([]string, len(d.Options))
	for i, o := range d.Options {
		out[i] = o.Label
	}
	return out
}

func TestGuess(t *testing.T) {
	t.Parallel()
	formats := question("Which format do you want?", "PDF", "CSV", "Excel")
	excelPage := page.Observation{Title: "Export report", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Download Excel"},
		{ID: "2", Role: page.RoleLink, Name: "Help"},
	}}
	tests := []struct {
		name   string
		q      clarify.Detected
		c      clarify.Context
		want   []string // labels in ranked order
		reason string   // in the top option's reasoning
	}{
		{"goal overlap beats conversation and page", formats,
			clarify.Context{Goal: "export the report as CSV", Conversation: []string{"I use Excel a lot"}, Page: excelPage},
			[]string{"CSV", "Excel", "PDF"}, "matches your request (csv)"},
		{"recent conversation beats older", formats,
			clarify.Context{Goal: "export the report", Conversation: []string{"last time I wanted Excel", "this time PDF please"}},
			[]string{"PDF", "Excel", "CSV"}, "in your last message (pdf)"},
		{"page content", formats,
			clarify.Context{Goal: "export the report", Page: excelPage},
			[]string{"Excel", "PDF", "CSV"}, "on the page (excel)"},
		{"first", question("Which result should I open?", "Cheap flights", "Flight deals", "Airline site"),
			clarify.Context{Goal: "open the top result"},
			[]string{"Cheap flights", "Flight deals", "Airline site"}, "you asked for the first one"},
		{"last", formats, clarify.Context{Goal: "use the last format"},
			[]string{"Excel", "PDF", "CSV"}, "you asked for the last one"},
		{"negation", formats, clarify.Context{Goal: "export the report, but not as PDF"},
			[]string{"CSV", "Excel", "PDF"}, "listed #2; no other signal"},
		{"don't", question("Which card?", "Visa", "Amex"), clarify.Context{Goal: "pay the bill, don't use Visa"},
			[]string{"Amex", "Visa"}, "listed #2; no other signal"},
		{"new and add", question("Should I edit the existing contact or create a new one?", "edit the existing contact", "create a new one"),
			clarify.Context{Goal: "add Ana as a contact"},
			[]string{"create a new one", "edit the existing contact"}, "you asked to add something new"},
		{"quoted exact value", formats, clarify.Context{Goal: `save it as "Excel"`},
			[]string{"Excel", "PDF", "CSV"}, `you asked for "Excel"`},
		{"yes when the goal asks for the action", question("Should I download the invoice?", "Yes", "No"),
			clarify.Context{Goal: "download my latest invoice"},
			[]string{"Yes", "No"}, "your request asks for this"},
		{"no when the goal rules the action out", question("Should I subscribe to the newsletter?", "Yes", "No"),
			clarify.Context{Goal: "sign up without the newsletter"},
			[]string{"No", "Yes"}, `you said not "newsletter"`},
		{"no signal keeps the listed order", question("Which one?", "Alpha", "Beta", "Gamma", "Delta"),
			clarify.Context{Goal: "book a table"},
			[]string{"Alpha", "Beta", "Gamma", "Delta"}, "listed first; no other signal"},
		{"equal signals keep the listed order", question("Which fruit?", "Apples", "Pears"),
			clarify.Context{Goal: "compare apples and pears"},
			[]string{"Apples", "Pears"}, "tie broken by listing order"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := clarify.Guess(tt.q, tt.c)
			checkRanking(t, tt.q, got)
			if g := labels(got); strings.Join(g, "|") != strings.Join(tt.want, "|") {
				t.Errorf("ranked %q, want %q", g, tt.want)
			}
			if r := got.Options[0].Reasoning; !strings.Contains(r, tt.reason) {
				t.Errorf("top reasoning %q, want it to say %q", r, tt.reason)
			}
			if got.Options[0].Confidence > 0.95 && !strings.HasPrefix(tt.reason, "you asked for \"") {
				t.Errorf("confidence %v above 0.95 without a quoted value", got.Options[0].Confidence)
			}
		})
	}
}

func TestGuessTiesNeverShareAPercentage(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 3, 4, 5, 8, 12, 91, 120} {
		ls := make([]string, n)
		for i := range ls {
			ls[i] = strings.Repeat("x", i+1)
		}
		in := question("Which?", ls...)
		got := clarify.Guess(in, clarify.Context{})
		checkRanking(t, in, got)
		pct := map[int]bool{}
		for i, o := range got.Options {
			if o.Label != ls[i] {
				t.Errorf("n=%d: rank %d is %q, want the listed order", n, i, o.Label)
			}
			p := int(o.Confidence*100 + 0.5)
			if pct[p] && n <= 91 { // 91 whole percentages fit between 5% and 95%
				t.Errorf("n=%d: two options at %d%%", n, p)
			}
			pct[p] = true
		}
	}
}

func TestGuessRiskyConfirmationDefaultsToNo(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ question, goal string }{
		{"Should I delete the old drafts?", "delete the old drafts"},
		{"Do you want me to remove this address?", "remove the old address from my account"},
		{"Should I pay the invoice now?", "pay the electricity invoice"},
		{"Shall I complete the purchase?", "purchase the headphones, yes go ahead"},
		{"Should I send the email to all 40 recipients?", "send the email"},
		{"Should I transfer €500 to Alex?", "transfer 500 euros to Alex"},
		{"Are you sure I should publish the post?", "publish my blog post"},
		{"Should I submit payment?", "submit payment for the order"},
	} {
		t.Run(tt.question, func(t *testing.T) {
			t.Parallel()
			in := question(tt.question, "Yes", "No")
			got := clarify.Guess(in, clarify.Context{Goal: tt.goal, Conversation: []string{"yes"}})
			checkRanking(t, in, got)
			if got.Options[0].Value != "no" {
				t.Errorf("ranked %q first; a risky confirmation must default to no", got.Options[0].Value)
			}
			if !strings.Contains(got.Options[0].Reasoning, "cannot be undone") {
				t.Errorf("reasoning %q does not say why", got.Options[0].Reasoning)
			}
		})
	}
}

func TestGuessLeavesInputAlone(t *testing.T) {
	t.Parallel()
	in := question("Which?", "A", "B")
	clarify.Guess(in, clarify.Context{Goal: "b"})
	if in.Options[0].Label != "A" || in.Options[0].Confidence != 0 {
		t.Errorf("Guess changed its input: %+v", in.Options)
	}
}
