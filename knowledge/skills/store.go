package skills

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/knowledge/internal/sqlitedb"
	"github.com/errand-app/errand/knowledge/recorded"
)

// ErrNotFound is returned when a skill does not exist.
var ErrNotFound = errors.New("skill not found")

// Defaults of Options.
const (
	DefaultTTL = 90 * 24 * time.Hour
	DefaultMax = 10_000
)

// Options configures a Store. The zero value is ready to use.
type Options struct {
	Clock   clock.Clock   // nil = the wall clock
	TTL     time.Duration // a skill unused this long is forgotten; 0 = 90 days
	Max     int           // skills kept at most, least recently used evicted; 0 = 10,000
	Ranking Ranking       // how hints are ranked; zero = the defaults
}

// Store keeps skills in a SQLite file, which it may share with other memories.
type Store struct {
	db    *sql.DB
	opts  Options
	index index
}

// Open opens the skills in the SQLite file at path, creating what is missing.
func Open(ctx context.Context, path string, opts Options) (*Store, error) {
	db, err := sqlitedb.Open(ctx, path, schema)
	if err != nil {
		return nil, fmt.Errorf("open skills: %w", err)
	}
	if opts.Clock == nil {
		opts.Clock = clock.Real()
	}
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.Max <= 0 {
		opts.Max = DefaultMax
	}
	opts.Ranking = opts.Ranking.withDefaults()
	return &Store{db: db, opts: opts}, nil
}

// Close releases the file.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close skills: %w", err)
	}
	return nil
}

// Learn keeps what a correction taught. The same lesson learned again counts as a success
// of the skill it already is. Secrets stay placeholders (recorded.Step.Clean); a secret the
// goal does not name is not kept. Learning makes room: skills past their TTL go, then the
// least recently used beyond Max.
func (s *Store) Learn(ctx context.Context, l Lesson) (Skill, error) {
	site := recorded.Site(l.URL)
	if site == "" {
		return Skill{}, fmt.Errorf("learn a skill: %q is not a web page", l.URL)
	}
	failed, err := l.Failed.Clean(l.Goal)
	if err != nil {
		return Skill{}, fmt.Errorf("learn a skill: the failed step: %w", err)
	}
	succeeded, err := l.Succeeded.Clean(l.Goal)
	if err != nil {
		return Skill{}, fmt.Errorf("learn a skill: the step that worked: %w", err)
	}
	fj, _ := json.Marshal(failed)
	sj, _ := json.Marshal(succeeded)
	goal := strings.Join(strings.Fields(l.Goal), " ")
	var k Skill
	err = s.write(ctx, func(tx *sql.Tx, d *delta) error {
		now := s.opts.Clock.Now().UnixMilli()
		var err error
		k, err = scanSkill(tx.QueryRowContext(ctx, `
INSERT INTO skills (fingerprint, site, goal, failed, succeeded, page, successes, failures, created_at, last_used)
VALUES (?, ?, ?, ?, ?, ?, 1, 0, ?, ?)
ON CONFLICT (fingerprint) DO UPDATE SET successes = successes + 1, last_used = excluded.last_used
RETURNING `+columns, fingerprint(site, goal, l.Page, fj, sj), site, goal, string(fj), string(sj), l.Page, now, now))
		if err != nil {
			return err
		}
		if k.Successes == 1 { // a new skill; one learned again has more

			d.added = append(d.added, indexed{k.ID, site, goal})
		}
		return s.prune(ctx, tx, d)
	})
	if err != nil {
		return Skill{}, fmt.Errorf("learn a skill: %w", err)
	}
	return k, nil
}

// fingerprint identifies a lesson: the same goal (ignoring case), page and pair of steps.
func fingerprint(site, goal, page string, failed, succeeded []byte) string {
	h := sha256.New()
	for _, p := range [][]byte{[]byte(site), []byte(strings.ToLower(goal)), []byte(page), failed, succeeded} {
		h.Write(p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Prune forgets skills unused for longer than the TTL, then the least recently used beyond
// Max, and says how many went.
func (s *Store) Prune(ctx context.Context) (int, error) {
	var n int
	err := s.write(ctx, func(tx *sql.Tx, d *delta) error {
		err := s.prune(ctx, tx, d)
		n = len(d.removed)
		return err
	})
	return n, err
}

func (s *Store) prune(ctx context.Context, tx *sql.Tx, d *delta) error {
	cutoff := s.opts.Clock.Now().Add(-s.opts.TTL).UnixMilli()
	if err := deleteReturning(ctx, tx, d, `DELETE FROM skills WHERE last_used < ?`, cutoff); err != nil {
		return fmt.Errorf("forget old skills: %w", err)
	}
	if err := deleteReturning(ctx, tx, d, `DELETE FROM skills WHERE id IN (
		SELECT id FROM skills ORDER BY last_used DESC, id DESC LIMIT -1 OFFSET ?)`, s.opts.Max); err != nil {
		return fmt.Errorf("evict skills beyond %d: %w", s.opts.Max, err)
	}
	return nil
}

// deleteReturning runs a DELETE on skills and notes what it removed.
func deleteReturning(ctx context.Context, tx *sql.Tx, d *delta, query string, args ...any) error {
	rows, err := tx.QueryContext(ctx, query+` RETURNING id, site, goal`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var x indexed
		if err := rows.Scan(&x.id, &x.site, &x.goal); err != nil {
			return err
		}
		d.removed = append(d.removed, x)
	}
	return rows.Err()
}

// write runs fn in one transaction and tells the in-memory index what it changed, with
// the file's generation before and after, so the index follows this process's changes
// without a rebuild.
func (s *Store) write(ctx context.Context, fn func(*sql.Tx, *delta) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var before, after int64
	if err := tx.QueryRowContext(ctx, `SELECT n FROM skills_generation WHERE id = 1`).Scan(&before); err != nil {
		return err
	}
	var d delta
	if err := fn(tx, &d); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, `SELECT n FROM skills_generation WHERE id = 1`).Scan(&after); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	s.index.apply(before, after, d)
	return nil
}

// Used records that skill id was offered as a hint and the step it served worked (ok) or
// not; either way it was used now.
func (s *Store) Used(ctx context.Context, id int64, ok bool) error {
	col := "failures"
	if ok {
		col = "successes"
	}
	res, err := s.db.ExecContext(ctx, `UPDATE skills SET `+col+` = `+col+` + 1, last_used = ? WHERE id = ?`,
		s.opts.Clock.Now().UnixMilli(), id)
	return affected(res, err, fmt.Sprintf("count a use of skill %d", id))
}

// Get returns the skill with id.
func (s *Store) Get(ctx context.Context, id int64) (Skill, error) {
	k, err := scanSkill(s.db.QueryRowContext(ctx, `SELECT `+columns+` FROM skills WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Skill{}, fmt.Errorf("skill %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Skill{}, fmt.Errorf("skill %d: %w", id, err)
	}
	return k, nil
}

// List returns the skills of a site ("" = every site's), by site, most recently used first.
func (s *Store) List(ctx context.Context, site string) ([]Skill, error) {
	return sqlitedb.All(ctx, s.db, "list skills", scanSkill, `SELECT `+columns+` FROM skills
		WHERE ? = '' OR site = ? ORDER BY site, last_used DESC, id DESC`, site, site)
}

// Forget deletes the skill with id.
func (s *Store) Forget(ctx context.Context, id int64) error {
	err := s.write(ctx, func(tx *sql.Tx, d *delta) error {
		if err := deleteReturning(ctx, tx, d, `DELETE FROM skills WHERE id = ?`, id); err != nil {
			return err
		}
		if len(d.removed) == 0 {
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("forget skill %d: %w", id, err)
	}
	return nil
}

// ForgetSite deletes a site's skills ("" = every site's) and says how many there were.
func (s *Store) ForgetSite(ctx context.Context, site string) (int, error) {
	var n int
	err := s.write(ctx, func(tx *sql.Tx, d *delta) error {
		err := deleteReturning(ctx, tx, d, `DELETE FROM skills WHERE ? = '' OR site = ?`, site, site)
		n = len(d.removed)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("forget the skills of %q: %w", site, err)
	}
	return n, nil
}

func affected(res sql.Result, err error, what string) error {
	return sqlitedb.Affected(res, err, what, ErrNotFound)
}
