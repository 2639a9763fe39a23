package demo

import (
	"log/slog"
	"slices"
)

// seedPatients is the state New and Reset start from. Scenario checks rely
// on seeded IDs being 1..len(seed).
func seedPatients() []Patient {
	return []Patient{
		{Name: "Maria Lopez", DOB: "1985-07-12", Gender: "Female", Phone: "555-0142", Notes: "Allergic to penicillin."},
		{Name: "Tom Baker", DOB: "1962-11-03", Gender: "Male", Phone: "555-0187"},
	}
}

func defaultSettings() Settings { return Settings{Language: "en"} }

// Reset puts the site back to its seeded state: two patients, no contacts,
// default settings and no recorded visits.
func (s *Site) Reset() {
	now := s.now()
	seed := seedPatients()
	for i := range seed {
		seed[i].ID = i + 1
		seed[i].Created = now
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.patients = seed
	s.nextID = len(seed) + 1
	s.contacts = nil
	s.settings = defaultSettings()
	s.visits = make(map[string]int)
}

// Patients returns a copy of the patient list, oldest first.
func (s *Site) Patients() []Patient {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.patients)
}

// Contacts returns a copy of the stored contact submissions, oldest first.
func (s *Site) Contacts() []Contact {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.contacts)
}

// RenameSave gives the new-patient form's Save button another label from the next page
// load on ("" = Save), as a redesign would: replays of errands recorded before must heal.
func (s *Site) RenameSave(label string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saveLabel = label
}

// SaveLabel is the new-patient form's save button label; "" = Save.
func (s *Site) SaveLabel() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.saveLabel
}

// Settings returns the stored settings.
func (s *Site) Settings() Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settings
}

// Visits reports how many times the page at path (e.g. "/details/rx") was
// served since the last Reset. Static files and API calls are not counted.
func (s *Site) Visits(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.visits[path]
}

func (s *Site) recordVisit(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.visits[path]++
}

func (s *Site) addPatient(p Patient) Patient {
	p.Created = s.now()
	s.mu.Lock()
	p.ID = s.nextID
	s.nextID++
	s.patients = append(s.patients, p)
	s.mu.Unlock()
	s.log.Info("demo patient saved", slog.Int("id", p.ID), slog.String("name", p.Name))
	return p
}

// deletePatient reports whether a patient with that id existed.
func (s *Site) deletePatient(id int) bool {
	s.mu.Lock()
	i := slices.IndexFunc(s.patients, func(p Patient) bool { return p.ID == id })
	if i >= 0 {
		s.patients = slices.Delete(s.patients, i, i+1)
	}
	s.mu.Unlock()
	if i < 0 {
		return false
	}
	s.log.Info("demo patient deleted", slog.Int("id", id))
	return true
}

func (s *Site) addContact(c Contact) Contact {
	c.Created = s.now()
	s.mu.Lock()
	s.contacts = append(s.contacts, c)
	s.mu.Unlock()
	s.log.Info("demo contact saved", slog.String("email", c.Email))
	return c
}

func (s *Site) saveSettings(in Settings) Settings {
	s.mu.Lock()
	in.Saved = s.settings.Saved + 1
	s.settings = in
	s.mu.Unlock()
	s.log.Info("demo settings saved",
		slog.Bool("emailReminders", in.EmailReminders),
		slog.Bool("rememberMe", in.RememberMe),
		slog.String("language", in.Language))
	return in
}
