package skills

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/errand-app/errand/knowledge/internal/sqlitedb"
)

var schema = sqlitedb.Schema{Name: "skills", Migrations: []sqlitedb.Migration{migrateV0ToV1}}

// migrateV0ToV1 creates the skills table and the generation counter the in-memory index
// (index.go) checks: triggers bump it on every insertion and deletion, whoever makes them.
func migrateV0ToV1(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE skills (
	id INTEGER PRIMARY KEY,
	fingerprint TEXT NOT NULL UNIQUE,
	site TEXT NOT NULL CHECK (site <> ''),
	goal TEXT NOT NULL,
	failed TEXT NOT NULL CHECK (json_valid(failed)),
	succeeded TEXT NOT NULL CHECK (json_valid(succeeded)),
	page TEXT NOT NULL,
	successes INTEGER NOT NULL DEFAULT 0 CHECK (successes >= 0),
	failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
	created_at INTEGER NOT NULL,
	last_used INTEGER NOT NULL
);
CREATE INDEX skills_last_used ON skills (last_used);
CREATE INDEX skills_site ON skills (site, last_used);

CREATE TABLE skills_generation (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	n INTEGER NOT NULL
);
INSERT INTO skills_generation (id, n) VALUES (1, 0);
CREATE TRIGGER skills_inserted AFTER INSERT ON skills BEGIN
	UPDATE skills_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER skills_deleted AFTER DELETE ON skills BEGIN
	UPDATE skills_generation SET n = n + 1 WHERE id = 1;
END;
`)
	return err
}

const columns = `id, site, goal, failed, succeeded, page, successes, failures, created_at, last_used`

func scanSkill(r sqlitedb.Scanner) (Skill, error) {
	var k Skill
	var failed, succeeded []byte
	var created, used int64
	if err := r.Scan(&k.ID, &k.Site, &k.Goal, &failed, &succeeded, &k.Page, &k.Successes, &k.Failures,
		&created, &used); err != nil {
		return Skill{}, err
	}
	if err := json.Unmarshal(failed, &k.Failed); err != nil {
		return Skill{}, fmt.Errorf("skill %d: failed step: %w", k.ID, err)
	}
	if err := json.Unmarshal(succeeded, &k.Succeeded); err != nil {
		return Skill{}, fmt.Errorf("skill %d: step that worked: %w", k.ID, err)
	}
	k.CreatedAt, k.LastUsed = fromMillis(created), fromMillis(used)
	return k, nil
}

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
