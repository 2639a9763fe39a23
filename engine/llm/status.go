package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
)

// Status is what the settings screen and `errand run` need to know before a task: is a
// server there, which models it has, and which configured ones are missing.
type Status struct {
	Running bool     `json:"running"`
	Host    string   `json:"host"`
	Version string   `json:"version,omitempty"`
	Models  []string `json:"models,omitempty"`
	// Missing lists the configured role models the server does not have.
	Missing []string `json:"missing,omitempty"`
	Error   string   `json:"error,omitempty"`
}

// Ready reports whether both roles can be called.
func (s Status) Ready() bool { return s.Running && len(s.Missing) == 0 }

// Advice says in a sentence what to do when the models cannot be used.
func (s Status) Advice() string {
	switch {
	case !s.Running:
		return "No Ollama answers at " + s.Host + ". Install it from https://ollama.com and start it " +
			"(`ollama serve`); until then Errand runs explicit commands with its rules model."
	case len(s.Missing) > 0:
		return "Ollama is running but lacks " + strings.Join(s.Missing, " and ") + "; get it with: " +
			PullCommand(s.Missing...) + "."
	}
	return ""
}

// PullCommand is the shell line that downloads the models, each named once: one model
// often serves both roles.
func PullCommand(models ...string) string {
	var cmds []string
	for _, m := range models {
		if c := "ollama pull " + m; m != "" && !slices.Contains(cmds, c) {
			cmds = append(cmds, c)
		}
	}
	return strings.Join(cmds, " && ")
}

// Status asks the server, within a short deadline: a missing Ollama must not hold up the
// start of the app.
func (o *Ollama) Status(ctx context.Context) Status {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	st := Status{Host: o.cfg.Host}
	if err := o.client.Heartbeat(ctx); err != nil {
		st.Error = err.Error()
		return st
	}
	st.Running = true
	if v, err := o.client.Version(ctx); err == nil {
		st.Version = v
	}
	models, err := o.Models(ctx)
	if err != nil {
		st.Error = err.Error()
		return st
	}
	st.Models = models
	for _, want := range []string{o.cfg.Planner.Name, o.cfg.Fast.Name} {
		if !hasModel(models, want) && !slices.Contains(st.Missing, want) {
			st.Missing = append(st.Missing, want)
		}
	}
	return st
}

// hasModel matches "qwen2.5:7b" and, for a name without a tag, "name:latest".
func hasModel(models []string, want string) bool {
	for _, m := range models {
		if m == want || (!strings.Contains(want, ":") && m == want+":latest") {
			return true
		}
	}
	return false
}

// Models lists the installed models.
func (o *Ollama) Models(ctx context.Context) ([]string, error) {
	list, err := o.client.List(ctx)
	if err != nil {
		return nil, fmt.Errorf("list models: %w", o.classify(ctx, "", err))
	}
	var out []string
	for _, m := range list.Models {
		out = append(out, m.Name)
	}
	return out, nil
}

// Progress is one report of a pull.
type Progress struct {
	Model     string  `json:"model"`
	Status    string  `json:"status"`
	Completed int64   `json:"completed"`
	Total     int64   `json:"total"`
	Fraction  float64 `json:"fraction"` // 0–1 of the current layer
}

// Pull downloads a model, reporting progress as the server streams it.
func (o *Ollama) Pull(ctx context.Context, model string, progress func(Progress)) error {
	err := o.client.Pull(ctx, &api.PullRequest{Model: model}, func(p api.ProgressResponse) error {
		if progress != nil {
			pr := Progress{Model: model, Status: p.Status, Completed: p.Completed, Total: p.Total}
			if p.Total > 0 {
				pr.Fraction = float64(p.Completed) / float64(p.Total)
			}
			progress(pr)
		}
		return nil
	})
	// A 404 here means the library has no such model, not that it is to be pulled:
	// classify's MissingError would advise the very pull that failed.
	var se api.StatusError
	if errors.As(err, &se) && se.StatusCode == http.StatusNotFound {
		return fmt.Errorf("pull %s: no such model to download: %s", model, se.ErrorMessage)
	}
	if err != nil {
		return fmt.Errorf("pull %s: %w", model, o.classify(ctx, model, err))
	}
	return nil
}
