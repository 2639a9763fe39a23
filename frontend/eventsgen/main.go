// Command eventsgen writes frontend/src/events.gen.ts, the TypeScript types of the events
// the engine sends, from the Go payload structs themselves, so the window's types cannot
// drift from what Go marshals. `go generate ./...` runs it (frontend/generate.go);
// TestGeneratedFileIsCurrent fails when the checked-in file is not what it writes.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"reflect"
)

func main() {
	out := flag.String("o", "src/events.gen.ts", "the file to write")
	flag.Parse()
	if err := run(context.Background(), *out); err != nil {
		fmt.Fprintln(os.Stderr, "eventsgen:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, out string) error {
	b, err := build(ctx, events())
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		return fmt.Errorf("write the event types: %w", err)
	}
	return nil
}

// build reads the packages that declare the payloads and renders the file.
func build(ctx context.Context, list []event) ([]byte, error) {
	src, err := loadSource(ctx, packagesOf(list))
	if err != nil {
		return nil, fmt.Errorf("read the Go sources of the events: %w", err)
	}
	return generate(list, src)
}

// packagesOf lists the import paths of every named type the events reach.
func packagesOf(list []event) []string {
	seen := map[reflect.Type]bool{}
	pkgs := map[string]bool{}
	var order []string
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		if p := t.PkgPath(); p != "" && t.Name() != "" && !pkgs[p] {
			pkgs[p] = true
			order = append(order, p)
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			walk(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				walk(t.Field(i).Type)
			}
		}
	}
	for _, e := range list {
		walk(reflect.TypeOf(e.Type))
		walk(reflect.TypeOf(e.Payload))
	}
	return order
}
