package server_test

import (
	"context"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/viewer"
)

// The tests of the site set their fixtures up through the policy's operations and read the
// record back through its reads: the export's record of every public problem, a problem's view,
// an account by its handle. They never query the database themselves.

// publicProblems is every public problem (every one not removed) as the export reads it, in
// number order: the record tests choose their problems from and hold pages to.
func publicProblems(t *testing.T, s *site) []*policy.ExportProblem {
	t.Helper()
	var out []*policy.ExportProblem
	if err := s.svc.EachPublicProblem(context.Background(), "", func(p *policy.ExportProblem) error {
		out = append(out, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// prospects are the problems in their challenge period, earliest deadline first.
func prospects(t *testing.T, s *site) []*policy.ExportProblem {
	t.Helper()
	var out []*policy.ExportProblem
	for _, p := range publicProblems(t, s) {
		if p.State == policy.StateProspecting {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b *policy.ExportProblem) int { return a.Deadline.Compare(b.Deadline) })
	if len(out) == 0 {
		t.Fatal("the demo data has no problem in its challenge period")
	}
	return out
}

// membersProspect is the problem in its challenge period with the earliest deadline that a
// member proposed (not a source's import).
func membersProspect(t *testing.T, s *site) *policy.ExportProblem {
	t.Helper()
	i := slices.IndexFunc(prospects(t, s), func(p *policy.ExportProblem) bool { return p.ImportKey == "" })
	if i < 0 {
		t.Fatal("the demo data has no member's problem in its challenge period")
	}
	return prospects(t, s)[i]
}

// view is the problem's view for a reader not signed in, with all its events.
func (s *site) view(t *testing.T, ref string) *policy.ProblemView {
	t.Helper()
	v, err := s.svc.ViewProblem(context.Background(), nil, ref, 1000)
	if err != nil {
		t.Fatalf("ViewProblem(%s) = %v", ref, err)
	}
	return v
}

// account is the account with the handle.
func (s *site) account(t *testing.T, handle string) *viewer.Account {
	t.Helper()
	a, err := s.svc.AccountByHandle(context.Background(), handle)
	if err != nil {
		t.Fatalf("AccountByHandle(%s) = %v", handle, err)
	}
	return a
}

// member makes a member's account with more roles and a password, as an operator does on the
// command line.
func (s *site) member(t *testing.T, handle, password string, roles ...role.Role) *viewer.Account {
	t.Helper()
	ctx := context.Background()
	a, err := s.svc.CreateAccount(ctx, handle, "", roles)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.svc.SetPassword(ctx, a, password); err != nil {
		t.Fatal(err)
	}
	return a
}
