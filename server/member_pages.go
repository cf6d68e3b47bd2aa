package server

import (
	"net/http"
	"strings"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// maxSimilar is how many similar problems the forms show.
const maxSimilar = 5

// minSimilarity is the least resemblance worth showing a proposer.
const minSimilarity = 0.15

// similarDrafts answers the submit and revise forms' question while a draft is typed: which problems
// are most like it. The answer is an HTML fragment; the forms show the same list on the preview.
func (s *Server) similarDrafts(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	list, err := s.similarTo(r, q.Get("title"), q.Get("statement"), q.Get("exclude"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	return ui.SimilarList(list).Render(r.Context(), w)
}

// similarTo returns the problems most like a draft, best first, leaving out exclude (the
// problem being revised) and those too unlike it to matter.
func (s *Server) similarTo(r *http.Request, title, statement, exclude string) ([]gates.Candidate, error) {
	title, statement = policy.Clip(title, policy.MaxTitle), policy.Clip(statement, policy.MaxStatement) // a draft longer than allowed is still searched
	if strings.TrimSpace(title+statement) == "" {
		return nil, nil
	}
	cands, err := s.similar.Similar(r.Context(), title, statement, exclude, maxSimilar)
	if err != nil {
		return nil, err
	}
	out := cands[:0]
	for _, c := range cands {
		if c.Similarity >= minSimilarity && !policy.StateWithheld(c.State) {
			out = append(out, c)
		}
	}
	return out, nil
}

// previewSimilar puts on a previewed form the problems most like its draft.
func (s *Server) previewSimilar(r *http.Request, f *ui.FormView) error {
	if !f.Preview {
		return nil
	}
	var err error
	f.Similar, err = s.similarTo(r, f.V("title"), f.V("statement"), f.ProblemID)
	return err
}

// suggestForm is the form of a suggested edit, filled from the current revision.
func (s *Server) suggestForm(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	v, err := s.reads.ViewProblem(r.Context(), viewer.From(r.Context()), r.PathValue("ref"), 0)
	if err != nil {
		return err
	}
	switch {
	case v.Can.Revise:
		action, err := s.reviseAction(r, v)
		if err != nil {
			return err
		}
		http.Redirect(w, r, action, http.StatusSeeOther)
		return nil
	case !v.Can.Suggest:
		return httpError{http.StatusConflict, v.ID + " can no longer be edited."}
	}
	f := revisionValues(v)
	f.Action, f.Suggest = "/p/"+v.ID+"/suggest", true
	s.render(w, r, http.StatusOK, page(r, "Suggest an edit to "+v.ID), ui.ProblemForm(f))
	return nil
}

// suggest records a suggested edit; the proposer sees it on the problem and decides.
func (s *Server) suggest(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	id, err := s.reads.ProblemID(r.Context(), r.PathValue("ref"))
	if err != nil {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	f := formView(r, "/p/"+id+"/suggest")
	f.ProblemID, f.Suggest = id, true
	draft := parseDraft(r.PostForm)
	if !draft.Saves() {
		f.Preview = draft.Preview
		if err := s.previewSimilar(r, &f); err != nil {
			return err
		}
		s.render(w, r, http.StatusOK, page(r, "Suggest an edit to "+id), ui.ProblemForm(f))
		return nil
	}
	in, ferrs := problemInput(f)
	var sid string
	if len(ferrs) == 0 {
		sg, serr := s.policy.SuggestEdit(r.Context(), viewer.From(r.Context()), id, draft.Note, in)
		if err = serr; err == nil {
			sid = sg.ID
		}
	}
	if len(ferrs) > 0 || addErrors(&f, err) {
		for k, v := range ferrs {
			f.Errors[k] = v
		}
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Suggest an edit to "+id), ui.ProblemForm(f))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/p/"+id+"/suggestions/"+sid, "Suggestion sent: the proposer accepts it as a revision or declines it, on the record.")
	return nil
}

// suggestionPage shows one suggested edit, with accept and decline for whoever may revise.
func (s *Server) suggestionPage(w http.ResponseWriter, r *http.Request) error {
	v, err := s.policy.ViewSuggestion(r.Context(), viewer.From(r.Context()), r.PathValue("ref"), r.PathValue("id"))
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Suggested edit to "+v.ProblemID), ui.SuggestionPage(*v))
	return nil
}

// settleSuggestion accepts or declines a suggestion (action "accept" or "decline").
func (s *Server) settleSuggestion(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	a, sid := viewer.From(r.Context()), r.PathValue("id")
	var err error
	msg := "Suggestion accepted: it is the problem's new revision, and its checks run now."
	switch r.PathValue("action") {
	case "accept":
		_, err = s.policy.AcceptSuggestion(r.Context(), a, sid)
	case "decline":
		_, err = s.policy.DeclineSuggestion(r.Context(), a, sid, parseNote(r.PostForm).Reason)
		msg = "Suggestion declined; your reason is on the record."
	default:
		return httpError{http.StatusNotFound, "There is no such page."}
	}
	back := "/p/" + r.PathValue("ref") + "/suggestions/" + sid
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, back, "Not recorded: "+fes[0].Message+".")
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, back, msg)
	return nil
}
