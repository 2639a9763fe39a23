package agent

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/golden"
	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// newPatientPage is the demo site's "New patient" form as the browser observes it, with a
// success message left by an earlier save and one element covered by a toast.
func newPatientPage(t *testing.T) page.Observation {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "new_patient.json"))
	if err != nil {
		t.Fatal(err)
	}
	var obs page.Observation
	if err := json.Unmarshal(b, &obs); err != nil {
		t.Fatalf("new_patient.json: %v", err)
	}
	return obs
}

// Page texts the prompts may show only inside <page>, the knowledge chunk only inside
// <page-knowledge>, and the covered element nowhere.
const (
	pageMessage   = "Patient Tom saved"
	pageOption    = "Prefer not to say"
	pageAddress   = "127.0.0.1:7480"
	occludedName  = "Chat with reception"
	occludedID    = "[12]"
	knowledgeText = "Date of birth is optional but helps find the record later"
)

// promptFixture is the context every golden prompt is rendered with: a goal, one answer,
// one knowledge chunk, one hint and twelve verified actions, so the rolling summary shows.
func promptFixture() promptContext {
	descs := []string{
		"Click Patients", "Type Jas into Search", "Press Enter", "Click Clear search",
		"Click Next page", "Click Next page", "Click Previous page", "Click Reports",
		"Click Patients", "Click Sort by name", "Click Settings", "Click New patient",
	}
	hist := make([]Done, len(descs))
	for i, d := range descs {
		hist[i] = Done{Step: i, Index: i, Action: page.Action{Kind: page.Click, ID: fmt.Sprint(i + 1), Description: d},
			Evidence: "verified"}
	}
	return promptContext{
		Goal:    "Add a new patient with name 'Jas'",
		Answers: []QA{{Question: "What is Jas's date of birth?", Answer: "12 April 1990"}},
		Knowledge: []string{"Front desk guide, new patients: Name is required. " + knowledgeText +
			". Leave Gender as Select… when the patient does not say."},
		Hints:   []string{"Gender is a select: choose an option, do not type into it."},
		History: historyText(hist),
	}
}

// promptCase is one golden prompt with the reply type its call is decoded into.
type promptCase struct {
	name   string
	req    llm.Request
	schema *llm.Schema
	// example decodes a reply the way the agent's call does (schema check, then
	// Validate) and also rejects fields the reply type does not have.
	example func(ctx context.Context, reply string) error
	page    bool // shows the page in a <page> block
	tree    bool // the block lists the elements
}

func promptCaseFor[T any](name string, req llm.Request, showsPage, tree bool) promptCase {
	return promptCase{name: name, req: req, schema: llm.SchemaFor[T](req.Purpose), page: showsPage, tree: tree,
		example: func(ctx context.Context, reply string) error {
			m := llm.ModelFunc(func(context.Context, llm.Request) (llm.Reply, error) {
				return llm.Reply{Content: reply}, nil
			})
			if _, _, err := llm.Structured[T](ctx, m, req); err != nil {
				return err
			}
			dec := json.NewDecoder(strings.NewReader(reply))
			dec.DisallowUnknownFields()
			var v T
			return dec.Decode(&v)
		}}
}

func promptCases(t *testing.T) []promptCase {
	t.Helper()
	obs := newPatientPage(t)
	pc := promptFixture()
	plan := PlanView{Summary: "Fill in the form", Steps: []string{"Type 'Jas' into Name", "Click Save"}}
	fb := Feedback{Score: 0.6, Issues: []string{"It leaves out the date of birth the person gave"},
		Suggestions: []string{"Add: type 12 April 1990 into Date of birth"}}
	steps := []string{"Type 'Jas' into Name", "Type 12 April 1990 into Date of birth", "Click Save"}
	return []promptCase{
		promptCaseFor[contextReply]("context", contextPrompt(pc, obs), true, true),
		promptCaseFor[planReply]("plan", planPrompt(pc, obs), true, true),
		promptCaseFor[Feedback]("plan_critic", criticPrompt(pc, plan), false, false),
		promptCaseFor[planReply]("plan_improve", improvePrompt(pc, plan, fb, obs), true, true),
		promptCaseFor[refineReply]("refine", refinePrompt(pc, steps, obs,
			`action 2 (click(13)) names element 13, which is not on the page`), true, true),
		promptCaseFor[criticReply]("action_critic", actionCriticPrompt(pc, steps[1],
			[]string{`setValue(6, "1990-04-12") — Type 12 April 1990 into Date of birth`}, obs), true, true),
		promptCaseFor[correctionReply]("correction", correctionPrompt(pc, steps[2], `click("13")`,
			"no element 13 on the page", obs), true, true),
		promptCaseFor[replanReply]("replan", replanPrompt(pc, steps[1:],
			`expected to see "Patients" next, but it is not on the page`, obs), true, true),
		promptCaseFor[verifyReply]("verify_tier2", verifyPrompt(pc, obs, false), true, false),
		promptCaseFor[verifyReply]("verify_tier3", verifyPrompt(pc, obs, true), true, true),
	}
}

func renderPrompt(t *testing.T, c promptCase) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "purpose: %s\nrole: %s\n", c.req.Purpose, c.req.Role)
	for _, m := range c.req.Messages {
		fmt.Fprintf(&b, "--- %s ---\n%s\n", m.Role, m.Content)
	}
	js, err := json.MarshalIndent(c.schema, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "--- schema ---\n%s\n", js)
	return b.String()
}

func promptText(req llm.Request) string {
	var parts []string
	for _, m := range req.Messages {
		parts = append(parts, m.Content)
	}
	return strings.Join(parts, "\n")
}

func TestPrompts(t *testing.T) {
	for _, c := range promptCases(t) {
		t.Run(c.name, func(t *testing.T) {
			golden.Check(t, golden.Path(t, c.name), []byte(renderPrompt(t, c)), *update)
		})
	}
}

var reExample = regexp.MustCompile(`(?m)^Example: (.*)$`)

// TestPromptExamples checks that each prompt's one example is a reply the agent accepts:
// it follows the schema, passes the reply type's rules and has no field the type lacks.
func TestPromptExamples(t *testing.T) {
	for _, c := range promptCases(t) {
		t.Run(c.name, func(t *testing.T) {
			if c.req.Messages[0].Role != "system" {
				t.Fatalf("first message is %q, want system", c.req.Messages[0].Role)
			}
			ex := reExample.FindAllStringSubmatch(c.req.Messages[0].Content, -1)
			if len(ex) != 1 {
				t.Fatalf("system prompt has %d Example: lines, want 1", len(ex))
			}
			if err := c.example(t.Context(), ex[0][1]); err != nil {
				t.Errorf("example %s: %v", ex[0][1], err)
			}
		})
	}
}

var (
	reBlocks   = regexp.MustCompile(`(?s)<page-knowledge>\n.*?</page-knowledge>|<page url=.*?</page>`)
	reTreeLine = regexp.MustCompile(`(?m)^\[\d+\] `)
)

// TestPromptInvariants checks what docs/decisions.md D-44 and D-38 promise of every
// prompt: one job with JSON only; the untrusted rule wherever the page is shown; page and
// knowledge text only inside their marked blocks; covered elements never offered; the tree
// only where wanted.
func TestPromptInvariants(t *testing.T) {
	for _, c := range promptCases(t) {
		t.Run(c.name, func(t *testing.T) {
			sys, all := c.req.Messages[0].Content, promptText(c.req)
			if len(c.req.Messages) != 2 || c.req.Messages[1].Role != "user" {
				t.Errorf("messages = %+v, want system then user", c.req.Messages)
			}
			if !strings.Contains(sys, "Reply with JSON only.") {
				t.Error(`system prompt does not say "Reply with JSON only."`)
			}
			if got := strings.Contains(all, "<page ") && strings.Contains(all, "</page>"); got != c.page {
				t.Errorf("shows a <page> block = %v, want %v", got, c.page)
			}
			if c.page && !strings.Contains(sys, untrustedRule) {
				t.Error("shows the page but the system prompt lacks the untrusted rule")
			}
			if strings.Count(all, "<page url=") > 1 {
				t.Error("more than one <page> block")
			}
			if strings.Contains(all, occludedName) || strings.Contains(all, occludedID) {
				t.Errorf("the covered element %s %q is offered", occludedID, occludedName)
			}
			outside := reBlocks.ReplaceAllString(all, "")
			for _, s := range []string{pageMessage, pageOption, pageAddress, knowledgeText} {
				if strings.Contains(outside, s) {
					t.Errorf("%q appears outside the <page> and <page-knowledge> blocks", s)
				}
			}
			if c.page && !strings.Contains(all, `message: "`+pageMessage+`"`) {
				t.Errorf("the page's message %q is not quoted in the block", pageMessage)
			}
			if got := reTreeLine.MatchString(all); got != c.tree {
				t.Errorf("has tree lines = %v, want %v", got, c.tree)
			}
			if !strings.Contains(all, "(earlier, 2 actions: Click Patients; Type Jas into Search)") {
				t.Error("the history's rolling summary is missing")
			}
		})
	}
}

// TestPromptView checks that every prompt shows the page through the one rendering
// function, within its budget on a page far larger than it, with the covered element
// counted but not offered.
func TestPromptView(t *testing.T) {
	obs := newPatientPage(t)
	want := page.Render(obs, page.ViewOptions{}).Text
	for _, c := range promptCases(t) {
		if c.tree && !strings.Contains(promptText(c.req), want) {
			t.Errorf("%s: the prompt does not carry page.Render's block", c.name)
		}
	}
	if !strings.Contains(want, "(1 control covered by other content)") {
		t.Errorf("the covered element is not counted:\n%s", want)
	}
	big := obs
	big.Tree = nil
	for i := range 5000 {
		big.Tree = append(big.Tree, page.Node{ID: fmt.Sprint(i + 1), Role: page.RoleLink, Name: fmt.Sprintf("Patient %d", i+1),
			Box: [4]int{10, 40 * i, 100, 20}})
	}
	got := pageView(big)
	if n := llm.EstimateTokens(got); n > page.DefaultBudget {
		t.Errorf("a 5,000-element page takes %d tokens, over %d", n, page.DefaultBudget)
	}
	if !strings.Contains(got, `links: [1] Patient 1 [2] Patient 2 `) || !strings.Contains(got, "(more below: ") {
		t.Errorf("want the visible elements first and a count of the rest:\n%s", got[max(0, len(got)-300):])
	}
}

// promptBudget is the most a prompt on the fixture may cost: small models run with 4k–8k
// of context, and the reply and a repair turn need room too.
const promptBudget = 1500

// TestPromptSizes estimates each golden prompt's tokens (messages plus the schema as sent
// to the model) and keeps every one under promptBudget.
func TestPromptSizes(t *testing.T) {
	t.Logf("%-14s %8s %7s %7s", "prompt", "messages", "schema", "total")
	for _, c := range promptCases(t) {
		msgs := 0
		for _, m := range c.req.Messages {
			msgs += llm.EstimateTokens(m.Content)
		}
		js, err := json.Marshal(c.schema)
		if err != nil {
			t.Fatal(err)
		}
		schema := llm.EstimateTokens(string(js))
		t.Logf("%-14s %8d %7d %7d", c.name, msgs, schema, msgs+schema)
		if msgs+schema > promptBudget {
			t.Errorf("%s: about %d tokens, over the budget of %d", c.name, msgs+schema, promptBudget)
		}
	}
}
