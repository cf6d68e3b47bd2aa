package policy_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// TestQualifyFollowsTheGates: qualify is refused while a gate of the reviewed revision is
// pending or failing, until every finding a machine could not certify is answered as holding,
// and on any revision but the current one; the answers are recorded with the decision.
func TestQualifyFollowsTheGates(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		rev := *p.CurrentRevisionID
		qualify := func(key string, confirm ...packet.FindingConfirmation) policy.DecisionInput {
			return policy.DecisionInput{ProblemID: p.ID, RevisionID: rev, Action: decision.ActionQUALIFY,
				Notes: qualifyNotes(), IdempotencyKey: key, Confirmations: confirm}
		}
		try := func(name string, in policy.DecisionInput, want []errKey) {
			t.Helper()
			_, err := f.svc.RecordDecision(ctx, f.reviewer, in)
			if diff := cmp.Diff(want, keys(err)); diff != "" {
				t.Errorf("%s: RecordDecision() errors (-want +got):\n%s\nerr = %v", name, diff, err)
			}
		}
		try("pending", qualify("k1"), []errKey{{"action", policy.CodeConflict}})

		runs, err := f.svc.GateRunsToDo(ctx, rev)
		if err != nil || len(runs) != len(gates.All()) {
			t.Fatalf("GateRunsToDo() = %d runs, %v; want %d", len(runs), err, len(gates.All()))
		}
		result := func(g gates.Name, out gates.Outcome, fs ...gates.Finding) gates.Result {
			return gates.Result{Gate: g, Outcome: out, Findings: fs, Started: f.clock.Now(), Finished: f.clock.Now()}
		}
		human := gates.Finding{Check: "statement.explicit-objects", Criterion: "explicit", Policy: gates.PolicyVersion,
			Span: gates.Span{Field: "statement", End: 5, Quote: "Prove"}, Behaviour: "needs a reader",
			Evidence: gates.Insufficient, Verdict: gates.NeedsHuman, Fix: "state the object"}
		fail := human
		fail.Verdict, fail.Evidence, fail.Consequence = gates.Fail, gates.Contradicts, gates.BlocksQualify
		for _, r := range runs {
			res := result(gates.Name(r.Gate), gates.OutcomePass)
			if r.Gate == "STATEMENT" {
				res = result(gates.Statement, gates.OutcomeFail, fail)
			}
			if err := f.svc.RecordGateResult(ctx, r.ID, "d", res); err != nil {
				t.Fatal(err)
			}
		}
		try("failing", qualify("k2"), []errKey{{"action", policy.CodeConflict}})

		// A rerun of the statement gate finds only a NEEDS_HUMAN finding.
		if _, err := f.svc.RerunGates(ctx, gates.Statement, p.ID); err != nil {
			t.Fatal(err)
		}
		runs, _ = f.svc.GateRunsToDo(ctx, rev)
		if len(runs) != 1 {
			t.Fatalf("after a rerun of one gate, %d runs are pending; want 1", len(runs))
		}
		try("rerun pending", qualify("k3"), []errKey{{"action", policy.CodeConflict}})
		if err := f.svc.RecordGateResult(ctx, runs[0].ID, "d", result(gates.Statement, gates.OutcomeNeedsHuman, human)); err != nil {
			t.Fatal(err)
		}
		pk, err := f.svc.ProblemPacket(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pk.Summary.Outcome != "NEEDS_HUMAN" || pk.Summary.NeedsHuman != 1 || pk.Summary.Failing != 0 {
			t.Errorf("summary = %+v; want NEEDS_HUMAN with one finding to answer", pk.Summary)
		}
		fid := pk.Checks[0].Edges.Findings[0].ID

		try("unanswered", qualify("k4"), []errKey{{"confirmations", policy.CodeRequired}})
		try("refuted", qualify("k5", packet.FindingConfirmation{Finding: fid, Holds: false}),
			[]errKey{{"confirmations", policy.CodeConflict}})
		try("not a finding", qualify("k6", packet.FindingConfirmation{Finding: "fnd_nope", Holds: true}),
			[]errKey{{"confirmations.0.finding", policy.CodeInvalid}})
		stale := qualify("k7", packet.FindingConfirmation{Finding: fid, Holds: true})
		stale.RevisionID = "rev_not_of_this_problem"
		try("unknown revision", stale, []errKey{{"revisionId", policy.CodeNotFound}})

		res, err := f.svc.RecordDecision(ctx, f.reviewer, qualify("k8", packet.FindingConfirmation{Finding: fid, Holds: true, Note: "read it"}))
		if err != nil {
			t.Fatalf("qualify with every finding answered = %v", err)
		}
		want := []packet.FindingConfirmation{{Finding: fid, Check: "statement.explicit-objects", Holds: true, Note: "read it"}}
		if diff := cmp.Diff(want, res.Decision.Confirmations); diff != "" {
			t.Errorf("recorded confirmations (-want +got):\n%s", diff)
		}
		if res.Problem.State != problem.StateACCEPTED {
			t.Errorf("state after qualify = %s; want ACCEPTED", res.Problem.State)
		}
	})
}

// TestDecisionOnAnOlderRevision: a reviewer who read revision 1 cannot decide once revision 2
// exists.
func TestDecisionOnAnOlderRevision(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		read := *p.CurrentRevisionID
		in := validInput()
		in.Title = "A sharper title"
		if _, _, err := f.svc.Revise(ctx, f.member, p.ID, "", in); err != nil {
			t.Fatal(err)
		}
		_, err := f.svc.RecordDecision(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, RevisionID: read,
			Action: decision.ActionKEEP_PROSPECTING, Notes: packet.DecisionNotes{Reason: "r", OpenStatus: "o"},
			RevisionRequests: []string{"Name the search."}, IdempotencyKey: "k"})
		if diff := cmp.Diff([]errKey{{"revisionId", policy.CodeStaleRevision}}, keys(err)); diff != "" {
			t.Errorf("decision on revision 1 after revision 2 (-want +got):\n%s\nerr = %v", diff, err)
		}
	})
}

// TestQualifyRefusedWhenAGateCouldNotRun: a gate that could not run at all (a panic, a timeout,
// another version: UNKNOWN with no finding to answer) refuses qualify until it is run again.
func TestQualifyRefusedWhenAGateCouldNotRun(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		runs, _ := f.svc.GateRunsToDo(ctx, *p.CurrentRevisionID)
		for _, r := range runs {
			res := gates.Result{Gate: gates.Name(r.Gate), Outcome: gates.OutcomePass, Started: f.clock.Now(), Finished: f.clock.Now()}
			if r.Gate == "DUPLICATE" {
				res.Outcome, res.Reason = gates.OutcomeUnknown, "the gate did not finish within 10s"
			}
			if err := f.svc.RecordGateResult(ctx, r.ID, "d", res); err != nil {
				t.Fatal(err)
			}
		}
		_, err := f.svc.RecordDecision(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, RevisionID: *p.CurrentRevisionID,
			Action: decision.ActionQUALIFY, Notes: qualifyNotes(), IdempotencyKey: "k"})
		if diff := cmp.Diff([]errKey{{"action", policy.CodeGateNotRun}}, keys(err)); diff != "" {
			t.Errorf("qualify with a gate that could not run (-want +got):\n%s", diff)
		}
	})
}

// TestQualifyRefusedWhileACheckIsUnknown: a check that could not run (UNKNOWN, such as the copy
// check with no index) cannot be confirmed as holding: qualify is refused with GATE_NOT_RUN
// naming it until it runs, and default acceptance, which claims no gate, is not stopped by it.
func TestQualifyRefusedWhileACheckIsUnknown(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		rev := *p.CurrentRevisionID
		runs, _ := f.svc.GateRunsToDo(ctx, rev)
		unknown := gates.Finding{Check: "provenance.copy", Criterion: "copy", Policy: gates.PolicyVersion,
			Span: gates.Span{Field: "statement"}, Behaviour: "no copy-check index is built", Evidence: gates.Insufficient, Verdict: gates.Unknown}
		for _, r := range runs {
			res := gates.Result{Gate: gates.Name(r.Gate), Outcome: gates.OutcomePass, Started: f.clock.Now(), Finished: f.clock.Now()}
			if r.Gate == "PROVENANCE" {
				res.Outcome, res.Findings = gates.OutcomeUnknown, []gates.Finding{unknown}
			}
			if err := f.svc.RecordGateResult(ctx, r.ID, "d", res); err != nil {
				t.Fatal(err)
			}
		}
		pk, err := f.svc.ProblemPacket(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		var fid string
		for _, r := range pk.Checks {
			for _, fd := range r.Edges.Findings {
				if fd.Check == "provenance.copy" {
					fid = fd.ID
				}
			}
		}
		_, err = f.svc.RecordDecision(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, RevisionID: rev,
			Action: decision.ActionQUALIFY, Notes: qualifyNotes(), IdempotencyKey: "k",
			Confirmations: []packet.FindingConfirmation{{Finding: fid, Holds: true, Note: "I looked myself."}}})
		if diff := cmp.Diff([]errKey{{"action", policy.CodeGateNotRun}}, keys(err)); diff != "" {
			t.Fatalf("qualify confirming an UNKNOWN check (-want +got):\n%s\nerr = %v", diff, err)
		}
		if !strings.Contains(err.Error(), "provenance.copy") {
			t.Errorf("the refusal does not name the check: %v", err)
		}
		f.clock.Advance(8 * 24 * time.Hour)
		if n, err := f.svc.AcceptOverdue(ctx); err != nil || n != 1 {
			t.Errorf("default acceptance with an UNKNOWN check: %d accepted, %v; want 1", n, err)
		}
	})
}

// TestRecordGateResultsAtOnce: a revision's results recorded in one transaction leave what they
// leave one by one (outcomes, findings, completion events, the summary), and a run a rerun
// replaced meanwhile is passed over.
func TestRecordGateResultsAtOnce(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		one, all := f.submit(t, f.member), f.submit(t, f.member)
		finding := gates.Finding{Check: "statement.explicit-objects", Criterion: "explicit", Policy: gates.PolicyVersion,
			Span: gates.Span{Field: "statement", End: 5, Quote: "Prove"}, Behaviour: "needs a reader",
			Evidence: gates.Insufficient, Verdict: gates.NeedsHuman, Fix: "state the object"}
		result := func(g string) gates.Result {
			res := gates.Result{Gate: gates.Name(g), Outcome: gates.OutcomePass, Started: f.clock.Now(), Finished: f.clock.Now()}
			if g == "STATEMENT" {
				res.Outcome, res.Findings = gates.OutcomeNeedsHuman, []gates.Finding{finding}
			}
			return res
		}
		runs, err := f.svc.GateRunsToDo(ctx, *one.CurrentRevisionID)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range runs {
			if err := f.svc.RecordGateResult(ctx, r.ID, "d", result(string(r.Gate))); err != nil {
				t.Fatal(err)
			}
		}
		if runs, err = f.svc.GateRunsToDo(ctx, *all.CurrentRevisionID); err != nil {
			t.Fatal(err)
		}
		batch := []policy.GateResult{{RunID: "gr_replaced", Result: result("STATEMENT")}}
		for _, r := range runs {
			batch = append(batch, policy.GateResult{RunID: r.ID, Result: result(string(r.Gate))})
		}
		if err := f.svc.RecordGateResults(ctx, "d", batch); err != nil {
			t.Fatalf("RecordGateResults() = %v", err)
		}
		type seen struct {
			Summary  string
			Outcomes map[string]string
			Findings int
			Events   int
		}
		look := func(id string) seen {
			pk, err := f.svc.ProblemPacket(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			s := seen{Summary: fmt.Sprintf("%+v", pk.Summary), Outcomes: map[string]string{}}
			for _, r := range pk.Checks {
				s.Outcomes[string(r.Gate)] = string(r.Outcome)
				s.Findings += len(r.Edges.Findings)
			}
			for _, e := range pk.Events {
				if e.Kind == policy.KindGateCompleted {
					s.Events++
				}
			}
			return s
		}
		got, want := look(all.ID), look(one.ID)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("recorded at once (-one by one +at once):\n%s", diff)
		}
		if want.Events != len(gates.All()) || want.Findings != 1 {
			t.Errorf("one by one: %+v; want %d completion events and one finding", want, len(gates.All()))
		}
	})
}
