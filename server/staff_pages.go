package server

import (
	"net/http"
	"strings"

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
	items, err := s.policy.StaffQueue(r.Context(), viewer.From(r.Context()), 200)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Staff review"), ui.StaffQueue(items))
	return nil
}

// staffPage is /admin/review/{ref}: the review page of a held problem, whose decision is
// recorded on the authority STAFF.
func (s *Server) staffPage(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	id, err := policy.ResolveProblemID(r.Context(), c(s), r.PathValue("ref"))
	if err != nil {
		return err
	}
	d, err := s.decisionView(r, id)
	if err != nil {
		return err
	}
	d.Staff = true
	s.render(w, r, http.StatusOK, page(r, "Staff review "+id), ui.ReviewPage(d))
	return nil
}

// sendToStaff holds the problem for staff on a reviewer's note: the review page's fifth
// button, which records no decision.
func (s *Server) sendToStaff(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireReviewer(w, r); !ok {
		return err
	}
	id, err := policy.ResolveProblemID(r.Context(), c(s), r.PathValue("ref"))
	if err != nil {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	note := r.PostForm.Get("note")
	_, err = s.policy.SendToStaff(r.Context(), viewer.From(r.Context()), id, note)
	if fes := policy.FieldErrors(err); fes != nil {
		d, derr := s.decisionView(r, id)
		if derr != nil {
			return derr
		}
		d.Values["note"] = note
		for _, fe := range fes {
			if name := strings.Join(fe.Field, "."); name == "" || name == "problemId" {
				d.General = append(d.General, fe.Message)
			} else {
				d.Errors[name] = fe.Message
			}
		}
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Review "+id), ui.ReviewPage(d))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/p/"+id, "Sent to staff: the problem is held until staff decide.")
	return nil
}
