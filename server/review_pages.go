package server

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

func (s *Server) requireReviewer(w http.ResponseWriter, r *http.Request) (bool, error) {
	if !requireSignIn(w, r) {
		return false, nil
	}
	if !policy.CanReview(viewer.From(r.Context())) {
		return false, policy.ErrForbidden
	}
	return true, nil
}

// reviewQueue lists problems in their challenge period, oldest deadline
// first.
func (s *Server) reviewQueue(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireReviewer(w, r); !ok {
		return err
	}
	items, err := s.policy.ReviewQueue(r.Context(), viewer.From(r.Context()), 200)
	if err != nil {
		return err
	}
	second, err := s.policy.SecondReviewQueue(r.Context(), viewer.From(r.Context()), 100)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Review queue"), ui.ReviewQueue(items, second))
	return nil
}

// disagreements is the queue of one class of splits between first and second reviews, or of all.
func (s *Server) disagreements(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireReviewer(w, r); !ok {
		return err
	}
	class := r.PathValue("class")
	items, counts, err := s.policy.DisagreementQueue(r.Context(), viewer.From(r.Context()), policy.Disagreement(class), 200)
	if policy.FieldErrors(err) != nil {
		return httpError{http.StatusNotFound, "There is no class of disagreement called " + strconv.Quote(class) + "."}
	}
	if err != nil {
		return err
	}
	title := "Disagreements"
	if class != "" {
		title += ": " + policy.Disagreements.Label(class)
	}
	s.render(w, r, http.StatusOK, page(r, title), ui.DisagreementsPage(ui.DisagreementsView{Class: class, Items: items, Counts: counts}))
	return nil
}

func (s *Server) decisionView(r *http.Request, id string) (ui.DecisionView, error) {
	pv, err := s.problemView(r, id)
	if err != nil {
		return ui.DecisionView{}, err
	}
	req := map[string][]string{}
	for a, fields := range policy.RequiredFields {
		req[string(a)] = fields
	}
	pv.Blind = true // the reviewer's packet hides the machine's provisional verdict
	d := ui.DecisionView{Problem: pv, Values: map[string]string{}, Errors: map[string]string{},
		IdempotencyKey: policy.NewIdempotencyKey("web:"), RevisionID: pv.P.Revision.ID, Required: req}
	if h, ok, err := s.policy.MergeHandoff(r.Context(), pv.P.ID); err != nil {
		return ui.DecisionView{}, err
	} else if ok {
		// A moderator handed a duplicate report here: the form opens with the merge chosen.
		d.Handoff, d.Values["action"], d.Values["mergeInto"] = &h, "MERGE", h.MergeInto
	}
	if pr := pv.P.Pending; pr != nil {
		// An accepted problem's proposed revision: the decision adopts or declines it.
		d.RevisionID = pr.ID
		if d.PendingChecks, err = s.policy.RevisionCheckViews(r.Context(), pr.ID); err != nil {
			return ui.DecisionView{}, err
		}
	}
	return d, nil
}

func (s *Server) reviewPage(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireReviewer(w, r); !ok {
		return err
	}
	if done, err := s.goldReviewPage(w, r); done || err != nil {
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
	status := http.StatusOK
	if sr := r.URL.Query().Get("second"); sr != "" {
		if fes := policy.FieldErrors(s.secondReview(r, &d, sr)); fes != nil {
			d.General, status = append(d.General, fes[0].Message), http.StatusConflict
		} else if d.Second == nil {
			return errors.New("second review: no view and no refusal")
		}
	}
	title := "Review " + id
	if d.Second != nil {
		title = "Second review of " + id
	}
	s.render(w, r, status, page(r, title), ui.ReviewPage(d))
	return nil
}

// secondReview turns d into the second review of decision sr: the first decision beside the
// form, and the revision it qualified, which the second review names.
func (s *Server) secondReview(r *http.Request, d *ui.DecisionView, sr string) error {
	v, err := s.reads.SecondReviewOf(r.Context(), viewer.From(r.Context()), d.Problem.P.ID, sr)
	if err != nil {
		return err
	}
	d.Second, d.SecondReviewOf, d.RevisionID = v, v.DecisionID, v.RevisionID
	return nil
}

// decide records the decision. The idempotency key travels in the form, so
// a double submit records one decision and shows the same result.
func (s *Server) decide(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireReviewer(w, r); !ok {
		return err
	}
	if done, err := s.goldDecide(w, r); done || err != nil {
		return err
	}
	id, err := s.reads.ProblemID(r.Context(), r.PathValue("ref"))
	if err != nil {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	f := r.PostForm
	in := decisionInput(id, f)
	res, err := s.policy.RecordDecision(r.Context(), viewer.From(r.Context()), in)
	if fes := policy.FieldErrors(err); fes != nil {
		d, derr := s.decisionView(r, id)
		if derr != nil {
			return derr
		}
		for k, vs := range f {
			d.Values[k] = strings.Join(vs, "\n")
		}
		d.IdempotencyKey = in.IdempotencyKey // the same request, corrected, is still one decision
		if in.SecondReviewOf != "" {
			if err := s.secondReview(r, &d, in.SecondReviewOf); policy.FieldErrors(err) == nil && err != nil {
				return err
			}
		}
		if in.RevisionID != "" && in.RevisionID != d.RevisionID {
			// A newer revision arrived: the page shows it, and the reviewer reads it first.
			d.General = append(d.General, "A newer revision was submitted while you were reading; it is shown below. Read it, then decide again.")
		}
		showErrors(&d, fes)
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Review "+id), ui.ReviewPage(d))
		return nil
	}
	if err != nil {
		return err
	}
	msg := "Decision recorded: " + ui.Words(string(res.Decision.Action)) + "."
	if res.Replayed {
		msg = "This decision was already recorded; nothing was recorded twice."
	}
	redirectWith(w, r, "/p/"+res.Problem.ID+"?tab=history", msg)
	return nil
}

// reviewClaim records a review of one attached claim from the review page.
func (s *Server) reviewClaim(w http.ResponseWriter, r *http.Request) error {
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
	cl, f := r.PathValue("claim"), r.PostForm
	_, _, err = s.policy.ReviewClaim(r.Context(), viewer.From(r.Context()), claimReviewInput(cl, f))
	if shown, serr := s.showRefusal(w, r, id, err, "claim."+cl+".", f); shown {
		return serr
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/review/"+id+"#"+cl, "Claim review recorded.")
	return nil
}

// confirmLocator clears a reference's unconfirmed locator on a reviewer's word, from the review page.
func (s *Server) confirmLocator(w http.ResponseWriter, r *http.Request) error {
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
	ref := r.PathValue("reference")
	err = s.policy.ConfirmLocator(r.Context(), viewer.From(r.Context()), ref, parseNote(r.PostForm).Note)
	if shown, serr := s.showRefusal(w, r, id, err, "locator."+ref+".", r.PostForm); shown {
		return serr
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/review/"+id, "Locator confirmed; the note is on the record.")
	return nil
}

// setPresentation records which claim the packet presents, from the review page.
func (s *Server) setPresentation(w http.ResponseWriter, r *http.Request) error {
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
	v, err := s.reads.ViewProblem(r.Context(), nil, id, 0)
	if err != nil {
		return err
	}
	in := policy.PresentationInput{ProblemID: id}
	if rec := parseNote(r.PostForm).Record; v.Presentation.Resolved {
		in.ResolutionRecord = rec
	} else {
		in.StatusRecord = rec
	}
	_, err = s.policy.SetPresentation(r.Context(), viewer.From(r.Context()), in)
	if shown, serr := s.showRefusal(w, r, id, err, "", r.PostForm); shown {
		return serr
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/p/"+id+"?tab=research", "The packet presents the record you chose.")
	return nil
}

// showRefusal renders the review page again with a refusal's field errors, each named with
// prefix, and the posted values, reporting whether err was such a refusal.
func (s *Server) showRefusal(w http.ResponseWriter, r *http.Request, id string, err error, prefix string, posted url.Values) (bool, error) {
	fes := policy.FieldErrors(err)
	if fes == nil {
		return false, nil
	}
	d, err := s.decisionView(r, id)
	if err != nil {
		return true, err
	}
	for k, vs := range posted {
		d.Values[prefix+k] = strings.Join(vs, "\n")
	}
	for i := range fes {
		if name := strings.Join(fes[i].Field, "."); name != "" && name != "problemId" && name != "claimId" {
			fes[i].Field = []string{prefix + name}
		} else {
			fes[i].Field = nil
		}
	}
	showErrors(&d, fes)
	s.render(w, r, http.StatusUnprocessableEntity, page(r, "Review "+id), ui.ReviewPage(d))
	return true, nil
}

// showErrors puts a refusal's field errors on the review page: beside their inputs, or at the
// top when they concern the request as a whole.
func showErrors(d *ui.DecisionView, fes []policy.FieldError) {
	for _, fe := range fes {
		if name := strings.Join(fe.Field, "."); name == "" || name == "problemId" {
			d.General = append(d.General, fe.Message)
		} else {
			d.Errors[name] = fe.Message
		}
	}
}
