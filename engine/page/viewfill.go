package page

import (
	"cmp"
	"slices"
)

// distance is how far a unit is from the viewport in pixels; 0 when any of it is on screen.
func (v *view) distance(u unit) int {
	h := v.obs.Viewport.Height
	switch {
	case h <= 0 || (u.y0 == 0 && u.y1 == 0):
		return 0
	case u.y1 <= 0:
		return -u.y1 + 1
	case u.y0 >= h:
		return u.y0 - h + 1
	}
	return 0
}

// above reports whether a unit left out lies above the viewport.
func (v *view) above(u unit) bool {
	return v.obs.Viewport.Height > 0 && u.y1 <= 0 && !(u.y0 == 0 && u.y1 == 0)
}

// summaryRoom is what each direction's summary line may take; it is kept free.
const summaryRoom = 200

// choose picks the units to show: messages first, then by distance from the viewport,
// each with the heading and control it depends on, while they fit. Room is kept for the
// two summary lines; what they leave of it is filled in a second round.
func (v *view) choose(chars int) {
	v.chosen = make([]bool, len(v.units))
	fixed := len(v.header()) + len("\n</page>") + 2*summaryRoom
	for _, m := range v.obs.Messages {
		fixed += len(messageLine(m)) + 1
	}
	if v.covered > 0 {
		fixed += len(v.coveredLine()) + 1
	}
	v.left = chars - fixed
	order := make([]int, len(v.units))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ua, ub := v.units[a], v.units[b]
		if ua.status != ub.status {
			if ua.status {
				return -1
			}
			return 1
		}
		return cmp.Compare(v.distance(ua), v.distance(ub))
	})
	v.fill(order)
	// The summaries are known now; what they do not need goes to more units, less a margin
	// for summaries that change as more is chosen.
	spare := 2*summaryRoom - len(v.summary(true)) - len(v.summary(false)) - 2 - 80
	if spare > 0 {
		v.left += spare
		v.fill(order)
	}
}

// fill chooses units in order while they fit. Once a unit above or below the viewport does
// not fit, nothing farther in that direction is taken: the view stays one piece with one
// summary per side, instead of picking far small things over near large ones.
func (v *view) fill(order []int) {
	var closed [2]bool
	for _, k := range order {
		if v.chosen[k] {
			continue
		}
		dir := 1
		if v.above(v.units[k]) {
			dir = 0
		}
		dist := v.distance(v.units[k])
		far := dist > 0
		if far && closed[dir] || v.reach > 0 && dist > v.reach && !v.units[k].status {
			continue
		}
		need := v.closure(k)
		cost, heads := 0, map[int]bool{}
		for _, j := range need {
			u := v.units[j]
			cost += len(u.line) + 1 + 2*len(u.chain)
			for d, g := range u.chain {
				if !v.paid[g] && !heads[g] {
					heads[g] = true
					cost += len(v.groupLine(g)) + 1 + 2*d
				}
			}
		}
		if cost > v.left {
			if far {
				closed[dir] = true
			}
			continue
		}
		v.left -= cost
		for _, j := range need {
			v.chosen[j] = true
		}
		for g := range heads {
			v.paid[g] = true
		}
	}
}

// closure is unit k with the units it depends on that are not chosen yet.
func (v *view) closure(k int) []int {
	var out []int
	seen := map[int]bool{}
	var add func(int)
	add = func(j int) {
		if seen[j] || v.chosen[j] {
			return
		}
		seen[j] = true
		out = append(out, j)
		for _, d := range v.units[j].deps {
			add(d)
		}
	}
	add(k)
	return out
}
