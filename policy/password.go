package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/identity"
)

// Password limits, in characters.
const (
	MinPassword = 10
	MaxPassword = 200
)

// newPasswordHash checks a new password's length and hashes it.
func newPasswordHash(password string) (string, error) {
	if n := len([]rune(password)); n < MinPassword || n > MaxPassword {
		return "", refuse(CodeInvalid, fmt.Sprintf("use %d to %d characters", MinPassword, MaxPassword), "password")
	}
	return identity.HashPassword(password)
}

// SignUp makes a member account with a password.
func (s *Service) SignUp(ctx context.Context, handle, displayName, password string) (*ent.Account, error) {
	h, err := newPasswordHash(password)
	if err != nil {
		return nil, err
	}
	a, err := s.CreateAccount(ctx, handle, displayName, nil)
	if err != nil {
		return nil, err
	}
	if err := s.client.Account.UpdateOneID(a.ID).SetPasswordHash(h).Exec(ctx); err != nil {
		return nil, fmt.Errorf("sign up: %w", err)
	}
	return a, nil
}

// SetPassword replaces an account's password (operators set one for
// accounts made on the command line) and ends every session the account
// has, in one transaction: a password is changed because the old one may
// be known to someone else, and a session opened with it must not outlive
// it. No session is spared, not even one the change might be made from: a
// self-service change renews instead, by signing in with the new password
// afterwards, so no session token that existed before the change works
// after it.
func (s *Service) SetPassword(ctx context.Context, a *ent.Account, password string) error {
	h, err := newPasswordHash(password)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(ctx context.Context, t *tx) error {
		if err := t.lockAccount(ctx, a.ID); err != nil {
			return err
		}
		if err := t.Account.UpdateOneID(a.ID).SetPasswordHash(h).Exec(ctx); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		n, err := identity.EndSessions(ctx, t.Client, a.ID)
		if err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityOperator,
			kind: KindPasswordSet, subject: a.ID, payload: map[string]any{"sessionsEnded": n}})
		return err
	})
}
