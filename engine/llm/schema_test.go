package llm

import (
	"bytes"
	"encoding/json"
	"flag"
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// schemaStep is a slice element: a struct inside an array.
type schemaStep struct {
	Action string `json:"action" enum:"click,type,navigate" desc:"what to do"`
	Target string `json:"target,omitempty"`
}

// schemaMeta is a nested struct field.
type schemaMeta struct {
	Source string `json:"source"`
	Retry  int    `json:"retry,omitempty"`
}

// schemaPlan covers every shape SchemaFor handles. The field order is deliberate and not
// alphabetical: the schema must keep it.
type schemaPlan struct {
	Thought    string            `json:"thought" desc:"reason before acting"`
	Steps      []schemaStep      `json:"steps"`
	Meta       schemaMeta        `json:"meta"`
	Labels     map[string]int    `json:"labels,omitempty"`
	Confidence float64           `json:"confidence"`
	Done       bool              `json:"done"`
	Note       *string           `json:"note,omitempty"`
	Limit      *int              `json:"limit"`
	Tags       []string          `json:"tags"`
	Secret     string            `json:"-"`
	internal   string            // unexported: must not appear
	Plain      string            // no tag: the Go name is the JSON name
	Extra      map[string]string `json:",omitempty"`
}

func TestSchemaFor(t *testing.T) {
	s := SchemaFor[schemaPlan](PurposePlanning)

	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, raw, "", "  "); err != nil {
		t.Fatalf("the schema is not valid JSON: %v\n%s", err, raw)
	}
	pretty.WriteByte('\n')
	golden.Check(t, golden.Path(t, "plan"), pretty.Bytes(), *update)

	if s.Title != string(PurposePlanning) || s.Type != "object" {
		t.Errorf("title, type = %q, %q; want PLANNING, object", s.Title, s.Type)
	}
	wantOrder := []string{"thought", "steps", "meta", "labels", "confidence", "done", "note", "limit", "tags", "Plain", "Extra"}
	if got := propNames(s); !slices.Equal(got, wantOrder) {
		t.Errorf("properties = %v, want field order %v", got, wantOrder)
	}
	wantRequired := []string{"thought", "steps", "meta", "confidence", "done", "limit", "tags", "Plain"}
	if !slices.Equal(s.Required, wantRequired) {
		t.Errorf("required = %v, want %v (omitempty fields excluded)", s.Required, wantRequired)
	}

	// The marshalled form is what Ollama sees: its keys must be in field order too,
	// which a map-based encoding would lose.
	if got := jsonKeys(t, raw, "properties"); !slices.Equal(got, wantOrder) {
		t.Errorf("marshalled property order = %v, want %v", got, wantOrder)
	}

	steps := prop(t, s, "steps")
	if steps.Type != "array" || steps.Items == nil || steps.Items.Type != "object" {
		t.Fatalf("steps = %+v, want an array of objects", steps)
	}
	action := prop(t, steps.Items, "action")
	if !slices.Equal(action.Enum, []string{"click", "type", "navigate"}) || action.Description != "what to do" {
		t.Errorf("action = %+v, want the enum and desc tags", action)
	}
	if !slices.Equal(steps.Items.Required, []string{"action"}) {
		t.Errorf("step required = %v, want [action]", steps.Items.Required)
	}
	if labels := prop(t, s, "labels"); labels.Additional == nil || labels.Additional.Type != "integer" {
		t.Errorf("labels = %+v, want an object of integers", labels)
	}
	if limit := prop(t, s, "limit"); limit.Type != "integer" {
		t.Errorf("limit (a pointer) = %+v, want its element's type", limit)
	}
}

// TestSchemaForKinds checks the JSON type of each Go kind on its own.
func TestSchemaForKinds(t *testing.T) {
	type kinds struct {
		S   string    `json:"s"`
		B   bool      `json:"b"`
		I   int       `json:"i"`
		I8  int8      `json:"i8"`
		U64 uint64    `json:"u64"`
		F32 float32   `json:"f32"`
		F64 float64   `json:"f64"`
		A   [2]string `json:"a"`
		PP  **bool    `json:"pp"`
	}
	want := map[string]string{
		"s": "string", "b": "boolean", "i": "integer", "i8": "integer", "u64": "integer",
		"f32": "number", "f64": "number", "a": "array", "pp": "boolean",
	}
	s := SchemaFor[kinds]("KINDS")
	for _, p := range s.Properties {
		if p.Schema.Type != want[p.Name] {
			t.Errorf("%s: type %q, want %q", p.Name, p.Schema.Type, want[p.Name])
		}
	}
	if len(s.Properties) != len(want) {
		t.Errorf("got %d properties, want %d", len(s.Properties), len(want))
	}
}

func propNames(s *Schema) []string {
	var names []string
	for _, p := range s.Properties {
		names = append(names, p.Name)
	}
	return names
}

func prop(t *testing.T, s *Schema, name string) *Schema {
	t.Helper()
	for _, p := range s.Properties {
		if p.Name == name {
			return p.Schema
		}
	}
	t.Fatalf("no property %q in %v", name, propNames(s))
	return nil
}

// jsonKeys returns the keys of the object at key in raw, in the order they were written.
func jsonKeys(t *testing.T, raw []byte, key string) []string {
	t.Helper()
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(top[key]))
	var keys []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				depth++
			} else {
				depth--
			}
		case string:
			// At depth 1 the decoder alternates key, value; a value at depth 1 is
			// never a plain string here, since every property is an object.
			if depth == 1 {
				keys = append(keys, v)
			}
		}
	}
	return keys
}
