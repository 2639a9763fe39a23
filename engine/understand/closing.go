package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// Closing things: "close the What's new box with the x", "hit the x on the cookie
// popup", "close that dialog again". People name what is closed and the control that
// closes it in either order; the control is the close control (×, Close, Dismiss) of the
// dialog, banner or panel they name.

// containerNouns are what people call a dialog or a panel by its kind. After a name they
// add nothing the page must show: "the What's new box", "the cookie popup".
var containerNouns = set("dialog", "popup", "pop", "modal", "window", "overlay", "banner", "box", "notice", "panel",
	"message", "sheet", "drawer", "toast", "bar", "prompt")

// instrumentAt finds "with the x", "using the close button" in a phrase: the control the
// verb is done with, after what it is done to. It returns the marker's position, or -1.
func instrumentAt(rest []token) int {
	for m := 1; m < len(rest)-1; m++ {
		if rest[m].kind != tokWord {
			continue
		}
		switch rest[m].key {
		case "with", "using", "via", "by":
		default:
			continue
		}
		if closePhrase(rest[m+1:]) {
			return m
		}
	}
	return -1
}

// closePhrase reports words that name a close control by its look or its job: "the x",
// "the × button", "the close button", "the cross".
func closePhrase(toks []token) bool {
	named := false
	for _, t := range toks {
		switch {
		case t.kind == tokPunct:
		case definite[t.key] || ignorable[t.key]:
		case closeWords[t.key] || t.key == "close" || t.key == "cross" || t.key == "dismiss":
			named = true
		case t.key == "button" || t.key == "icon" || t.key == "link" || t.key == "control":
		default:
			return false
		}
	}
	return named
}

// closeWith reads "close <what> with the x": the close control inside what is named.
// When what is named is only "the dialog", "that popup", the one close control there is.
func (r *reader) closeWith(v verb, vw string, rest []token, m int, changed bool) clause {
	what := rest[:m]
	if onlyDialogWords(what) {
		return r.onlyCloser(v, vw, rest, changed)
	}
	phrase := slices.Concat([]token{{raw: "x", key: "x", kind: tokWord}, {raw: "in", key: "in", kind: tokWord}}, what)
	cl := r.fromRef(v, vw, phrase, r.ix.resolve(phrase, v), changed, "")
	for k := range cl.cmds {
		if !cl.cmds[k].Bound {
			// Read again on the page that follows, with the same words.
			cl.cmds[k].Phrase = joinRaw(rest)
		}
	}
	cl.quality *= 0.98
	return cl
}

// onlyCloser is the one close control that shows ("close the dialog", "close that popup
// again"), read again on the next page when the page may change before it.
func (r *reader) onlyCloser(v verb, vw string, rest []token, changed bool) clause {
	cl := r.onlyOne(v, vw, isCloseControl, "close control")
	if changed && len(cl.questions) > 0 && cl.questions[0].Kind == AskMissing {
		return clause{quality: 0.6, deferred: true, cmds: []Command{{Verb: string(v), Phrase: joinRaw(rest), Words: vw + " " + joinRaw(rest)}}}
	}
	return cl
}

// onlyDialogWords reports "the dialog", "it", "this popup", "that dialog again": words
// that name what a close control closes, not the control.
func onlyDialogWords(rest []token) bool {
	for _, t := range rest {
		switch {
		case t.kind == tokPunct, ignorable[t.key], containerNouns[t.key]:
		case t.key == "this" || t.key == "that" || t.key == "it" || t.key == "up" || t.key == "menu" || t.key == "cookie" || t.key == "cookies":
		default:
			return false
		}
	}
	return true
}

// dropContainerNoun drops a container noun at the end of a qualifier's words ("the
// cookie popup" → cookie) when words remain to name it.
func dropContainerNoun(toks []token, words []int) ([]int, bool) {
	if n := len(words); n > 1 && toks[words[n-1]].kind == tokWord && (containerNouns[toks[words[n-1]].key] || sectionNouns[toks[words[n-1]].key]) {
		return words[:n-1], true
	}
	return words, false
}

// DialogCloser is the one control that closes the named dialog (its ×, Close or Dismiss),
// found by the dialog the control sits in, so another dialog's × on the same page is
// never taken for it. ok is false when the dialog has none or several.
func DialogCloser(obs page.Observation, dialog string) (page.Node, bool) {
	ix := newIndex(obs)
	hit := -1
	for i, n := range obs.Tree {
		if !isCloseControl(n) || ix.dialogOf(i) != dialog {
			continue
		}
		if hit >= 0 {
			return page.Node{}, false
		}
		hit = i
	}
	if hit < 0 {
		return page.Node{}, false
	}
	return obs.Tree[hit], true
}
