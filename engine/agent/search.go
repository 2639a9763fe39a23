package agent

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Search is a web search under way (docs/decisions.md D-19: done through the controlled
// browser with a configurable search page, no API key): open the results, read them,
// return to the page the errand works on.
type Search struct {
	Query     string `json:"query"`
	ReturnURL string `json:"returnUrl"`
	Stage     string `json:"stage"` // "results" while reading, "return" on the way back, "done"
}

// maxSearchText bounds what a search adds to the prompts.
const maxSearchText = 1500

// webSearch opens the search page for the query and reads it, in one chain.
func (s *step) webSearch(query string, obs page.Observation) (State, Output, []Event, error) {
	u := strings.ReplaceAll(s.a.searchURL, "%s", url.QueryEscape(query))
	s.st.Search = &Search{Query: query, ReturnURL: obs.URL, Stage: "results"}
	s.st.Pending = &Pending{BeforeURL: obs.URL, BeforeHash: obs.DOMHash, Chain: []Link{
		{Command: -1, Action: page.Action{Kind: page.Navigate, Text: u, Index: 0, Description: "searched the web for " + query}},
		{Command: -1, Action: page.Action{Kind: page.Extract, Text: "search results", Index: 1, Description: "read the results"}},
	}}
	return s.act()
}

// afterSearch keeps the results as untrusted knowledge for the prompts, then goes back.
func (s *step) afterSearch(p Pending, in Input) (State, Output, []Event, error) {
	sr := s.st.Search
	res := in.Result
	s.st.Pending = nil
	if sr.Stage == "results" {
		text := ""
		for _, o := range res.Outcomes {
			ok := o.Err == nil
			ev := StepVerified{Step: p.Step, Index: o.Index, Action: o.Action.String(), Description: o.Action.Description,
				Verified: ok, Tier: 1, Evidence: "the search page answered"}
			if !ok {
				ev.Evidence, ev.Error = o.Err.Message, string(o.Err.Kind)
			}
			s.emit(EventStepVerified, ev)
			if o.Action.Kind == page.Extract {
				text = o.Extracted
			}
		}
		if strings.TrimSpace(text) != "" {
			s.st.Knowledge = append(s.st.Knowledge, fmt.Sprintf("Web search for %q: %s", sr.Query, clipText(text, maxSearchText)))
		}
		sr.Stage = "return"
		s.st.Pending = &Pending{BeforeURL: in.Observation.URL, BeforeHash: in.Observation.DOMHash, Chain: []Link{
			{Command: -1, Action: page.Action{Kind: page.Navigate, Text: sr.ReturnURL, Description: "went back to " + sr.ReturnURL}}}}
		return s.act()
	}
	sr.Stage = "done"
	return s.planWithModel(in.Observation)
}
