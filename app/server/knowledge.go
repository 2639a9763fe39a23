package server

import (
	"net/http"
	"strconv"

	"github.com/errand-app/errand/app/ui"
)

// knowledgeRoutes map the Knowledge and Skills screens' verbs (app/ui/knowledge.go,
// app/ui/skills.go); adding sources answers 202 with the ingestion's id, and its progress
// arrives on the event stream.
func (s *Server) knowledgeRoutes(api *http.ServeMux, b *ui.Bridge) {
	api.HandleFunc("GET /api/ui/knowledge", func(w http.ResponseWriter, r *http.Request) {
		v, err := b.Knowledge()
		s.read(w, v, err)
	})
	api.HandleFunc("POST /api/ui/knowledge/sources", func(w http.ResponseWriter, r *http.Request) {
		var in ui.AddSources
		if !s.body(w, r, &in) {
			return
		}
		id, err := b.AddSources(in)
		if err != nil {
			s.reply(w, nil, err)
			return
		}
		writeJSON(w, http.StatusAccepted, map[string]string{"ingestId": id})
	})
	// The ingestions under way, with their events so far: a screen opened during one
	// draws it, then follows its events.
	api.HandleFunc("GET /api/ui/knowledge/ingests", func(w http.ResponseWriter, r *http.Request) {
		s.read(w, b.Ingests(), nil)
	})
	api.HandleFunc("POST /api/ui/knowledge/ingests/{id}/cancel", func(w http.ResponseWriter, r *http.Request) {
		s.reply(w, nil, b.CancelIngest(r.PathValue("id")))
	})
	api.HandleFunc("POST /api/ui/knowledge/search", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Question, Site string }
		if s.body(w, r, &in) {
			ps, err := b.Search(in.Question, in.Site)
			s.reply(w, ps, err)
		}
	})
	api.HandleFunc("POST /api/ui/knowledge/forget", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Target string }
		if s.body(w, r, &in) {
			n, err := b.ForgetKnowledge(in.Target)
			s.reply(w, map[string]int{"chunks": n}, err)
		}
	})
	api.HandleFunc("GET /api/ui/skills", func(w http.ResponseWriter, r *http.Request) {
		v, err := b.Skills()
		s.read(w, v, err)
	})
	api.HandleFunc("DELETE /api/ui/skills/{id}", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := s.id(w, r); ok {
			s.reply(w, nil, b.ForgetSkill(id))
		}
	})
	api.HandleFunc("POST /api/ui/skills/forget", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Site string }
		if s.body(w, r, &in) {
			n, err := b.ForgetSkills(in.Site)
			s.reply(w, map[string]int{"forgotten": n}, err)
		}
	})
	api.HandleFunc("DELETE /api/ui/replays/{id}", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := s.id(w, r); ok {
			s.reply(w, nil, b.ForgetReplay(id))
		}
	})
	api.HandleFunc("POST /api/ui/replays/forget", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Site string }
		if s.body(w, r, &in) {
			n, err := b.ForgetReplays(in.Site)
			s.reply(w, map[string]int{"forgotten": n}, err)
		}
	})
}

// id reads the {id} of a path, answering 400 itself when it is not a number.
func (s *Server) id(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		writeJSON(w, http.StatusBadRequest, uiError{"not an id: " + r.PathValue("id")})
		return 0, false
	}
	return id, true
}
