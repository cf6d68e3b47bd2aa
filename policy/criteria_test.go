package policy_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// proposeByAppeal has the proposer appeal a keep-prospecting decision on p and the operator
// uphold it with a new version of the variable-domain criterion.
func (f *fixture) proposeByAppeal(t *testing.T, p *ent.Problem, key, proposed string) policy.AppealView {
	t.Helper()
	ctx := context.Background()
	res, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionKEEP_PROSPECTING,
		Notes: packet.DecisionNotes{Reason: "r"}, RevisionRequests: []string{"State the domain of n."}, IdempotencyKey: key})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.AppealDecision(ctx, f.member, res.Decision.ID, "The domain of n is stated in words in the first sentence."); err != nil {
		t.Fatal(err)
	}
	as, err := f.svc.Appeals(ctx, f.operator, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.DecisionID == res.Decision.ID {
			got, err := f.svc.ResolveAppeal(ctx, f.operator, policy.ResolveAppealInput{AppealID: a.ID, Upheld: true,
				Resolution: "The check read only the formula, not the words.", Check: "statement.variable-domain", Proposed: proposed})
			if err != nil || got.CriterionChangeID == "" {
				t.Fatalf("ResolveAppeal = %+v, %v", got, err)
			}
			return got
		}
	}
	t.Fatalf("no appeal of %s in %+v", res.Decision.ID, as)
	return policy.AppealView{}
}

// storedCriterion is the criterion stored with a check's finding on a problem's current revision.
func (f *fixture) storedCriterion(t *testing.T, p *ent.Problem, check string) string {
	t.Helper()
	fs, err := f.svc.Client().Finding.Query().Where(finding.Check(check),
		finding.HasRunWith(gaterun.RevisionID(*p.CurrentRevisionID))).All(context.Background())
	if err != nil || len(fs) != 1 {
		t.Fatalf("findings of %s on %s: %v, %v", check, p.ID, fs, err)
	}
	return fs[0].Criterion
}

// TestCriterionDecision: the owner adopts a proposed criterion with a reason (an event), and
// the adopted text applies only to problems submitted after the adoption, however late the
// earlier ones' gates run; a declined proposal changes nothing; a proposal is decided once, by
// an operator, with a reason; the versions show what changed word by word.
func TestCriterionDecision(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		v2 := "Every variable has a domain, stated in words or in a formula."
		v3 := "Every variable has a domain, stated anywhere in the packet."
		first := f.proposeByAppeal(t, f.submit(t, f.member), "k1", v2)
		second := f.proposeByAppeal(t, f.submit(t, f.member), "k2", v3)
		before := f.submit(t, f.member) // its gates run only after the adoption

		for _, tt := range []struct {
			who    *ent.Account
			id     string
			reason string
			forbid bool
			code   policy.Code
		}{
			{f.reviewer, first.CriterionChangeID, "A reviewer may not adopt criteria.", true, ""},
			{f.operator, first.CriterionChangeID, "short", false, policy.CodeRequired},
			{f.operator, "crc_none", "There is no such version at all.", false, policy.CodeNotFound},
		} {
			_, err := f.svc.DecideCriterion(ctx, tt.who, tt.id, true, tt.reason)
			if tt.forbid != errors.Is(err, policy.ErrForbidden) || !tt.forbid && (len(policy.FieldErrors(err)) == 0 || policy.FieldErrors(err)[0].Code != tt.code) {
				t.Errorf("DecideCriterion(%s, %q) = %v", tt.id, tt.reason, err)
			}
		}

		f.clock.Advance(time.Hour)
		adopted, err := f.svc.DecideCriterion(ctx, f.operator, first.CriterionChangeID, true, "Appeals showed the formula-only reading fails real packets.")
		if err != nil || adopted.State != "ADOPTED" || adopted.DecidedBy != "@otto" || adopted.DecidedAt == nil ||
			!adopted.DecidedAt.Equal(f.clock.Now()) || adopted.DecisionReason == "" || adopted.Proposed != v2 {
			t.Fatalf("adopted = %+v, %v", adopted, err)
		}
		if n := len(adopted.Changes); n < 2 || adopted.Changes[0] != (policy.TextChange{Op: policy.TextSame, Text: "Every variable has a"}) ||
			adopted.Changes[n-1] != (policy.TextChange{Op: policy.TextAdded, Text: "domain, stated in words or in a formula."}) {
			t.Errorf("changes of version 2 = %+v", adopted.Changes)
		}
		if _, err := f.svc.DecideCriterion(ctx, f.operator, first.CriterionChangeID, false, "Declining what was adopted."); len(policy.FieldErrors(err)) == 0 ||
			policy.FieldErrors(err)[0].Code != policy.CodeConflict {
			t.Errorf("deciding twice = %v; want CONFLICT", err)
		}

		// The second proposal was written against the code's text; declining it changes nothing.
		f.clock.Advance(time.Hour)
		declined, err := f.svc.DecideCriterion(ctx, f.operator, second.CriterionChangeID, false, "Anywhere is too broad: a remark is no domain.")
		if err != nil || declined.State != "DECLINED" || declined.Version != 3 {
			t.Fatalf("declined = %+v, %v", declined, err)
		}

		f.clock.Advance(time.Hour)
		after := f.submit(t, f.member)
		f.recordRuns(t, *before.CurrentRevisionID, domainFail)
		f.recordRuns(t, *after.CurrentRevisionID, domainFail)
		if got := f.storedCriterion(t, before, "statement.variable-domain"); got != domainFail[0].Criterion {
			t.Errorf("a problem submitted before the adoption is held to %q; want the criterion it was submitted under", got)
		}
		if got := f.storedCriterion(t, after, "statement.variable-domain"); got != v2 {
			t.Errorf("a problem submitted after the adoption is held to %q; want %q", got, v2)
		}

		// A new proposal replaces the criterion in force, the adopted version.
		third := f.proposeByAppeal(t, after, "k3", "Every variable has a domain.")
		cs, err := f.svc.CriterionChanges(ctx, 10)
		if err != nil || len(cs) != 3 {
			t.Fatalf("CriterionChanges = %+v, %v", cs, err)
		}
		if cs[0].ID != third.CriterionChangeID || cs[0].Previous != v2 || cs[0].Version != 4 || cs[0].State != "PROPOSED" {
			t.Errorf("the newest version = %+v; want version 4 replacing the adopted text", cs[0])
		}
		for kind, want := range map[string]int{policy.KindCriterionAdopted: 1, policy.KindCriterionDeclined: 1, policy.KindCriterionProposed: 3} {
			if n, _ := f.svc.Client().Event.Query().Where(event.Kind(kind), event.Subject("criterion:statement.variable-domain")).Count(ctx); n != want {
				t.Errorf("%d %s events; want %d", n, kind, want)
			}
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
	})
}

// TestWordDiff: the difference between two texts keeps the shared words in order.
func TestWordDiff(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		want []policy.TextChange
	}{
		{"a b c", "a b c", []policy.TextChange{{Op: policy.TextSame, Text: "a b c"}}},
		{"every n has a domain", "every variable n has a stated domain", []policy.TextChange{{Op: policy.TextSame, Text: "every"},
			{Op: policy.TextAdded, Text: "variable"}, {Op: policy.TextSame, Text: "n has a"}, {Op: policy.TextAdded, Text: "stated"},
			{Op: policy.TextSame, Text: "domain"}}},
		{"x y", "z", []policy.TextChange{{Op: policy.TextRemoved, Text: "x y"}, {Op: policy.TextAdded, Text: "z"}}},
		{"", "new", []policy.TextChange{{Op: policy.TextAdded, Text: "new"}}},
	} {
		if got := policy.WordDiff(tt.a, tt.b); !slices.Equal(got, tt.want) {
			t.Errorf("WordDiff(%q, %q) = %+v; want %+v", tt.a, tt.b, got, tt.want)
		}
	}
}
