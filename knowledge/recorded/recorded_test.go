package recorded

import (
	"errors"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

func TestURLPattern(t *testing.T) {
	tests := []struct{ in, site, pattern string }{
		{"http://127.0.0.1:41234/patients/new", "127.0.0.1:41234", "127.0.0.1:41234/patients/new"},
		{"https://Example.com/patients/17/edit?tab=2#notes", "example.com", "example.com/patients/*/edit"},
		{"https://example.com/orders/550e8400-e29b-41d4-a716-446655440000", "example.com", "example.com/orders/*"},
		{"https://example.com/", "example.com", "example.com/"},
		{"https://example.com", "example.com", "example.com/"},
		{"https://example.com/api/v2/2fa/setup", "example.com", "example.com/api/v2/2fa/setup"},
		{"https://example.com/shop/item-12345-blue-widget", "example.com", "example.com/shop/*"},
		{"https://example.com/archive/2024-05-03/", "example.com", "example.com/archive/*"},
		{"https://example.com/page2", "example.com", "example.com/page2"},
		{"file:///home/me/a.html", "", "file:///home/me/a.html"},
		{"about:blank", "", "about:blank"},
	}
	for _, tt := range tests {
		if got := Site(tt.in); got != tt.site {
			t.Errorf("Site(%q) = %q, want %q", tt.in, got, tt.site)
		}
		if got := URLPattern(tt.in); got != tt.pattern {
			t.Errorf("URLPattern(%q) = %q, want %q", tt.in, got, tt.pattern)
		}
	}
}

func TestOfDescribesTheElement(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{{ID: "7", Role: page.RoleButton, Name: "Delete", Ctx: "Tom Baker"}}}
	s := Of(page.Action{Kind: page.Click, ID: "7"}, obs)
	want := Step{Action: page.Action{Kind: page.Click}, Element: Element{Role: page.RoleButton, Name: "Delete", Context: "Tom Baker"}}
	if s != want {
		t.Fatalf("Of = %+v, want %+v", s, want)
	}
	if got := s.String(); got != "click \u201cDelete\u201d button in \u201cTom Baker\u201d" {
		t.Errorf("String = %s", got)
	}
	if s := Of(page.Action{Kind: page.Press, Text: "Enter"}, obs); s.String() != "press Enter" || !s.Element.IsZero() {
		t.Errorf("press: %+v %s", s, s)
	}
}

func TestCleanKeepsSecretsOut(t *testing.T) {
	pw := Element{Role: page.RoleInput, Name: "Password", Type: "password"}
	typed := func(text string) Step {
		return Step{Action: page.Action{Kind: page.SetValue, ID: "3", Text: text, Sensitive: true,
			Description: "typed " + text}, Element: pw}
	}
	tests := []struct {
		name, goal string
		in         Step
		wantText   string
		wantErr    error
	}{
		{"placeholder stays", "log in as ann with %password%", typed("%password%"), "%password%", nil},
		{"value becomes the goal's placeholder", "log in as ann with %password%", typed("hunter2"), "%password%", nil},
		{"no placeholder to stand for it", "log in as ann", typed("hunter2"), "", ErrUnnamedSecret},
		{"two placeholders: which one is unknown", "use %user% and %pin%", typed("1234"), "", ErrUnnamedSecret},
		{"plain text is kept", "type Jas into Name", Step{Action: page.Action{Kind: page.SetValue, ID: "5", Text: "Jas"}}, "Jas", nil},
	}
	for _, tt := range tests {
		got, err := tt.in.Clean(tt.goal)
		if !errors.Is(err, tt.wantErr) {
			t.Errorf("%s: err %v, want %v", tt.name, err, tt.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		if got.Action.Text != tt.wantText || got.Action.ID != "" {
			t.Errorf("%s: %+v", tt.name, got.Action)
		}
		if got.Action.Sensitive && got.Action.Description != "" {
			t.Errorf("%s: a secret step kept its description %q", tt.name, got.Action.Description)
		}
	}
	if s := typed("hunter2").String(); s != "type \"%secret%\" into \u201cPassword\u201d field" {
		t.Errorf("String of a secret step: %s", s)
	}
}
