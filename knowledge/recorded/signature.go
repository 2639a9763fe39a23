package recorded

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// PageSignature summarises an observation's structure as "path pattern#hash", for example
// "/patients/new#3f2a9c01d4e5": the same form gives the same signature whatever is typed
// into it, checked, scrolled to or listed in it, and another page gives another. It is
// what a skill remembers of the page it was learned on.
//
// The hash covers the URL's path pattern, the open modal dialog, dialog and fieldset
// names, and each control's role, input type and name — as a set, so ten rows of Delete
// buttons weigh what three do. Left out, because they change with the data and not with
// the page: values, states, messages, page text, the title, select options, the names of
// controls inside table rows (a patient's name on a link), and digits in names ("Page 2").
func PageSignature(obs page.Observation) string {
	path := "/"
	if u, err := url.Parse(obs.URL); err == nil {
		path = PathPattern(u.Path)
	}
	feats := map[string]bool{"path " + path: true}
	if obs.Modal != "" {
		feats["modal "+normName(obs.Modal)] = true
	}
	for _, g := range obs.Groups {
		if g.Kind == page.GroupDialog || g.Kind == page.GroupFieldset {
			feats[g.Kind+" "+normName(g.Name)] = true
		}
	}
	for _, n := range obs.Tree {
		if n.Role == page.RoleOption {
			continue // a list's entries are data
		}
		name := normName(n.Name)
		if inRow(obs, n.Group) {
			name = "(row)"
		}
		feats["el "+n.Role+"|"+n.Type+"|"+name] = true
	}
	keys := make([]string, 0, len(feats))
	for k := range feats {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	sum := sha256.Sum256([]byte(strings.Join(keys, "\n")))
	return path + "#" + hex.EncodeToString(sum[:6])
}

// SignaturePath returns the path pattern part of a signature.
func SignaturePath(sig string) string {
	if i := strings.LastIndexByte(sig, '#'); i >= 0 {
		return sig[:i]
	}
	return sig
}

// inRow reports whether group g (counted from 1) is a table row or lies inside one.
func inRow(obs page.Observation, g int) bool {
	for seen := 0; g > 0 && g <= len(obs.Groups) && seen < len(obs.Groups); seen++ {
		if obs.Groups[g-1].Kind == page.GroupRow {
			return true
		}
		g = obs.Groups[g-1].Parent
	}
	return false
}

// normName lower-cases a name, collapses its spaces and turns each run of digits into #.
func normName(s string) string {
	var b strings.Builder
	space, digit := false, false
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch {
		case r >= '0' && r <= '9':
			if !digit {
				b.WriteByte('#')
			}
			digit, space = true, false
			continue
		case r == ' ' || r == '\t' || r == '\n':
			if !space {
				b.WriteByte(' ')
			}
			space, digit = true, false
			continue
		}
		b.WriteRune(r)
		space, digit = false, false
	}
	return b.String()
}
