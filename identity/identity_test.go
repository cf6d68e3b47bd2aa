package identity_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/role"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// clock is a settable time, truncated to microseconds as both databases keep it.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

type fixture struct {
	d     *db.DB
	svc   *identity.Service
	clock *clock
}

func newFixture(t *testing.T, dialectName string) *fixture {
	t.Helper()
	d := dbtest.Open(t, dialectName)
	c := &clock{now: time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)}
	return &fixture{d: d, svc: identity.New(d, d.Ent(), c.Now), clock: c}
}

// account makes an account with handle and, unless password is empty, that password's hash.
func (f *fixture) account(t *testing.T, handle, password string) *ent.Account {
	t.Helper()
	q := f.d.Ent().Account.Create().SetHandle(handle).SetRoles([]role.Role{}).SetCreatedAt(f.clock.Now())
	if password != "" {
		h, err := identity.HashPassword(password)
		if err != nil {
			t.Fatal(err)
		}
		q.SetPasswordHash(h)
	}
	a, err := q.Save(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestSignIn: the right password opens a session whose cookie finds the account; a wrong
// password, an unknown handle, an account with no password and a handle that could not be stored
// all get the one answer, ErrBadCredentials, and open nothing. The handle is found as typed:
// trimmed and in any case. On both databases.
func TestSignIn(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName)
		ada := f.account(t, "ada", "correct horse battery")
		f.account(t, "nopass", "")

		tok, a, err := f.svc.SignIn(ctx, "  ADA ", "correct horse battery")
		if err != nil {
			t.Fatal(err)
		}
		if a.ID != ada.ID || !strings.HasPrefix(tok, "tdbs_") {
			t.Fatalf("SignIn = %q, %s; want a session token for %s", tok, a.ID, ada.ID)
		}
		if got, err := f.svc.SessionAccount(ctx, tok); err != nil || got.ID != ada.ID {
			t.Errorf("SessionAccount(new session) = %v, %v; want %s", got, err, ada.ID)
		}
		if n, _ := f.d.Ent().Session.Query().Count(ctx); n != 1 {
			t.Errorf("%d sessions after one sign-in", n)
		}
		if stored, _ := f.d.Ent().Session.Query().Only(ctx); stored != nil && stored.Digest == tok {
			t.Error("the session's token is stored as it is; want only its digest")
		}

		for _, c := range []struct{ name, handle, password string }{
			{"wrong password", "ada", "correct horse battery!"},
			{"unknown handle", "bob", "correct horse battery"},
			{"no password set", "nopass", ""},
			{"invalid UTF-8", "ad\xffa", "correct horse battery"},
			{"NUL in handle", "ada\x00", "correct horse battery"},
		} {
			tok, a, err := f.svc.SignIn(ctx, c.handle, c.password)
			if !errors.Is(err, identity.ErrBadCredentials) || tok != "" || a != nil {
				t.Errorf("%s: SignIn = %q, %v, %v; want ErrBadCredentials and nothing else", c.name, tok, a, err)
			}
		}
		if n, _ := f.d.Ent().Session.Query().Count(ctx); n != 1 {
			t.Errorf("%d sessions after failed sign-ins; want the one that succeeded", n)
		}

		second, _, err := f.svc.SignIn(ctx, "ada", "correct horse battery")
		if err != nil || second == tok {
			t.Errorf("a second sign-in = %q, %v; want a fresh token", second, err)
		}
	})
}

// TestSessionsEnd: a session ends at its lifetime, at sign-out, and with EndSessions (a password
// change), and an ended or unknown session is ErrUnauthenticated. On both databases.
func TestSessionsEnd(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName)
		ada := f.account(t, "ada", "correct horse battery")
		signIn := func() string {
			t.Helper()
			tok, _, err := f.svc.SignIn(ctx, "ada", "correct horse battery")
			if err != nil {
				t.Fatal(err)
			}
			return tok
		}
		live := func(tok string) bool {
			t.Helper()
			a, err := f.svc.SessionAccount(ctx, tok)
			if err != nil && !errors.Is(err, identity.ErrUnauthenticated) {
				t.Fatal(err)
			}
			return err == nil && a.ID == ada.ID
		}

		old := signIn()
		f.clock.add(identity.SessionLifetime - time.Second)
		if !live(old) {
			t.Error("a session ended before its lifetime")
		}
		f.clock.add(time.Second)
		if live(old) {
			t.Error("a session outlived its lifetime")
		}

		tok := signIn()
		if err := f.svc.SignOut(ctx, tok); err != nil {
			t.Fatal(err)
		}
		if live(tok) {
			t.Error("a session lives on after sign-out")
		}
		if live("tdbs_made-up") || live("") {
			t.Error("a made-up session token finds an account")
		}

		a, b := signIn(), signIn()
		n, err := identity.EndSessions(ctx, f.d.Ent(), ada.ID)
		if err != nil {
			t.Fatal(err)
		}
		if n < 2 || live(a) || live(b) {
			t.Errorf("EndSessions ended %d; want every session of the account gone", n)
		}
	})
}

// TestAuthenticate: a bearer token finds its account by digest until it is revoked; anything
// without the token prefix, an unknown token and a session token are ErrUnauthenticated. On both
// databases.
func TestAuthenticate(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName)
		ada := f.account(t, "ada", "correct horse battery")
		secret, err := identity.NewSecret(identity.TokenPrefix)
		if err != nil {
			t.Fatal(err)
		}
		tk, err := f.d.Ent().Token.Create().SetAccountID(ada.ID).SetDigest(identity.Digest(secret)).
			SetCreatedAt(f.clock.Now()).Save(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if a, err := f.svc.Authenticate(ctx, secret); err != nil || a.ID != ada.ID {
			t.Fatalf("Authenticate(issued token) = %v, %v; want %s", a, err, ada.ID)
		}
		session, _, err := f.svc.SignIn(ctx, "ada", "correct horse battery")
		if err != nil {
			t.Fatal(err)
		}
		for name, bearer := range map[string]string{
			"no prefix":     strings.TrimPrefix(secret, identity.TokenPrefix),
			"unknown token": identity.TokenPrefix + "not-issued",
			"its digest":    identity.Digest(secret),
			"session token": session,
			"empty":         "",
		} {
			if a, err := f.svc.Authenticate(ctx, bearer); !errors.Is(err, identity.ErrUnauthenticated) {
				t.Errorf("%s: Authenticate = %v, %v; want ErrUnauthenticated", name, a, err)
			}
		}
		if err := tk.Update().SetRevokedAt(f.clock.Now()).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if a, err := f.svc.Authenticate(ctx, secret); !errors.Is(err, identity.ErrUnauthenticated) {
			t.Errorf("Authenticate(revoked token) = %v, %v; want ErrUnauthenticated", a, err)
		}
	})
}
