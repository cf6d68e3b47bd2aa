package server

import (
	"net/http"
	"strconv"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/ui/hero"
	"github.com/theoremdb/theoremdb/viewer"
)

// appealsPath is the operators' appeals queue.
const appealsPath = "/admin/appeals"

// setRegisterStatus changes the status of a lane's register entry from /admin/lanes, keeping
// its other fields.
func (s *Server) setRegisterStatus(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	a := viewer.From(r.Context())
	reg, err := s.policy.LaneRegister(r.Context(), a)
	if err != nil {
		return err
	}
	id := r.PathValue("lane")
	for _, e := range reg {
		if e.LaneID != id {
			continue
		}
		e.Status = r.PostForm.Get("status")
		_, err := s.policy.SetLaneRegisterEntry(r.Context(), a, e)
		if fes := policy.FieldErrors(err); fes != nil {
			redirectWith(w, r, lanesPath, "Not changed: "+fes[0].Message)
			return nil
		}
		if err != nil {
			return err
		}
		redirectWith(w, r, lanesPath, "The register entry of "+e.Identity+" is "+e.Status+" now.")
		return nil
	}
	return policy.ErrNotFound
}

// appealsQueue is /admin/appeals: the appeals, open ones first, each with the form that answers it.
func (s *Server) appealsQueue(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	as, err := s.policy.Appeals(r.Context(), viewer.From(r.Context()), 200)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Appeals"), ui.AppealsPage(ui.AppealsView{Appeals: as, Checks: policy.CheckIDs()}))
	return nil
}

// resolveAppeal answers one appeal from the queue's form.
func (s *Server) resolveAppeal(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	f := parseAppealAnswer(r.PostForm)
	v, err := s.policy.ResolveAppeal(r.Context(), viewer.From(r.Context()), policy.ResolveAppealInput{AppealID: r.PathValue("id"),
		Upheld: f.Upheld, Resolution: f.Resolution, Check: f.Check, Proposed: f.Proposed})
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, appealsPath, "Not answered: "+fes[0].Message)
		return nil
	}
	if err != nil {
		return err
	}
	msg := "The appeal on " + v.ProblemID + " is " + v.State + "."
	if v.CriterionChangeID != "" {
		msg += " A new version of the criterion is proposed on " + criteriaPath + "."
	}
	redirectWith(w, r, appealsPath, msg)
	return nil
}

// criteriaPath is the public page of the versioned criteria.
const criteriaPath = "/quality/criteria"

// criteriaPage is /quality/criteria: the versioned criteria, what changed and why (public);
// operators, the owners of the criteria, get the form that adopts or declines a proposal.
func (s *Server) criteriaPage(w http.ResponseWriter, r *http.Request) error {
	cs, err := s.policy.CriterionChanges(r.Context(), 200)
	if err != nil {
		return err
	}
	v := ui.CriteriaView{Changes: cs, CanDecide: policy.CanStaff(viewer.From(r.Context()))}
	s.render(w, r, http.StatusOK, page(r, "Versioned criteria"), ui.CriteriaPage(v))
	return nil
}

// decideCriterion adopts or declines a proposed criterion from the page's form (operators).
func (s *Server) decideCriterion(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	f := parseCriterionDecision(r.PostForm)
	c, err := s.policy.DecideCriterion(r.Context(), viewer.From(r.Context()), r.PathValue("id"), f.Adopt, f.Reason)
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, criteriaPath, "Not decided: "+fes[0].Message)
		return nil
	}
	if err != nil {
		return err
	}
	msg := "Version " + strconv.Itoa(c.Version) + " of " + c.Check + " is declined; the criterion in force stays."
	if f.Adopt {
		msg = "Version " + strconv.Itoa(c.Version) + " of " + c.Check + " is adopted for problems submitted from now on."
	}
	redirectWith(w, r, criteriaPath, msg)
	return nil
}

// goldReviewPage shows a blind gold item of the reviewer's queue on the review page, as an
// ordinary item; done is false when the address names none.
func (s *Server) goldReviewPage(w http.ResponseWriter, r *http.Request) (done bool, err error) {
	gv, err := s.policy.GoldProblemView(r.Context(), viewer.From(r.Context()), r.PathValue("ref"))
	if err != nil || gv == nil {
		return false, err
	}
	hv := hero.Draw(hero.Input{ID: gv.ID, Title: gv.Title, Kind: gv.Revision.Acceptance.Kind, Tags: gv.Revision.Tags})
	pv := ui.ProblemView{P: gv, Tab: "problem", Signed: true, Blind: true, Hero: ui.Hero{SVG: hv.SVG, Caption: hv.Caption}}
	req := map[string][]string{}
	for a, fields := range policy.RequiredFields {
		req[string(a)] = fields
	}
	d := ui.DecisionView{Problem: pv, Values: map[string]string{}, Errors: map[string]string{},
		IdempotencyKey: policy.NewIdempotencyKey("web:"), RevisionID: gv.Revision.ID, Required: req}
	s.render(w, r, http.StatusOK, page(r, "Review "+gv.ID), ui.ReviewPage(d))
	return true, nil
}

// goldDecide records a reviewer's decision on a blind gold item of their queue; done is false
// when the address names none.
func (s *Server) goldDecide(w http.ResponseWriter, r *http.Request) (done bool, err error) {
	if err := parseForm(r); err != nil {
		return true, err
	}
	action := r.PostForm.Get("action")
	ok, err := s.policy.RecordGoldDecision(r.Context(), viewer.From(r.Context()), r.PathValue("ref"), action)
	if !ok {
		return false, err
	}
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, "/review/"+r.PathValue("ref"), fes[0].Message)
		return true, nil
	}
	if err != nil {
		return true, err
	}
	redirectWith(w, r, "/review", "Decision recorded: "+ui.Words(action)+".")
	return true, nil
}
