package server

import (
	"errors"
	"net/http"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// account is /account: the signed-in account's page.
func (s *Server) account(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	return s.renderAccount(w, r, http.StatusOK, ui.AccountView{})
}

// renderAccount shows the account page: reputation, the account's
// problems, flags and inbox, and its tokens; v carries what a token form
// has to say (a new token's secret, a refusal).
func (s *Server) renderAccount(w http.ResponseWriter, r *http.Request, status int, v ui.AccountView) error {
	a := viewer.From(r.Context())
	p := page(r, "Your account")
	rep, err := s.policy.Reputation(r.Context(), a.ID)
	if err != nil {
		return err
	}
	v.Balance, v.Escrowed, v.Ledger = rep.Balance, rep.Escrowed, rep.Ledger()
	if v.Overview, err = s.policy.Overview(r.Context(), a); err != nil {
		return err
	}
	tks, err := s.policy.Tokens(r.Context(), a)
	if err != nil {
		return err
	}
	// Newest first: the one just made is at the top.
	for i := len(tks) - 1; i >= 0; i-- {
		tk := tks[i]
		v.Tokens = append(v.Tokens, ui.TokenRow{ID: tk.ID, Name: tk.Label, CreatedAt: tk.CreatedAt, RevokedAt: tk.RevokedAt})
	}
	s.render(w, r, status, p, ui.AccountPage(p, v))
	return nil
}

// createToken makes a named token and shows its secret on the answer
// itself, the one time it is shown: it is never put in a cookie or a URL
// to survive a redirect.
func (s *Server) createToken(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	name := parseToken(r.PostForm).Name
	secret, tk, err := s.policy.CreateOwnToken(r.Context(), viewer.From(r.Context()), name)
	if fes := policy.FieldErrors(err); fes != nil {
		return s.renderAccount(w, r, http.StatusUnprocessableEntity, ui.AccountView{TokenName: name,
			TokenError: "The name " + fes[0].Message + "."})
	}
	if err != nil {
		return err
	}
	return s.renderAccount(w, r, http.StatusCreated, ui.AccountView{NewToken: secret, NewTokenName: tk.Label})
}

// revokeToken revokes one of the account's tokens.
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	tk, err := s.policy.RevokeOwnToken(r.Context(), viewer.From(r.Context()), r.PathValue("id"))
	switch {
	case errors.Is(err, policy.ErrNotFound):
		return httpError{http.StatusNotFound, "You have no such token."}
	case errors.Is(err, policy.ErrRevoked):
		redirectWith(w, r, "/account#tokens", "That token was already revoked.")
		return nil
	case err != nil:
		return err
	}
	redirectWith(w, r, "/account#tokens", "Token “"+tk.Label+"” revoked: it no longer works.")
	return nil
}

// favicon answers /favicon.ico, where browsers look without being told.
func (s *Server) favicon(w http.ResponseWriter, r *http.Request) error {
	staticFile(w, r, "favicon.ico")
	return nil
}
