package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Schema is a JSON schema, the subset small models are constrained by (object, array,
// string with enum, number, integer, boolean). Properties keep the Go field order, because
// a constrained model writes them in schema order: a "thought" field first makes it reason
// before it commits to an action.
type Schema struct {
	Title       string
	Type        string
	Description string
	Enum        []string
	Properties  []Property
	Required    []string
	Items       *Schema
	// Additional is the schema of a map's values.
	Additional *Schema
	// MaxItems bounds an array and MaxLength a string (in characters); 0 = unbounded.
	// Both reach the model's grammar and size the reply's num_predict (MaxTokens).
	MaxItems, MaxLength int
}

// Property is one named field of an object schema.
type Property struct {
	Name   string
	Schema *Schema
}

// SchemaFor derives the schema of T's JSON form. Fields without omitempty are required.
// Tags: `enum:"a,b"` restricts a string; `desc:"…"` describes a field to the model;
// `max:"N"` bounds an array to N items or a string to N characters.
func SchemaFor[T any](title Purpose) *Schema {
	s := schemaOf(reflect.TypeFor[T]())
	s.Title = string(title)
	return s
}

func schemaOf(t reflect.Type) *Schema {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return &Schema{Type: "string"}
	case reflect.Bool:
		return &Schema{Type: "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &Schema{Type: "integer"}
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: "number"}
	case reflect.Slice, reflect.Array:
		return &Schema{Type: "array", Items: schemaOf(t.Elem())}
	case reflect.Map:
		return &Schema{Type: "object", Additional: schemaOf(t.Elem())}
	case reflect.Struct:
		s := &Schema{Type: "object"}
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			p := schemaOf(f.Type)
			p.Description = f.Tag.Get("desc")
			if e := f.Tag.Get("enum"); e != "" {
				p.Enum = strings.Split(e, ",")
			}
			if n, err := strconv.Atoi(f.Tag.Get("max")); err == nil && n > 0 {
				if p.Type == "array" {
					p.MaxItems = n
				} else {
					p.MaxLength = n
				}
			}
			s.Properties = append(s.Properties, Property{Name: name, Schema: p})
			if !strings.Contains(opts, "omitempty") {
				s.Required = append(s.Required, name)
			}
		}
		return s
	}
	return &Schema{}
}

// MarshalJSON writes the schema with its properties in field order.
func (s *Schema) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	put := func(k string, v any) error {
		enc, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("schema %s: %w", k, err)
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		fmt.Fprintf(&b, "%q:%s", k, enc)
		return nil
	}
	fields := []struct {
		key  string
		val  any
		skip bool
	}{
		{"title", s.Title, s.Title == ""},
		{"type", s.Type, s.Type == ""},
		{"description", s.Description, s.Description == ""},
		{"enum", s.Enum, len(s.Enum) == 0},
		{"items", s.Items, s.Items == nil},
		{"maxItems", s.MaxItems, s.MaxItems == 0},
		{"maxLength", s.MaxLength, s.MaxLength == 0},
		{"additionalProperties", s.Additional, s.Additional == nil},
	}
	for _, f := range fields {
		if f.skip {
			continue
		}
		if err := put(f.key, f.val); err != nil {
			return nil, err
		}
	}
	if s.Type == "object" && s.Additional == nil {
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteString(`"properties":{`)
		for i, p := range s.Properties {
			enc, err := json.Marshal(p.Schema)
			if err != nil {
				return nil, err
			}
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%q:%s", p.Name, enc)
		}
		b.WriteByte('}')
		if err := put("required", nonNil(s.Required)); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// check reports the first way v (decoded JSON) breaks the schema: a missing required
// field, a wrong type, a value outside its enum. json.Unmarshal into the Go type alone
// would let a missing field pass as its zero value.
func (s *Schema) check(path string, v any) error {
	if s == nil {
		return nil
	}
	switch s.Type {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object", pathOr(path))
		}
		for _, r := range s.Required {
			if _, ok := m[r]; !ok {
				return fmt.Errorf("%s: missing required field %q", pathOr(path), r)
			}
		}
		for _, p := range s.Properties {
			if pv, ok := m[p.Name]; ok && pv != nil {
				if err := p.Schema.check(path+"."+p.Name, pv); err != nil {
					return err
				}
			}
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			return fmt.Errorf("%s: want an array", pathOr(path))
		}
		if s.MaxItems > 0 && len(a) > s.MaxItems {
			return fmt.Errorf("%s: %d items, at most %d", pathOr(path), len(a), s.MaxItems)
		}
		for i, e := range a {
			if err := s.Items.check(fmt.Sprintf("%s[%d]", path, i), e); err != nil {
				return err
			}
		}
	case "string":
		str, ok := v.(string)
		if !ok {
			return fmt.Errorf("%s: want a string", pathOr(path))
		}
		if len(s.Enum) > 0 && !slices.Contains(s.Enum, str) {
			return fmt.Errorf("%s: %q is not one of %s", pathOr(path), str, strings.Join(s.Enum, ", "))
		}
	case "integer", "number":
		if _, ok := v.(float64); !ok {
			return fmt.Errorf("%s: want a number", pathOr(path))
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("%s: want true or false", pathOr(path))
		}
	}
	return nil
}

func pathOr(p string) string {
	if p == "" {
		return "reply"
	}
	return strings.TrimPrefix(p, ".")
}
