package agent

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
)

// ask puts a round of questions (at most 3) to the person, or after the last allowed
// round takes their defaults (best effort, DESIGN §4) when every choice is reversible.
func (s *step) ask(qs []Question, factors []factor, reasons []string) (State, Output, []Event, error) {
	if len(qs) > maxPerRound {
		qs = qs[:maxPerRound]
	}
	for _, q := range qs {
		reasons = append(reasons, q.Reason)
	}
	conf := score(s.a.set, s.st.Goal, s.st.Validation.TotalConfidenceDelta, factors, reasons)
	conf.Recommendation = RouteAsk
	if qs[0].Type == Confirm {
		conf.Recommendation = RecommendConfirm
	}
	s.st.Conf = conf
	s.emit(EventConfidenceReport, conf)
	if s.st.Rounds >= s.a.limits.MaxRounds && qs[0].Type != Confirm {
		// Three rounds asked: best effort from here (seed 000), which is the defaults when
		// every choice has one and is reversible, and otherwise a clear stop.
		if !reversible(qs) {
			return s.finish(PhaseFailed, fmt.Sprintf("After %d rounds of questions I still need to know: %s", s.st.Rounds, qs[0].Text))
		}
		for _, q := range qs {
			opt, _ := findOption(q, Answer{SelectedOptionID: q.Default})
			s.apply(q, opt)
		}
		return s.decide(s.lastObs)
	}
	s.st.Rounds++
	for i := range qs {
		qs[i] = s.rank(qs[i], s.lastObs)
		s.st.Asked++
		qs[i].ID = fmt.Sprintf("clar-%s-%d", shortID(s.st.TaskID), s.st.Asked)
		qs[i].Round, qs[i].Index, qs[i].Of = s.st.Rounds, i+1, len(qs)
	}
	s.st.Questions = qs
	if qs[0].Type == Confirm {
		s.setPhase(PhaseAwaitingApproval)
	} else {
		s.setPhase(PhaseClarifying)
	}
	for _, q := range qs {
		s.emit(EventClarifyWithOptions, ClarifyWithOptions{Question: q})
	}
	return s.st, Output{Kind: OutputAsk, Questions: qs}, s.events, nil
}

// maxPerRound is seed 000's limit of questions in one round.
const maxPerRound = 3

// reversible reports whether every question may be settled by its default.
func reversible(qs []Question) bool {
	for _, q := range qs {
		if q.Type == Confirm || q.Default == "" || q.Binds == bindsGoal || q.Binds == bindsContext {
			return false
		}
	}
	return true
}

// askBound asks the question a binding raised; a missing value gathers the following
// commands' missing values into the same round.
func (s *step) askBound(i int, b binding, obs page.Observation, factors []factor, reasons []string) (State, Output, []Event, error) {
	q := *b.question
	f := factor{target: b.match, value: 1, determinism: 1}
	if q.Binds == bindsValue {
		f.target, f.value = 1, 0.2
		for _, o := range q.Options {
			f.value = max(f.value, o.Confidence)
		}
	}
	qs := []Question{q}
	for j := i + 1; j < len(s.st.Commands) && len(qs) < maxPerRound && q.Type == Freeform; j++ {
		nb := s.bind(j, obs)
		if nb.question == nil || nb.question.Type != Freeform {
			break
		}
		qs = append(qs, *nb.question)
	}
	return s.ask(qs, append(factors, f), reasons)
}

// askLow asks when a decision's confidence is under the ask threshold though nothing was
// ambiguous: about the weakest target when a target is the doubt, else whether the
// reading of the goal is right.
func (s *step) askLow(obs page.Observation) (State, Output, []Event, error) {
	p := s.st.Pending
	s.st.Pending = nil
	weak, weakest := -1, 1.0
	for k, a := range p.Actions {
		if a.Kind.NeedsElement() && p.Matches[k] < weakest {
			weak, weakest = k, p.Matches[k]
		}
	}
	var q Question
	if weak >= 0 && weakest < 0.9 {
		cmd := p.Commands[weak]
		res := rules.Resolve(s.st.Commands[cmd], obs)
		res.Ambiguous = true
		q = *chooseElement(cmd, s.st.Commands[cmd], res)
		q.Reason = "the best match is weak"
	} else {
		var steps []string
		for _, a := range p.Actions {
			steps = append(steps, strings.TrimSuffix(presentTense(a.Description), "."))
		}
		q = Question{Type: OptionSelect, Text: "Is this what you want me to do?", AllowFreeform: true, Command: p.Commands[0],
			Binds: bindsPlan, Reason: "the goal is unclear",
			Options: []Option{
				{ID: "opt-1", Text: "Yes: " + strings.Join(steps, ", then "), Value: "yes", Confidence: round2(s.st.Conf.Overall)},
				{ID: "opt-2", Text: "No, stop", Value: "no"},
			}}
		q.Default = "opt-2"
	}
	q.TimeoutMs = timeoutFor(q)
	return s.ask([]Question{q}, []factor{{target: weakest, value: s.st.Conf.Breakdown.ValueConfidence, determinism: 1}}, p.Reasons)
}

// askGoal asks what a vague goal ("Help me") means, with what this page offers as options.
func (s *step) askGoal(obs page.Observation) (State, Output, []Event, error) {
	text := "What would you like me to do?"
	if len(s.st.Validation.SuggestedQuestions) > 0 {
		text = s.st.Validation.SuggestedQuestions[0]
	}
	q := Question{Type: OptionSelect, Text: text, AllowFreeform: true, Command: -1, Binds: bindsGoal,
		Reason: "the goal does not name an action", Options: suggestGoals(obs)}
	q.TimeoutMs = timeoutFor(Question{Type: Freeform})
	_, why := rules.GoalClarity(s.st.Goal)
	return s.ask([]Question{q}, []factor{{target: 0, value: 0.5, determinism: 0.5, vague: true}}, why)
}

// suggestGoals offers what can be done on this page as explicit commands: fill its form,
// press its main button, follow its first links.
func suggestGoals(obs page.Observation) []Option {
	var out []Option
	add := func(text, value string) {
		for _, o := range out {
			if o.Value == value {
				return
			}
		}
		out = append(out, Option{ID: "opt-" + strconv.Itoa(len(out)+1), Text: text, Value: value})
	}
	if fields := emptyFields(obs); len(fields) > 0 {
		var names []string
		for _, f := range fields[:min(3, len(fields))] {
			names = append(names, f.Name)
		}
		add("Fill in the form ("+strings.Join(names, ", ")+")", "fill in the form")
	}
	for _, n := range obs.Tree {
		if len(out) >= 3 {
			break
		}
		if n.Name == "" || n.Has("disabled") || n.Occ {
			continue
		}
		switch {
		case n.Role == page.RoleButton && !reRisky.MatchString(n.Name):
			add("Click "+page.Describe(n), fmt.Sprintf("click the %q button", n.Name))
		case n.Role == page.RoleLink:
			add("Open "+page.Describe(n), fmt.Sprintf("click the %q link", n.Name))
		}
	}
	// Confidences only order the options; the person's pick decides.
	for i := range out {
		out[i].Confidence = round2(0.6 - 0.15*float64(i))
	}
	return out
}

// emptyFields are the page's fillable fields that hold nothing yet.
func emptyFields(obs page.Observation) []page.Node {
	var out []page.Node
	for _, n := range obs.Tree {
		if (n.Role == page.RoleInput || n.Role == page.RoleTextarea) && n.Value == "" && n.Name != "" && !n.Has("disabled") &&
			!n.Has("readonly") && n.Type != "search" && n.Type != "hidden" && n.Type != "password" && !n.Occ {
			out = append(out, n)
		}
	}
	return out
}

// expandFill replaces a "fill in the form" command with one typing command per empty
// field, bound to that field; their values are asked for next.
func (s *step) expandFill(obs page.Observation) (State, Output, []Event, error) {
	fields := emptyFields(obs)
	if len(fields) == 0 {
		return s.finish(PhaseFailed, fmt.Sprintf("There is no empty field to fill on %q.", obs.Title))
	}
	i := s.st.Cursor
	fill := make([]rules.Command, len(fields))
	for k, f := range fields {
		fill[k] = rules.Command{Verb: rules.VerbType, Target: f.Name, Raw: fmt.Sprintf("type into %q", f.Name)}
	}
	rest := append(fill, s.st.Commands[i+1:]...)
	s.st.Commands = append(s.st.Commands[:i:i], rest...)
	for k, f := range fields {
		s.bindElement(i+k, f.ID)
	}
	steps := make([]string, 0, len(s.st.Commands))
	cmds := make([]int, len(fields))
	for k := range fields {
		cmds[k] = i + k
	}
	for _, c := range s.st.Commands[i:] {
		steps = append(steps, c.Raw)
	}
	s.st.PlanBase = i
	s.planReady(PlanReady{Route: "fast_path", Complexity: s.st.Complexity.Level, Steps: steps}, obs)
	// The plan is routed before its values are asked for: a form filler is less certain
	// than a single click, and its values are all missing (seed 004's "Fill in the form").
	conf := score(s.a.set, s.st.Goal, s.st.Validation.TotalConfidenceDelta,
		[]factor{{target: 1, value: 0.2, determinism: fillDeterminism}}, []string{fmt.Sprintf("%d empty fields found", len(fields))})
	route := s.a.set.routeFor(conf.Overall, s.st.PlanApproved, false, s.st.Step == 0)
	conf.Recommendation = route
	s.st.Conf = conf
	s.emit(EventConfidenceReport, conf)
	s.st.Pending = &Pending{Commands: cmds, Targets: fields, BeforeURL: obs.URL, BeforeHash: obs.DOMHash}
	switch route {
	case RouteApproval:
		return s.requestApproval("a form filler fills every empty field, and no values were given")
	case RouteAssumeAnnounce:
		return s.announce()
	}
	s.st.Pending = nil
	return s.decide(obs)
}

// fillDeterminism is action determinism for filling a whole form: which fields it touches
// is read from the page, not said by the person.
const fillDeterminism = 0.8

func shortID(id string) string {
	id = strings.TrimPrefix(id, "task-")
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// notFound asks about near misses, or fails when nothing on the page is close.
func (s *step) notFound(i int, res rules.Resolution, obs page.Observation) (State, Output, []Event, error) {
	c := s.st.Commands[i]
	what := c.Phrase
	if what == "" {
		what = c.Target
	}
	if what == "" {
		what = "a " + page.RoleName(c.Role)
	}
	where := obs.Title
	if where == "" {
		where = obs.URL
	}
	if len(res.Candidates) == 0 && s.st.Phase == PhaseReplanning {
		// Re-planning after a failure: the element is gone, so offer what looks like it.
		for _, sim := range similarElements(page.Node{Name: c.Target, Role: verbRole(c)}, obs) {
			if n, ok := obs.Node(sim.ID); ok {
				res.Candidates = append(res.Candidates, rules.Candidate{Node: n, Score: sim.Score, Why: sim.Why})
			}
		}
	}
	pronoun := rePronoun.MatchString(c.Target)
	if len(res.Candidates) == 0 && pronoun {
		// "type 'x' into it" names nothing: offer the elements the verb can act on.
		role := verbRole(c)
		for _, n := range obs.Tree {
			if len(res.Candidates) == 3 {
				break
			}
			fits := n.Role == role || role == page.RoleInput && n.Role == page.RoleTextarea || role == page.RoleButton && n.Role == page.RoleLink
			if fits && n.Name != "" && !n.Has("disabled") && !n.Occ {
				res.Candidates = append(res.Candidates, rules.Candidate{Node: n, Score: 0.5, Why: "on the page"})
			}
		}
	}
	if len(res.Candidates) == 0 {
		return s.finish(PhaseFailed, fmt.Sprintf("I could not find %q on %q, so I stopped before %q.", what, where, c.Raw))
	}
	text := fmt.Sprintf("I could not find %q. Did you mean one of these?", what)
	if pronoun {
		text = fmt.Sprintf("Which %s do you mean by %q?", page.RoleName(verbRole(c)), c.Target)
	}
	q := Question{Type: OptionSelect, Text: text,
		AllowFreeform: true, Command: i, Binds: bindsElement, Reason: "no element matches well"}
	for _, cand := range res.Candidates {
		if len(q.Options) == 4 {
			break
		}
		q.Options = append(q.Options, Option{ID: "opt-" + strconv.Itoa(len(q.Options)+1), Text: page.Describe(cand.Node),
			Value: cand.Node.ID, Confidence: cand.Score, Reasoning: cand.Why})
	}
	q.Default = q.Options[0].ID
	q.TimeoutMs = timeoutFor(q)
	return s.ask([]Question{q}, []factor{{target: res.Quality(), value: 1, determinism: 1}}, nil)
}

var rePronoun = regexp.MustCompile(`(?i)^(it|that|this|them|those|these|that one|this one)$`)

// verbRole is the role a command's verb acts on when the person named none.
func verbRole(c rules.Command) string {
	switch {
	case c.Role != "" && c.Role != "field":
		return c.Role
	case c.Verb == rules.VerbType || c.Role == "field":
		return page.RoleInput
	case c.Verb == rules.VerbCheck || c.Verb == rules.VerbUncheck:
		return page.RoleCheckbox
	}
	return page.RoleButton
}

// confirm asks before a high-risk action. Its default does nothing: a timeout never
// approves a risky action.
func (s *step) confirm(i int, b binding, obs page.Observation) (State, Output, []Event, error) {
	q := Question{Type: Confirm, Command: i, Binds: bindsApproval, Risky: true, AllowFreeform: false,
		Text:   fmt.Sprintf("This will %s, which may not be undone. Continue?", strings.TrimSuffix(presentTense(b.action.Description), ".")),
		Reason: "high-risk action",
		Options: []Option{
			{ID: "opt-yes", Text: "Yes, do it", Value: "yes"},
			{ID: "opt-no", Text: "No, stop here", Value: "no"},
		},
		Default: "opt-no",
	}
	q.TimeoutMs = timeoutFor(q)
	f := commandFactor(s.st.Commands[i], b.action, b.match, true)
	return s.ask([]Question{q}, []factor{f}, []string{b.why})
}

func presentTense(desc string) string {
	for past, present := range map[string]string{"clicked ": "click ", "typed ": "type ", "selected ": "select ", "pressed ": "press ", "checked ": "check "} {
		if strings.HasPrefix(desc, past) {
			return present + desc[len(past):]
		}
	}
	return desc
}

// answer applies the person's replies to the open round and carries on.
func (s *step) answer(in Input) (State, Output, []Event, error) {
	qs := s.st.Questions
	if len(qs) == 0 || len(in.Answers) == 0 {
		return s.decide(in.Observation)
	}
	s.st.Questions = nil
	replan := false
	for k, q := range qs {
		a := answerFor(q, k, in.Answers)
		opt, ok := findOption(q, a)
		switch q.Binds {
		case bindsApproval:
			if !ok || opt.Value != "yes" {
				c := s.st.Commands[q.Command]
				return s.finish(PhaseCancelled, fmt.Sprintf("Stopped before %q: you did not confirm it.", c.Raw))
			}
		case bindsGoal:
			if a.TimedOut || !ok && strings.TrimSpace(a.Text) == "" {
				return s.finish(PhaseFailed, "No answer came, so I did nothing.")
			}
			replan = true
		case bindsContext:
			replan = true
		case bindsPlan:
			if ok && opt.Value == "no" {
				return s.finish(PhaseCancelled, "You said this is not what you want; nothing was done.")
			}
			if !ok {
				replan = true
			}
		}
		text := opt.Text
		if !ok {
			text = strings.TrimSpace(a.Text)
		}
		s.st.Clarified = append(s.st.Clarified, QA{Question: q.Text, Answer: text, TimedOut: a.TimedOut})
		switch {
		case q.Binds == bindsContext:
		case ok:
			s.apply(q, opt)
		default:
			s.applyFreeform(q, strings.TrimSpace(a.Text))
		}
	}
	if len(qs) > 0 && qs[0].Binds == bindsContext {
		s.mergeContext()
	}
	if replan && s.st.Plan != nil && qs[0].Binds == bindsContext {
		// A value the model found missing mid-plan: refine the step again with it.
		s.setPhase(PhaseRefining)
		return s.decide(in.Observation)
	}
	if replan {
		// Seed 003: merge the answer into the request and plan again.
		return s.plan(in.Observation)
	}
	s.setPhase(PhaseRefining)
	return s.decide(in.Observation)
}

// answerFor finds the answer to the k-th question of a round: by question id, else by
// position.
func answerFor(q Question, k int, as []Answer) Answer {
	for _, a := range as {
		if a.QuestionID == q.ID {
			return a
		}
	}
	if k < len(as) && as[k].QuestionID == "" {
		return as[k]
	}
	return Answer{}
}

// apply binds a chosen option.
func (s *step) apply(q Question, opt Option) {
	switch q.Binds {
	case bindsElement:
		s.bindElement(q.Command, opt.Value)
	case bindsValue:
		s.st.Commands[q.Command].Value, s.st.Commands[q.Command].Quoted = opt.Value, true
	case bindsApproval:
		if s.st.Approved == nil {
			s.st.Approved = map[int]bool{}
		}
		s.st.Approved[q.Command] = opt.Value == "yes"
	case bindsGoal:
		s.st.Goal = opt.Value
	case bindsPlan:
		for i := range s.st.Commands {
			s.markAnnounced(i)
		}
	}
}

// applyFreeform uses an answer that names no option: for an element it becomes a
// qualifier ("the one in Prescriptions"), for a value the value itself.
func (s *step) applyFreeform(q Question, text string) {
	if text == "" {
		return
	}
	if q.Binds == bindsGoal || q.Binds == bindsPlan {
		s.st.Goal = mergeGoal(s.st.Request, text)
		return
	}
	c := &s.st.Commands[q.Command]
	switch q.Binds {
	case bindsElement:
		c.Near, c.NearCertain = text, true
		if c.Target == "" && c.Role == "" {
			c.Target = text
		}
	case bindsValue:
		c.Value, c.Quoted = text, true
	}
}

// mergeGoal is seed 003's resume logic for a free answer to "what do you want": an
// answer that is itself explicit commands replaces the request; anything else is added to
// it, so planning restarts with the whole context.
func mergeGoal(request, answer string) string {
	if _, ok := rules.Parse(answer); ok {
		return answer
	}
	if _, ok := rules.FillForm(answer); ok {
		return answer
	}
	return request + ". " + answer
}

// findOption matches an answer to an option: by id, by number ("2"), by value, or by
// text ("Prescriptions" picks `"Details" link in “Prescriptions”`).
func findOption(q Question, a Answer) (Option, bool) {
	if a.SelectedOptionID != "" {
		for _, o := range q.Options {
			if o.ID == a.SelectedOptionID {
				return o, true
			}
		}
	}
	t := strings.ToLower(strings.TrimSpace(a.Text))
	if t == "" {
		return Option{}, false
	}
	if n, err := strconv.Atoi(t); err == nil && n >= 1 && n <= len(q.Options) {
		return q.Options[n-1], true
	}
	if q.Type == Confirm {
		switch t {
		case "y", "yes", "ok", "okay", "sure", "continue", "approve", "do it", "yes, do it":
			return q.Options[0], true
		}
		return q.Options[len(q.Options)-1], true
	}
	var hits []Option
	for _, o := range q.Options {
		if strings.EqualFold(o.Value, t) || strings.EqualFold(o.Text, t) {
			return o, true
		}
		if rules.NameScore(t, o.Text) >= rules.MinMatch || strings.Contains(strings.ToLower(o.Text), t) {
			hits = append(hits, o)
		}
	}
	if len(hits) == 1 {
		return hits[0], true
	}
	return Option{}, false
}
