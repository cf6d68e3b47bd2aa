package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/throttle"
	"github.com/theoremdb/theoremdb/ui"
)

func (s *Server) signinForm(w http.ResponseWriter, r *http.Request) error {
	s.render(w, r, http.StatusOK, page(r, "Sign in"), ui.AuthPage(ui.AuthView{Next: safeNext(r.URL.Query().Get("next"))}))
	return nil
}

func (s *Server) signin(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	f := parseSignIn(r.PostForm)
	v := ui.AuthView{Handle: f.Handle, Next: f.Next, Errors: map[string]string{}}
	if ok, wait := s.limiter.allow(throttle.ClientIP(r), v.Handle, time.Now()); !ok {
		throttle.SetRetryAfter(w, wait)
		v.General = "Too many failed sign-in attempts from your address. Wait " + waitWords(wait) + " and try again."
		s.render(w, r, http.StatusTooManyRequests, page(r, "Sign in"), ui.AuthPage(v))
		return nil
	}
	tok, _, err := s.policy.Identity().SignIn(r.Context(), v.Handle, f.Password)
	if errors.Is(err, identity.ErrBadCredentials) {
		s.limiter.fail(throttle.ClientIP(r), v.Handle, time.Now())
		v.General = err.Error() + "."
		s.render(w, r, http.StatusUnauthorized, page(r, "Sign in"), ui.AuthPage(v))
		return nil
	}
	if err != nil {
		return err
	}
	if old, err := r.Cookie(sessionCookie); err == nil {
		_ = s.policy.Identity().SignOut(r.Context(), old.Value) // rotate: the old session ends
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
	f := parseSignUp(r.PostForm)
	v := ui.AuthView{SignUp: true, Handle: f.Handle, Name: f.Name, Next: f.Next, Errors: map[string]string{}}
	if ok, wait := s.limiter.allow(throttle.ClientIP(r), "", time.Now()); !ok {
		throttle.SetRetryAfter(w, wait)
		v.General = "Too many attempts from your address. Wait " + waitWords(wait) + " and try again."
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
	pw := f.Password
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
	tok, _, err := s.policy.Identity().SignIn(r.Context(), v.Handle, pw)
	if err != nil {
		return err
	}
	setSession(w, tok)
	redirectWith(w, r, v.Next, "Welcome to TheoremDB.")
	return nil
}

func (s *Server) signout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(sessionCookie); err == nil {
		if err := s.policy.Identity().SignOut(r.Context(), c.Value); err != nil {
			return err
		}
	}
	clearSession(w)
	redirectWith(w, r, "/", "Signed out.")
	return nil
}

// waitWords says a wait the way a person reads it: seconds under two minutes, else minutes.
func waitWords(d time.Duration) string {
	if d < 2*time.Minute {
		return strconv.Itoa(max(1, int(d.Round(time.Second)/time.Second))) + " seconds"
	}
	return strconv.Itoa(int((d+time.Minute-1)/time.Minute)) + " minutes"
}
