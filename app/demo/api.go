package demo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// maxBodyBytes caps every JSON request body.
const maxBodyBytes = 64 << 10

// apiError is the body of every failed API call. Error is shown to the
// user as is; Field names the JSON key at fault, if one is.
type apiError struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

// inputError is a problem with what the client sent: a 400 whose message
// the page shows next to the field.
type inputError struct {
	field, msg string
}

func (e *inputError) Error() string {
	if e.field == "" {
		return e.msg
	}
	return e.field + ": " + e.msg
}

func (s *Site) apiRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/patients", s.listPatients)
	mux.HandleFunc("POST /api/patients", s.createPatient)
	mux.HandleFunc("DELETE /api/patients/{id}", s.removePatient)
	mux.HandleFunc("GET /api/settings", s.getSettings)
	mux.HandleFunc("POST /api/settings", s.postSettings)
	mux.HandleFunc("GET /api/contacts", s.listContacts)
	mux.HandleFunc("POST /api/contacts", s.createContact)
	mux.HandleFunc("GET /api/slow", s.slow)
}

func (s *Site) listPatients(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.Patients())
}

type patientInput struct {
	Name   string `json:"name"`
	DOB    string `json:"dob"`
	Gender string `json:"gender"`
	Phone  string `json:"phone"`
	Notes  string `json:"notes"`
}

func (s *Site) createPatient(w http.ResponseWriter, r *http.Request) {
	var in patientInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeErr(w, err)
		return
	}
	p, err := in.patient()
	if err != nil {
		writeErr(w, err)
		return
	}
	// The delay stands in for a slow database so the page's busy state is
	// visible; a client that gives up meanwhile saves nothing.
	if err := sleepContext(r.Context(), s.saveDelay); err != nil {
		return
	}
	writeJSON(w, http.StatusCreated, s.addPatient(p))
}

// patient validates the input and returns the patient to store.
func (in patientInput) patient() (Patient, error) {
	p := Patient{
		Name:   strings.TrimSpace(in.Name),
		DOB:    strings.TrimSpace(in.DOB),
		Gender: strings.TrimSpace(in.Gender),
		Phone:  strings.TrimSpace(in.Phone),
		Notes:  strings.TrimSpace(in.Notes),
	}
	switch {
	case p.Name == "":
		return Patient{}, &inputError{"name", "Name is required"}
	case utf8.RuneCountInString(p.Name) > 100:
		return Patient{}, &inputError{"name", "Name must be at most 100 characters"}
	case p.DOB != "" && !validDate(p.DOB):
		return Patient{}, &inputError{"dob", "Date of birth must be a date like 1990-03-05"}
	case p.Gender != "" && !slices.Contains(genders(), p.Gender):
		return Patient{}, &inputError{"gender", "Choose a gender from the list"}
	case utf8.RuneCountInString(p.Phone) > 40:
		return Patient{}, &inputError{"phone", "Phone must be at most 40 characters"}
	case utf8.RuneCountInString(p.Notes) > 2000:
		return Patient{}, &inputError{"notes", "Notes must be at most 2000 characters"}
	}
	return p, nil
}

func validDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

func (s *Site) removePatient(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil || id <= 0 {
		writeErr(w, &inputError{"id", "Invalid patient id"})
		return
	}
	if !s.deletePatient(id) {
		writeJSON(w, http.StatusNotFound, apiError{Error: "Patient not found"})
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Site) getSettings(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.Settings())
}

type settingsInput struct {
	EmailReminders bool   `json:"emailReminders"`
	RememberMe     bool   `json:"rememberMe"`
	Language       string `json:"language"`
}

func (s *Site) postSettings(w http.ResponseWriter, r *http.Request) {
	var in settingsInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeErr(w, err)
		return
	}
	if !slices.ContainsFunc(languages(), func(o option) bool { return o.Value == in.Language }) {
		writeErr(w, &inputError{"language", "Choose a language from the list"})
		return
	}
	writeJSON(w, http.StatusOK, s.saveSettings(Settings{
		EmailReminders: in.EmailReminders,
		RememberMe:     in.RememberMe,
		Language:       in.Language,
	}))
}

func (s *Site) listContacts(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.Contacts())
}

type contactInput struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	City      string `json:"city"`
	Country   string `json:"country"`
}

func (s *Site) createContact(w http.ResponseWriter, r *http.Request) {
	var in contactInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeErr(w, err)
		return
	}
	c, err := in.contact()
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, s.addContact(c))
}

// contact validates the input and returns the contact to store.
func (in contactInput) contact() (Contact, error) {
	c := Contact{
		FirstName: strings.TrimSpace(in.FirstName),
		LastName:  strings.TrimSpace(in.LastName),
		Email:     strings.TrimSpace(in.Email),
		City:      strings.TrimSpace(in.City),
		Country:   strings.TrimSpace(in.Country),
	}
	for _, f := range []struct {
		key, label, value string
		required          bool
	}{
		{"firstName", "First name", c.FirstName, true},
		{"lastName", "Last name", c.LastName, true},
		{"email", "Email", c.Email, true},
		{"city", "City", c.City, false},
	} {
		if f.required && f.value == "" {
			return Contact{}, &inputError{f.key, f.label + " is required"}
		}
		if utf8.RuneCountInString(f.value) > 100 {
			return Contact{}, &inputError{f.key, f.label + " must be at most 100 characters"}
		}
	}
	// A bare address only: "Jas <jas@example.com>" parses but is not one.
	if a, err := mail.ParseAddress(c.Email); err != nil || a.Address != c.Email {
		return Contact{}, &inputError{"email", "Enter an email address like name@example.com"}
	}
	if !slices.Contains(countries(), c.Country) {
		return Contact{}, &inputError{"country", "Choose a country from the list"}
	}
	return c, nil
}

// slow answers after SlowDelay so the /slow page's content arrives late.
func (s *Site) slow(w http.ResponseWriter, r *http.Request) {
	if err := sleepContext(r.Context(), s.slowDelay); err != nil {
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Loaded"})
}

// decodeJSON reads exactly one JSON object of at most maxBodyBytes with no
// unknown fields, so typos in a client show up as errors.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		// Anything after the object, even a second object, is a bad body.
		if _, err = dec.Token(); errors.Is(err, io.EOF) {
			return nil
		}
		if err == nil {
			return &inputError{msg: "Request body must hold a single JSON object"}
		}
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return fmt.Errorf("decode request body: %w", err)
	case errors.Is(err, io.EOF):
		return &inputError{msg: "Request body is empty"}
	default:
		return &inputError{msg: "Request body is not valid JSON: " + strings.TrimPrefix(err.Error(), "json: ")}
	}
}

// writeErr turns a handler error into the matching status and JSON body.
func writeErr(w http.ResponseWriter, err error) {
	var (
		in     *inputError
		tooBig *http.MaxBytesError
	)
	switch {
	case errors.As(err, &in):
		writeJSON(w, http.StatusBadRequest, apiError{Error: in.msg, Field: in.field})
	case errors.As(err, &tooBig):
		writeJSON(w, http.StatusRequestEntityTooLarge,
			apiError{Error: fmt.Sprintf("Request body is larger than %d KiB", maxBodyBytes>>10)})
	default:
		writeJSON(w, http.StatusInternalServerError, apiError{Error: "Internal error"})
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	// The status is already sent; a failed write means the client left.
	_ = json.NewEncoder(w).Encode(v)
}

// sleepContext waits d or until ctx is done, whichever comes first.
func sleepContext(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return fmt.Errorf("wait %v: %w", d, context.Cause(ctx))
	case <-t.C:
		return nil
	}
}
