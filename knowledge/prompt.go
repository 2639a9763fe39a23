package knowledge

import (
	"context"
	"fmt"
	"strings"
)

// ForPrompt returns the k passages that best answer query for the page at pageURL, each as
// one string that says where it came from, for a prompt's knowledge block. It searches the
// page's site first and every site when that one has nothing (documentation often lives
// on another host than the application). The agent's Knowledge.Retrieve can be this.
func (b *Base) ForPrompt(ctx context.Context, pageURL, query string, k int) ([]string, error) {
	site := SiteOf(pageURL)
	ps, err := b.Retrieve(ctx, site, query, k)
	if err == nil && len(ps) == 0 && site != "" {
		ps, err = b.Retrieve(ctx, "", query, k)
	}
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.cite() + "\n" + p.Text
	}
	return out, nil
}

// cite is "Source › Heading (page N, after clicking X)".
func (p Passage) cite() string {
	var b strings.Builder
	b.WriteString(p.Source)
	if p.Heading != "" {
		b.WriteString(" › " + p.Heading)
	}
	var notes []string
	if p.Page > 0 {
		notes = append(notes, fmt.Sprintf("page %d", p.Page))
	}
	if p.Trigger != "" {
		notes = append(notes, p.Trigger)
	}
	if len(notes) > 0 {
		b.WriteString(" (" + strings.Join(notes, ", ") + ")")
	}
	return b.String()
}
