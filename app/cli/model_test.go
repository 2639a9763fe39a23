package cli

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm/fakeollama"
)

// TestRunUsesOllamaWhenItAnswers: without --offline, `errand run` plans with the model at
// OLLAMA_HOST, and `errand tasks` shows the task's model calls and tokens.
func TestRunUsesOllamaWhenItAnswers(t *testing.T) {
	site := startDemo(t)
	ollama := fakeollama.Start(t)
	ollama.Script("PLANNING", fakeollama.JSON(map[string]any{"thought": "", "score": 0.95, "subtasks": []any{},
		"needsClarification": []any{}, "steps": []map[string]any{{"description": "Type 'Jas' into Name and click Save",
			"expectedOutcome": "saved", "nextGoal": "", "contingencies": []any{}}}}))
	ollama.Handle("REFINEMENT", func(req fakeollama.Request) fakeollama.Reply {
		u := req.User()
		id := func(name string) string {
			m := regexp.MustCompile(`\[([^\]]+)\] (?:\w+ )?"?` + name + `"?(?:[ \n]|$)`).FindStringSubmatch(u)
			if m == nil {
				return "missing"
			}
			return m[1]
		}
		return fakeollama.JSON(map[string]any{"thought": "", "coversSteps": 1, "missingInfo": "", "nextGoal": "",
			"confidence": 0.95, "actions": []map[string]string{
				{"action": fmt.Sprintf(`setValue(%s, "Jas")`, id("Name")), "description": "Type Jas into Name"},
				{"action": fmt.Sprintf("click(%s)", id("Save")), "description": "Click Save"}}})
	})
	ollama.Script("VERIFICATION", fakeollama.JSON(map[string]any{"taskCompleted": true, "confidence": 0.9, "reason": "saved"}))
	vars := map[string]string{"ERRAND_DATA_DIR": t.TempDir(), "OLLAMA_HOST": strings.TrimPrefix(ollama.URL(), "http://")}

	code, out, errOut := callEnv(t, vars, "run", "--json", "--url", site.URL()+"/patients/new", "Add a new patient with name 'Jas'")
	if code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	evs := events(t, out)
	last := evs[len(evs)-1]
	if last["type"] != "taskFinished" || last["modelCalls"] != float64(3) || last["tokens"] != float64(ollama.Tokens()) {
		t.Errorf("last event %v, want taskFinished with 3 calls and %d tokens", last, ollama.Tokens())
	}
	if ps := site.Patients(); ps[len(ps)-1].Name != "Jas" {
		t.Errorf("patients %v, want Jas saved", ps)
	}
	usage := 0
	for _, e := range evs {
		if e["type"] == "usage" {
			usage++
		}
	}
	if usage != 3 {
		t.Errorf("%d usage events, want 3", usage)
	}

	code, out, _ = callEnv(t, vars, "tasks", "--json")
	if code != ExitOK {
		t.Fatalf("tasks: exit %d", code)
	}
	tasks := events(t, out)
	if len(tasks) != 1 || tasks[0]["modelCalls"] != float64(3) || tasks[0]["tokens"] != float64(ollama.Tokens()) {
		t.Errorf("tasks = %v, want one with 3 calls and %d tokens", tasks, ollama.Tokens())
	}
	code, out, _ = callEnv(t, vars, "tasks")
	if code != ExitOK || !regexp.MustCompile(`completed\s+1\s+3\s+\d+`).MatchString(out) {
		t.Errorf("tasks table (exit %d) does not show 3 model calls:\n%s", code, out)
	}
}

// TestRunWithoutOllamaExplains: a goal that needs a model, with no Ollama, fails at once
// and says how to get one.
func TestRunWithoutOllamaExplains(t *testing.T) {
	site := startDemo(t)
	vars := map[string]string{"ERRAND_DATA_DIR": t.TempDir(), "OLLAMA_HOST": "127.0.0.1:1"}
	code, out, errOut := callEnv(t, vars, "run", "--url", site.URL()+"/patients/new", "Add a new patient with name 'Jas'")
	if code != ExitFailed || !strings.Contains(out+errOut, "ollama pull") || !strings.Contains(out+errOut, "https://ollama.com") {
		t.Errorf("exit %d, want a failure naming the model to pull\n%s\n%s", code, out, errOut)
	}
}
