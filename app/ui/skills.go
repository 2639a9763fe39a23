package ui

import (
	"errors"
	"fmt"
	"time"

	"github.com/errand-app/errand/knowledge/replay"
	"github.com/errand-app/errand/knowledge/skills"
)

// The Skills screen's verbs: what Errand learned on its own, per site — fixes from
// corrections and errands kept to replay (docs/memory.md) — and forgetting them.

// MemoryView is the Skills screen: per site, its skills and its replay scripts.
type MemoryView struct {
	Sites []MemorySite `json:"sites"`
}

// MemorySite is what one site taught.
type MemorySite struct {
	Site    string      `json:"site"` // host[:port]
	Skills  []SkillRow  `json:"skills"`
	Replays []ReplayRow `json:"replays"`
}

// SkillRow is one fix learned from a correction.
type SkillRow struct {
	ID        int64     `json:"id"`
	Goal      string    `json:"goal"`
	Worked    string    `json:"worked"` // the step that worked, in words
	Failed    string    `json:"failed"` // the step it replaced
	Page      string    `json:"page"`   // the page signature it was learned on
	Successes int       `json:"successes"`
	Failures  int       `json:"failures"`
	CreatedAt time.Time `json:"createdAt"`
	LastUsed  time.Time `json:"lastUsed"` // learned again or used as a hint
}

// ReplayRow is one errand kept to run again without a model.
type ReplayRow struct {
	ID          int64     `json:"id"`
	StartPage   string    `json:"startPage"`   // the start page's URL pattern
	Instruction string    `json:"instruction"` // as it was given
	Template    string    `json:"template"`    // what it matches: "add patient {value1}"
	Steps       []string  `json:"steps"`       // in words
	Uses        int       `json:"uses"`        // replays since it was recorded
	UpdatedAt   time.Time `json:"updatedAt"`   // recorded or last rewritten
	LastUsed    time.Time `json:"lastUsed"`
}

// Skills lists the learned skills and replay scripts, per site.
func (b *Bridge) Skills() (MemoryView, error) {
	mem, err := b.d.memory(b.ctx)
	if err != nil {
		return MemoryView{}, err
	}
	sk, err := mem.Skills.List(b.ctx, "")
	if err != nil {
		return MemoryView{}, err
	}
	rp, err := mem.Replays.List(b.ctx, "")
	if err != nil {
		return MemoryView{}, err
	}
	return memoryView(sk, rp), nil
}

// memoryView groups skills and scripts by site, sites by name; each list keeps the
// store's order.
func memoryView(sk []skills.Skill, rp []replay.Script) MemoryView {
	v := MemoryView{Sites: []MemorySite{}}
	at := map[string]int{}
	site := func(name string) *MemorySite {
		i, ok := at[name]
		if !ok {
			i = len(v.Sites)
			at[name] = i
			v.Sites = append(v.Sites, MemorySite{Site: name, Skills: []SkillRow{}, Replays: []ReplayRow{}})
		}
		return &v.Sites[i]
	}
	for _, k := range sk {
		s := site(k.Site)
		s.Skills = append(s.Skills, SkillRow{ID: k.ID, Goal: k.Goal, Worked: k.Succeeded.String(), Failed: k.Failed.String(),
			Page: k.Page, Successes: k.Successes, Failures: k.Failures, CreatedAt: k.CreatedAt, LastUsed: k.LastUsed})
	}
	for _, sc := range rp {
		steps := make([]string, len(sc.Steps))
		for i, st := range sc.Steps {
			steps[i] = st.String()
		}
		s := site(sc.Site)
		s.Replays = append(s.Replays, ReplayRow{ID: sc.ID, StartPage: sc.Pattern, Instruction: sc.Goal, Template: sc.Key,
			Steps: steps, Uses: sc.Uses, UpdatedAt: sc.UpdatedAt, LastUsed: sc.LastUsed})
	}
	sortSites(v.Sites, func(s MemorySite) string { return s.Site })
	return v
}

// ForgetSkill deletes one skill.
func (b *Bridge) ForgetSkill(id int64) error {
	mem, err := b.d.memory(b.ctx)
	if err != nil {
		return err
	}
	if err := mem.Skills.Forget(b.ctx, id); errors.Is(err, skills.ErrNotFound) {
		return fmt.Errorf("%w: no skill %d (forgotten already?)", ErrNotFound, id)
	} else if err != nil {
		return err
	}
	return nil
}

// ForgetSkills deletes a site's skills and says how many there were.
func (b *Bridge) ForgetSkills(site string) (int, error) {
	if site == "" {
		return 0, errors.New("forget the skills of which site? the site is empty")
	}
	mem, err := b.d.memory(b.ctx)
	if err != nil {
		return 0, err
	}
	return mem.Skills.ForgetSite(b.ctx, site)
}

// ForgetReplay deletes one replay script.
func (b *Bridge) ForgetReplay(id int64) error {
	mem, err := b.d.memory(b.ctx)
	if err != nil {
		return err
	}
	if err := mem.Replays.Forget(b.ctx, id); errors.Is(err, replay.ErrNotFound) {
		return fmt.Errorf("%w: no replay %d (forgotten already?)", ErrNotFound, id)
	} else if err != nil {
		return err
	}
	return nil
}

// ForgetReplays deletes a site's replay scripts and says how many there were.
func (b *Bridge) ForgetReplays(site string) (int, error) {
	if site == "" {
		return 0, errors.New("forget the replays of which site? the site is empty")
	}
	mem, err := b.d.memory(b.ctx)
	if err != nil {
		return 0, err
	}
	return mem.Replays.ForgetSite(b.ctx, site)
}
