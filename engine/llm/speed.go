package llm

import (
	"maps"
	"regexp"
	"strconv"
	"sync"
	"time"
)

// Speed is how fast a model runs on this machine, in tokens a second: Read is the
// prompt (prefill), Write the reply.
type Speed struct {
	Read  float64 `json:"read"`
	Write float64 `json:"write"`
}

// GuessSpeed is a model's speed before it was ever measured: CPU-only figures scaled by
// the parameter count in its tag (docs/models.md: a 2-core laptop reads about 80 and
// writes about 25 tokens a second per billion parameters, inverted). A tag without a
// size is taken as 7B: guessing slow only lengthens a time limit.
func GuessSpeed(model string) Speed {
	b := paramsB(model)
	if b <= 0 {
		b = 7
	}
	return Speed{Read: min(80/b, 200), Write: min(25/b, 45)}
}

var paramsRe = regexp.MustCompile(`(?i)(?:^|[:\-_])(\d+(?:\.\d+)?)b(?:$|[\-_.])`)

// paramsB reads the size in billions from a name such as "qwen2.5:7b" or
// "llama3.1:8b-instruct-q4_0"; 0 when the name does not say.
func paramsB(model string) float64 {
	m := paramsRe.FindStringSubmatch(model)
	if m == nil {
		return 0
	}
	f, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0
	}
	return f
}

// Speeds remembers each model's measured speed. Safe for concurrent use; the app saves a
// Snapshot and passes it back to NewSpeeds on the next start.
type Speeds struct {
	mu sync.Mutex
	m  map[string]Speed
}

// NewSpeeds starts from earlier measurements (nil = none).
func NewSpeeds(known map[string]Speed) *Speeds {
	s := &Speeds{m: map[string]Speed{}}
	maps.Copy(s.m, known)
	return s
}

// For is the model's measured speed, or the guess when it was never measured.
func (s *Speeds) For(model string) Speed {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := GuessSpeed(model)
	sp, ok := s.m[model]
	if !ok {
		return g
	}
	if sp.Read <= 0 {
		sp.Read = g.Read
	}
	if sp.Write <= 0 {
		sp.Write = g.Write
	}
	return sp
}

// Snapshot copies the measurements.
func (s *Speeds) Snapshot() map[string]Speed {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.m)
}

// minMeasured is the fewest tokens a rate is measured on: a 3-token reply's rate is noise.
const minMeasured = 8

// observe folds one call's counts into the model's speed, half old and half new, so one
// slow call (the machine busy with something else) does not set the next limits alone.
func (s *Speeds) observe(model string, read int, readTook time.Duration, wrote int, writeTook time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sp := s.m[model]
	sp.Read = blend(sp.Read, rate(read, readTook))
	sp.Write = blend(sp.Write, rate(wrote, writeTook))
	if sp != (Speed{}) {
		s.m[model] = sp
	}
}

func rate(n int, d time.Duration) float64 {
	if n < minMeasured || d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

func blend(old, measured float64) float64 {
	switch {
	case measured <= 0:
		return old
	case old <= 0:
		return measured
	}
	return (old + measured) / 2
}

// Limits bound a call's time. The zero value takes the defaults noted per field.
type Limits struct {
	// Idle is the longest wait between two streamed tokens; 0 = 30 s.
	Idle time.Duration
	// Load is the allowance for loading a model that is not loaded; 0 = 60 s (a 7B
	// model loads in about 13 s on a CPU, more from a cold disk).
	Load time.Duration
	// Slack multiplies the expected reading and writing time; 0 = 2.
	Slack float64
	// Floor is added to every wait for the first token; 0 = 20 s.
	Floor time.Duration
}

func (l Limits) withDefaults() Limits {
	if l.Idle == 0 {
		l.Idle = 30 * time.Second
	}
	if l.Load == 0 {
		l.Load = time.Minute
	}
	if l.Slack == 0 {
		l.Slack = 2
	}
	if l.Floor == 0 {
		l.Floor = 20 * time.Second
	}
	return l
}

// Plan is a call's time limits: the first token must come within first (loading the
// model and reading the prompt), the whole reply within total (then writing up to
// maxOut tokens). Between tokens, Idle applies.
func (l Limits) Plan(promptTokens, maxOut int, sp Speed, cold bool) (first, total time.Duration) {
	l = l.withDefaults()
	first = l.Floor + seconds(l.Slack*float64(promptTokens)/sp.Read)
	if cold {
		first += l.Load
	}
	return first, first + seconds(l.Slack*float64(maxOut)/sp.Write)
}

func seconds(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }
