package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// checkStore is what the pages of people's checks read and write;
// *corpus.Service satisfies it.
type checkStore interface {
	PeopleChecks(ctx context.Context, a *viewer.Account, first int, after string) (*corpus.CheckPage, error)
	PeopleCheck(ctx context.Context, a *viewer.Account, id string) (*corpus.Check, error)
	ConfirmCheck(ctx context.Context, a *viewer.Account, in corpus.CheckInput) (*corpus.Check, error)
	TasksFor(ctx context.Context, a *viewer.Account, limit int) ([]corpus.Task, error)
	CloseTaskAs(ctx context.Context, a *viewer.Account, id, note string) (*corpus.Task, error)
}

var _ checkStore = (*corpus.Service)(nil)

// checksQueue is /corpus/checks: the reviewer's people's checks, and the
// jobs machine checks left for people beside them.
func (s *Server) checksQueue(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	v, err := s.checksView(r)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "People's checks"), ui.ChecksPage(*v))
	return nil
}

func (s *Server) checksView(r *http.Request) (*ui.ChecksView, error) {
	a := viewer.From(r.Context())
	p, err := s.checks.PeopleChecks(r.Context(), a, corpus.MaxPage/2, r.URL.Query().Get("after"))
	if errors.Is(err, corpus.ErrBadCursor) {
		return nil, httpError{http.StatusBadRequest, "That page of checks is not one this site gave out."}
	}
	if err != nil {
		return nil, err
	}
	tasks, err := s.checks.TasksFor(r.Context(), a, 100)
	if err != nil {
		return nil, err
	}
	v := &ui.ChecksView{Checks: p.Checks, Tasks: tasks, Errors: map[string]string{}}
	if p.HasNext {
		v.Next = "/corpus/checks?after=" + p.EndCursor
	}
	return v, nil
}

// checkPage is /corpus/checks/{id}: one packet, blind.
func (s *Server) checkPage(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	return s.renderCheck(w, r, http.StatusOK, "")
}

func (s *Server) renderCheck(w http.ResponseWriter, r *http.Request, status int, msg string) error {
	c, err := s.checks.PeopleCheck(r.Context(), viewer.From(r.Context()), r.PathValue("id"))
	if errors.Is(err, corpus.ErrSelfConfirmation) {
		return httpError{http.StatusForbidden, "You wrote this node; another reviewer checks it."}
	}
	if err != nil {
		return err
	}
	n, err := s.corpus.Node(r.Context(), c.Node.ID)
	if err != nil {
		return err
	}
	s.render(w, r, status, page(r, "Check "+c.ID), ui.CheckPage(ui.CheckView{Check: c, Started: s.policy.Now().Unix(),
		Error: msg, Level: n.Level}))
	return nil
}

// confirmCheck records the sections checked on a packet's page, each on
// its own; the time taken runs from when the page was rendered.
func (s *Server) confirmCheck(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	id, f := r.PathValue("id"), r.PostForm
	in := corpus.CheckInput{Check: id, Sections: f["section"]}
	in.Revision, _ = strconv.Atoi(f.Get("revision"))
	if started, err := strconv.ParseInt(f.Get("started"), 10, 64); err == nil {
		in.Seconds = int(s.policy.Now().Sub(time.Unix(started, 0)).Seconds())
	}
	_, err := s.checks.ConfirmCheck(r.Context(), viewer.From(r.Context()), in)
	switch {
	case errors.Is(err, corpus.ErrConfirmation), errors.Is(err, corpus.ErrStaleCheck):
		return s.renderCheck(w, r, http.StatusUnprocessableEntity, err.Error())
	case errors.Is(err, corpus.ErrSelfConfirmation):
		return httpError{http.StatusForbidden, "You wrote this node; another reviewer checks it."}
	case err != nil:
		return err
	}
	redirectWith(w, r, "/corpus/checks/"+id, "Recorded "+ui.Plural(len(in.Sections), "section")+".")
	return nil
}

// closeTask closes a job of the queue for people with what was found.
func (s *Server) closeTask(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	id := r.PathValue("id")
	_, err := s.checks.CloseTaskAs(r.Context(), viewer.From(r.Context()), id, strings.TrimSpace(r.PostForm.Get("note")))
	if errors.Is(err, corpus.ErrConfirmation) {
		v, verr := s.checksView(r)
		if verr != nil {
			return verr
		}
		v.Errors[id] = err.Error()
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "People's checks"), ui.ChecksPage(*v))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/corpus/checks", "The job is closed.")
	return nil
}
