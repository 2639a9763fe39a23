package demo

import (
	"net/http"
	"testing"
)

func TestScenarioList(t *testing.T) {
	want := []struct{ name, path, expect string }{
		{"add a patient", "/patients/new", ExpectCompleted},
		{"full patient form", "/patients/new", ExpectCompleted},
		{"settings behind a modal", "/settings", ExpectCompleted},
		{"ambiguous link", "/links", ExpectAsked},
		{"ambiguous link answered", "/links", ExpectCompleted},
		{"navigate and fill", "/patients", ExpectCompleted},
		{"contact form", "/form5", ExpectCompleted},
		{"delete asks first", "/patients", ExpectAsked},
		{"delete confirmed", "/patients", ExpectCompleted},
	}
	got := Scenarios()
	if len(got) != len(want) {
		t.Fatalf("%d scenarios, want %d", len(got), len(want))
	}
	s := newTestSite(t)
	for i, w := range want {
		sc := got[i]
		if sc.Name != w.name || sc.Path != w.path || sc.Expect != w.expect {
			t.Errorf("scenario %d = {%q %q %q}, want %v", i, sc.Name, sc.Path, sc.Expect, w)
		}
		if sc.Goal == "" || sc.Check == nil {
			t.Errorf("scenario %q: empty goal or nil check", sc.Name)
		}
		if rec := serve(t, s, http.MethodGet, sc.Path, ""); rec.Code != http.StatusOK {
			t.Errorf("scenario %q: start page %s answers %d", sc.Name, sc.Path, rec.Code)
		}
	}
	if a := got[4].Answers; len(a) != 1 || a[0] != "Prescriptions" {
		t.Errorf("answers = %q", a)
	}
	if a := got[3].Answers; a != nil {
		t.Errorf("ambiguous link answers = %q, want nil", a)
	}
}

// request is one call the browser makes while an agent does an errand.
type request struct{ method, path, body string }

func TestScenarioChecks(t *testing.T) {
	byName := make(map[string]Scenario)
	for _, sc := range Scenarios() {
		byName[sc.Name] = sc
	}
	tests := []struct {
		scenario string
		desc     string
		calls    []request
		wantPass bool
	}{
		{"add a patient", "done", []request{{"POST", "/api/patients", `{"name":"Jas"}`}}, true},
		{"add a patient", "nothing done", nil, false},
		{"add a patient", "saved twice", []request{
			{"POST", "/api/patients", `{"name":"Jas"}`}, {"POST", "/api/patients", `{"name":"Jas"}`}}, false},
		{"add a patient", "wrong name", []request{{"POST", "/api/patients", `{"name":"Jaz"}`}}, false},

		{"full patient form", "done", []request{{"POST", "/api/patients",
			`{"name":"Ana Silva","dob":"1990-03-05","gender":"Female","phone":"555-0100"}`}}, true},
		{"full patient form", "gender missed", []request{{"POST", "/api/patients",
			`{"name":"Ana Silva","dob":"1990-03-05","phone":"555-0100"}`}}, false},

		{"settings behind a modal", "done", []request{{"POST", "/api/settings", `{"emailReminders":true,"language":"en"}`}}, true},
		{"settings behind a modal", "box unchecked", []request{{"POST", "/api/settings", `{"emailReminders":false,"language":"en"}`}}, false},
		{"settings behind a modal", "not saved", nil, false},

		{"ambiguous link", "asked", []request{{"GET", "/links", ""}}, true},
		{"ambiguous link", "guessed", []request{{"GET", "/links", ""}, {"GET", "/details/lab", ""}}, false},

		{"ambiguous link answered", "done", []request{{"GET", "/links", ""}, {"GET", "/details/rx", ""}}, true},
		{"ambiguous link answered", "wrong link", []request{{"GET", "/details/lab", ""}}, false},
		{"ambiguous link answered", "both", []request{{"GET", "/details/lab", ""}, {"GET", "/details/rx", ""}}, false},
		{"ambiguous link answered", "nothing", nil, false},

		{"navigate and fill", "done", []request{{"GET", "/patients/new", ""}, {"POST", "/api/patients", `{"name":"Lee"}`}}, true},
		{"navigate and fill", "nothing", nil, false},

		{"contact form", "done", []request{{"POST", "/api/contacts",
			`{"firstName":"Jas","lastName":"Kaur","email":"jas@example.com","city":"Leeds","country":"Spain"}`}}, true},
		{"contact form", "country left at default", []request{{"POST", "/api/contacts",
			`{"firstName":"Jas","lastName":"Kaur","email":"jas@example.com","city":"Leeds","country":"Germany"}`}}, false},
		{"contact form", "nothing", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.scenario+"/"+tt.desc, func(t *testing.T) {
			sc, ok := byName[tt.scenario]
			if !ok {
				t.Fatalf("no scenario %q", tt.scenario)
			}
			s := newTestSite(t)
			for _, c := range tt.calls {
				if rec := serve(t, s, c.method, c.path, c.body); rec.Code >= 300 {
					t.Fatalf("%s %s: status %d, body %s", c.method, c.path, rec.Code, rec.Body)
				}
			}
			err := sc.Check(s)
			if tt.wantPass && err != nil {
				t.Errorf("Check failed: %v", err)
			}
			if !tt.wantPass && err == nil {
				t.Error("Check passed, want failure")
			}
		})
	}
}
