package page

import (
	"strings"
)

// Signature identifies an element across observations independently of its id and
// position: role, type and name. Re-renders that keep the form keep the signatures.
func (n Node) Signature() string {
	return n.Role + "|" + n.Type + "|" + strings.ToLower(strings.TrimSpace(n.Name))
}

// Signatures returns the multiset of element signatures of an observation.
func (o Observation) Signatures() map[string]int {
	m := make(map[string]int, len(o.Tree))
	for _, n := range o.Tree {
		m[n.Signature()]++
	}
	return m
}

// Similarity is the DOM similarity of docs/decisions.md D-29 between two observations in [0,
// 1]: a weighted Jaccard index where the interactive element signatures weigh 0.4 and the rest
// of the page (title, URL path and the DOM hash standing for structure and text) weighs 0.6.
// Re-planning triggers below 0.70.
func Similarity(a, b Observation) float64 {
	return a.Shape().Similarity(b.Shape())
}

// Shape is what Similarity compares of an observation, small enough to keep in a task's
// state so the page before a step can be compared with the page after it.
type Shape struct {
	Elements map[string]int `json:"elements"`
	Rest     map[string]int `json:"rest"`
}

// Shape returns the observation's shape.
func (o Observation) Shape() Shape {
	return Shape{Elements: o.Signatures(), Rest: pageShape(o)}
}

// Similarity compares two shapes as Similarity compares observations.
func (a Shape) Similarity(b Shape) float64 {
	return 0.4*jaccard(a.Elements, b.Elements) + 0.6*jaccard(a.Rest, b.Rest)
}

// pageShape is the non-interactive part of the comparison. Each feature counts once.
func pageShape(o Observation) map[string]int {
	m := map[string]int{
		"title:" + o.Title:       1,
		"path:" + urlPath(o.URL): 1,
		"hash:" + o.DOMHash:      1,
	}
	for _, msg := range o.Messages {
		m["msg:"+msg] = 1
	}
	return m
}

func urlPath(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return u
}

// jaccard computes |A∩B| / |A∪B| over multisets; two empty sets are identical.
func jaccard(a, b map[string]int) float64 {
	var inter, union int
	for k, x := range a {
		y := b[k]
		inter += min(x, y)
		union += max(x, y)
	}
	for k, y := range b {
		if _, ok := a[k]; !ok {
			union += y
		}
	}
	if union == 0 {
		return 1
	}
	return float64(inter) / float64(union)
}
