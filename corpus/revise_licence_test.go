package corpus_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestRevisionKeepsOrReplacesLicence: an imported node records its text's
// licence and attribution; a revision naming a licence and an attribution
// replaces both, one naming no licence keeps the licence and the credit it asks for.
func TestRevisionKeepsOrReplacesLicence(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		first := definition("group")
		first.Licence, first.Attribution = "CC-BY-4.0", "Open Logic Project, groups.tex"
		id := f.mustMerge(t, importer, first)[0]
		read := func(wantLicence, wantAttribution string) {
			t.Helper()
			v, err := f.svc.Node(ctx, id)
			if err != nil || v.Licence != wantLicence || wantAttribution != "" && v.Attribution != wantAttribution {
				t.Errorf("Node = licence %q, attribution %q, %v; want %q, %q", v.Licence, v.Attribution, err, wantLicence, wantAttribution)
			}
		}
		read("CC-BY-4.0", "Open Logic Project, groups.tex")

		rev := definition("group")
		rev.Label, rev.Revises = "", id
		rev.Body = "A *group* is a set with an associative operation, an identity element and an inverse for each element."
		rev.Licence, rev.Attribution = "CC-BY-SA-4.0", "Open Logic Project, groups.tex (2024)"
		f.mustMerge(t, importer, rev)
		read("CC-BY-SA-4.0", "Open Logic Project, groups.tex (2024)")

		rev.Body = "A *group* is a set $G$ with an associative operation, an identity element $e$ and inverses."
		rev.Licence, rev.Attribution = "", ""
		f.mustMerge(t, importer, rev)
		read("CC-BY-SA-4.0", "Open Logic Project, groups.tex (2024)") // the licence kept, its credit kept
	})
}
