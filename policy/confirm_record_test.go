package policy_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/role"
)

// TestRecordOutcomesRerunTheirGates: what the record plane finds of a reference runs again the
// gates that read it — a new outcome both the provenance and the references gate, a definite
// outcome's new reason or a confirmed locator the references gate, a pending source's new reason
// neither — and the provenance gate, run on the revision as policy builds it, fails a problem
// whose primary source is fabricated, also when it was an agent's and left the bibliography.
func TestRecordOutcomesRerunTheirGates(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submitChecked(t, f.member)
		rev := *p.CurrentRevisionID
		refs, err := f.svc.Client().Reference.Query().Where(reference.RevisionID(rev)).Order(reference.ByPosition()).All(ctx)
		if err != nil || len(refs) != 2 || refs[0].Role != reference.RolePRIMARY {
			t.Fatalf("references = %v, %v; want the primary source and a status source", refs, err)
		}
		primary, status := refs[0].ID, refs[1].ID
		guy := records.Result{Status: records.StatusFound, Record: records.Record{Title: "Unsolved Problems in Number Theory",
			Authors: []string{"Richard K. Guy"}, Year: 2004, Resolver: "crossref"}}

		rerun := func(step string, want ...gates.Name) {
			t.Helper()
			runs, err := f.svc.GateRunsToDo(ctx, rev)
			if err != nil {
				t.Fatal(err)
			}
			var got []gates.Name
			for _, r := range runs {
				got = append(got, gates.Name(r.Gate))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: gates to run again = %v; want %v", step, got, want)
			}
			if err := f.passGates(ctx, rev); err != nil {
				t.Fatal(err)
			}
		}

		must(t, f.svc.RecordConfirmation(ctx, primary, guy, records.Outcome{Confirmation: records.Confirmed}))
		rerun("a new outcome", gates.Provenance, gates.References)

		must(t, f.svc.RecordConfirmation(ctx, status, records.Result{Status: records.StatusUnreachable, Reason: "timeout"},
			records.Outcome{Confirmation: records.Pending, Reason: "not yet resolved: the record plane is unreachable (timeout)"}))
		rerun("a pending source's new reason")

		note := "the record plane read Problem D11 of the book and found a section, but the reference cites it as a lemma"
		must(t, f.svc.RecordConfirmation(ctx, primary, guy, records.Outcome{Confirmation: records.Confirmed, Reason: note}))
		rerun("a confirmed source's locator note", gates.References)
		if in, _ := f.svc.GateInput(ctx, rev); in.References[0].ConfirmationReason != note {
			t.Errorf("the gates read the reason %q; want the locator note", in.References[0].ConfirmationReason)
		}

		must(t, f.svc.ConfirmLocator(ctx, f.reviewer, primary, "Problem D11 states the conjecture."))
		rerun("a locator a person confirmed", gates.References)
		if r, _ := f.svc.Client().Reference.Get(ctx, primary); !r.LocatorConfirmed || r.ConfirmationReason != "" {
			t.Errorf("after a person confirmed the locator: confirmed %v, reason %q; want confirmed and the plane's note answered", r.LocatorConfirmed, r.ConfirmationReason)
		}

		must(t, f.svc.RecordConfirmation(ctx, primary, records.Result{Status: records.StatusNotFound, Reason: "Crossref: no such DOI"},
			records.Outcome{Confirmation: records.NotFound, Reason: "Crossref: no such DOI"}))
		rerun("the source turns out fabricated", gates.Provenance, gates.References)
		provenanceFails(t, f.svc, rev, "references[0]", "Crossref: no such DOI")

		// An agent's fabricated primary source leaves the bibliography; the provenance gate
		// still reads it.
		agent := f.account(t, "scout", role.Agent)
		in := validInput()
		in.Title = "Erdős–Straus conjecture for primes"
		in.Provenance.GeneratedBy = "agent scout, model m1, prompt p1"
		in.Provenance.Motivation = "Elsholtz and Tao counted solutions for primes, which leaves the prime case the one to settle."
		ap, err := f.svc.Submit(ctx, agent, in)
		if err != nil {
			t.Fatal(err)
		}
		arev := *ap.CurrentRevisionID
		aprimary, err := f.svc.Client().Reference.Query().Where(reference.RevisionID(arev), reference.RoleEQ(reference.RolePRIMARY)).OnlyID(ctx)
		if err != nil {
			t.Fatal(err)
		}
		must(t, f.svc.RecordConfirmation(ctx, aprimary, records.Result{Status: records.StatusFound, Record: records.Record{Title: "Old and New Problems in Number Theory", Year: 1980}},
			records.Outcome{Confirmation: records.Mismatch, Field: "title", Reason: "the claimed title is not the record's"}))
		gin, err := f.svc.GateInput(ctx, arev)
		if err != nil {
			t.Fatal(err)
		}
		if len(gin.References) != 1 || len(gin.Rejected) != 1 || gin.Rejected[0].Confirmation != "MISMATCH" {
			t.Fatalf("the agent's packet: %d references, rejected %+v; want the fabricated primary out of the bibliography and kept for provenance", len(gin.References), gin.Rejected)
		}
		provenanceFails(t, f.svc, arev, "dropped from the bibliography", "the claimed title is not the record's")
	})
}

func provenanceFails(t *testing.T, svc *policy.Service, revisionID, row, reason string) {
	t.Helper()
	in, err := svc.GateInput(context.Background(), revisionID)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := gates.ByName(gates.Provenance)
	res := gates.RunGate(context.Background(), g, in, gates.Env{}, 0)
	for _, f := range res.Findings {
		if f.Check == "provenance.source-record" && f.Verdict == gates.Fail && strings.Contains(f.Behaviour, row) && strings.Contains(f.Behaviour, reason) {
			return
		}
	}
	t.Errorf("provenance gate findings = %+v; want provenance.source-record to fail %s for %q", res.Findings, row, reason)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
