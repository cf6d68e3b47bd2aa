package graph_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// recordStatement records every pending gate run of a problem's revision, the statement gate's
// with the findings given and the others passing.
func (a *api) recordStatement(id string, findings []gates.Finding) {
	a.t.Helper()
	ctx := context.Background()
	runs, err := a.svc.GateRunsToDo(ctx, a.revision(id))
	if err != nil {
		a.t.Fatal(err)
	}
	for _, r := range runs {
		now := time.Now()
		res := gates.Result{Gate: gates.Name(r.Gate), Version: r.Version, Outcome: gates.OutcomePass, Started: now, Finished: now}
		if r.Gate == "STATEMENT" {
			res.Findings, res.Outcome = findings, gates.OutcomeOf(findings)
		}
		if err := a.svc.RecordGateResult(ctx, r.ID, "test", res); err != nil {
			a.t.Fatal(err)
		}
	}
}

// forbidden says whether a response is one FORBIDDEN error.
func forbidden(r gqlResponse) bool {
	return len(r.Errors) > 0 && r.Errors[0].Extensions["code"] == "FORBIDDEN"
}

// TestCriterionDecisionOverGraphQL: an upheld appeal proposes a criterion; the owner adopts it
// with a reason (operators only, once), and the versioned criteria show who decided, when, why
// and what changed word by word.
func TestCriterionDecisionOverGraphQL(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		a := newAPI(t, d)
		a.token("ada")
		rev := a.token("rita", role.Reviewer)
		op := a.token("otto", role.Operator)
		id := a.submit("ada", "Good integers")
		a.recordStatement(id, nil)
		ada, _ := a.svc.AccountByHandle(ctx, "ada")
		rita, _ := a.svc.AccountByHandle(ctx, "rita")
		res, err := a.svc.RecordDecision(ctx, rita, policy.DecisionInput{ProblemID: id, RevisionID: a.revision(id),
			Action: decision.ActionKEEP_PROSPECTING, Notes: packet.DecisionNotes{Reason: "r"}, RevisionRequests: []string{"More."}, IdempotencyKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		ap, err := a.svc.AppealDecision(ctx, ada, res.Decision.ID, "The domain is stated in the first line.")
		if err != nil {
			t.Fatal(err)
		}
		const resolve = `mutation($a: ID!) { resolveAppeal(input: {appeal: $a, upheld: true, resolution: "The check read only the formula.",
			check: "statement.variable-domain", proposed: "Every variable has a domain, stated in words or in a formula."}) {
			appeal { state criterionChange { id version state previous proposed } } userErrors { code } } }`
		var resolved struct {
			ResolveAppeal struct {
				Appeal *struct {
					State           string
					CriterionChange *struct {
						ID, State, Previous, Proposed string
						Version                       int
					}
				}
			}
		}
		if r := a.do(op, resolve, map[string]any{"a": ap.ID}, &resolved); len(r.Errors) > 0 || resolved.ResolveAppeal.Appeal == nil ||
			resolved.ResolveAppeal.Appeal.CriterionChange == nil || resolved.ResolveAppeal.Appeal.CriterionChange.State != "PROPOSED" {
			t.Fatalf("resolveAppeal: %s", r.Body)
		}
		cc := resolved.ResolveAppeal.Appeal.CriterionChange.ID

		const decide = `mutation($c: ID!, $adopt: Boolean!, $why: String!) { decideCriterionChange(input: {criterionChange: $c, adopt: $adopt, reason: $why}) {
			criterionChange { id state decidedBy decidedAt decisionReason changes { op text } } userErrors { field code } } }`
		type decided struct {
			DecideCriterionChange struct {
				CriterionChange *struct {
					ID, State      string
					DecidedBy      *string
					DecidedAt      *time.Time
					DecisionReason *string
					Changes        []struct{ Op, Text string }
				}
				UserErrors []struct {
					Field []string
					Code  string
				}
			}
		}
		vars := func(adopt bool, why string) map[string]any {
			return map[string]any{"c": cc, "adopt": adopt, "why": why}
		}
		if r := a.do(rev, decide, vars(true, "A reviewer adopting a criterion."), nil); !forbidden(r) {
			t.Errorf("a reviewer's decision: %s", r.Body)
		}
		var out decided
		if r := a.do(op, decide, vars(true, "short"), &out); len(out.DecideCriterionChange.UserErrors) != 1 ||
			out.DecideCriterionChange.UserErrors[0].Code != "REQUIRED" || out.DecideCriterionChange.CriterionChange != nil {
			t.Errorf("a short reason: %s", r.Body)
		}
		why := "Three appeals showed the formula-only reading wrong."
		out = decided{}
		r := a.do(op, decide, vars(true, why), &out)
		got := out.DecideCriterionChange.CriterionChange
		if len(r.Errors) > 0 || got == nil || got.State != "ADOPTED" || got.DecidedBy == nil || *got.DecidedBy != "otto" ||
			got.DecidedAt == nil || got.DecisionReason == nil || *got.DecisionReason != why || len(got.Changes) < 2 || got.Changes[0].Op != "SAME" {
			t.Fatalf("adopting: %s", r.Body)
		}
		out = decided{}
		if r := a.do(op, decide, vars(false, "Declining it after all."), &out); len(out.DecideCriterionChange.UserErrors) != 1 ||
			out.DecideCriterionChange.UserErrors[0].Code != "CONFLICT" {
			t.Errorf("deciding twice: %s", r.Body)
		}

		// The versioned criteria are public, decision and all.
		var pub struct {
			CriterionChanges []struct {
				State     string
				DecidedBy *string
				Changes   []struct{ Op, Text string }
			}
		}
		if r := a.do("", `{ criterionChanges { state decidedBy changes { op text } } }`, nil, &pub); len(r.Errors) > 0 ||
			len(pub.CriterionChanges) != 1 || pub.CriterionChanges[0].State != "ADOPTED" || pub.CriterionChanges[0].DecidedBy == nil ||
			!strings.Contains(string(r.Body), `"op":"ADDED"`) {
			t.Errorf("criterionChanges: %s", r.Body)
		}
	})
}

// TestOversightReadsOverGraphQL: drift per criterion over rolling windows and its alerts, and
// the contract owner's queue, for operators; each reviewer's gold accuracy with its Wilson
// interval for the roles that see reviewers.
func TestOversightReadsOverGraphQL(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		a := newAPI(t, d)
		member := a.token("ada")
		rev := a.token("rita", role.Reviewer)
		op := a.token("otto", role.Operator)

		// Drift.
		const drift = `{ criterionDrift { windowDays margin minCompared
			criteria { criterion alert drop windows { since until agreement { count of rate low high } } }
			alerts { criterion drop margin recordedAt agreement { count of } previous { count of } } } }`
		for _, tok := range []string{"", member, rev} {
			if r := a.do(tok, drift, nil, nil); !forbidden(r) {
				t.Errorf("drift read by %q: %s", tok, r.Body)
			}
		}
		var dr struct {
			CriterionDrift struct {
				WindowDays, MinCompared int
				Margin                  float64
				Criteria                []struct {
					Criterion string
					Alert     bool
					Drop      *float64
					Windows   []struct {
						Since, Until time.Time
						Agreement    struct {
							Count, Of int
							Rate      *float64
						}
					}
				}
				Alerts []struct{ Criterion string }
			}
		}
		if r := a.do(op, drift, nil, &dr); len(r.Errors) > 0 {
			t.Fatal(string(r.Body))
		}
		cd := dr.CriterionDrift
		if cd.WindowDays != 7 || cd.Margin != policy.DefaultDrift.Margin || cd.MinCompared != policy.DefaultDrift.MinCompared ||
			len(cd.Criteria) != 3 || len(cd.Alerts) != 0 {
			t.Fatalf("criterionDrift = %+v", cd)
		}
		for _, c := range cd.Criteria {
			ws := c.Windows
			if len(ws) != policy.DefaultDrift.Windows || c.Alert || c.Drop != nil || ws[0].Agreement.Of != 0 || ws[0].Agreement.Rate != nil ||
				!ws[1].Since.Equal(ws[0].Until) || ws[0].Until.Sub(ws[0].Since) != 7*24*time.Hour {
				t.Errorf("drift of %s = %+v; want eight adjacent weekly windows with nothing compared", c.Criterion, c)
			}
		}

		// The contract owner's queue: a check that could not decide the packet.
		id := a.submit("ada", "Good integers")
		a.recordStatement(id, []gates.Finding{{Check: "statement.tex-wellformed", Criterion: "The TeX reads.", Policy: gates.PolicyVersion,
			Verdict: gates.Unknown, Evidence: gates.Insufficient, Behaviour: "The TeX reader ran out of time."}})
		const queue = `{ contractQueue { items { kind problemId title gate check criterion behaviour at } byCriterion { check criterion items } } }`
		if r := a.do(rev, queue, nil, nil); !forbidden(r) {
			t.Errorf("a reviewer reads the contract queue: %s", r.Body)
		}
		var q struct {
			ContractQueue struct {
				Items []struct {
					Kind, ProblemID, Gate, Check, Criterion, Behaviour string
					At                                                 time.Time
				}
				ByCriterion []struct {
					Check string
					Items int
				}
			}
		}
		if r := a.do(op, queue, nil, &q); len(r.Errors) > 0 || len(q.ContractQueue.Items) != 1 || len(q.ContractQueue.ByCriterion) != 1 {
			t.Fatalf("contractQueue: %s", r.Body)
		}
		if it := q.ContractQueue.Items[0]; it.Kind != "UNDECIDABLE" || it.ProblemID != id || it.Gate != "STATEMENT" ||
			it.Check != "statement.tex-wellformed" || it.Behaviour != "The TeX reader ran out of time." || it.At.IsZero() ||
			q.ContractQueue.ByCriterion[0].Items != 1 {
			t.Errorf("contract queue item = %+v, %+v", it, q.ContractQueue.ByCriterion)
		}
		if r := a.do(op, `{ contractQueue(first: 0) { items { kind } byCriterion { items } } }`, nil, &q); len(r.Errors) > 0 ||
			len(q.ContractQueue.Items) != 0 || len(q.ContractQueue.ByCriterion) != 1 {
			t.Errorf("contractQueue(first: 0): %s", r.Body)
		}

		// Reviewers on blind gold.
		rita, _ := a.svc.AccountByHandle(ctx, "rita")
		for i, right := range []bool{true, true, false} {
			if err := a.svc.Client().GoldAnswer.Create().SetReviewerID(rita.ID).SetPacketID("gold-" + string(rune('a'+i))).SetAction("QUALIFY").
				SetRight(right).SetReason("graded").SetCreatedAt(time.Now()).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		const gold = `{ reviewerGoldAccuracy { reviewer accuracy { count of rate low high } } }`
		for _, tok := range []string{"", member} {
			if r := a.do(tok, gold, nil, nil); !forbidden(r) {
				t.Errorf("gold accuracy read by %q: %s", tok, r.Body)
			}
		}
		for _, tok := range []string{rev, op} {
			var g struct {
				ReviewerGoldAccuracy []struct {
					Reviewer string
					Accuracy struct {
						Count, Of       int
						Rate, Low, High *float64
					}
				}
			}
			r := a.do(tok, gold, nil, &g)
			if len(r.Errors) > 0 || len(g.ReviewerGoldAccuracy) != 1 {
				t.Fatalf("reviewerGoldAccuracy: %s", r.Body)
			}
			acc := g.ReviewerGoldAccuracy[0].Accuracy
			if g.ReviewerGoldAccuracy[0].Reviewer != "rita" || acc.Count != 2 || acc.Of != 3 || acc.Rate == nil || acc.Low == nil || acc.High == nil ||
				!(*acc.Low < *acc.Rate && *acc.Rate < *acc.High) {
				t.Errorf("reviewerGoldAccuracy: %s", r.Body)
			}
		}
	})
}
