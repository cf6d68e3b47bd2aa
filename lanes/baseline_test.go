package lanes_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
)

func baselineLane(t *testing.T, role lanes.Role) lanes.Lane {
	t.Helper()
	l, err := lanes.New(lanes.Config{Identity: "baseline-" + strings.ToLower(string(role)), Role: role,
		Provider: lanes.Baseline, PromptVersion: "v1"})
	if err != nil {
		t.Fatalf("New(baseline) = %v", err)
	}
	return l
}

func withGate(in lanes.PanelInput, name gates.Name, o gates.Outcome, fs ...lanes.GateFinding) lanes.PanelInput {
	out := append([]lanes.GateOutcome(nil), in.Gates...)
	for i := range out {
		if out[i].Gate == name {
			out[i].Outcome, out[i].Findings = o, fs
		}
	}
	in.Gates = out
	return in
}

func TestBaseline(t *testing.T) {
	t.Parallel()
	pass := samplePanelInput()
	nonComputational := samplePanelInput()
	nonComputational.Packet.Acceptance.Kind = "PROOF"
	nonComputational.Gates = nonComputational.Gates[:len(nonComputational.Gates)-1] // no COMPUTATIONAL run
	for _, c := range []struct {
		name     string
		role     lanes.Role
		in       lanes.PanelInput
		want     lanes.Recommendation
		blocker  string // a blocker that must be there
		unknown  string // an unknown that must be there
		unconfID string // a check that must not be confirmed
	}{
		{"all-pass", lanes.MathCritique, pass, lanes.Qualify, "", "", ""},
		{"all-pass-prior-art", lanes.PriorArt, pass, lanes.Qualify, "", "", ""},
		{"no-computation", lanes.FormalReadiness, nonComputational, lanes.Qualify, "", "", ""},
		{"statement-fails", lanes.MathCritique, withGate(pass, gates.Statement, gates.OutcomeFail,
			lanes.GateFinding{Check: "statement.variable-domain", Verdict: gates.Fail, Field: "statement", Behaviour: "n has no domain."}),
			lanes.KeepProspecting, "STATEMENT gate is fail: statement.variable-domain at statement: n has no domain.", "", "explicit_target"},
		{"open-status-needs-human", lanes.PriorArt, withGate(pass, gates.OpenStatus, gates.OutcomeNeedsHuman),
			lanes.KeepProspecting, "", "OPEN_STATUS gate is needs_human", "dated_search"},
		{"computational-missing", lanes.FormalReadiness, func() lanes.PanelInput {
			in := samplePanelInput()
			in.Gates = in.Gates[:len(in.Gates)-1]
			return in
		}(), lanes.KeepProspecting, "", "COMPUTATIONAL gate has not run on this revision.", "computational_extras"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			lane := baselineLane(t, c.role)
			req, err := lanes.NewPanelRequest(c.role, "v1", c.in)
			if err != nil {
				t.Fatal(err)
			}
			res, err := lane.Review(context.Background(), req)
			if err != nil || res.Answer == nil {
				t.Fatalf("Review = %+v, %v", res, err)
			}
			a := res.Answer
			if a.Recommendation != c.want {
				t.Errorf("recommendation = %s; want %s (%+v)", a.Recommendation, c.want, a)
			}
			if c.blocker != "" && !contains(a.Blockers, c.blocker) {
				t.Errorf("blockers = %q; want %q", a.Blockers, c.blocker)
			}
			if c.unknown != "" && !contains(a.Unknowns, c.unknown) {
				t.Errorf("unknowns = %q; want %q", a.Unknowns, c.unknown)
			}
			if c.unconfID != "" {
				if ch, _ := a.Check(c.unconfID); ch.Confirmed {
					t.Errorf("check %s confirmed; want not", c.unconfID)
				}
			}
			if p := req.Prompt(); len(a.Checks) != len(p.Checks) {
				t.Errorf("%d checks; want the prompt's %d", len(a.Checks), len(p.Checks))
			}
			if lane.CanPublish() || !res.Baseline || res.Provider != lanes.Baseline || res.RequestDigest != "" {
				t.Errorf("baseline result %+v can publish or claims a call", res)
			}
		})
	}
}

func contains(xs []string, prefix string) bool {
	for _, x := range xs {
		if strings.HasPrefix(x, prefix) {
			return true
		}
	}
	return false
}

func TestBaselineAudit(t *testing.T) {
	t.Parallel()
	in := samplePanelInput()
	var panel []*lanes.Result
	for _, r := range lanes.PanelRoles {
		req, _ := lanes.NewPanelRequest(r, "v1", in)
		res, err := baselineLane(t, r).Review(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		panel = append(panel, res)
	}
	res, err := lanes.RunAudit(context.Background(), baselineLane(t, lanes.Audit), in, panel)
	if err != nil {
		t.Fatalf("RunAudit = %v", err)
	}
	// Safety is no gate's business: the baseline cannot affirm an audit.
	safety, _ := res.Answer.Check(lanes.AuditCheckSafety)
	consistent, _ := res.Answer.Check(lanes.AuditCheckPanelConsistency)
	if safety.Confirmed || !consistent.Confirmed || res.Answer.Recommendation != lanes.KeepProspecting {
		t.Errorf("baseline audit = %+v; want panel consistency confirmed, safety not, keep_prospecting", res.Answer)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, _ := lanes.NewPanelRequest(lanes.PriorArt, "v1", in)
	if res, err := baselineLane(t, lanes.PriorArt).Review(ctx, req); !errors.Is(err, lanes.FailureCanceled) || res.Answer != nil {
		t.Errorf("Review(canceled) = %+v, %v", res, err)
	}
}
