package llm

import (
	"testing"
	"time"
)

// planShape mirrors the agent's plan reply (engine/agent/modelplan.go), the largest schema.
type planShape struct {
	Thought string `json:"thought"`
	Steps   []struct {
		Description     string `json:"description"`
		ExpectedOutcome string `json:"expectedOutcome"`
		NextGoal        string `json:"nextGoal"`
		Contingencies   []struct {
			If   string `json:"if"`
			Then string `json:"then"`
		} `json:"contingencies"`
	} `json:"steps"`
	Score float64 `json:"score"`
}

type boundedPlan struct {
	Thought string `json:"thought" max:"300"`
	Steps   []struct {
		Description string `json:"description" max:"120"`
	} `json:"steps" max:"12"`
}

type verifyShape struct {
	TaskCompleted bool    `json:"taskCompleted"`
	Confidence    float64 `json:"confidence"`
	Reason        string  `json:"reason"`
}

type decisionShape struct {
	Decision string `json:"decision" enum:"continue,modify,regenerate"`
}

func TestMaxTokens(t *testing.T) {
	tests := []struct {
		name   string
		schema *Schema
		want   int
	}{
		{"free text", nil, 1024},
		{"small reply takes the floor", SchemaFor[verifyShape]("V"), 256},
		{"enum", SchemaFor[decisionShape]("D"), 256},
		{"plan with the defaults", SchemaFor[planShape]("P"), 4096},
		{"plan bounded by max tags", SchemaFor[boundedPlan]("P"), 908},
	}
	for _, tt := range tests {
		if got := MaxTokens(tt.schema); got != tt.want {
			t.Errorf("%s: MaxTokens = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestMaxTag(t *testing.T) {
	s := SchemaFor[boundedPlan]("P")
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"title":"P","type":"object","properties":{"thought":{"type":"string","maxLength":300},` +
		`"steps":{"type":"array","items":{"type":"object","properties":{"description":{"type":"string","maxLength":120}},` +
		`"required":["description"]},"maxItems":12}},"required":["thought","steps"]}`
	if string(b) != want {
		t.Errorf("schema =\n%s\nwant\n%s", b, want)
	}
	many := `{"thought":"x","steps":[` + repeatJSON(`{"description":"d"}`, 13) + `]}`
	if _, err := decode[boundedPlan](many, s); err == nil {
		t.Error("13 steps passed a schema of at most 12")
	}
}

func repeatJSON(item string, n int) string {
	out := item
	for range n - 1 {
		out += "," + item
	}
	return out
}

func TestNumCtxFor(t *testing.T) {
	shared := Config{Planner: ModelConfig{Name: "qwen2.5:3b"}, Fast: ModelConfig{Name: "qwen2.5:3b"}}
	tests := []struct {
		name  string
		cfg   Config
		model string
		want  int
	}{
		{"planner", Config{}, DefaultPlanner, 8192},
		{"fast", Config{}, DefaultFast, 4096},
		{"one model for both roles takes the larger", shared, "qwen2.5:3b", 8192},
		{"larger fast need wins too", Config{Planner: ModelConfig{Name: "m", NumCtx: 2048},
			Fast: ModelConfig{Name: "m", NumCtx: 16384}}, "m", 16384},
		{"unknown model", Config{}, "other", 8192},
	}
	for _, tt := range tests {
		if got := tt.cfg.NumCtxFor(tt.model); got != tt.want {
			t.Errorf("%s: NumCtxFor(%s) = %d, want %d", tt.name, tt.model, got, tt.want)
		}
	}
}

func TestGuessSpeed(t *testing.T) {
	tests := []struct {
		model string
		want  Speed
	}{
		{"qwen2.5:0.5b", Speed{160, 45}},
		{"qwen2.5:1.5b", Speed{80.0 / 1.5, 25.0 / 1.5}},
		{"qwen2.5:3b", Speed{80.0 / 3, 25.0 / 3}},
		{"qwen2.5:7b", Speed{80.0 / 7, 25.0 / 7}},
		{"llama3.1:8b-instruct-q4_0", Speed{10, 25.0 / 8}},
		{"phi3:mini", Speed{80.0 / 7, 25.0 / 7}},
		{"qwen2.5", Speed{80.0 / 7, 25.0 / 7}},
	}
	for _, tt := range tests {
		if got := GuessSpeed(tt.model); got != tt.want {
			t.Errorf("GuessSpeed(%s) = %+v, want %+v", tt.model, got, tt.want)
		}
	}
}

func TestSpeedsObserve(t *testing.T) {
	s := NewSpeeds(map[string]Speed{"known": {Read: 30}})
	s.observe("m", 100, time.Second, 40, 10*time.Second)     // 100 and 4 tok/s
	s.observe("m", 300, time.Second, 40, 5*time.Second)      // 300 and 8: blended
	s.observe("m", 5, time.Millisecond, 2, time.Millisecond) // too few tokens to measure
	if got := s.For("m"); got != (Speed{Read: 200, Write: 6}) {
		t.Errorf("For(m) = %+v, want 200 read, 6 write", got)
	}
	if got := s.For("known"); got.Read != 30 || got.Write != GuessSpeed("known").Write {
		t.Errorf("For(known) = %+v, want 30 read and the guessed write", got)
	}
	if snap := s.Snapshot(); len(snap) != 2 || snap["m"].Read != 200 {
		t.Errorf("Snapshot = %+v", snap)
	}
}

func TestLimitsPlan(t *testing.T) {
	sp7b := Speed{Read: 12, Write: 4}
	tests := []struct {
		name         string
		l            Limits
		prompt, out  int
		sp           Speed
		cold         bool
		first, total time.Duration
	}{
		// 530 prompt tokens at 12/s ≈ 44 s, ×2 + 20 s; 256 reply tokens at 4/s = 64 s, ×2.
		{"7b warm", Limits{}, 530, 256, sp7b, false, 20*time.Second + 88333*time.Millisecond, 20*time.Second + 88333*time.Millisecond + 128*time.Second},
		{"7b cold adds the load", Limits{}, 530, 256, sp7b, true, 80*time.Second + 88333*time.Millisecond, 80*time.Second + 88333*time.Millisecond + 128*time.Second},
		{"fast model", Limits{Slack: 1, Floor: time.Second}, 1600, 400, Speed{160, 40}, false, 11 * time.Second, 21 * time.Second},
	}
	for _, tt := range tests {
		first, total := tt.l.Plan(tt.prompt, tt.out, tt.sp, tt.cold)
		if first.Round(time.Millisecond) != tt.first || total.Round(time.Millisecond) != tt.total {
			t.Errorf("%s: Plan = %s, %s; want %s, %s", tt.name, first, total, tt.first, tt.total)
		}
	}
}

func TestDue(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	sec := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Second) }
	tests := []struct {
		name   string
		last   time.Time
		tokens int
		want   time.Time
		why    error
	}{
		{"no token yet: the first-token limit", time.Time{}, 0, sec(100), ErrTooSlow},
		{"writing: idle from the last token", sec(120), 3, sec(150), ErrStalled},
		{"the total caps the idle limit", sec(290), 50, sec(300), ErrTooSlow},
	}
	for _, tt := range tests {
		got, why := due(t0, tt.last, tt.tokens, 100*time.Second, 30*time.Second, 300*time.Second)
		if !got.Equal(tt.want) || why != tt.why {
			t.Errorf("%s: due = %s, %v; want %s, %v", tt.name, got.Sub(t0), why, tt.want.Sub(t0), tt.why)
		}
	}
}
