package browser

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/cdp/jsonv2"

	"github.com/errand-app/errand/engine/page"
)

// decodeObservation reads what observe.js's encode writes: a JSON line of page fields and
// a tab-separated line per node, text block ("T\t…"), group ("G\t…") and hidden control
// ("H\t…").
func decodeObservation(text string) (page.Observation, error) {
	var obs page.Observation
	head, rest, _ := strings.Cut(text, "\n")
	if err := jsonv2.Unmarshal([]byte(head), &obs); err != nil {
		return obs, fmt.Errorf("page fields: %w", err)
	}
	if rest == "" {
		return obs, nil
	}
	obs.Tree = make([]page.Node, 0, strings.Count(rest, "\n")+1)
	group := 0 // a node line leaves its group out when it is the one of the node before
	for line := range strings.SplitSeq(rest, "\n") {
		switch {
		case strings.HasPrefix(line, "T\t"):
			t, err := decodeText(line[2:])
			if err != nil {
				return obs, fmt.Errorf("text %d: %w", len(obs.Text), err)
			}
			obs.Text = append(obs.Text, t)
		case strings.HasPrefix(line, "G\t"):
			f := strings.SplitN(line[2:], "\t", 4)
			if len(f) != 4 {
				return obs, fmt.Errorf("group %d: %d fields", len(obs.Groups), len(f))
			}
			g := page.Group{Kind: f[0], Node: f[2], Name: f[3]}
			g.Parent, _ = strconv.Atoi(f[1])
			obs.Groups = append(obs.Groups, g)
		case strings.HasPrefix(line, "H\t"):
			h, err := decodeHidden(line[2:])
			if err != nil {
				return obs, fmt.Errorf("hidden %d: %w", len(obs.Behind), err)
			}
			obs.Behind = append(obs.Behind, h)
		default:
			n, err := decodeNode(line, group)
			if err != nil {
				return obs, fmt.Errorf("node %d: %w", len(obs.Tree), err)
			}
			group = n.Group
			obs.Tree = append(obs.Tree, n)
		}
	}
	return obs, nil
}

// decodeHidden reads "role name type context by via [options…]".
func decodeHidden(line string) (page.Hidden, error) {
	f := strings.Split(line, "\t")
	if len(f) < 6 {
		return page.Hidden{}, fmt.Errorf("%d fields", len(f))
	}
	h := page.Hidden{Role: f[0], Name: f[1], Type: f[2], Ctx: f[3], By: f[4]}
	if f[5] != "" {
		v, err := strconv.Atoi(f[5])
		if err != nil {
			return h, fmt.Errorf("via: %w", err)
		}
		h.Via = v
	}
	if len(f) > 6 {
		h.Options = f[6:]
	}
	return h, nil
}

// decodeText reads "kind level x y w h at g flags text" (flags: 1 covered, s site).
func decodeText(line string) (page.TextBlock, error) {
	var t page.TextBlock
	f := strings.SplitN(line, "\t", 10)
	if len(f) != 10 {
		return t, fmt.Errorf("%d fields", len(f))
	}
	t.Kind, t.Text = f[0], f[9]
	t.Occ, t.Site = strings.Contains(f[8], "1"), strings.Contains(f[8], "s")
	t.Level, _ = strconv.Atoi(f[1])
	t.Group, _ = strconv.Atoi(f[7])
	for j := range 4 {
		v, err := strconv.Atoi(f[2+j])
		if err != nil {
			return t, fmt.Errorf("box: %w", err)
		}
		t.Box[j] = v
	}
	at, err := strconv.Atoi(f[6])
	if err != nil {
		return t, fmt.Errorf("at: %w", err)
	}
	t.At = at
	return t, nil
}

// decodeNode reads "i r x y w h n v s t c g [f occ scrDepth scrH shown options…]"; an empty g
// is the group of the node before, prev.
func decodeNode(line string, prev int) (page.Node, error) {
	var n page.Node
	var f [17]string
	k := 0
	opts, more := "", false
	for ; k < len(f); k++ {
		i := strings.IndexByte(line, '\t')
		if i < 0 {
			f[k] = line
			k++
			break
		}
		f[k], line = line[:i], line[i+1:]
		if k == len(f)-1 {
			opts, more = line, true
		}
	}
	if k < 12 {
		return n, errors.New("too few fields")
	}
	n.ID, n.Role = f[0], f[1]
	for j := range 4 {
		v, err := strconv.Atoi(f[2+j])
		if err != nil {
			return n, fmt.Errorf("box: %w", err)
		}
		n.Box[j] = v
	}
	n.XY = [2]int{n.Box[0] + n.Box[2]/2, n.Box[1] + n.Box[3]/2}
	n.Name, n.Value, n.State, n.Type, n.Ctx = f[6], f[7], f[8], f[9], f[10]
	n.Group = prev
	if f[11] != "" {
		n.Group, _ = strconv.Atoi(f[11])
	}
	if f[12] != "" {
		n.Frame, _ = strconv.Atoi(f[12])
	}
	n.Occ = f[13] == "1"
	if f[14] != "" {
		h, _ := strconv.Atoi(f[15])
		n.Scr = &page.Scroll{Depth: f[14], H: h}
	}
	n.Shown = f[16]
	if more {
		n.Options = strings.Split(opts, "\t")
	}
	return n, nil
}
