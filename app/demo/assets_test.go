package demo

import (
	"io/fs"
	"net/http"
	"os/exec"
	"path"
	"regexp"
	"strings"
	"testing"
)

func embeddedFiles(t *testing.T, ext string) []string {
	t.Helper()
	var files []string
	err := fs.WalkDir(web, "web", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ext) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no embedded %s files", ext)
	}
	return files
}

// TestScriptsParse catches JavaScript syntax errors, which otherwise show
// up only in a browser. The embedded files are the ones on disk.
func TestScriptsParse(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to check the demo's scripts; build/setup.sh installs it")
	}
	for _, f := range embeddedFiles(t, ".js") {
		out, err := exec.CommandContext(t.Context(), node, "--check", f).CombinedOutput()
		if err != nil {
			t.Errorf("node --check %s: %v\n%s", f, err, out)
		}
	}
}

// TestNoExternalResources: the demo runs offline, so nothing may load
// from another origin.
func TestNoExternalResources(t *testing.T) {
	external := regexp.MustCompile(`(?i)(src|href|action)\s*=\s*["']?\s*(https?:)?//|url\(\s*["']?\s*(https?:)?//|@import|fetch\(\s*["'` + "`" + `]https?:`)
	for _, ext := range []string{".html", ".css", ".js"} {
		for _, f := range embeddedFiles(t, ext) {
			b, err := fs.ReadFile(web, f)
			if err != nil {
				t.Fatal(err)
			}
			if m := external.Find(b); m != nil {
				t.Errorf("%s loads an outside resource: %s", f, m)
			}
		}
	}
}

// TestPageStructure checks every page's markup for what assistive tools
// and the agent rely on: each label points at an existing control, ids are
// unique, and every referenced static file exists.
func TestPageStructure(t *testing.T) {
	labelFor := regexp.MustCompile(`<label for="([^"]+)"`)
	ids := regexp.MustCompile(`\sid="([^"]+)"`)
	static := regexp.MustCompile(`(?:src|href)="/static/([^"]+)"`)
	s := newTestSite(t)
	for _, p := range sitePages() {
		pagePath := strings.TrimPrefix(p.pattern, "GET ")
		pagePath = strings.TrimSuffix(pagePath, "{$}")
		t.Run(pagePath, func(t *testing.T) {
			body := serve(t, s, http.MethodGet, pagePath, "").Body.String()
			seen := make(map[string]bool)
			for _, m := range ids.FindAllStringSubmatch(body, -1) {
				if seen[m[1]] {
					t.Errorf("duplicate id %q", m[1])
				}
				seen[m[1]] = true
			}
			for _, m := range labelFor.FindAllStringSubmatch(body, -1) {
				if !seen[m[1]] {
					t.Errorf("label for %q has no element with that id", m[1])
				}
			}
			if n := strings.Count(body, "<h1>"); n != 1 {
				t.Errorf("%d h1 elements, want 1", n)
			}
			for _, m := range static.FindAllStringSubmatch(body, -1) {
				if _, err := fs.Stat(web, path.Join("web/static", m[1])); err != nil {
					t.Errorf("page refers to missing /static/%s", m[1])
				}
				if rec := serve(t, s, http.MethodGet, "/static/"+m[1], ""); rec.Code != http.StatusOK {
					t.Errorf("GET /static/%s: %d", m[1], rec.Code)
				}
			}
		})
	}
}

func TestStaticContentTypes(t *testing.T) {
	s := newTestSite(t)
	tests := []struct{ path, want string }{
		{"/static/style.css", "text/css; charset=utf-8"},
		{"/static/common.js", "text/javascript; charset=utf-8"},
		{"/static/favicon.svg", "image/svg+xml"},
	}
	for _, tt := range tests {
		rec := serve(t, s, http.MethodGet, tt.path, "")
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != tt.want {
			t.Errorf("GET %s: %d %q, want 200 %q", tt.path, rec.Code, rec.Header().Get("Content-Type"), tt.want)
		}
	}
}
