package main

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
)

// source answers what reflection cannot: the constants declared of a named type (a Go
// string enum becomes a union of literals) and the doc comments (they become JSDoc).
type source interface {
	// Consts returns the values of the constants declared of named string type t, in
	// the order they are declared.
	Consts(t reflect.Type) ([]string, error)
	// Doc returns the doc comment of named type t, or of its field when field is not "".
	Doc(t reflect.Type, field string) string
}

// goSource is a source read from the packages' files with go/parser. The files are the
// ones `go list` says the build uses, so build tags are honoured.
type goSource struct {
	consts map[string][]string // "pkgpath.Type" → values
	// unread names the constants of a type whose value is not a string literal.
	unread map[string][]string
	docs   map[string]string // "pkgpath.Type" or "pkgpath.Type.Field" → comment
}

var _ source = (*goSource)(nil)

func typeKey(t reflect.Type) string { return t.PkgPath() + "." + t.Name() }

func (s *goSource) Consts(t reflect.Type) ([]string, error) {
	if names := s.unread[typeKey(t)]; len(names) > 0 {
		return nil, fmt.Errorf("the constants %s of type %s are not string literals: eventsgen cannot read their values",
			strings.Join(names, ", "), t)
	}
	return s.consts[typeKey(t)], nil
}

func (s *goSource) Doc(t reflect.Type, field string) string {
	if field != "" {
		return s.docs[typeKey(t)+"."+field]
	}
	return s.docs[typeKey(t)]
}

// loadSource parses the Go files of the packages with the given import paths.
func loadSource(ctx context.Context, pkgPaths []string) (*goSource, error) {
	args := append([]string{"list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \" \"}}"}, pkgPaths...)
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %w: %s", strings.Join(pkgPaths, " "), err, stderr.String())
	}
	s := &goSource{consts: map[string][]string{}, unread: map[string][]string{}, docs: map[string]string{}}
	fset := token.NewFileSet()
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		parts := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if len(parts) != 3 {
			return nil, fmt.Errorf("go list: unexpected line %q", line)
		}
		pkgPath, dir := parts[0], parts[1]
		for name := range strings.FieldsSeq(parts[2]) {
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return nil, fmt.Errorf("parse %s: %w", pkgPath, err)
			}
			if err := s.read(pkgPath, f); err != nil {
				return nil, fmt.Errorf("read %s: %w", fset.Position(f.Pos()).Filename, err)
			}
		}
	}
	return s, nil
}

// read records the file's type docs, field docs and typed string constants.
func (s *goSource) read(pkgPath string, f *ast.File) error {
	imports := importNames(f)
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			switch spec := spec.(type) {
			case *ast.TypeSpec:
				s.readType(pkgPath, gd, spec)
			case *ast.ValueSpec:
				if gd.Tok == token.CONST {
					if err := s.readConst(pkgPath, imports, spec); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

func (s *goSource) readType(pkgPath string, gd *ast.GenDecl, spec *ast.TypeSpec) {
	key := pkgPath + "." + spec.Name.Name
	doc := spec.Doc
	if doc == nil && len(gd.Specs) == 1 {
		doc = gd.Doc
	}
	if text := commentText(doc, spec.Comment); text != "" {
		s.docs[key] = text
	}
	st, ok := spec.Type.(*ast.StructType)
	if !ok {
		return
	}
	for _, field := range st.Fields.List {
		text := commentText(field.Doc, field.Comment)
		if text == "" {
			continue
		}
		for _, name := range fieldNames(field) {
			s.docs[key+"."+name] = text
		}
	}
}

// readConst records a constant declared with an explicit named type. One whose value is
// not a string literal is noted as unread: Consts fails for a string type that has one, so
// no value of an enum goes missing (a numeric enum is "number" in TypeScript anyway).
func (s *goSource) readConst(pkgPath string, imports map[string]string, spec *ast.ValueSpec) error {
	key := typeName(pkgPath, imports, spec.Type)
	if key == "" {
		return nil
	}
	for i, name := range spec.Names {
		var lit *ast.BasicLit
		if i < len(spec.Values) {
			lit, _ = spec.Values[i].(*ast.BasicLit)
		}
		if lit == nil || lit.Kind != token.STRING {
			s.unread[key] = append(s.unread[key], name.Name)
			continue
		}
		v, err := strconv.Unquote(lit.Value)
		if err != nil {
			return fmt.Errorf("constant %s: %w", name.Name, err)
		}
		s.consts[key] = append(s.consts[key], v)
	}
	return nil
}

// typeName resolves a constant's type expression (T or pkg.T) to "pkgpath.T".
func typeName(pkgPath string, imports map[string]string, expr ast.Expr) string {
	switch e := expr.(type) {
	case *ast.Ident:
		return pkgPath + "." + e.Name
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok && imports[x.Name] != "" {
			return imports[x.Name] + "." + e.Sel.Name
		}
	}
	return ""
}

// importNames maps the names a file uses for its imports to their paths. A package's
// name is taken to be the last element of its path, as it is in this module.
func importNames(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		m[name] = p
	}
	return m
}

func fieldNames(field *ast.Field) []string {
	if len(field.Names) == 0 { // embedded: named by its type
		expr := field.Type
		if star, ok := expr.(*ast.StarExpr); ok {
			expr = star.X
		}
		switch e := expr.(type) {
		case *ast.Ident:
			return []string{e.Name}
		case *ast.SelectorExpr:
			return []string{e.Sel.Name}
		}
		return nil
	}
	names := make([]string, len(field.Names))
	for i, n := range field.Names {
		names[i] = n.Name
	}
	return names
}

// commentText joins a doc comment and a line comment into plain text.
func commentText(groups ...*ast.CommentGroup) string {
	var parts []string
	for _, g := range groups {
		if t := strings.TrimSpace(g.Text()); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n")
}
