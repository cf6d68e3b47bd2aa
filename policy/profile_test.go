package policy_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
)

// recordRuns records a result for every pending gate run of a revision: the statement gate's
// with the given findings, every other one passing.
func (f *fixture) recordRuns(t *testing.T, revisionID string, statement []gates.Finding) {
	t.Helper()
	ctx := context.Background()
	runs, err := f.svc.GateRunsToDo(ctx, revisionID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		res := gates.Result{Gate: gates.Name(r.Gate), Version: r.Version, Outcome: gates.OutcomePass,
			Started: f.clock.Now(), Finished: f.clock.Now()}
		if r.Gate == gaterun.GateSTATEMENT {
			res.Findings, res.Outcome = statement, gates.OutcomeOf(statement)
		}
		if err := f.svc.RecordGateResult(ctx, r.ID, "test", res); err != nil {
			t.Fatalf("RecordGateResult(%s) = %v", r.Gate, err)
		}
	}
}

// storedVerdict is the stored verdict of a check's finding on a problem's current revision.
func (f *fixture) storedVerdict(t *testing.T, p *ent.Problem, check string) finding.Verdict {
	t.Helper()
	fs, err := f.svc.Client().Finding.Query().Where(finding.Check(check),
		finding.HasRunWith(gaterun.RevisionID(*p.CurrentRevisionID))).All(context.Background())
	if err != nil || len(fs) != 1 {
		t.Fatalf("findings of %s on %s: %v, %v", check, p.ID, fs, err)
	}
	return fs[0].Verdict
}

var domainFail = []gates.Finding{{Check: "statement.variable-domain", Criterion: "Every variable has a domain.",
	Policy: gates.PolicyVersion, Verdict: gates.Fail, Evidence: gates.Contradicts, Behaviour: "n has no domain.",
	Fix: "Say where n ranges.", Consequence: gates.BlocksQualify, Span: gates.Span{Field: "statement"}}}

// TestOperatingProfile: the default profile, an owner's change as an event in the chain with the
// measured rates, refusals, and the profile applying only to problems submitted after it.
func TestOperatingProfile(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		cur, err := f.svc.OperatingProfile(ctx)
		if err != nil || cur.Name != gates.ProfileStandard || cur.Since != nil || !cur.Current || cur.Rates.Recall <= 0 {
			t.Fatalf("default profile = %+v, %v", cur, err)
		}
		before := f.submit(t, f.member)

		if _, err := f.svc.SetOperatingProfile(ctx, f.reviewer, "EXPEDITED", "faster"); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a reviewer's change = %v; want forbidden", err)
		}
		for _, tt := range []struct{ name, reason, field string }{{"LENIENT", "why", "name"}, {"EXPEDITED", " ", "reason"},
			{"STANDARD", "the same again", "name"}} {
			if _, err := f.svc.SetOperatingProfile(ctx, f.operator, tt.name, tt.reason); len(policy.FieldErrors(err)) == 0 ||
				policy.FieldErrors(err)[0].Field[0] != tt.field {
				t.Errorf("SetOperatingProfile(%q, %q) = %v; want a refusal of %s", tt.name, tt.reason, err, tt.field)
			}
		}

		f.clock.Advance(time.Minute)
		got, err := f.svc.SetOperatingProfile(ctx, f.operator, "expedited", "The queue is two weeks behind.")
		if err != nil {
			t.Fatal(err)
		}
		exp, _ := gates.LookupProfile(gates.ProfileExpedited)
		if got.Name != gates.ProfileExpedited || got.AuthorisedBy != "@otto" || got.Since == nil || got.Rates != exp.Rates() ||
			got.Reason != "The queue is two weeks behind." {
			t.Errorf("after the change: %+v", got)
		}
		hist, err := f.svc.OperatingProfiles(ctx)
		if err != nil || len(hist) != 2 || hist[0].Name != gates.ProfileExpedited || !hist[0].Current ||
			hist[1].Name != gates.ProfileStandard || hist[1].Current {
			t.Errorf("history = %+v, %v", hist, err)
		}
		evs, err := f.svc.Client().Event.Query().Where(event.Kind(policy.KindProfileSet)).All(ctx)
		if err != nil || len(evs) != 1 || evs[0].Actor != f.operator.ID || evs[0].Authority != policy.AuthorityOperator {
			t.Errorf("profile events = %+v, %v", evs, err)
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Errorf("the chain after the change: %v", err)
		}

		f.clock.Advance(time.Minute)
		after := f.submit(t, f.member)
		f.recordRuns(t, *before.CurrentRevisionID, domainFail)
		f.recordRuns(t, *after.CurrentRevisionID, domainFail)
		if v := f.storedVerdict(t, before, "statement.variable-domain"); v != finding.VerdictFAIL {
			t.Errorf("submitted before the change: %s; want FAIL (the standard profile)", v)
		}
		if v := f.storedVerdict(t, after, "statement.variable-domain"); v != finding.VerdictNEEDS_HUMAN {
			t.Errorf("submitted after the change: %s; want NEEDS_HUMAN (the expedited profile)", v)
		}
	})
}

// TestContractQueue: a finding the check could not decide is UNDECIDABLE and goes to the owner of
// the criteria's queue, never against the submitter (no FAIL, no stop); a later decided run takes
// it out.
func TestContractQueue(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		undecided := []gates.Finding{{Check: "statement.tex-wellformed", Criterion: "The statement has textbook-quality notation.",
			Policy: gates.PolicyVersion, Verdict: gates.Unknown, Evidence: gates.Insufficient,
			Behaviour: "The TeX reader stopped at its bound.", Span: gates.Span{Field: "statement"}}}
		f.recordRuns(t, *p.CurrentRevisionID, undecided)
		if _, err := f.svc.ContractQueue(ctx, f.reviewer, 10); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a reviewer reads the contract queue: %v", err)
		}
		q, err := f.svc.ContractQueue(ctx, f.operator, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(q.Items) != 1 || q.Items[0].Kind != "UNDECIDABLE" || q.Items[0].ProblemID != p.ID ||
			q.Items[0].Check != "statement.tex-wellformed" || len(q.ByCriterion) != 1 || q.ByCriterion[0].Items != 1 {
			t.Errorf("contract queue = %+v", q)
		}
		stops, err := f.svc.OpenStops(ctx)
		if err != nil || len(stops) != 0 {
			t.Errorf("an undecidable item stopped a batch: %v, %v", stops, err)
		}
		// The check runs again and decides: the item leaves the queue.
		if _, err := f.svc.RerunGates(ctx, gates.Statement, p.ID); err != nil {
			t.Fatal(err)
		}
		f.recordRuns(t, *p.CurrentRevisionID, []gates.Finding{{Check: "statement.tex-wellformed", Criterion: "c",
			Policy: gates.PolicyVersion, Verdict: gates.Pass, Evidence: gates.Supports, Behaviour: "Reads.", Span: gates.Span{Field: "statement"}}})
		if q, err := f.svc.ContractQueue(ctx, f.operator, 10); err != nil || len(q.Items) != 0 {
			t.Errorf("after a decided run: %+v, %v", q, err)
		}
	})
}
