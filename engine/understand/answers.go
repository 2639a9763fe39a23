package understand

import (
	"fmt"
	"strings"
)

// What a reading says back. A reading acts or asks: one that found nothing to do and
// nothing to ask asks what is meant. A question about which element says its
// candidates in its text too, each told apart from the others: two choices described
// alike ("“Name” field in “Contact”" twice) say the part of the page each is in.

// answered is the reading made to act or ask, its questions' choices told apart.
func (r *reader) answered(rd Reading, goal string) Reading {
	if len(rd.Commands) == 0 && len(rd.Questions) == 0 {
		rd.Questions = []Question{{Kind: AskUnclear, Command: -1, Words: goal,
			Text: fmt.Sprintf("I don't see what to do for %q on this page. What do you mean?", goal)}}
		rd.Factors = factors(rd)
	}
	for k := range rd.Questions {
		r.tellApart(rd.Questions[k].Choices)
		rd.Questions[k].Text = sayChoices(rd.Questions[k])
	}
	return rd
}

// tellApart adds to each element choice whose label another choice shares the part of
// the page it is in, or failing that its place among them ("the 2nd").
func (r *reader) tellApart(choices []Choice) {
	same := map[string][]int{}
	for k, c := range choices {
		if c.ID != "" {
			same[c.Label] = append(same[c.Label], k)
		}
	}
	for _, ks := range same {
		if len(ks) < 2 {
			continue
		}
		where := make([]string, len(ks))
		distinct := map[string]bool{}
		for j, k := range ks {
			if i, ok := r.nodeOf(choices[k].ID); ok {
				where[j] = r.ix.section(i)
				if where[j] == "" {
					where[j] = r.ix.rowText(i)
				}
			}
			distinct[where[j]] = true
		}
		for j, k := range ks {
			switch {
			case len(distinct) == len(ks) && where[j] != "":
				choices[k].Label += " under “" + where[j] + "”"
			default:
				choices[k].Label += fmt.Sprintf(" (the %s)", ordinalWord(j+1))
			}
		}
	}
}

func (r *reader) nodeOf(id string) (int, bool) {
	for i, n := range r.ix.nodes {
		if n.ID == id {
			return i, true
		}
	}
	return 0, false
}

// sayChoices puts an element or option question's choices into its text: "Which one
// do you mean: “Name” field under “Bill to” or “Name” field under “From”?".
func sayChoices(q Question) string {
	var labels []string
	for _, c := range q.Choices {
		if c.ID == "" && q.Kind != AskOption || c.Label == "" {
			return q.Text // yes/no and the like: the choices are the answers, not candidates
		}
		labels = append(labels, c.Label)
	}
	if len(labels) == 0 || !strings.HasSuffix(q.Text, "?") || strings.Contains(q.Text, labels[0]) {
		return q.Text
	}
	if len(labels) == 1 {
		return strings.TrimSuffix(q.Text, "?") + ": " + labels[0] + "?"
	}
	more := ""
	if len(labels) > 4 {
		more = fmt.Sprintf(" (or one of %d more)", len(labels)-4)
		labels = labels[:4]
	}
	list := strings.Join(labels[:len(labels)-1], ", ") + " or " + labels[len(labels)-1]
	return strings.TrimSuffix(q.Text, "?") + ": " + list + more + "?"
}

func ordinalWord(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}
