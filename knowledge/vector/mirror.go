package vector

import (
	"context"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/philippgille/chromem-go"
)

// dimsFile records each collection's vector length beside chromem-go's collection
// directories (chromem-go reads only subdirectories), so that Open reads a collection's
// vectors back with one query of that length: chromem-go's API lists a collection's
// documents no other way but through a query or an export of the whole database, and the
// export (a gob written and read again) took 40 % more than chromem-go's own loading.
const dimsFile = "dims.json"

// readDims reads the recorded lengths; a missing or unreadable record is empty, and only
// makes Open read those collections through the export.
func readDims(dir string) map[string]int {
	dims := map[string]int{}
	if b, err := os.ReadFile(filepath.Join(dir, dimsFile)); err == nil {
		_ = json.Unmarshal(b, &dims)
	}
	return dims
}

// writeDims replaces the record whole (a new file renamed over the old one).
func writeDims(dir string, dims map[string]int) error {
	b, err := json.Marshal(dims)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, dimsFile+".new")
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, dimsFile))
}

// mirror builds the flat copy of every collection of db: by one query of each recorded
// length, else through chromem-go's export.
func mirror(ctx context.Context, db *chromem.DB, dims map[string]int) (map[string]*flat, error) {
	out := map[string]*flat{}
	var rest []string
	for name, c := range db.ListCollections() {
		n := c.Count()
		if n == 0 {
			out[name] = newFlat()
			continue
		}
		if d := dims[name]; d > 0 {
			if f, err := viaQuery(ctx, c, d, n); err == nil {
				out[name] = f
				continue
			}
		}
		rest = append(rest, name)
	}
	if len(rest) == 0 {
		return out, nil
	}
	return out, viaExport(db, rest, out)
}

// viaQuery reads a collection's n vectors of dims dimensions: a query for all of them
// answers each document with its stored (normalised) vector.
func viaQuery(ctx context.Context, c *chromem.Collection, dims, n int) (*flat, error) {
	probe := make([]float32, dims)
	probe[0] = 1
	res, err := c.QueryEmbedding(ctx, probe, n, nil, nil)
	if err != nil {
		return nil, err
	}
	f := newFlat()
	for _, r := range res {
		id, err := strconv.ParseInt(r.ID, 10, 64)
		if err != nil {
			continue // not ours
		}
		if err := f.put(id, r.Embedding); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// exported is the shape of chromem-go's ExportToWriter stream (a gob, which matches
// fields by name, so the fields not needed here are simply not read).
type exported struct {
	Collections map[string]*struct {
		Name      string
		Documents map[string]*chromem.Document
	}
}

// viaExport reads the named collections' vectors into out through chromem-go's export.
func viaExport(db *chromem.DB, names []string, out map[string]*flat) error {
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(db.ExportToWriter(pw, false, "", names...)) }()
	var all exported
	err := gob.NewDecoder(pr).Decode(&all)
	pr.CloseWithError(io.ErrClosedPipe) // lets the writer end if decoding stopped early
	if err != nil {
		return fmt.Errorf("read vectors: %w", err)
	}
	for name, c := range all.Collections {
		f := newFlat()
		for _, d := range c.Documents {
			id, err := strconv.ParseInt(d.ID, 10, 64)
			if err != nil {
				continue // not ours
			}
			if err := f.put(id, d.Embedding); err != nil {
				return fmt.Errorf("read vectors of %s: %w", name, err)
			}
		}
		out[name] = f
	}
	return nil
}
