package demo

import (
	"errors"
	"fmt"
	"strings"
)

// Expected outcomes of a scenario run.
const (
	ExpectCompleted = "completed" // the agent finishes the errand
	ExpectAsked     = "asked"     // the agent stops at a question nobody answers
)

// Scenario is one errand for `errand demo` and the engine's end-to-end
// tests to run against the site. Checks assume the site was Reset before
// the run.
type Scenario struct {
	Name    string
	Path    string   // start page path, e.g. "/patients/new"
	Goal    string   // the errand as a person would type it
	Answers []string // answers to the agent's questions, in order; nil = none expected
	Expect  string   // ExpectCompleted or ExpectAsked
	Check   func(s *Site) error
}

// Scenarios returns the demo scenarios in the order they are shown.
func Scenarios() []Scenario {
	return []Scenario{
		{
			Name:   "add a patient",
			Path:   "/patients/new",
			Goal:   "Type 'Jas' into the Name field and click Save",
			Expect: ExpectCompleted,
			Check:  checkNewPatient(Patient{Name: "Jas"}),
		},
		{
			Name: "full patient form",
			Path: "/patients/new",
			Goal: `Type "Ana Silva" into Name, enter 1990-03-05 in Date of birth, select Female from Gender, ` +
				`type 555-0100 into Phone and click Save`,
			Expect: ExpectCompleted,
			Check:  checkNewPatient(Patient{Name: "Ana Silva", DOB: "1990-03-05", Gender: "Female", Phone: "555-0100"}),
		},
		{
			Name:   "settings behind a modal",
			Path:   "/settings",
			Goal:   "Click Got it, check Email reminders and click Save settings",
			Expect: ExpectCompleted,
			Check:  checkEmailReminders,
		},
		{
			Name:   "ambiguous link",
			Path:   "/links",
			Goal:   "Click the Details link",
			Expect: ExpectAsked,
			Check:  checkDetailsVisits(false),
		},
		{
			Name:    "ambiguous link answered",
			Path:    "/links",
			Goal:    "Click the Details link",
			Answers: []string{"Prescriptions"},
			Expect:  ExpectCompleted,
			Check:   checkDetailsVisits(true),
		},
		{
			Name:   "navigate and fill",
			Path:   "/patients",
			Goal:   "Click New patient, then type 'Lee' into Name and press Enter",
			Expect: ExpectCompleted,
			Check:  checkNewPatient(Patient{Name: "Lee"}),
		},
		{
			Name: "contact form",
			Path: "/form5",
			Goal: "Fill First name with Jas, Last name with Kaur, Email with jas@example.com, City with Leeds " +
				"and select Spain from Country, then click Submit",
			Expect: ExpectCompleted,
			Check: checkContact(Contact{FirstName: "Jas", LastName: "Kaur", Email: "jas@example.com",
				City: "Leeds", Country: "Spain"}),
		},
		{
			// A delete always asks first; unanswered, nothing is deleted.
			Name:   "delete asks first",
			Path:   "/patients",
			Goal:   "Click Delete for Tom Baker",
			Expect: ExpectAsked,
			Check:  checkPatientsLeft("Maria Lopez", "Tom Baker"),
		},
		{
			Name:    "delete confirmed",
			Path:    "/patients",
			Goal:    "Click Delete for Tom Baker, then click Delete patient",
			Answers: []string{"yes", "yes"},
			Expect:  ExpectCompleted,
			Check:   checkPatientsLeft("Maria Lopez"),
		},
	}
}

// checkPatientsLeft passes when exactly these patients remain, in order.
func checkPatientsLeft(names ...string) func(*Site) error {
	return func(s *Site) error {
		var got []string
		for _, p := range s.Patients() {
			got = append(got, p.Name)
		}
		if strings.Join(got, ",") != strings.Join(names, ",") {
			return fmt.Errorf("patients are %q, want %q", got, names)
		}
		return nil
	}
}

// checkNewPatient passes when exactly one patient was added since Reset
// and its non-empty fields of want match.
func checkNewPatient(want Patient) func(*Site) error {
	return func(s *Site) error {
		seeded := len(seedPatients())
		var added []Patient
		for _, p := range s.Patients() {
			if p.ID > seeded {
				added = append(added, p)
			}
		}
		if len(added) != 1 {
			return fmt.Errorf("want 1 new patient, got %d: %s", len(added), patientNames(added))
		}
		got := added[0]
		var errs []error
		for _, f := range []struct{ field, want, got string }{
			{"name", want.Name, got.Name},
			{"date of birth", want.DOB, got.DOB},
			{"gender", want.Gender, got.Gender},
			{"phone", want.Phone, got.Phone},
		} {
			if f.want != "" && f.got != f.want {
				errs = append(errs, fmt.Errorf("new patient %s = %q, want %q", f.field, f.got, f.want))
			}
		}
		return errors.Join(errs...)
	}
}

func patientNames(ps []Patient) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = fmt.Sprintf("%q", p.Name)
	}
	return "[" + strings.Join(names, ", ") + "]"
}

func checkEmailReminders(s *Site) error {
	st := s.Settings()
	if st.Saved == 0 {
		return errors.New("settings were never saved")
	}
	if !st.EmailReminders {
		return errors.New("settings saved with email reminders off")
	}
	return nil
}

// checkDetailsVisits wants no visit to /details/lab (the wrong "Details"
// link: the agent guessed instead of asking) and a visit to /details/rx
// exactly when wantRx.
func checkDetailsVisits(wantRx bool) func(*Site) error {
	return func(s *Site) error {
		lab, rx := s.Visits("/details/lab"), s.Visits("/details/rx")
		switch {
		case lab != 0:
			return fmt.Errorf("/details/lab was visited %d times, want none", lab)
		case wantRx && rx == 0:
			return errors.New("/details/rx was not visited")
		case !wantRx && rx != 0:
			return fmt.Errorf("/details/rx was visited %d times, want none", rx)
		}
		return nil
	}
}

func checkContact(want Contact) func(*Site) error {
	return func(s *Site) error {
		cs := s.Contacts()
		if len(cs) != 1 {
			return fmt.Errorf("want 1 contact, got %d", len(cs))
		}
		got := cs[0]
		got.Created = want.Created
		if got != want {
			return fmt.Errorf("contact = %+v, want %+v", got, want)
		}
		return nil
	}
}
