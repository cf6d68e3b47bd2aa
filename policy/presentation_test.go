package policy_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestPresentation: an open packet's status record is a current claim with the strongest
// recorded status and never one that declares a resolution; a resolved packet's resolution record
// is an answer claim; the headline is an alias of whichever applies; every selector is validated
// when set, and one that no longer holds falls back to the default.
func TestPresentation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		agent := f.account(t, "bot", role.Agent)
		second := f.account(t, "sam", role.Reviewer)
		p := f.submit(t, f.member)
		attach := func(summary string, typ claim.ObjectType) *ent.Claim {
			t.Helper()
			c, err := f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, Summary: summary, ObjectType: typ,
				Relation: binding.RelationADDRESSES})
			if err != nil {
				t.Fatal(err)
			}
			f.clock.Advance(time.Second)
			return c
		}
		review := func(c *ent.Claim, st claim.Status, rel binding.Relation) {
			t.Helper()
			if _, _, err := f.svc.ReviewClaim(ctx, f.reviewer, policy.ClaimReviewInput{ClaimID: c.ID, Status: st, Relation: rel,
				Note: "Checked against the cited source."}); err != nil {
				t.Fatal(err)
			}
			f.clock.Advance(time.Second)
		}
		shown := func() policy.Presentation {
			t.Helper()
			pk, err := f.svc.ProblemPacket(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			return pk.Presentation
		}
		id := func(c *ent.Claim) string {
			if c == nil {
				return ""
			}
			return c.ID
		}
		set := func(actor *ent.Account, in policy.PresentationInput) error {
			in.ProblemID = p.ID
			_, err := f.svc.SetPresentation(ctx, actor, in)
			return err
		}

		if pr := shown(); pr.Resolved || pr.Status != nil || pr.Headline != nil {
			t.Errorf("presentation without claims = %+v; want nothing shown", pr)
		}
		bound := attach("The statement holds for all n below 10^17 (a verified computation).", claim.ObjectTypeBOUND)
		lemma := attach("Every counterexample is a prime congruent to 1 modulo 24.", claim.ObjectTypeLEMMA)
		if pr := shown(); pr.Status != nil || pr.Headline != nil || pr.Selected {
			t.Errorf("status record with only proposed claims = %s (headline %s, selected %v); want none: no review has established a claim",
				id(pr.Status), id(pr.Headline), pr.Selected)
		}
		review(bound, claim.StatusESTABLISHED, binding.RelationADDRESSES)
		if pr := shown(); id(pr.Status) != bound.ID {
			t.Errorf("status record = %s; want the established claim %s", id(pr.Status), bound.ID)
		}

		for _, tt := range []struct {
			name string
			in   policy.PresentationInput
			want []errKey
		}{
			{"a proposed claim", policy.PresentationInput{StatusRecord: lemma.ID}, []errKey{{"statusRecord", policy.CodeInvalid}}},
			{"a claim of another problem", policy.PresentationInput{StatusRecord: "clm_nope"}, []errKey{{"statusRecord", policy.CodeInvalid}}},
			{"a resolution record on an open packet", policy.PresentationInput{ResolutionRecord: bound.ID}, []errKey{{"resolutionRecord", policy.CodeInvalid}}},
			{"a headline that is not the status record", policy.PresentationInput{StatusRecord: bound.ID, HeadlineRecord: lemma.ID}, []errKey{{"headlineRecord", policy.CodeInvalid}}},
		} {
			if diff := cmp.Diff(tt.want, keys(set(second, tt.in))); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.name, diff)
			}
		}
		if err := set(f.member, policy.PresentationInput{StatusRecord: bound.ID}); err == nil {
			t.Error("a member chose the presentation")
		}
		own := f.submit(t, second)
		if _, err := f.svc.SetPresentation(ctx, second, policy.PresentationInput{ProblemID: own.ID}); cmp.Diff([]errKey{{"problemId", policy.CodeSelfReview}}, keys(err)) != "" {
			t.Errorf("the proposer chose the presentation of their own problem: %v", err)
		}
		later := attach("The statement holds for all n below 10^18.", claim.ObjectTypeBOUND)
		review(later, claim.StatusESTABLISHED, binding.RelationADDRESSES)
		if err := set(second, policy.PresentationInput{StatusRecord: bound.ID, HeadlineRecord: bound.ID}); err != nil {
			t.Fatalf("SetPresentation(established claim) = %v", err)
		}
		if pr := shown(); id(pr.Status) != bound.ID || id(pr.Headline) != bound.ID || !pr.Selected {
			t.Errorf("after choosing %s: status %s, headline %s, selected %v", bound.ID, id(pr.Status), id(pr.Headline), pr.Selected)
		}
		n, _ := f.svc.Client().Event.Query().Where(event.Kind(policy.KindPresentationSet), event.Subject(p.ID)).Count(ctx)
		if n != 1 {
			t.Errorf("presentation.set events = %d; want 1", n)
		}

		// The chosen record is refuted: the selection no longer holds, the default shows.
		review(bound, claim.StatusREFUTED, binding.RelationADDRESSES)
		if pr := shown(); id(pr.Status) != later.ID || pr.Selected {
			t.Errorf("after the chosen record was refuted: status %s, selected %v; want the default %s", id(pr.Status), pr.Selected, later.ID)
		}

		// A claim bound RESOLVES but only proposed cannot be an open packet's status record.
		resolving, err := f.svc.AttachClaim(ctx, f.reviewer, policy.ClaimInput{ProblemID: p.ID, Summary: "The statement is true for all n.",
			Relation: binding.RelationRESOLVES})
		if err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(time.Second)
		if diff := cmp.Diff([]errKey{{"statusRecord", policy.CodeInvalid}}, keys(set(second, policy.PresentationInput{StatusRecord: resolving.ID}))); diff != "" {
			t.Errorf("a status record that declares a resolution (-want +got):\n%s", diff)
		}

		// An established answer resolves the packet: the resolution record is the answer, the
		// status record is gone, and only an answer can be chosen as the resolution record.
		if _, _, err := f.svc.ReviewClaim(ctx, second, policy.ClaimReviewInput{ClaimID: resolving.ID, Status: claim.StatusESTABLISHED,
			Relation: binding.RelationRESOLVES, Note: "The proof covers the whole statement."}); err != nil {
			t.Fatal(err)
		}
		pr := shown()
		if !pr.Resolved || id(pr.Resolution) != resolving.ID || pr.Status != nil || id(pr.Headline) != resolving.ID {
			t.Errorf("resolved presentation = resolved %v, resolution %s, status %s, headline %s; want the answer %s",
				pr.Resolved, id(pr.Resolution), id(pr.Status), id(pr.Headline), resolving.ID)
		}
		if diff := cmp.Diff([]errKey{{"statusRecord", policy.CodeInvalid}}, keys(set(second, policy.PresentationInput{StatusRecord: later.ID}))); diff != "" {
			t.Errorf("a status record on a resolved packet (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]errKey{{"resolutionRecord", policy.CodeInvalid}}, keys(set(second, policy.PresentationInput{ResolutionRecord: later.ID}))); diff != "" {
			t.Errorf("a resolution record that is not an answer (-want +got):\n%s", diff)
		}
		if err := set(second, policy.PresentationInput{ResolutionRecord: resolving.ID, HeadlineRecord: resolving.ID}); err != nil {
			t.Errorf("SetPresentation(the answer) = %v", err)
		}
	})
}

// TestSupersede: a new claim supersedes an earlier one by its author (or anyone's, by a
// reviewer); a superseded claim is no longer current, so it is neither an answer nor a status
// record.
func TestSupersede(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		agent := f.account(t, "bot", role.Agent)
		other := f.account(t, "eve")
		p := f.submit(t, f.member)
		first, err := f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, Summary: "Holds below 10^6.", ObjectType: claim.ObjectTypeBOUND,
			Relation: binding.RelationADDRESSES})
		if err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(time.Second)
		_, err = f.svc.AttachClaim(ctx, other, policy.ClaimInput{ProblemID: p.ID, Summary: "Holds below 10^7.", Supersedes: first.ID,
			Relation: binding.RelationADDRESSES})
		if diff := cmp.Diff([]errKey{{"supersedes", policy.CodeForbidden}}, keys(err)); diff != "" {
			t.Errorf("someone else supersedes the agent's claim (-want +got):\n%s", diff)
		}
		next, err := f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, Summary: "Holds below 10^7.", ObjectType: claim.ObjectTypeBOUND,
			Supersedes: first.ID, Relation: binding.RelationADDRESSES})
		if err != nil {
			t.Fatalf("AttachClaim(supersedes) = %v", err)
		}
		old, _ := f.svc.Client().Claim.Get(ctx, first.ID)
		if old.SupersededByID == nil || *old.SupersededByID != next.ID {
			t.Errorf("supersededBy of the first claim = %v; want %s", old.SupersededByID, next.ID)
		}
		_, err = f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, Summary: "Holds below 10^8.", Supersedes: first.ID,
			Relation: binding.RelationADDRESSES})
		if diff := cmp.Diff([]errKey{{"supersedes", policy.CodeConflict}}, keys(err)); diff != "" {
			t.Errorf("superseding a superseded claim (-want +got):\n%s", diff)
		}
		_, err = f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, Summary: "x", ObjectType: "THEOREM",
			Relation: binding.RelationADDRESSES})
		if diff := cmp.Diff([]errKey{{"objectType", policy.CodeInvalid}}, keys(err)); diff != "" {
			t.Errorf("an unknown object type (-want +got):\n%s", diff)
		}
		pk, err := f.svc.ProblemPacket(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if s := pk.Presentation.Status; s != nil {
			t.Errorf("status record = %s before any review; want none: an agent's proposal does not speak for the problem", s.ID)
		}
		if _, _, err := f.svc.ReviewClaim(ctx, f.reviewer, policy.ClaimReviewInput{ClaimID: next.ID, Status: claim.StatusESTABLISHED,
			Relation: binding.RelationADDRESSES, Note: "Checked against the cited computation."}); err != nil {
			t.Fatal(err)
		}
		if pk, err = f.svc.ProblemPacket(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		if s := pk.Presentation.Status; s == nil || s.ID != next.ID {
			t.Errorf("status record = %v; want the superseding claim %s once a review established it", s, next.ID)
		}
		if err := func() error {
			_, err := f.svc.SetPresentation(ctx, f.reviewer, policy.PresentationInput{ProblemID: p.ID, StatusRecord: first.ID})
			return err
		}(); cmp.Diff([]errKey{{"statusRecord", policy.CodeInvalid}}, keys(err)) != "" {
			t.Errorf("choosing a superseded claim as status record = %v; want refused", err)
		}
	})
}
