package policy_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// TestReadViews holds the views the site composes to what was submitted: the front page, the
// feeds, the sitemap, the tag names, and the revise form's input, the inverse of intake.
func TestReadViews(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		f := newFixture(t, dialectName)
		ctx := context.Background()
		in := validInput()
		in.Tags = []string{"number theory"}
		p, err := f.svc.Submit(ctx, f.member, in)
		if err != nil {
			t.Fatalf("Submit() = %v", err)
		}

		home, err := f.svc.Home(ctx)
		if err != nil {
			t.Fatalf("Home() = %v", err)
		}
		if len(home.Soonest) != 1 || home.Soonest[0].ID != p.ID || home.Soonest[0].State != policy.StateProspecting {
			t.Errorf("Home().Soonest = %+v; want %s, prospecting", home.Soonest, p.ID)
		}
		wantCounts := []policy.StateCount{{State: policy.StateProspecting, N: 1}, {State: policy.StateAccepted},
			{State: policy.StateArchived}, {State: policy.StateMerged}}
		if diff := cmp.Diff(wantCounts, home.Counts); diff != "" {
			t.Errorf("Home().Counts (-want +got):\n%s", diff)
		}

		feed, err := f.svc.FeedNew(ctx, 10)
		if err != nil {
			t.Fatalf("FeedNew() = %v", err)
		}
		wantFeed := []policy.FeedEntry{{ID: p.ID, Title: in.Title, State: policy.StateProspecting, SubmittedAt: p.SubmittedAt,
			Deadline: p.Deadline, Updated: p.SubmittedAt, HasRevision: true, Statement: in.Statement, Tags: in.Tags}}
		if diff := cmp.Diff(wantFeed, feed, cmpopts.EquateApproxTime(time.Millisecond)); diff != "" {
			t.Errorf("FeedNew() (-want +got):\n%s", diff)
		}
		tagged, err := f.svc.FeedTag(ctx, "number theory", 10)
		if err != nil || len(tagged) != 1 || tagged[0].ID != p.ID {
			t.Errorf("FeedTag(number theory) = %+v, %v; want %s", tagged, err, p.ID)
		}
		if _, err := f.svc.FeedTag(ctx, "no such tag", 10); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("FeedTag(no such tag) = %v; want ErrNotFound", err)
		}
		pf, err := f.svc.ProblemFeed(ctx, p.ID, 100)
		if err != nil || pf.Withheld || len(pf.Events) == 0 {
			t.Errorf("ProblemFeed(%s) = %+v, %v; want its events", p.ID, pf, err)
		}

		site, err := f.svc.SitemapPage(ctx, 0, 10)
		if err != nil || len(site) != 1 || site[0].ID != p.ID {
			t.Errorf("SitemapPage(0) = %+v, %v; want %s", site, err, p.ID)
		}
		if rest, err := f.svc.SitemapPage(ctx, p.Number, 10); err != nil || len(rest) != 0 {
			t.Errorf("SitemapPage(%d) = %+v, %v; want nothing after the last", p.Number, rest, err)
		}
		if names, err := f.svc.TagNames(ctx); err != nil || !cmp.Equal(names, in.Tags) {
			t.Errorf("TagNames() = %q, %v; want %q", names, err, in.Tags)
		}

		v, err := f.svc.ViewProblem(ctx, f.member, p.ID, 0)
		if err != nil {
			t.Fatalf("ViewProblem() = %v", err)
		}
		if v.Withheld {
			t.Errorf("ViewProblem(%s).Withheld = true for a live problem", p.ID)
		}
		got := policy.RevisionInput(v)
		want := in
		stored := []string{"doi:10.1007/978-0-387-26677-0", "arxiv:1107.1010"} // identifiers as the record plane keeps them
		for i := range want.References {
			// The form does not carry what the proposer claimed of a source: the record plane has it.
			want.References[i].Title, want.References[i].Authors, want.References[i].Year = "", nil, nil
			want.References[i].Identifier = stored[i]
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty(), cmpopts.EquateApproxTime(time.Millisecond)); diff != "" {
			t.Errorf("RevisionInput(ViewProblem()) (-want +got):\n%s", diff)
		}
	})
}
