package policy_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestReviewQueueOrder: source-backed candidates come before source-poor ones, and source-poor
// generated ones last, each group by deadline; rows carry their checks and holds.
func TestReviewQueueOrder(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		f.account(t, "gen-9", role.Agent)
		poor := func() policy.ProblemInput {
			in := validInput()
			in.References[0].Role = reference.RoleSECONDARY
			return in
		}
		submit := func(a string, in policy.ProblemInput) string {
			t.Helper()
			acc, _ := f.svc.AccountByHandle(ctx, a)
			if a == "gen-9" {
				in.Provenance.GeneratedBy = "gen-9, prompt v3"
			}
			p, err := f.svc.Submit(ctx, acc, in)
			if err != nil {
				t.Fatal(err)
			}
			f.clock.Advance(time.Minute)
			return p.ID
		}
		generated := submit("gen-9", poor())
		sourcePoor := submit(f.member.Handle, poor())
		backed := submit(f.member.Handle, validInput())
		items, err := f.svc.ReviewQueue(ctx, f.reviewer, 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, it := range items {
			got = append(got, it.ID)
		}
		if diff := cmp.Diff([]string{backed, sourcePoor, generated}, got); diff != "" {
			t.Errorf("queue order (-want +got):\n%s", diff)
		}
		if !items[0].SourceBacked || items[1].SourceBacked || !items[2].Generated || items[0].Checks.Pending == 0 {
			t.Errorf("queue rows = %+v", items)
		}
		if c := policy.CountQueue(items); c.Items != 3 || c.SourceBacked != 1 || c.Generated != 1 {
			t.Errorf("CountQueue() = %+v", c)
		}
	})
}
