package sqlitedb

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
)

func version(t *testing.T, db *sql.DB, name string) int {
	t.Helper()
	var v int
	if err := db.QueryRow(`SELECT version FROM schema_versions WHERE name = ?`, name).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func create(table string) Migration {
	return func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `CREATE TABLE `+table+` (x INTEGER)`)
		return err
	}
}

func TestTwoSchemasShareAFileAndMigrateApart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sub", "memory.db")
	a, err := Open(ctx, path, Schema{Name: "a", Migrations: []Migration{create("a1")}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(ctx, path, Schema{Name: "b", Migrations: []Migration{create("b1"), create("b2")}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got := version(t, a, "a"); got != 1 {
		t.Errorf("a is v%d, want v1", got)
	}
	if got := version(t, a, "b"); got != 2 {
		t.Errorf("b is v%d, want v2", got)
	}
	// Growing a's schema applies only its new step.
	a2, err := Open(ctx, path, Schema{Name: "a", Migrations: []Migration{create("a1"), create("a2")}})
	if err != nil {
		t.Fatal(err)
	}
	defer a2.Close()
	if got := version(t, a2, "a"); got != 2 {
		t.Errorf("a is v%d after growing, want v2", got)
	}
	var tables int
	if err := a2.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('a1','a2','b1','b2')`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables != 4 {
		t.Errorf("%d of the 4 tables exist", tables)
	}
}

func TestNewerFileIsRefused(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "memory.db")
	db, err := Open(ctx, path, Schema{Name: "a", Migrations: []Migration{create("a1"), create("a2")}})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = Open(ctx, path, Schema{Name: "a", Migrations: []Migration{create("a1")}})
	if !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("got %v, want ErrSchemaTooNew", err)
	}
}

func TestFailedMigrationLeavesTheVersion(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "memory.db")
	bad := func(ctx context.Context, tx *sql.Tx) error { return errors.New("boom") }
	if _, err := Open(ctx, path, Schema{Name: "a", Migrations: []Migration{create("a1"), bad}}); err == nil ||
		err.Error() != "migrate a v1 to v2: boom" {
		t.Fatalf("got %v", err)
	}
	db, err := Open(ctx, path, Schema{Name: "a", Migrations: []Migration{create("a1")}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := version(t, db, "a"); got != 1 {
		t.Errorf("a is v%d, want v1 (the failed step rolled back)", got)
	}
}
