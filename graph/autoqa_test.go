package graph_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestAutoQAOverGraphQL: Finding.claimType; the public operating profile and an operator's change
// of it; the lane register for operators only; a proposer's appeal, once.
func TestAutoQAOverGraphQL(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		a := newAPI(t, d)
		member := a.token("ada")
		rev := a.token("rita", role.Reviewer)
		op := a.token("otto", role.Operator)
		id := a.submit("ada", "Good integers")
		runs, err := a.svc.GateRunsToDo(ctx, a.revision(id))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range runs {
			res := gates.Result{Gate: gates.Name(r.Gate), Version: r.Version, Outcome: gates.OutcomePass}
			if r.Gate == "STATEMENT" {
				res.Findings = []gates.Finding{
					{Check: "statement.title-matches", Criterion: "c", Policy: gates.PolicyVersion, Verdict: gates.Pass, Evidence: gates.Supports, Behaviour: "b"},
					{Check: "statement.tex-wellformed", Criterion: "c", Policy: gates.PolicyVersion, Verdict: gates.Unknown, Evidence: gates.Insufficient, Behaviour: "b"},
				}
				res.Outcome = gates.OutcomeOf(res.Findings)
			}
			if err := a.svc.RecordGateResult(ctx, r.ID, "test", res); err != nil {
				t.Fatal(err)
			}
		}
		var out struct {
			Problem struct {
				CurrentRevision struct {
					Checks []struct {
						Gate     string
						Findings []struct{ Check, ClaimType string }
					}
				}
			}
		}
		if r := a.do("", `query($id: String!) { problem(id: $id) { currentRevision { checks { gate findings { check claimType } } } } }`,
			map[string]any{"id": id}, &out); len(r.Errors) > 0 {
			t.Fatal(string(r.Body))
		}
		got := map[string]string{}
		for _, c := range out.Problem.CurrentRevision.Checks {
			for _, f := range c.Findings {
				got[f.Check] = f.ClaimType
			}
		}
		if got["statement.title-matches"] != "GROUNDING" || got["statement.tex-wellformed"] != "UNDECIDABLE" {
			t.Errorf("claim types = %v", got)
		}

		// The operating profile.
		const profile = `{ operatingProfile { name recall falseFail since authorisedBy } operatingProfiles { name current } }`
		var prof struct {
			OperatingProfile struct {
				Name              string
				Recall, FalseFail float64
				Since             *string
				AuthorisedBy      *string
			}
			OperatingProfiles []struct {
				Name    string
				Current bool
			}
		}
		std, _ := gates.LookupProfile(gates.ProfileStandard)
		if r := a.do("", profile, nil, &prof); len(r.Errors) > 0 || prof.OperatingProfile.Name != "STANDARD" ||
			prof.OperatingProfile.Recall != std.Rates().Recall || prof.OperatingProfile.Since != nil || prof.OperatingProfile.AuthorisedBy != nil {
			t.Errorf("default profile: %s", r.Body)
		}
		const set = `mutation($n: String!) { setOperatingProfile(input: {name: $n, reason: "Catch more before review."}) {
			profile { name authorisedBy } userErrors { field code } } }`
		var setOut struct {
			SetOperatingProfile struct {
				Profile    *struct{ Name, AuthorisedBy string }
				UserErrors []struct{ Code string }
			}
		}
		if r := a.do(rev, set, map[string]any{"n": "STRICT"}, &setOut); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("a reviewer's change: %s", r.Body)
		}
		if r := a.do(op, set, map[string]any{"n": "STRICT"}, &setOut); len(r.Errors) > 0 || setOut.SetOperatingProfile.Profile == nil ||
			setOut.SetOperatingProfile.Profile.Name != "STRICT" || setOut.SetOperatingProfile.Profile.AuthorisedBy != "otto" {
			t.Errorf("an operator's change: %s", r.Body)
		}
		if r := a.do("", profile, nil, &prof); len(r.Errors) > 0 || prof.OperatingProfile.Name != "STRICT" || prof.OperatingProfile.Since == nil ||
			len(prof.OperatingProfiles) != 2 || !prof.OperatingProfiles[0].Current {
			t.Errorf("after the change: %s", r.Body)
		}

		// The register, for operators.
		opAcc, _ := a.svc.AccountByHandle(ctx, "otto")
		if _, err := a.svc.AddLane(ctx, opAcc, policy.LaneInput{Identity: "critique.x", Role: "MATH_CRITIQUE", Provider: "baseline"}); err != nil {
			t.Fatal(err)
		}
		const reg = `{ laneRegister { laneId claimText unitOfAnalysis admittedRecord permittedExternalSources outcomeContractVersion
			authority falsePositiveConsequence falseNegativeConsequence ambiguityOwner accountableOwner status } }`
		var regOut struct {
			LaneRegister []struct{ ClaimText, AccountableOwner, Status, OutcomeContractVersion string }
		}
		if r := a.do(member, reg, nil, &regOut); len(r.Errors) == 0 {
			t.Errorf("a member read the register: %s", r.Body)
		}
		if r := a.do(op, reg, nil, &regOut); len(r.Errors) > 0 || len(regOut.LaneRegister) != 1 || regOut.LaneRegister[0].Status != "SHADOW" ||
			regOut.LaneRegister[0].AccountableOwner != "@otto" || regOut.LaneRegister[0].ClaimText == "" {
			t.Errorf("register: %s", r.Body)
		}

		// An appeal, once.
		revAcc, _ := a.svc.AccountByHandle(ctx, "rita")
		res, err := a.svc.RecordDecision(ctx, revAcc, policy.DecisionInput{ProblemID: id, RevisionID: a.revision(id),
			Action: decision.ActionKEEP_PROSPECTING, Notes: packet.DecisionNotes{Reason: "r"}, RevisionRequests: []string{"More."}, IdempotencyKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		const appeal = `mutation($d: ID!) { appealDecision(input: {decision: $d, reason: "The domain is stated in the first line."}) {
			appeal { id decision state reason } userErrors { field code } } }`
		var ap struct {
			AppealDecision struct {
				Appeal     *struct{ ID, Decision, State, Reason string }
				UserErrors []struct {
					Field []string
					Code  string
				}
			}
		}
		if r := a.do(rev, appeal, map[string]any{"d": res.Decision.ID}, &ap); len(r.Errors) == 0 {
			t.Errorf("someone else's appeal: %s", r.Body)
		}
		if r := a.do(member, appeal, map[string]any{"d": res.Decision.ID}, &ap); len(r.Errors) > 0 || ap.AppealDecision.Appeal == nil ||
			ap.AppealDecision.Appeal.State != "OPEN" || ap.AppealDecision.Appeal.Decision != res.Decision.ID {
			t.Errorf("the proposer's appeal: %s", r.Body)
		}
		if r := a.do(member, appeal, map[string]any{"d": res.Decision.ID}, &ap); len(r.Errors) > 0 || len(ap.AppealDecision.UserErrors) != 1 ||
			ap.AppealDecision.UserErrors[0].Code != "CONFLICT" || ap.AppealDecision.Appeal != nil {
			t.Errorf("a second appeal: %s", r.Body)
		}
	})
}
