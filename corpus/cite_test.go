package corpus_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// problemWithClaim writes a problem and a claim on it, as a fixture.
func problemWithClaim(t *testing.T, c *ent.Client, proposer, author string) (*ent.Problem, *ent.Claim) {
	t.Helper()
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	p, err := c.Problem.Create().SetID("TDB-1").SetNumber(1).SetSlug("erdos-straus").SetTitle("Erdős–Straus conjecture").
		SetAcceptanceKind(problem.AcceptanceKindPROOF).SetProvenanceKind(problem.ProvenanceKindORIGINAL).
		SetSubmittedAt(now).SetDeadline(now).SetUpdatedAt(now).SetProposerID(proposer).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cl, err := c.Claim.Create().SetProblemID(p.ID).SetAuthorID(author).SetSummary("Every prime below $10^{17}$ has a solution.").
		SetCreatedAt(now).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return p, cl
}

// TestCiteNodes: a reviewer records that a problem cites a definition; a
// claim's author binds their claim to a theorem node, never to a
// definition, and once; the problem lists both, the node shows who cites
// it, and a member cites nothing of another's.
func TestCiteNodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		acct := func(handle string, roles ...role.Role) *ent.Account {
			a, err := f.pol.CreateAccount(ctx, handle, "", roles)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		rita, ada, mia := acct("rita", role.Reviewer), acct("ada"), acct("mia")
		p, cl := problemWithClaim(t, f.pol.Client(), mia.ID, ada.ID)
		ids := f.mustMerge(t, importer, definition("egyptian-fraction"), theorem("solutions-below", "egyptian-fraction"))

		cite := func(a *ent.Account, claim, node string) (*corpus.Citation, error) {
			return f.svc.Cite(ctx, a, corpus.CiteInput{Problem: p.ID, Claim: claim, Node: node})
		}
		if _, err := cite(nil, "", ids[0]); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("an anonymous citation = %v", err)
		}
		if _, err := cite(mia, "", ids[0]); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a member's citation for the problem = %v; want ErrForbidden", err)
		}
		c, err := cite(rita, "", "egyptian-fraction")
		if err != nil || c.Problem != p.ID || c.Node.ID != ids[0] || c.Claim != "" || c.ProblemTitle != p.Title {
			t.Fatalf("Cite(problem) = %+v, %v", c, err)
		}
		if _, err := cite(rita, "", ids[0]); !errors.Is(err, corpus.ErrCited) {
			t.Errorf("a second citation of the node = %v; want ErrCited", err)
		}
		if _, err := cite(ada, cl.ID, ids[0]); !errors.Is(err, corpus.ErrCitation) {
			t.Errorf("a claim bound to a definition = %v; want ErrCitation", err)
		}
		if _, err := cite(mia, cl.ID, ids[1]); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a claim bound by someone else = %v; want ErrForbidden", err)
		}
		if _, err := cite(ada, "clm_none", ids[1]); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("no such claim = %v; want ErrNotFound", err)
		}
		if _, err := cite(ada, "", "N-999"); !errors.Is(err, corpus.ErrCitation) {
			t.Errorf("no such node = %v; want ErrCitation", err)
		}
		b, err := cite(ada, cl.ID, ids[1])
		if err != nil || b.Claim != cl.ID || b.Node.ID != ids[1] || b.ClaimSummary != cl.Summary {
			t.Fatalf("Cite(claim) = %+v, %v", b, err)
		}
		if _, err := cite(rita, cl.ID, ids[1]); !errors.Is(err, corpus.ErrCited) {
			t.Errorf("binding a bound claim again = %v; want ErrCited", err)
		}
		cs, err := f.svc.CitationsOfProblem(ctx, p.ID)
		if err != nil || len(cs) != 2 || cs[0].Node.ID != ids[0] || cs[1].Claim != cl.ID {
			t.Errorf("CitationsOfProblem = %+v, %v", cs, err)
		}
		n, err := f.svc.ClaimNode(ctx, cl.ID)
		if err != nil || n == nil || n.ID != ids[1] || n.Kind != corpus.Theorem {
			t.Errorf("ClaimNode = %+v, %v", n, err)
		}
		v, err := f.svc.Node(ctx, ids[1])
		if err != nil || len(v.CitedBy) != 1 || v.CitedBy[0].Problem != p.ID || v.CitedBy[0].Claim != cl.ID {
			t.Errorf("the theorem's cited-by = %+v, %v", v.CitedBy, err)
		}
		if err := f.svc.Retire(ctx, ids[0], "", "acc_op"); err != nil {
			t.Fatal(err)
		}
		if _, err := cite(rita, "", ids[0]); !errors.Is(err, corpus.ErrCitation) {
			t.Errorf("citing a retired node = %v; want ErrCitation", err)
		}
	})
}
