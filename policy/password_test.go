package policy_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/policy"
)

// TestSetPasswordEndsSessions: every session opened before a password is
// set stops authenticating, on every device, while other accounts keep
// theirs; the new password opens a fresh one and the old one opens none.
func TestSetPasswordEndsSessions(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		const oldPW, newPW = "the first password", "the second password"
		for _, a := range []string{f.member.Handle, f.reviewer.Handle} {
			acc, err := f.svc.AccountByHandle(ctx, a)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.svc.SetPassword(ctx, acc, oldPW); err != nil {
				t.Fatalf("SetPassword(@%s) = %v", a, err)
			}
		}
		signIn := func(handle, pw string) string {
			t.Helper()
			tok, _, err := f.svc.Identity().SignIn(ctx, handle, pw)
			if err != nil {
				t.Fatalf("SignIn(@%s) = %v", handle, err)
			}
			return tok
		}
		laptop, phone := signIn("ada", oldPW), signIn("ada", oldPW)
		other := signIn("rita", oldPW)
		for _, tok := range []string{laptop, phone, other} {
			if _, err := f.svc.Identity().SessionAccount(ctx, tok); err != nil {
				t.Fatalf("SessionAccount() before the change = %v", err)
			}
		}

		if err := f.svc.SetPassword(ctx, f.member, newPW); err != nil {
			t.Fatalf("SetPassword() = %v", err)
		}
		tests := []struct {
			name string
			tok  string
			want error
		}{
			{"first session", laptop, policy.ErrUnauthenticated},
			{"second session", phone, policy.ErrUnauthenticated},
			{"other account", other, nil},
		}
		for _, tt := range tests {
			if _, err := f.svc.Identity().SessionAccount(ctx, tt.tok); !errors.Is(err, tt.want) {
				t.Errorf("SessionAccount(%s) after the change = %v; want %v", tt.name, err, tt.want)
			}
		}
		if _, _, err := f.svc.Identity().SignIn(ctx, "ada", oldPW); !errors.Is(err, identity.ErrBadCredentials) {
			t.Errorf("SignIn() with the old password = %v; want ErrBadCredentials", err)
		}
		fresh := signIn("ada", newPW)
		if a, err := f.svc.Identity().SessionAccount(ctx, fresh); err != nil || a.ID != f.member.ID {
			t.Errorf("SessionAccount(new session) = %v, %v; want @ada", a, err)
		}

		// The change is on the record, with how many sessions it ended.
		ev, err := f.svc.Client().Event.Query().Where(event.Kind(policy.KindPasswordSet), event.Subject(f.member.ID)).
			Order(event.BySeq()).All(ctx)
		if err != nil || len(ev) != 2 {
			t.Fatalf("password events of @ada = %d, %v; want 2", len(ev), err)
		}
		var payload struct{ SessionsEnded int }
		if err := json.Unmarshal([]byte(ev[1].Payload), &payload); err != nil || payload.SessionsEnded != 2 {
			t.Errorf("payload = %s; want sessionsEnded 2", ev[1].Payload)
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
	})
}
