package server

import (
	"encoding/json"
	"sync"
)

// Hub fans the UI's events out to every open event stream. It keeps the most recent
// ones, numbered, so a browser whose stream dropped (a sleeping laptop, a restarted
// proxy) gets what it missed when EventSource reconnects with Last-Event-ID.
type Hub struct {
	mu     sync.Mutex
	next   int
	recent []frame // the last hubKeep events, oldest first
	subs   map[chan frame]struct{}
}

type frame struct {
	id   int
	data []byte
}

// hubKeep is how many events a reconnecting stream can catch up on: a long errand emits
// a few hundred.
const hubKeep = 1024

// subBuffer is how far a stream may fall behind before it is cut off (it reconnects and
// catches up from recent).
const subBuffer = 256

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{subs: map[chan frame]struct{}{}} }

// Emit sends one event to every stream; it is ui.Options.Emit. The event name is the
// window's and means nothing here: every event goes as one SSE message.
func (h *Hub) Emit(_ string, data any) {
	b, err := json.Marshal(data)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"type": "error", "error": "unreadable event: " + err.Error()})
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.next++
	f := frame{id: h.next, data: b}
	h.recent = append(h.recent, f)
	if len(h.recent) > hubKeep {
		h.recent = h.recent[len(h.recent)-hubKeep:]
	}
	for ch := range h.subs {
		select {
		case ch <- f:
		default:
			// Too slow: end its stream rather than block the engine; it reconnects.
			delete(h.subs, ch)
			close(ch)
		}
	}
}

// subscribe opens a stream that first replays the events after lastID (0: none).
func (h *Hub) subscribe(lastID int) (chan frame, []frame) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch := make(chan frame, subBuffer)
	h.subs[ch] = struct{}{}
	var missed []frame
	if lastID > 0 {
		for _, f := range h.recent {
			if f.id > lastID {
				missed = append(missed, f)
			}
		}
	}
	return ch, missed
}

func (h *Hub) unsubscribe(ch chan frame) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.subs[ch]; ok {
		delete(h.subs, ch)
		close(ch)
	}
}
