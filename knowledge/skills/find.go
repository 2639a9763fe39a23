package skills

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/errand-app/errand/knowledge/recorded"
)

// candidates is how many skills, the most like the goal, the ranking weighs.
const candidates = 100

// Query asks for the skills that may help a goal on a page.
type Query struct {
	URL   string // the page's address; only its site's skills are read
	Goal  string
	Page  string // recorded.PageSignature of the page; "" = unknown
	Limit int    // 0 = 3
}

// Find returns the skills that may become hints for q, best first: of q's site, used
// within the TTL, working at least half the time, and like enough the goal (Ranking).
//
// The in-memory index gives the candidates most like the goal by their shared words; only
// those are read and ranked, and only the winners' steps decoded.
func (s *Store) Find(ctx context.Context, q Query) ([]Match, error) {
	site, qt := recorded.Site(q.URL), termList(q.Goal)
	if site == "" || len(qt) == 0 {
		return nil, nil
	}
	now := s.opts.Clock.Now()
	cands, err := s.index.candidates(ctx, s.db, site, qt, s.opts.Ranking.MinGoal, candidates)
	if err != nil || len(cands) == 0 {
		return nil, err
	}
	out, err := s.rank(ctx, q, cands, now)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b Match) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return int(b.Skill.ID - a.Skill.ID)
	})
	limit := q.Limit
	if limit <= 0 {
		limit = 3
	}
	out = out[:min(len(out), limit)]
	for i := range out {
		if out[i].Skill, err = s.Get(ctx, out[i].Skill.ID); err != nil {
			return nil, fmt.Errorf("find skills: %w", err)
		}
	}
	return out, nil
}

// rank reads the candidates' counts and last use and scores them; those past the TTL or
// below the ranking's thresholds drop out.
func (s *Store) rank(ctx context.Context, q Query, cands []candidate, now time.Time) ([]Match, error) {
	args := make([]any, 0, len(cands)+1)
	for _, c := range cands {
		args = append(args, c.id)
	}
	args = append(args, now.Add(-s.opts.TTL).UnixMilli())
	rows, err := s.db.QueryContext(ctx, `SELECT id, goal, page, successes, failures, last_used FROM skills
		WHERE id IN (?`+strings.Repeat(", ?", len(cands)-1)+`) AND last_used >= ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("find skills: %w", err)
	}
	defer rows.Close()
	sims := make(map[int64]float64, len(cands))
	for _, c := range cands {
		sims[c.id] = c.sim
	}
	var out []Match
	for rows.Next() {
		var k Skill
		var used int64
		if err := rows.Scan(&k.ID, &k.Goal, &k.Page, &k.Successes, &k.Failures, &used); err != nil {
			return nil, fmt.Errorf("find skills: %w", err)
		}
		k.LastUsed = fromMillis(used)
		if score, ok := s.opts.Ranking.score(k, sims[k.ID], q.Page, now); ok {
			out = append(out, Match{Skill: k, Score: score})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("find skills: %w", err)
	}
	return out, nil
}

// Hints returns the hints for a goal on the page at url, as the refinement prompt carries
// them; it is the skills half of the agent's Knowledge.
func (s *Store) Hints(ctx context.Context, url, goal string) ([]string, error) {
	ms, err := s.Find(ctx, Query{URL: url, Goal: goal})
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Skill.Hint()
	}
	return out, nil
}

// termList is terms as a sorted list.
func termList(s string) []string {
	ts := terms(s)
	out := make([]string, 0, len(ts))
	for t := range ts {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}
