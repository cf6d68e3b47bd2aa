package policy_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

func reason(c decision.ReasonCode) *decision.ReasonCode { return &c }

func TestDecisionActions(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		survivor := f.submit(t, f.member)
		tests := []struct {
			name      string
			in        policy.DecisionInput
			state     problem.State
			stake     problem.StakeState
			entry     reputationentry.Kind
			authority *problem.AcceptanceAuthority
		}{
			{"qualify", policy.DecisionInput{Action: decision.ActionQUALIFY, Notes: qualifyNotes()},
				problem.StateACCEPTED, problem.StakeStateRETURNED, reputationentry.KindRETURN, ptr(problem.AcceptanceAuthorityREVIEWER)},
			{"keep prospecting", policy.DecisionInput{Action: decision.ActionKEEP_PROSPECTING,
				Notes:            packet.DecisionNotes{Reason: "The search record misses shifted indexings."},
				RevisionRequests: []string{"Search for 4/n with n shifted by one in OEIS and zbMATH."}},
				problem.StatePROSPECTING, problem.StakeStateESCROWED, "", nil},
			{"archive", policy.DecisionInput{Action: decision.ActionARCHIVE, ReasonCode: reason(decision.ReasonCodeKNOWN_ANSWER),
				Notes: packet.DecisionNotes{Reason: "Solved in 2020; see the cited survey."}},
				problem.StateARCHIVED, problem.StakeStateFORFEITED, reputationentry.KindFORFEIT, nil},
			{"merge", policy.DecisionInput{Action: decision.ActionMERGE, MergeInto: survivor.Slug,
				Notes: packet.DecisionNotes{DuplicateCheck: "Same equation, same quantifiers.", Reason: "Direct duplicate of the survivor."}},
				problem.StateMERGED, problem.StakeStateFORFEITED, reputationentry.KindFORFEIT, nil},
		}
		for i, tt := range tests {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				p := f.submit(t, f.member)
				in := tt.in
				in.ProblemID = p.ID
				in.IdempotencyKey = fmt.Sprintf("action-%d", i)
				res, err := f.decide(ctx, f.reviewer, in)
				if err != nil {
					t.Fatalf("RecordDecision() = %v", err)
				}
				got := res.Problem
				if got.State != tt.state || got.StakeState == nil || *got.StakeState != tt.stake {
					t.Errorf("state, stake = %s, %v; want %s, %s", got.State, got.StakeState, tt.state, tt.stake)
				}
				if diff := cmp.Diff(tt.authority, got.AcceptanceAuthority); diff != "" {
					t.Errorf("acceptance authority (-want +got):\n%s", diff)
				}
				if res.Decision.Authority != decision.AuthorityREVIEWER || res.Decision.PolicyVersion != policy.Version {
					t.Errorf("decision authority, version = %s, %s", res.Decision.Authority, res.Decision.PolicyVersion)
				}
				kinds, err := f.svc.Client().ReputationEntry.Query().
					Where(reputationentry.ProblemID(p.ID), reputationentry.KindNEQ(reputationentry.KindESCROW)).
					Select(reputationentry.FieldKind).Strings(ctx)
				if err != nil {
					t.Fatal(err)
				}
				var want []string
				if tt.entry != "" {
					want = []string{string(tt.entry)}
				}
				if diff := cmp.Diff(want, kinds); diff != "" {
					t.Errorf("stake transitions (-want +got):\n%s", diff)
				}
				if tt.state == problem.StateMERGED && (got.MergedIntoID == nil || *got.MergedIntoID != survivor.ID) {
					t.Errorf("merged into %v; want %s", got.MergedIntoID, survivor.ID)
				}
				if tt.name == "keep prospecting" {
					reqs, err := policy.OpenRevisionRequests(ctx, f.svc.Client(), []string{*got.CurrentRevisionID})
					if err != nil || len(reqs[*got.CurrentRevisionID]) != 1 {
						t.Errorf("open revision requests = %v, %v; want 1", reqs, err)
					}
					// A new revision answers them.
					_, rev, err := f.svc.Revise(ctx, f.member, p.ID, "", validInput())
					if err != nil {
						t.Fatal(err)
					}
					reqs, _ = policy.OpenRevisionRequests(ctx, f.svc.Client(), []string{rev.ID})
					if len(reqs[rev.ID]) != 0 {
						t.Errorf("requests after revision = %v; want none", reqs)
					}
				}
			})
		}
		if n, err := f.svc.VerifyLog(ctx); err != nil {
			t.Errorf("VerifyLog() = %d, %v", n, err)
		}
	})
}

func ptr[T any](v T) *T { return &v }

func TestDecisionRefusals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		open := f.submitChecked(t, f.member)
		archived := f.submit(t, f.member)
		if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: archived.ID, Action: decision.ActionARCHIVE,
			ReasonCode: reason(decision.ReasonCodeDIRECT_DUPLICATE), Notes: packet.DecisionNotes{Reason: "dup"}, IdempotencyKey: "arch"}); err != nil {
			t.Fatal(err)
		}
		base := func(a decision.Action) policy.DecisionInput {
			return policy.DecisionInput{ProblemID: open.ID, Action: a, IdempotencyKey: "k-" + string(a),
				Notes: packet.DecisionNotes{Reason: "r", DuplicateCheck: "d"}}
		}
		tests := []struct {
			name string
			in   func() policy.DecisionInput
			want []errKey
		}{
			{"unknown action", func() policy.DecisionInput { return base("PONDER") }, []errKey{{"action", policy.CodeInvalid}}},
			{"qualify without notes", func() policy.DecisionInput {
				in := base(decision.ActionQUALIFY)
				in.Notes = packet.DecisionNotes{}
				return in
			}, []errKey{{"notes.statementAndAcceptance", policy.CodeRequired}, {"notes.openStatus", policy.CodeRequired},
				{"notes.referenceCoverage", policy.CodeRequired}, {"notes.duplicateCheck", policy.CodeRequired},
				{"notes.heroVisual", policy.CodeRequired}, {"notes.uncertainty", policy.CodeRequired}, {"notes.reason", policy.CodeRequired}}},
			{"archive without reason code", func() policy.DecisionInput { return base(decision.ActionARCHIVE) }, []errKey{{"reasonCode", policy.CodeRequired}}},
			{"archive with unknown reason code", func() policy.DecisionInput {
				in := base(decision.ActionARCHIVE)
				in.ReasonCode = reason("BORING")
				return in
			}, []errKey{{"reasonCode", policy.CodeInvalid}}},
			{"reason code on qualify", func() policy.DecisionInput {
				in := base(decision.ActionQUALIFY)
				in.Notes = qualifyNotes()
				in.ReasonCode = reason(decision.ReasonCodeKNOWN_ANSWER)
				return in
			}, []errKey{{"reasonCode", policy.CodeInvalid}}},
			{"keep prospecting without requests", func() policy.DecisionInput { return base(decision.ActionKEEP_PROSPECTING) },
				[]errKey{{"revisionRequests", policy.CodeRequired}}},
			{"merge without survivor", func() policy.DecisionInput { return base(decision.ActionMERGE) }, []errKey{{"mergeInto", policy.CodeRequired}}},
			{"merge into itself", func() policy.DecisionInput {
				in := base(decision.ActionMERGE)
				in.MergeInto = open.Slug
				return in
			}, []errKey{{"mergeInto", policy.CodeInvalid}}},
			{"merge into archived", func() policy.DecisionInput {
				in := base(decision.ActionMERGE)
				in.MergeInto = archived.ID
				return in
			}, []errKey{{"mergeInto", policy.CodeInvalid}}},
			{"merge into unknown", func() policy.DecisionInput {
				in := base(decision.ActionMERGE)
				in.MergeInto = "TDB-999"
				return in
			}, []errKey{{"mergeInto", policy.CodeNotFound}}},
			{"decision on archived", func() policy.DecisionInput {
				in := base(decision.ActionKEEP_PROSPECTING)
				in.ProblemID = archived.ID
				in.RevisionRequests = []string{"x"}
				return in
			}, []errKey{{"problemId", policy.CodeConflict}}},
			{"unknown problem", func() policy.DecisionInput {
				in := base(decision.ActionARCHIVE)
				in.ProblemID = "TDB-404"
				in.ReasonCode = reason(decision.ReasonCodeKNOWN_ANSWER)
				return in
			}, []errKey{{"problemId", policy.CodeNotFound}}},
			{"no idempotency key", func() policy.DecisionInput {
				in := base(decision.ActionARCHIVE)
				in.ReasonCode = reason(decision.ReasonCodeKNOWN_ANSWER)
				in.IdempotencyKey = ""
				return in
			}, []errKey{{"idempotencyKey", policy.CodeRequired}}},
			{"note too long", func() policy.DecisionInput {
				in := base(decision.ActionARCHIVE)
				in.ReasonCode = reason(decision.ReasonCodeKNOWN_ANSWER)
				in.Notes.Uncertainty = strings.Repeat("u", policy.MaxNoteSection+1)
				return in
			}, []errKey{{"notes.uncertainty", policy.CodeTooLong}}},
		}
		for _, tt := range tests {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				before := f.count(t)
				_, err := f.decide(ctx, f.reviewer, tt.in())
				if diff := cmp.Diff(tt.want, keys(err)); diff != "" {
					t.Errorf("RecordDecision() errors (-want +got):\n%s\nerr = %v", diff, err)
				}
				if after := f.count(t); after != before {
					t.Errorf("refused decision wrote rows: %+v -> %+v", before, after)
				}
			})
		}
		if _, err := f.decide(ctx, f.member, base(decision.ActionQUALIFY)); err == nil || !strings.Contains(err.Error(), "forbidden") {
			t.Errorf("RecordDecision() by a member = %v; want forbidden", err)
		}
		// After the deadline, a decision is refused: acceptance is due.
		f.clock.Advance(policy.DefaultChallengeWindow)
		in := base(decision.ActionQUALIFY)
		in.Notes = qualifyNotes()
		_, err := f.decide(ctx, f.reviewer, in)
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeConflict}}, keys(err)); diff != "" {
			t.Errorf("decision after deadline (-want +got):\n%s", diff)
		}
	})
}

func TestDecisionIdempotentUnderConcurrency(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submitChecked(t, f.member)
		eventsBefore, _ := f.svc.Client().Event.Query().Count(ctx)
		in := policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionQUALIFY, Notes: qualifyNotes(), IdempotencyKey: "batch-7/" + p.ID}
		const n = 50
		var (
			wg   sync.WaitGroup
			ids  = make([]string, n)
			errs = make([]error, n)
		)
		for i := range n {
			wg.Go(func() {
				res, err := f.decide(ctx, f.reviewer, in)
				errs[i] = err
				if err == nil {
					ids[i] = res.Decision.ID
				}
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("request %d: %v", i, err)
			}
			if ids[i] != ids[0] {
				t.Fatalf("request %d got decision %s; request 0 got %s", i, ids[i], ids[0])
			}
		}
		c := f.svc.Client()
		if n, _ := c.Decision.Query().Count(ctx); n != 1 {
			t.Errorf("decisions = %d; want 1", n)
		}
		if n, _ := c.Event.Query().Where(event.Kind(policy.KindDecisionRecorded)).Count(ctx); n != 1 {
			t.Errorf("decision events = %d; want 1", n)
		}
		// The decision's event, and the selection for a second review of the week's first qualify.
		if after, _ := c.Event.Query().Count(ctx); after != eventsBefore+2 {
			t.Errorf("events %d -> %d; want two more", eventsBefore, after)
		}
		if n, _ := c.Event.Query().Where(event.Kind(policy.KindSecondReviewSelected)).Count(ctx); n != 1 {
			t.Errorf("second-review selections = %d; want 1", n)
		}
		if n, _ := c.ReputationEntry.Query().Where(reputationentry.KindEQ(reputationentry.KindRETURN)).Count(ctx); n != 1 {
			t.Errorf("stake returns = %d; want 1", n)
		}
		// The same key with another input is refused and writes nothing.
		other := in
		other.Notes.Reason = "changed my mind"
		_, err := f.decide(ctx, f.reviewer, other)
		if diff := cmp.Diff([]errKey{{"idempotencyKey", policy.CodeIdempotencyMismatch}}, keys(err)); diff != "" {
			t.Errorf("mismatched replay (-want +got):\n%s", diff)
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
	})
}

// TestIdempotencyKeysArePerReviewer: a key names a request of one reviewer,
// so a second reviewer's use of the same string is a request of its own
// (not a replay of, nor a clash with, the first), while the first reviewer
// retrying still replays.
func TestIdempotencyKeysArePerReviewer(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		rhea := f.account(t, "rhea", role.Reviewer)
		p1, p2 := f.submit(t, f.member), f.submit(t, f.member)
		keep := func(pid string) policy.DecisionInput {
			return policy.DecisionInput{ProblemID: pid, Action: decision.ActionKEEP_PROSPECTING, IdempotencyKey: "my-key",
				Notes:            packet.DecisionNotes{Reason: "The search record misses shifted indexings."},
				RevisionRequests: []string{"Search for 4/n with n shifted by one in OEIS and zbMATH."}}
		}
		first, err := f.decide(ctx, f.reviewer, keep(p1.ID))
		if err != nil {
			t.Fatalf("RecordDecision(rita, %s) = %v", p1.ID, err)
		}
		tests := []struct {
			name     string
			actor    *ent.Account
			in       policy.DecisionInput
			replayed bool
			sameAs   string // the decision a replay returns
		}{
			{"other reviewer other problem", rhea, keep(p2.ID), false, ""},
			{"operator same problem", f.operator, keep(p1.ID), false, ""},
			{"same reviewer retries", f.reviewer, keep(p1.ID), true, first.Decision.ID},
		}
		seen := map[string]bool{first.Decision.ID: true}
		for _, tt := range tests {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				res, err := f.decide(ctx, tt.actor, tt.in)
				if err != nil {
					t.Fatalf("RecordDecision(%s, %s) = %v; want success", tt.actor.Handle, tt.in.ProblemID, err)
				}
				if res.Replayed != tt.replayed {
					t.Errorf("Replayed = %v; want %v", res.Replayed, tt.replayed)
				}
				if tt.replayed {
					if res.Decision.ID != tt.sameAs {
						t.Errorf("replay returned decision %s; want %s", res.Decision.ID, tt.sameAs)
					}
					return
				}
				if seen[res.Decision.ID] || res.Decision.ReviewerID != tt.actor.ID || res.Decision.ProblemID != tt.in.ProblemID {
					t.Errorf("decision = %s by %s on %s; want a new one by %s on %s", res.Decision.ID,
						res.Decision.ReviewerID, res.Decision.ProblemID, tt.actor.ID, tt.in.ProblemID)
				}
				seen[res.Decision.ID] = true
			})
		}
		// The first reviewer's key still guards the first reviewer's request.
		other := keep(p2.ID)
		_, err = f.decide(ctx, f.reviewer, other)
		if diff := cmp.Diff([]errKey{{"idempotencyKey", policy.CodeIdempotencyMismatch}}, keys(err)); diff != "" {
			t.Errorf("same reviewer, same key, other problem (-want +got):\n%s", diff)
		}
		if n, _ := f.svc.Client().Decision.Query().Where(decision.IdempotencyKey("my-key")).Count(ctx); n != 3 {
			t.Errorf("decisions with the key = %d; want 3 (rita's, rhea's and otto's)", n)
		}
		// The database holds the rule too, not only the lookup: a second
		// row for the same reviewer and key is refused.
		_, err = f.svc.Client().Decision.Create().SetProblemID(p2.ID).SetRevisionID(*p2.CurrentRevisionID).
			SetReviewerID(f.reviewer.ID).SetAction(decision.ActionKEEP_PROSPECTING).SetNotes(packet.DecisionNotes{}).
			SetAuthority(decision.AuthorityREVIEWER).SetPolicyVersion(policy.Version).SetIdempotencyKey("my-key").
			SetInputDigest("x").SetCreatedAt(f.clock.Now()).Save(ctx)
		if !ent.IsConstraintError(err) {
			t.Errorf("second decision of rita with the same key = %v; want a constraint error", err)
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
	})
}
