package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/schema_vN.sql for the current schema")

// dumpSchema renders the database's schema as an executable script: the
// CREATE statements in creation order and the version row.
func dumpSchema(t *testing.T, db *sql.DB) string {
	t.Helper()
	rows, err := db.Query(`SELECT sql FROM sqlite_schema
		WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var stmt string
		if err := rows.Scan(&stmt); err != nil {
			t.Fatal(err)
		}
		b.WriteString(stmt + ";\n\n")
	}
	var v int
	if err := db.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "INSERT INTO schema_version (id, version) VALUES (1, %d);\n", v)
	return b.String()
}

// shape describes the schema structurally (columns, indexes, foreign keys),
// so a migrated database compares equal to a fresh one even though ALTER
// TABLE leaves different CREATE text behind.
func shape(t *testing.T, db *sql.DB) []string {
	t.Helper()
	var out []string
	query := func(q string, args ...any) {
		rows, err := db.Query(q, args...)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(args, vals))
		}
	}
	rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	for _, tb := range tables {
		query(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_xinfo(?) ORDER BY cid`, tb)
		query(`SELECT "table", "from", "to", on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq`, tb)
		query(`SELECT il.name, il."unique", ii.name FROM pragma_index_list(?) il, pragma_index_info(il.name) ii ORDER BY il.name, ii.seqno`, tb)
	}
	return out
}

func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestSchemaSnapshot(t *testing.T) {
	s, _ := openTest(t, nil)
	got := "-- Errand store schema v" + fmt.Sprint(currentSchemaVersion) +
		", as written by a fresh Open. Regenerate with go test ./store -run TestSchemaSnapshot -update.\n" +
		"-- Keep old versions: the upgrade test opens a database built from each.\n\n" +
		dumpSchema(t, s.db)
	golden := filepath.Join("testdata", fmt.Sprintf("schema_v%d.sql", currentSchemaVersion))
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("schema differs from %s; bump currentSchemaVersion with a migration, then -update:\n%s", golden, got)
	}
}

// TestUpgradeFromSnapshots opens a database made from every kept schema
// snapshot and expects it to end up exactly like a fresh one.
func TestUpgradeFromSnapshots(t *testing.T) {
	fresh, _ := openTest(t, nil)
	want := shape(t, fresh.db)
	if len(want) < 50 {
		t.Fatalf("shape of a fresh schema has %d lines; the pragma queries found nothing", len(want))
	}

	files, err := filepath.Glob(filepath.Join("testdata", "schema_v*.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no schema snapshots: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			script, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "old.db")
			old := rawDB(t, path)
			if _, err := old.Exec(string(script)); err != nil {
				t.Fatalf("build database from %s: %v", f, err)
			}
			old.Close()

			s := openAt(t, path, nil)
			if got := shape(t, s.db); !reflect.DeepEqual(got, want) {
				t.Errorf("schema after upgrade differs from fresh:\n got %v\nwant %v", got, want)
			}
			var v int
			s.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v)
			if v != currentSchemaVersion {
				t.Errorf("version %d, want %d", v, currentSchemaVersion)
			}
			// The upgraded store works.
			if err := s.SaveStep(context.Background(), sampleCheckpoint("t1", 1, 3, 5, ms(newTestClock().Now(), 0))); err != nil {
				t.Errorf("SaveStep after upgrade: %v", err)
			}
		})
	}
}

func TestFreshCreateThenReopenIsNoOp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nested", "dir", "errand.db")
	var logs bytes.Buffer
	opts := Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	ctx := context.Background()

	s, err := Open(ctx, path, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "from=0 to=1") {
		t.Errorf("fresh create logged %q, want a v0 to v1 migration", logs.String())
	}
	before := dumpSchema(t, s.db)
	if err := s.SaveStep(ctx, Checkpoint{Task: Task{ID: "t1", Status: "planning"}}); err != nil {
		t.Fatal(err)
	}
	s.Close()

	logs.Reset()
	s, err = Open(ctx, path, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if logs.Len() != 0 {
		t.Errorf("reopen logged %q, want no migration", logs.String())
	}
	if after := dumpSchema(t, s.db); after != before {
		t.Errorf("reopen changed the schema:\n%s\nwas\n%s", after, before)
	}
	if _, err := s.Task(ctx, "t1"); err != nil {
		t.Errorf("task after reopen: %v", err)
	}
}

func TestSchemaTooNew(t *testing.T) {
	s, path := openTest(t, nil)
	if _, err := s.db.Exec(`UPDATE schema_version SET version = ?`, currentSchemaVersion+1); err != nil {
		t.Fatal(err)
	}
	s.Close()

	_, err := Open(context.Background(), path, Options{})
	if !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("Open error = %v, want ErrSchemaTooNew", err)
	}
	wantMsg := fmt.Sprintf("database is v%d, this build knows up to v%d", currentSchemaVersion+1, currentSchemaVersion)
	if !strings.Contains(err.Error(), wantMsg) {
		t.Errorf("error %q does not say %q", err, wantMsg)
	}
	var v int
	rawDB(t, path).QueryRow(`SELECT version FROM schema_version`).Scan(&v)
	if v != currentSchemaVersion+1 {
		t.Errorf("failed Open changed the version to %d", v)
	}
}

func TestOpenRefusesForeignDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	if _, err := rawDB(t, path).Exec(`CREATE TABLE notes (body TEXT)`); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), path, Options{})
	if err == nil || !strings.Contains(err.Error(), "not an errand store") {
		t.Errorf("Open error = %v, want not an errand store", err)
	}
}

// Two processes starting at once on a new file must not both create it.
func TestConcurrentOpenMigratesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "errand.db")
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			s, err := Open(context.Background(), path, Options{})
			if err == nil {
				err = s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Open %d: %v", i, err)
		}
	}
}
