package skills

import (
	"fmt"
	"time"

	"github.com/errand-app/errand/knowledge/recorded"
)

// Skill is one correction remembered: on a page of Site, for Goal, Failed did not work and
// Succeeded did.
type Skill struct {
	ID        int64         `json:"id"`
	Site      string        `json:"site"`
	Goal      string        `json:"goal"`
	Failed    recorded.Step `json:"failed"`
	Succeeded recorded.Step `json:"succeeded"`
	Page      string        `json:"page"` // recorded.PageSignature of the page it was learned on
	Successes int           `json:"successes"`
	Failures  int           `json:"failures"`
	CreatedAt time.Time     `json:"createdAt"`
	LastUsed  time.Time     `json:"lastUsed"` // learned again or used as a hint
}

// SuccessRate is the share of uses that worked; a skill never used has its learning as
// its one success.
func (k Skill) SuccessRate() float64 {
	if k.Successes+k.Failures == 0 {
		return 0
	}
	return float64(k.Successes) / float64(k.Successes+k.Failures)
}

// Hint says the skill as the refinement prompt carries it.
func (k Skill) Hint() string {
	return fmt.Sprintf("For %q on a page like this, %s did not work; %s did (worked %d of %d times).",
		k.Goal, k.Failed, k.Succeeded, k.Successes, k.Successes+k.Failures)
}

// Lesson is what a correction teaches: the step that failed and the one that worked, with
// the goal they served and the page they were on.
type Lesson struct {
	URL       string // the page's address; its site scopes the skill
	Goal      string
	Failed    recorded.Step
	Succeeded recorded.Step
	Page      string // recorded.PageSignature of the page
}

// Match is a skill found for a goal and page, with its score (Ranking.Score).
type Match struct {
	Skill Skill   `json:"skill"`
	Score float64 `json:"score"`
}
