package graph_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
	"github.com/theoremdb/theoremdb/role"
)

// TestLedgerIsTheOwnersAndStaffs: an account's reputation and its ledger lines are readable by
// the account itself and by operators, and by no one else — not anonymously through
// node(id: "acc_…") or node(id: "rep_…"), not by another member.
func TestLedgerIsTheOwnersAndStaffs(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		a := newAPI(t, d)
		ada := a.token("ada")
		bob := a.token("bob")
		op := a.token("olga", role.Operator)
		a.submit("ada", "Good integers")
		acc, _ := a.svc.AccountByHandle(ctx, "ada")
		entry, err := a.svc.Client().ReputationEntry.Query().Where(reputationentry.AccountID(acc.ID)).First(ctx)
		if err != nil {
			t.Fatal(err)
		}
		const byAccount = `query($id: ID!) { node(id: $id) { ... on Account { handle reputation { balance entries { amount } } } } }`
		const byEntry = `query($id: ID!) { node(id: $id) { ... on ReputationEntry { amount kind } } }`
		for _, c := range []struct {
			name, token string
			want        bool
		}{{"anonymous", "", false}, {"another member", bob, false}, {"the owner", ada, true}, {"an operator", op, true}} {
			var out struct {
				Node *struct {
					Handle     string
					Reputation *struct{ Balance int }
				}
			}
			r := a.do(c.token, byAccount, map[string]any{"id": acc.ID}, &out)
			if out.Node == nil || out.Node.Handle != "ada" {
				t.Fatalf("%s: node(account) = %s; want the account", c.name, r.Body)
			}
			if got := out.Node.Reputation != nil; got != c.want {
				t.Errorf("%s reads ada's reputation: %v; want %v (%s)", c.name, got, c.want, r.Body)
			}
			var line struct{ Node *struct{ Amount int } }
			r = a.do(c.token, byEntry, map[string]any{"id": entry.ID}, &line)
			if got := line.Node != nil; got != c.want {
				t.Errorf("%s reads ada's ledger line %s: %v; want %v (%s)", c.name, entry.ID, got, c.want, r.Body)
			}
			if !c.want && (len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "FORBIDDEN") {
				t.Errorf("%s: node(%s) = %s; want one FORBIDDEN error", c.name, entry.ID, r.Body)
			}
		}
	})
}
