package policy_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestNoteFieldsAreEnforced holds the notes of the forms that change a
// problem to what the policy checks: each required one left empty is
// refused on "note" with the table's message, an optional one is not, and
// one character over the table's limit is refused.
func TestNoteFieldsAreEnforced(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		own := f.submit(t, f.member)
		importer := f.account(t, "importer", role.Operator)
		imported, _, err := f.svc.Import(ctx, importer, "erdos:9998", "test", validInput())
		if err != nil {
			t.Fatal(err)
		}
		bea := f.account(t, "bea")
		for _, tt := range []struct {
			name  string
			field policy.ProblemField
			call  func(note string) error
		}{
			{"proposer's revision", policy.RevisionNote, func(note string) error {
				_, _, err := f.svc.Revise(ctx, f.member, own.ID, note, validInput())
				return err
			}},
			{"operator's revision", policy.OperatorNote, func(note string) error {
				_, _, err := f.svc.ReviseOnConsole(ctx, f.operator, imported.ID, note, validInput())
				return err
			}},
			{"suggested edit", policy.SuggestionNote, func(note string) error {
				_, err := f.svc.SuggestEdit(ctx, bea, own.ID, note, validInput())
				return err
			}},
		} {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				var want []policy.FieldError
				if tt.field.Required.Always {
					msg := tt.field.Missing
					if msg == "" {
						msg = "is required"
					}
					want = []policy.FieldError{{Field: []string{"note"}, Code: policy.CodeRequired, Message: msg}}
				}
				if diff := cmp.Diff(want, policy.FieldErrors(tt.call(""))); diff != "" {
					t.Errorf("an empty note (-want +got):\n%s", diff)
				}
				if got := keys(tt.call(strings.Repeat("n", tt.field.Max+1))); !cmp.Equal(got, []errKey{{"note", policy.CodeTooLong}}) {
					t.Errorf("a note of %d characters = %v; want it refused as too long", tt.field.Max+1, got)
				}
			})
		}
	})
}
