package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestOpenAndFill: a button that opens a form is named by a colon or by the verb and the
// kind of thing written; each part after it is read on the form the click opens.
func TestOpenAndFill(t *testing.T) {
	inbox := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "✏️ Compose", State: "popup"},
		{ID: "2", Role: page.RoleButton, Name: "Q3 report draft"},
		{ID: "3", Role: page.RoleButton, Name: "Sent"},
	}}
	form := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "✏️ Compose", State: "popup", Occ: true},
		{ID: "4", Role: page.RoleInput, Type: "email", Name: "To", Group: 1},
		{ID: "5", Role: page.RoleInput, Name: "Subject", Group: 1},
		{ID: "6", Role: page.RoleTextarea, Name: "Message", Group: 1},
		{ID: "7", Role: page.RoleButton, Name: "Send", Group: 1},
		{ID: "3", Role: page.RoleButton, Name: "Sent", Occ: true},
	}, Groups: []page.Group{{Kind: page.GroupDialog, Name: "New message"}}}
	tests := []struct {
		goal string
		want []string
	}{
		{`Write an email to tom@example.com with the subject "Delete after reading" and send it`,
			[]string{`click("1")`, `setValue("4", "tom@example.com")`, `setValue("5", "Delete after reading")`, `click("7")`}},
		{"Compose: to sara@example.com, subject 'Re: hi', body 'See you', then send",
			[]string{`click("1")`, `setValue("4", "sara@example.com")`, `setValue("5", "Re: hi")`, `setValue("6", "See you")`, `click("7")`}},
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, inbox, Options{})
			if len(rd.Questions) > 0 {
				t.Fatalf("question %q", rd.Questions[0].Text)
			}
			if got := actsOn(t, rd, form); !slices.Equal(got, tt.want) {
				t.Fatalf("actions = %v, want %v", got, tt.want)
			}
		})
	}
	// "write Hello" types; "write a note" with no Compose-like button reads nothing new.
	if rd := Read("write a report", inbox, Options{}); len(rd.Questions) == 0 && len(rd.Commands) > 0 && rd.Commands[0].Action.ID == "2" {
		t.Fatalf("write a report clicked the message called Q3 report draft")
	}
}
