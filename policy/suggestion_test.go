package policy_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/suggestion"
	"github.com/theoremdb/theoremdb/policy"
)

// TestSuggestedEdits: someone who may not revise suggests an edit, checked as a revision is; the
// proposer accepts it as a new revision naming the suggestion and its author, or declines it
// with a reason; a suggestion on a revision that is no longer current cannot be accepted; only
// whoever may revise settles one, once.
func TestSuggestedEdits(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		bea := f.account(t, "bea")
		p := f.submit(t, f.member)
		edit := validInput()
		edit.Title = "Erdős–Straus conjecture on 4/n"

		if _, err := f.svc.SuggestEdit(ctx, f.member, p.ID, "A clearer title.", edit); cmp.Diff([]errKey{{"problemId", policy.CodeConflict}}, keys(err)) != "" {
			t.Errorf("the proposer suggested an edit to their own problem: %v", err)
		}
		bad := edit
		bad.Statement = ""
		if _, err := f.svc.SuggestEdit(ctx, bea, p.ID, "", bad); cmp.Diff([]errKey{{"note", policy.CodeRequired}, {"statement", policy.CodeRequired}}, keys(err)) != "" {
			t.Errorf("an invalid suggestion = %v; want the note and the statement named", err)
		}
		sg, err := f.svc.SuggestEdit(ctx, bea, p.ID, "A clearer title.", edit)
		if err != nil {
			t.Fatalf("SuggestEdit() = %v", err)
		}
		if sg.State != suggestion.StateOPEN || sg.BaseRevisionID != *p.CurrentRevisionID {
			t.Errorf("suggestion = %+v; want open on the current revision", sg)
		}
		if _, err := f.svc.AcceptSuggestion(ctx, bea, sg.ID); err == nil {
			t.Error("the suggester accepted their own suggestion")
		}
		got, err := f.svc.AcceptSuggestion(ctx, f.member, sg.ID)
		if err != nil {
			t.Fatalf("AcceptSuggestion() = %v", err)
		}
		rev, _ := f.svc.Client().Revision.Get(ctx, *got.CurrentRevisionID)
		if rev.Number != 2 || rev.Title != edit.Title || !strings.HasPrefix(rev.Note, "Suggested by @bea ("+sg.ID+"): A clearer title.") {
			t.Errorf("revision %d %q note %q; want revision 2 with the suggested title, naming the suggestion", rev.Number, rev.Title, rev.Note)
		}
		sg, _ = f.svc.Client().Suggestion.Get(ctx, sg.ID)
		if sg.State != suggestion.StateACCEPTED || sg.RevisionID == nil || *sg.RevisionID != rev.ID {
			t.Errorf("accepted suggestion = %+v; want ACCEPTED naming revision %s", sg, rev.ID)
		}
		if _, err := f.svc.AcceptSuggestion(ctx, f.member, sg.ID); cmp.Diff([]errKey{{"suggestionId", policy.CodeConflict}}, keys(err)) != "" {
			t.Errorf("accepting twice = %v; want CONFLICT", err)
		}

		stale, err := f.svc.SuggestEdit(ctx, bea, p.ID, "Cite the 1948 note.", edit)
		if err != nil {
			t.Fatal(err)
		}
		again := edit
		again.Title = "Erdős–Straus conjecture (4/n as three unit fractions)"
		if _, _, err := f.svc.Revise(ctx, f.member, p.ID, "", again); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.AcceptSuggestion(ctx, f.member, stale.ID); cmp.Diff([]errKey{{"suggestionId", policy.CodeStaleRevision}}, keys(err)) != "" {
			t.Errorf("accepting a suggestion on an old revision = %v; want STALE_REVISION", err)
		}
		if _, err := f.svc.DeclineSuggestion(ctx, f.member, stale.ID, ""); cmp.Diff([]errKey{{"reason", policy.CodeRequired}}, keys(err)) != "" {
			t.Errorf("declining without a reason = %v", err)
		}
		if _, err := f.svc.DeclineSuggestion(ctx, f.member, stale.ID, "The problem was revised since; the title is settled."); err != nil {
			t.Fatalf("DeclineSuggestion() = %v", err)
		}
		stale, _ = f.svc.Client().Suggestion.Get(ctx, stale.ID)
		if stale.State != suggestion.StateDECLINED || stale.DeclineReason == "" || stale.DecidedByID == nil || *stale.DecidedByID != f.member.ID {
			t.Errorf("declined suggestion = %+v", stale)
		}
		for kind, want := range map[string]int{policy.KindSuggestionOpened: 2, policy.KindSuggestionAccepted: 1, policy.KindSuggestionDeclined: 1} {
			if n, _ := f.svc.Client().Event.Query().Where(event.Kind(kind), event.Subject(p.ID)).Count(ctx); n != want {
				t.Errorf("%s events = %d; want %d", kind, n, want)
			}
		}
		list, err := f.svc.Suggestions(ctx, p.ID)
		if err != nil || len(list) != 2 || list[0].ID != stale.ID || list[0].Edges.Author == nil {
			t.Errorf("Suggestions() = %d, %v; want both, newest first, with their authors", len(list), err)
		}
	})
}
