package demo

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func decodeBody[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("decode %q: %v", body, err)
	}
	return v
}

func TestSeed(t *testing.T) {
	s := newTestSite(t)
	got := s.Patients()
	want := []Patient{
		{ID: 1, Name: "Maria Lopez", DOB: "1985-07-12", Gender: "Female", Phone: "555-0142", Notes: "Allergic to penicillin.", Created: testNow},
		{ID: 2, Name: "Tom Baker", DOB: "1962-11-03", Gender: "Male", Phone: "555-0187", Created: testNow},
	}
	if len(got) != len(want) {
		t.Fatalf("Patients() = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("patient %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if st := s.Settings(); st != (Settings{Language: "en"}) {
		t.Errorf("Settings() = %+v", st)
	}
	if cs := s.Contacts(); len(cs) != 0 {
		t.Errorf("Contacts() = %+v", cs)
	}
}

func TestPatientsAPI(t *testing.T) {
	s := newTestSite(t)

	rec := serve(t, s, http.MethodPost, "/api/patients",
		`{"name":"  Ana Silva ","dob":"1990-03-05","gender":"Female","phone":"555-0100","notes":"New"}`)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: status %d, body %s", rec.Code, rec.Body)
	}
	created := decodeBody[Patient](t, rec.Body.String())
	want := Patient{ID: 3, Name: "Ana Silva", DOB: "1990-03-05", Gender: "Female", Phone: "555-0100", Notes: "New", Created: testNow}
	if created != want {
		t.Fatalf("created = %+v, want %+v", created, want)
	}

	rec = serve(t, s, http.MethodGet, "/api/patients", "")
	list := decodeBody[[]Patient](t, rec.Body.String())
	if rec.Code != http.StatusOK || len(list) != 3 || list[2] != want {
		t.Fatalf("list: status %d, %+v", rec.Code, list)
	}

	rec = serve(t, s, http.MethodDelete, "/api/patients/1", "")
	if rec.Code != http.StatusNoContent {
		t.Fatalf("delete: status %d, body %s", rec.Code, rec.Body)
	}
	var names []string
	for _, p := range s.Patients() {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, ","); got != "Tom Baker,Ana Silva" {
		t.Fatalf("after delete: %s", got)
	}

	// IDs are never reused, so a stale page cannot delete the wrong row.
	rec = serve(t, s, http.MethodPost, "/api/patients", `{"name":"Lee"}`)
	if p := decodeBody[Patient](t, rec.Body.String()); p.ID != 4 {
		t.Fatalf("next id = %d, want 4", p.ID)
	}
}

func TestDeletePatientErrors(t *testing.T) {
	tests := []struct {
		path       string
		wantStatus int
		wantError  string
	}{
		{"/api/patients/99", http.StatusNotFound, "Patient not found"},
		{"/api/patients/abc", http.StatusBadRequest, "Invalid patient id"},
		{"/api/patients/0", http.StatusBadRequest, "Invalid patient id"},
		{"/api/patients/-1", http.StatusBadRequest, "Invalid patient id"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			s := newTestSite(t)
			rec := serve(t, s, http.MethodDelete, tt.path, "")
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			if e := decodeBody[apiError](t, rec.Body.String()); e.Error != tt.wantError {
				t.Errorf("error = %q, want %q", e.Error, tt.wantError)
			}
			if n := len(s.Patients()); n != 2 {
				t.Errorf("%d patients left, want 2", n)
			}
		})
	}
}

func TestCreatePatientValidation(t *testing.T) {
	tests := []struct {
		name       string
		body       string
		wantStatus int
		wantError  string
		wantField  string
	}{
		{"empty name", `{"name":""}`, 400, "Name is required", "name"},
		{"blank name", `{"name":"   ","phone":"1"}`, 400, "Name is required", "name"},
		{"missing name", `{}`, 400, "Name is required", "name"},
		{"long name", `{"name":"` + strings.Repeat("a", 101) + `"}`, 400, "Name must be at most 100 characters", "name"},
		{"bad date", `{"name":"Jas","dob":"05/03/1990"}`, 400, "Date of birth must be a date like 1990-03-05", "dob"},
		{"impossible date", `{"name":"Jas","dob":"1990-02-30"}`, 400, "Date of birth must be a date like 1990-03-05", "dob"},
		{"unknown gender", `{"name":"Jas","gender":"female"}`, 400, "Choose a gender from the list", "gender"},
		{"long phone", `{"name":"Jas","phone":"` + strings.Repeat("5", 41) + `"}`, 400, "Phone must be at most 40 characters", "phone"},
		{"long notes", `{"name":"Jas","notes":"` + strings.Repeat("n", 2001) + `"}`, 400, "Notes must be at most 2000 characters", "notes"},
		{"unknown field", `{"name":"Jas","age":3}`, 400, `Request body is not valid JSON: unknown field "age"`, ""},
		{"wrong type", `{"name":3}`, 400, "", ""},
		{"not json", `name=Jas`, 400, "", ""},
		{"empty body", ``, 400, "Request body is empty", ""},
		{"two objects", `{"name":"Jas"}{"name":"Lee"}`, 400, "Request body must hold a single JSON object", ""},
		{"trailing garbage", `{"name":"Jas"} x`, 400, "", ""},
		{"array", `[{"name":"Jas"}]`, 400, "", ""},
		{"too large", `{"name":"Jas","notes":"` + strings.Repeat("n", maxBodyBytes) + `"}`, 413, "Request body is larger than 64 KiB", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestSite(t)
			rec := serve(t, s, http.MethodPost, "/api/patients", tt.body)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d; body %s", rec.Code, tt.wantStatus, rec.Body)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			e := decodeBody[apiError](t, rec.Body.String())
			if e.Error == "" || (tt.wantError != "" && e.Error != tt.wantError) {
				t.Errorf("error = %q, want %q", e.Error, tt.wantError)
			}
			if e.Field != tt.wantField {
				t.Errorf("field = %q, want %q", e.Field, tt.wantField)
			}
			if n := len(s.Patients()); n != 2 {
				t.Errorf("%d patients, want 2 (nothing saved)", n)
			}
		})
	}
}

func TestBodyLimitAllowsJustUnder(t *testing.T) {
	s := newTestSite(t)
	// 64 KiB exactly, padded with whitespace after the object.
	body := `{"name":"Jas"}`
	body += strings.Repeat(" ", maxBodyBytes-len(body))
	if rec := serve(t, s, http.MethodPost, "/api/patients", body); rec.Code != http.StatusCreated {
		t.Fatalf("status = %d, body %s", rec.Code, rec.Body)
	}
	if rec := serve(t, s, http.MethodPost, "/api/patients", body+" "); rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("one byte over: status = %d, want 413", rec.Code)
	}
}

func TestSaveDelayHonoured(t *testing.T) {
	const delay = 5 * time.Millisecond
	s := New(Options{SaveDelay: delay})
	start := time.Now()
	rec := serve(t, s, http.MethodPost, "/api/patients", `{"name":"Jas"}`)
	took := time.Since(start)
	if rec.Code != http.StatusCreated {
		t.Fatalf("status = %d", rec.Code)
	}
	if took < delay {
		t.Fatalf("save took %v, want at least %v", took, delay)
	}
}

func TestSaveAbandonedByClientSavesNothing(t *testing.T) {
	s := New(Options{SaveDelay: time.Hour})
	req, cancel := cancelledRequest(http.MethodPost, "/api/patients", `{"name":"Jas"}`)
	cancel()
	rec := newRecorder()
	s.Handler().ServeHTTP(rec, req)
	if n := len(s.Patients()); n != 2 {
		t.Fatalf("%d patients, want 2", n)
	}
}

func TestSettingsAPI(t *testing.T) {
	s := newTestSite(t)
	rec := serve(t, s, http.MethodPost, "/api/settings", `{"emailReminders":true,"rememberMe":false,"language":"es"}`)
	if rec.Code != http.StatusOK {
		t.Fatalf("status = %d, body %s", rec.Code, rec.Body)
	}
	want := Settings{EmailReminders: true, Language: "es", Saved: 1}
	if got := decodeBody[Settings](t, rec.Body.String()); got != want {
		t.Errorf("response = %+v, want %+v", got, want)
	}
	serve(t, s, http.MethodPost, "/api/settings", `{"emailReminders":true,"rememberMe":true,"language":"fr"}`)
	want = Settings{EmailReminders: true, RememberMe: true, Language: "fr", Saved: 2}
	if got := s.Settings(); got != want {
		t.Errorf("Settings() = %+v, want %+v", got, want)
	}
	if got := decodeBody[Settings](t, serve(t, s, http.MethodGet, "/api/settings", "").Body.String()); got != want {
		t.Errorf("GET = %+v, want %+v", got, want)
	}

	bad := []struct{ name, body string }{
		{"unknown language", `{"emailReminders":true,"language":"de"}`},
		{"missing language", `{"emailReminders":true}`},
		{"string bool", `{"emailReminders":"yes","language":"en"}`},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if rec := serve(t, s, http.MethodPost, "/api/settings", tt.body); rec.Code != http.StatusBadRequest {
				t.Errorf("status = %d, want 400", rec.Code)
			}
			if got := s.Settings(); got != want {
				t.Errorf("Settings() = %+v after bad input, want %+v", got, want)
			}
		})
	}
}

func TestContactsAPI(t *testing.T) {
	valid := `{"firstName":"Jas","lastName":"Kaur","email":"jas@example.com","city":"Leeds","country":"Spain"}`
	tests := []struct {
		name      string
		body      string
		wantField string // "" = saved
	}{
		{"valid", valid, ""},
		{"no city", `{"firstName":"Jas","lastName":"Kaur","email":"jas@example.com","country":"Other"}`, ""},
		{"no first name", strings.Replace(valid, `"Jas"`, `""`, 1), "firstName"},
		{"no last name", strings.Replace(valid, `"Kaur"`, `" "`, 1), "lastName"},
		{"no email", strings.Replace(valid, `"jas@example.com"`, `""`, 1), "email"},
		{"bad email", strings.Replace(valid, `"jas@example.com"`, `"jas"`, 1), "email"},
		{"named email", strings.Replace(valid, `"jas@example.com"`, `"Jas <jas@example.com>"`, 1), "email"},
		{"bad country", strings.Replace(valid, `"Spain"`, `"Narnia"`, 1), "country"},
		{"no country", `{"firstName":"Jas","lastName":"Kaur","email":"jas@example.com"}`, "country"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestSite(t)
			rec := serve(t, s, http.MethodPost, "/api/contacts", tt.body)
			if tt.wantField != "" {
				if rec.Code != http.StatusBadRequest {
					t.Fatalf("status = %d, want 400", rec.Code)
				}
				if e := decodeBody[apiError](t, rec.Body.String()); e.Field != tt.wantField {
					t.Errorf("field = %q, want %q (%s)", e.Field, tt.wantField, e.Error)
				}
				if n := len(s.Contacts()); n != 0 {
					t.Errorf("%d contacts saved, want 0", n)
				}
				return
			}
			if rec.Code != http.StatusCreated {
				t.Fatalf("status = %d, body %s", rec.Code, rec.Body)
			}
			cs := s.Contacts()
			if len(cs) != 1 || cs[0].Created != testNow {
				t.Fatalf("Contacts() = %+v", cs)
			}
			list := decodeBody[[]Contact](t, serve(t, s, http.MethodGet, "/api/contacts", "").Body.String())
			if len(list) != 1 || list[0].Email != "jas@example.com" {
				t.Errorf("GET /api/contacts = %+v", list)
			}
		})
	}
}

func TestSlowAPI(t *testing.T) {
	s := newTestSite(t)
	rec := serve(t, s, http.MethodGet, "/api/slow", "")
	if rec.Code != http.StatusOK || decodeBody[map[string]string](t, rec.Body.String())["message"] != "Loaded" {
		t.Fatalf("status %d, body %s", rec.Code, rec.Body)
	}
}

func TestReset(t *testing.T) {
	s := newTestSite(t)
	serve(t, s, http.MethodPost, "/api/patients", `{"name":"Jas"}`)
	serve(t, s, http.MethodDelete, "/api/patients/1", "")
	serve(t, s, http.MethodPost, "/api/settings", `{"emailReminders":true,"language":"fr"}`)
	serve(t, s, http.MethodPost, "/api/contacts", `{"firstName":"Jas","lastName":"Kaur","email":"jas@example.com","country":"Spain"}`)
	serve(t, s, http.MethodGet, "/links", "")

	s.Reset()
	if ps := s.Patients(); len(ps) != 2 || ps[0].ID != 1 || ps[1].Name != "Tom Baker" {
		t.Errorf("Patients() = %+v", ps)
	}
	if st := s.Settings(); st != (Settings{Language: "en"}) {
		t.Errorf("Settings() = %+v", st)
	}
	if cs := s.Contacts(); len(cs) != 0 {
		t.Errorf("Contacts() = %+v", cs)
	}
	if n := s.Visits("/links"); n != 0 {
		t.Errorf("Visits(/links) = %d", n)
	}
	rec := serve(t, s, http.MethodPost, "/api/patients", `{"name":"Lee"}`)
	if p := decodeBody[Patient](t, rec.Body.String()); p.ID != 3 {
		t.Errorf("first id after Reset = %d, want 3", p.ID)
	}
}

func TestPatientsReturnsCopy(t *testing.T) {
	s := newTestSite(t)
	ps := s.Patients()
	ps[0].Name = "changed"
	if s.Patients()[0].Name != "Maria Lopez" {
		t.Fatal("Patients() shares its backing array with the site")
	}
}

// TestConcurrentTabs runs what several tabs would do at once; run with
// -race to make it meaningful.
func TestConcurrentTabs(t *testing.T) {
	s := newTestSite(t)
	const n = 20
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			serve(t, s, http.MethodPost, "/api/patients", fmt.Sprintf(`{"name":"P%d"}`, i))
			serve(t, s, http.MethodGet, "/patients", "")
			serve(t, s, http.MethodPost, "/api/settings", `{"language":"en"}`)
		})
	}
	wg.Wait()
	ids := make(map[int]bool)
	for _, p := range s.Patients() {
		ids[p.ID] = true
	}
	if len(ids) != n+2 {
		t.Errorf("%d distinct ids, want %d", len(ids), n+2)
	}
	if got := s.Settings().Saved; got != n {
		t.Errorf("Saved = %d, want %d", got, n)
	}
	if got := s.Visits("/patients"); got != n {
		t.Errorf("Visits = %d, want %d", got, n)
	}
}
