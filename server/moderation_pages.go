package server

import (
	"bytes"
	"hash/fnv"
	"net/http"
	"strconv"

	"github.com/a-h/templ"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

func (s *Server) flagForm(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	p, err := s.policy.Problem(r.Context(), r.PathValue("ref"))
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Report "+p.ID), ui.FlagPage(ui.FlagView{ProblemID: p.ID, Title: p.Title,
		Reason: "INCORRECT_STATEMENT", Errors: map[string]string{}}))
	return nil
}

func (s *Server) flag(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	p, err := s.policy.Problem(r.Context(), r.PathValue("ref"))
	if err != nil {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	v := flagView(p.ID, p.Title, r.PostForm)
	_, err = s.policy.FlagProblem(r.Context(), viewer.From(r.Context()), policy.FlagInput{ProblemID: p.ID,
		Reason: policy.FlagReason(v.Reason), Explanation: v.Explanation, DuplicateOf: v.DuplicateOf})
	if fes := policy.FieldErrors(err); fes != nil {
		for _, fe := range fes {
			if len(fe.Field) == 0 || fe.Field[0] == "problemId" {
				v.General = append(v.General, fe.Message)
			} else {
				v.Errors[fe.Field[0]] = fe.Message
			}
		}
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Report "+p.ID), ui.FlagPage(v))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/p/"+p.ID, "Thank you. Your report went to the moderators.")
	return nil
}

// moderate is the moderators' queue; ?fragment=1 returns only the list, for
// the page's live refresh.
func (s *Server) moderate(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	fragment := r.URL.Query().Get("fragment") == "1"
	// The newest event first: the page's live queue resumes after it, so a
	// change between this read and the page's subscription is not lost. A
	// live refresh (the fragment) is already subscribed and needs none.
	var head int64
	if !fragment {
		var err error
		if head, err = s.policy.EventHead(r.Context()); err != nil {
			return err
		}
	}
	cases, err := s.policy.ModerationQueue(r.Context(), viewer.From(r.Context()), 100)
	if err != nil {
		return err
	}
	pg := page(r, "Moderation queue")
	v := ui.ModerationView{Cases: cases, Nonce: pg.Nonce, After: head}
	var list bytes.Buffer
	if err := ui.ModerationCases(v).Render(r.Context(), &list); err != nil {
		return err
	}
	h := fnv.New64a()
	h.Write(list.Bytes())
	v.Version = strconv.FormatUint(h.Sum64(), 36)
	if fragment {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Content-Version", v.Version)
		_, err := w.Write(list.Bytes())
		return err
	}
	s.render(w, r, http.StatusOK, pg, ui.ModeratePage(v, templ.Raw(list.String())))
	return nil
}

// moderateAction claims, dismisses, hands a duplicate to the reviewers to merge, or removes,
// then returns to the queue. A removal is asked
// for twice: the first request shows what will happen with the reason as typed, and only the
// confirmed second one (confirm=yes) removes.
func (s *Server) moderateAction(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	a, id, f := viewer.From(r.Context()), r.PathValue("case"), parseModeration(r.PostForm)
	var (
		err error
		msg string
	)
	switch r.PathValue("action") {
	case "claim":
		_, err = s.policy.ClaimCase(r.Context(), a, id)
		msg = "Case claimed."
	case "dismiss":
		_, err = s.policy.DismissCase(r.Context(), a, id, f.Note)
		msg = "Case dismissed."
	case "merge":
		var pid string
		if _, pid, err = s.policy.HandToMerge(r.Context(), a, id, f.MergeInto, f.Note); err == nil {
			msg = pid + " was handed to the reviewers to merge into " + f.MergeInto + "; the review queue shows it with the merge chosen."
		}
	case "remove":
		if !f.Confirmed {
			return s.confirmRemoval(w, r, id, f.Reason)
		}
		_, p, rerr := s.policy.RemoveProblem(r.Context(), a, id, f.Reason)
		if err = rerr; p != nil {
			msg = p.ID + " was removed; its page is now a tombstone."
		}
	default:
		return policy.ErrNotFound
	}
	if fes := policy.FieldErrors(err); fes != nil {
		msg = fes[0].Message
		if len(fes[0].Field) > 0 && fes[0].Field[0] != "caseId" {
			msg = fes[0].Field[0] + ": " + msg
		}
	} else if err != nil {
		return err
	}
	redirectWith(w, r, "/moderate", msg)
	return nil
}

// confirmRemoval is the removal's confirmation page, for a case in the viewer's queue.
func (s *Server) confirmRemoval(w http.ResponseWriter, r *http.Request, id, reason string) error {
	cases, err := s.policy.ModerationQueue(r.Context(), viewer.From(r.Context()), 100)
	if err != nil {
		return err
	}
	for _, c := range cases {
		if c.ID == id {
			s.render(w, r, http.StatusOK, page(r, "Remove "+c.ProblemID+"?"),
				ui.RemoveConfirmPage(ui.RemoveConfirmView{Case: c, Reason: reason}))
			return nil
		}
	}
	return policy.ErrNotFound
}

func (s *Server) moderationLog(w http.ResponseWriter, r *http.Request) error {
	entries, err := s.policy.ModerationLog(r.Context(), 200, 0)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Moderation log"), ui.ModerationLogPage(entries))
	return nil
}
