package server

import (
	"context"
	"strings"
	"testing"

	"github.com/errand-app/errand/app/internal/helpsite"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge/recorded"
	"github.com/errand-app/errand/knowledge/skills"
)

// showsText says whether the screen shows s: in its visible text or its status and alert
// messages.
func showsText(o page.Observation, s string) bool {
	for _, m := range o.Messages {
		if strings.Contains(m, s) {
			return true
		}
	}
	for _, b := range o.Text {
		if strings.Contains(b.Text, s) {
			return true
		}
	}
	return false
}

// The Knowledge and Skills screens in real Chromium through the web twin: a person adds
// a page of a local help site, sees it listed, finds a passage by searching, forgets it;
// and sees a learned fix with its counts.
func TestWebUIKnowledgeAndSkills(t *testing.T) {
	w := newWebUI(t)
	ctx := context.Background()
	docs := helpsite.Start(t)
	help := docs.URL + helpsite.Path
	host := strings.TrimPrefix(docs.URL, "http://")

	mem, err := w.svc.Memory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	save := recorded.Step{Action: page.Action{Kind: page.Click}, Element: recorded.Element{Role: "btn", Name: "Save"}}
	savePatient := recorded.Step{Action: page.Action{Kind: page.Click}, Element: recorded.Element{Role: "btn", Name: "Save patient"}}
	k, err := mem.Skills.Learn(ctx, skills.Lesson{URL: "http://clinic.test:8080/patients/new", Goal: "Add patient Jas",
		Failed: save, Succeeded: savePatient, Page: "/patients/new#3f2a9c01d4e5"})
	if err != nil {
		t.Fatal(err)
	}
	for _, ok := range []bool{true, true, false} {
		if err := mem.Skills.Used(ctx, k.ID, ok); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("add a source and watch it being read", func(t *testing.T) {
		w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "tab", "Knowledge").ID})
		w.until(t, "the empty list", func(o page.Observation) bool { return showsText(o, "Nothing yet") })
		src := w.waitFor(t, "txt", "Web addresses, files or folders")
		w.do(t, page.Action{Kind: page.SetValue, ID: src.ID, Text: help + "\n/nowhere/gone.pdf"},
			page.Action{Kind: page.Click, ID: w.waitFor(t, "btn", "Add").ID, Index: 1})
		w.until(t, "the ingestion ends", func(o page.Observation) bool {
			return showsText(o, "Done: 1 source read") && showsText(o, "1 failed")
		})
		w.until(t, "the missing file's own error", func(o page.Observation) bool { return showsText(o, "Could not read /nowhere/gone.pdf") })
		w.waitFor(t, "btn", "Forget Refunds help")
		w.until(t, "the source listed under its site", func(o page.Observation) bool {
			return showsText(o, host) && showsText(o, help)
		})
		w.shot(t, "10-knowledge-added")
	})

	t.Run("search finds the passage", func(t *testing.T) {
		q := w.waitFor(t, "inp", "Question")
		w.do(t, page.Action{Kind: page.SetValue, ID: q.ID, Text: "how do I make a partial refund?"},
			page.Action{Kind: page.Click, ID: w.waitFor(t, "btn", "Search").ID, Index: 1})
		w.until(t, "the passage with its heading and score", func(o page.Observation) bool {
			return showsText(o, "Amount field") && showsText(o, "Partial refunds") && showsText(o, "score ")
		})
		w.shot(t, "11-knowledge-search")
		// The whole screen at once, the list of sources included.
		if err := w.p.SetViewport(ctx, 1280, 1500); err != nil {
			t.Fatal(err)
		}
		w.shot(t, "11-knowledge-whole")
		if err := w.p.SetViewport(ctx, 1280, 800); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("forget removes it", func(t *testing.T) {
		w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "btn", "Forget Refunds help").ID})
		w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "btn", "Yes, forget").ID})
		w.until(t, "the list is empty again", func(o page.Observation) bool { return showsText(o, "Nothing yet") })
		kb, err := w.svc.Knowledge(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if srcs, err := kb.Sources(ctx, ""); err != nil || len(srcs) != 0 {
			t.Errorf("stored after forgetting: %+v, %v", srcs, err)
		}
	})

	t.Run("a skill shows its counts", func(t *testing.T) {
		w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "tab", "Skills").ID})
		w.waitFor(t, "btn", "Forget the fix for Add patient Jas")
		w.until(t, "the fix with 3 of 4 and its site", func(o page.Observation) bool {
			return showsText(o, "clinic.test:8080") && showsText(o, "3 of 4") && showsText(o, "Save patient")
		})
		w.shot(t, "12-skills")
	})
}
