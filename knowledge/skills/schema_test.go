package skills

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/errand-app/errand/knowledge/internal/sqlitedb"
)

var update = flag.Bool("update", false, "rewrite testdata/schema_vN.sql for the current schema")

// TestSchemaSnapshot keeps the schema a fresh Open writes, so a change to it without a new
// migration fails here.
func TestSchemaSnapshot(t *testing.T) {
	s, _, _ := openStore(t, Options{})
	got, err := sqlitedb.Snapshot(context.Background(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", fmt.Sprintf("schema_v%d.sql", len(schema.Migrations)))
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("the schema differs from %s; add a migration, then -update:\n%s", golden, got)
	}
}
