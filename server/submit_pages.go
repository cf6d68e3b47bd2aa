package server

import (
	"net/http"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

func (s *Server) submitForm(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	f := ui.FormView{Action: "/submit", Values: map[string]string{
		"acceptance.kind": "PROOF", "provenance.kind": "ORIGINAL",
		"referenceSearch.checkedOn": s.policy.Now().Format("2006-01-02"),
	}, Errors: map[string]string{}, Exposition: startExposition, References: startReferences}
	s.render(w, r, http.StatusOK, page(r, "Submit a problem"), ui.ProblemForm(f))
	return nil
}

// submit handles the form: "add a row" and "preview" come back to the form
// with everything kept; a refusal shows every field error inline.
func (s *Server) submit(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	f := formView(r, "/submit")
	draft := parseDraft(r.PostForm)
	if !draft.Saves() {
		f.Preview = draft.Preview
		if err := s.previewSimilar(r, &f); err != nil {
			return err
		}
		s.render(w, r, http.StatusOK, page(r, "Submit a problem"), ui.ProblemForm(f))
		return nil
	}
	in, ferrs := problemInput(f)
	var (
		id       string
		deadline time.Time
		err      error
	)
	if len(ferrs) == 0 {
		p, serr := s.policy.Submit(r.Context(), viewer.From(r.Context()), in)
		if err = serr; err == nil {
			id, deadline = p.ID, p.Deadline
		}
	}
	if len(ferrs) > 0 || addErrors(&f, err) {
		for k, v := range ferrs {
			f.Errors[k] = v
		}
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Submit a problem"), ui.ProblemForm(f))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/p/"+id+"?tab=checks", "Submitted as "+id+". Its challenge period ends "+ui.When(deadline)+
		". The checks below run now; each finding says what to change.")
	return nil
}

func (s *Server) reviseForm(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	v, err := s.reads.ViewProblem(r.Context(), viewer.From(r.Context()), r.PathValue("ref"), 0)
	if err != nil {
		return err
	}
	action, err := s.reviseAction(r, v)
	if err != nil {
		return err
	}
	if action != r.URL.Path {
		http.Redirect(w, r, action, http.StatusSeeOther)
		return nil
	}
	f := revisionValues(v)
	f.Action, f.Operator = action, onConsole(action)
	s.render(w, r, http.StatusOK, page(r, "Revise "+v.ID), ui.ProblemForm(f))
	return nil
}

// reviseAction is where the viewer of v revises it: the problem's own revise path for its
// proposer, the staff console for an operator applying a revision to an imported problem whose
// source account is not here. The console's path serves nothing else.
func (s *Server) reviseAction(r *http.Request, v *policy.ProblemView) (string, error) {
	if v.Can.ReviseOnConsole {
		return "/admin/revise/" + v.ID, nil
	}
	if onConsole(r.URL.Path) {
		// The console revises imported problems only, for operators; everyone else's problem
		// is its proposer's to revise.
		return "", policy.ErrForbidden
	}
	return "/p/" + v.ID + "/revise", nil
}

func onConsole(path string) bool { return strings.HasPrefix(path, "/admin/") }

// consoleRevise opens the operator's revision form for the problem the console's form names.
func (s *Server) consoleRevise(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if !policy.CanStaff(viewer.From(r.Context())) {
		return policy.ErrForbidden
	}
	id, err := s.reads.ProblemID(r.Context(), strings.TrimSpace(r.URL.Query().Get("problem")))
	if err != nil {
		return err
	}
	http.Redirect(w, r, "/admin/revise/"+id, http.StatusSeeOther)
	return nil
}

func (s *Server) revise(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	v, err := s.reads.ViewProblem(r.Context(), viewer.From(r.Context()), r.PathValue("ref"), 0)
	if err != nil {
		return err
	}
	id := v.ID
	action, err := s.reviseAction(r, v)
	if err != nil {
		return err
	}
	if action != r.URL.Path {
		redirectWith(w, r, action, "An operator applies a revision for an imported problem on the staff console; nothing was saved yet.")
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	f := formView(r, action)
	f.Revise, f.ProblemID, f.Operator = true, id, onConsole(action)
	draft := parseDraft(r.PostForm)
	if !draft.Saves() {
		f.Preview = draft.Preview
		if err := s.previewSimilar(r, &f); err != nil {
			return err
		}
		s.render(w, r, http.StatusOK, page(r, "Revise "+id), ui.ProblemForm(f))
		return nil
	}
	in, ferrs := problemInput(f)
	if len(ferrs) == 0 {
		revise := s.policy.Revise
		if onConsole(action) {
			revise = s.policy.ReviseOnConsole
		}
		_, _, err = revise(r.Context(), viewer.From(r.Context()), id, draft.Note, in)
	}
	if len(ferrs) > 0 || addErrors(&f, err) {
		for k, v := range ferrs {
			f.Errors[k] = v
		}
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Revise "+id), ui.ProblemForm(f))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/p/"+id+"?tab=checks", "Revision saved. The checks below run on it now.")
	return nil
}
