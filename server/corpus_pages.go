package server

import (
	"context"
	"net/http"
	"strconv"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ui"
)

// corpusReads are the corpus views the pages show; *corpus.Service
// satisfies it.
type corpusReads interface {
	Node(ctx context.Context, ref string) (*corpus.NodeView, error)
	Closure(ctx context.Context, ref string) (*corpus.Closure, error)
	Nodes(ctx context.Context, search string, first int, after string) (*corpus.NodePage, error)
	OpenChangeRequests(ctx context.Context, limit int) ([]*corpus.ChangeRequestView, error)
	CitationsOfProblem(ctx context.Context, id string) ([]corpus.Citation, error)
	JudgeMeasures(ctx context.Context) ([]corpus.JudgeMeasure, error)
	CanaryWeeks(ctx context.Context) ([]corpus.CanaryWeek, error)
}

var _ corpusReads = (*corpus.Service)(nil)

// nodePage is /n/{ref}: a corpus node by N-<n> or label, its statement or
// proof, sources, edges, closure, history and the request that merged it.
// A label leads to the permanent ID.
func (s *Server) nodePage(w http.ResponseWriter, r *http.Request) error {
	ref := r.PathValue("ref")
	v, err := s.corpus.Node(r.Context(), ref)
	if err != nil {
		return err
	}
	if v.ID != ref {
		http.Redirect(w, r, "/n/"+v.ID, http.StatusMovedPermanently)
		return nil
	}
	cl, err := s.corpus.Closure(r.Context(), v.ID)
	if err != nil {
		return err
	}
	mark, err := s.audits.Quarantined(r.Context(), v.ID)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, v.ID+": "+v.Title), ui.QuarantinedNode(mark, ui.NodePage(v, cl)))
	return nil
}

// corpusList is /corpus: the nodes in the order of their numbers, searched
// by title and label.
func (s *Server) corpusList(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	p, err := s.corpus.Nodes(r.Context(), q.Get("q"), corpus.MaxPage, q.Get("after"))
	if err != nil {
		return err
	}
	next := ""
	if p.HasNextPage {
		next = "/corpus?after=" + p.EndCursor
		if q.Get("q") != "" {
			next += "&q=" + q.Get("q")
		}
	}
	s.render(w, r, http.StatusOK, page(r, "Corpus"), ui.CorpusPage(p, q.Get("q"), next))
	return nil
}

// changes is /changes: the open change requests with their gate results.
func (s *Server) changes(w http.ResponseWriter, r *http.Request) error {
	limit := 100
	if n, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && n > 0 && n < limit {
		limit = n
	}
	crs, err := s.corpus.OpenChangeRequests(r.Context(), limit)
	if err != nil {
		return err
	}
	if r.URL.Query().Get("fragment") == "1" { // the list alone, for the page's live refresh
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		return ui.ChangeRequestList(crs).Render(r.Context(), w)
	}
	pg := page(r, "Open change requests")
	s.render(w, r, http.StatusOK, pg, ui.ChangesPage(crs, pg.Nonce))
	return nil
}
