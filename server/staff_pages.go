package server

import (
	"net/http"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// requireStaff lets operators through to the staff console.
func (s *Server) requireStaff(w http.ResponseWriter, r *http.Request) (bool, error) {
	if !requireSignIn(w, r) {
		return false, nil
	}
	if !policy.CanStaff(viewer.From(r.Context())) {
		return false, policy.ErrForbidden
	}
	return true, nil
}

// staffQueue is /admin/review: the problems held for staff, the oldest hold first.
func (s *Server) staffQueue(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	v, err := s.reads.StaffConsole(r.Context(), viewer.From(r.Context()), 200)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Staff review"), ui.StaffQueue(*v))
	return nil
}

// staffPage is /admin/review/{ref}: the review page of a held problem, whose decision is
// recorded on the authority STAFF.
func (s *Server) staffPage(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	id, err := s.reads.ProblemID(r.Context(), r.PathValue("ref"))
	if err != nil {
		return err
	}
	d, err := s.decisionView(r, id)
	if err != nil {
		return err
	}
	d.Staff = true
	d.Problem.Blind = false // staff settle what the machine escalated, and read why
	s.render(w, r, http.StatusOK, page(r, "Staff review "+id), ui.ReviewPage(d))
	return nil
}

// sendToStaff holds the problem for staff on a reviewer's note: the review page's fifth
// button, which records no decision.
func (s *Server) sendToStaff(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireReviewer(w, r); !ok {
		return err
	}
	id, err := s.reads.ProblemID(r.Context(), r.PathValue("ref"))
	if err != nil {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	_, err = s.policy.SendToStaff(r.Context(), viewer.From(r.Context()), id, parseNote(r.PostForm).Note)
	if shown, serr := s.showRefusal(w, r, id, err, "", r.PostForm); shown {
		return serr
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/p/"+id, "Sent to staff: the problem is held until staff decide.")
	return nil
}

// stopBatch stops a batch from the staff console.
func (s *Server) stopBatch(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	f := parseBatchStop(r.PostForm)
	_, err := s.policy.StopBatch(r.Context(), viewer.From(r.Context()), f.Source, f.Reason)
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, "/admin/review", "Not stopped: "+fes[0].Message+".")
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/admin/review", "Batch stopped: qualify is refused for its candidates until the stop is lifted.")
	return nil
}

// liftBatch lifts a batch stop from the staff console.
func (s *Server) liftBatch(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	err := s.policy.LiftBatch(r.Context(), viewer.From(r.Context()), r.PathValue("id"))
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, "/admin/review", "Not lifted: "+fes[0].Message+".")
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/admin/review", "Batch stop lifted.")
	return nil
}
