package policy_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// verdictProvider is an OpenAI-compatible chat-completions server that answers every prompt with
// the recommendation it is set to: qualify with every check confirmed, anything else with the
// first check unconfirmed and a blocker. With fail set it answers 500.
type verdictProvider struct {
	*httptest.Server
	model string
	mu    sync.Mutex
	rec   lanes.Recommendation
	fail  bool
	calls atomic.Int64
	// flipAfter, when set, makes every call after that many answer flipTo instead.
	flipAfter int64
	flipTo    lanes.Recommendation
}

func newVerdictProvider(t *testing.T, model string) *verdictProvider {
	t.Helper()
	p := &verdictProvider{model: model, rec: lanes.Qualify}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := p.calls.Add(1)
		p.mu.Lock()
		rec, fail := p.rec, p.fail
		if p.flipAfter > 0 && n > p.flipAfter {
			rec = p.flipTo
		}
		p.mu.Unlock()
		if fail {
			http.Error(w, `{"error":{"message":"The server had an error","type":"server_error"}}`, http.StatusInternalServerError)
			return
		}
		var req struct {
			Messages []struct{ Role, Content string }
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) == 0 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		var checks []string
		for _, pr := range lanes.Prompts() {
			if pr.Text == req.Messages[0].Content {
				checks = pr.Checks
			}
		}
		cs := map[string]any{}
		for i, c := range checks {
			cs[c] = map[string]any{"confirmed": rec == lanes.Qualify || i > 0, "reason": "Read against the packet."}
		}
		blockers := []string{}
		if rec != lanes.Qualify {
			blockers = append(blockers, "The record does not support "+checks[0]+".")
		}
		content, _ := json.Marshal(map[string]any{"checks": cs, "recommendation": rec, "blockers": blockers,
			"concerns": []string{}, "unknowns": []string{}})
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-1", "object": "chat.completion", "model": p.model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": string(content), "refusal": nil}}},
			"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 200, "total_tokens": 1200}})
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *verdictProvider) set(rec lanes.Recommendation, fail bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rec, p.fail = rec, fail
}

// reportFixture has a panel of three approved lanes on one provider and an approved audit lane on
// another, every switch on.
type reportFixture struct {
	*fixture
	panel, audit *verdictProvider
	cfg          policy.PanelConfig
	lanes        map[string]*ent.Lane
}

func newReportFixture(t *testing.T, d string) *reportFixture {
	t.Helper()
	ctx := context.Background()
	f := &reportFixture{fixture: newFixture(t, d), lanes: map[string]*ent.Lane{}}
	f.panel = newVerdictProvider(t, "model-a-2026-01")
	f.audit = newVerdictProvider(t, "model-b-2026-02")
	f.cfg = policy.PanelConfig{AuditSeed: []byte("report seed"), DefectLimit: 1000,
		Build: func(c lanes.Config) (lanes.Lane, error) {
			return lanes.New(c, lanes.WithEnv(func(string) (string, bool) { return "test-key", true }),
				lanes.WithSleep(func(context.Context, time.Duration) error { return nil }))
		}}
	for _, l := range []struct {
		id   string
		role lanes.Role
		p    *verdictProvider
	}{{"pa", lanes.PriorArt, f.panel}, {"mc", lanes.MathCritique, f.panel}, {"fr", lanes.FormalReadiness, f.panel},
		{"au", lanes.Audit, f.audit}} {
		added, err := f.svc.AddLane(ctx, f.operator, policy.LaneInput{Identity: l.id, Role: string(l.role), Provider: "openai",
			BaseURL: l.p.URL + "/v1", Model: l.p.model, ModelVersion: l.p.model})
		if err != nil {
			t.Fatal(err)
		}
		if f.lanes[l.id], err = f.svc.ApproveLane(ctx, f.operator, added.ID); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"master", "agent-review", "audit-lane"} {
		if err := f.svc.SetSwitch(ctx, f.operator, name, true, "test"); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// reviewed submits a problem, runs the panel with the panel lanes recommending rec, and returns
// the problem and its record.
func (f *reportFixture) reviewed(t *testing.T, rec lanes.Recommendation) (*ent.Problem, *policy.PublicationGateView) {
	t.Helper()
	f.panel.set(rec, false)
	p := f.submitChecked(t, f.member)
	g, err := f.svc.RunPanel(context.Background(), *p.CurrentRevisionID, f.cfg)
	if err != nil || g == nil {
		t.Fatalf("RunPanel() = %+v, %v", g, err)
	}
	f.clock.Advance(time.Minute)
	return p, g
}

// decide records a decision by actor on p's current revision.
func (f *reportFixture) decideAs(t *testing.T, actor *ent.Account, p *ent.Problem, action decision.Action) {
	t.Helper()
	in := policy.DecisionInput{ProblemID: p.ID, RevisionID: *p.CurrentRevisionID, Action: action,
		IdempotencyKey: "k-" + p.ID + "-" + string(action)}
	switch action {
	case decision.ActionQUALIFY:
		in.Notes = qualifyNotes()
	case decision.ActionARCHIVE:
		in.Notes = packet.DecisionNotes{Reason: "Known answer.", OpenStatus: "Solved in 2019.", ReferenceCoverage: "The 2019 paper."}
		in.ReasonCode = ptr(decision.ReasonCodeKNOWN_ANSWER)
	case decision.ActionKEEP_PROSPECTING:
		in.Notes = packet.DecisionNotes{Reason: "The open-status note needs a source."}
		in.RevisionRequests = []string{"Cite the source of the strongest known result."}
	}
	if _, err := f.svc.RecordDecision(context.Background(), actor, in); err != nil {
		t.Fatalf("RecordDecision(%s, %s) = %v", p.ID, action, err)
	}
	f.clock.Advance(time.Minute)
}

func (f *reportFixture) report(t *testing.T) map[string]policy.LaneReportRow {
	t.Helper()
	r, err := f.svc.LaneReport(context.Background(), f.operator, time.Time{}, f.clock.Now().Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]policy.LaneReportRow{}
	for _, row := range r.Lanes {
		out[row.Identity] = row
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-4 }

// TestLaneReport: reviews and decisions made through the policy; agreement with the human
// decision that followed, the escalation rate and the escalation-change rate, per lane.
func TestLaneReport(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newReportFixture(t, d)

		// P1: the panel qualifies, the audit affirms, a reviewer qualifies: agreement, no escalation.
		p1, g1 := f.reviewed(t, lanes.Qualify)
		if g1.Recommendation != string(policy.RouteEarlyAcceptance) {
			t.Fatalf("P1 record %+v; want an early-acceptance recommendation", g1)
		}
		f.decideAs(t, f.reviewer, p1, decision.ActionQUALIFY)

		// Escalated so far, and not decided: the change rate is unknown and said so.
		p2, g2 := f.reviewed(t, lanes.KeepProspecting)
		if g2.Recommendation != string(policy.RouteAdministratorReview) {
			t.Fatalf("P2 record %+v; want administrator review", g2)
		}
		rows := f.report(t)
		pa := rows["pa"]
		if pa.Escalation.Escalated.Count != 1 || pa.Escalation.Escalated.Of != 2 || pa.Escalation.Changed.Known() ||
			pa.Escalation.Changed.Percent() != "—" || !strings.Contains(pa.Escalation.ChangeNote, "decided none") {
			t.Errorf("before any staff decision: escalation %+v", pa.Escalation)
		}
		if pa.Agreement.Agreed.Count != 1 || pa.Agreement.Agreed.Of != 1 || pa.Agreement.Recommended != 2 ||
			!strings.Contains(pa.Agreement.Note, "1 of its 2") {
			t.Errorf("before P2 is decided: agreement %+v", pa.Agreement)
		}

		// P3: escalated, and staff decide as the lanes recommended: never changed, and said so.
		p3, _ := f.reviewed(t, lanes.KeepProspecting)
		f.decideAs(t, f.operator, p3, decision.ActionKEEP_PROSPECTING)
		rows = f.report(t)
		pa = rows["pa"]
		if pa.Escalation.Changed.Count != 0 || pa.Escalation.Changed.Of != 1 || pa.Escalation.Changed.Percent() != "0.0%" ||
			!strings.Contains(pa.Escalation.ChangeNote, "never changed") {
			t.Errorf("staff agreeing with the lane: change %+v, note %q", pa.Escalation.Changed, pa.Escalation.ChangeNote)
		}

		// P2 decided by staff against the lanes: changed once of two.
		f.decideAs(t, f.operator, p2, decision.ActionQUALIFY)
		// P4: escalated because a panel lane failed: it had no outcome to change.
		f.panel.set(lanes.KeepProspecting, true)
		p4 := f.submitChecked(t, f.member)
		if g, err := f.svc.RunPanel(ctx, *p4.CurrentRevisionID, f.cfg); err != nil || g.Recommendation != string(policy.RouteAdministratorReview) {
			t.Fatalf("P4: %+v, %v", g, err)
		}
		f.clock.Advance(time.Minute)
		f.decideAs(t, f.operator, p4, decision.ActionQUALIFY)

		rows = f.report(t)
		for _, id := range []string{"pa", "mc", "fr"} {
			r := rows[id]
			if r.Reviews != 4 || r.Calls != 4 || r.Failed != 1 || len(r.Failures) != 1 || r.Failures[0].Class != lanes.ClassProvider ||
				r.Failures[0].Codes[0].Failure != lanes.FailureServerError {
				t.Errorf("%s: reviews %d, calls %d, failed %d %+v", id, r.Reviews, r.Calls, r.Failed, r.Failures)
			}
			// P1 qualify=qualify, P2 keep≠qualify, P3 keep=keep; P4 failed and recommends nothing.
			a := r.Agreement
			if a.Recommended != 3 || a.Agreed.Count != 2 || a.Agreed.Of != 3 || a.ByRevision != 3 || a.ByProblem != 0 || a.Note != "" {
				t.Errorf("%s: agreement %+v", id, a)
			}
			if lo, hi := a.Agreed.Low, a.Agreed.High; !near(lo, 0.2077) || !near(hi, 0.9385) {
				t.Errorf("%s: agreement 2/3 Wilson interval %.4f–%.4f; want 0.2077–0.9385", id, lo, hi)
			}
			e := r.Escalation
			if e.Escalated.Count != 3 || e.Escalated.Of != 4 || e.Changed.Count != 1 || e.Changed.Of != 2 || e.NoRecommendation != 1 ||
				!strings.Contains(e.ChangeNote, "had failed") {
				t.Errorf("%s: escalation %+v", id, e)
			}
			if r.InputTokens != 3000 || r.OutputTokens != 600 || r.LatencyP95 < r.LatencyMean {
				t.Errorf("%s: tokens %d/%d, latency mean %v p95 %v", id, r.InputTokens, r.OutputTokens, r.LatencyMean, r.LatencyP95)
			}
			if r.Gold.Reviews != 0 || r.Gold.Right.Known() || r.Gold.Note == "" {
				t.Errorf("%s: gold %+v; want none, said so", id, r.Gold)
			}
		}
		// The audit lane reviewed P1 only (the only otherwise qualifying recommendation).
		au := rows["au"]
		if au.Reviews != 1 || au.Agreement.Agreed.Count != 1 || au.Agreement.Agreed.Of != 1 || au.Escalation.Escalated.Of != 1 ||
			au.Escalation.Escalated.Count != 0 || !strings.Contains(au.Escalation.ChangeNote, "None of its panels") {
			t.Errorf("audit lane: %+v", au)
		}

		// A period with nothing in it: every rate unknown, and every note says why.
		empty, err := f.svc.LaneReport(ctx, f.operator, f.clock.Now().Add(time.Hour), f.clock.Now().Add(2*time.Hour))
		if err != nil || len(empty.Lanes) != 4 {
			t.Fatalf("empty period: %+v, %v", empty, err)
		}
		for _, r := range empty.Lanes {
			if r.Calls != 0 || r.Agreement.Agreed.Known() || r.Escalation.Escalated.Known() || r.Agreement.Note == "" ||
				r.Escalation.Note == "" || r.Gold.Note == "" {
				t.Errorf("empty period, %s: %+v", r.Identity, r)
			}
			b, _ := json.Marshal(r.Escalation.Changed)
			if !strings.Contains(string(b), `"rate":null`) {
				t.Errorf("an unmeasured rate encodes as %s; want null", b)
			}
		}

		if _, err := f.svc.LaneReport(ctx, f.reviewer, time.Time{}, time.Time{}); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("LaneReport(reviewer) = %v; want ErrForbidden", err)
		}
		if _, err := f.svc.LaneReport(ctx, f.operator, f.clock.Now(), f.clock.Now().Add(-time.Hour)); err == nil {
			t.Error("a period that ends before it starts was reported")
		}
	})
}

// TestLaneReportMatchesLaterRevision: when no decision was made on the reviewed revision, the
// first decision on a later revision of the problem is what followed the review.
func TestLaneReportMatchesLaterRevision(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newReportFixture(t, d)
		p, g := f.reviewed(t, lanes.Qualify)
		if g.Recommendation != string(policy.RouteEarlyAcceptance) {
			t.Fatalf("record %+v", g)
		}
		in := validInput()
		in.Statement += " Here $n$ ranges over the integers."
		p, rev, err := f.svc.Revise(ctx, f.member, p.ID, "Said where n ranges.", in)
		if err != nil {
			t.Fatalf("Revise() = %v", err)
		}
		if err := f.passGates(ctx, rev.ID); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(time.Minute)
		f.decideAs(t, f.reviewer, p, decision.ActionARCHIVE)
		r := f.report(t)["pa"]
		want := policy.AgreementPair{Lane: lanes.Qualify, Human: "archive", Count: 1}
		if r.Agreement.ByRevision != 0 || r.Agreement.ByProblem != 1 || r.Agreement.Agreed.Count != 0 ||
			r.Agreement.Agreed.Of != 1 || len(r.Agreement.Pairs) != 1 || r.Agreement.Pairs[0] != want {
			t.Errorf("agreement %+v; want one comparison with the later revision's archive", r.Agreement)
		}
	})
}
