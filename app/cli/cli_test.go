package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errand-app/errand/app/demo"
)

// call runs one errand command with its own data directory and returns the exit code
// and what it printed.
func call(t *testing.T, dataDir string, args ...string) (int, string, string) {
	t.Helper()
	return callEnv(t, map[string]string{"ERRAND_DATA_DIR": dataDir}, args...)
}

// callEnv runs the CLI with exactly the given environment.
func callEnv(t *testing.T, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return vars[k] }}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	code := Main(ctx, args, env)
	return code, out.String(), errb.String()
}

// events decodes NDJSON output.
func events(t *testing.T, out string) []map[string]any {
	t.Helper()
	var evs []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not NDJSON: %q: %v", sc.Text(), err)
		}
		if m["type"] == nil {
			t.Fatalf("event without type: %s", sc.Text())
		}
		evs = append(evs, m)
	}
	return evs
}

func startDemo(t *testing.T) *demo.Server {
	t.Helper()
	srv, err := demo.Start(context.Background(), "", demo.Options{SaveDelay: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func TestRunSavesThePatient(t *testing.T) {
	srv := startDemo(t)
	dir := t.TempDir()
	code, out, errOut := call(t, dir, "run", "--url", srv.URL()+"/patients/new", "--json",
		"Type 'Jas' into the Name field and click Save")
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %s\n%s", code, errOut, out)
	}
	evs := events(t, out)
	last := evs[len(evs)-1]
	if last["type"] != "taskFinished" || last["status"] != "completed" {
		t.Fatalf("last event = %v", last)
	}
	for _, k := range []string{"summary", "steps", "modelCalls", "tokens"} {
		if _, ok := last[k]; !ok {
			t.Errorf("taskFinished lacks %q: %v", k, last)
		}
	}
	var jas int
	for _, p := range srv.Patients() {
		if p.Name == "Jas" {
			jas++
		}
	}
	if jas != 1 {
		t.Fatalf("patients named Jas = %d, want 1 (%v)", jas, srv.Patients())
	}

	// The history shows it.
	code, out, _ = call(t, dir, "tasks", "--json")
	if code != ExitOK || !strings.Contains(out, `"status":"completed"`) || !strings.Contains(out, "Type 'Jas'") {
		t.Errorf("tasks: exit %d\n%s", code, out)
	}
}

// visits records which paths a fixture site served.
type visits struct {
	mu sync.Mutex
	n  map[string]int
}

func (v *visits) count(p string) int { v.mu.Lock(); defer v.mu.Unlock(); return v.n[p] }

func fixture(t *testing.T) (string, *visits) {
	t.Helper()
	v := &visits{n: map[string]int{}}
	fs := http.FileServer(http.Dir("testdata"))
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v.mu.Lock()
		v.n[r.URL.Path]++
		v.mu.Unlock()
		fs.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts.URL, v
}

func TestClickTheLinkAsksWithBothAndRunsNothing(t *testing.T) {
	base, v := fixture(t)
	code, out, errOut := call(t, t.TempDir(), "run", "--url", base+"/two-links.html", "--json", "--on-ask", "fail", "Click the link")
	if code != ExitNeedsInfo {
		t.Fatalf("exit %d, want %d; stderr %s", code, ExitNeedsInfo, errOut)
	}
	var q map[string]any
	for _, e := range events(t, out) {
		switch e["type"] {
		case "clarifyWithOptions":
			q = e
		case "stepStarted":
			t.Errorf("an action ran: %v", e)
		}
	}
	if q == nil {
		t.Fatalf("no question asked:\n%s", out)
	}
	opts, _ := q["options"].([]any)
	var texts []string
	for _, o := range opts {
		texts = append(texts, o.(map[string]any)["text"].(string))
	}
	if len(texts) != 2 || !strings.Contains(texts[0]+texts[1], "Opening hours") || !strings.Contains(texts[0]+texts[1], "Directions") {
		t.Errorf("options = %q, want both links", texts)
	}
	if v.count("/first.html")+v.count("/second.html") != 0 {
		t.Errorf("a link was followed")
	}
}

// A field that suggests as one types: the suggestion is chosen on the page the typing
// opens, and a step the page refuses is not reported done.
func TestSuggestionPickedAfterTyping(t *testing.T) {
	base, v := fixture(t)
	code, out, errOut := call(t, t.TempDir(), "run", "--url", base+"/basket.html", "--json", "--offline", "--on-ask", "fail",
		"add porridge oats 1kg to the basket")
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %s\n%s", code, errOut, out)
	}
	if n := v.count("/added/Porridge oats 1kg"); n != 1 {
		t.Errorf("Porridge oats 1kg added %d times, want 1\n%s", n, out)
	}

	code, out, _ = call(t, t.TempDir(), "run", "--url", base+"/basket.html", "--json", "--offline", "--on-ask", "fail", "click Add")
	if code == ExitOK {
		t.Errorf("a step the page refused ended OK:\n%s", out)
	}
	var failed bool
	for _, e := range events(t, out) {
		if e["type"] == "taskFinished" && e["status"] == "completed" {
			t.Errorf("reported done over the page's refusal: %v", e)
		}
		if e["type"] == "stepVerified" && e["verified"] == false && strings.Contains(fmt.Sprint(e["evidence"]), "suggestions first") {
			failed = true
		}
	}
	if !failed {
		t.Errorf("the refused click was not reported with the page's words:\n%s", out)
	}
}

func TestRiskyConfirmNeverDefaultsToYes(t *testing.T) {
	srv := startDemo(t)
	for _, mode := range []string{"default", "fail"} {
		code, out, _ := call(t, t.TempDir(), "run", "--url", srv.URL()+"/patients", "--json", "--yes", "--on-ask", mode,
			"Click Delete for Tom Baker, then click Delete patient")
		want := map[string]int{"default": ExitFailed, "fail": ExitNeedsInfo}[mode]
		if code != want {
			t.Errorf("--on-ask %s: exit %d, want %d\n%s", mode, code, want, out)
		}
		if len(srv.Patients()) != 2 {
			t.Fatalf("--on-ask %s deleted a patient: %v", mode, srv.Patients())
		}
		var confirm bool
		for _, e := range events(t, out) {
			if e["type"] == "clarifyWithOptions" && e["questionType"] == "confirm" && e["default"] == "opt-no" {
				confirm = true
			}
		}
		if !confirm {
			t.Errorf("--on-ask %s: no confirm defaulting to no:\n%s", mode, out)
		}
	}
}

func TestAnswerFlagPicksTheLink(t *testing.T) {
	base, v := fixture(t)
	code, _, errOut := call(t, t.TempDir(), "run", "--url", base+"/two-links.html", "--answer", "Directions", "Click the link")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if v.count("/second.html") != 1 || v.count("/first.html") != 0 {
		t.Errorf("visits first=%d second=%d, want only Directions", v.count("/first.html"), v.count("/second.html"))
	}
}

func TestExitCodes(t *testing.T) {
	base, _ := fixture(t)
	page := base + "/two-links.html"
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"no task", []string{"run", "--url", page}, ExitUsage},
		{"no page", []string{"run", "click Save"}, ExitUsage},
		{"empty goal", []string{"run", "--url", page, "  "}, ExitUsage},
		{"huge goal", []string{"run", "--url", page, strings.Repeat("click Directions ", 40)}, ExitUsage},
		{"missing element", []string{"run", "--url", page, "click Frobnicate"}, ExitFailed},
		{"needs a model", []string{"run", "--url", page, "Find me the opening hours", "--offline"}, ExitFailed},
		// Which of two links is meant has no default: the reader never guesses it.
		{"no default to take", []string{"run", "--url", page, "--on-ask", "default", "Click the link"}, ExitFailed},
		{"bad on-ask", []string{"run", "--url", page, "--on-ask", "maybe", "Click the link"}, ExitUsage},
		{"unknown command", []string{"frobnicate"}, ExitUsage},
		{"version", []string{"version"}, ExitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if code, out, errOut := call(t, t.TempDir(), tt.args...); code != tt.want {
				t.Errorf("exit %d, want %d\nstdout %s\nstderr %s", code, tt.want, out, errOut)
			}
		})
	}
}

func TestAssessJSON(t *testing.T) {
	base, v := fixture(t)
	for _, tt := range []struct {
		goal, route string
	}{
		{"Click Directions", "proceed"},
		{"Click the link", "ask"},
		{"Book me a flight to Lisbon", "rejected"},
	} {
		code, out, errOut := call(t, t.TempDir(), "assess", "--url", base+"/two-links.html", "--json", tt.goal)
		if code != ExitOK {
			t.Fatalf("%s: exit %d %s", tt.goal, code, errOut)
		}
		var as struct {
			Validation map[string]any `json:"validation"`
			Confidence struct {
				Overall   float64            `json:"overall"`
				Breakdown map[string]float64 `json:"breakdown"`
			} `json:"confidence"`
			Route     string `json:"route"`
			Questions []any  `json:"questions"`
		}
		if err := json.Unmarshal([]byte(out), &as); err != nil {
			t.Fatalf("%s: %v\n%s", tt.goal, err, out)
		}
		if as.Route != tt.route || as.Validation["status"] != "passed" || len(as.Confidence.Breakdown) != 4 || as.Questions == nil {
			t.Errorf("%s: %s", tt.goal, out)
		}
	}
	if v.count("/second.html") != 0 {
		t.Errorf("assess acted on the page")
	}
	// The text form says which words were read as which element.
	code, out, _ := call(t, t.TempDir(), "assess", "--url", base+"/two-links.html", "Click Directions")
	if code != ExitOK || !regexp.MustCompile(`read: ".*Directions" as element → .*Directions`).MatchString(out) {
		t.Errorf("assess does not show its grounding (exit %d):\n%s", code, out)
	}
}

func TestDemoScenariosAllPass(t *testing.T) {
	code, out, errOut := call(t, t.TempDir(), "demo", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	n := 0
	for _, e := range events(t, out) {
		if e["type"] == "scenario" {
			n++
			if e["passed"] != true {
				t.Errorf("scenario %v failed: %v", e["name"], e["problem"])
			}
		}
	}
	if n != len(demo.Scenarios()) {
		t.Errorf("ran %d scenarios, want %d", n, len(demo.Scenarios()))
	}
}
