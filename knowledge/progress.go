package knowledge

// Progress event types, in the order an ingestion emits them.
const (
	EventStart     = "start"     // a source (or crawl) begins; Source names it
	EventPress     = "press"     // live ingestion presses a disclosure control: Done of Total, Trigger names it
	EventStored    = "stored"    // a page or file was read and its chunks stored
	EventSkipped   = "skipped"   // unchanged since the last ingestion, or refused by robots.txt
	EventError     = "error"     // one source failed; the others go on
	EventEmbedding = "embedding" // Done of Total chunks have vectors of Model
	EventDone      = "done"      // the ingestion ended; the counts are the totals
)

// Progress is one event of a long operation, printed as NDJSON by the CLI and sent to the
// app's Knowledge screen.
type Progress struct {
	Type    string `json:"type"`
	Source  string `json:"source,omitempty"`
	Title   string `json:"title,omitempty"`
	Kind    string `json:"kind,omitempty"`
	Chunks  int    `json:"chunks,omitempty"`
	Trigger string `json:"trigger,omitempty"` // the interaction that revealed what was stored
	Reason  string `json:"reason,omitempty"`
	Error   string `json:"error,omitempty"`
	Model   string `json:"model,omitempty"`
	Done    int    `json:"done,omitempty"`
	Total   int    `json:"total,omitempty"`
	Stored  int    `json:"stored,omitempty"`
	Skipped int    `json:"skipped,omitempty"`
	Failed  int    `json:"failed,omitempty"`
}

// ProgressFunc receives events; it is called from one goroutine at a time.
type ProgressFunc func(Progress)

func (f ProgressFunc) emit(p Progress) {
	if f != nil {
		f(p)
	}
}
