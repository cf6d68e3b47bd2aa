package main

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/policy"
)

// admin runs `theoremdb admin args…` with stdin and returns what it printed.
func admin(ctx context.Context, stdin string, args ...string) (stdout, stderr string, err error) {
	var out, errs bytes.Buffer
	err = runAdmin(ctx, args, strings.NewReader(stdin), &out, &errs)
	return out.String(), errs.String(), err
}

// policyOn opens the policy service on the database the commands use.
func policyOn(t *testing.T, url string) *policy.Service {
	t.Helper()
	d, err := db.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return policy.New(d, policy.Config{})
}

var tokenIDRe = regexp.MustCompile(`tok_[0-9A-Z]{26}`)

// TestAdminTokenRevoke walks an operator through making, listing and
// revoking tokens by ID and by label, then checks the revoked tokens no
// longer authenticate and the others still do.
func TestAdminTokenRevoke(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		t.Setenv("DATABASE_URL", url)
		t.Setenv("THEOREMDB_LOG_LEVEL", "error")
		if _, errs, err := admin(ctx, "", "account", "create", "--handle", "ada", "--role", "agent"); err != nil {
			t.Fatalf("account create: %v\n%s", err, errs)
		}
		tokens, ids := map[string]string{}, map[string]string{}
		for _, label := range []string{"ci", "laptop", "leaked", "spare"} {
			out, errs, err := admin(ctx, "", "token", "create", "--handle", "ada", "--label", label)
			if err != nil {
				t.Fatalf("token create: %v\n%s", err, errs)
			}
			if !strings.HasPrefix(out, identity.TokenPrefix) || strings.Count(out, "\n") != 1 {
				t.Fatalf("token create printed %q; want the token alone on one line", out)
			}
			id := tokenIDRe.FindString(errs)
			if id == "" || !strings.Contains(errs, "theoremdb admin token revoke "+id) {
				t.Fatalf("token create said %q; want the token's ID and how to revoke it", errs)
			}
			tokens[label], ids[label] = strings.TrimSpace(out), id
		}
		out, _, err := admin(ctx, "", "token", "list", "--handle", "ada")
		if err != nil {
			t.Fatalf("token list: %v", err)
		}
		for label, id := range ids {
			if !regexp.MustCompile(id + `\tcreated \S+\tlive\t"` + label + `"`).MatchString(out) {
				t.Errorf("token list lacks %s (%s) as live:\n%s", id, label, out)
			}
		}

		if out, _, err = admin(ctx, "", "token", "revoke", ids["ci"]); err != nil || !strings.Contains(out, "revoked token "+ids["ci"]+" of @ada") {
			t.Fatalf("token revoke ID = %q, %v", out, err)
		}
		if out, _, err = admin(ctx, "", "token", "revoke", "--handle", "ada", "--label", "laptop"); err != nil || !strings.Contains(out, ids["laptop"]) {
			t.Fatalf("token revoke --label = %q, %v", out, err)
		}
		if out, _, err = admin(ctx, "", "token", "revoke", tokens["leaked"]); err != nil || !strings.Contains(out, ids["leaked"]) {
			t.Fatalf("token revoke TOKEN = %q, %v", out, err)
		}
		out, _, _ = admin(ctx, "", "token", "list", "--handle", "ada")
		if n := strings.Count(out, "\trevoked "); n != 3 {
			t.Errorf("token list shows %d revoked tokens; want 3:\n%s", n, out)
		}

		svc := policyOn(t, url)
		for label, want := range map[string]error{"ci": policy.ErrUnauthenticated, "laptop": policy.ErrUnauthenticated,
			"leaked": policy.ErrUnauthenticated, "spare": nil} {
			if _, err := svc.Identity().Authenticate(ctx, tokens[label]); !errors.Is(err, want) {
				t.Errorf("Authenticate(%s token) = %v; want %v", label, err, want)
			}
		}
		if n, _ := svc.Client().Event.Query().Where(event.Kind(policy.KindTokenRevoked)).Count(ctx); n != 3 {
			t.Errorf("token.revoked events = %d; want 3", n)
		}

		// What an operator gets wrong, and what they are told.
		tests := []struct {
			name string
			args []string
			want string
		}{
			{"no token", []string{"token", "revoke"}, "usage: theoremdb admin token revoke TOKEN_ID"},
			{"label without handle", []string{"token", "revoke", "--label", "spare"}, "usage: theoremdb admin token revoke"},
			{"ID and label", []string{"token", "revoke", ids["spare"], "--handle", "ada", "--label", "spare"}, "not both"},
			{"two IDs", []string{"token", "revoke", ids["spare"], ids["ci"]}, "usage: theoremdb admin token revoke"},
			{"unknown ID", []string{"token", "revoke", "tok_01JUNKNOWNUNKNOWNUNKNOWNUN"}, "no token tok_01JUNKNOWNUNKNOWNUNKNOWNUN"},
			{"again", []string{"token", "revoke", ids["ci"]}, "already revoked"},
			{"again by the token", []string{"token", "revoke", tokens["leaked"]}, "already revoked"},
			{"unknown token", []string{"token", "revoke", identity.TokenPrefix + "forged"}, "no such token"},
			{"unknown label", []string{"token", "revoke", "--handle", "ada", "--label", "nope"}, `no token labelled "nope"`},
			{"unknown account", []string{"token", "revoke", "--handle", "nobody", "--label", "ci"}, "@nobody"},
			{"list without handle", []string{"token", "list"}, "usage: theoremdb admin token list"},
		}
		for _, tt := range tests {
			_, _, err := admin(ctx, "", tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("admin %s (%s) = %v; want an error mentioning %q", strings.Join(tt.args, " "), tt.name, err, tt.want)
			}
		}
		if _, err := svc.Identity().Authenticate(ctx, tokens["spare"]); err != nil {
			t.Errorf("Authenticate(spare token) after the refused commands = %v; want it still valid", err)
		}
	})
}

// TestAdminPasswordSetEndsSessions: a session opened with the old password
// stops working once the operator sets a new one.
func TestAdminPasswordSetEndsSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		t.Setenv("DATABASE_URL", url)
		t.Setenv("THEOREMDB_LOG_LEVEL", "error")
		if _, errs, err := admin(ctx, "", "account", "create", "--handle", "rita", "--role", "reviewer"); err != nil {
			t.Fatalf("account create: %v\n%s", err, errs)
		}
		if _, errs, err := admin(ctx, "the first password\n", "password", "set", "--handle", "rita"); err != nil {
			t.Fatalf("password set: %v\n%s", err, errs)
		}
		svc := policyOn(t, url)
		session, _, err := svc.Identity().SignIn(ctx, "rita", "the first password")
		if err != nil {
			t.Fatal(err)
		}
		out, errs, err := admin(ctx, "the second password\n", "password", "set", "--handle", "rita")
		if err != nil || !strings.Contains(out, "session") {
			t.Fatalf("password set = %q, %v\n%s; want it to say the sessions ended", out, err, errs)
		}
		if _, err := svc.Identity().SessionAccount(ctx, session); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("SessionAccount(session from before) = %v; want ErrUnauthenticated", err)
		}
	})
}
