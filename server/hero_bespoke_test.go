package server_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestBespokeHeroNeedsAReviewedAsset: the proposer's "bespoke art" box is a request, not a
// review: until a registered asset pair passes a reviewer's check for the problem, with its
// rights basis, the page shows the neutral generated figure and says so.
func TestBespokeHeroNeedsAReviewedAsset(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	a, err := s.svc.CreateAccount(ctx, "artist", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.svc.Submit(ctx, a, policy.ProblemInput{
		Title:      "Erdős–Straus conjecture",
		Statement:  "For every integer $n \\ge 2$, there exist positive integers $x, y, z$ with $4/n = 1/x + 1/y + 1/z$.",
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof for all n ≥ 2, or a counterexample n with a certificate."},
		Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "P. Erdős and E. G. Straus, 1948",
			SourceLocator: "Mordell, Diophantine Equations, p. 287", RightsBasis: "Statement of a mathematical fact; written in our own words."},
		References: []policy.ReferenceInput{{Identifier: "arXiv:1107.1010", Citation: "C. Elsholtz and T. Tao, Counting the number of solutions, 2013.",
			Relevance: "Strongest known counting results; the conjecture remains open.", Role: "STATUS_EVIDENCE"}},
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().UTC().Truncate(24 * time.Hour).Add(-24 * time.Hour),
			Databases: []string{"zbMATH Open", "arXiv"}, Queries: []string{"Erdős–Straus conjecture"}, Coverage: "Titles and abstracts."},
		Hero: packet.Hero{Brief: "Unit fractions as bars.", Alt: "Three bars beside one.", Caption: "Three unit fractions beside 4/n.",
			RightsBasis: "My own drawing.", Bespoke: true},
	})
	if err != nil {
		t.Fatalf("Submit() = %v", err)
	}
	_, body, _ := s.get(s.browser(), "/p/"+p.ID)
	pagetest.Check(t, "/p/"+p.ID+" bespoke requested", body)
	if got := text(t, body, "hero-kind"); !regexp.MustCompile(`Neutral generated figure`).MatchString(got) ||
		!regexp.MustCompile(`(?i)bespoke art.*reviewer`).MatchString(got) {
		t.Errorf("hero label = %q; want the neutral figure, and that bespoke art waits for a reviewer's check", got)
	}
}
