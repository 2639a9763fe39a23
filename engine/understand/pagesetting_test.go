package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestLanguageOfThePage: "the language" on a page whose languages are buttons, and no
// control is named Language, is the page's: the words after "to" are the one to click.
func TestLanguageOfThePage(t *testing.T) {
	obs := page.Observation{URL: "http://x/news", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "English", State: "pressed"},
		{ID: "2", Role: page.RoleButton, Name: "العربية"},
		{ID: "3", Role: page.RoleButton, Name: "Русский"},
		{ID: "4", Role: page.RoleInput, Name: "Search"},
	}}
	readsAs(t, obs, []goalCase{
		{"switch the site language to Русский", []string{`click("3")`}},
		{"change my language to العربية", []string{`click("2")`}},
		{"switch the site to Русский", []string{`click("3")`}},
		{"set the language to Deutsch", nil},
	})
}

// TestValueAskedOfAnUnnamedField: a value no shown field was named for ("Set How often to
// Never" beside the one number field) is read on the controls behind a tab, where a
// dropdown has that name and option.
func TestValueAskedOfAnUnnamedField(t *testing.T) {
	obs := page.Observation{URL: "http://x/settings", Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Display", State: "selected"},
		{ID: "2", Role: page.RoleTab, Name: "Notifications"},
		{ID: "3", Role: page.RoleInput, Type: "number", Name: "Items per page", Ctx: "Display"},
	}, Behind: []page.Hidden{
		{Role: page.RoleSelect, Name: "How often", Options: []string{"Immediately", "Once a day", "Never"}, Ctx: "Notifications", By: "2"},
	}}
	readsAs(t, obs, []goalCase{
		{"Set How often to Never", []string{`click("2")`, `select("h1", "Never")`}},
		{"set items per page to 50", []string{`setValue("3", "50")`}},
		{"Set How often to sometimes", nil},
	})
}

// TestWhatItStandsFor: a dropdown labelled "<verb> it to" takes what follows "to"; the
// plain noun before it is the label's "it". A name or an amount there is a value of its
// own and asks.
func TestWhatItStandsFor(t *testing.T) {
	obs := page.Observation{URL: "http://x/card", Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Send it to", Ctx: "Replacement card", Options: []string{"Home – 14 Elm Road, Leeds LS6 2AB", "Collect from branch – Leeds Briggate", "A different address"}},
		{ID: "2", Role: page.RoleButton, Name: "Order card"},
	}}
	readsAs(t, obs, []goalCase{
		{"send the new card to the Briggate branch", []string{`select("1", "Collect from branch – Leeds Briggate")`}},
		{"send my replacement to home", []string{`select("1", "Home – 14 Elm Road, Leeds LS6 2AB")`}},
		{"send the card for Sam Lee to the Briggate branch", nil},
		{"send the new card to the office", nil},
	})
}
