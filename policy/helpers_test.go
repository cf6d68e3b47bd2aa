package policy_test

import (
	"context"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
	"github.com/theoremdb/theoremdb/role"
)

type fixture struct {
	db       *db.DB
	svc      *policy.Service
	clock    *policytest.Clock
	member   *ent.Account
	reviewer *ent.Account
	operator *ent.Account
}

func newFixture(t *testing.T, dialectName string, opts ...policy.Option) *fixture {
	t.Helper()
	d := dbtest.Open(t, dialectName)
	clock := policytest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	svc := policy.New(d, policy.Config{}, append([]policy.Option{policy.WithClock(clock)}, opts...)...)
	f := &fixture{db: d, svc: svc, clock: clock}
	f.member = f.account(t, "ada")
	f.reviewer = f.account(t, "rita", role.Reviewer)
	f.operator = f.account(t, "otto", role.Operator)
	return f
}

func (f *fixture) account(t *testing.T, handle string, roles ...role.Role) *ent.Account {
	t.Helper()
	a, err := f.svc.CreateAccount(context.Background(), handle, "", roles)
	if err != nil {
		t.Fatalf("CreateAccount(%q) = %v", handle, err)
	}
	return a
}

func validInput() policy.ProblemInput {
	return policy.ProblemInput{
		Title:     "Erdős–Straus conjecture",
		Statement: "For every integer $n \\ge 2$, there exist positive integers $x, y, z$ with $4/n = 1/x + 1/y + 1/z$.",
		Exposition: []packet.ExpositionEntry{
			{Kind: packet.Definition, Term: "Egyptian fraction", Body: "A sum of unit fractions."},
			{Kind: packet.Remark, Body: "It suffices to treat prime $n$."},
		},
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof for all n ≥ 2, or a counterexample n with a certificate that no x, y, z exist."},
		Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "P. Erdős and E. G. Straus, 1948",
			SourceLocator: "Mordell, Diophantine Equations, p. 287", RightsBasis: "Statement of a mathematical fact; written in our own words."},
		References: []policy.ReferenceInput{
			{Identifier: "10.1007/978-0-387-26677-0", Citation: "R. K. Guy, Unsolved Problems in Number Theory, 3rd ed., Springer, 2004.",
				Locator: "Problem D11", Relevance: "States the conjecture and surveys partial results.", Role: reference.RolePRIMARY,
				Title: "Unsolved Problems in Number Theory", Authors: []string{"Richard K. Guy"}, Year: ptr(2004)},
			{Identifier: "arXiv:1107.1010", Citation: "C. Elsholtz and T. Tao, Counting the number of solutions to the Erdős–Straus equation on unit fractions, 2013.",
				Relevance: "Strongest known counting results; the conjecture remains open.", Role: reference.RoleSTATUS_EVIDENCE,
				Title: "Counting the number of solutions to the Erdős–Straus equation on unit fractions", Authors: []string{"Christian Elsholtz", "Terence Tao"},
				Year: ptr(2013)},
		},
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC),
			Databases: []string{"zbMATH Open", "arXiv"}, Queries: []string{"Erdős–Straus conjecture", "4/n = 1/x + 1/y + 1/z"},
			Coverage: "Searched titles and abstracts up to 2026-03-01."},
	}
}

func (f *fixture) submit(t *testing.T, a *ent.Account) *ent.Problem {
	t.Helper()
	p, err := f.svc.Submit(context.Background(), a, validInput())
	if err != nil {
		t.Fatalf("Submit() = %v", err)
	}
	return p
}

// submitChecked submits a problem and passes its gates, for tests that count what a later call
// writes.
func (f *fixture) submitChecked(t *testing.T, a *ent.Account) *ent.Problem {
	t.Helper()
	p := f.submit(t, a)
	if err := f.passGates(context.Background(), *p.CurrentRevisionID); err != nil {
		t.Fatalf("passGates() = %v", err)
	}
	return p
}

// decide records a decision as a reviewer who read the current revision, after its gates have
// passed: the gates themselves are tested in gates/ and workers/, and these tests are about the
// decision rules. A test that sets in.RevisionID decides on that revision, and its gates are
// left as they are.
func (f *fixture) decide(ctx context.Context, actor *ent.Account, in policy.DecisionInput) (*policy.DecisionResult, error) {
	if in.RevisionID == "" {
		if id, err := policy.ResolveProblemID(ctx, f.svc.Client(), in.ProblemID); err == nil {
			p, err := f.svc.Client().Problem.Get(ctx, id)
			if err != nil {
				return nil, err
			}
			in.RevisionID = *p.CurrentRevisionID
			if err := f.passGates(ctx, in.RevisionID); err != nil {
				return nil, err
			}
		} else {
			in.RevisionID = "rev_of_no_problem"
		}
	}
	return f.svc.RecordDecision(ctx, actor, in)
}

// passGates records a passing result for every pending gate run of a revision.
func (f *fixture) passGates(ctx context.Context, revisionID string) error {
	runs, err := f.svc.GateRunsToDo(ctx, revisionID)
	if err != nil {
		return err
	}
	for _, r := range runs {
		res := gates.Result{Gate: gates.Name(r.Gate), Version: r.Version, Outcome: gates.OutcomePass,
			Started: f.clock.Now(), Finished: f.clock.Now()}
		if err := f.svc.RecordGateResult(ctx, r.ID, "test", res); err != nil {
			return err
		}
	}
	return nil
}
