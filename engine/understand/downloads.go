package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// Downloading: "Download the sheet music for Αγνή Παρθένε", "get the hire agreement". A
// page offers a file as a link or button named for it ("Αγνή Παρθένε (PDF)", "Hire
// agreement (PDF)", "Download statement"); "download" is a click on the one such control
// the rest of the clause names. Elsewhere "download" stays an errand the page may not
// offer ("download the report and email it"), which asks (docs/understanding.md, item 60).

// fileWords mark a control that gives a file.
var fileWords = set("pdf", "csv", "doc", "docx", "xls", "xlsx", "zip", "txt", "ics", "mp3", "odt", "rtf", "download")

func (r *reader) downloadFile(body []token, changed bool) clause {
	if len(body) < 2 || body[0].kind != tokWord || body[0].key != "download" && body[0].key != "get" {
		return clause{}
	}
	cl := r.withVerb(vClick, body[0].raw, body[1:], changed)
	if len(cl.cmds) == 0 || len(cl.questions) > 0 || len(cl.unexplained) > 0 || cl.quality < 0.85 {
		return clause{}
	}
	last := cl.cmds[len(cl.cmds)-1]
	id := last.Action.ID
	if !last.Bound {
		// "… from the Hire rules tab": bound once the tab is open; the control it will be
		// is among those the tab hides.
		id = ""
		if h := r.behindReader(); h != nil {
			if ref := h.ix.resolve(tokenize(last.Phrase), vClick); !ref.ambiguous {
				if b, ok := ref.best(); ok {
					id = h.ix.nodes[b.node].ID
				}
			}
		}
	}
	if !r.givesFile(id) {
		return clause{}
	}
	cl.quality *= 0.97
	return cl
}

// givesFile reports a link or button, shown or hidden, whose name says it gives a file.
func (r *reader) givesFile(id string) bool {
	var role string
	var name []string
	if i := r.ix.nodeOf(id); i >= 0 {
		role, name = r.ix.nodes[i].Role, r.ix.names[i]
	} else if h, ok := r.hiddenOf(id); ok {
		role, name = h.Role, keysOf(h.Name)
	}
	if role != page.RoleLink && role != page.RoleButton && role != page.RoleMenuItem {
		return false
	}
	return slices.ContainsFunc(name, func(k string) bool { return fileWords[k] })
}
