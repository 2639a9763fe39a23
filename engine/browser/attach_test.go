package browser_test

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/page"
)

// runningChrome starts a Chrome of its own with a DevTools port, as a person would, and
// returns its DevTools websocket address.
func runningChrome(t *testing.T) string {
	t.Helper()
	path, err := browser.Find("")
	if err != nil {
		t.Fatal(err)
	}
	// Chrome's helper processes can still write into the profile after the main one has
	// exited, so the profile is removed by hand, ignoring what is left.
	dir, err := os.MkdirTemp("", "errand-attach-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--remote-debugging-port=0", "--user-data-dir="+dir, "about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.Process.Signal(os.Interrupt) != nil {
			cmd.Process.Kill()
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		os.RemoveAll(dir)
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if _, ws, ok := strings.Cut(sc.Text(), "DevTools listening on "); ok {
				found <- ws
				break
			}
		}
		for sc.Scan() {
		}
	}()
	select {
	case ws := <-found:
		return ws
	case <-time.After(30 * time.Second):
		t.Fatal("the browser did not print its DevTools address")
	}
	return ""
}

// TestAttach drives the page of a browser Errand did not start, then leaves without
// closing the browser or its tab.
func TestAttach(t *testing.T) {
	t.Parallel()
	ws := runningChrome(t)
	base := fixtures(t)
	ctx := testCtx(t)
	b, err := browser.Launch(ctx, browser.Config{Attach: ws})
	if err != nil {
		t.Fatal(err)
	}
	p, err := b.ActivePage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Navigate(ctx, base+"/page1.html"); err != nil {
		t.Fatal(err)
	}
	obs, err := p.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	link := node(t, obs, page.RoleLink, "Go to two")
	res, err := p.Execute(ctx, []page.Action{click(link.ID)})
	if err != nil || res.FailedIndex != -1 {
		t.Fatalf("execute: %v %+v", err, res)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}

	// Attach again: the browser is alive and its tab still shows page two.
	b2, err := browser.Launch(ctx, browser.Config{Attach: ws})
	if err != nil {
		t.Fatalf("the browser did not survive the detach: %v", err)
	}
	defer b2.Close()
	p2, err := b2.ActivePage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	obs, err = p2.Observe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(obs.URL, "/page2.html") {
		t.Errorf("the person's tab shows %s, want page two", obs.URL)
	}
}

// TestLaunchProfile launches with a persistent profile and checks Chrome wrote into it.
func TestLaunchProfile(t *testing.T) {
	t.Parallel()
	tmp, err := os.MkdirTemp("", "errand-profile-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp) // helper processes may outlive Close; what they leave is ignored
	dir := tmp + "/profile"
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b, err := browser.Launch(ctx, browser.Config{Headless: true, ProfileDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	p, err := b.NewPage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Navigate(ctx, "about:blank"); err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		t.Errorf("profile dir %s is empty after a run: %v", dir, err)
	}
	if _, err := b.NewPage(ctx); err == nil {
		t.Error("NewPage on a closed browser succeeded")
	}
}
