package policy_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/policy"
)

// TestRevokeToken: a revoked token stops authenticating at once, other
// tokens of the account keep working, the revocation is an event, and a
// second revocation or an unknown ID is an error that writes nothing.
func TestRevokeToken(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		issue := func(label string) (string, string) {
			t.Helper()
			tok, tk, err := f.svc.IssueToken(ctx, f.member, label)
			if err != nil {
				t.Fatalf("IssueToken() = %v", err)
			}
			if a, err := f.svc.Identity().Authenticate(ctx, tok); err != nil || a.ID != f.member.ID {
				t.Fatalf("Authenticate(new token) = %v, %v; want @ada", a, err)
			}
			return tok, tk.ID
		}
		ciTok, ciID := issue("ci")
		keepTok, _ := issue("laptop")

		if tk, err := f.svc.TokenBySecret(ctx, ciTok); err != nil || tk.ID != ciID {
			t.Errorf("TokenBySecret(ci token) = %v, %v; want %s", tk, err, ciID)
		}
		if _, err := f.svc.TokenBySecret(ctx, identity.TokenPrefix+"forged"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("TokenBySecret(forged) = %v; want ErrNotFound", err)
		}
		tk, err := f.svc.RevokeToken(ctx, ciID)
		if err != nil {
			t.Fatalf("RevokeToken() = %v", err)
		}
		if tk.RevokedAt == nil || !tk.RevokedAt.Equal(f.svc.Now()) || tk.Edges.Account == nil || tk.Edges.Account.ID != f.member.ID {
			t.Errorf("revoked token = %+v; want revoked now, with its account", tk)
		}
		if _, err := f.svc.Identity().Authenticate(ctx, ciTok); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("Authenticate(revoked token) = %v; want ErrUnauthenticated", err)
		}
		if _, err := f.svc.Identity().Authenticate(ctx, keepTok); err != nil {
			t.Errorf("Authenticate(other token) = %v; want it still valid", err)
		}
		evs, err := f.svc.Client().Event.Query().Where(event.Kind(policy.KindTokenRevoked)).All(ctx)
		if err != nil || len(evs) != 1 {
			t.Fatalf("token.revoked events = %d, %v; want 1", len(evs), err)
		}
		if ev := evs[0]; ev.Subject != f.member.ID || ev.Authority != policy.AuthorityOperator || !strings.Contains(ev.Payload, ciID) {
			t.Errorf("event = %s %s %s; want the account, operator authority and the token ID", ev.Subject, ev.Authority, ev.Payload)
		}

		before, _ := f.svc.Client().Event.Query().Count(ctx)
		refusals := []struct {
			name string
			id   string
			want error
		}{
			{"again", ciID, policy.ErrRevoked},
			{"unknown", "tok_01JUNKNOWNUNKNOWNUNKNOWNUN", policy.ErrNotFound},
		}
		for _, tt := range refusals {
			if _, err := f.svc.RevokeToken(ctx, tt.id); !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.id) {
				t.Errorf("RevokeToken(%s) = %v; want %v naming the token", tt.name, err, tt.want)
			}
		}
		if after, _ := f.svc.Client().Event.Query().Count(ctx); after != before {
			t.Errorf("events %d -> %d; a refused revocation wrote one", before, after)
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
	})
}

// TestTokenByLabel: a label names a token only when exactly one live token
// of the account carries it.
func TestTokenByLabel(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		ids := map[string]string{}
		for _, label := range []string{"ci", "twin", "twin", "old"} {
			_, tk, err := f.svc.IssueToken(ctx, f.member, label)
			if err != nil {
				t.Fatal(err)
			}
			ids[label] = tk.ID
		}
		if _, err := f.svc.RevokeToken(ctx, ids["old"]); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			label   string
			wantID  string
			wantErr error
			wantMsg string
		}{
			{"ci", ids["ci"], nil, ""},
			{"twin", "", nil, "2 live tokens"},
			{"old", "", policy.ErrRevoked, "old"},
			{"none", "", policy.ErrNotFound, "no token labelled"},
		}
		for _, tt := range tests {
			tk, err := f.svc.TokenByLabel(ctx, f.member, tt.label)
			switch {
			case tt.wantID != "":
				if err != nil || tk.ID != tt.wantID {
					t.Errorf("TokenByLabel(%q) = %v, %v; want %s", tt.label, tk, err, tt.wantID)
				}
			case err == nil || (tt.wantErr != nil && !errors.Is(err, tt.wantErr)) || !strings.Contains(err.Error(), tt.wantMsg):
				t.Errorf("TokenByLabel(%q) = %v; want an error %v mentioning %q", tt.label, err, tt.wantErr, tt.wantMsg)
			}
		}
		tks, err := f.svc.Tokens(ctx, f.member)
		if err != nil || len(tks) != 4 {
			t.Fatalf("Tokens() = %d, %v; want 4", len(tks), err)
		}
	})
}
