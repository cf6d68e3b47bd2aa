package policy_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// TestEventCountsBy: an account's events are counted by kind, and another's are not among them.
func TestEventCountsBy(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		ctx := context.Background()
		for _, sw := range []struct {
			name string
			on   bool
		}{{"master", true}, {"master", false}, {"agent-review", true}} {
			if err := f.svc.SetSwitch(ctx, f.operator, sw.name, sw.on, "test"); err != nil {
				t.Fatal(err)
			}
		}
		f.submit(t, f.member)
		for _, tc := range []struct {
			name, actor string
			want        map[string]int
		}{
			{"operator", f.operator.ID, map[string]int{policy.KindSwitchSet: 3}},
			{"member", f.member.ID, map[string]int{policy.KindProblemSubmitted: 1}},
			{"reviewer", f.reviewer.ID, map[string]int{}},
		} {
			got, err := f.svc.EventCountsBy(ctx, tc.actor)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("EventCountsBy(%s) (-want +got):\n%s", tc.name, diff)
			}
		}
	})
}
