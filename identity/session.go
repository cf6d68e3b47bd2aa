package identity

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/session"
)

// SessionLifetime is how long a session lasts from sign-in.
const SessionLifetime = 30 * 24 * time.Hour

// SignIn checks a password and opens a new session, returning its token
// for the cookie. Every sign-in gets a fresh token. The session is written
// only while the password checked is still the account's, under the
// account's lock, so a sign-in racing a password change cannot leave a
// session made with the old password behind.
func (s *Service) SignIn(ctx context.Context, handle, password string) (string, *ent.Account, error) {
	a, err := s.accountByHandle(ctx, handle)
	switch {
	case ent.IsNotFound(err):
		CheckPassword(dummyHash, password)
		return "", nil, ErrBadCredentials
	case err != nil:
		return "", nil, fmt.Errorf("sign in: %w", err)
	case a.PasswordHash == nil || !CheckPassword(*a.PasswordHash, password):
		return "", nil, ErrBadCredentials
	}
	tok, err := NewSecret(sessionPrefix)
	if err != nil {
		return "", nil, err
	}
	now := s.now()
	err = s.inTx(ctx, func(ctx context.Context, c *ent.Client) error {
		q := c.Account.Query().Where(account.ID(a.ID))
		if s.db.Dialect == dialect.Postgres {
			q = q.ForUpdate()
		}
		cur, err := q.Only(ctx)
		if ent.IsNotFound(err) {
			return ErrBadCredentials
		}
		if err != nil {
			return fmt.Errorf("lock account: %w", err)
		}
		if cur.PasswordHash == nil || *cur.PasswordHash != *a.PasswordHash {
			return ErrBadCredentials
		}
		return c.Session.Create().SetAccountID(a.ID).SetDigest(Digest(tok)).SetCreatedAt(now).
			SetExpiresAt(now.Add(SessionLifetime)).Exec(ctx)
	})
	if errors.Is(err, ErrBadCredentials) {
		return "", nil, err
	}
	if err != nil {
		return "", nil, fmt.Errorf("sign in: %w", err)
	}
	return tok, a, nil
}

// accountByHandle finds an account by its handle as typed: trimmed and in
// lower case. A handle that could not be stored (invalid UTF-8, a NUL) is
// not found without asking the database, which PostgreSQL would answer
// with an error.
func (s *Service) accountByHandle(ctx context.Context, handle string) (*ent.Account, error) {
	if !utf8.ValidString(handle) || strings.ContainsRune(handle, 0) {
		return nil, &ent.NotFoundError{}
	}
	return s.client.Account.Query().Where(account.Handle(strings.ToLower(strings.TrimSpace(handle)))).Only(ctx)
}

// SessionAccount returns the account of a live session token.
func (s *Service) SessionAccount(ctx context.Context, tok string) (*ent.Account, error) {
	ses, err := s.client.Session.Query().Where(session.Digest(Digest(tok)), session.ExpiresAtGT(s.now())).
		WithAccount().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrUnauthenticated
	}
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	return ses.Edges.Account, nil
}

// SignOut ends a session.
func (s *Service) SignOut(ctx context.Context, tok string) error {
	_, err := s.client.Session.Delete().Where(session.Digest(Digest(tok))).Exec(ctx)
	return err
}

// EndSessions ends every session of an account through c, the client of
// the caller's transaction, and says how many there were: a password
// change ends them in the transaction that records it.
func EndSessions(ctx context.Context, c *ent.Client, accountID string) (int, error) {
	n, err := c.Session.Delete().Where(session.AccountID(accountID)).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("end sessions: %w", err)
	}
	return n, nil
}
