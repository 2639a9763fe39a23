package replay

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/knowledge/internal/sqlitedb"
	"github.com/errand-app/errand/knowledge/recorded"
)

// ErrNotFound is returned when a script does not exist.
var ErrNotFound = errors.New("replay script not found")

// Options configures a Store. The zero value is ready to use.
type Options struct {
	Clock clock.Clock // nil = the wall clock
}

// Store keeps scripts in a SQLite file, which it may share with other memories.
type Store struct {
	db    *sql.DB
	clock clock.Clock
}

var schema = sqlitedb.Schema{Name: "replay", Migrations: []sqlitedb.Migration{migrateV0ToV1}}

// migrateV0ToV1 creates the scripts table. One script per start page and instruction: a
// new recording of the same errand replaces the old. lead is the key's first word, so a
// lookup reads only the scripts that could match.
func migrateV0ToV1(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE replay_scripts (
	id INTEGER PRIMARY KEY,
	site TEXT NOT NULL,
	pattern TEXT NOT NULL,
	key TEXT NOT NULL CHECK (key <> ''),
	lead TEXT NOT NULL,
	goal TEXT NOT NULL,
	vars TEXT NOT NULL CHECK (json_valid(vars)),
	steps TEXT NOT NULL CHECK (json_valid(steps)),
	uses INTEGER NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	last_used INTEGER NOT NULL,
	UNIQUE (pattern, key)
);
CREATE INDEX replay_scripts_lookup ON replay_scripts (pattern, lead);
CREATE INDEX replay_scripts_site ON replay_scripts (site, last_used);
`)
	return err
}

// Open opens the scripts in the SQLite file at path, creating what is missing.
func Open(ctx context.Context, path string, opts Options) (*Store, error) {
	db, err := sqlitedb.Open(ctx, path, schema)
	if err != nil {
		return nil, fmt.Errorf("open replay scripts: %w", err)
	}
	if opts.Clock == nil {
		opts.Clock = clock.Real()
	}
	return &Store{db: db, clock: opts.Clock}, nil
}

// Close releases the file.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close replay scripts: %w", err)
	}
	return nil
}

// Save keeps a recorded script, replacing the one with the same start page and key (its
// uses and creation time stay). It returns the script as stored, with its ID and times.
func (s *Store) Save(ctx context.Context, sc Script) (Script, error) {
	vars, steps, err := encode(sc)
	if err != nil {
		return Script{}, fmt.Errorf("save replay script: %w", err)
	}
	now := s.clock.Now().UnixMilli()
	row := s.db.QueryRowContext(ctx, `
INSERT INTO replay_scripts (site, pattern, key, lead, goal, vars, steps, created_at, updated_at, last_used)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (pattern, key) DO UPDATE SET site = excluded.site, goal = excluded.goal, vars = excluded.vars,
	steps = excluded.steps, updated_at = excluded.updated_at, last_used = excluded.last_used
RETURNING `+columns, sc.Site, sc.Pattern, sc.Key, lead(sc.Key), sc.Goal, vars, steps, now, now, now)
	out, err := scanScript(row)
	if err != nil {
		return Script{}, fmt.Errorf("save replay script: %w", err)
	}
	return out, nil
}

// Find returns the script that replays goal from the page at url, with the goal's values
// bound to its variables; ok is false when none matches. The most recently used wins.
func (s *Store) Find(ctx context.Context, url, goal string) (sc Script, b Bindings, ok bool, err error) {
	words := goalWords(goal)
	first := ""
	if len(words) > 0 {
		first = words[0]
	}
	have := make(map[string]bool, len(words))
	for _, w := range words {
		have[w] = true
	}
	id, b, err := s.match(ctx, recorded.URLPattern(url), first, goal, have)
	if err != nil || id == 0 {
		return Script{}, nil, false, err
	}
	sc, err = s.Get(ctx, id)
	if err != nil {
		return Script{}, nil, false, fmt.Errorf("find replay script: %w", err)
	}
	return sc, b, true, nil
}

// match reads the keys that could match and returns the first script that does; 0 = none.
// Only its key and variables are decoded: a key with a word the goal lacks is passed over
// before them.
func (s *Store) match(ctx context.Context, pattern, first, goal string, have map[string]bool) (int64, Bindings, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, key, vars FROM replay_scripts
		WHERE pattern = ? AND (lead = ? OR lead = '') ORDER BY last_used DESC, id DESC`, pattern, first)
	if err != nil {
		return 0, nil, fmt.Errorf("find replay script: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c Script
		var vars []byte
		if err := rows.Scan(&c.ID, &c.Key, &vars); err != nil {
			return 0, nil, fmt.Errorf("find replay script: %w", err)
		}
		if !hasWords(c.Key, have) {
			continue
		}
		if err := json.Unmarshal(vars, &c.Vars); err != nil {
			return 0, nil, fmt.Errorf("find replay script: script %d: variables: %w", c.ID, err)
		}
		if b, ok := Match(goal, c); ok {
			return c.ID, b, nil
		}
	}
	if err := rows.Err(); err != nil {
		return 0, nil, fmt.Errorf("find replay script: %w", err)
	}
	return 0, nil, nil
}

// goalWords are the words a goal could match a key's literal words with: the literal
// words of the goal read with no typed values (which only turn words into values).
func goalWords(goal string) []string {
	var out []string
	for _, it := range scan(goal, nil) {
		if it.kind == "" {
			out = append(out, it.norm)
		}
	}
	return out
}

// hasWords reports whether each literal word of key is in have.
func hasWords(key string, have map[string]bool) bool {
	for _, f := range strings.Fields(key) {
		if strings.HasPrefix(f, "{") && !strings.HasPrefix(f, "{{") {
			continue
		}
		if !have[unescape(f)] {
			return false
		}
	}
	return true
}

// Used counts a replay of the script and makes it the most recently used.
func (s *Store) Used(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, `UPDATE replay_scripts SET uses = uses + 1, last_used = ? WHERE id = ?`,
		s.clock.Now().UnixMilli(), id)
	return affected(res, err, fmt.Sprintf("count a replay of script %d", id))
}

// List returns the scripts of a site ("" = every site), by site, most recently used first.
func (s *Store) List(ctx context.Context, site string) ([]Script, error) {
	return sqlitedb.All(ctx, s.db, "list replay scripts", scanScript, `SELECT `+columns+` FROM replay_scripts
		WHERE ? = '' OR site = ? ORDER BY site, last_used DESC, id DESC`, site, site)
}

// Get returns the script with id.
func (s *Store) Get(ctx context.Context, id int64) (Script, error) {
	sc, err := scanScript(s.db.QueryRowContext(ctx, `SELECT `+columns+` FROM replay_scripts WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Script{}, fmt.Errorf("replay script %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Script{}, fmt.Errorf("replay script %d: %w", id, err)
	}
	return sc, nil
}

// Forget deletes the script with id.
func (s *Store) Forget(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM replay_scripts WHERE id = ?`, id)
	return affected(res, err, fmt.Sprintf("forget replay script %d", id))
}

// ForgetSite deletes a site's scripts ("" = every site's) and says how many there were.
func (s *Store) ForgetSite(ctx context.Context, site string) (int, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM replay_scripts WHERE ? = '' OR site = ?`, site, site)
	if err != nil {
		return 0, fmt.Errorf("forget the replay scripts of %q: %w", site, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

const columns = `id, site, pattern, key, goal, vars, steps, uses, created_at, updated_at, last_used`

func scanScript(r sqlitedb.Scanner) (Script, error) {
	var sc Script
	var vars, steps string
	var created, updated, used int64
	if err := r.Scan(&sc.ID, &sc.Site, &sc.Pattern, &sc.Key, &sc.Goal, &vars, &steps, &sc.Uses,
		&created, &updated, &used); err != nil {
		return Script{}, err
	}
	if err := json.Unmarshal([]byte(vars), &sc.Vars); err != nil {
		return Script{}, fmt.Errorf("script %d: variables: %w", sc.ID, err)
	}
	if err := json.Unmarshal([]byte(steps), &sc.Steps); err != nil {
		return Script{}, fmt.Errorf("script %d: steps: %w", sc.ID, err)
	}
	sc.CreatedAt, sc.UpdatedAt, sc.LastUsed = fromMillis(created), fromMillis(updated), fromMillis(used)
	return sc, nil
}

func encode(sc Script) (vars, steps string, err error) {
	if sc.Key == "" || len(sc.Steps) == 0 {
		return "", "", errors.New("a script needs an instruction and steps (see Record)")
	}
	v, err := json.Marshal(sc.Vars)
	if err != nil {
		return "", "", err
	}
	if sc.Vars == nil {
		v = []byte("[]")
	}
	st, err := json.Marshal(sc.Steps)
	return string(v), string(st), err
}

// lead is the key's first word when it is a literal one, else "" (a key that starts with
// a variable is read for every goal).
func lead(key string) string {
	f := strings.Fields(key)
	if len(f) == 0 || strings.HasPrefix(f[0], "{") && !strings.HasPrefix(f[0], "{{") {
		return ""
	}
	return unescape(f[0])
}

func affected(res sql.Result, err error, what string) error {
	return sqlitedb.Affected(res, err, what, ErrNotFound)
}

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
