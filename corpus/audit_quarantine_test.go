package corpus_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/corpusgaterun"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// stopAgent merges three of the agent's theorems and a person's theorem
// resting on the first, confirms the second, and records an audit error
// on the first: the agent's configuration stops, holding the first and the
// third and flagging the person's. It returns the agent's and the person's
// node IDs.
func (f *fixture) stopAgent(t *testing.T) (agentIDs, personIDs []string) {
	t.Helper()
	ctx := context.Background()
	agentIDs = f.mustMerge(t, agent, agentTheorems(3, "a")...)
	dep := theorem("p1", "a0")
	dep.Body = "The identity of a group of order two is unique, as for every group."
	personIDs = f.mustMerge(t, person, dep)
	if err := f.svc.Confirm(ctx, "a1", corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmProof}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Draw(ctx, "acc_op", month, "seed-q"); err != nil {
		t.Fatal(err)
	}
	auditor := f.accountWith(t, "audrey", role.Auditor)
	page, err := f.svc.AuditSamples(ctx, auditor, month, 10, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range page.Items {
		if it.Node.ID != agentIDs[0] {
			continue
		}
		if _, err := f.svc.RecordAudit(ctx, auditor, corpus.AuditInput{Sample: it.ID, Property: corpus.PropertyCorrectness,
			Error: true, ErrorClass: corpus.ClassDroppedHypothesis, Seconds: 200}); err != nil {
			t.Fatal(err)
		}
		return agentIDs, personIDs
	}
	t.Fatalf("no sample of %s among %d", agentIDs[0], len(page.Items))
	return nil, nil
}

// TestQuarantineDecidedAndLifted: a stop generates a change request
// holding its unconfirmed output, one draft and one NEEDS_HUMAN finding per
// node; only reviewers decide (fix, rerun, retire) and only operators lift,
// never with a node undecided; a retired node is released at once, a fixed
// one when a person's revision of it merges, and with the last one the
// flagged dependants are released and the generated request closes. All of
// it is in the hash-chained log.
func TestQuarantineDecidedAndLifted(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		agentIDs, personIDs := f.stopAgent(t)
		c := f.pol.Client()

		stops, err := f.svc.Stops(ctx, 10)
		if err != nil || len(stops) != 1 {
			t.Fatalf("Stops = %d, %v; want one", len(stops), err)
		}
		st := stops[0]
		if st.ChangeRequest == "" || st.LiftedAt != nil || st.Property != corpus.PropertyCorrectness || st.Errors != 1 {
			t.Fatalf("stop = %+v", st)
		}
		var held []string
		for _, h := range st.Held {
			held = append(held, h.Node+":"+h.Mark)
		}
		if want := agentIDs[0] + ":QUARANTINED " + agentIDs[2] + ":QUARANTINED " + personIDs[0] + ":FLAGGED"; strings.Join(held, " ") != want {
			t.Errorf("held = %v; want %s", held, want)
		}

		// The generated request: opened by the audit, open and unmergeable,
		// one draft revising each held node, one finding asking for each.
		cr, err := f.svc.ChangeRequest(ctx, st.ChangeRequest)
		if err != nil {
			t.Fatal(err)
		}
		if cr.State != corpus.StateFailed || cr.Writer.ID != corpus.OpenerAudit || cr.FailedGate != corpus.GateQuarantine {
			t.Errorf("generated request = %s by %s at %s; want FAILED by audit at quarantine", cr.State, cr.Writer.ID, cr.FailedGate)
		}
		if len(cr.Drafts) != 2 || cr.Drafts[0].Revises != agentIDs[0] || cr.Drafts[1].Revises != agentIDs[2] {
			t.Errorf("generated drafts = %+v; want revisions of %s and %s", cr.Drafts, agentIDs[0], agentIDs[2])
		}
		if len(cr.Gates) != 1 || len(cr.Gates[0].Findings) != 2 || cr.Gates[0].Findings[0].Verdict != "NEEDS_HUMAN" ||
			!strings.Contains(cr.Gates[0].Findings[0].Behaviour, agentIDs[0]) {
			t.Errorf("generated gate results = %+v", cr.Gates)
		}
		if _, err := f.svc.Revise(ctx, st.ChangeRequest, corpus.Request{Writer: person, Drafts: []corpus.Draft{theorem("x")}}); !errors.Is(err, corpus.ErrNotWriter) {
			t.Errorf("a person revises the generated request: %v; want ErrNotWriter", err)
		}

		member := f.accountWith(t, "mia")
		reviewer := f.accountWith(t, "rita", role.Reviewer)
		operator := f.accountWith(t, "otto", role.Operator)
		if _, err := f.svc.DecideQuarantine(ctx, member, corpus.QuarantineDecision{Node: agentIDs[0], Resolution: corpus.ResolutionFix}); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a member decides: %v; want forbidden", err)
		}
		for _, bad := range []corpus.QuarantineDecision{
			{Node: agentIDs[0], Resolution: "KEEP"},
			{Node: agentIDs[0], Resolution: corpus.ResolutionFix, Successor: agentIDs[1]},
			{Node: agentIDs[1], Resolution: corpus.ResolutionRetire}, // confirmed, so not held
		} {
			if _, err := f.svc.DecideQuarantine(ctx, reviewer, bad); !errors.Is(err, corpus.ErrQuarantine) {
				t.Errorf("DecideQuarantine(%+v) = %v; want ErrQuarantine", bad, err)
			}
		}
		if _, err := f.svc.LiftStop(ctx, reviewer, st.ID, "new prompt"); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a reviewer lifts: %v; want forbidden", err)
		}
		if _, err := f.svc.LiftStop(ctx, operator, st.ID, "new prompt"); !errors.Is(err, corpus.ErrQuarantine) ||
			!strings.Contains(err.Error(), agentIDs[0]) || !strings.Contains(err.Error(), agentIDs[2]) {
			t.Errorf("a lift with two nodes undecided: %v; want ErrQuarantine naming both", err)
		}

		// Retire the third: released at once; fix the first: held until its revision merges.
		v, err := f.svc.DecideQuarantine(ctx, reviewer, corpus.QuarantineDecision{Node: agentIDs[2], Resolution: corpus.ResolutionRetire})
		if err != nil {
			t.Fatal(err)
		}
		if h := heldOf(v, agentIDs[2]); !h.Released || h.Resolution != corpus.ResolutionRetire {
			t.Errorf("retired node = %+v; want released", h)
		}
		if n, _ := f.svc.Node(ctx, agentIDs[2]); n == nil || !n.Retired {
			t.Errorf("node %s not retired", agentIDs[2])
		}
		if _, err := f.svc.DecideQuarantine(ctx, reviewer, corpus.QuarantineDecision{Node: agentIDs[0], Resolution: corpus.ResolutionFix}); err != nil {
			t.Fatal(err)
		}
		if m, _ := f.svc.Quarantined(ctx, agentIDs[0]); m != "QUARANTINED" {
			t.Errorf("a node to fix reads %q before its revision merges; want QUARANTINED", m)
		}
		if m, _ := f.svc.Quarantined(ctx, personIDs[0]); m != "FLAGGED" {
			t.Errorf("the dependant reads %q while its dependency is held; want FLAGGED", m)
		}

		// Every node decided: the operator lifts, and the agent writes again.
		lifted, err := f.svc.LiftStop(ctx, operator, st.ID, "prompt p-3 now states every hypothesis of its source")
		if err != nil || lifted.LiftedAt == nil || lifted.LiftReason == "" {
			t.Fatalf("LiftStop = %+v, %v", lifted, err)
		}
		if _, err := f.svc.LiftStop(ctx, operator, st.ID, "again"); !errors.Is(err, corpus.ErrQuarantine) {
			t.Errorf("a second lift: %v; want ErrQuarantine", err)
		}
		f.mustMerge(t, agent, agentTheorems(5, "after")[4])

		// A person's revision of the first merges: it is released, then the
		// flagged dependant, and the generated request closes.
		fix := corpus.Draft{Kind: corpus.Theorem, Title: "Identity a0", Revises: agentIDs[0],
			Body: "Every finite group of order 2 has exactly one identity element $e$, as every group does."}
		f.mustMerge(t, person, fix)
		v, err = f.svc.Stop(ctx, st.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{agentIDs[0], personIDs[0]} {
			if h := heldOf(v, id); !h.Released {
				t.Errorf("%s = %+v after the fix merged; want released", id, h)
			}
			if m, _ := f.svc.Quarantined(ctx, id); m != "" {
				t.Errorf("Quarantined(%s) = %q after the fix merged", id, m)
			}
		}
		if h := heldOf(v, agentIDs[0]); h.Resolution != corpus.ResolutionFix {
			t.Errorf("fixed node resolution = %q", h.Resolution)
		}
		if got, _ := c.ChangeRequest.Get(ctx, st.ChangeRequest); got.State != changerequest.StateWITHDRAWN {
			t.Errorf("generated request = %s once every node is released; want closed (WITHDRAWN)", got.State)
		}
		runs, _ := c.CorpusGateRun.Query().Where(corpusgaterun.ChangeRequestID(st.ChangeRequest)).Count(ctx)
		if runs != 1 {
			t.Errorf("the generated request has %d gate runs; want its one", runs)
		}
		for _, k := range []string{corpus.KindQuarantineOpened, corpus.KindQuarantineDecided, corpus.KindQuarantineReleased,
			corpus.KindQuarantineClosed, corpus.KindStopLifted} {
			if n, _ := c.Event.Query().Where(event.Kind(k)).Count(ctx); n == 0 {
				t.Errorf("no %s event", k)
			}
		}
		if _, err := f.pol.VerifyLog(ctx); err != nil {
			t.Errorf("VerifyLog = %v", err)
		}
	})
}

func heldOf(v *corpus.StopView, node string) corpus.HeldNode {
	for _, h := range v.Held {
		if h.Node == node {
			return h
		}
	}
	return corpus.HeldNode{}
}
