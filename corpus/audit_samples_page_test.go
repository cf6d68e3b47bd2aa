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

// TestAuditSamplesInput lets only an auditor read a month's samples, refuses a page size outside
// 0 to MaxPage and a month that is not YYYY-MM as audit errors, and reads an undrawn month as no
// samples and no draw.
func TestAuditSamplesInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		auditor := f.accountWith(t, "audrey", role.Auditor)
		member := f.accountWith(t, "mem")
		for _, tc := range []struct {
			name  string
			a     bool
			month string
			first int
			want  error
		}{
			{"nobody", false, month, 10, policy.ErrUnauthenticated},
			{"a negative page", true, month, -1, corpus.ErrAudit},
			{"a page too large", true, month, corpus.MaxPage + 1, corpus.ErrAudit},
			{"a malformed month", true, "12/2026", 10, corpus.ErrAudit},
		} {
			a := auditor
			if !tc.a {
				a = nil
			}
			if _, err := f.svc.AuditSamples(ctx, a, tc.month, tc.first, ""); !errors.Is(err, tc.want) {
				t.Errorf("%s: AuditSamples = %v; want %v", tc.name, err, tc.want)
			}
		}
		if _, err := f.svc.AuditSamples(ctx, member, month, 10, ""); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a member's AuditSamples = %v; want forbidden", err)
		}
		for _, first := range []int{0, corpus.MaxPage} {
			p, err := f.svc.AuditSamples(ctx, auditor, month, first, "")
			if err != nil || p.TotalCount != 0 || len(p.Items) != 0 || p.HasNext {
				t.Errorf("AuditSamples(first %d) of an undrawn month = %+v, %v; want an empty page", first, p, err)
			}
		}
		if _, err := f.svc.AuditSample(ctx, auditor, "as_nope"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("AuditSample(unknown) = %v; want not found", err)
		}
		if d, err := f.svc.DrawOf(ctx, month); err != nil || d != nil {
			t.Errorf("DrawOf(an undrawn month) = %+v, %v; want none", d, err)
		}
		if _, err := f.svc.DrawOf(ctx, "2026"); !errors.Is(err, corpus.ErrAudit) {
			t.Errorf("DrawOf(2026) = %v; want an audit error", err)
		}
	})
}
