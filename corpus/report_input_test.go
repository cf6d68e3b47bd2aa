package corpus_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestReportInput takes a report on a merged node's named property with an explanation of 1 to
// MaxExplanation characters (counted as characters, not bytes), trimmed; refuses every other
// input with the reason; and reads a report back by its ID.
func TestReportInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		f.mustMerge(t, person, theorem("t1"))
		reader := f.accountWith(t, "reader")
		greek := strings.Repeat("λ", corpus.MaxExplanation) // 8000 bytes
		for _, tc := range []struct {
			name string
			in   corpus.ReportInput
			want error
		}{
			{"no property", corpus.ReportInput{Node: "t1", Explanation: "wrong"}, corpus.ErrAudit},
			{"a property in lower case", corpus.ReportInput{Node: "t1", Property: "correctness", Explanation: "wrong"}, corpus.ErrAudit},
			{"blank explanation", corpus.ReportInput{Node: "t1", Property: corpus.PropertyStyle, Explanation: " \n "}, corpus.ErrAudit},
			{"too long", corpus.ReportInput{Node: "t1", Property: corpus.PropertyStyle, Explanation: greek + "λ"}, corpus.ErrAudit},
			{"no such node", corpus.ReportInput{Node: "t9", Property: corpus.PropertyStyle, Explanation: "wrong"}, policy.ErrNotFound},
			{"the longest, in two-byte letters", corpus.ReportInput{Node: "t1", Property: corpus.PropertyFidelity, Explanation: greek}, nil},
		} {
			r, err := f.svc.ReportProblem(ctx, reader, tc.in)
			if !errors.Is(err, tc.want) {
				t.Errorf("%s: ReportProblem = %v; want %v", tc.name, err, tc.want)
				continue
			}
			if tc.want != nil {
				continue
			}
			if r.Property != corpus.PropertyFidelity || r.Explanation != greek || r.Node == "" {
				t.Errorf("%s: report = %+v", tc.name, r)
			}
			back, err := f.svc.Report(ctx, r.ID)
			if err != nil || back.ID != r.ID || back.Explanation != greek || back.State != r.State {
				t.Errorf("Report(%s) = %+v, %v", r.ID, back, err)
			}
		}
		if _, err := f.svc.Report(ctx, "rr_nope"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("Report(unknown) = %v; want not found", err)
		}
		if _, err := f.svc.ReportsFor(ctx, reader, 10); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("ReportsFor(a reader) = %v; want forbidden", err)
		}
		if _, err := f.svc.ReportsFor(ctx, nil, 10); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("ReportsFor(nobody) = %v; want unauthenticated", err)
		}
	})
}

// TestReportQueueLimit orders the open reports by level and gives at most limit of them; a limit
// of 0 or less is an empty page, never a failure.
func TestReportQueueLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		f.mustMerge(t, person, theorem("t1"), theorem("t2"))
		reader := f.accountWith(t, "reader")
		reviewer := f.accountWith(t, "rev", role.Reviewer)
		for _, n := range []string{"t1", "t2"} {
			if _, err := f.svc.ReportProblem(ctx, reader, corpus.ReportInput{Node: n, Property: corpus.PropertyStyle, Explanation: "Vague."}); err != nil {
				t.Fatal(err)
			}
		}
		for limit, want := range map[int]int{-3: 0, 0: 0, 1: 1, 2: 2, 50: 2} {
			rs, err := f.svc.ReportsFor(ctx, reviewer, limit)
			if err != nil || len(rs) != want {
				t.Errorf("ReportsFor(limit %d) = %d reports, %v; want %d", limit, len(rs), err, want)
			}
		}
	})
}
