package corpus_test

import (
	"context"
	"errors"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestDecideReportRefusals: a report is decided once, by a reviewer or an
// auditor other than its reporter; a dismissed report leaves the node's
// level as it was and the report off the queue; an unknown report is not
// found, and a refusal changes nothing.
func TestDecideReportRefusals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		ids := f.mustMerge(t, person, theorem("dr-a"))
		reviewer := f.accountWith(t, "rhea", role.Reviewer)
		auditor := f.accountWith(t, "otto", role.Auditor)
		member := f.accountWith(t, "mo", role.Member)
		before, err := f.svc.Node(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		r, err := f.svc.ReportProblem(ctx, reviewer, corpus.ReportInput{Node: "dr-a", Property: corpus.PropertyCorrectness,
			Explanation: "The identity need not be unique in a monoid."})
		if err != nil {
			t.Fatal(err)
		}

		for _, tc := range []struct {
			name string
			err  error
			want error
		}{
			{"nobody", f.svc.DecideReport(ctx, nil, r.ID, true), policy.ErrUnauthenticated},
			{"a member", f.svc.DecideReport(ctx, member, r.ID, true), policy.ErrForbidden},
			{"its reporter", f.svc.DecideReport(ctx, reviewer, r.ID, true), policy.ErrForbidden},
			{"an unknown report", f.svc.DecideReport(ctx, auditor, "rr_none", true), policy.ErrNotFound},
		} {
			if !errors.Is(tc.err, tc.want) {
				t.Errorf("DecideReport by %s = %v; want %v", tc.name, tc.err, tc.want)
			}
		}
		if back, err := f.svc.Report(ctx, r.ID); err != nil || back.State != r.State {
			t.Fatalf("after refusals the report = %+v, %v; want it %s", back, err, r.State)
		}
		if q, err := f.svc.ReportsFor(ctx, auditor, 10); err != nil || len(q) != 1 || q[0].ID != r.ID {
			t.Errorf("ReportsFor(auditor) = %+v, %v; want the open report", q, err)
		}

		if err := f.svc.DecideReport(ctx, auditor, r.ID, false); err != nil {
			t.Fatalf("dismissing = %v", err)
		}
		if err := f.svc.DecideReport(ctx, auditor, r.ID, true); !errors.Is(err, corpus.ErrAudit) {
			t.Errorf("deciding a dismissed report = %v; want ErrAudit", err)
		}
		back, err := f.svc.Report(ctx, r.ID)
		if err != nil || back.State != "DISMISSED" {
			t.Errorf("the report = %+v, %v; want DISMISSED", back, err)
		}
		if after, err := f.svc.Node(ctx, ids[0]); err != nil || after.Level != before.Level {
			t.Errorf("after a dismissal the node is at E%d, %v; want E%d as before", after.Level, err, before.Level)
		}
		if q, err := f.svc.ReportsFor(ctx, auditor, 10); err != nil || len(q) != 0 {
			t.Errorf("ReportsFor after the decision = %+v, %v; want none", q, err)
		}
	})
}
