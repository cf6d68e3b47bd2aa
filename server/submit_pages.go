package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/throttle"
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
	if r.PostForm.Get("add") != "" || r.PostForm.Get("preview") != "" {
		f.Preview = r.PostForm.Get("preview") != ""
		if err := s.previewSimilar(r, &f); err != nil {
			return err
		}
		s.render(w, r, http.StatusOK, page(r, "Submit a problem"), ui.ProblemForm(f))
		return nil
	}
	in, ferrs := problemInput(f)
	var p *ent.Problem
	var err error
	if len(ferrs) == 0 {
		p, err = s.policy.Submit(r.Context(), viewer.From(r.Context()), in)
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
	redirectWith(w, r, "/p/"+p.ID+"?tab=checks", "Submitted as "+p.ID+". Its challenge period ends "+ui.When(p.Deadline)+
		". The checks below run now; each finding says what to change.")
	return nil
}

func (s *Server) reviseForm(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	pk, err := s.policy.ProblemPacket(r.Context(), r.PathValue("ref"))
	if err != nil {
		return err
	}
	p := pk.Problem
	action, err := s.reviseAction(r, p)
	if err != nil {
		return err
	}
	if action != r.URL.Path {
		http.Redirect(w, r, action, http.StatusSeeOther)
		return nil
	}
	f := revisionValues(p, pk.Rev())
	f.Action, f.Operator = action, onConsole(action)
	s.render(w, r, http.StatusOK, page(r, "Revise "+p.ID), ui.ProblemForm(f))
	return nil
}

// reviseAction is where the viewer revises p: the problem's own revise path for its proposer,
// the staff console for an operator applying a revision to an imported problem whose source
// account is not here. The console's path serves nothing else.
func (s *Server) reviseAction(r *http.Request, p *ent.Problem) (string, error) {
	a := viewer.From(r.Context())
	if policy.PermissionsOn(a, p, s.policy.Now()).ReviseOnConsole {
		return "/admin/revise/" + p.ID, nil
	}
	if onConsole(r.URL.Path) {
		// The console revises imported problems only, for operators; everyone else's problem
		// is its proposer's to revise.
		return "", policy.ErrForbidden
	}
	return "/p/" + p.ID + "/revise", nil
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
	id, err := policy.ResolveProblemID(r.Context(), c(s), strings.TrimSpace(r.URL.Query().Get("problem")))
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
	id, err := policy.ResolveProblemID(r.Context(), c(s), r.PathValue("ref"))
	if err != nil {
		return err
	}
	p, err := c(s).Problem.Get(r.Context(), id)
	if err != nil {
		return err
	}
	action, err := s.reviseAction(r, p)
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
	if r.PostForm.Get("add") != "" || r.PostForm.Get("preview") != "" {
		f.Preview = r.PostForm.Get("preview") != ""
		if err := s.previewSimilar(r, &f); err != nil {
			return err
		}
		s.render(w, r, http.StatusOK, page(r, "Revise "+id), ui.ProblemForm(f))
		return nil
	}
	in, ferrs := problemInput(f)
	if len(ferrs) == 0 {
		_, _, err = s.policy.Revise(r.Context(), viewer.From(r.Context()), id, r.PostForm.Get("note"), in)
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

func (s *Server) signinForm(w http.ResponseWriter, r *http.Request) error {
	s.render(w, r, http.StatusOK, page(r, "Sign in"), ui.AuthPage(ui.AuthView{Next: safeNext(r.URL.Query().Get("next"))}))
	return nil
}

func (s *Server) signin(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	v := ui.AuthView{Handle: r.PostForm.Get("handle"), Next: safeNext(r.PostForm.Get("next")), Errors: map[string]string{}}
	if !s.limiter.allow(throttle.ClientIP(r), v.Handle, time.Now()) {
		v.General = "Too many sign-in attempts. Wait 15 minutes and try again."
		s.render(w, r, http.StatusTooManyRequests, page(r, "Sign in"), ui.AuthPage(v))
		return nil
	}
	tok, _, err := s.policy.SignIn(r.Context(), v.Handle, r.PostForm.Get("password"))
	if errors.Is(err, policy.ErrBadCredentials) {
		s.limiter.fail(throttle.ClientIP(r), v.Handle, time.Now())
		v.General = err.Error() + "."
		s.render(w, r, http.StatusUnauthorized, page(r, "Sign in"), ui.AuthPage(v))
		return nil
	}
	if err != nil {
		return err
	}
	if old, err := r.Cookie(sessionCookie); err == nil {
		_ = s.policy.SignOut(r.Context(), old.Value) // rotate: the old session ends
	}
	setSession(w, tok)
	http.Redirect(w, r, v.Next, http.StatusSeeOther)
	return nil
}

func (s *Server) signupForm(w http.ResponseWriter, r *http.Request) error {
	s.render(w, r, http.StatusOK, page(r, "Sign up"), ui.AuthPage(ui.AuthView{SignUp: true, Next: signupNext(r.URL.Query().Get("next"))}))
	return nil
}

// signupNext is where a new account goes once made: the same-site page it
// was made from, or its account page.
func signupNext(next string) string {
	if next == "" {
		return "/account"
	}
	return safeNext(next)
}

func (s *Server) signup(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	v := ui.AuthView{SignUp: true, Handle: r.PostForm.Get("handle"), Name: r.PostForm.Get("name"),
		Next: signupNext(r.PostForm.Get("next")), Errors: map[string]string{}}
	if !s.limiter.allow(throttle.ClientIP(r), "", time.Now()) {
		v.General = "Too many attempts from your address. Wait 15 minutes and try again."
		s.render(w, r, http.StatusTooManyRequests, page(r, "Sign up"), ui.AuthPage(v))
		return nil
	}
	// Accounts made from one address are limited whether or not earlier
	// attempts failed; an attempt the policy refuses is given back.
	addr := "addr:" + throttle.ClientIP(r)
	if ok, wait := s.guard.signups.Take(addr, 1); !ok {
		throttle.SetRetryAfter(w, wait)
		v.General = fmt.Sprintf("Too many accounts were made from your address. Try again in %s minutes.",
			strconv.Itoa(int(wait.Minutes())+1))
		s.render(w, r, http.StatusTooManyRequests, page(r, "Sign up"), ui.AuthPage(v))
		return nil
	}
	pw := r.PostForm.Get("password")
	_, err := s.policy.SignUp(r.Context(), v.Handle, v.Name, pw)
	if err != nil {
		s.guard.signups.Refund(addr, 1)
	}
	if fes := policy.FieldErrors(err); fes != nil {
		s.limiter.fail(throttle.ClientIP(r), "", time.Now())
		for _, fe := range fes {
			if len(fe.Field) > 0 {
				v.Errors[fe.Field[0]] = fe.Message
			} else {
				v.General = fe.Message
			}
		}
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Sign up"), ui.AuthPage(v))
		return nil
	}
	if err != nil {
		return err
	}
	tok, _, err := s.policy.SignIn(r.Context(), v.Handle, pw)
	if err != nil {
		return err
	}
	setSession(w, tok)
	redirectWith(w, r, v.Next, "Welcome to TheoremDB.")
	return nil
}

func (s *Server) signout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(sessionCookie); err == nil {
		if err := s.policy.SignOut(r.Context(), c.Value); err != nil {
			return err
		}
	}
	clearSession(w)
	redirectWith(w, r, "/", "Signed out.")
	return nil
}

func (s *Server) account(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	return s.renderAccount(w, r, http.StatusOK, ui.AccountView{})
}
