package rules

import (
	"testing"
)

func TestIntentClarity(t *testing.T) {
	clear, _ := IntentClarity("Type 'it works' into Name", true)
	vague, why := IntentClarity("click something and do whatever with it", false)
	if clear != 1 || vague >= 0.5 || len(why) < 2 {
		t.Errorf("clear %.2f vague %.2f %v", clear, vague, why)
	}
}
