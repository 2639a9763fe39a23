package understand_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/browser/browsertest"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
)

var (
	shared   *browser.Browser
	ratchet  = flag.Bool("ratchet", false, "raise testdata/corpus/scores.json to the scores reached")
	only     = flag.String("case", "", "run only the corpus cases whose id starts with one of these comma-separated prefixes")
	verbose  = flag.Bool("corpus.v", false, "print every corpus case that is not correct")
	dump     = flag.Bool("corpus.dump", false, "print each case's observation and reading (with -case)")
	goalFlag = flag.String("corpus.goal", "", "with -case, read this goal instead of the case's")
	corpusTO = 20 * time.Minute
)

func TestMain(m *testing.M) { browsertest.Main(m, &shared) }

// corpusCase is one line of a set's cases.jsonl (testdata/corpus/README.md).
type corpusCase struct {
	ID     string `json:"id"`
	Page   string `json:"page"`
	Family string `json:"family"`
	Goal   string `json:"goal"`
	Expect expect `json:"expect"`
	set    string
}

type expect struct {
	Values  map[string]string `json:"values"`
	Checked map[string]bool   `json:"checked"`
	Clicked []string          `json:"clicked"`
	Text    map[string]string `json:"text"`
	URL     string            `json:"url"`
	Ask     bool              `json:"ask"`
	Options []string          `json:"options"`
}

// verdicts of one case.
const (
	correct = "correct" // did what was asked, or asked when it had to
	asked   = "asked"   // asked about an explicit instruction: safe, not done
	wrong   = "wrong"   // changed what it should not have, or acted on a vague instruction
	missed  = "missed"  // acted, changed nothing wrong, but did not reach the expected state
)

func loadCorpus(t *testing.T) []corpusCase {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus/*/cases.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	var out []corpusCase
	for _, f := range files {
		set := filepath.Base(filepath.Dir(f))
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" {
				continue
			}
			var c corpusCase
			if err := json.Unmarshal([]byte(line), &c); err != nil {
				t.Fatalf("%s:%d: %v", f, n, err)
			}
			c.set = set
			out = append(out, c)
		}
		fh.Close()
	}
	return out
}

// recorder is put at the top of every corpus page: it notes each click a person's mouse
// makes (the nearest element with an id, and whether it is a form control or a control
// that only discloses something), in session storage so it survives a navigation.
const recorder = `<script>(function(){
var K='__corpus';
window.addEventListener('click',function(e){
  if(!e.isTrusted)return;
  var el=e.target&&e.target.closest?e.target.closest('[id]'):null;
  var rec={id:el?el.id:'',form:false,disclose:false};
  if(el){
    var tag=el.localName;
    var r=el.getAttribute('role')||'';
    rec.form=/^(input|select|textarea|label|option)$/.test(tag)||r==='option';
    rec.disclose=el.hasAttribute('aria-haspopup')||el.hasAttribute('aria-expanded')||/^(tab|combobox)$/.test(r);
  }
  var l=JSON.parse(sessionStorage.getItem(K)||'[]');l.push(rec);sessionStorage.setItem(K,JSON.stringify(l));
},true);
})();</script>`

// snapshotJS reads every field's value and every ARIA state, plus the clicks.
const snapshotJS = `(function(){
var o={fields:{},aria:{},clicks:JSON.parse(sessionStorage.getItem('__corpus')||'[]'),url:location.href,tabs:[]};
var fs=document.querySelectorAll('input,select,textarea');
for(var i=0;i<fs.length;i++){var el=fs[i];var k=el.id?'#'+el.id:el.localName+'@'+i;
  if(el.type==='checkbox'||el.type==='radio')o.fields[k]=String(el.checked);
  else if(el.localName==='select')o.fields[k]=Array.from(el.selectedOptions).map(function(x){return x.text.trim()}).join('|');
  else o.fields[k]=el.value;}
var as=document.querySelectorAll('[aria-checked],[aria-selected],[aria-pressed]');
for(var j=0;j<as.length;j++){var a=as[j];var k2=a.id?'#'+a.id:'aria@'+j;
  o.aria[k2]=String(a.getAttribute('aria-checked')==='true'||a.getAttribute('aria-selected')==='true'||a.getAttribute('aria-pressed')==='true');
  var r=a.getAttribute('role')||'';if(r==='tab'||a.hasAttribute('aria-expanded'))o.tabs.push(k2);}
return o;})()`

type snapshot struct {
	Fields map[string]string `json:"fields"`
	Aria   map[string]string `json:"aria"`
	Clicks []struct {
		ID       string `json:"id"`
		Form     bool   `json:"form"`
		Disclose bool   `json:"disclose"`
	} `json:"clicks"`
	URL  string   `json:"url"`
	Tabs []string `json:"tabs"`
}

// actual reads what the case's expectation names, in the page as it is now.
func actualJS(e expect) string {
	keys := func(m []string) []string { return append([]string{}, m...) }
	sel := map[string][]string{"values": keys(slices.Sorted(maps.Keys(e.Values))), "checked": keys(slices.Sorted(maps.Keys(e.Checked))), "text": keys(slices.Sorted(maps.Keys(e.Text)))}
	enc, _ := json.Marshal(sel)
	return `(function(s){var o={values:{},checked:{},text:{}};
function q(x){try{return document.querySelector(x)}catch(e){return null}}
s.values.forEach(function(k){var el=q(k);if(!el){o.values[k]=null;return}
  if(el.localName==='select')o.values[k]=Array.from(el.selectedOptions).map(function(x){return x.text.trim()}).join('|');
  else if(el.type==='checkbox'||el.type==='radio')o.values[k]=String(el.checked);
  else if('value' in el)o.values[k]=String(el.value);else o.values[k]=el.textContent.trim();});
s.checked.forEach(function(k){var el=q(k);if(!el){o.checked[k]=null;return}
  if(el.type==='checkbox'||el.type==='radio')o.checked[k]=el.checked;
  else o.checked[k]=el.getAttribute('aria-checked')==='true'||el.getAttribute('aria-selected')==='true'||el.getAttribute('aria-pressed')==='true';});
s.text.forEach(function(k){var el=q(k);o.text[k]=el?el.textContent:null;});
return o;})(` + string(enc) + `)`
}

type actualState struct {
	Values  map[string]*string `json:"values"`
	Checked map[string]*bool   `json:"checked"`
	Text    map[string]*string `json:"text"`
}

// corpusServer serves every set's pages under /SET/, with the recorder put in each page.
func corpusServer(t *testing.T) string {
	t.Helper()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/"), "/", 2)
		if len(parts) != 2 || strings.Contains(r.URL.Path, "..") {
			http.NotFound(w, r)
			return
		}
		path := filepath.Join("testdata", "corpus", parts[0], "pages", filepath.FromSlash(parts[1]))
		body, err := os.ReadFile(path)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(path, ".html") {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			if i := bytes.Index(bytes.ToLower(body), []byte("<head>")); i >= 0 {
				body = slices.Concat(body[:i+6], []byte(recorder), body[i+6:])
			} else {
				body = append([]byte(recorder), body...)
			}
		}
		w.Write(body)
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

type result struct {
	c       corpusCase
	verdict string
	why     string
}

// TestCorpus runs every instruction of the corpus on its page in Chromium with no model
// and scores the outcomes by set and family. It fails when a family falls below the score
// recorded in testdata/corpus/scores.json, so scores only go up.
func TestCorpus(t *testing.T) {
	cases := loadCorpus(t)
	base := corpusServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), corpusTO)
	defer cancel()
	// One tab per set, run side by side: a case is mostly waiting on the page's load.
	bySet := map[string][]corpusCase{}
	for _, c := range cases {
		if selected(c.ID) {
			bySet[c.set] = append(bySet[c.set], c)
		}
	}
	var mu sync.Mutex
	var results []result
	t.Run("sets", func(t *testing.T) {
		for set, cs := range bySet {
			t.Run(set, func(t *testing.T) {
				t.Parallel()
				p := browsertest.NewPage(t, shared)
				p.SetStability(browser.Stability{NetworkQuiet: 30 * time.Millisecond, DOMQuiet: 30 * time.Millisecond, MinWait: -1, MaxWait: 2 * time.Second})
				for _, c := range cs {
					began := time.Now()
					v, why := runCase(ctx, t, p, base, c)
					if d := time.Since(began); *verbose && d > 2*time.Second {
						t.Logf("%s took %v", c.ID, d.Round(time.Millisecond))
					}
					if *verbose && v != correct && c.set != "heldout" {
						t.Logf("%s [%s] %s: %q — %s", c.ID, c.Family, v, c.Goal, why)
					}
					mu.Lock()
					results = append(results, result{c: c, verdict: v, why: why})
					mu.Unlock()
				}
			})
		}
	})
	report(t, results)
}

// selected reports a case picked by -case (comma-separated id prefixes; none = all).
func selected(id string) bool {
	if *only == "" {
		return true
	}
	for p := range strings.SplitSeq(*only, ",") {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

func runCase(ctx context.Context, t *testing.T, p *browser.Page, base string, c corpusCase) (string, string) {
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := p.Navigate(cctx, base+"/"+c.set+"/"+c.Page); err != nil {
		t.Fatalf("%s: open %s: %v", c.ID, c.Page, err)
	}
	// The recorder keeps clicks in session storage; the last case's go.
	var ignore any
	if err := p.Evaluate(cctx, `(sessionStorage.clear(), 0)`, &ignore); err != nil {
		t.Fatalf("%s: reset: %v", c.ID, err)
	}
	var before snapshot
	if err := p.Evaluate(cctx, snapshotJS, &before); err != nil {
		t.Fatalf("%s: snapshot: %v", c.ID, err)
	}
	obs, err := p.Observe(cctx)
	if err != nil {
		t.Fatalf("%s: observe: %v", c.ID, err)
	}
	opts := understand.Options{Today: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)}
	if *goalFlag != "" {
		c.Goal = *goalFlag
	}
	rd := understand.Read(c.Goal, obs, opts)
	if *dump {
		for i, n := range obs.Tree {
			for _, b := range obs.Text {
				if b.At == i {
					t.Logf("    text %q g=%d box=%v", b.Text, b.Group, b.Box)
				}
			}
			t.Logf("  %s %s %q t=%s s=%s c=%q o=%q occ=%v g=%d box=%v", n.ID, n.Role, n.Name, n.Type, n.State, n.Ctx, n.Options, n.Occ, n.Group, n.Box)
		}
		for i, g := range obs.Groups {
			t.Logf("  group %d %s %q parent=%d node=%s", i+1, g.Kind, g.Name, g.Parent, g.Node)
		}
		raw, _ := json.MarshalIndent(rd, "", " ")
		t.Logf("%s %q\n%s", c.ID, c.Goal, raw)
	}
	if len(rd.Questions) > 0 {
		if c.Expect.Ask {
			return correct, "asked: " + rd.Questions[0].Text
		}
		return asked, "asked: " + rd.Questions[0].Text
	}
	if len(rd.Commands) == 0 {
		return asked, "no command and no question"
	}
	for _, cmd := range rd.Commands {
		if !cmd.Bound {
			nc, q := understand.Rebind(cmd, obs, opts)
			if q != nil {
				var labels []string
				for _, ch := range q.Choices {
					labels = append(labels, ch.Label)
				}
				return judgeLate(cctx, p, c, before, fmt.Sprintf("asked later: %s %q", q.Text, labels))
			}
			cmd = nc
		}
		res, err := p.Execute(cctx, []page.Action{cmd.Action})
		if err != nil {
			t.Fatalf("%s: execute: %v", c.ID, err)
		}
		if len(res.Outcomes) > 0 && res.Outcomes[0].Err != nil {
			return judgeLate(cctx, p, c, before, fmt.Sprintf("%s failed: %s", cmd.Action, res.Outcomes[0].Err.Message))
		}
		if obs, err = p.Observe(cctx); err != nil {
			t.Fatalf("%s: observe: %v", c.ID, err)
		}
	}
	var did []string
	for _, cmd := range rd.Commands {
		did = append(did, cmd.Action.String())
	}
	return judge(cctx, p, c, before, strings.Join(did, "; "))
}

// judgeLate judges a run that stopped part way to ask: anything it changed besides
// opening menus and tabs counts against it.
func judgeLate(ctx context.Context, p *browser.Page, c corpusCase, before snapshot, why string) (string, string) {
	if v, w := judgeChanges(ctx, p, c, before, why); v == wrong {
		return v, w
	}
	if c.Expect.Ask {
		return correct, why
	}
	return asked, why
}

// judge compares the page with the expectation and with the snapshot taken before.
func judge(ctx context.Context, p *browser.Page, c corpusCase, before snapshot, did string) (string, string) {
	v, w := judgeChanges(ctx, p, c, before, did)
	if v == wrong {
		return v, w
	}
	e := c.Expect
	if e.Ask {
		return wrong, "acted on a vague instruction: " + did
	}
	return judgeState(ctx, p, c, did)
}

// judgeChanges finds changes nobody asked for: fields, ARIA states, clicks.
func judgeChanges(ctx context.Context, p *browser.Page, c corpusCase, before snapshot, did string) (string, string) {
	var after snapshot
	if err := p.Evaluate(ctx, snapshotJS, &after); err != nil {
		return wrong, "snapshot after: " + err.Error()
	}
	e := c.Expect
	// Changes nobody asked for.
	samePage := strings.Split(after.URL, "#")[0] == strings.Split(before.URL, "#")[0]
	if samePage {
		for k, v := range after.Fields {
			if old, ok := before.Fields[k]; ok && old != v {
				if _, want := e.Values[k]; !want {
					if _, want := e.Checked[k]; !want && !radioSibling(old, v, e) {
						return wrong, fmt.Sprintf("%s changed %s from %q to %q", did, k, old, v)
					}
				}
			}
		}
		for k, v := range after.Aria {
			if old, ok := before.Aria[k]; ok && old != v && !slices.Contains(after.Tabs, k) {
				if _, want := e.Checked[k]; !want {
					return wrong, fmt.Sprintf("%s changed %s's state to %s", did, k, v)
				}
			}
		}
	}
	for _, ck := range after.Clicks {
		if ck.Form || ck.Disclose || ck.ID == "" && len(e.Clicked) == 0 {
			continue
		}
		if !slices.Contains(e.Clicked, "#"+ck.ID) && !expectedState(e, "#"+ck.ID) {
			return wrong, fmt.Sprintf("%s clicked #%s", did, ck.ID)
		}
	}
	return correct, did
}

// judgeState checks that the page reached what the case expects.
func judgeState(ctx context.Context, p *browser.Page, c corpusCase, did string) (string, string) {
	e := c.Expect
	var after snapshot
	if err := p.Evaluate(ctx, snapshotJS, &after); err != nil {
		return wrong, "snapshot after: " + err.Error()
	}
	var act actualState
	if err := p.Evaluate(ctx, actualJS(e), &act); err != nil {
		return wrong, "read state: " + err.Error()
	}
	for k, want := range e.Values {
		got := act.Values[k]
		if got == nil || *got != want {
			return missed, fmt.Sprintf("%s: %s is %s, want %q", did, k, show(got), want)
		}
	}
	for k, want := range e.Checked {
		got := act.Checked[k]
		if got == nil || *got != want {
			return missed, fmt.Sprintf("%s: %s checked=%v, want %v", did, k, showB(got), want)
		}
	}
	for k, want := range e.Text {
		got := act.Text[k]
		if got == nil || !strings.Contains(strings.Join(strings.Fields(*got), " "), strings.Join(strings.Fields(want), " ")) {
			return missed, fmt.Sprintf("%s: %s text is %s, want it to contain %q", did, k, show(got), want)
		}
	}
	for _, want := range e.Clicked {
		found := false
		for _, ck := range after.Clicks {
			if "#"+ck.ID == want {
				found = true
			}
		}
		if !found {
			return missed, fmt.Sprintf("%s: %s was not clicked", did, want)
		}
	}
	if e.URL != "" && !strings.HasSuffix(after.URL, e.URL) {
		return missed, fmt.Sprintf("%s: at %s, want …%s", did, after.URL, e.URL)
	}
	return correct, did
}

// radioSibling lets a radio go off when another radio was expected on.
func radioSibling(old, now string, e expect) bool {
	if old != "true" || now != "false" {
		return false
	}
	for _, v := range e.Checked {
		if v {
			return true
		}
	}
	return false
}

func expectedState(e expect, sel string) bool {
	_, a := e.Checked[sel]
	_, b := e.Values[sel]
	return a || b
}

func show(s *string) string {
	if s == nil {
		return "missing"
	}
	return fmt.Sprintf("%q", *s)
}

func showB(b *bool) string {
	if b == nil {
		return "missing"
	}
	return fmt.Sprint(*b)
}

// report prints the score table and holds the ratchet.
func report(t *testing.T, results []result) {
	type tally struct{ n, ok, asked, wrong, missed int }
	by := map[string]*tally{}
	add := func(k string, r result) {
		if by[k] == nil {
			by[k] = &tally{}
		}
		tl := by[k]
		tl.n++
		switch r.verdict {
		case correct:
			tl.ok++
		case asked:
			tl.asked++
		case wrong:
			tl.wrong++
		case missed:
			tl.missed++
		}
	}
	for _, r := range results {
		kind := "explicit"
		if r.c.Expect.Ask {
			kind = "vague"
		}
		add(r.c.set+"/"+r.c.Family, r)
		add(r.c.set+"/ALL "+kind, r)
		add("ALL/ALL "+kind, r)
		add("ALL/"+r.c.Family, r)
	}
	keys := slices.Sorted(maps.Keys(by))
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-28s %5s %7s %6s %6s %6s\n", "set/family", "cases", "correct", "asked", "missed", "WRONG")
	scores := map[string]float64{}
	for _, k := range keys {
		tl := by[k]
		pct := 100 * float64(tl.ok) / float64(tl.n)
		scores[k] = float64(int(pct*10)) / 10
		fmt.Fprintf(&b, "%-28s %5d %6.1f%% %6d %6d %6d\n", k, tl.n, pct, tl.asked, tl.missed, tl.wrong)
	}
	t.Log(b.String())
	if *only != "" {
		return
	}
	const file = "testdata/corpus/scores.json"
	var recorded map[string]float64
	if raw, err := os.ReadFile(file); err == nil {
		if err := json.Unmarshal(raw, &recorded); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	var fell []string
	for k, want := range recorded {
		if got, ok := scores[k]; ok && got < want {
			fell = append(fell, fmt.Sprintf("%s %.1f%% < %.1f%%", k, got, want))
		}
	}
	sort.Strings(fell)
	if len(fell) > 0 {
		t.Errorf("corpus scores fell below the record (%s):\n%s", file, strings.Join(fell, "\n"))
	}
	if *ratchet {
		for k, v := range recorded {
			if scores[k] < v {
				scores[k] = v
			}
		}
		raw, _ := json.MarshalIndent(scores, "", "  ")
		if err := os.WriteFile(file, append(raw, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
