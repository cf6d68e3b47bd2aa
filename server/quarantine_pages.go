package server

import (
	"errors"
	"net/http"
	"strings"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// reports is /reports: the open reader reports, for reviewers and auditors.
func (s *Server) reports(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	rs, err := s.audits.ReportsFor(r.Context(), viewer.From(r.Context()), corpus.MaxPage)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Reader reports"), ui.ReportsPage(ui.ReportsView{Reports: rs}))
	return nil
}

// decideReport confirms or dismisses a report from the queue.
func (s *Server) decideReport(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	action := r.PathValue("action")
	if action != "confirm" && action != "dismiss" {
		return policy.ErrNotFound
	}
	err := s.audits.DecideReport(r.Context(), viewer.From(r.Context()), r.PathValue("id"), action == "confirm")
	if errors.Is(err, corpus.ErrAudit) {
		redirectWith(w, r, "/reports", err.Error())
		return nil
	}
	if err != nil {
		return err
	}
	msg := "Dismissed."
	if action == "confirm" {
		msg = "Confirmed: the report counts in its stratum's rate and the node's level is recomputed."
	}
	redirectWith(w, r, "/reports", msg)
	return nil
}

// stops is /quality/stops: every configuration stop with what it holds.
func (s *Server) stops(w http.ResponseWriter, r *http.Request) error {
	return s.renderStops(w, r, http.StatusOK, map[string]string{})
}

func (s *Server) renderStops(w http.ResponseWriter, r *http.Request, status int, errs map[string]string) error {
	vs, err := s.audits.Stops(r.Context(), corpus.MaxPage)
	if err != nil {
		return err
	}
	a := viewer.From(r.Context())
	s.render(w, r, status, page(r, "Stopped configurations"), ui.StopsPage(ui.StopsView{Stops: vs,
		CanDecide: policy.CanReview(a), CanLift: policy.CanStaff(a), Errors: errs}))
	return nil
}

// decideQuarantine records a reviewer's decision on one held node.
func (s *Server) decideQuarantine(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	node := r.PathValue("node")
	res := r.PostForm.Get("resolution")
	_, err := s.audits.DecideQuarantine(r.Context(), viewer.From(r.Context()), corpus.QuarantineDecision{Node: node,
		Resolution: res, Successor: strings.TrimSpace(r.PostForm.Get("successor"))})
	to := "/quality/stops#" + r.PathValue("id")
	if errors.Is(err, corpus.ErrQuarantine) {
		redirectWith(w, r, to, err.Error())
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, to, node+": "+strings.ToLower(res)+" recorded.")
	return nil
}

// liftStop lifts a stop at an operator's word; a refusal shows beside the
// form.
func (s *Server) liftStop(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	id := r.PathValue("id")
	_, err := s.audits.LiftStop(r.Context(), viewer.From(r.Context()), id, r.PostForm.Get("reason"))
	if errors.Is(err, corpus.ErrQuarantine) {
		return s.renderStops(w, r, http.StatusUnprocessableEntity, map[string]string{id: err.Error()})
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/quality/stops#"+id, "Lifted: the configuration may open change requests again.")
	return nil
}
