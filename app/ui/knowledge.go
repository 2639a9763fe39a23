package ui

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/knowledge/crawl"
)

// The Knowledge screen's verbs: what is ingested, per site; adding sources with progress;
// searching; forgetting (docs/knowledge.md).

// KnowledgeView is the Knowledge screen's list: the ingested sources, per site.
type KnowledgeView struct {
	Sites []KnowledgeSite `json:"sites"`
}

// KnowledgeSite is one site's sources, newest first.
type KnowledgeSite struct {
	Site    string            `json:"site"`
	Chunks  int               `json:"chunks"` // passages kept for the site
	Sources []KnowledgeSource `json:"sources"`
}

// KnowledgeSource is one ingested URL or file.
type KnowledgeSource struct {
	Source     string    `json:"source"` // the URL or the absolute path; Forget takes it
	Title      string    `json:"title"`
	Kind       string    `json:"kind"` // html, pdf, docx, markdown, text, json, csv
	Chunks     int       `json:"chunks"`
	IngestedAt time.Time `json:"ingestedAt"`
}

// Knowledge lists the ingested sources, per site.
func (b *Bridge) Knowledge() (KnowledgeView, error) {
	kb, err := b.d.knowledge(b.ctx)
	if err != nil {
		return KnowledgeView{}, err
	}
	srcs, err := kb.Sources(b.ctx, "")
	if err != nil {
		return KnowledgeView{}, fmt.Errorf("list the knowledge: %w", err)
	}
	return knowledgeView(srcs), nil
}

// knowledgeView groups sources (newest first) by site, sites by name.
func knowledgeView(srcs []knowledge.Source) KnowledgeView {
	v := KnowledgeView{Sites: []KnowledgeSite{}}
	at := map[string]int{}
	for _, s := range srcs {
		i, ok := at[s.Site]
		if !ok {
			i = len(v.Sites)
			at[s.Site] = i
			v.Sites = append(v.Sites, KnowledgeSite{Site: s.Site, Sources: []KnowledgeSource{}})
		}
		site := &v.Sites[i]
		site.Chunks += s.Chunks
		site.Sources = append(site.Sources, KnowledgeSource{Source: s.Location, Title: s.Title, Kind: s.Kind,
			Chunks: s.Chunks, IngestedAt: s.IngestedAt})
	}
	sortSites(v.Sites, func(s KnowledgeSite) string { return s.Site })
	return v
}

// sortSites orders a screen's sites by name.
func sortSites[T any](sites []T, name func(T) string) {
	slices.SortFunc(sites, func(a, b T) int { return cmp.Compare(name(a), name(b)) })
}

// AddSources is what the Knowledge screen's form sends.
type AddSources struct {
	// Sources are web addresses (a bare host gets https://, or http:// on loopback) and
	// full paths of files or folders (~/ is the home folder).
	Sources  []string `json:"sources"`
	Strategy string   `json:"strategy"` // for web addresses: single (the default), sitemap or spider
	MaxDepth int      `json:"maxDepth"` // spider link hops; 0 = 2
	MaxPages int      `json:"maxPages"` // pages per address at most; 0 = 100
	// Live reads each web address in the browser, as a person sees it, and what its tabs,
	// accordions and "show more" buttons reveal (docs/knowledge.md); files and crawls are
	// refused with it.
	Live bool `json:"live"`
}

// Limits on what one form may ask for: a typo of an extra zero must not start a crawl of
// a whole site.
const (
	maxDepthLimit = 10
	maxPagesLimit = 5000
)

// EventIngestProgress is the Bridge's event for sources being added.
const EventIngestProgress agent.EventType = "ingestProgress"

// IngestProgress is the payload of an ingestProgress event: one of knowledge's progress
// events (docs/knowledge.md) for the ingestion IngestID, and last the stage "ended".
type IngestProgress struct {
	Type     agent.EventType `json:"type"` // always "ingestProgress"
	IngestID string          `json:"ingestId"`
	// Index is the event's place in its ingestion, from 1: a screen that drew an
	// ingestion's events so far (Ingests) skips the ones it has.
	Index  int         `json:"index,omitempty"`
	Stage  IngestStage `json:"stage"`
	Source string      `json:"source,omitempty"` // the URL or path (stage error: "embedding" for the vectors)
	Title  string      `json:"title,omitempty"`
	Kind   string      `json:"kind,omitempty"`
	Chunks int         `json:"chunks,omitempty"` // stored: the source's passages; done, ended: all of them
	Reason string      `json:"reason,omitempty"` // skipped: why
	Error  string      `json:"error,omitempty"`  // error: what went wrong with Source; ended: why it stopped
	Model  string      `json:"model,omitempty"`  // embedding: the embedding model
	// Trigger is the press that revealed what was stored (stage stored, when reading in the
	// browser), or the press under way (stage press): "after clicking tab Annual".
	Trigger string `json:"trigger,omitempty"`
	// Pressed of Presses disclosure controls of the page have been pressed (stage press).
	Pressed int `json:"pressed,omitempty"`
	Presses int `json:"presses,omitempty"`
	// Embedded of ToEmbed passages have vectors (stage embedding).
	Embedded int `json:"embedded,omitempty"`
	ToEmbed  int `json:"toEmbed,omitempty"`
	// The totals (stages done and ended).
	Stored    int  `json:"stored,omitempty"`
	Skipped   int  `json:"skipped,omitempty"`
	Failed    int  `json:"failed,omitempty"`
	Cancelled bool `json:"cancelled,omitempty"` // ended: stopped by CancelIngest or the app closing
}

// IngestStage is what an ingestProgress event reports: knowledge's progress events
// (knowledge/progress.go; literals, so frontend/eventsgen can read them, and a test keeps
// them equal), then the Bridge's own end.
type IngestStage string

const (
	StageStart     IngestStage = "start"     // a source (or a crawl) begins
	StagePress     IngestStage = "press"     // reading in the browser: a tab, accordion or "show more" is pressed
	StageStored    IngestStage = "stored"    // a page or file was read and its passages stored
	StageSkipped   IngestStage = "skipped"   // unchanged since the last time, or refused by robots.txt
	StageError     IngestStage = "error"     // one source failed, the others go on
	StageDone      IngestStage = "done"      // the reading ended, with the totals
	StageEmbedding IngestStage = "embedding" // passages being given vectors
	StageEnded     IngestStage = "ended"     // everything stopped: the last event
)

func ingestEvent(id string, p knowledge.Progress) IngestProgress {
	ev := IngestProgress{Type: EventIngestProgress, IngestID: id, Stage: IngestStage(p.Type), Source: p.Source, Title: p.Title,
		Kind: p.Kind, Chunks: p.Chunks, Reason: p.Reason, Error: p.Error, Model: p.Model, Trigger: p.Trigger,
		Stored: p.Stored, Skipped: p.Skipped, Failed: p.Failed}
	if p.Type == knowledge.EventPress {
		ev.Pressed, ev.Presses = p.Done, p.Total
	} else {
		ev.Embedded, ev.ToEmbed = p.Done, p.Total
	}
	return ev
}

// AddSources starts reading sources into the knowledge base and returns the ingestion's
// id at once; ingestProgress events follow, the last with stage "ended". A source that
// fails is an error event naming it, and the others go on; input that names no source at
// all is refused before anything starts.
func (b *Bridge) AddSources(req AddSources) (string, error) {
	opts, srcs, err := b.ingestRequest(req)
	if err != nil {
		return "", err
	}
	read := func(ctx context.Context, progress knowledge.ProgressFunc) (knowledge.Progress, error) {
		return b.d.ingest(ctx, srcs, opts, progress)
	}
	if req.Live {
		read = func(ctx context.Context, progress knowledge.ProgressFunc) (knowledge.Progress, error) {
			return b.ingestLive(ctx, srcs, opts, progress)
		}
	}
	return b.startIngest(srcs, req.Live, read)
}

func (b *Bridge) ingestRequest(req AddSources) (knowledge.IngestOptions, []string, error) {
	var srcs []string
	for _, s := range req.Sources {
		src, err := sourceOf(s, b.d.home)
		if err != nil {
			return knowledge.IngestOptions{}, nil, err
		}
		if src != "" && !slices.Contains(srcs, src) {
			srcs = append(srcs, src)
		}
	}
	if len(srcs) == 0 {
		return knowledge.IngestOptions{}, nil, errors.New("add what? give a web address or the full path of a file or folder")
	}
	strat, err := crawl.ParseStrategy(strings.TrimSpace(req.Strategy))
	if err != nil {
		return knowledge.IngestOptions{}, nil, err
	}
	if req.Live {
		if err := liveSources(srcs, strat); err != nil {
			return knowledge.IngestOptions{}, nil, err
		}
	}
	if req.MaxDepth < 0 || req.MaxDepth > maxDepthLimit {
		return knowledge.IngestOptions{}, nil, fmt.Errorf("max depth %d: give 1 to %d link hops (0 = 2)", req.MaxDepth, maxDepthLimit)
	}
	if req.MaxPages < 0 || req.MaxPages > maxPagesLimit {
		return knowledge.IngestOptions{}, nil, fmt.Errorf("max pages %d: give 1 to %d (0 = 100)", req.MaxPages, maxPagesLimit)
	}
	return knowledge.IngestOptions{Strategy: strat, MaxDepth: req.MaxDepth, MaxPages: req.MaxPages}, srcs, nil
}

// liveSources refuses what reading in the browser cannot do: it reads the web pages
// given, one at a time; files and crawls are read without it.
func liveSources(srcs []string, strat crawl.Strategy) error {
	if strat != crawl.Single {
		return fmt.Errorf("reading from the browser reads the pages given: choose %q, or read the site without the browser", "Only this page")
	}
	for _, s := range srcs {
		if !strings.Contains(s, "://") {
			return fmt.Errorf("reading from the browser reads web pages: %s is a file; add it without the browser", s)
		}
	}
	return nil
}

// ingest is the body of an ingestion's goroutine. It always ends with an "ended" event.
func (b *Bridge) ingest(ctx context.Context, r *ingestRun, read func(context.Context, knowledge.ProgressFunc) (knowledge.Progress, error)) {
	var (
		total knowledge.Progress
		err   error
	)
	id := r.run.IngestID
	defer func() {
		cancelled := ctx.Err() != nil
		r.cancel()
		end := IngestProgress{Type: EventIngestProgress, IngestID: id, Stage: StageEnded, Chunks: total.Chunks,
			Stored: total.Stored, Skipped: total.Skipped, Failed: total.Failed, Cancelled: cancelled}
		if err != nil && !(cancelled && errors.Is(err, context.Canceled)) {
			end.Error = err.Error()
		}
		// The end is kept before the run goes: a screen that asks in between replays it.
		r.emit(b, end)
		b.mu.Lock()
		delete(b.ingesting, id)
		b.mu.Unlock()
	}()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	total, err = read(ctx, func(p knowledge.Progress) { r.emit(b, ingestEvent(id, p)) })
}

// CancelIngest stops an ingestion; what it stored so far stays. An ingestion that has
// ended already is no error: Stop may be pressed just as it ends.
func (b *Bridge) CancelIngest(id string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if r, ok := b.ingesting[id]; ok {
		r.cancel()
	}
	return nil
}

// sourceOf reads one line of the form: "" for a blank one, a URL for a web address, a
// clean absolute path for a file or folder. A relative path is refused: the app's working
// folder means nothing to the person typing it.
func sourceOf(s string, home func() (string, error)) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", nil
	case strings.HasPrefix(s, "file://"):
		u, err := url.Parse(s)
		if err != nil || u.Path == "" {
			return "", fmt.Errorf("%q: not a file address", s)
		}
		return filepath.Clean(filepath.FromSlash(u.Path)), nil
	case strings.Contains(s, "://"):
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", fmt.Errorf("%q: only http and https addresses can be read", s)
		}
		return s, nil
	case s == "~" || strings.HasPrefix(s, "~/") || strings.HasPrefix(s, `~\`):
		dir, err := home()
		if err != nil {
			return "", fmt.Errorf("%q: no home folder: %w", s, err)
		}
		return filepath.Join(dir, s[1:]), nil
	case filepath.IsAbs(s):
		return filepath.Clean(s), nil
	case looksLikeHost(s):
		return normalizeURL(s), nil
	}
	return "", fmt.Errorf("%q is neither a web address nor a full path: write https://… or a path from / (or ~/)", s)
}

// looksLikeHost says whether s starts with a host name: "example.com/help",
// "localhost:8080", "127.0.0.1". "docs/help.md" does not: its first part has no dot.
func looksLikeHost(s string) bool {
	host := s
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if strings.ContainsAny(host, ` \`) || host == "" {
		return false
	}
	name := host
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[:i]
	}
	if name == "localhost" {
		return true
	}
	i := strings.LastIndexByte(name, '.')
	return i > 0 && i < len(name)-1
}

// Passage is one search result.
type Passage struct {
	Text    string  `json:"text"`   // the chunk as stored (Markdown)
	Source  string  `json:"source"` // URL or path
	Title   string  `json:"title,omitempty"`
	Heading string  `json:"heading"` // heading path, "A > B"
	Page    int     `json:"page,omitempty"`
	Trigger string  `json:"trigger,omitempty"` // the interaction that revealed it
	Score   float64 `json:"score"`
}

// searchPassages is how many passages a search shows.
const searchPassages = 5

// Search returns the passages that answer question, best first, from site's knowledge
// ("" = every site's).
func (b *Bridge) Search(question, site string) ([]Passage, error) {
	question = strings.TrimSpace(question)
	if question == "" {
		return nil, errors.New("ask something: the question is empty")
	}
	kb, err := b.d.knowledge(b.ctx)
	if err != nil {
		return nil, err
	}
	ps, err := kb.Retrieve(b.ctx, strings.TrimSpace(site), question, searchPassages)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	out := make([]Passage, len(ps))
	for i, p := range ps {
		out[i] = Passage{Text: p.Text, Source: p.Source, Title: p.Title, Heading: p.Heading, Page: p.Page,
			Trigger: p.Trigger, Score: p.Score}
	}
	return out, nil
}

// ForgetKnowledge deletes a source (its URL or path, as listed) or a whole site, with its
// passages and vectors, and returns how many passages went.
func (b *Bridge) ForgetKnowledge(target string) (int, error) {
	target = strings.TrimSpace(target)
	if target == "" {
		return 0, errors.New("forget what? name a source or a site")
	}
	kb, err := b.d.knowledge(b.ctx)
	if err != nil {
		return 0, err
	}
	n, err := kb.Forget(b.ctx, target)
	if errors.Is(err, knowledge.ErrNotFound) {
		return 0, fmt.Errorf("%w: no source or site %q is stored (forgotten already?)", ErrNotFound, target)
	}
	return n, err
}
