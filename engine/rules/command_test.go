package rules

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	type c = Command
	tests := []struct {
		goal string
		want []Command
		ok   bool
	}{
		{"Click Save", []c{{Verb: VerbClick, Target: "Save", Phrase: "Save"}}, true},
		{"click the Save button", []c{{Verb: VerbClick, Target: "Save", Phrase: "Save", Role: "btn"}}, true},
		{"Tap on Sign in", []c{{Verb: VerbClick, Target: "Sign in", Phrase: "Sign in"}}, true},
		{"Click the link", []c{{Verb: VerbClick, Role: "link"}}, true},
		{"click the second Delete button", []c{{Verb: VerbClick, Target: "Delete", Phrase: "second Delete", Role: "btn", Ordinal: 2}}, true},
		{"click the last link", []c{{Verb: VerbClick, Role: "link", Ordinal: -1, Phrase: "last"}}, true},
		{"Type 'Jas' into the Name field and click Save", []c{
			{Verb: VerbType, Target: "Name", Phrase: "Name", Role: "field", Value: "Jas", Quoted: true},
			{Verb: VerbClick, Target: "Save", Phrase: "Save"}}, true},
		{`type "Tom and Jerry" into Name`, []c{{Verb: VerbType, Target: "Name", Phrase: "Name", Value: "Tom and Jerry", Quoted: true}}, true},
		{"enter 1990-03-05 in Date of birth", []c{{Verb: VerbType, Target: "Date", Phrase: "Date of birth", Near: "birth", Value: "1990-03-05"}}, true},
		{"fill Email with jas@example.com", []c{{Verb: VerbType, Target: "Email", Phrase: "Email", Value: "jas@example.com"}}, true},
		{"set Language to Español", []c{{Verb: VerbType, Target: "Language", Phrase: "Language", Value: "Español"}}, true},
		{"select Female from Gender", []c{{Verb: VerbSelect, Target: "Gender", Phrase: "Gender", Value: "Female"}}, true},
		{"choose 'Prefer not to say' from the Gender dropdown", []c{{Verb: VerbSelect, Target: "Gender", Phrase: "Gender", Role: "sel", Value: "Prefer not to say", Quoted: true}}, true},
		{"select Female", []c{{Verb: VerbSelect, Value: "Female"}}, true},
		{"check Remember me", []c{{Verb: VerbCheck, Target: "Remember me", Phrase: "Remember me"}}, true},
		{"uncheck the Email reminders checkbox", []c{{Verb: VerbUncheck, Target: "Email reminders", Phrase: "Email reminders", Role: "chk"}}, true},
		{"go to https://example.com/a?b=1", []c{{Verb: VerbNavigate, Value: "https://example.com/a?b=1"}}, true},
		{"open example.org", []c{{Verb: VerbNavigate, Value: "example.org"}}, true},
		{"go to the Reports page", []c{{Verb: VerbClick, Target: "Reports", Phrase: "Reports", Role: "link"}}, true},
		{"go back", []c{{Verb: VerbBack}}, true},
		{"press Enter", []c{{Verb: VerbPress, Value: "Enter"}}, true},
		{"hit the tab key", []c{{Verb: VerbPress, Value: "Tab"}}, true},
		{"scroll down", []c{{Verb: VerbScroll, Value: "down"}}, true},
		{"scroll to the bottom", []c{{Verb: VerbScroll, Value: "bottom"}}, true},
		{"wait 2 seconds", []c{{Verb: VerbWait, Value: "2000"}}, true},
		{"click Delete for Maria Lopez", []c{{Verb: VerbClick, Target: "Delete", Phrase: "Delete for Maria Lopez", Near: "Maria Lopez"}}, true},
		{"click the Details link in the card of Prescriptions", []c{{Verb: VerbClick, Target: "Details", Phrase: "Details", Role: "link", Near: "Prescriptions", NearCertain: true}}, true},
		{"Click New patient, then type 'Lee' into Name and press Enter", []c{
			{Verb: VerbClick, Target: "New patient", Phrase: "New patient"},
			{Verb: VerbType, Target: "Name", Phrase: "Name", Value: "Lee", Quoted: true},
			{Verb: VerbPress, Value: "Enter"}}, true},
		{"Fill First name with Jas, Last name with Kaur, Email with jas@example.com, City with Leeds and select Spain from Country, then click Submit", []c{
			{Verb: VerbType, Target: "name", Ordinal: 1, Phrase: "First name", Value: "Jas"},
			{Verb: VerbType, Target: "name", Ordinal: -1, Phrase: "Last name", Value: "Kaur"},
			{Verb: VerbType, Target: "Email", Phrase: "Email", Value: "jas@example.com"},
			{Verb: VerbType, Target: "City", Phrase: "City", Value: "Leeds"},
			{Verb: VerbSelect, Target: "Country", Phrase: "Country", Value: "Spain"},
			{Verb: VerbClick, Target: "Submit", Phrase: "Submit"}}, true},
		{"type Jas into Name; click Save", []c{
			{Verb: VerbType, Target: "Name", Phrase: "Name", Value: "Jas"},
			{Verb: VerbClick, Target: "Save", Phrase: "Save"}}, true},
		{"Add a new patient with name 'Jas'", nil, false},
		{"Help me", nil, false},
		{"", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			got, ok := Parse(tt.goal)
			if ok != tt.ok {
				t.Fatalf("Parse ok = %v, want %v (got %+v)", ok, tt.ok, got)
			}
			if !ok {
				return
			}
			for i := range got {
				got[i].Raw = ""
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse(%q)\n got  %+v\n want %+v", tt.goal, got, tt.want)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		goal, level string
	}{
		{"Click Save", "SIMPLE"},
		{"type 'Jas' into Name and click Save", "SIMPLE"},
		{"Add a new patient with name 'Jas'", "COMPLEX"},
		{"Help me", "COMPLEX"},
		{"Find the cheapest flight to Lisbon and book it", "COMPLEX"},
	}
	for _, tt := range tests {
		c := Classify(tt.goal)
		if c.Level != tt.level || c.Reason == "" {
			t.Errorf("Classify(%q) = %+v, want %s", tt.goal, c, tt.level)
		}
		if tt.level == "SIMPLE" && len(c.Commands) == 0 {
			t.Errorf("Classify(%q) kept no commands", tt.goal)
		}
	}
}

func TestIntentClarity(t *testing.T) {
	clear, _ := IntentClarity("Type 'it works' into Name", true)
	vague, why := IntentClarity("click something and do whatever with it", false)
	if clear != 1 || vague >= 0.5 || len(why) < 2 {
		t.Errorf("clear %.2f vague %.2f %v", clear, vague, why)
	}
}
