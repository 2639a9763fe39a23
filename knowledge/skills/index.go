package skills

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sync"
)

// index is an in-memory inverted index of skill goals by site, so a lookup counts shared
// words over thousands of skills in microseconds instead of scanning rows. It is a cache:
// the file is the truth. Every insertion or deletion of a skill, by this process or another,
// bumps skills_generation (a trigger), and a lookup that sees a new generation rebuilds.
type index struct {
	mu    sync.Mutex
	gen   int64
	sites map[string]*siteIndex
	loads int // sites read from the file, for tests
}

// siteIndex holds one site's skills by goal term.
type siteIndex struct {
	postings map[string][]posting
}

type posting struct {
	id    int64
	terms int // how many terms the skill's goal has
}

// candidate is a skill that shares words with the goal, with its goal similarity.
type candidate struct {
	id  int64
	sim float64
}

// candidates returns up to n skills of site most like the query terms, with Jaccard
// similarity ≥ minSim, best first.
func (x *index) candidates(ctx context.Context, db *sql.DB, site string, qt []string, minSim float64, n int) ([]candidate, error) {
	var gen int64
	if err := db.QueryRowContext(ctx, `SELECT n FROM skills_generation WHERE id = 1`).Scan(&gen); err != nil {
		return nil, fmt.Errorf("read the skills generation: %w", err)
	}
	x.mu.Lock()
	defer x.mu.Unlock() // apply edits postings in place
	si, err := x.site(ctx, db, site, gen)
	if err != nil {
		return nil, err
	}
	type count struct{ shared, terms int }
	counts := make(map[int64]count, len(si.postings[qt[0]])*2)
	for _, t := range qt {
		for _, p := range si.postings[t] {
			c := counts[p.id]
			counts[p.id] = count{c.shared + 1, p.terms}
		}
	}
	out := make([]candidate, 0, min(len(counts), 4*n))
	for id, c := range counts {
		if sim := float64(c.shared) / float64(len(qt)+c.terms-c.shared); sim >= minSim {
			out = append(out, candidate{id, sim})
		}
	}
	slices.SortFunc(out, func(a, b candidate) int {
		if c := cmp.Compare(b.sim, a.sim); c != 0 {
			return c
		}
		return cmp.Compare(b.id, a.id)
	})
	return out[:min(len(out), n)], nil
}

// site returns the site's index, rebuilding what the file's generation gen says is stale.
// x.mu is held.
func (x *index) site(ctx context.Context, db *sql.DB, site string, gen int64) (*siteIndex, error) {
	if gen != x.gen || x.sites == nil {
		x.gen, x.sites = gen, map[string]*siteIndex{}
	}
	if si, ok := x.sites[site]; ok {
		return si, nil
	}
	si, err := loadSite(ctx, db, site)
	if err != nil {
		return nil, err
	}
	x.loads++
	x.sites[site] = si
	return si, nil
}

func loadSite(ctx context.Context, db *sql.DB, site string) (*siteIndex, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, goal FROM skills WHERE site = ?`, site)
	if err != nil {
		return nil, fmt.Errorf("index the skills of %s: %w", site, err)
	}
	defer rows.Close()
	si := &siteIndex{postings: map[string][]posting{}}
	for rows.Next() {
		var id int64
		var goal string
		if err := rows.Scan(&id, &goal); err != nil {
			return nil, fmt.Errorf("index the skills of %s: %w", site, err)
		}
		ts := terms(goal)
		for t := range ts {
			si.postings[t] = append(si.postings[t], posting{id, len(ts)})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index the skills of %s: %w", site, err)
	}
	return si, nil
}

// indexed is a skill as the index knows it.
type indexed struct {
	id         int64
	site, goal string
}

// delta is what one write added to and removed from the skills.
type delta struct {
	added, removed []indexed
}

// apply brings the index from generation before to after with d. An index that was not at
// before has missed someone else's change: it is left stale, and the next lookup rebuilds.
func (x *index) apply(before, after int64, d delta) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.sites == nil || x.gen != before {
		return
	}
	for _, k := range d.added {
		if si, ok := x.sites[k.site]; ok {
			ts := terms(k.goal)
			for t := range ts {
				si.postings[t] = append(si.postings[t], posting{k.id, len(ts)})
			}
		}
	}
	for _, k := range d.removed {
		if si, ok := x.sites[k.site]; ok {
			for t := range terms(k.goal) {
				si.postings[t] = slices.DeleteFunc(si.postings[t], func(p posting) bool { return p.id == k.id })
			}
		}
	}
	x.gen = after
}
