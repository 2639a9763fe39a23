package understand

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// People name what they know a page holds, shown or not: "set the sound volume to 80" while
// the Notifications tab is closed, "Archive board" inside a closed menu. A clause the shown
// page cannot read is read again on the controls hidden behind a visible one
// (Observation.Behind); when that reading is certain, the clause becomes a click on what shows
// them and the same clause read again once they are shown (docs/understanding.md, item 10).

// hiddenPrefix marks the IDs the hidden controls get in the reading of what is behind.
const hiddenPrefix = "hidden:"

// behindReader reads clauses on the page's hidden controls; nil when the page has none.
func (r *reader) behindReader() *reader {
	if r.hidden != nil || len(r.obs.Behind) == 0 || r.isBehind {
		return r.hidden
	}
	r.hidden, _ = r.hiddenReader(func(page.Hidden) bool { return true })
	return r.hidden
}

// indexes are the shown page's index and, when the page holds controls behind others, the
// index of those.
func (r *reader) indexes() []*index {
	if h := r.behindReader(); h != nil {
		return []*index{r.ix, h.ix}
	}
	return []*index{r.ix}
}

// hiddenReader reads on the hidden controls keep says, each with the ID hiddenPrefix and its
// place in Behind counted from 1; it returns their indexes into Behind too.
func (r *reader) hiddenReader(keep func(page.Hidden) bool) (*reader, []int) {
	obs := page.Observation{URL: r.obs.URL}
	var at []int
	for k, h := range r.obs.Behind {
		if keep(h) {
			at = append(at, k)
			ctx := h.Ctx
			if n, ok := r.obs.Node(h.By); ok && n.Role == page.RoleTab && n.Name != "" && !strings.Contains(ctx, n.Name) {
				// What a tab shows is where the tab says: "the yoga class on Thursday" is
				// the row behind the "Thu 12 Jun" tab.
				ctx = strings.TrimSpace(n.Name + " · " + ctx)
			}
			obs.Tree = append(obs.Tree, page.Node{ID: hiddenPrefix + strconv.Itoa(k+1), Role: h.Role, Name: h.Name, Type: h.Type, Ctx: ctx, Options: h.Options})
		}
	}
	h := newReader(obs, r.opts)
	h.isBehind = true
	return h, at
}

// worthBehind reports a clause in which the shown page found nothing it names: no command
// or grounded word but a guess, no question about a shown element. A clause that names something shown
// ("destination: zurich" with a Destination field in view) is about that, however it ends.
//
// A question of which shown field takes a value none of whose words names any of them
// ("choose Thursday" with a date field and a dropdown in view, Thursday behind the Delivery
// day button) is no such question: the value may be a control behind.
func (r *reader) worthBehind(body []token, cl clause) bool {
	if (len(cl.cmds) > 0 || len(cl.grounded) > 0) && cl.quality >= actMin {
		return false
	}
	for _, q := range cl.questions {
		if (q.Kind == AskOption || q.Kind == AskValue) && q.Element != "" && !r.bodyNames(body, r.ix.nodeOf(q.Element)) {
			// "select shed" asked of the one shown dropdown, which neither has it nor was
			// named: the option may be one of a dropdown behind ("Safe place"). So may
			// "Set How often to Never", asked of the one shown number field.
			continue
		}
		if q.Element != "" || q.Kind == AskOption || (len(q.Choices) > 0 || q.Kind == AskElement) && (len(cl.grounded) > 0 || r.namesAChoice(body, q)) {
			return false
		}
	}
	return true
}

// namesAChoice reports a word of body, other than a small one, that is a word of one of
// the question's choices or of its context (verbs aside), or a choice with no element.
func (r *reader) namesAChoice(body []token, q Question) bool {
	if len(q.Choices) == 0 {
		return true
	}
	for _, c := range q.Choices {
		if r.bodyNames(body, r.ix.nodeOf(c.ID)) {
			return true
		}
	}
	return false
}

// bodyNames reports a word of body, not a verb nor a small word, that is one of node i's
// name or context; true for no node.
func (r *reader) bodyNames(body []token, i int) bool {
	if i < 0 {
		return true
	}
	own := slices.Concat(r.ix.names[i], r.ix.ctx(i))
	for k, t := range body {
		if v, _ := verbAt(body, k); v != "" {
			continue // "choose" of "1. Choose your box" names nothing
		}
		if t.kind == tokWord && !smallWord(t.key) && slices.Contains(own, t.key) {
			return true
		}
	}
	return false
}

// freeText reports a command typing any text into a plain text field: such a value fits
// every text field, so it cannot confirm that a hidden field is the one meant, where an
// option that exists, a number for a slider or a date for a date field can.
func (r *reader) freeText(cmd Command) bool {
	if cmd.Action.Kind != page.SetValue {
		return false
	}
	n, ok := r.obs.Node(cmd.Action.ID)
	if !ok {
		return false
	}
	switch n.Type {
	case "", "text", "search":
		return n.Role == page.RoleInput || n.Role == page.RoleTextarea
	}
	return false
}

// pointsBack reports a clause that names what an earlier one did ("mute it"): it is about
// that, never about a control no one has seen.
func pointsBack(body []token) bool {
	for _, t := range body {
		switch t.key {
		case "it", "them", "this", "that", "these", "those", "one", "ones":
			return true
		}
	}
	return false
}

// behind reads body on the hidden controls. It reads only a clause whose every command is
// bound there, with no question and no word left, and whose controls one chain of revealers
// shows.
func (r *reader) behind(body []token, c carry, changed bool) (clause, bool) {
	h := r.behindReader()
	if h == nil || pointsBack(body) {
		return clause{}, false
	}
	h.src = r.src
	h.ix.acronyms = r.ix.acronyms
	cl := h.readClause(body, c, changed)
	// Hidden controls are read only when named well: no typo, no partial name, nothing
	// assumed but an option's aside left out ("food caddy" for "Food caddy (free)"). What
	// a person cannot see is not guessed at — but a box, switch or radio named by words no
	// other control has, shown or hidden ("turn off the newsletter" for Monthly
	// newsletter), is named, if not in full: it is read, and the reading announced.
	if len(cl.cmds) == 0 || len(cl.questions) > 0 || len(cl.unexplained) > 0 || len(cl.cmds) == 1 && commaInside(body) {
		// One control named across a comma ("open my account menu, saved places" as the
		// Saved places item of the account menu) is two steps said in a row.
		return clause{}, false
	}
	sole := r.namedAlone(h, cl) || r.madeAlone(h, cl)
	if !sole && (len(cl.assumed) > cl.asides || cl.quality < 0.9) || cl.quality < 0.7 || describesOther(h, body, cl) {
		return clause{}, false
	}
	if r.revealed {
		// "…, saved places, then add a place": the step before opens what the clause
		// names; it is read again on the page that step leaves, nothing opened twice.
		if !sole && !slices.ContainsFunc(cl.cmds, func(cmd Command) bool { return cmd.Bound && cmd.Match >= 0.95 }) {
			return clause{}, false
		}
		return r.readAgainAs(body, c, cl.quality*0.95), true
	}
	var chain []int
	for k, cmd := range cl.cmds {
		if !cmd.Bound || cmd.Match < 0.9 && !sole || h.freeText(cmd) && !(cmd.Quoted && cmd.Match >= 0.95) {
			// A quoted value into a field named whole ("Apply the promo code 'SPRING25'")
			// is no guess: the person says what and where.
			return clause{}, false
		}
		if k == len(cl.cmds)-1 && cmd.Verb != string(vOpen) && r.opensMore(cmd.Action.ID) {
			// "share the list" on a Share list item that opens its own sub-menu names no
			// one of that sub-menu's items: what is behind it is asked, not opened blind.
			if len(cl.cmds) == 1 {
				return r.whichBehind(body, cmd.Action.ID)
			}
			return clause{}, false
		}
		ch, ok := r.revealChain(cmd.Action.ID)
		if !ok || k > 0 && !slices.Equal(ch, chain) {
			return clause{}, false
		}
		chain = ch
	}
	if r.ix.nodes[-1-chain[0]].ID == c.opened {
		// The step before opened it: the opener is not clicked again, which would close
		// it; the clause is read again on the page the opening shows.
		return r.readAgainAs(body, c, cl.quality*0.95), true
	}
	return r.openFirst(body, c, cl, chain)
}

// describesOther reports an indefinite thing said ("order a new bin") with a word that is
// not the hidden element's own but the part's it is in, the element's own name said only in
// part: "new" is New property's word, "bin" only the tab's it is behind, so the person
// describes a bin, not that choice. "a bbq dip" says the whole of BBQ in the Dips menu.
func describesOther(h *reader, body []token, cl clause) bool {
	a := slices.IndexFunc(body, func(t token) bool { return t.kind == tokWord && (t.key == "a" || t.key == "an") })
	if a < 0 || len(cl.cmds) != 1 {
		return false
	}
	n := h.ix.nodeOf(cl.cmds[0].Action.ID)
	if n < 0 {
		return false
	}
	said := keysOfToks(body)
	if !slices.ContainsFunc(h.ix.names[n], func(k string) bool { return hasLetter(k) && !smallWord(k) && !holdsAlike(said, []string{k}) }) {
		return false // the whole name said: "a bbq dip"
	}
	return slices.ContainsFunc(body[a+1:], func(t token) bool {
		k := []string{t.key}
		return t.kind == tokWord && !smallWord(t.key) && !holdsAlike(h.ix.names[n], k) && holdsAlike(h.ix.ctx(n), k)
	})
}

// readAgainAs is readAgain for a clause that inherits its verb: "turn off the offers and
// the newsletter" reads "the newsletter" again as "turn off the newsletter", or the
// verbless words would tick what was to be unticked.
func (r *reader) readAgainAs(body []token, c carry, quality float64) clause {
	cl := r.readAgain(body, quality)
	cl.cmds[0].Phrase = c.withVerb(body, cl.cmds[0].Phrase)
	return cl
}

// withVerb is phrase, the words of body as they are to be read again, with the verb the
// clause inherits put before it when body has no verb of its own.
func (c carry) withVerb(body []token, phrase string) string {
	if v, _ := verbAt(body, 0); c.verb != "" && c.words != "" && v == "" {
		return c.words + " " + phrase
	}
	return phrase
}

// namedAlone reports a reading on hidden controls h that only ticks or unticks boxes,
// switches and radios, each named by words that no other control of the page, shown or
// hidden, holds.
func (r *reader) namedAlone(h *reader, cl clause) bool {
	if len(cl.cmds) == 0 {
		return false
	}
	for _, c := range cl.cmds {
		n := h.ix.nodeOf(c.Action.ID)
		if n < 0 || c.Action.Kind != page.Check && c.Action.Kind != page.Uncheck {
			return false
		}
		if role := h.ix.nodes[n].Role; role != page.RoleCheckbox && role != page.RoleSwitch && role != page.RoleRadio {
			return false
		}
	}
	return r.ownWordsAlone(h, cl, func(page.Node) bool { return true })
}

// madeAlone reports a reading on hidden controls h that types values each made for its
// field (a phone number into a phone field, a date into a date field), each field named by
// words no other control holds: "my mobile is 07700 900461" with Mobile number behind the
// Preferences tab.
func (r *reader) madeAlone(h *reader, cl clause) bool {
	if len(cl.cmds) == 0 {
		return false
	}
	for _, c := range cl.cmds {
		n := h.ix.nodeOf(c.Action.ID)
		if n < 0 || c.Action.Kind != page.SetValue || h.freeText(c) {
			return false
		}
		tel := h.ix.nodes[n].Type == "tel" && valueKind(tokenize(c.Action.Text)) == "tel"
		if !tel && h.fitFor(vType, n, c.Action.Text) != fitMade {
			return false
		}
	}
	// Only a field could take the value: an Email box elsewhere does not share the name.
	return r.ownWordsAlone(h, cl, isField)
}

// ownWordsAlone reports a reading each of whose elements the words grounded to it name
// alone, among the shown controls and the hidden ones that compete for it.
func (r *reader) ownWordsAlone(h *reader, cl clause, compete func(page.Node) bool) bool {
	named := 0
	for _, g := range cl.grounded {
		if g.ID == "" {
			continue
		}
		// The words that name: not the verb nor a lead ("turn off", "put me on"), which
		// are no words of the page.
		keys := slices.DeleteFunc(keysOfToks(tokenize(g.Words)), func(k string) bool {
			return smallWord(k) || verbs[k] != "" || !r.pageWord(k)
		})
		// Each word is the control's, or its group's ("the off-peak plan" under Your
		// plan), and one at least its own.
		holds := func(ix *index) func(int) bool {
			return func(i int) bool {
				if !compete(ix.nodes[i]) {
					return false
				}
				own := slices.ContainsFunc(keys, func(k string) bool { return holdsAlike(ix.names[i], []string{k}) })
				return own && holdsAlike(slices.Concat(ix.names[i], ix.ctx(i)), keys)
			}
		}
		if hit := onlyOneOf(h.ix.nodesWith(keys), holds(h.ix)); hit < 0 || h.ix.nodes[hit].ID != g.ID ||
			slices.ContainsFunc(r.ix.nodesWith(keys), holds(r.ix)) {
			return false
		}
		named++
	}
	return named == len(cl.cmds)
}

// hiddenPhrase names hidden control k (an index into Behind) so that it is found once
// shown: by its name, and by its place too when a shown control has the same name (a joint
// applicant's Full name beside the applicant's).
func (r *reader) hiddenPhrase(k int) string {
	h := r.obs.Behind[k]
	keys := matchKeys(h.Name)
	if h.Ctx == "" || !slices.ContainsFunc(r.ix.nodesWith(keys), func(i int) bool { return slices.Equal(r.ix.names[i], keys) }) {
		return h.Name
	}
	return h.Name + " in " + h.Ctx
}

// whichBehind asks which item of the sub-menu hidden item id opens was meant, each choice
// running the clicks that reach it: "share the list" offers Share's own items.
func (r *reader) whichBehind(body []token, id string) (clause, bool) {
	k, _ := strconv.Atoi(strings.TrimPrefix(id, hiddenPrefix))
	words := joinRaw(body)
	q := Question{Kind: AskElement, Command: -1, Words: words, Text: "Which one do you mean?"}
	for j, h := range r.obs.Behind {
		if h.Via != k || len(q.Choices) == 6 {
			continue
		}
		chain, ok := r.revealChain(hiddenPrefix + strconv.Itoa(j+1))
		if !ok {
			return clause{}, false
		}
		then, ok := r.reachClicks(chain, h.Name, words)
		if !ok {
			return clause{}, false
		}
		then = append(then, Command{Verb: string(vClick), Phrase: h.Name, Words: words, Changes: true})
		q.Choices = append(q.Choices, Choice{Label: fmt.Sprintf("%s > %s", r.obs.Behind[k-1].Name, h.Name), Score: 0.9, Then: then})
	}
	if len(q.Choices) == 0 {
		return clause{}, false
	}
	return clause{quality: 0.9, questions: []Question{q}}, true
}

// opensMore reports a hidden control that shows other hidden controls: a sub-menu's item.
func (r *reader) opensMore(id string) bool {
	k, err := strconv.Atoi(strings.TrimPrefix(id, hiddenPrefix))
	return err == nil && slices.ContainsFunc(r.obs.Behind, func(h page.Hidden) bool { return h.Via == k })
}

// revealChain lists what must be opened to reach a hidden control: first the shown control
// (its node index written as -1-node), then the hidden ones between, outermost first.
func (r *reader) revealChain(id string) ([]int, bool) {
	k, err := strconv.Atoi(strings.TrimPrefix(id, hiddenPrefix))
	if err != nil || !strings.HasPrefix(id, hiddenPrefix) {
		return nil, false
	}
	var chain []int
	for depth := 0; depth < 4; depth++ {
		if k < 1 || k > len(r.obs.Behind) {
			return nil, false
		}
		h := r.obs.Behind[k-1]
		if h.Via == 0 {
			node := r.ix.nodeOf(h.By)
			if node < 0 {
				return nil, false
			}
			return append([]int{-1 - node}, chain...), true
		}
		k = h.Via
		chain = append([]int{k - 1}, chain...)
	}
	return nil, false
}

// openFirst is the clause as it runs: click the shown control, then each hidden one in turn
// (bound once shown), then the clause itself, read again on the page that shows it.
func (r *reader) openFirst(body []token, c carry, hidden clause, chain []int) (clause, bool) {
	opener := -1 - chain[0]
	n := r.ix.nodes[opener]
	if n.Occ || !opensSomething(n) || n.Has("expanded") || n.Has("checked") {
		// An opener already open (or ticked) still hiding the control does not show it: a
		// second click would close it again, and the clause read again would open it
		// again, for ever.
		return clause{}, false
	}
	name := hidden.cmds[0].Phrase
	if k, err := strconv.Atoi(strings.TrimPrefix(hidden.cmds[0].Action.ID, hiddenPrefix)); err == nil && k >= 1 && k <= len(r.obs.Behind) {
		name = r.obs.Behind[k-1].Name
	}
	cmds, ok := r.reachClicks(chain, name, "")
	if !ok {
		return clause{}, false
	}
	// The clause read again may change the page in any way: what follows it is read on the
	// page it leaves, not taken for part of what the opening showed.
	phrase := r.written(body)
	if n.Role == page.RoleTab {
		// "book the yoga on Thursday": once the Thu tab is open, its rows no longer say
		// Thursday; the clause is read again without the words that named the tab.
		if rest := withoutTabWords(body, r.ix.names[opener], r.hiddenWords(hidden.cmds[0].Action.ID)); len(rest) < len(body) {
			phrase = r.written(rest)
		}
	}
	cmds = append(cmds, Command{Verb: verbClause, Phrase: c.withVerb(body, phrase), Words: joinRaw(body), Changes: true})
	out := clause{cmds: cmds, quality: hidden.quality * 0.95, changes: true, deferred: true, next: hidden.next}
	for _, g := range hidden.grounded {
		g.ID = ""
		if g.Element != "" {
			g.Element += " (behind " + page.Describe(n) + ")"
		}
		out.grounded = append(out.grounded, g)
	}
	out.assumed = hidden.assumed
	return out, true
}

// hiddenWords are the keys of a hidden control's name and context.
func (r *reader) hiddenWords(id string) []string {
	h, ok := r.hiddenOf(id)
	if !ok {
		return nil
	}
	return matchKeys(h.Name + " " + h.Ctx)
}

// hiddenOf is the hidden control an ID written hiddenPrefix+k names.
func (r *reader) hiddenOf(id string) (page.Hidden, bool) {
	k, err := strconv.Atoi(strings.TrimPrefix(id, hiddenPrefix))
	if err != nil || !strings.HasPrefix(id, hiddenPrefix) || k < 1 || k > len(r.obs.Behind) {
		return page.Hidden{}, false
	}
	return r.obs.Behind[k-1], true
}

// withoutTabWords drops from body the words that name only the tab (and the preposition
// before them): "Book Priya's yoga class on Thursday" behind "Thu 12 Jun" is "Book Priya's
// yoga class". The words left keep their order; nothing is dropped when no word names the tab.
func withoutTabWords(body []token, tab, own []string) []token {
	names := func(t token, keys []string) bool {
		return t.kind == tokWord && slices.ContainsFunc(keys, func(k string) bool { return wordEq(t.key, k) >= 0.95 })
	}
	drop := make([]bool, len(body))
	found := false
	for i, t := range body {
		if names(t, tab) && !names(t, own) {
			drop[i], found = true, true
			if i > 0 && tabPreps[body[i-1].key] {
				drop[i-1] = true
			}
		}
	}
	if !found {
		return body
	}
	var out []token
	for i, t := range body {
		if !drop[i] {
			out = append(out, t)
		}
	}
	return out
}

// tabPreps may put the tab a control is on after it: "on Thursday", "under Billing".
var tabPreps = set("on", "in", "under", "for")

// reachClicks are the clicks that show a hidden control: the shown control first (chain[0],
// written -1-node), then each hidden one between (bound once shown), each saying it is there
// to reach name.
func (r *reader) reachClicks(chain []int, name, words string) ([]Command, bool) {
	opener := -1 - chain[0]
	cl := r.bindClause(vClick, "", opener, 1, "", false, words)
	if len(cl.cmds) != 1 || cl.cmds[0].Action.Kind != page.Click {
		return nil, false
	}
	first := cl.cmds[0]
	first.Action.Says("open", fmt.Sprintf("%s to reach “%s”", page.Describe(r.ix.nodes[opener]), name))
	cmds := []Command{first}
	for _, k := range chain[1:] {
		h := r.obs.Behind[k].Name
		cmds = append(cmds, Command{Verb: string(vClick), Phrase: h, Words: words, Changes: true,
			Action: page.Action{Kind: page.Click, Todo: fmt.Sprintf("open “%s” to reach “%s”", h, name)}})
	}
	return cmds, true
}

// opensSomething reports a control whose click shows what it controls: a tab, a menu or
// disclosure button, a summary, a link or button that names what it expands, a radio, box
// or switch whose choice shows its own fields ("Leave in a safe place" → Safe place).
func opensSomething(n page.Node) bool {
	switch n.Role {
	case page.RoleTab, page.RoleButton, page.RoleMenuItem, page.RoleLink, page.RoleRadio, page.RoleCheckbox, page.RoleSwitch:
		return true
	}
	return strings.Contains(n.State, "popup") || strings.Contains(n.State, "expanded")
}

// hiddenWord reports a key of a hidden control's name or options.
func (r *reader) hiddenWord(k string) bool {
	h := r.behindReader()
	return h != nil && len(h.ix.byKey[k]) > 0
}

// triggerOption reads "set the delivery day to Thursday" where the shown control named is
// a button that pops up a list and the value is one of the options it holds behind: the
// button is opened and the option chosen. The option must be named well, as any control
// behind another is.
func (r *reader) triggerOption(vw string, opt, target, body []token, changed bool) (clause, bool) {
	h := r.behindReader()
	if h == nil || len(opt) == 0 || r.revealed || slices.ContainsFunc(opt, func(t token) bool { return t.kind == tokQuoted }) {
		return clause{}, false // a quoted value is typed, never an option to click
	}
	// "the delivery day dropdown": a button that pops up a list is what people call a
	// dropdown, though the page calls it a button.
	target = slices.DeleteFunc(slices.Clone(target), func(t token) bool {
		return t.kind == tokWord && slices.Contains(roleWords[t.key].roles, page.RoleSelect)
	})
	ref := r.ix.resolve(target, vSelect)
	b, ok := ref.best()
	// The button's name often runs on into what it shows ("Delivery day Choose a day"):
	// every word said must be its, and the option must be one it holds.
	if !ok || ref.ambiguous || b.score < 0.5 || len(ref.unexplained) > 0 || !r.ix.nodes[b.node].Has("popup") {
		return clause{}, false
	}
	h.src = r.src
	hc := h.withVerb(vSelect, vw, opt, changed)
	if len(hc.cmds) != 1 || !hc.cmds[0].Bound || hc.cmds[0].Match < 0.9 || len(hc.questions)+len(hc.unexplained)+len(hc.assumed) > 0 {
		return clause{}, false
	}
	if i := h.ix.nodeOf(hc.cmds[0].Action.ID); i < 0 || h.ix.nodes[i].Role != page.RoleOption && h.ix.nodes[i].Role != page.RoleMenuItem ||
		r.opensMore(hc.cmds[0].Action.ID) {
		// A list's option, or a menu's item said as what the menu is set to ("switch the
		// language to 日本語" behind the Language button); never a sub-menu.
		return clause{}, false
	}
	chain, ok := r.revealChain(hc.cmds[0].Action.ID)
	if !ok || len(chain) != 1 || -1-chain[0] != b.node {
		return clause{}, false
	}
	cl, ok := r.openFirst(body, carry{after: -1}, hc, chain)
	if ok {
		// Once open, the option is chosen by its words: the button's name no longer
		// says what the person called it ("Delivery day Thursday").
		last := &cl.cmds[len(cl.cmds)-1]
		last.Verb, last.Phrase = string(vSelect), r.written(opt)
	}
	return cl, ok
}
