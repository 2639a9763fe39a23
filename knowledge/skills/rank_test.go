package skills

import (
	"testing"
	"time"
)

func TestGoalSimilarity(t *testing.T) {
	tests := []struct {
		a, b     string
		min, max float64
	}{
		{"Save the new patient", "save the new patient", 1, 1},
		{"Saving the patient", "save patient", 1, 1},
		{"Add patient Jas", "Add patient Lee", 0.5, 0.5},
		{"Add patient Jas", "add a patient named Lee", 0.39, 0.41},
		{"Add patient Jas", "Export the monthly report", 0, 0},
		{"Log in with %password%", "log in", 1, 1},
		{"", "anything", 0, 0},
		{"Book 2 rooms", "book 3 rooms", 1, 1},
	}
	for _, tt := range tests {
		if got := GoalSimilarity(tt.a, tt.b); got < tt.min || got > tt.max {
			t.Errorf("GoalSimilarity(%q, %q) = %.2f, want %.2f–%.2f", tt.a, tt.b, got, tt.min, tt.max)
		}
	}
}

func TestPageSimilarity(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"/patients/new#aaaaaaaaaaaa", "/patients/new#aaaaaaaaaaaa", 1},
		{"/patients/new#aaaaaaaaaaaa", "/patients/new#bbbbbbbbbbbb", 0.5},
		{"/patients/new#aaaaaaaaaaaa", "/settings#aaaaaaaaaaaa", 0},
		{"", "/settings#aaaaaaaaaaaa", 0},
	}
	for _, tt := range tests {
		if got := PageSimilarity(tt.a, tt.b); got != tt.want {
			t.Errorf("PageSimilarity(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestScore(t *testing.T) {
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	sig := "/patients/new#aaaaaaaaaaaa"
	base := Skill{Goal: "Save the new patient", Page: sig, Successes: 1, LastUsed: now}
	with := func(f func(*Skill)) Skill { k := base; f(&k); return k }
	tests := []struct {
		name   string
		k      Skill
		goal   string
		page   string
		want   float64
		wantOK bool
	}{
		{"same goal, same page, fresh, always worked", base, "save the new patient", sig, 1, true},
		{"same goal, unknown page", base, "save the new patient", "", 0.7, true},
		{"same goal, same path, other state", base, "save the new patient", "/patients/new#bbbbbbbbbbbb", 0.85, true},
		{"one half-life unused", with(func(k *Skill) { k.LastUsed = now.Add(-30 * 24 * time.Hour) }), "save the new patient", sig, 0.5, true},
		{"worked half the time", with(func(k *Skill) { k.Successes, k.Failures = 2, 2 }), "save the new patient", sig, 0.5, true},
		{"worked a third of the time", with(func(k *Skill) { k.Successes, k.Failures = 1, 2 }), "save the new patient", sig, 0, false},
		{"another errand", base, "export the monthly report", sig, 0, false},
		{"barely alike", base, "delete the old patient records", sig, 0, false},
	}
	for _, tt := range tests {
		got, ok := Ranking{}.Score(tt.k, tt.goal, tt.page, now)
		if ok != tt.wantOK || got < tt.want-0.001 || got > tt.want+0.001 {
			t.Errorf("%s: Score = %.3f, %v; want %.3f, %v", tt.name, got, ok, tt.want, tt.wantOK)
		}
	}
}
