package clarify_test

import (
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/clarify"
)

// q is a compact expected question: options as "Label=value", or "Label" when both agree.
type q struct {
	text       string
	options    []string
	complexity clarify.Complexity
	timeoutMs  int
}

func optionStrings(cs []clarify.Choice) []string {
	out := []string{}
	for _, c := range cs {
		if c.Label == c.Value {
			out = append(out, c.Label)
		} else {
			out = append(out, c.Label+"="+c.Value)
		}
	}
	return out
}

var yesNo = []string{"Yes=yes", "No=no"}

func TestDetect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want []q
	}{
		{"no question", "I opened the invoice page and downloaded the PDF.", nil},
		{"empty", "", nil},
		{"alternatives", "The form is filled in. Should I click Save or Cancel?",
			[]q{{"Should I click Save or Cancel?", []string{"Save", "Cancel"}, clarify.Low, 8000}}},
		{"comma alternatives after a colon", "Which format do you want: PDF, CSV, or Excel?",
			[]q{{"Which format do you want: PDF, CSV, or Excel?", []string{"PDF", "CSV", "Excel"}, clarify.Medium, 15000}}},
		{"comma alternatives after a lead-in", "Do you want PDF, CSV or Excel?",
			[]q{{"Do you want PDF, CSV or Excel?", []string{"PDF", "CSV", "Excel"}, clarify.Medium, 15000}}},
		{"leading clause and trailing phrase", "If the page reloads, should I click Save or Cancel on this dialog?",
			[]q{{"If the page reloads, should I click Save or Cancel on this dialog?", []string{"Save", "Cancel"}, clarify.Low, 8000}}},
		{"repeated verb", "Should I go to the inbox or go to the archive?",
			[]q{{"Should I go to the inbox or go to the archive?", []string{"the inbox", "the archive"}, clarify.Low, 8000}}},
		{"quoted labels stay whole", `Should I click "Save draft" or "Publish"?`,
			[]q{{`Should I click "Save draft" or "Publish"?`, []string{"Save draft", "Publish"}, clarify.Low, 8000}}},
		{"between", "Should I choose between Standard and Express?",
			[]q{{"Should I choose between Standard and Express?", []string{"Standard", "Express"}, clarify.Low, 8000}}},
		{"numbered list", "Which account should I use?\n1. Personal\n2) Work\n3. Shared team account.\n\nI'll wait.",
			[]q{{"Which account should I use?", []string{"Personal", "Work", "Shared team account.=Shared team account"}, clarify.Medium, 15000}}},
		{"lettered list after a blank line", "Which delivery slot?\n\na) Morning\n(b) Afternoon",
			[]q{{"Which delivery slot?", []string{"Morning", "Afternoon"}, clarify.Low, 8000}}},
		{"bulleted list with emphasis", "**Which size do you need?**\n- *Small*\n* **Large**",
			[]q{{"Which size do you need?", []string{"Small", "Large"}, clarify.Low, 8000}}},
		{"more than four options", "Which size?\n- S\n- M\n- L\n- XL\n- XXL",
			[]q{{"Which size?", []string{"S", "M", "L", "XL", "XXL"}, clarify.High, 25000}}},
		{"yes/no: should I", "Should I submit the form now?", []q{{"Should I submit the form now?", yesNo, clarify.Low, 8000}}},
		{"yes/no: would you like", "Would you like me to add a gift note?", []q{{"Would you like me to add a gift note?", yesNo, clarify.Low, 8000}}},
		{"yes/no: after a clause", "Before I pay, do you want me to apply the coupon?",
			[]q{{"Before I pay, do you want me to apply the coupon?", yesNo, clarify.Low, 8000}}},
		{"yes/no: or not", "Should I keep the newsletter box ticked or not?",
			[]q{{"Should I keep the newsletter box ticked or not?", yesNo, clarify.Low, 8000}}},
		{"yes/no: tag", "I'll use the work account, okay?", []q{{"I'll use the work account, okay?", yesNo, clarify.Low, 8000}}},
		{"open question", "I need one more detail. What is the delivery address?",
			[]q{{"What is the delivery address?", []string{}, clarify.High, 25000}}},
		{"question in a code fence", "Here is the script:\n```js\nconst ok = confirm('Are you sure?');\nif (x) { y?.z }\n```\nIt ran.", nil},
		{"question in inline code", "I ran `isReady?` and it returned true.", nil},
		{"quoted page excerpt", `The page says "Are you sure you want to leave?" so I will click Stay.`, nil},
		{"block quote", "The dialog reads:\n> Do you want to save changes?\nI will keep editing.", nil},
		{"url query string", "I opened https://shop.example/search?q=shoes and sorted by price.", nil},
		{"closing pleasantry", "Done, the table is booked. Is there anything else?", nil},
		{"questions as a list with nested options", "A few questions:\n1. Which card should I use?\n   - Visa\n   - Mastercard\n2. Should I save it for next time?",
			[]q{
				{"Which card should I use?", []string{"Visa", "Mastercard"}, clarify.Low, 8000},
				{"Should I save it for next time?", yesNo, clarify.Low, 8000},
			}},
		{"at most three", "Should I log in? Which store? Is it for today? What time?",
			[]q{
				{"Should I log in?", yesNo, clarify.Low, 8000},
				{"Which store?", []string{}, clarify.High, 25000},
				{"Is it for today?", yesNo, clarify.Low, 8000},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := clarify.Detect(tt.in)
			if tt.want == nil {
				if got != nil {
					t.Fatalf("Detect = %+v, want nil", got)
				}
				return
			}
			if len(got) != len(tt.want) {
				t.Fatalf("Detect found %d questions %+v, want %d", len(got), got, len(tt.want))
			}
			for i, w := range tt.want {
				g := got[i]
				if g.Question != w.text {
					t.Errorf("question %d = %q, want %q", i, g.Question, w.text)
				}
				if o := optionStrings(g.Options); strings.Join(o, "|") != strings.Join(w.options, "|") {
					t.Errorf("question %d options = %q, want %q", i, o, w.options)
				}
				if g.Options == nil {
					t.Errorf("question %d options are nil; want [] so JSON shows a list", i)
				}
				if g.Complexity != w.complexity || g.TimeoutMs != w.timeoutMs {
					t.Errorf("question %d = %s/%dms, want %s/%dms", i, g.Complexity, g.TimeoutMs, w.complexity, w.timeoutMs)
				}
			}
		})
	}
}

func TestTimeoutFor(t *testing.T) {
	t.Parallel()
	for c, want := range map[clarify.Complexity]int{clarify.Low: 8, clarify.Medium: 15, clarify.High: 25, "": 25} {
		if got := clarify.TimeoutFor(c); got.Seconds() != float64(want) {
			t.Errorf("TimeoutFor(%q) = %v, want %ds", c, got, want)
		}
	}
}

func FuzzDetect(f *testing.F) {
	for _, s := range []string{
		"Should I click Save or Cancel?", "Which one?\n1. A\n2) B", "A, B, or C?", "`x?`", `"y?"`,
		"Should I go to x or go to y?", "between A and B?", "1. Which?\n   - a\n2. Or?", "```\nq?\n", "or ?",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := clarify.Detect(s)
		if len(got) > clarify.MaxQuestions {
			t.Fatalf("%d questions", len(got))
		}
		for _, d := range got {
			if d.Options == nil || d.TimeoutMs != int(clarify.TimeoutFor(d.Complexity).Milliseconds()) {
				t.Fatalf("bad question %+v", d)
			}
			for _, o := range d.Options {
				if o.Value == "" {
					t.Fatalf("empty option value in %+v", d)
				}
			}
		}
	})
}
