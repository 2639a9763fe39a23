package llm

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestStatusNoServer(t *testing.T) {
	host := closedURL()
	o, err := NewOllama(Config{Host: host})
	if err != nil {
		t.Fatal(err)
	}
	st := o.Status(t.Context())
	if st.Running || st.Ready() || st.Host != host || st.Error == "" {
		t.Fatalf("status = %+v, want not running at %s with the error", st, host)
	}
	advice := st.Advice()
	for _, want := range []string{host, "ollama.com", "ollama serve", "rules model"} {
		if !strings.Contains(advice, want) {
			t.Errorf("advice %q does not mention %q", advice, want)
		}
	}
}

func TestStatus(t *testing.T) {
	tests := []struct {
		name        string
		cfg         Config
		installed   []string
		wantMissing []string
	}{
		{
			name:        "no models",
			wantMissing: []string{DefaultPlanner, DefaultFast},
		},
		{
			name:        "only the planner",
			installed:   []string{DefaultPlanner, "other:1b"},
			wantMissing: []string{DefaultFast},
		},
		{
			name:      "both defaults",
			installed: []string{DefaultFast, DefaultPlanner},
		},
		{
			name:      "untagged names match latest",
			cfg:       Config{Planner: ModelConfig{Name: "llama3"}, Fast: ModelConfig{Name: "phi3"}},
			installed: []string{"llama3:latest", "phi3:latest"},
		},
		{
			name:        "untagged names match no other tag",
			cfg:         Config{Planner: ModelConfig{Name: "llama3"}, Fast: ModelConfig{Name: "phi3"}},
			installed:   []string{"llama3:8b", "phi3"},
			wantMissing: []string{"llama3"},
		},
		{
			name:        "one model for both roles is listed once",
			cfg:         Config{Planner: ModelConfig{Name: "qwen3:4b"}, Fast: ModelConfig{Name: "qwen3:4b"}},
			wantMissing: []string{"qwen3:4b"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startFake(t)
			srv.SetModels(tt.installed...)
			o := newOllama(t, srv, tt.cfg)

			st := o.Status(t.Context())
			if !st.Running || st.Version == "" || st.Error != "" {
				t.Fatalf("status = %+v, want running with a version", st)
			}
			if !slices.Equal(st.Models, tt.installed) {
				t.Errorf("models = %v, want %v", st.Models, tt.installed)
			}
			if !slices.Equal(st.Missing, tt.wantMissing) {
				t.Errorf("missing = %v, want %v", st.Missing, tt.wantMissing)
			}
			if ready := len(tt.wantMissing) == 0; st.Ready() != ready {
				t.Errorf("Ready() = %v, want %v", st.Ready(), ready)
			}
			advice := st.Advice()
			if len(tt.wantMissing) == 0 {
				if advice != "" {
					t.Errorf("advice = %q, want none when ready", advice)
				}
				return
			}
			for _, m := range tt.wantMissing {
				if !strings.Contains(advice, "ollama pull "+m) {
					t.Errorf("advice %q does not say ollama pull %s", advice, m)
				}
			}
		})
	}
}

func TestPull(t *testing.T) {
	const model = "qwen2.5:1.5b"
	srv := startFake(t)
	srv.SetPullable(model)
	o := newOllama(t, srv, Config{})

	var got []Progress
	if err := o.Pull(t.Context(), model, func(p Progress) { got = append(got, p) }); err != nil {
		t.Fatalf("Pull: %v", err)
	}
	if len(got) == 0 {
		t.Fatal("no progress reported")
	}
	// The settings screen draws a bar from these: it must only move forward within a
	// layer, reach the end, and finish with the server's success.
	var fractions []float64
	for i, p := range got {
		if p.Model != model {
			t.Errorf("progress[%d].Model = %q, want %q", i, p.Model, model)
		}
		if p.Total > 0 {
			fractions = append(fractions, p.Fraction)
			if want := float64(p.Completed) / float64(p.Total); p.Fraction != want {
				t.Errorf("progress[%d] fraction = %v, want %v", i, p.Fraction, want)
			}
		} else if p.Fraction != 0 {
			t.Errorf("progress[%d] = %+v: a fraction without a total", i, p)
		}
	}
	if len(fractions) < 2 || !slices.IsSorted(fractions) || fractions[len(fractions)-1] != 1 {
		t.Errorf("fractions = %v, want them rising to 1", fractions)
	}
	if got[0].Status != "pulling manifest" || got[len(got)-1].Status != "success" {
		t.Errorf("statuses from %q to %q, want pulling manifest … success", got[0].Status, got[len(got)-1].Status)
	}

	models, err := o.Models(t.Context())
	if err != nil || !slices.Contains(models, model) {
		t.Errorf("Models after pull = %v, %v; want %s listed", models, err, model)
	}
	if st := o.Status(t.Context()); slices.Contains(st.Missing, model) {
		t.Errorf("status after pull still misses %s: %+v", model, st)
	}
}

func TestPullNilProgress(t *testing.T) {
	srv := startFake(t)
	srv.SetPullable("phi3")
	o := newOllama(t, srv, Config{})
	if err := o.Pull(t.Context(), "phi3", nil); err != nil {
		t.Fatalf("Pull without a progress func: %v", err)
	}
}

func TestPullUnknown(t *testing.T) {
	srv := startFake(t)
	srv.SetPullable("qwen2.5:7b")
	o := newOllama(t, srv, Config{})

	called := false
	err := o.Pull(t.Context(), "no-such-model:1b", func(Progress) { called = true })
	if err == nil {
		t.Fatal("Pull of an unknown model succeeded")
	}
	if !strings.Contains(err.Error(), "no-such-model:1b") || !strings.Contains(err.Error(), "file does not exist") {
		t.Errorf("err = %q, want the model and the server's reason", err)
	}
	// Telling the user to run `ollama pull` for the very pull that failed sends them
	// round in a circle.
	if strings.Contains(err.Error(), "get it with") {
		t.Errorf("err = %q advises the pull that just failed", err)
	}
	if called {
		t.Error("progress reported for a failed pull")
	}
	if models, _ := o.Models(t.Context()); len(models) != 0 {
		t.Errorf("models after a failed pull = %v", models)
	}
}

func TestModelsUnavailable(t *testing.T) {
	o, err := NewOllama(Config{Host: closedURL()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Models(t.Context()); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Models with no server: err = %v, want ErrUnavailable", err)
	}
	if err := o.Pull(t.Context(), "phi3", nil); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Pull with no server: err = %v, want ErrUnavailable", err)
	}
}

func TestPullCommand(t *testing.T) {
	tests := []struct {
		models []string
		want   string
	}{
		{[]string{"qwen2.5:3b", "qwen2.5:1.5b"}, "ollama pull qwen2.5:3b && ollama pull qwen2.5:1.5b"},
		{[]string{"qwen2.5:3b", "qwen2.5:3b"}, "ollama pull qwen2.5:3b"},
		{[]string{"", "a"}, "ollama pull a"},
	}
	for _, tt := range tests {
		if got := PullCommand(tt.models...); got != tt.want {
			t.Errorf("PullCommand(%q) = %q, want %q", tt.models, got, tt.want)
		}
	}
}
