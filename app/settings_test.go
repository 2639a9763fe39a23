package app

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/store"
)

func TestSettingsSurviveARestartAndYieldToTheEnvironment(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	svc, err := Open(ctx, Config{DataDir: dir}, Options{Machine: laptop})
	if err != nil {
		t.Fatal(err)
	}
	s := svc.Settings()
	if s.OllamaHost != llm.DefaultHost || s.PlannerModel != llm.PlannerCPU || s.ProceedAt != 0.9 || s.AnnounceMs != 3000 {
		t.Fatalf("defaults = %+v", s)
	}
	s.PlannerModel, s.OllamaHost, s.AskBelow, s.ProceedAt, s.ReviewPlans = "llama3.1:8b", "127.0.0.1:9", 0.4, 0.8, true
	if _, err := svc.SaveSettings(ctx, s); err != nil {
		t.Fatal(err)
	}
	// Applied at once: the next errand's agent routes with the new thresholds.
	if got := svc.live.Load().agent.Settings(); got.Thresholds.Ask != 0.4 || !got.ReviewPlans {
		t.Errorf("live agent settings = %+v", got)
	}
	svc.Close()

	svc, err = Open(ctx, Config{DataDir: dir, FastModel: "from-env:1b"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	got := svc.Settings()
	if got.PlannerModel != "llama3.1:8b" || got.OllamaHost != "http://127.0.0.1:9" || got.AskBelow != 0.4 || !got.ReviewPlans {
		t.Errorf("after restart = %+v", got)
	}
	if got.FastModel != "from-env:1b" {
		t.Errorf("fast model = %q, want the environment's", got.FastModel)
	}
}

func TestSettingsRefuseBadFields(t *testing.T) {
	ok := Settings{Profile: agent.ProfileDesktop, AskBelow: 0.5, ProceedAt: 0.9, AnnounceMs: 3000}
	for name, tc := range map[string]struct {
		edit func(*Settings)
		want string
	}{
		"host":      {func(s *Settings) { s.OllamaHost = "ftp://x" }, "Ollama address"},
		"profile":   {func(s *Settings) { s.Profile = "fast" }, "routing profile"},
		"order":     {func(s *Settings) { s.AskBelow = 0.95 }, "thresholds"},
		"countdown": {func(s *Settings) { s.AnnounceMs = 10 }, "announce countdown"},
		"domain":    {func(s *Settings) { s.AllowedDomains = []string{"https://x.com/"} }, "allowed domain"},
		"attach":    {func(s *Settings) { s.Attach = "9222" }, "attach address"},
		"model":     {func(s *Settings) { s.PlannerModel = "qwen 7b" }, "model"},
	} {
		s := ok
		tc.edit(&s)
		if _, err := s.checked(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one naming %q", name, err, tc.want)
		}
	}
	if _, err := ok.checked(); err != nil {
		t.Errorf("good settings refused: %v", err)
	}
}

func TestTraceFilesCallsUnderTheirStep(t *testing.T) {
	at := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	ev := func(seq int, typ agent.EventType, payload any) store.Event {
		b, _ := json.Marshal(payload)
		return store.Event{Seq: seq, Type: string(typ), Data: b, CreatedAt: at}
	}
	usage := func(p llm.Purpose) agent.UsagePayload {
		return agent.UsagePayload{Usage: llm.Usage{Purpose: p, Model: "m", PromptTokens: 10}}
	}
	events := []store.Event{
		ev(1, agent.EventUsage, usage(llm.PurposePlanning)),
		ev(2, agent.EventUsage, usage(llm.PurposeCritic)), // the plan's critic
		ev(3, agent.EventUsage, usage(llm.PurposeRefinement)),
		ev(4, agent.EventUsage, usage(llm.PurposeCritic)), // the action's critic
		ev(5, agent.EventStepStarted, agent.StepStarted{Step: 1, Actions: []string{`click("8")`}, Descriptions: []string{"clicked Save"}}),
		ev(6, agent.EventUsage, usage(llm.PurposeVerification)),
	}
	actions := []store.Action{{Step: 1, Action: `click("8")`, DurationMs: 40, Verified: true}}
	tr := buildTrace(events, actions)
	if len(tr.Steps) != 1 || tr.Steps[0].Thought != "clicked Save" || tr.Steps[0].DurationMs != 40 || len(tr.Steps[0].Actions) != 1 {
		t.Fatalf("steps = %+v", tr.Steps)
	}
	var stepCalls, taskCalls []llm.Purpose
	for _, c := range tr.Steps[0].Calls {
		stepCalls = append(stepCalls, c.Purpose)
	}
	for _, c := range tr.Calls {
		taskCalls = append(taskCalls, c.Purpose)
	}
	if strings.Join(toStrings(stepCalls), ",") != "REFINEMENT,CRITIC" || strings.Join(toStrings(taskCalls), ",") != "PLANNING,CRITIC,VERIFICATION" {
		t.Errorf("step calls %v, task calls %v", stepCalls, taskCalls)
	}
}

func toStrings(ps []llm.Purpose) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return out
}

// TestEmbedModelSetting: the embedding model is a setting like the others; a change opens
// the knowledge base again with it on its next use (which re-embeds in the background).
func TestEmbedModelSetting(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	svc, err := Open(ctx, Config{DataDir: dir, Offline: true}, Options{Machine: laptop})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	s := svc.Settings()
	if s.EmbedModel != knowledge.DefaultEmbedModel {
		t.Fatalf("embed model = %q, want the default", s.EmbedModel)
	}
	model := func() string {
		b, err := svc.know.base.get(ctx, &svc.know.mu, svc.know.openBase)
		if err != nil {
			t.Fatal(err)
		}
		return b.EmbedModel()
	}
	if m := model(); m != knowledge.DefaultEmbedModel {
		t.Errorf("base opened with %q", m)
	}
	s.EmbedModel = " mxbai-embed-large "
	if _, err := svc.SaveSettings(ctx, s); err != nil {
		t.Fatal(err)
	}
	if got := svc.Settings().EmbedModel; got != "mxbai-embed-large" {
		t.Errorf("saved embed model = %q", got)
	}
	if m := model(); m != "mxbai-embed-large" {
		t.Errorf("after the change the base runs with %q", m)
	}
	s.EmbedModel = "two words"
	if _, err := svc.SaveSettings(ctx, s); err == nil {
		t.Error("a model name with a space was saved")
	}
}
