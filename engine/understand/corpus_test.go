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
	reload   = flag.Bool("corpus.reload", false, "load the page afresh for every case, even after a case that did nothing on it")
	verdicts = flag.String("corpus.verdicts", "", "write each case's id and verdict to this file (JSON), to compare two runs")
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
// makes (the control it landed in, or the nearest element with an id, and whether it is a form control or a control
// that only discloses something), in session storage so it survives a navigation.
const recorder = `<script>(function(){
var K='__corpus';
var down=null;
window.addEventListener('mousedown',function(e){if(e.isTrusted)down=e.target;},true);
window.addEventListener('click',function(e){
  if(!e.isTrusted)return;
  // A press whose element went away before the release (a suggestion list that closes
  // on mousedown) clicks their common ancestor: the press was on what went down.
  var at=e.target;
  if(down&&at&&at!==down&&at.contains&&at.contains(down))at=down;
  down=null;
  // The control the press landed in, when it has an id ("A brother or sister…", a span#id
  // inside a switch, is the switch); else the nearest element with one.
  var C='button,a,input,select,textarea,label,[role=button],[role=switch],[role=checkbox],[role=radio],[role=tab],[role=menuitem],[role=menuitemradio],[role=menuitemcheckbox],[role=option],[role=link]';
  var el=at&&at.closest?at.closest('[id]'):null;
  var ctl=el?at.closest(C):null;
  if(ctl&&ctl!==el&&ctl.id&&ctl.contains(el)&&!el.matches(C))el=ctl;
  var rec={id:el?el.id:'',form:false,disclose:false};
  if(el){
    var tag=el.localName;
    var r=el.getAttribute('role')||'';
    rec.form=/^(input|select|textarea|label|option)$/.test(tag)||r==='option';
    rec.disclose=el.hasAttribute('aria-haspopup')||el.hasAttribute('aria-expanded')||/^(tab|combobox)$/.test(r)||tag==='summary';
  }
  var l=JSON.parse(sessionStorage.getItem(K)||'[]');l.push(rec);sessionStorage.setItem(K,JSON.stringify(l));
},true);
})();</script>`

// snapshotJS reads every field's value and every ARIA state, plus the clicks.
const snapshotJS = `(function(){
var o={fields:{},aria:{},clicks:JSON.parse(sessionStorage.getItem('__corpus')||'[]'),url:location.href,tabs:[],suggest:{}};
var fs=document.querySelectorAll('input,select,textarea');
for(var i=0;i<fs.length;i++){var el=fs[i];var k=el.id?'#'+el.id:el.localName+'@'+i;
  if(el.type==='checkbox'||el.type==='radio')o.fields[k]=String(el.checked);
  else if(el.localName==='select')o.fields[k]=Array.from(el.selectedOptions).map(function(x){return x.text.trim()}).join('|');
  else o.fields[k]=el.value;}
var as=document.querySelectorAll('[aria-checked],[aria-selected],[aria-pressed]');
for(var j=0;j<as.length;j++){var a=as[j];var k2=a.id?'#'+a.id:'aria@'+j;
  o.aria[k2]=String(a.getAttribute('aria-checked')==='true'||a.getAttribute('aria-selected')==='true'||a.getAttribute('aria-pressed')==='true');
  var r=a.getAttribute('role')||'';if(r==='tab'||a.hasAttribute('aria-expanded'))o.tabs.push(k2);}
var cs=document.querySelectorAll('input[aria-controls],input[aria-owns]');
for(var m=0;m<cs.length;m++){var c=cs[m];if(!c.id)continue;
  var lb=document.getElementById(c.getAttribute('aria-controls')||c.getAttribute('aria-owns'));if(!lb)continue;
  var ops=lb.querySelectorAll('[role=option][id]');for(var n=0;n<ops.length;n++)o.suggest['#'+ops[n].id]='#'+c.id;}
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
	// Suggest maps each suggestion of a field that suggests values to that field.
	Suggest map[string]string `json:"suggest"`
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
				// The corpus pages are inline and run no timers: 15 ms of quiet is settled
				// (the same verdicts as 30 ms on 503 cases, a fifth less time).
				p.SetStability(browser.Stability{NetworkQuiet: 15 * time.Millisecond, DOMQuiet: 15 * time.Millisecond, MinWait: -1, MaxWait: 2 * time.Second})
				// Loading a page is two thirds of a case, and most cases only ask: a case
				// that did nothing leaves its page as it was loaded (an observation changes
				// nothing a case can see), so the next case on that page uses it as it is.
				slices.SortStableFunc(cs, func(a, b corpusCase) int { return strings.Compare(a.Page, b.Page) })
				untouched := ""
				for _, c := range cs {
					began := time.Now()
					v, why, acted := runCase(ctx, t, p, base, c, untouched == c.Page && !*reload)
					untouched = c.Page
					if acted {
						untouched = ""
					}
					if d := time.Since(began); *verbose && d > 2*time.Second {
						t.Logf("%s took %v", c.ID, d.Round(time.Millisecond))
					}
					// Held-out cases are not shown, so the code is not tuned on them; a wrong
					// action is, since it must be fixed wherever it comes from.
					if *verbose && v != correct && (!strings.HasPrefix(c.set, "heldout") || v == wrong) {
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
	if *verdicts != "" {
		out := map[string]string{}
		for _, r := range results {
			out[r.c.ID] = r.verdict
		}
		raw, _ := json.MarshalIndent(out, "", " ")
		if err := os.WriteFile(*verdicts, raw, 0o644); err != nil {
			t.Error(err)
		}
	}
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

// runCase reads c's goal on its page, runs what was read and judges the outcome. With
// loaded, the tab already holds the page untouched since its load. It reports whether it
// ran any action on the page.
func runCase(ctx context.Context, t *testing.T, p *browser.Page, base string, c corpusCase, loaded bool) (verdict, why string, acted bool) {
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	url := base + "/" + c.set + "/" + c.Page
	if !loaded || p.URL() != url {
		if err := p.Navigate(cctx, url); err != nil {
			t.Fatalf("%s: open %s: %v", c.ID, c.Page, err)
		}
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
		for i, h := range obs.Behind {
			t.Logf("  behind %d %s %q t=%s c=%q o=%q by=%s via=%d", i+1, h.Role, h.Name, h.Type, h.Ctx, h.Options, h.By, h.Via)
		}
		raw, _ := json.MarshalIndent(rd, "", " ")
		t.Logf("%s %q\n%s", c.ID, c.Goal, raw)
	}
	if len(rd.Questions) > 0 {
		if c.Expect.Ask {
			return correct, "asked " + string(rd.Questions[0].Kind) + ": " + rd.Questions[0].Text, false
		}
		return asked, "asked " + askedHow(c.Goal, rd) + ": " + rd.Questions[0].Text, false
	}
	if len(rd.Commands) == 0 {
		return asked, "no command and no question", false
	}
	// As the agent runs them: an unbound command is bound on the page as it is by then, and
	// may run as several (understand.RebindAll).
	cmds := slices.Clone(rd.Commands)
	for k := 0; k < len(cmds); k++ {
		cmd := cmds[k]
		if !cmd.Bound {
			ncs, q := understand.RebindAll(cmd, obs, opts)
			if q != nil {
				var labels []string
				for _, ch := range q.Choices {
					labels = append(labels, ch.Label)
				}
				v, w := judgeLate(cctx, p, c, before, fmt.Sprintf("asked later %s: %s %q", q.Kind, q.Text, labels))
				return v, w, acted
			}
			cmds = slices.Insert(slices.Delete(cmds, k, k+1), k, ncs...)
			cmd = cmds[k]
		}
		acted = true
		res, err := p.Execute(cctx, []page.Action{cmd.Action})
		if err != nil {
			t.Fatalf("%s: execute: %v", c.ID, err)
		}
		if len(res.Outcomes) > 0 && res.Outcomes[0].Err != nil {
			v, w := judgeLate(cctx, p, c, before, fmt.Sprintf("%s failed: %s", cmd.Action, res.Outcomes[0].Err.Message))
			return v, w, true
		}
		if obs, err = p.Observe(cctx); err != nil {
			t.Fatalf("%s: observe: %v", c.ID, err)
		}
	}
	var did []string
	for _, cmd := range cmds {
		did = append(did, cmd.Action.String())
	}
	v, w := judge(cctx, p, c, before, strings.Join(did, "; "))
	return v, w, true
}

// askedHow names the kind of the first question, and for words it could not read whether
// the reading was only weak or left words over, how many commands it read besides and how
// much of the goal was left.
func askedHow(goal string, rd understand.Reading) string {
	q := rd.Questions[0]
	if q.Kind != understand.AskUnclear {
		return string(q.Kind)
	}
	if len(q.Choices) > 0 && strings.HasPrefix(q.Choices[0].Label, "Yes: ") {
		return "unclear, weak reading"
	}
	share := float64(len(strings.Fields(q.Words))) / float64(max(1, len(strings.Fields(goal))))
	part := "most of it"
	switch {
	case share < 0.25:
		part = "under a quarter"
	case share < 0.5:
		part = "under half"
	}
	return fmt.Sprintf("unclear, %s left, %d read", part, min(2, len(rd.Commands)))
}
