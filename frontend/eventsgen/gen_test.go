package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/agent"
)

// fakeSource answers from maps keyed "pkgpath.Type" and "pkgpath.Type.Field".
type fakeSource struct {
	consts map[string][]string
	docs   map[string]string
}

func (f fakeSource) Consts(t reflect.Type) ([]string, error) { return f.consts[typeKey(t)], nil }

func (f fakeSource) Doc(t reflect.Type, field string) string {
	if field != "" {
		return f.docs[typeKey(t)+"."+field]
	}
	return f.docs[typeKey(t)]
}

type (
	mood  string
	plain string
	inner struct {
		N int `json:"n"`
	}
	base struct {
		ID   string `json:"id"`
		Note string `json:"note"`
	}
	wrapper   struct{ base }
	shadowing struct {
		base
		Note int `json:"note"`
	}
	selfMarshaler struct{}
)

func (selfMarshaler) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

var _ json.Marshaler = selfMarshaler{}

const pkg = "github.com/errand-app/errand/frontend/eventsgen"

func testSource() fakeSource {
	return fakeSource{
		consts: map[string][]string{pkg + ".mood": {"happy", "sad"}},
		docs:   map[string]string{pkg + ".inner": "inner is one\nnumber.", pkg + ".inner.N": "N counts */ things"},
	}
}

// declOf renders a struct whose only field is f, and returns the line of that field.
func memberOf(t *testing.T, g *generator, f reflect.StructField) (string, error) {
	t.Helper()
	st := reflect.StructOf([]reflect.StructField{f})
	_, own := fields(st)
	if len(own) == 0 {
		return "", nil
	}
	return g.member(own[0], "")
}

func TestMembersFollowEncodingJSON(t *testing.T) {
	cases := []struct {
		name string
		typ  reflect.Type
		tag  string
		want string
	}{
		{"a string", reflect.TypeFor[string](), `json:"s"`, "s: string;"},
		{"numbers", reflect.TypeFor[int64](), `json:"n"`, "n: number;"},
		{"a duration is its int64", reflect.TypeFor[time.Duration](), `json:"d"`, "d: number;"},
		{"a bool", reflect.TypeFor[bool](), `json:"b"`, "b: boolean;"},
		{"omitempty is optional", reflect.TypeFor[float64](), `json:"f,omitempty"`, "f?: number;"},
		{"omitzero is optional", reflect.TypeFor[int](), `json:"z,omitzero"`, "z?: number;"},
		{"a nil slice arrives as null", reflect.TypeFor[[]string](), `json:"xs"`, "xs: string[] | null;"},
		{"an omitted slice is never null", reflect.TypeFor[[]string](), `json:"xs,omitempty"`, "xs?: string[];"},
		{"an array is never null", reflect.TypeFor[[2]int](), `json:"a"`, "a: number[];"},
		{"bytes are base64, nil is null", reflect.TypeFor[[]byte](), `json:"raw"`, "raw: string | null;"},
		{"a map", reflect.TypeFor[map[string]int](), `json:"m"`, "m: Record<string, number> | null;"},
		{"a pointer may be null", reflect.TypeFor[*inner](), `json:"p"`, "p: inner | null;"},
		{"an omitted pointer is optional", reflect.TypeFor[*inner](), `json:"p,omitempty"`, "p?: inner;"},
		{"pointers in a slice", reflect.TypeFor[[]*inner](), `json:"ps"`, "ps: (inner | null)[] | null;"},
		{"an enum is its union", reflect.TypeFor[mood](), `json:"mood"`, "mood: mood;"},
		{"enums in a slice", reflect.TypeFor[[]mood](), `json:"moods"`, "moods: mood[] | null;"},
		{"a named string without constants", reflect.TypeFor[plain](), `json:"p"`, "p: string;"},
		{"the string option", reflect.TypeFor[int](), `json:"n,string"`, "n: string;"},
		{"no tag keeps the Go name", reflect.TypeFor[int](), ``, "Field: number;"},
		{"a name that is no identifier", reflect.TypeFor[int](), `json:"a-b"`, `"a-b": number;`},
		{"time is a string", reflect.TypeFor[time.Time](), `json:"at"`, "at: string;"},
		{"anything", reflect.TypeFor[any](), `json:"v"`, "v: unknown;"},
		{"an unnamed struct", reflect.TypeFor[struct {
			A int    `json:"a"`
			B string `json:"b,omitempty"`
		}](), `json:"s"`, "s: { a: number; b?: string };"},
		{"dash skips", reflect.TypeFor[int](), `json:"-"`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGenerator(testSource())
			got, err := memberOf(t, g, reflect.StructField{Name: "Field", Type: c.typ, Tag: reflect.StructTag(c.tag)})
			if err != nil {
				t.Fatal(err)
			}
			if strings.TrimSpace(got) != c.want {
				t.Errorf("got %q, want %q", strings.TrimSpace(got), c.want)
			}
		})
	}
}

func TestStructDeclarations(t *testing.T) {
	cases := []struct {
		name string
		typ  reflect.Type
		want string
	}{
		{"docs become JSDoc", reflect.TypeFor[inner](),
			"/**\n * inner is one\n * number.\n */\nexport interface inner {\n  /** N counts *\\/ things */\n  n: number;\n}\n"},
		{"a struct that only embeds is an alias", reflect.TypeFor[wrapper](), "export type wrapper = base;\n"},
		{"an own field shadows the embedded one", reflect.TypeFor[shadowing](),
			"export interface shadowing extends Omit<base, \"note\"> {\n  note: number;\n}\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGenerator(testSource())
			if _, err := g.tsType(c.typ); err != nil {
				t.Fatal(err)
			}
			got, err := g.structDecl(c.typ)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestRefusesWhatItCannotWrite(t *testing.T) {
	cases := []struct {
		name string
		typ  reflect.Type
		want string
	}{
		{"a type that marshals itself", reflect.TypeFor[selfMarshaler](), "marshals itself"},
		{"a channel", reflect.TypeFor[chan int](), "no TypeScript type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := newGenerator(testSource()).tsType(c.typ)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestEveryEventTypeNeedsAPayload(t *testing.T) {
	evType := reflect.TypeFor[agent.EventType]()
	key := typeKey(evType)
	list := []event{{"a", inner{}}, {"b", base{}}}
	cases := []struct {
		name   string
		consts []string
		list   []event
		want   string
	}{
		{"a constant missing from the list", []string{"a", "b", "c"}, list, `"c" has no payload type`},
		{"a type that is no constant", []string{"a"}, list, `"b" in frontend/eventsgen/events.go is not an EventType constant`},
		{"one listed twice", []string{"a", "b"}, append(list, event{"a", base{}}), `"a" is listed twice`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := generate(c.list, fakeSource{consts: map[string][]string{key: c.consts}})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestEventUnion(t *testing.T) {
	src := fakeSource{consts: map[string][]string{typeKey(reflect.TypeFor[agent.EventType]()): {"a", "b"}}}
	got, err := generate([]event{{"a", inner{}}, {"b", wrapper{}}}, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"export type EventType =\n  | \"a\"\n  | \"b\";\n",
		"export interface inner {\n  n: number;\n}\n",
		"export type wrapper = base;\n",
		"export interface base {\n  id: string;\n  note: string;\n}\n",
		"export type ErrandEvent = Envelope &\n  (\n    | ({ type: \"a\" } & inner)\n    | ({ type: \"b\" } & wrapper)\n  );\n",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the file lacks\n%s\nin\n%s", want, got)
		}
	}
}
