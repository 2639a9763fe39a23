package replay

import (
	"fmt"
	"strings"
	"testing"
)

// varsString renders vars compactly for comparison: "value1=Jas text1=Lee Chan".
func varsString(vars []Var) string {
	parts := make([]string, len(vars))
	for i, v := range vars {
		parts[i] = v.Name + "=" + v.Value
	}
	return strings.Join(parts, " ")
}

func TestTemplatize(t *testing.T) {
	tests := []struct {
		goal  string
		typed []string
		key   string
		vars  string
	}{
		{"Add patient Jas", []string{"Jas"}, "add patient {value1}", "value1=Jas"},
		{"Type 'Jas' into the Name field and click Save", []string{"Jas"},
			"type {text1} into the name field and click save", "text1=Jas"},
		{`type "Jas Singh" in name, then hit save!`, []string{"Jas Singh"},
			"type {text1} in name then hit save", "text1=Jas Singh"},
		{"fill Email with jas@example.com", []string{"jas@example.com"}, "fill email with {email1}", "email1=jas@example.com"},
		{"enter 1990-03-05 in Date of birth", []string{"1990-03-05"}, "enter {date1} in date of birth", "date1=1990-03-05"},
		{"Set the date of birth to 3 May 1990.", []string{"1990-05-03"}, "set the date of birth to {date1}", "date1=3 May 1990"},
		{"Book 2 rooms for May 3rd, 2026", nil, "book {number1} rooms for {date1}", "number1=2 date1=May 3rd, 2026"},
		{"born on the 3rd of May 1990", nil, "born on the {date1}", "date1=3rd of May 1990"},
		{"DOB 03/05/1990 please", nil, "dob {date1} please", "date1=03/05/1990"},
		{"Log in as ann@clinic.org with %password%", []string{"ann@clinic.org"},
			"log in as {email1} with %password%", "email1=ann@clinic.org"},
		{"Don't save Jas's notes", nil, "don't save jas's notes", ""},
		{"Call +44 7700 900123 at 2:30pm", nil, "call {number1} at {number2}", "number1=+44 7700 900123 number2=2:30pm"},
		{"Click the 2nd Delete button", nil, "click the 2nd delete button", ""},
		{"Add patient \u201cLee Chan\u201d born 03/05/1990", []string{"Lee Chan"}, "add patient {text1} born {date1}",
			"text1=Lee Chan date1=03/05/1990"},
		{"search for blue widgets", []string{"blue widgets", "blue"}, "search for {value1}", "value1=blue widgets"},
		{"Set quantity to 1,500 and the price to 3.50", nil, "set quantity to {number1} and the price to {number2}",
			"number1=1,500 number2=3.50"},
		{"pick Norway from the country dropdown", []string{"Norway"}, "pick {value1} from the country dropdown", "value1=Norway"},
		{"Add patient jas", []string{"Jas"}, "add patient {value1}", "value1=jas"},
		{"Type {x} into Name", nil, "type x into name", ""},
		{"Type a{b into Name", nil, "type a{{b into name", ""},
		{"tick A4 and v2", nil, "tick a4 and v2", ""},
		{"select 'Prefer not to say' in Gender", []string{"Prefer not to say"},
			"select {text1} in gender", "text1=Prefer not to say"},
		{"First name Jas, last name Singh", []string{"Jas", "Singh"}, "first name {value1} last name {value2}",
			"value1=Jas value2=Singh"},
	}
	for _, tt := range tests {
		key, vars := Templatize(tt.goal, tt.typed)
		if key != tt.key || varsString(vars) != tt.vars {
			t.Errorf("Templatize(%q, %q)\n got %q [%s]\nwant %q [%s]", tt.goal, tt.typed, key, varsString(vars), tt.key, tt.vars)
		}
	}
}

func TestFill(t *testing.T) {
	tests := []struct {
		tmpl string
		b    Bindings
		want string
		err  string
	}{
		{"{value1}", Bindings{"value1": "Lee"}, "Lee", ""},
		{"/patients/{number1}/edit", Bindings{"number1": "42"}, "/patients/42/edit", ""},
		{"{date1|2006-01-02}", Bindings{"date1": "May 5th, 1991"}, "1991-05-05", ""},
		{"{date1|01/02/2006}", Bindings{"date1": "5 may 1991"}, "05/05/1991", ""},
		{"{date1|2006-01-02}", Bindings{"date1": "12/07/1985"}, "1985-12-07", ""},       // month first, as the fast path reads it
		{"{date1|2 January 2006}", Bindings{"date1": "12.07.1985"}, "12 July 1985", ""}, // dotted: day first
		{"{{literal}} {value1}", Bindings{"value1": "x"}, "{literal} x", ""},
		{"{value2}", Bindings{"value1": "x"}, "", "no value for {value2}"},
		{"{date1|2006-01-02}", Bindings{"date1": "soon"}, "", `"soon" is not a date`},
	}
	for _, tt := range tests {
		got, err := fill(tt.tmpl, tt.b)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("fill(%q) = %q, %v; want %q, %s", tt.tmpl, got, err, tt.want, tt.err)
		}
	}
}

func TestParseDate(t *testing.T) {
	want := "1990-05-03"
	for _, s := range []string{"1990-05-03", "3 May 1990", "May 3rd, 1990", "3rd of May 1990", "05/03/1990",
		"may 3 1990", "3 may, 1990", "03.05.1990", "1990/05/03", "Thursday"} {
		d, ok := parseDate(s)
		got := fmt.Sprint(ok)
		if ok {
			got = d.Format("2006-01-02")
		}
		if (s == "Thursday") != (got == "false") || ok && got != want {
			t.Errorf("parseDate(%q) = %s", s, got)
		}
	}
}
