package demo

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

var testNow = time.Date(2026, 4, 1, 9, 30, 0, 0, time.UTC)

func newTestSite(t *testing.T) *Site {
	t.Helper()
	return New(Options{
		SaveDelay: time.Millisecond,
		SlowDelay: time.Millisecond,
		Now:       func() time.Time { return testNow },
	})
}

// serve sends one request straight to the site's handler.
func serve(t *testing.T, s *Site, method, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	var req *http.Request
	if body == "" {
		req = httptest.NewRequest(method, path, nil)
	} else {
		req = httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	return rec
}

var navLinks = []string{
	`<a href="/patients"`, `>Patients</a>`,
	`<a href="/patients/new"`, `>New patient</a>`,
	`<a href="/reports"`, `>Reports</a>`,
	`<a href="/settings"`, `>Settings</a>`,
	`<nav aria-label="Main">`,
}

func TestPages(t *testing.T) {
	tests := []struct {
		path  string
		title string
		want  []string
	}{
		{"/", "Patients", []string{
			`<h1>Patients</h1>`,
			`<a href="/patients" aria-current="page">Patients</a>`,
			`<a class="button" href="/patients/new">New patient</a>`,
			`<label for="search">Search patients</label>`,
			`<input type="search" id="search"`,
			`<th scope="row">Maria Lopez</th>`,
			`<th scope="row">Tom Baker</th>`,
			`data-delete="1">Delete</button>`,
			`data-delete="2">Delete</button>`,
			`<dialog id="confirm-delete"`,
			`id="confirm-cancel">Cancel</button>`,
			`id="confirm-ok">Delete patient</button>`,
			`<p id="list-status" class="status" role="status"></p>`,
			`<script src="/static/patients.js" defer></script>`,
		}},
		{"/patients", "Patients", []string{`<h1>Patients</h1>`, `<th scope="row">Maria Lopez</th>`}},
		{"/patients/new", "New patient", []string{
			`<h1>New patient</h1>`,
			`<a href="/patients/new" aria-current="page">New patient</a>`,
			`<form id="patient-form" class="card form" novalidate>`,
			`<label for="name">Name</label>`,
			`<input type="text" id="name" name="name" required`,
			`<label for="dob">Date of birth</label>`,
			`<input type="date" id="dob" name="dob"`,
			`<label for="gender">Gender</label>`,
			`<select id="gender" name="gender">`,
			`<option value="">Select…</option>`,
			`<option value="Female">Female</option>`,
			`<option value="Male">Male</option>`,
			`<option value="Other">Other</option>`,
			`<option value="Prefer not to say">Prefer not to say</option>`,
			`<label for="phone">Phone</label>`,
			`<input type="tel" id="phone" name="phone"`,
			`<label for="notes">Notes</label>`,
			`<textarea id="notes" name="notes"`,
			`<button type="submit" class="button" id="save">`,
			`<span class="button-label">Save</span></button>`,
			`<a class="button secondary" href="/patients">Cancel</a>`,
			`<p id="form-status" class="status" role="status"></p>`,
			`<p id="name-error" class="field-error" role="alert"></p>`,
		}},
		{"/reports", "Reports", []string{
			`<h1>Reports</h1>`,
			`<a href="/reports/monthly">Monthly report</a>`,
			`<a href="/reports/archive">Monthly report archive</a>`,
		}},
		{"/reports/monthly", "Monthly report", []string{`<h1>Monthly report</h1>`, `<td>2</td>`}},
		{"/reports/archive", "Monthly report archive", []string{`<h1>Monthly report archive</h1>`}},
		{"/links", "Quick links", []string{
			`<h2 id="lab-title">Lab results</h2>`,
			`<a href="/details/lab">Details</a>`,
			`<h2 id="rx-title">Prescriptions</h2>`,
			`<a href="/details/rx">Details</a>`,
		}},
		{"/details/lab", "Lab results", []string{`<h1>Lab results</h1>`}},
		{"/details/rx", "Prescriptions", []string{`<h1>Prescriptions</h1>`}},
		{"/settings", "Settings", []string{
			`<h1>Settings</h1>`,
			`<a href="/settings" aria-current="page">Settings</a>`,
			`<input type="checkbox" id="email-reminders" name="emailReminders">`,
			`<label for="email-reminders">Email reminders</label>`,
			`<input type="checkbox" id="remember-me" name="rememberMe">`,
			`<label for="remember-me">Remember me</label>`,
			`<label for="language">Language</label>`,
			`<option value="en" selected>English</option>`,
			`<option value="es">Español</option>`,
			`<option value="fr">Français</option>`,
			`<span class="button-label">Save settings</span></button>`,
			`<p id="settings-status" class="status" role="status"></p>`,
			`<div id="welcome" class="overlay">`,
			`role="dialog" aria-modal="true" aria-labelledby="welcome-title"`,
			`<h2 id="welcome-title">Welcome to Settings</h2>`,
			`id="welcome-ok" autofocus>Got it</button>`,
		}},
		{"/slow", "Slow page", []string{`id="slow-content"`, `Loading…`, `<script src="/static/slow.js" defer></script>`}},
		{"/form5", "Contact details", []string{
			`<h1>Contact details</h1>`,
			`<label for="first-name">First name</label>`,
			`<label for="last-name">Last name</label>`,
			`<label for="email">Email</label>`,
			`<input type="email" id="email" name="email"`,
			`<label for="city">City</label>`,
			`<label for="country">Country</label>`,
			`<option value="Germany">Germany</option>`,
			`<option value="France">France</option>`,
			`<option value="Spain">Spain</option>`,
			`<option value="Other">Other</option>`,
			`<span class="button-label">Submit</span></button>`,
			`<p id="contact-status" class="status" role="status"></p>`,
		}},
	}
	s := newTestSite(t)
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := serve(t, s, http.MethodGet, tt.path, "")
			if rec.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", rec.Code)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			body := rec.Body.String()
			want := append([]string{"<title>" + tt.title + "</title>"}, navLinks...)
			for _, w := range append(want, tt.want...) {
				if !strings.Contains(body, w) {
					t.Errorf("page lacks %s", w)
				}
			}
		})
	}
}

func TestSettingsPageShowsSavedState(t *testing.T) {
	s := newTestSite(t)
	s.saveSettings(Settings{EmailReminders: true, RememberMe: true, Language: "fr"})
	body := serve(t, s, http.MethodGet, "/settings", "").Body.String()
	for _, w := range []string{
		`id="email-reminders" name="emailReminders" checked>`,
		`id="remember-me" name="rememberMe" checked>`,
		`<option value="fr" selected>Français</option>`,
	} {
		if !strings.Contains(body, w) {
			t.Errorf("page lacks %s", w)
		}
	}
}

func TestPatientListEscapesNames(t *testing.T) {
	s := newTestSite(t)
	s.addPatient(Patient{Name: `<b>Bobby</b> "Tables"`})
	body := serve(t, s, http.MethodGet, "/patients", "").Body.String()
	if strings.Contains(body, "<b>Bobby</b>") {
		t.Fatal("patient name rendered unescaped")
	}
	if !strings.Contains(body, "&lt;b&gt;Bobby&lt;/b&gt;") {
		t.Fatal("escaped patient name missing")
	}
}

func TestNotFound(t *testing.T) {
	s := newTestSite(t)
	tests := []struct {
		method, path, wantType string
	}{
		{http.MethodGet, "/nope", "text/html; charset=utf-8"},
		{http.MethodGet, "/patients/new/extra", "text/html; charset=utf-8"},
		{http.MethodGet, "/api/nope", "application/json; charset=utf-8"},
		{http.MethodGet, "/static/", "text/plain; charset=utf-8"},
		{http.MethodGet, "/static/missing.js", "text/plain; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := serve(t, s, tt.method, tt.path, "")
			if rec.Code != http.StatusNotFound {
				t.Fatalf("status = %d, want 404", rec.Code)
			}
			if ct := rec.Header().Get("Content-Type"); ct != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", ct, tt.wantType)
			}
		})
	}
	if n := s.Visits("/nope"); n != 0 {
		t.Errorf("Visits(/nope) = %d, want 0", n)
	}
}

func TestVisits(t *testing.T) {
	s := newTestSite(t)
	for _, p := range []string{"/details/rx", "/details/rx", "/links", "/static/style.css", "/api/patients"} {
		serve(t, s, http.MethodGet, p, "")
	}
	tests := []struct {
		path string
		want int
	}{
		{"/details/rx", 2},
		{"/details/lab", 0},
		{"/links", 1},
		{"/static/style.css", 0},
		{"/api/patients", 0},
	}
	for _, tt := range tests {
		if got := s.Visits(tt.path); got != tt.want {
			t.Errorf("Visits(%q) = %d, want %d", tt.path, got, tt.want)
		}
	}
	s.Reset()
	if got := s.Visits("/details/rx"); got != 0 {
		t.Errorf("after Reset, Visits(/details/rx) = %d, want 0", got)
	}
}

func TestSecurityHeaders(t *testing.T) {
	s := newTestSite(t)
	for _, p := range []string{"/", "/api/patients", "/static/style.css"} {
		rec := serve(t, s, http.MethodGet, p, "")
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s: Content-Security-Policy = %q", p, csp)
		}
	}
}

func newRecorder() *httptest.ResponseRecorder { return httptest.NewRecorder() }

// cancelledRequest returns a request whose context the caller cancels, as
// when a browser tab is closed mid-request.
func cancelledRequest(method, path, body string) (*http.Request, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequestWithContext(ctx, method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return req, cancel
}
