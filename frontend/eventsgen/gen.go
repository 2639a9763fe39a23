package main

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// generator turns Go types into TypeScript declarations the way encoding/json marshals
// them: json tags name the fields, omitempty and omitzero make them optional, a nil slice,
// map or pointer that is not omitted arrives as null, and an embedded struct's fields are
// promoted (an interface that extends the embedded one).
type generator struct {
	src     source
	names   map[reflect.Type]string // declared types → their TypeScript name
	byName  map[string]reflect.Type
	enums   []reflect.Type // named string types with constants, in the order reached
	structs []reflect.Type
}

// marshalers are the types that marshal themselves which the generator knows how to
// write; any other json.Marshaler in a payload is an error, never a guess.
var marshalers = map[string]string{"time.Time": "string"}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

func newGenerator(src source) *generator {
	return &generator{src: src, names: map[reflect.Type]string{}, byName: map[string]reflect.Type{}}
}

// declare gives a named type its TypeScript name, refusing two Go types of one name.
func (g *generator) declare(t reflect.Type) (string, bool, error) {
	if name, ok := g.names[t]; ok {
		return name, false, nil
	}
	if other, ok := g.byName[t.Name()]; ok {
		return "", false, fmt.Errorf("two Go types are named %s (%s and %s): TypeScript needs one name each", t.Name(), other, t)
	}
	g.names[t], g.byName[t.Name()] = t.Name(), t
	return t.Name(), true, nil
}

// tsType is the TypeScript type of a value of t, not counting null (the field decides).
func (g *generator) tsType(t reflect.Type) (string, error) {
	if ts, ok := marshalers[t.String()]; ok {
		return ts, nil
	}
	if t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler) ||
		t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler) {
		return "", fmt.Errorf("%s marshals itself: add its TypeScript type to eventsgen's marshalers", t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.String:
		return g.stringType(t)
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return "string", nil // base64
		}
		elem, err := g.elemType(t.Elem())
		if err != nil {
			return "", err
		}
		return elem + "[]", nil
	case reflect.Map:
		elem, err := g.elemType(t.Elem())
		if err != nil {
			return "", err
		}
		return "Record<string, " + elem + ">", nil
	case reflect.Pointer:
		return g.tsType(t.Elem())
	case reflect.Interface:
		return "unknown", nil
	case reflect.Struct:
		if t.Name() == "" {
			return g.inlineStruct(t)
		}
		name, isNew, err := g.declare(t)
		if isNew {
			g.structs = append(g.structs, t)
		}
		return name, err
	}
	return "", fmt.Errorf("no TypeScript type for %s (a %s)", t, t.Kind())
}

// elemType is the type of a slice's, array's or map's element, in parentheses when it is
// a union so that [] applies to all of it.
func (g *generator) elemType(t reflect.Type) (string, error) {
	ts, err := g.tsType(t)
	if err != nil {
		return "", err
	}
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
		ts += " | null"
	}
	if strings.Contains(ts, " | ") {
		ts = "(" + ts + ")"
	}
	return ts, nil
}

// stringType is string, or the union of a named type's constants when it has some.
func (g *generator) stringType(t reflect.Type) (string, error) {
	if t.Name() == "" || t.PkgPath() == "" {
		return "string", nil
	}
	consts, err := g.src.Consts(t)
	if err != nil || len(consts) == 0 {
		return "string", err
	}
	name, isNew, err := g.declare(t)
	if isNew {
		g.enums = append(g.enums, t)
	}
	return name, err
}

// field is one JSON member of a struct.
type field struct {
	name     string
	goName   string
	typ      reflect.Type
	optional bool // omitempty or omitzero
	asString bool // the ",string" option
}

// fields splits a struct into the embedded structs whose fields JSON promotes and its
// own members, as encoding/json reads the tags.
func fields(t reflect.Type) (embedded []reflect.Type, own []field) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			embedded = append(embedded, ft)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		o := strings.Split(opts, ",")
		own = append(own, field{name: name, goName: f.Name, typ: f.Type,
			optional: slices.Contains(o, "omitempty") || slices.Contains(o, "omitzero"),
			asString: slices.Contains(o, "string")})
	}
	return embedded, own
}

// jsonNames lists the member names a struct marshals, promoted ones included.
func jsonNames(t reflect.Type) []string {
	embedded, own := fields(t)
	var names []string
	for _, e := range embedded {
		names = append(names, jsonNames(e)...)
	}
	for _, f := range own {
		names = append(names, f.name)
	}
	return names
}
