package policy_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

func TestAttachClaim(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		agent := f.account(t, "prover-7", role.Agent)

		c, err := f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.Slug,
			Summary: "For every prime n < 10^17 a solution exists (computation).", Scope: "Primes below 10^17.",
			Relation: binding.RelationADDRESSES})
		if err != nil || c.Status != claim.StatusPROPOSED || c.ProblemID != p.ID {
			t.Fatalf("AttachClaim() = %+v, %v; want a proposed claim on %s", c, err, p.ID)
		}
		// Agents cannot write RESOLVES; a reviewer can.
		_, err = f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, Summary: "A full proof.", Relation: binding.RelationRESOLVES})
		if diff := cmp.Diff([]errKey{{"relation", policy.CodeAgentCannotResolve}}, keys(err)); diff != "" {
			t.Errorf("agent RESOLVES (-want +got):\n%s", diff)
		}
		if _, err := f.svc.AttachClaim(ctx, f.reviewer, policy.ClaimInput{ProblemID: p.ID, Summary: "The reviewed answer.",
			Relation: binding.RelationRESOLVES}); err != nil {
			t.Errorf("reviewer RESOLVES: %v", err)
		}
		for _, in := range []policy.ClaimInput{
			{ProblemID: p.ID, Relation: binding.RelationADDRESSES},
			{ProblemID: p.ID, Summary: "s", Relation: "PROVES"},
			{ProblemID: "TDB-404", Summary: "s", Relation: binding.RelationADDRESSES},
		} {
			if _, err := f.svc.AttachClaim(ctx, agent, in); len(keys(err)) != 1 {
				t.Errorf("AttachClaim(%+v) = %v; want one field error", in, err)
			}
		}
		if _, err := f.svc.AttachClaim(ctx, nil, policy.ClaimInput{ProblemID: p.ID, Summary: "s", Relation: binding.RelationADDRESSES}); err != policy.ErrUnauthenticated {
			t.Errorf("anonymous AttachClaim() = %v", err)
		}
		n, _ := f.svc.Client().Claim.Query().Count(ctx)
		if n != 2 {
			t.Errorf("claims = %d; want 2", n)
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
	})
}
