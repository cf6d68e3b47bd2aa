package server

import (
	"github.com/a-h/templ"

	"net/http"
	"time"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// laneReport is /admin/lanes/report?since=DATE&until=DATE: each lane's calls, failures,
// agreement with the human decisions that followed, escalations and accuracy on blind gold over
// the period (the last 30 days by default), for operators.
func (s *Server) laneReport(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	q := r.URL.Query()
	form := ui.LaneReportForm{Since: q.Get("since"), Until: q.Get("until")}
	since, until, err := policy.ReportPeriod(form.Since, form.Until, s.policy.Now())
	if fes := policy.FieldErrors(err); len(fes) > 0 {
		form.Error = "Not shown: " + fes[0].Message + "."
		s.render(w, r, http.StatusBadRequest, page(r, "Lane report"), ui.LaneReport(nil, form))
		return nil
	}
	if err != nil {
		return err
	}
	rep, err := s.policy.LaneReport(r.Context(), viewer.From(r.Context()), since, until)
	if err != nil {
		return err
	}
	if form.Since == "" {
		form.Since = since.UTC().Format(time.DateOnly)
	}
	if form.Until == "" {
		form.Until = until.UTC().Format(time.DateOnly)
	}
	people, err := s.policy.ReviewerGold(r.Context(), viewer.From(r.Context()), since, until)
	if err != nil {
		return err
	}
	drift, err := s.policy.Drift(r.Context(), viewer.From(r.Context()), s.policy.Now(), policy.DefaultDrift)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Lane report"),
		templ.Join(ui.LaneReport(rep, form), ui.DriftChart(drift, policy.DefaultDrift), ui.ReviewerGold(people)))
	return nil
}

// canariesPage is /admin/lanes/canaries: the weekly canary reports, for operators.
func (s *Server) canariesPage(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	rows, err := s.corpus.CanaryWeeks(r.Context())
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Canary report"), ui.CanariesPage(rows))
	return nil
}
