package policy_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/role"
)

// TestFabricatedSourcesStop: a configuration whose fabricated-source rate this UTC week is over
// the limit has its source proposals stopped — its next submission is refused with the reason —
// while another configuration of the same account is not; the report shows the rate; an
// operator lifts the stop after looking. A pending source counts as neither.
func TestFabricatedSourcesStop(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		agent := f.account(t, "bot", role.Agent)
		in := validInput()
		in.Provenance.GeneratedBy = "model m1, prompt p1"
		p, err := f.svc.Submit(ctx, agent, in)
		if err != nil {
			t.Fatal(err)
		}
		refs, _ := f.svc.Client().Reference.Query().Where(reference.RevisionID(*p.CurrentRevisionID)).Order(reference.ByPosition()).All(ctx)
		found := records.Result{Status: records.StatusFound, Record: records.Record{Title: "Unsolved Problems in Number Theory", Year: 2004}}
		if err := f.svc.RecordConfirmation(ctx, refs[0].ID, found, records.Outcome{Confirmation: records.Confirmed}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Submit(ctx, agent, in); err != nil {
			t.Fatalf("a submission before any fabricated source = %v", err)
		}
		runOf := func() *ent.GateRun {
			run, err := f.svc.Client().GateRun.Query().Where(gaterun.RevisionID(*p.CurrentRevisionID), gaterun.GateEQ(gaterun.GateREFERENCES)).Only(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return run
		}
		before := runOf()
		missing := records.Result{Status: records.StatusNotFound, Reason: "Crossref: 404"}
		if err := f.svc.RecordConfirmation(ctx, refs[1].ID, missing, records.Outcome{Confirmation: records.NotFound, Reason: "no such record"}); err != nil {
			t.Fatal(err)
		}
		// The outcome changed: the references gate of the revision runs again, as a new run.
		if after := runOf(); after.ID == before.ID || after.Outcome != gaterun.OutcomePENDING {
			t.Errorf("references run after a new outcome = %s %s (was %s); want a new pending run", after.ID, after.Outcome, before.ID)
		}
		_, err = f.svc.Submit(ctx, agent, in)
		if diff := cmp.Diff([]errKey{{"references", policy.CodeSourcesStopped}}, keys(err)); diff != "" {
			t.Fatalf("a submission from the stopped configuration (-want +got):\n%s", diff)
		}
		other := validInput()
		other.Provenance.GeneratedBy = "model m2, prompt p1"
		if _, err := f.svc.Submit(ctx, agent, other); err != nil {
			t.Errorf("another configuration of the same account was refused: %v", err)
		}
		report, err := f.svc.SourceReport(ctx, f.operator, f.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		var m1 *policy.SourceRate
		for i := range report {
			if report[i].GeneratedBy == "model m1, prompt p1" {
				m1 = &report[i]
			}
		}
		// Two submissions of m1 with two references each: one confirmed, one not found, two pending.
		if m1 == nil || m1.Proposals != 4 || m1.Fabricated != 1 || m1.Pending != 2 || m1.Rate != 0.5 || !m1.Stopped || m1.WilsonLow <= policy.FabricatedRateLimit {
			t.Errorf("report for m1 = %+v; want 4 proposals, 1 fabricated, 2 pending, rate 0.5, stopped", m1)
		}
		if _, err := f.svc.SourceReport(ctx, f.reviewer, f.clock.Now()); err == nil {
			t.Error("a reviewer read the source report")
		}
		stops, _ := f.svc.OpenStops(ctx)
		var id string
		for src, b := range stops {
			if src == "sources:@bot (model m1, prompt p1)" {
				id = b.ID
			}
		}
		if id == "" {
			t.Fatalf("open stops = %v; want the configuration's", stops)
		}
		if err := f.svc.LiftBatch(ctx, f.operator, id); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Submit(ctx, agent, in); err != nil {
			t.Errorf("a submission after the stop was lifted = %v", err)
		}
	})
}

// TestConfirmLocator: a locator the record plane cannot check stays unconfirmed until a reviewer
// who found the cited place clears it, with a note; the proposer cannot, and it is done once.
func TestConfirmLocator(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		refs, _ := f.svc.Client().Reference.Query().Where(reference.RevisionID(*p.CurrentRevisionID)).Order(reference.ByPosition()).All(ctx)
		withLocator, without := refs[0], refs[1] // "Problem D11", and none
		if err := f.svc.ConfirmLocator(ctx, f.reviewer, withLocator.ID, ""); cmp.Diff([]errKey{{"note", policy.CodeRequired}}, keys(err)) != "" {
			t.Errorf("without a note = %v", err)
		}
		if err := f.svc.ConfirmLocator(ctx, f.member, withLocator.ID, "Found it."); err == nil {
			t.Error("the proposer confirmed their own locator")
		}
		if err := f.svc.ConfirmLocator(ctx, f.reviewer, without.ID, "Found it."); cmp.Diff([]errKey{{"referenceId", policy.CodeConflict}}, keys(err)) != "" {
			t.Errorf("a reference without a locator = %v", err)
		}
		if err := f.svc.ConfirmLocator(ctx, f.reviewer, withLocator.ID, "Problem D11 is on p. 252 of the 3rd edition and states the conjecture."); err != nil {
			t.Fatal(err)
		}
		got, _ := f.svc.Client().Reference.Get(ctx, withLocator.ID)
		if !got.LocatorConfirmed {
			t.Error("the locator is still unconfirmed")
		}
		if err := f.svc.ConfirmLocator(ctx, f.reviewer, withLocator.ID, "Again."); cmp.Diff([]errKey{{"referenceId", policy.CodeConflict}}, keys(err)) != "" {
			t.Errorf("confirming twice = %v", err)
		}
		pk, _ := f.svc.ProblemPacket(ctx, p.ID)
		if v := pk.View(f.reviewer, f.clock.Now(), 10); !v.References[0].LocatorConfirmed {
			t.Error("the packet does not show the confirmed locator")
		}
	})
}
