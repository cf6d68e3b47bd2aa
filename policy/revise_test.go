package policy_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

func TestRevise(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)

		// The proposer retitles it: a new slug, the old one still resolves,
		// the deadline does not move.
		in := validInput()
		in.Title = "Erdős–Straus conjecture for prime denominators"
		f.clock.Advance(1)
		got, rev, err := f.svc.Revise(ctx, f.member, p.ID, "", in)
		if err != nil {
			t.Fatalf("Revise() = %v", err)
		}
		if rev.Number != 2 || got.Slug != "erdos-straus-conjecture-for-prime-denominators" || !got.Deadline.Equal(p.Deadline) {
			t.Errorf("after Revise(): revision %d, slug %q, deadline %v (was %v)", rev.Number, got.Slug, got.Deadline, p.Deadline)
		}
		for _, ref := range []string{p.Slug, got.Slug} {
			if r, err := f.svc.Problem(ctx, ref); err != nil || r.ID != p.ID {
				t.Errorf("Problem(%q) = %v, %v; want %s", ref, r, err, p.ID)
			}
		}
		// Back to the first title: the problem's own old slug comes back.
		got, _, err = f.svc.Revise(ctx, f.member, p.ID, "", validInput())
		if err != nil || got.Slug != p.Slug {
			t.Errorf("Revise() back to the first title: slug %q, %v; want %q", got.Slug, err, p.Slug)
		}

		// Someone else may not revise; an operator may, with a note that
		// names them.
		other := f.account(t, "eve")
		_, _, err = f.svc.Revise(ctx, other, p.ID, "", validInput())
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeForbidden}}, keys(err)); diff != "" {
			t.Errorf("Revise() by another member (-want +got):\n%s", diff)
		}
		// An operator revises only an imported problem, whose source account is not here.
		_, _, err = f.svc.Revise(ctx, f.operator, p.ID, "the proposer asked me", validInput())
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeForbidden}}, keys(err)); diff != "" {
			t.Errorf("Revise() by an operator of a member's problem (-want +got):\n%s", diff)
		}
		importer := f.account(t, "importer", role.Operator)
		imported, _, err := f.svc.Import(ctx, importer, "erdos:9999", "test", validInput())
		if err != nil {
			t.Fatal(err)
		}
		// The proposer's path is not the operator's: an operator revises on the console, whose
		// path names the administrator.
		_, _, err = f.svc.Revise(ctx, f.operator, imported.ID, "the importer's account is gone", validInput())
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeForbidden}}, keys(err)); diff != "" {
			t.Errorf("Revise() by an operator off the console (-want +got):\n%s", diff)
		}
		_, _, err = f.svc.ReviseOnConsole(ctx, f.operator, imported.ID, "", validInput())
		if diff := cmp.Diff([]errKey{{"note", policy.CodeRequired}}, keys(err)); diff != "" {
			t.Errorf("Revise() by an operator without a note (-want +got):\n%s", diff)
		}
		in = validInput()
		in.Title = "Erdős–Straus conjecture (imported)"
		_, rev, err = f.svc.ReviseOnConsole(ctx, f.operator, imported.ID, "the importer's account is gone", in)
		if err != nil || !strings.Contains(rev.Note, "@otto") || rev.AuthorID != f.operator.ID {
			t.Errorf("operator Revise() = %+v, %v; want a note naming @otto", rev, err)
		}
		if revs, _ := f.svc.Client().Revision.Query().Count(ctx); revs != 5 {
			t.Errorf("revisions = %d; want 5, none lost", revs)
		}
		// Invalid content and unknown problems are refused.
		bad := validInput()
		bad.Statement = ""
		if _, _, err := f.svc.Revise(ctx, f.member, p.ID, "", bad); len(keys(err)) != 1 {
			t.Errorf("Revise() with an empty statement = %v", err)
		}
		_, _, err = f.svc.Revise(ctx, f.member, "TDB-404", "", validInput())
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeNotFound}}, keys(err)); diff != "" {
			t.Errorf("Revise() of an unknown problem (-want +got):\n%s", diff)
		}
		// An archived problem can no longer be revised.
		if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionARCHIVE,
			ReasonCode: reason(decision.ReasonCodeILL_DEFINED_STATEMENT), Notes: packet.DecisionNotes{Reason: "r"}, IdempotencyKey: "a"}); err != nil {
			t.Fatal(err)
		}
		_, _, err = f.svc.Revise(ctx, f.member, p.ID, "", validInput())
		if diff := cmp.Diff([]errKey{{"problemId", policy.CodeConflict}}, keys(err)); diff != "" {
			t.Errorf("Revise() of an archived problem (-want +got):\n%s", diff)
		}
		if _, err := f.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
	})
}

func TestSlugNeverShadowsAnID(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Erdős–Straus conjecture": "erdos-straus-conjecture",
		"  The 3x+1 problem!  ":   "the-3x-1-problem",
		"∑∫":                      "",
	} {
		if got := policy.Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q; want %q", in, got, want)
		}
	}
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		in := validInput()
		in.Title = "TDB 7"
		p, err := f.svc.Submit(context.Background(), f.member, in)
		if err != nil || p.Slug != "problem-tdb-7" {
			t.Errorf("Submit(title %q) slug = %q, %v; want problem-tdb-7", in.Title, p.Slug, err)
		}
	})
}
