package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/internal/clip"
)

// Validator is implemented by reply types with rules a schema cannot state.
type Validator interface{ Validate() error }

// Structured makes a call whose reply must be a T: the schema is derived from T, passed
// to the model, and the reply is checked against it. A reply that does not parse or does
// not follow the schema is sent back once with the error (small models usually mend it
// when told what is wrong); a second bad reply fails with ErrMalformed. A reply cut off
// before it was complete (ErrTruncated) is asked again once with a repeat penalty, since
// a model that repeats itself is what gets cut. Every attempt's usage is returned, the
// failed ones marked, because their tokens were spent.
func Structured[T any](ctx context.Context, m Model, req Request) (T, []Usage, error) {
	var zero T
	if m == nil {
		return zero, nil, fmt.Errorf("%s: %w", req.Purpose, ErrUnavailable)
	}
	if req.Schema == nil {
		req.Schema = SchemaFor[T](req.Purpose)
	}
	// Clipped so the repair turns appended below get their own array: appending into
	// spare capacity of the caller's slice would race with other calls sharing it.
	req.Messages = slices.Clip(req.Messages)
	var (
		usage               []Usage
		repaired, penalised bool
	)
	for {
		rep, err := m.Chat(ctx, req)
		var ce *CallError
		if errors.As(err, &ce) {
			usage = append(usage, ce.Usage)
		}
		if errors.Is(err, ErrTruncated) && !penalised && ctx.Err() == nil {
			penalised = true
			req.RepeatPenalty = retryRepeatPenalty
			continue
		}
		if err != nil {
			return zero, usage, fmt.Errorf("%s call: %w", req.Purpose, err)
		}
		v, perr := decode[T](rep.Content, req.Schema)
		if perr == nil {
			usage = append(usage, rep.Usage)
			return v, usage, nil
		}
		rep.Usage.Failed = true
		usage = append(usage, rep.Usage)
		if repaired {
			return zero, usage, fmt.Errorf("%s: %w after 2 attempts: %w", req.Purpose, ErrMalformed, perr)
		}
		repaired = true
		req.Messages = append(req.Messages,
			Message{Role: "assistant", Content: clip.Runes(rep.Content, 2000)},
			Message{Role: "user", Content: "That reply is not valid: " + perr.Error() +
				". Reply again with only the JSON object that follows the schema."})
	}
}

// retryRepeatPenalty is the repeat_penalty of the retry after a cut-off reply: above
// Ollama's default of 1.1, enough to break a loop, not so much that the JSON's own
// repeated keys suffer.
const retryRepeatPenalty = 1.3

// decode parses a reply into T and checks it against the schema. Code fences and text
// around the object are tolerated: some models add them even under a format constraint.
func decode[T any](content string, schema *Schema) (T, error) {
	var v T
	body := extractJSON(content)
	if body == "" {
		return v, errors.New("no JSON object in the reply")
	}
	var raw any
	if err := json.Unmarshal([]byte(body), &raw); err != nil {
		return v, fmt.Errorf("invalid JSON: %w", err)
	}
	if err := schema.check("", raw); err != nil {
		return v, err
	}
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		return v, fmt.Errorf("invalid JSON: %w", err)
	}
	if val, ok := any(&v).(Validator); ok {
		if err := val.Validate(); err != nil {
			return v, err
		}
	}
	return v, nil
}

func extractJSON(s string) string {
	start := strings.IndexAny(s, "{[")
	if start < 0 {
		return ""
	}
	end := strings.LastIndexAny(s, "}]")
	if end < start {
		return strings.TrimSpace(s[start:])
	}
	return s[start : end+1]
}
