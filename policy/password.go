package policy

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/session"
)

// Password and session limits.
const (
	MinPassword     = 10
	MaxPassword     = 200
	SessionLifetime = 30 * 24 * time.Hour
)

// ErrBadCredentials is the one answer to a failed sign-in, whether the
// handle or the password was wrong.
var ErrBadCredentials = errors.New("that handle and password do not match")

// argon2id parameters (RFC 9106's second recommended option, with 64 MiB).
const (
	argonTime    = 3
	argonMemory  = 64 * 1024
	argonThreads = 2
	argonKeyLen  = 32
)

// hashPassword returns an encoded argon2id hash with a fresh salt.
func hashPassword(pw string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=19$m=%d,t=%d,p=%d$%s$%s", argonMemory, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// checkPassword compares pw with an encoded hash in constant time.
func checkPassword(encoded, pw string) bool {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// dummyHash is checked against when the handle does not exist, so a
// failed sign-in takes as long either way.
var dummyHash, _ = hashPassword("not a real password")

// newPasswordHash checks a new password's length and hashes it.
func newPasswordHash(password string) (string, error) {
	if n := len([]rune(password)); n < MinPassword || n > MaxPassword {
		return "", refuse(CodeInvalid, fmt.Sprintf("use %d to %d characters", MinPassword, MaxPassword), "password")
	}
	return hashPassword(password)
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
		n, err := t.Session.Delete().Where(session.AccountID(a.ID)).Exec(ctx)
		if err != nil {
			return fmt.Errorf("set password: end sessions: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityOperator,
			kind: KindPasswordSet, subject: a.ID, payload: map[string]any{"sessionsEnded": n}})
		return err
	})
}

// SignIn checks a password and opens a new session, returning its token
// for the cookie. Every sign-in gets a fresh token. The session is written
// only while the password checked is still the account's, under the
// account's lock, so a sign-in racing SetPassword cannot leave a session
// made with the old password behind.
func (s *Service) SignIn(ctx context.Context, handle, password string) (string, *ent.Account, error) {
	a, err := s.AccountByHandle(ctx, handle)
	switch {
	case errors.Is(err, ErrNotFound):
		checkPassword(dummyHash, password)
		return "", nil, ErrBadCredentials
	case err != nil:
		return "", nil, fmt.Errorf("sign in: %w", err)
	case a.PasswordHash == nil || !checkPassword(*a.PasswordHash, password):
		return "", nil, ErrBadCredentials
	}
	tok, err := randomToken("tdbs_")
	if err != nil {
		return "", nil, err
	}
	now := s.Now()
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		if err := t.lockAccount(ctx, a.ID); err != nil {
			return err
		}
		cur, err := t.Account.Get(ctx, a.ID)
		if err != nil {
			return err
		}
		if cur.PasswordHash == nil || *cur.PasswordHash != *a.PasswordHash {
			return ErrBadCredentials
		}
		return t.Session.Create().SetAccountID(a.ID).SetDigest(tokenDigest(tok)).SetCreatedAt(now).
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

// SessionAccount returns the account of a live session token.
func (s *Service) SessionAccount(ctx context.Context, tok string) (*ent.Account, error) {
	ses, err := s.client.Session.Query().Where(session.Digest(tokenDigest(tok)), session.ExpiresAtGT(s.Now())).
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
	_, err := s.client.Session.Delete().Where(session.Digest(tokenDigest(tok))).Exec(ctx)
	return err
}

func randomToken(prefix string) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("token: %w", err)
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b), nil
}
