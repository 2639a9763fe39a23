package browser_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/page"
)

// TestSetValue types into each kind of field and checks the value the page holds and the
// events its listeners saw (the fixture logs them visibly).
func TestSetValue(t *testing.T) {
	t.Parallel()
	base := fixtures(t)
	for _, c := range []struct {
		field, text, want string
		events            []string
	}{
		{"First name", "Jas", "Jas", []string{"input first=Jas", "change first=Jas"}},
		{"Notes", "Line one", "Line one", []string{"input notes=Line one", "change notes=Line one"}},
		{"Date of birth", "1990-03-05", "1990-03-05", []string{"input born=1990-03-05", "change born=1990-03-05"}},
		{"Date of birth", "05/03/1990", "1990-03-05", []string{"change born=1990-03-05"}},
		{"Date of birth", "March 5, 1990", "1990-03-05", []string{"change born=1990-03-05"}},
		{"Email address", "jas@example.com", "jas@example.com", []string{"change email=jas@example.com"}},
		{"Clinic", "south", "South Side", []string{"change clinic=s"}},
	} {
		t.Run(c.field+"/"+c.text, func(t *testing.T) {
			p := openAt(t, base, "/form.html")
			f := node(t, observe(t, p), roleOf(c.field), c.field)
			res := run(t, p, setValue(f.ID, c.text))
			o := res.Outcomes[0]
			if o.Err != nil {
				t.Fatalf("setValue: %v", o.Err)
			}
			if o.Target == nil || o.Target.Value != c.want {
				t.Errorf("value after = %+v, want %q", o.Target, c.want)
			}
			text := pageText(t, p)
			for _, e := range c.events {
				if !strings.Contains(text, e) {
					t.Errorf("event %q not logged; page says:\n%s", e, text)
				}
			}
		})
	}
}

func roleOf(field string) string {
	switch field {
	case "Notes":
		return page.RoleTextarea
	case "Clinic":
		return page.RoleSelect
	}
	return page.RoleInput
}

// TestSetValueReplaces types over a value that is already there.
func TestSetValueReplaces(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/form.html")
	// A MinWait far above what a loaded machine adds to a step keeps the two waits apart.
	const minWait = 3 * time.Second
	p.SetStability(browser.Stability{MinWait: minWait})
	obs := observe(t, p)
	first := node(t, obs, page.RoleInput, "First name").ID
	email := node(t, obs, page.RoleInput, "Email address").ID
	res := run(t, p, setValue(first, "Jas"), setValue(first, "Kim"), setValue(email, "a@b.c"), setValue(email, "x@y.z"), setValue(first, ""))
	if res.FailedIndex != -1 {
		t.Fatalf("chain: %v", res.Outcomes[res.FailedIndex].Err)
	}
	if v := res.Outcomes[1].Target.Value; v != "Kim" {
		t.Errorf("first name after retyping = %q", v)
	}
	if v := res.Outcomes[3].Target.Value; v != "x@y.z" {
		t.Errorf("email after retyping = %q", v)
	}
	if v := res.Outcomes[4].Target.Value; v != "" {
		t.Errorf("first name after clearing = %q", v)
	}
	// Between form-fill steps the light wait applies; after the last, the full one.
	for _, o := range res.Outcomes[:4] {
		if o.DurationMs >= minWait.Milliseconds() {
			t.Errorf("step %d took %d ms: the light wait should skip MinWait", o.Index, o.DurationMs)
		}
	}
	if last := res.Outcomes[4].DurationMs; last < minWait.Milliseconds() {
		t.Errorf("last step took %d ms, less than MinWait", last)
	}
}

func TestSelectAndCheck(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/form.html")
	obs := observe(t, p)
	clinic := node(t, obs, page.RoleSelect, "Clinic").ID
	consent := node(t, obs, page.RoleCheckbox, "I consent").ID
	mail := node(t, obs, page.RoleRadio, "Mail").ID
	sel := func(o string) page.Action { return page.Action{Kind: page.Select, ID: clinic, Text: o} }
	check := func(id string) page.Action { return page.Action{Kind: page.Check, ID: id} }
	uncheck := func(id string) page.Action { return page.Action{Kind: page.Uncheck, ID: id} }

	res := run(t, p, sel("East"), sel("s"), check(consent), check(consent), check(mail), uncheck(consent))
	if res.FailedIndex != -1 {
		t.Fatalf("chain: %v", res.Outcomes[res.FailedIndex].Err)
	}
	if v := res.Outcomes[0].Target.Value; v != "East" {
		t.Errorf("select by text: %q", v)
	}
	if v := res.Outcomes[1].Target.Value; v != "South Side" {
		t.Errorf("select by value: %q", v)
	}
	if !res.Outcomes[2].Target.Has("checked") || !res.Outcomes[3].Target.Has("checked") {
		t.Error("check did not check, or a second check unchecked")
	}
	if !res.Outcomes[4].Target.Has("checked") {
		t.Error("radio not checked")
	}
	if res.Outcomes[5].Target.Has("checked") {
		t.Error("uncheck left it checked")
	}
	text := pageText(t, p)
	if strings.Count(text, "change consent=") != 2 {
		t.Errorf("consent should change twice (second check is a no-op):\n%s", text)
	}

	o := run(t, p, sel("Westminster")).Outcomes[0]
	if o.Err == nil || o.Err.Kind != page.ErrInvalid || !strings.Contains(o.Err.Message, "South Side") {
		t.Errorf("unknown option: %+v, want invalid listing the options", o.Err)
	}
}

func TestPressEnterSubmits(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/form.html")
	obs := observe(t, p)
	res := run(t, p,
		setValue(node(t, obs, page.RoleInput, "First name").ID, "Jas"),
		setValue(node(t, obs, page.RoleInput, "Last name").ID, "Patel"),
		page.Action{Kind: page.Press, Text: "Enter"},
	)
	if res.FailedIndex != -1 {
		t.Fatalf("chain: %v", res.Outcomes[res.FailedIndex].Err)
	}
	after := observe(t, p)
	if !after.HasSuccess || !contains(after.Messages, "Saved Jas Patel") {
		t.Errorf("submit by Enter: success %v, messages %q", after.HasSuccess, after.Messages)
	}
	if !res.Outcomes[2].DidDomMutate {
		t.Error("the submit changed the page, but DidDomMutate is false")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.Contains(x, s) {
			return true
		}
	}
	return false
}

func TestActionErrors(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/form.html")
	obs := observe(t, p)
	archive := node(t, obs, page.RoleButton, "Archive").ID
	first := node(t, obs, page.RoleInput, "First name").ID
	for _, c := range []struct {
		name string
		a    page.Action
		want page.ErrorKind
	}{
		{"missing id", click("9999"), page.ErrNotFound},
		{"disabled button", click(archive), page.ErrDisabled},
		{"select on a text field", page.Action{Kind: page.Select, ID: first, Text: "x"}, page.ErrInvalid},
		{"unknown key", page.Action{Kind: page.Press, Text: "Hyper"}, page.ErrInvalid},
		{"bad scroll", page.Action{Kind: page.ScrollTo, Text: "sideways"}, page.ErrInvalid},
		{"date nonsense", setValue(node(t, obs, page.RoleInput, "Date of birth").ID, "soon"), page.ErrInvalid},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := run(t, p, c.a, click(first))
			o := res.Outcomes[0]
			if o.Err == nil || o.Err.Kind != c.want {
				t.Fatalf("got %+v, want %s", o.Err, c.want)
			}
			if res.FailedIndex != 0 || len(res.Outcomes) != 1 {
				t.Errorf("chain went on after the failure: %+v", res)
			}
		})
	}
	// CanFail lets the chain go on.
	a := click("9999")
	a.CanFail = true
	res := run(t, p, a, click(first))
	if res.FailedIndex != -1 || len(res.Outcomes) != 2 || res.Executed() != 1 {
		t.Errorf("canFail chain: %+v", res)
	}
}

func TestNavigateAndGoBack(t *testing.T) {
	t.Parallel()
	base := fixtures(t)
	p := openAt(t, base, "/page1.html")
	link := node(t, observe(t, p), page.RoleLink, "Go to two")
	res := run(t, p, click(link.ID))
	o := res.Outcomes[0]
	if o.Err != nil || !o.DidURLChange || !strings.HasSuffix(o.URLAfter, "/page2.html") || o.Target != nil {
		t.Fatalf("click a link: %+v", o)
	}
	if p.URL() != base+"/page2.html" {
		t.Errorf("URL() = %q", p.URL())
	}
	node(t, observe(t, p), page.RoleButton, "Press")

	res = run(t, p, page.Action{Kind: page.GoBack})
	o = res.Outcomes[0]
	if o.Err != nil || !o.DidURLChange || !strings.HasSuffix(o.URLAfter, "/page1.html") {
		t.Fatalf("goBack: %+v", o)
	}
	node(t, observe(t, p), page.RoleLink, "Go to two")

	res = run(t, p, page.Action{Kind: page.Navigate, Text: "/page2.html"})
	if o := res.Outcomes[0]; o.Err != nil || !o.DidURLChange || o.URLAfter != base+"/page2.html" {
		t.Fatalf("navigate to a path: %+v", o)
	}
	res = run(t, p, page.Action{Kind: page.Navigate, Text: base + "/missing.html"})
	if o := res.Outcomes[0]; o.Err != nil {
		t.Errorf("a 404 page still loads: %v", o.Err)
	}
}

// TestStabilityWaitsForFetch: the click starts a request 150 ms later that answers 300 ms
// after that; the wait must outlast both, so the next observation shows the answer.
func TestStabilityWaitsForFetch(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/fetch.html")
	load := node(t, observe(t, p), page.RoleButton, "Load")
	res := run(t, p, click(load.ID))
	o := res.Outcomes[0]
	if o.Err != nil || !o.DidNetworkOccur || !o.DidDomMutate {
		t.Fatalf("click: %+v", o)
	}
	if !strings.Contains(pageText(t, p), "result ready") {
		t.Error("the observation after the wait does not show the fetched result")
	}
	if !res.DidNetworkOccur {
		t.Error("chain result does not OR the outcomes")
	}
}

// TestStabilityIgnoresEventStream: an open EventSource must not hold the wait to MaxWait.
func TestStabilityIgnoresEventStream(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/sse.html")
	tap := node(t, observe(t, p), page.RoleButton, "Tap")
	start := time.Now()
	o := run(t, p, click(tap.ID)).Outcomes[0]
	if o.Err != nil {
		t.Fatal(o.Err)
	}
	if d := time.Since(start); d > 2500*time.Millisecond {
		t.Errorf("click took %v: the event stream held the wait", d)
	}
	if o.DurationMs < 500 {
		t.Errorf("click took %d ms, less than MinWait", o.DurationMs)
	}
}

func TestAllowedDomains(t *testing.T) {
	t.Parallel()
	base := fixtures(t) // http://127.0.0.1:port
	other := strings.Replace(base, "127.0.0.1", "localhost", 1)
	p := openAt(t, base, "/page1.html")
	p.SetAllowedDomains([]string{"127.0.0.1"})

	o := run(t, p, page.Action{Kind: page.Navigate, Text: other + "/page2.html"}).Outcomes[0]
	if o.Err == nil || o.Err.Kind != page.ErrBlocked {
		t.Fatalf("navigate to another host: %+v, want blocked", o.Err)
	}
	if strings.Contains(p.URL(), "localhost") {
		t.Errorf("the blocked page loaded: %s", p.URL())
	}
	err := p.Navigate(testCtx(t), other+"/page2.html")
	if page.KindOf(err) != page.ErrBlocked {
		t.Errorf("Navigate: %v, want kind blocked", err)
	}

	// The page's own request to another host fails at the network layer.
	if err := p.Navigate(testCtx(t), base+"/remote.html?"+other); err != nil {
		t.Fatal(err)
	}
	obs := observe(t, p)
	call := node(t, obs, page.RoleButton, "Call")
	run(t, p, click(call.ID))
	if text := textAfter(t, p, "idle"); !strings.Contains(text, "fetch failed") {
		t.Errorf("cross-host fetch was not blocked: %q", text)
	}
	// A link to another host is refused at the network layer, and the click says so.
	o = run(t, p, click(node(t, obs, page.RoleLink, "Away").ID)).Outcomes[0]
	if o.Err == nil || o.Err.Kind != page.ErrBlocked || !strings.Contains(o.Err.Message, "localhost") {
		t.Errorf("click on a link to another host: %+v, want blocked", o.Err)
	}
	if err := p.Navigate(testCtx(t), base+"/remote.html?"+other); err != nil {
		t.Fatal(err)
	}
	// Allowed again: the same request goes through.
	p.SetAllowedDomains(nil)
	run(t, p, click(node(t, observe(t, p), page.RoleButton, "Call").ID))
	if text := textAfter(t, p, "idle"); !strings.Contains(text, "got result ready") {
		t.Errorf("with no limit the fetch failed: %q", text)
	}
}

func TestClosedTab(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/page1.html")
	p.Close()
	_, err := p.Execute(testCtx(t), []page.Action{{Kind: page.Press, Text: "Tab"}})
	if page.KindOf(err) != page.ErrClosed {
		t.Errorf("execute on a closed tab: %v, want kind closed", err)
	}
	if _, err := p.Observe(testCtx(t)); page.KindOf(err) != page.ErrClosed {
		t.Errorf("observe on a closed tab: %v, want kind closed", err)
	}
}

func TestContextCancel(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/page1.html")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := p.Execute(ctx, []page.Action{{Kind: page.Wait, Ms: 5000}})
	if err == nil || time.Since(start) > 2*time.Second {
		t.Errorf("a cancelled wait returned %v after %v", err, time.Since(start))
	}
	// The tab survives the caller's cancellation.
	if _, err := p.Observe(testCtx(t)); err != nil {
		t.Errorf("observe after a cancelled call: %v", err)
	}
}

func TestFindNamesThePackage(t *testing.T) {
	t.Parallel()
	_, err := browser.Find("/nonexistent/chrome")
	if err == nil || !strings.Contains(err.Error(), "chromium") {
		t.Errorf("Find with a bad path: %v", err)
	}
}

func TestDialogHoverAndEvents(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/dialog.html")
	obs := observe(t, p)
	res := run(t, p, click(node(t, obs, page.RoleButton, "Delete").ID))
	if res.FailedIndex != -1 {
		t.Fatal(res.Outcomes[0].Err)
	}
	after := observe(t, p)
	if !contains(after.RecentEvents, "confirm: Delete Jas?") || !contains(after.RecentEvents, "text: p#out 'deleted'") {
		t.Errorf("recent events = %q", after.RecentEvents)
	}
	if again := observe(t, p); len(again.RecentEvents) != 0 {
		t.Errorf("recent events not cleared on read: %q", again.RecentEvents)
	}
	res = run(t, p, page.Action{Kind: page.Hover, ID: node(t, obs, page.RoleButton, "Hover me").ID})
	if res.FailedIndex != -1 || !strings.Contains(pageText(t, p), "hovered") {
		t.Errorf("hover: %+v", res.Outcomes[0].Err)
	}
}

func TestSetValueRichText(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/editor.html")
	ed := node(t, observe(t, p), page.RoleTextarea, "Message")
	o := run(t, p, setValue(ed.ID, "Hello Jas")).Outcomes[0]
	if o.Err != nil {
		t.Fatal(o.Err)
	}
	if text := pageText(t, p); !strings.Contains(text, "input insertText: Hello Jas") || strings.Contains(text, "old text") {
		t.Errorf("rich text editor after setValue:\n%s", text)
	}
}

// TestClickMenuOpenedByHover clicks a menu button that opens when the pointer arrives (and
// would close on the press) and one that opens on the press only: both end open, and their
// items can be clicked (docs/decisions.md, D-46).
func TestClickMenuOpenedByHover(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ button, item, status string }{
		{"Export ▸", "CSV", "Exported as CSV"},
		{"More", "Print", "Printing"},
	} {
		t.Run(c.button, func(t *testing.T) {
			p := openAt(t, fixtures(t), "/hovermenu.html")
			btn := node(t, observe(t, p), page.RoleButton, c.button)
			if res := run(t, p, click(btn.ID)); res.FailedIndex != -1 {
				t.Fatalf("click %s: %v", c.button, res.Outcomes[res.FailedIndex].Err)
			}
			item := node(t, observe(t, p), page.RoleMenuItem, c.item)
			if res := run(t, p, click(item.ID)); res.FailedIndex != -1 {
				t.Fatalf("click %s: %v", c.item, res.Outcomes[res.FailedIndex].Err)
			}
			if text := pageText(t, p); !strings.Contains(text, c.status) {
				t.Errorf("page after the item's click:\n%s\nwant %q", text, c.status)
			}
		})
	}
}

// TestPressedToggles shows which toggle button of a group is held down, before and after a
// click moves it: the only sign of a segmented control's choice.
func TestPressedToggles(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/toggles.html")
	obs := observe(t, p)
	metric, us := node(t, obs, page.RoleButton, "Metric"), node(t, obs, page.RoleButton, "US cups")
	if !metric.Has("pressed") || us.Has("pressed") {
		t.Fatalf("before: Metric %q, US cups %q; want only Metric pressed", metric.State, us.State)
	}
	if res := run(t, p, click(us.ID)); res.FailedIndex != -1 {
		t.Fatalf("click: %v", res.Outcomes[res.FailedIndex].Err)
	}
	obs = observe(t, p)
	metric, us = node(t, obs, page.RoleButton, "Metric"), node(t, obs, page.RoleButton, "US cups")
	if metric.Has("pressed") || !us.Has("pressed") {
		t.Errorf("after: Metric %q, US cups %q; want only US cups pressed", metric.State, us.State)
	}
}

// TestClickAfterTabSwitch clicks the button of the panel a tab showed, named like the one
// of the panel it hid: the id the hidden button had goes to the shown one, and the click
// lands on the shown one.
func TestClickAfterTabSwitch(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/daytabs.html")
	tue := node(t, observe(t, p), page.RoleTab, "Tue")
	if res := run(t, p, click(tue.ID)); res.FailedIndex != -1 {
		t.Fatalf("click Tue: %v", res.Outcomes[res.FailedIndex].Err)
	}
	book := node(t, observe(t, p), page.RoleButton, "Book")
	if res := run(t, p, click(book.ID)); res.FailedIndex != -1 {
		t.Fatalf("click Book: %v", res.Outcomes[res.FailedIndex].Err)
	}
	if text := pageText(t, p); !strings.Contains(text, "Booked Tue Yoga") {
		t.Errorf("page after the click:\n%s\nwant the shown panel's Book pressed", text)
	}
}
