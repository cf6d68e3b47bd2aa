package policy_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
)

var gateNow = time.Date(2026, 12, 9, 12, 0, 0, 0, time.UTC)

const gateDigest = "9f2c4e0b7d1a3c5e8f6b2d4a1c3e5f7b9d0a2c4e6f8b1d3a5c7e9f0b2d4a6c8e"

// cleanAnswer confirms every check of the role's prompt and recommends qualify.
func cleanAnswer(t *testing.T, role lanes.Role) (*lanes.Answer, lanes.Prompt) {
	t.Helper()
	p, err := lanes.LatestPrompt(role)
	if err != nil {
		t.Fatal(err)
	}
	a := &lanes.Answer{Recommendation: lanes.Qualify, Blockers: []string{}, Concerns: []string{}, Unknowns: []string{}}
	for _, id := range p.Checks {
		a.Checks = append(a.Checks, lanes.CheckAnswer{ID: id, Confirmed: true, Reason: "packet supports " + id + "."})
	}
	return a, p
}

func gateReview(t *testing.T, role lanes.Role, provider, model string) policy.GateReview {
	t.Helper()
	a, p := cleanAnswer(t, role)
	id := strings.ToLower(string(role))
	return policy.GateReview{LaneID: "lane-" + id, Role: role, Identity: "panel." + id, Provider: provider,
		Model: model, ModelVersion: model, PromptVersion: p.Version, PromptDigest: p.Digest, Approved: true,
		PacketDigest: gateDigest, ServedModel: model, Answer: a}
}

// realisticRuns are the nine gates' runs on a complete packet as the real gates report them: every
// check passes but the judgements a machine never certifies, which the panel's roles confirm.
func realisticRuns() []policy.GateRunInput {
	var out []policy.GateRunInput
	for _, g := range gates.All() {
		r := policy.GateRunInput{Gate: g.Name, Outcome: gates.OutcomePass}
		for _, c := range g.Checks {
			v := gates.Pass
			if _, ok := policy.ConfirmingRole(c.ID); ok {
				v, r.Outcome = gates.NeedsHuman, gates.OutcomeNeedsHuman
			}
			r.Findings = append(r.Findings, policy.GateCheckFinding{Check: c.ID, Verdict: v})
		}
		out = append(out, r)
	}
	return out
}

// runsWith is realisticRuns with check's verdict set to v (the gate's run dropped when v is
// empty), or with the gate's run UNKNOWN with no finding when check names the gate.
func runsWith(check string, v gates.Verdict) func(*policy.ReviewGateInput) {
	return func(in *policy.ReviewGateInput) {
		var out []policy.GateRunInput
		for _, r := range realisticRuns() {
			if string(r.Gate) == check {
				if v != "" {
					out = append(out, policy.GateRunInput{Gate: r.Gate, Outcome: gates.OutcomeUnknown, Reason: "the gate did not finish within 10s"})
				}
				continue
			}
			for i, f := range r.Findings {
				if f.Check == check {
					r.Findings[i].Verdict = v
				}
			}
			out = append(out, r)
		}
		in.Gates = out
	}
}

// passingGate is an input on which every condition holds, with a selected recommendation and
// an affirming audit.
func passingGate(t *testing.T) policy.ReviewGateInput {
	t.Helper()
	var panel []policy.GateReview
	for _, role := range lanes.PanelRoles {
		panel = append(panel, gateReview(t, role, "openai@api.openai.com", "gpt-4.1-2025-04-14"))
	}
	audit := gateReview(t, lanes.Audit, "anthropic@api.anthropic.com", "claude-sonnet-4-5-20250929")
	audit.Identity = "audit.claude"
	return policy.ReviewGateInput{
		Now: gateNow, FreshnessWindow: gates.DefaultFreshnessWindow,
		Switches:     policy.ReviewSwitches{Master: true, AgentReview: true, AuditLane: true},
		PacketDigest: gateDigest, Panel: panel,
		IntakeValid: true, StructuredReferences: 3, PrimarySource: true, DatedSearch: true,
		SearchCheckedOn: gateNow.AddDate(0, -2, 0), RightsBasis: "citation only; independently written summary",
		Gates: realisticRuns(), NeutralVisualAssigned: true,
		AuditSelected: true, Audit: &audit,
	}
}

func TestReviewGatePasses(t *testing.T) {
	t.Parallel()
	res := policy.ReviewGate(passingGate(t))
	want := policy.ReviewGateResult{Version: policy.ReviewGateVersion, Route: policy.RouteEarlyAcceptance,
		AuditState: policy.AuditAffirmed, SearchWindow: policy.SearchWindow{CheckedOn: gateNow.AddDate(0, -2, 0), Days: 365,
			From: gateNow.Add(-gates.DefaultFreshnessWindow), Within: true}}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Fatalf("ReviewGate(all pass) (-want +got):\n%s", diff)
	}
}

// gateCondition is one condition of the review gate, flipped alone.
type gateCondition struct {
	name  string
	mut   func(*policy.ReviewGateInput)
	want  policy.ReviewReasonCode
	role  lanes.Role
	state policy.AuditState // "" when the audit stays affirmed
}

// gateConditions are every condition of the gate: the "The panel and its gate" and
// "Audit selector" paragraphs and the seed's bullets.
func gateConditions(t *testing.T) []gateCondition {
	type mut = func(*policy.ReviewGateInput)
	panelAt := func(role lanes.Role, f func(*policy.GateReview)) mut {
		return func(in *policy.ReviewGateInput) {
			in.Panel = slices.Clone(in.Panel)
			for i := range in.Panel {
				if in.Panel[i].Role == role {
					f(&in.Panel[i])
				}
			}
		}
	}
	answerAt := func(role lanes.Role, f func(*lanes.Answer)) mut {
		return panelAt(role, func(r *policy.GateReview) {
			a := *r.Answer
			a.Checks = slices.Clone(a.Checks)
			f(&a)
			r.Answer = &a
		})
	}
	audit := func(f func(*policy.GateReview)) mut {
		return func(in *policy.ReviewGateInput) {
			a := *in.Audit
			f(&a)
			in.Audit = &a
		}
	}
	auditAnswer := func(f func(*lanes.Answer)) mut {
		return audit(func(r *policy.GateReview) {
			a := *r.Answer
			a.Checks = slices.Clone(a.Checks)
			f(&a)
			r.Answer = &a
		})
	}
	unconfirm := func(id string) func(*lanes.Answer) {
		return func(a *lanes.Answer) {
			for i := range a.Checks {
				if a.Checks[i].ID == id {
					a.Checks[i].Confirmed = false
				}
			}
		}
	}
	failed := func(f lanes.Failure) func(*policy.GateReview) {
		return func(r *policy.GateReview) { r.Failure, r.Answer = f, nil }
	}
	auditPrompt, _ := lanes.LatestPrompt(lanes.Audit)

	return []gateCondition{
		// Configuration and switches.
		{"no-clock", func(in *policy.ReviewGateInput) { in.Now = time.Time{} }, policy.ReasonGateConfigInvalid, "", ""},
		{"no-window", func(in *policy.ReviewGateInput) { in.FreshnessWindow = 0 }, policy.ReasonGateConfigInvalid, "", ""},
		{"no-packet-digest", func(in *policy.ReviewGateInput) { in.PacketDigest = "" }, policy.ReasonGateConfigInvalid, "", ""},
		{"negative-count", func(in *policy.ReviewGateInput) { in.UnresolvedPriorArt = -1 }, policy.ReasonGateConfigInvalid, "", ""},
		{"master-off", func(in *policy.ReviewGateInput) { in.Switches.Master = false }, policy.ReasonMasterSwitchOff, "", ""},
		{"agent-review-off", func(in *policy.ReviewGateInput) { in.Switches.AgentReview = false }, policy.ReasonAgentReviewOff, "", ""},
		{"batch-stopped", func(in *policy.ReviewGateInput) { in.BatchStopped = true }, policy.ReasonBatchStopped, "", ""},
		{"disputed", func(in *policy.ReviewGateInput) { in.Disputed = true }, policy.ReasonDisputed, "", ""},

		// The panel: three isolated reviews from approved lanes with distinct identities.
		{"role-missing", func(in *policy.ReviewGateInput) { in.Panel = in.Panel[:2] }, policy.ReasonPanelIncomplete, lanes.FormalReadiness, ""},
		{"role-twice", func(in *policy.ReviewGateInput) {
			extra := in.Panel[0]
			extra.LaneID, extra.Identity = "lane-prior-art-2", "panel.prior-art-2"
			in.Panel = append(slices.Clone(in.Panel), extra)
		}, policy.ReasonPanelMalformed, lanes.PriorArt, ""},
		{"audit-in-panel", func(in *policy.ReviewGateInput) {
			extra := *in.Audit
			extra.Identity = "audit.extra"
			in.Panel = append(slices.Clone(in.Panel), extra)
		}, policy.ReasonPanelMalformed, lanes.Audit, ""},
		{"no-identity", panelAt(lanes.MathCritique, func(r *policy.GateReview) { r.Identity = "" }), policy.ReasonReviewUnidentified, lanes.MathCritique, ""},
		{"no-lane", panelAt(lanes.MathCritique, func(r *policy.GateReview) { r.LaneID = "" }), policy.ReasonReviewUnidentified, lanes.MathCritique, ""},
		{"no-provider", panelAt(lanes.PriorArt, func(r *policy.GateReview) { r.Provider = "" }), policy.ReasonReviewUnidentified, lanes.PriorArt, ""},
		{"identity-reused", panelAt(lanes.FormalReadiness, func(r *policy.GateReview) { r.Identity = "PANEL.PRIOR_ART" }),
			policy.ReasonIdentityReused, lanes.FormalReadiness, ""},
		{"lane-unapproved", panelAt(lanes.PriorArt, func(r *policy.GateReview) { r.Approved = false }), policy.ReasonLaneUnapproved, lanes.PriorArt, ""},
		{"baseline-lane", panelAt(lanes.MathCritique, func(r *policy.GateReview) { r.Baseline = true }), policy.ReasonLaneBaseline, lanes.MathCritique, ""},
		{"model-served-differs", panelAt(lanes.PriorArt, func(r *policy.GateReview) { r.ServedModel = "gpt-4.1-mini-2025-04-14" }),
			policy.ReasonModelMismatch, lanes.PriorArt, ""},
		{"prompt-digest-unknown", panelAt(lanes.PriorArt, func(r *policy.GateReview) { r.PromptDigest = strings.Repeat("0", 64) }),
			policy.ReasonPromptUnknown, lanes.PriorArt, ""},
		{"prompt-version-unknown", panelAt(lanes.PriorArt, func(r *policy.GateReview) { r.PromptVersion = "v9" }),
			policy.ReasonPromptUnknown, lanes.PriorArt, ""},
		{"review-of-another-packet", panelAt(lanes.FormalReadiness, func(r *policy.GateReview) { r.PacketDigest = strings.Repeat("1", 64) }),
			policy.ReasonReviewStale, lanes.FormalReadiness, ""},
		{"missing-key", panelAt(lanes.PriorArt, failed(lanes.FailureMissingKey)), policy.ReasonLaneConfigInvalid, lanes.PriorArt, ""},
		{"provider-timeout", panelAt(lanes.PriorArt, failed(lanes.FailureTimeout)), policy.ReasonProviderFailure, lanes.PriorArt, ""},
		{"provider-5xx", panelAt(lanes.MathCritique, failed(lanes.FailureServerError)), policy.ReasonProviderFailure, lanes.MathCritique, ""},
		{"unknown-failure", panelAt(lanes.MathCritique, failed("SOMETHING_NEW")), policy.ReasonProviderFailure, lanes.MathCritique, ""},
		{"refusal", panelAt(lanes.FormalReadiness, failed(lanes.FailureRefusal)), policy.ReasonReviewRefused, lanes.FormalReadiness, ""},
		{"malformed-output", panelAt(lanes.MathCritique, failed(lanes.FailureMalformedJSON)), policy.ReasonOutputInvalid, lanes.MathCritique, ""},
		{"prose-output", panelAt(lanes.MathCritique, failed(lanes.FailureProse)), policy.ReasonOutputInvalid, lanes.MathCritique, ""},
		{"no-answer", panelAt(lanes.MathCritique, func(r *policy.GateReview) { r.Answer = nil }), policy.ReasonOutputInvalid, lanes.MathCritique, ""},

		// Every required check confirmed, three qualify, no blocker, unknown or concern.
		{"check-missing", answerAt(lanes.PriorArt, func(a *lanes.Answer) { a.Checks = a.Checks[1:] }), policy.ReasonCheckMissing, lanes.PriorArt, ""},
		{"check-not-confirmed", answerAt(lanes.MathCritique, unconfirm("objective_acceptance")), policy.ReasonCheckNotConfirmed, lanes.MathCritique, ""},
		{"check-not-required", answerAt(lanes.MathCritique, func(a *lanes.Answer) {
			a.Checks = append(a.Checks, lanes.CheckAnswer{ID: "vibes", Confirmed: true, Reason: "fine."})
		}), policy.ReasonOutputInvalid, lanes.MathCritique, ""},
		{"keep-prospecting", answerAt(lanes.FormalReadiness, func(a *lanes.Answer) { a.Recommendation = lanes.KeepProspecting }),
			policy.ReasonNotQualify, lanes.FormalReadiness, ""},
		{"recommendation-invalid", answerAt(lanes.FormalReadiness, func(a *lanes.Answer) { a.Recommendation = "escalate" }),
			policy.ReasonOutputInvalid, lanes.FormalReadiness, ""},
		{"blocker", answerAt(lanes.PriorArt, func(a *lanes.Answer) { a.Blockers = []string{"A 2025 preprint settles it."} }),
			policy.ReasonReviewBlocker, lanes.PriorArt, ""},
		{"concern", answerAt(lanes.PriorArt, func(a *lanes.Answer) { a.Concerns = []string{"The locator is a page range."} }),
			policy.ReasonReviewConcern, lanes.PriorArt, ""},
		{"unknown", answerAt(lanes.MathCritique, func(a *lanes.Answer) { a.Unknowns = []string{"Whether n starts at 0."} }),
			policy.ReasonReviewUnknown, lanes.MathCritique, ""},

		// The record.
		{"intake-invalid", func(in *policy.ReviewGateInput) { in.IntakeValid = false }, policy.ReasonIntakeInvalid, "", ""},
		{"no-references", func(in *policy.ReviewGateInput) { in.StructuredReferences = 0 }, policy.ReasonNoReferences, "", ""},
		{"no-primary-source", func(in *policy.ReviewGateInput) { in.PrimarySource = false }, policy.ReasonNoPrimarySource, "", ""},
		{"no-search-record", func(in *policy.ReviewGateInput) { in.DatedSearch = false }, policy.ReasonNoDatedSearch, "", ""},
		{"undated-search", func(in *policy.ReviewGateInput) { in.SearchCheckedOn = time.Time{} }, policy.ReasonNoDatedSearch, "", ""},
		{"no-rights-basis", func(in *policy.ReviewGateInput) { in.RightsBasis = "  " }, policy.ReasonNoRightsBasis, "", ""},
		{"statement-needs-a-person", runsWith("statement.variable-domain", gates.NeedsHuman), policy.ReasonStatementGate, "", ""},
		{"statement-fails", runsWith("statement.explicit-objects", gates.Fail), policy.ReasonStatementGate, "", ""},
		{"statement-not-run", runsWith("STATEMENT", ""), policy.ReasonGateNotRun, "", ""},
		{"hero-fails", runsWith("hero.caption", gates.Fail), policy.ReasonHeroGate, "", ""},
		{"hero-check-unknown", runsWith("hero.caption", gates.Unknown), policy.ReasonGateNotRun, "", ""},
		{"open-status-fails", runsWith("open-status.strongest-known", gates.Fail), policy.ReasonGateFailed, "", ""},
		{"acceptance-fails", runsWith("acceptance.numerical", gates.Fail), policy.ReasonGateFailed, "", ""},
		{"consistency-fails", runsWith("consistency.bounds", gates.Fail), policy.ReasonGateFailed, "", ""},
		{"references-need-a-person", runsWith("references.record", gates.NeedsHuman), policy.ReasonGateNeedsPerson, "", ""},
		{"copy-check-unknown", runsWith("provenance.copy", gates.Unknown), policy.ReasonGateNotRun, "", ""},
		{"computational-could-not-run", runsWith("COMPUTATIONAL", gates.Unknown), policy.ReasonGateNotRun, "", ""},
		{"search-stale", func(in *policy.ReviewGateInput) { in.SearchCheckedOn = gateNow.AddDate(-1, 0, -1) }, policy.ReasonSearchOutsideWindow, "", ""},
		{"search-in-future", func(in *policy.ReviewGateInput) { in.SearchCheckedOn = gateNow.AddDate(0, 0, 3) }, policy.ReasonSearchOutsideWindow, "", ""},
		{"prior-art-unresolved", func(in *policy.ReviewGateInput) { in.UnresolvedPriorArt = 1 }, policy.ReasonPriorArtUnresolved, "", ""},
		{"resolving-claim", func(in *policy.ReviewGateInput) { in.ResolvingClaim = true }, policy.ReasonResolvingClaim, "", ""},
		{"direct-duplicate", func(in *policy.ReviewGateInput) { in.DirectDuplicate = true }, policy.ReasonDirectDuplicate, "", ""},
		{"financial-commitment", func(in *policy.ReviewGateInput) { in.FinancialCommitment = true }, policy.ReasonFinancialCommitment, "", ""},
		{"visual-not-assigned", func(in *policy.ReviewGateInput) { in.NeutralVisualAssigned = false }, policy.ReasonVisualNotAssigned, "", ""},

		// The audit of a selected recommendation.
		{"audit-switch-off", func(in *policy.ReviewGateInput) { in.Switches.AuditLane = false }, policy.ReasonAuditSwitchOff, lanes.Audit, policy.AuditLaneClosed},
		{"audit-missing", func(in *policy.ReviewGateInput) { in.Audit = nil }, policy.ReasonAuditMissing, lanes.Audit, policy.AuditMissing},
		{"audit-role", audit(func(r *policy.GateReview) { r.Role = lanes.MathCritique }), policy.ReasonAuditRoleInvalid, lanes.Audit, policy.AuditFailed},
		{"audit-same-provider", audit(func(r *policy.GateReview) { r.Provider = "OpenAI@api.openai.com" }), policy.ReasonAuditNotDistinct, lanes.Audit, policy.AuditFailed},
		{"audit-same-model", audit(func(r *policy.GateReview) {
			r.Model, r.ModelVersion, r.ServedModel = "gpt-4.1-2025-04-14", "gpt-4.1-2025-04-14", "gpt-4.1-2025-04-14"
		}), policy.ReasonAuditNotDistinct, lanes.Audit, policy.AuditFailed},
		{"audit-identity-reused", audit(func(r *policy.GateReview) { r.Identity = "panel.math_critique" }), policy.ReasonIdentityReused, lanes.Audit, policy.AuditFailed},
		{"audit-unapproved", audit(func(r *policy.GateReview) { r.Approved = false }), policy.ReasonLaneUnapproved, lanes.Audit, policy.AuditFailed},
		{"audit-baseline", audit(func(r *policy.GateReview) { r.Baseline = true }), policy.ReasonLaneBaseline, lanes.Audit, policy.AuditFailed},
		{"audit-provider-failure", audit(failed(lanes.FailureRateLimited)), policy.ReasonProviderFailure, lanes.Audit, policy.AuditFailed},
		{"audit-invalid-output", audit(failed(lanes.FailureUnknownField)), policy.ReasonOutputInvalid, lanes.Audit, policy.AuditFailed},
		{"audit-refused", audit(failed(lanes.FailureRefusal)), policy.ReasonReviewRefused, lanes.Audit, policy.AuditFailed},
		{"audit-prompt-unknown", audit(func(r *policy.GateReview) { r.PromptDigest = auditPrompt.Digest[:63] + "0" }), policy.ReasonPromptUnknown, lanes.Audit, policy.AuditFailed},
		{"audit-disagrees", auditAnswer(func(a *lanes.Answer) { a.Recommendation = lanes.Archive }), policy.ReasonAuditDisagrees, lanes.Audit, policy.AuditFailed},
		{"audit-rights", auditAnswer(unconfirm(lanes.AuditCheckRights)), policy.ReasonAuditRights, lanes.Audit, policy.AuditFailed},
		{"audit-safety", auditAnswer(unconfirm(lanes.AuditCheckSafety)), policy.ReasonAuditSafety, lanes.Audit, policy.AuditFailed},
		{"audit-legal", auditAnswer(unconfirm(lanes.AuditCheckLegalRisk)), policy.ReasonAuditLegal, lanes.Audit, policy.AuditFailed},
		{"audit-check-failed", auditAnswer(unconfirm(lanes.AuditCheckPanelConsistency)), policy.ReasonCheckNotConfirmed, lanes.Audit, policy.AuditFailed},
		{"audit-check-missing", auditAnswer(func(a *lanes.Answer) { a.Checks = a.Checks[:len(a.Checks)-1] }), policy.ReasonCheckMissing, lanes.Audit, policy.AuditFailed},
		{"audit-unknown", auditAnswer(func(a *lanes.Answer) { a.Unknowns = []string{"Whether the figure is reproduced."} }), policy.ReasonReviewUnknown, lanes.Audit, policy.AuditFailed},
		{"audit-concern", auditAnswer(func(a *lanes.Answer) { a.Concerns = []string{"The excerpt may exceed fair use."} }), policy.ReasonReviewConcern, lanes.Audit, policy.AuditFailed},
		{"audit-blocker", auditAnswer(func(a *lanes.Answer) { a.Blockers = []string{"A duplicate exists."} }), policy.ReasonReviewBlocker, lanes.Audit, policy.AuditFailed},
		{"audit-stale", audit(func(r *policy.GateReview) { r.PacketDigest = strings.Repeat("2", 64) }), policy.ReasonReviewStale, lanes.Audit, policy.AuditFailed},
	}
}

// TestReviewGateConditions flips each condition alone from the passing input: the route changes
// to administrator_review, with that condition's reason code and no other.
func TestReviewGateConditions(t *testing.T) {
	t.Parallel()
	for _, c := range gateConditions(t) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			in := passingGate(t)
			c.mut(&in)
			res := policy.ReviewGate(in)
			// A panel role's failed review also leaves unconfirmed the gate checks only that role
			// may confirm; those reasons name the role and follow from the condition.
			res.Reasons = slices.DeleteFunc(res.Reasons, func(r policy.ReviewReason) bool {
				return c.role != "" && r.Role == c.role &&
					(r.Code == policy.ReasonStatementGate || r.Code == policy.ReasonGateNeedsPerson)
			})
			if res.Route != policy.RouteAdministratorReview || !res.StaffAudit {
				t.Errorf("ReviewGate(%s).Route = %s, staff audit %v; want %s", c.name, res.Route, res.StaffAudit, policy.RouteAdministratorReview)
			}
			if diff := cmp.Diff([]string{string(c.want)}, res.ReasonCodes()); diff != "" {
				t.Errorf("ReviewGate(%s) reason codes (-want +got):\n%s\n%+v", c.name, diff, res.Reasons)
			}
			for _, r := range res.Reasons {
				if r.Role != c.role || r.Detail == "" {
					t.Errorf("reason %+v; want role %q and a detail", r, c.role)
				}
				if !policy.ReviewGateReasons.Has(string(r.Code)) {
					t.Errorf("reason code %s is not in the vocabulary", r.Code)
				}
			}
			state := c.state
			if state == "" {
				state = policy.AuditAffirmed
			}
			if res.AuditState != state {
				t.Errorf("AuditState = %s; want %s", res.AuditState, state)
			}
		})
	}
}

// TestReviewGateStillPasses: inputs that differ from the passing one and must not change the
// route.
func TestReviewGateStillPasses(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		mut   func(*policy.ReviewGateInput)
		state policy.AuditState
	}{
		{"not-selected-no-audit", func(in *policy.ReviewGateInput) { in.AuditSelected, in.Audit = false, nil }, policy.AuditNotSelected},
		{"not-selected-audit-switch-off", func(in *policy.ReviewGateInput) {
			in.AuditSelected, in.Audit, in.Switches.AuditLane = false, nil, false
		}, policy.AuditNotSelected},
		{"bespoke-art-reviewed", func(in *policy.ReviewGateInput) { in.NeutralVisualAssigned, in.BespokeArtReviewed = false, true }, policy.AuditAffirmed},
		{"served-model-unreported", func(in *policy.ReviewGateInput) {
			in.Panel = slices.Clone(in.Panel)
			in.Panel[0].ServedModel = ""
		}, policy.AuditAffirmed},
		{"served-model-is-the-version", func(in *policy.ReviewGateInput) {
			in.Panel = slices.Clone(in.Panel)
			in.Panel[1].Model, in.Panel[1].ServedModel = "gpt-4.1", "gpt-4.1-2025-04-14"
		}, policy.AuditAffirmed},
		{"search-at-window-edge", func(in *policy.ReviewGateInput) { in.SearchCheckedOn = gateNow.Add(-gates.DefaultFreshnessWindow) }, policy.AuditAffirmed},
		{"search-dated-today-ahead", func(in *policy.ReviewGateInput) { in.SearchCheckedOn = gateNow.Add(12 * time.Hour) }, policy.AuditAffirmed},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			in := passingGate(t)
			c.mut(&in)
			res := policy.ReviewGate(in)
			if res.Route != policy.RouteEarlyAcceptance || len(res.Reasons) != 0 || res.StaffAudit || res.AuditState != c.state {
				t.Errorf("ReviewGate(%s) = %s %v, audit %s; want early acceptance, audit %s", c.name, res.Route, res.Reasons, res.AuditState, c.state)
			}
		})
	}
}

func TestReviewGateReportsEveryCondition(t *testing.T) {
	t.Parallel()
	in := passingGate(t)
	in.Switches.Master, in.DirectDuplicate = false, true
	in.Panel = slices.Clone(in.Panel)
	in.Panel[0].Failure, in.Panel[0].Answer = lanes.FailureTimeout, nil
	got := policy.ReviewGate(in).ReasonCodes()
	// The failed prior-art review also leaves unconfirmed the open-status and duplicate checks
	// only that role may confirm.
	want := []string{string(policy.ReasonMasterSwitchOff), string(policy.ReasonProviderFailure), string(policy.ReasonGateNeedsPerson),
		string(policy.ReasonDirectDuplicate)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReasonCodes (-want +got):\n%s", diff)
	}
}

func TestReviewGateOtherwiseQualifies(t *testing.T) {
	t.Parallel()
	in := passingGate(t)
	in.Audit = nil // selected, not yet audited
	if policy.ReviewGate(in).Route == policy.RouteEarlyAcceptance || !policy.OtherwiseQualifies(in) {
		t.Errorf("a selected recommendation waits for its audit but otherwise qualifies")
	}
	in.Panel = slices.Clone(in.Panel)
	in.Panel[2].Approved = false
	if policy.OtherwiseQualifies(in) {
		t.Errorf("OtherwiseQualifies with an unapproved lane = true")
	}
}

func TestReviewGateVocabulary(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, term := range policy.ReviewGateReasons {
		if seen[term.Value] || term.Label == "" || term.Help == "" {
			t.Errorf("vocabulary term %+v is repeated or unlabelled", term)
		}
		seen[term.Value] = true
	}
	// Every code is some condition's, and the flip test names each.
	tested := map[string]bool{}
	for _, c := range gateConditions(t) {
		tested[string(c.want)] = true
	}
	for code := range seen {
		if !tested[code] {
			t.Errorf("no condition of the table flips to %s", code)
		}
	}
	for code := range tested {
		if !seen[code] {
			t.Errorf("%s is not in the vocabulary", code)
		}
	}
}

func TestReviewGateAuditSelector(t *testing.T) {
	t.Parallel()
	monday := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	seed := []byte("test seed")
	var week []policy.AuditCandidate
	var selected []int
	for i := 1; i <= 25; i++ {
		c := policy.AuditCandidate{ID: fmt.Sprintf("rec-%d", i), At: monday.Add(time.Duration(i) * time.Hour)}
		s := policy.SelectAudit(week, c, seed)
		if s.Ordinal != i || !s.Week.Equal(monday) || s.Rule == "" {
			t.Fatalf("SelectAudit(#%d) = %+v", i, s)
		}
		if again := policy.SelectAudit(append(slices.Clone(week), c), c, seed); again != s {
			t.Errorf("SelectAudit is not idempotent: %+v then %+v", s, again)
		}
		if s.Selected {
			selected = append(selected, i)
		}
		week = append(week, c)
	}
	if diff := cmp.Diff(policy.AuditSchedule(seed, monday, 25), selected); diff != "" {
		t.Errorf("selections (-schedule +got):\n%s", diff)
	}
	if selected[0] != 1 || len(selected) < 3 {
		t.Errorf("selected %v; want the first and at least 3 of 25", selected)
	}
	// A new UTC week starts at Monday 00:00: its first candidate is selected whatever came before.
	next := policy.AuditCandidate{ID: "rec-next-week", At: monday.AddDate(0, 0, 7)}
	if s := policy.SelectAudit(week, next, seed); !s.Selected || s.Ordinal != 1 {
		t.Errorf("SelectAudit(first of next week) = %+v; want selected as number 1", s)
	}
	lastSunday := policy.AuditCandidate{ID: "late", At: monday.Add(-time.Second)}
	if s := policy.SelectAudit(week, lastSunday, seed); s.Ordinal != 1 || !s.Week.Equal(monday.AddDate(0, 0, -7)) {
		t.Errorf("SelectAudit(Sunday 23:59:59) = %+v; want number 1 of the previous week", s)
	}
}

// TestReviewGateAuditRate: for many seeds, at every point of a long week at least one in ten
// otherwise qualifying recommendations has been selected, the first always; the seed changes
// which.
func TestReviewGateAuditRate(t *testing.T) {
	t.Parallel()
	monday := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	const n = 2000
	total := 0
	distinct := map[string]bool{}
	for s := 0; s < 50; s++ {
		seed := []byte(fmt.Sprintf("seed-%d", s))
		sched := policy.AuditSchedule(seed, monday, n)
		distinct[fmt.Sprint(sched[:5])] = true
		if sched[0] != 1 {
			t.Fatalf("seed %d does not select the first: %v", s, sched[:3])
		}
		k := 0
		for i := 1; i <= n; i++ {
			for k < len(sched) && sched[k] <= i {
				k++
			}
			if k*policy.AuditEvery < i {
				t.Fatalf("seed %d: %d selected among the first %d; want at least %d", s, k, i, (i+policy.AuditEvery-1)/policy.AuditEvery)
			}
		}
		for i := 1; i < len(sched); i++ {
			if sched[i] <= sched[i-1] {
				t.Fatalf("seed %d: schedule not strictly increasing at %d", s, i)
			}
		}
		if !slices.Equal(sched, policy.AuditSchedule(seed, monday.Add(36*time.Hour), n)) {
			t.Fatalf("seed %d: the schedule depends on more than the week", s)
		}
		total += len(sched)
	}
	if len(distinct) < 40 {
		t.Errorf("only %d distinct schedule openings among 50 seeds", len(distinct))
	}
	t.Logf("selected %.1f%% of %d recommendations on average over 50 seeds", 100*float64(total)/float64(50*n), n)
}

// TestReviewGateRoleConfirmations: each gate check a panel role may confirm is a real check, and
// the role's prompt requires each check the table names; a NEEDS_HUMAN finding the role did not
// confirm keeps the problem from a recommendation, and says which role's confirmation it lacks.
func TestReviewGateRoleConfirmations(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"statement.explicit-objects", "duplicate.equivalent-formulations"} {
		if _, ok := policy.ConfirmingRole(id); !ok {
			t.Errorf("no panel role may confirm %s", id)
		}
	}
	for _, id := range policy.RoleConfirmableChecks() {
		c, _ := policy.ConfirmingRole(id)
		known := false
		for _, g := range gates.All() {
			for _, gc := range g.Checks {
				known = known || gc.ID == id
			}
		}
		p, err := lanes.LatestPrompt(c.Role)
		if !known || err != nil {
			t.Errorf("%s: a gate check %v; prompt of %s: %v", id, known, c.Role, err)
			continue
		}
		for _, rc := range c.Checks {
			if !slices.Contains(p.Checks, rc) {
				t.Errorf("%s: the %s prompt %s requires no check %s", id, c.Role, p.Version, rc)
			}
		}
	}
	for _, tc := range []struct {
		role  lanes.Role
		check string
		want  policy.ReviewReasonCode
	}{
		{lanes.MathCritique, "explicit_target", policy.ReasonStatementGate},
		{lanes.PriorArt, "nearby_formulations", policy.ReasonGateNeedsPerson},
	} {
		in := passingGate(t)
		in.Panel = slices.Clone(in.Panel)
		for i := range in.Panel {
			if in.Panel[i].Role == tc.role {
				a := *in.Panel[i].Answer
				a.Checks = slices.Clone(a.Checks)
				for j := range a.Checks {
					if a.Checks[j].ID == tc.check {
						a.Checks[j].Confirmed = false
					}
				}
				in.Panel[i].Answer = &a
			}
		}
		res := policy.ReviewGate(in)
		codes := res.ReasonCodes()
		if res.Route != policy.RouteAdministratorReview || !slices.Contains(codes, string(tc.want)) ||
			!slices.Contains(codes, string(policy.ReasonCheckNotConfirmed)) {
			t.Errorf("%s leaves %s unconfirmed: route %s, reasons %v; want %s and CHECK_NOT_CONFIRMED", tc.role, tc.check, res.Route, codes, tc.want)
		}
		found := false
		for _, r := range res.Reasons {
			found = found || (r.Code == tc.want && strings.Contains(r.Detail, string(tc.role)))
		}
		if !found {
			t.Errorf("%s: no %s reason names the role whose confirmation is missing: %+v", tc.check, tc.want, res.Reasons)
		}
	}
}
