package demo

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
)

// web holds the templates and static files. go:embed needs a package-level
// variable; it is read-only, so it is not shared mutable state.
//
//go:embed web
var web embed.FS

// The choices the forms offer; the API accepts exactly these values.
// Functions, not variables, so no caller can change them for everyone.
func genders() []string   { return []string{"Female", "Male", "Other", "Prefer not to say"} }
func countries() []string { return []string{"Germany", "France", "Spain", "Other"} }
func languages() []option {
	return []option{{"en", "English"}, {"es", "Español"}, {"fr", "Français"}}
}

type option struct{ Value, Label string }

// pageData is what every page template receives; each page uses the
// fields it needs.
type pageData struct {
	Title     string
	Nav       string // which header link is the current page
	Script    string // page script under /static/, "" = none
	Patients  []Patient
	Settings  Settings
	Genders   []string
	Countries []string
	Languages []option
	Report    reportFigures
	Query     string         // the search page's ?q=
	Results   []searchResult // its answers
	SaveLabel string         // the new-patient form's save button; "" = Save
}

// searchResult is one answer of the help search, the web search stand-in of the tests.
type searchResult struct{ Title, Snippet string }

// helpArticles are what the help search finds; a result matches when it shares a word
// with the query.
func helpArticles() []searchResult {
	return []searchResult{
		{"Opening hours", "The clinic is open Monday to Friday, 8:00 to 18:00, and closed on public holidays."},
		{"Parking", "Free parking is behind the building; two spaces are kept for disabled drivers."},
		{"Repeat prescriptions", "Ask for repeat prescriptions two working days before you need them."},
	}
}

func searchHelp(q string) []searchResult {
	var out []searchResult
	words := strings.Fields(strings.ToLower(q))
	for _, a := range helpArticles() {
		text := strings.ToLower(a.Title + " " + a.Snippet)
		for _, w := range words {
			if len(w) > 3 && strings.Contains(text, w) {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

type reportFigures struct{ Patients, Contacts int }

// page describes one HTML page of the site.
type page struct {
	pattern string
	file    string // template under web/templates
	title   string
	nav     string
	script  string
	fill    func(s *Site, d *pageData) // adds live state; nil = none
}

func sitePages() []page {
	patients := func(s *Site, d *pageData) { d.Patients = s.Patients() }
	return []page{
		{pattern: "GET /{$}", file: "patients.html", title: "Patients", nav: "patients", script: "patients.js", fill: patients},
		{pattern: "GET /patients", file: "patients.html", title: "Patients", nav: "patients", script: "patients.js", fill: patients},
		{pattern: "GET /patients/new", file: "patient_new.html", title: "New patient", nav: "new", script: "patient-form.js",
			fill: func(s *Site, d *pageData) { d.Genders, d.SaveLabel = genders(), s.SaveLabel() }},
		{pattern: "GET /reports", file: "reports.html", title: "Reports", nav: "reports"},
		{pattern: "GET /reports/monthly", file: "report_monthly.html", title: "Monthly report", nav: "reports",
			fill: func(s *Site, d *pageData) {
				d.Report = reportFigures{Patients: len(s.Patients()), Contacts: len(s.Contacts())}
			}},
		{pattern: "GET /reports/archive", file: "report_archive.html", title: "Monthly report archive", nav: "reports"},
		{pattern: "GET /links", file: "links.html", title: "Quick links"},
		{pattern: "GET /details/lab", file: "details_lab.html", title: "Lab results"},
		{pattern: "GET /details/rx", file: "details_rx.html", title: "Prescriptions"},
		{pattern: "GET /settings", file: "settings.html", title: "Settings", nav: "settings", script: "settings.js",
			fill: func(s *Site, d *pageData) { d.Settings = s.Settings(); d.Languages = languages() }},
		{pattern: "GET /slow", file: "slow.html", title: "Slow page", script: "slow.js"},
		{pattern: "GET /search", file: "search.html", title: "Help search",
			fill: func(_ *Site, d *pageData) { d.Results = searchHelp(d.Query) }},
		{pattern: "GET /form5", file: "form5.html", title: "Contact details", script: "contact.js",
			fill: func(_ *Site, d *pageData) { d.Countries = countries() }},
	}
}

// mustParsePages parses each page together with the layout. The templates
// are embedded, so a parse error is a bug in this package that any test
// run catches; panicking keeps New's signature simple.
func mustParsePages() map[string]*template.Template {
	files := []string{"notfound.html"}
	for _, p := range sitePages() {
		files = append(files, p.file)
	}
	out := make(map[string]*template.Template, len(files))
	for _, f := range files {
		if _, ok := out[f]; ok {
			continue
		}
		out[f] = template.Must(template.New(f).ParseFS(web, "web/templates/layout.html", "web/templates/"+f))
	}
	return out
}

func (s *Site) pageRoutes(mux *http.ServeMux) {
	for _, p := range sitePages() {
		mux.HandleFunc(p.pattern, func(w http.ResponseWriter, r *http.Request) {
			s.recordVisit(r.URL.Path)
			d := pageData{Title: p.title, Nav: p.nav, Script: p.script, Query: r.URL.Query().Get("q")}
			if p.fill != nil {
				p.fill(s, &d)
			}
			s.render(w, r, http.StatusOK, p.file, d)
		})
	}
}

// notFound answers any path no other route claims: JSON under /api/, an
// HTML page elsewhere.
func (s *Site) notFound(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/api" || strings.HasPrefix(r.URL.Path, "/api/") {
		writeJSON(w, http.StatusNotFound, apiError{Error: "Not found"})
		return
	}
	s.render(w, r, http.StatusNotFound, "notfound.html", pageData{Title: "Page not found"})
}

// render executes into a buffer first so a template error becomes a clean
// 500 instead of half a page.
func (s *Site) render(w http.ResponseWriter, r *http.Request, status int, file string, d pageData) {
	var buf bytes.Buffer
	if err := s.pages[file].ExecuteTemplate(&buf, "layout", d); err != nil {
		s.log.ErrorContext(r.Context(), "demo render", slog.String("page", file), slog.Any("err", err))
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// Pages show live state; a cached list after a save would mislead.
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// staticHandler serves web/static without directory listings.
func staticHandler() http.Handler {
	sub, err := fs.Sub(web, "web/static")
	if err != nil {
		// fs.Sub fails only on an invalid path literal.
		panic(err)
	}
	files := http.StripPrefix("/static/", http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
