package policy_test

import (
	"context"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
)

// completeInput is an honest, complete packet: the fixture's problem with an open-status record,
// a neutral hero handoff and exposition that the statement uses.
func completeInput() policy.ProblemInput {
	in := validInput()
	in.Exposition = []packet.ExpositionEntry{{Kind: packet.Remark, Body: "It suffices to treat prime $n$."}}
	in.OpenStatus = packet.OpenStatus{
		StrongestKnown:   "The conjecture holds for every $n \\le 10^{17}$ (Salez, 2014), and for almost all $n$ (Vaughan, 1970).",
		UnresolvedTarget: "Whether a solution exists for every integer $n \\ge 2$, with no exception."}
	in.Hero = packet.Hero{Brief: "The unit fractions $1/x$, $1/y$, $1/z$ drawn as bars whose lengths add up to the bar $4/n$.",
		Alt:     "Three bars of different lengths laid end to end beside one longer bar of the same total length.",
		Caption: "Three unit fractions laid end to end beside the fraction $4/n$ they are asked to sum to."}
	return in
}

// submitComplete submits the complete packet, has the record plane confirm its sources and a
// second reviewer confirm the primary source's locator, and runs the real gates on it.
func (f *fixture) submitComplete(t *testing.T) *ent.Problem {
	t.Helper()
	ctx := context.Background()
	p, err := f.svc.Submit(ctx, f.member, completeInput())
	if err != nil {
		t.Fatalf("Submit() = %v", err)
	}
	rev := *p.CurrentRevisionID
	refs, err := f.svc.Client().Reference.Query().Where(reference.RevisionID(rev)).Order(reference.ByPosition()).All(ctx)
	if err != nil || len(refs) != 2 {
		t.Fatalf("references = %v, %v", refs, err)
	}
	found := []records.Record{
		{Title: "Unsolved Problems in Number Theory", Authors: []string{"Richard K. Guy"}, Year: 2004, Resolver: "crossref"},
		{Title: "Counting the number of solutions to the Erdős–Straus equation on unit fractions",
			Authors: []string{"Christian Elsholtz", "Terence Tao"}, Year: 2013, Resolver: "arxiv"},
	}
	for i, r := range refs {
		must(t, f.svc.RecordConfirmation(ctx, r.ID, records.Result{Status: records.StatusFound, Record: found[i]},
			records.Outcome{Confirmation: records.Confirmed}))
	}
	checker := f.account(t, "vera", f.reviewer.Roles...)
	must(t, f.svc.ConfirmLocator(ctx, checker, refs[0].ID, "Problem D11 states the conjecture."))
	f.runRealGates(t, rev)
	return p
}

// TestPanelOnRealGateOutput: with every switch on, a stand-in provider that answers qualify with
// every check confirmed, and the real gates' output on a complete packet — whose statement and
// duplicate gates say NEEDS_HUMAN by construction — the panel reaches an early-acceptance
// recommendation with the audit lane affirming it; a packet with a real defect goes to staff.
func TestPanelOnRealGateOutput(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Run("complete packet: recommended, audited", func(t *testing.T) {
			f := newBarePanelFixture(t, d)
			f.problem = f.submitComplete(t)
			f.panel(t, true)
			f.switches(t, true, true, true)
			g := f.run(t)
			if g.Recommendation != string(policy.RouteEarlyAcceptance) || len(f.holds(t)) != 0 {
				t.Fatalf("record %+v (reasons %v), holds %d; want an early-acceptance recommendation", g, g.ReasonCodes, len(f.holds(t)))
			}
			if g.AuditState != string(policy.AuditAffirmed) || f.audit.calls.Load() != 1 {
				t.Errorf("audit state %s after %d audit calls; want AFFIRMED after one", g.AuditState, f.audit.calls.Load())
			}
		})
		t.Run("a real defect: staff", func(t *testing.T) {
			f := newBarePanelFixture(t, d)
			in := completeInput()
			in.OpenStatus.StrongestKnown = ""
			p, err := f.svc.Submit(context.Background(), f.member, in)
			if err != nil {
				t.Fatal(err)
			}
			f.problem = p
			f.runRealGates(t, *p.CurrentRevisionID)
			f.panel(t, true)
			f.switches(t, true, true, true)
			g := f.run(t)
			if g.Recommendation != string(policy.RouteAdministratorReview) || !slices.Contains(g.ReasonCodes, "GATE_FAILED") ||
				len(f.holds(t)) != 1 {
				t.Errorf("record %+v, holds %d; want administrator review naming the failed gate", g, len(f.holds(t)))
			}
		})
	})
}

// TestPanelFlagNeverHolds: with the panel on, an open community flag neither holds the problem
// nor pauses its clock; the recommendation is made on the record as it stands.
func TestPanelFlagNeverHolds(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newBarePanelFixture(t, d)
		f.problem = f.submitComplete(t)
		eve := f.account(t, "eve")
		if _, err := f.svc.FlagProblem(context.Background(), eve, policy.FlagInput{ProblemID: f.problem.ID, Reason: flag.ReasonOTHER,
			Explanation: "I think the title could be clearer."}); err != nil {
			t.Fatal(err)
		}
		f.panel(t, true)
		f.switches(t, true, true, true)
		g := f.run(t)
		if len(f.holds(t)) != 0 || slices.Contains(g.ReasonCodes, "DISPUTED") {
			t.Errorf("a flag: record %+v, holds %d; want no hold and no DISPUTED", g, len(f.holds(t)))
		}
	})
}
