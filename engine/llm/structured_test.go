package llm

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
)

type replyStep struct {
	Action string `json:"action" enum:"click,type"`
	Target string `json:"target"`
}

// reply is a reply type with a rule the schema cannot state, so Validate runs too.
type reply struct {
	Thought string      `json:"thought"`
	Steps   []replyStep `json:"steps"`
	Note    string      `json:"note,omitempty"`
}

func (r *reply) Validate() error {
	if strings.TrimSpace(r.Thought) == "" {
		return errors.New("thought must not be empty")
	}
	return nil
}

const goodReply = `{"thought":"find the box","steps":[{"action":"click","target":"#q"}]}`

var wantReply = reply{Thought: "find the box", Steps: []replyStep{{Action: "click", Target: "#q"}}}

// scripted answers with canned replies in order and records every request as it was at
// the time of the call. Tests pass ModelFunc(s.chat) as the Model.
type scripted struct {
	t       *testing.T
	mu      sync.Mutex
	replies []string
	err     error // returned by every call when set
	reqs    []Request
}

func (s *scripted) chat(_ context.Context, req Request) (Reply, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	req.Messages = slices.Clone(req.Messages)
	s.reqs = append(s.reqs, req)
	n := len(s.reqs)
	if s.err != nil {
		return Reply{}, s.err
	}
	if n > len(s.replies) {
		s.t.Errorf("call %d: only %d replies scripted", n, len(s.replies))
		return Reply{}, errors.New("unscripted call")
	}
	return Reply{Content: s.replies[n-1], Usage: Usage{Purpose: req.Purpose, Role: req.Role,
		Model: "fake", PromptTokens: 100 * n, CompletionTokens: n}}, nil
}

func TestStructured(t *testing.T) {
	errTransport := errors.New("connection reset")
	tests := []struct {
		name      string
		replies   []string
		err       error
		wantErr   error  // nil = success with wantReply
		wantCalls int    // model calls made
		wantFixed string // in the repair message of the second call; "" = no repair
		// wantFailed is the Failed mark of each usage entry, one per answered call.
		wantFailed []bool
	}{
		{
			name:       "valid",
			replies:    []string{goodReply},
			wantCalls:  1,
			wantFailed: []bool{false},
		},
		{
			name:       "code fences and chatter",
			replies:    []string{"Sure! Here it is:\n```json\n" + goodReply + "\n```\nAnything else?"},
			wantCalls:  1,
			wantFailed: []bool{false},
		},
		{
			name:       "missing required field repaired",
			replies:    []string{`{"thought":"hmm"}`, goodReply},
			wantCalls:  2,
			wantFixed:  `missing required field "steps"`,
			wantFailed: []bool{true, false},
		},
		{
			name:       "missing field in an array element",
			replies:    []string{`{"thought":"t","steps":[{"action":"click"}]}`, goodReply},
			wantCalls:  2,
			wantFixed:  `steps[0]: missing required field "target"`,
			wantFailed: []bool{true, false},
		},
		{
			name:       "value outside the enum",
			replies:    []string{`{"thought":"t","steps":[{"action":"hover","target":"#q"}]}`, goodReply},
			wantCalls:  2,
			wantFixed:  `steps[0].action: "hover" is not one of click, type`,
			wantFailed: []bool{true, false},
		},
		{
			name:       "wrong type",
			replies:    []string{`{"thought":42,"steps":[]}`, goodReply},
			wantCalls:  2,
			wantFixed:  "thought: want a string",
			wantFailed: []bool{true, false},
		},
		{
			name:       "array where an object belongs",
			replies:    []string{`{"thought":"t","steps":{"action":"click"}}`, goodReply},
			wantCalls:  2,
			wantFixed:  "steps: want an array",
			wantFailed: []bool{true, false},
		},
		{
			name:       "not JSON",
			replies:    []string{"I cannot help with that.", goodReply},
			wantCalls:  2,
			wantFixed:  "no JSON object in the reply",
			wantFailed: []bool{true, false},
		},
		{
			name:       "broken JSON",
			replies:    []string{`{"thought": "t", "steps": [`, goodReply},
			wantCalls:  2,
			wantFixed:  "invalid JSON",
			wantFailed: []bool{true, false},
		},
		{
			name:       "Validate error repaired",
			replies:    []string{`{"thought":" ","steps":[]}`, goodReply},
			wantCalls:  2,
			wantFixed:  "thought must not be empty",
			wantFailed: []bool{true, false},
		},
		{
			name:       "two bad replies",
			replies:    []string{`{"thought":"a"}`, `{"thought":"b"}`},
			wantErr:    ErrMalformed,
			wantCalls:  2,
			wantFixed:  `missing required field "steps"`,
			wantFailed: []bool{true, true},
		},
		{
			name:      "transport error is not repaired",
			err:       errTransport,
			wantErr:   errTransport,
			wantCalls: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &scripted{t: t, replies: tt.replies, err: tt.err}
			first := []Message{{Role: "system", Content: "plan"}, {Role: "user", Content: "search for cats"}}
			got, usage, err := Structured[reply](t.Context(), ModelFunc(m.chat),
				Request{Purpose: PurposePlanning, Role: RolePlanner, Messages: first})

			switch {
			case tt.wantErr == nil && err != nil:
				t.Fatalf("err = %v, want success", err)
			case tt.wantErr != nil && !errors.Is(err, tt.wantErr):
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			case tt.wantErr == nil && !equalReply(got, wantReply):
				t.Errorf("reply = %+v, want %+v", got, wantReply)
			}
			if len(m.reqs) != tt.wantCalls {
				t.Fatalf("%d model calls, want %d", len(m.reqs), tt.wantCalls)
			}
			var failed []bool
			for i, u := range usage {
				failed = append(failed, u.Failed)
				if u.PromptTokens != 100*(i+1) || u.Purpose != PurposePlanning {
					t.Errorf("usage[%d] = %+v, want call %d's usage", i, u, i+1)
				}
			}
			if !slices.Equal(failed, tt.wantFailed) {
				t.Errorf("usage Failed marks = %v, want %v", failed, tt.wantFailed)
			}

			for i, req := range m.reqs {
				if req.Schema == nil || req.Schema.Title != string(PurposePlanning) {
					t.Errorf("call %d: schema %+v, want one titled PLANNING", i+1, req.Schema)
				}
			}
			if !slices.Equal(m.reqs[0].Messages, first) {
				t.Errorf("first call messages = %+v, want the caller's", m.reqs[0].Messages)
			}
			if tt.wantFixed != "" {
				checkRepair(t, m.reqs[1].Messages, first, tt.replies[0], tt.wantFixed)
			}
		})
	}
}

// checkRepair asserts a repair call resends the conversation, then the bad reply as the
// assistant's turn, then a user turn naming what was wrong.
func checkRepair(t *testing.T, msgs, first []Message, bad, wantErr string) {
	t.Helper()
	if len(msgs) != len(first)+2 || !slices.Equal(msgs[:len(first)], first) {
		t.Fatalf("repair messages = %+v, want the first call's plus two", msgs)
	}
	if a := msgs[len(first)]; a.Role != "assistant" || a.Content != bad {
		t.Errorf("repair call's assistant turn = %+v, want the bad reply %q", a, bad)
	}
	if u := msgs[len(first)+1]; u.Role != "user" || !strings.Contains(u.Content, wantErr) {
		t.Errorf("repair call's user turn = %+v, want it to name %q", u, wantErr)
	}
}

func equalReply(a, b reply) bool {
	return a.Thought == b.Thought && a.Note == b.Note && slices.Equal(a.Steps, b.Steps)
}

func TestStructuredMalformedError(t *testing.T) {
	m := &scripted{t: t, replies: []string{"nope", `{"thought":"x"}`}}
	_, _, err := Structured[reply](t.Context(), ModelFunc(m.chat), Request{Purpose: PurposeCritic})
	if !errors.Is(err, ErrMalformed) {
		t.Fatalf("err = %v, want ErrMalformed", err)
	}
	// The error says which call failed and the last reason, for the task's log.
	for _, want := range []string{"CRITIC", "after 2 attempts", `missing required field "steps"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("err %q does not mention %q", err, want)
		}
	}
}

func TestStructuredNilModel(t *testing.T) {
	_, usage, err := Structured[reply](t.Context(), nil, Request{Purpose: PurposePlanning})
	if !errors.Is(err, ErrUnavailable) || usage != nil {
		t.Fatalf("err, usage = %v, %v; want ErrUnavailable and no usage", err, usage)
	}
}

// TestStructuredKeepsGivenSchema: a caller that built its own schema gets it sent.
func TestStructuredKeepsGivenSchema(t *testing.T) {
	own := SchemaFor[reply]("OWN")
	m := &scripted{t: t, replies: []string{goodReply}}
	if _, _, err := Structured[reply](t.Context(), ModelFunc(m.chat), Request{Purpose: PurposePlanning, Schema: own}); err != nil {
		t.Fatal(err)
	}
	if m.reqs[0].Schema != own {
		t.Errorf("schema sent = %+v, want the caller's", m.reqs[0].Schema)
	}
}

// TestStructuredLeavesCallerMessages: the repair turns are Structured's own; they must
// not land in spare capacity of the caller's slice, which another call may share.
func TestStructuredLeavesCallerMessages(t *testing.T) {
	msgs := make([]Message, 1, 8)
	msgs[0] = Message{Role: "user", Content: "go"}
	m := &scripted{t: t, replies: []string{"bad", goodReply}}
	if _, _, err := Structured[reply](t.Context(), ModelFunc(m.chat), Request{Purpose: PurposePlanning, Messages: msgs}); err != nil {
		t.Fatal(err)
	}
	for i, spare := range msgs[1:cap(msgs)] {
		if spare != (Message{}) {
			t.Errorf("caller's spare capacity [%d] = %+v, want untouched", i+1, spare)
		}
	}
}

// TestStructuredConcurrentShared runs repairs on one shared conversation at once; under
// -race it fails if the calls write into the same backing array.
func TestStructuredConcurrentShared(t *testing.T) {
	base := make([]Message, 1, 8)
	base[0] = Message{Role: "user", Content: "go"}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			m := &scripted{t: t, replies: []string{"bad", goodReply}}
			if _, _, err := Structured[reply](t.Context(), ModelFunc(m.chat), Request{Purpose: PurposePlanning, Messages: base}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}
