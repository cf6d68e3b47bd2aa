package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestUnreachedReferencesSaidOnce: where the record plane cannot reach the catalogues (a
// server with no network), what an operator does about it is said once for the site, on
// /about#sources, with how many references and problems wait; the references tab says once,
// above the references, that its sources wait, and links there, instead of a note beside each
// reference; a reference with another reason keeps its own note. On both databases.
func TestUnreachedReferencesSaidOnce(t *testing.T) {
	t.Parallel()
	for _, d := range []string{"sqlite3", "postgres"} {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := newSite(t, d)
			ctx := context.Background()
			author := s.member(t, "ursula", "a long enough password")
			p, err := s.svc.Submit(ctx, author, policy.ProblemInput{
				Title:      "Erdős–Straus conjecture",
				Statement:  "For every integer $n \\ge 2$, there exist positive integers $x, y, z$ with $4/n = 1/x + 1/y + 1/z$.",
				Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof for all n ≥ 2, or a counterexample."},
				Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "P. Erdős and E. G. Straus, 1948",
					SourceLocator: "Mordell, Diophantine Equations, p. 287", RightsBasis: "Written in our own words."},
				References: []policy.ReferenceInput{
					{Identifier: "10.1007/978-0-387-26677-0", Citation: "R. K. Guy, Unsolved Problems in Number Theory, 2004.", Locator: "D11",
						Relevance: "States it.", Role: "PRIMARY"},
					{Identifier: "arXiv:1107.1010", Citation: "C. Elsholtz and T. Tao, Counting the number of solutions, 2013.",
						Relevance: "Counts solutions.", Role: "STATUS_EVIDENCE"}},
				ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().UTC().Truncate(24 * time.Hour).Add(-24 * time.Hour),
					Databases: []string{"zbMATH Open", "arXiv"}, Queries: []string{"Erdős–Straus conjecture"}, Coverage: "Titles and abstracts."},
			})
			if err != nil {
				t.Fatal(err)
			}
			refs := s.view(t, p.ID).References
			if len(refs) != 2 {
				t.Fatalf("%d references; want the form's 2", len(refs))
			}
			tab := func() []byte {
				t.Helper()
				_, body, _ := s.get(s.browser(), "/p/"+p.ID+"?tab=references")
				pagetest.Check(t, "references", body)
				return body
			}
			if len(pagetest.Select(t, tab(), "references-unreached")) != 0 {
				t.Error("a problem whose sources nobody tried yet says the catalogues are out of reach")
			}

			res := records.Result{Status: records.StatusUnreachable, Reason: "api.crossref.org: no route to host"}
			for _, r := range refs {
				if err := s.svc.RecordConfirmation(ctx, r.ID, res, records.Confirm(res, records.Claimed{})); err != nil {
					t.Fatal(err)
				}
			}
			body := tab()
			notes := pagetest.Select(t, body, "references-unreached")
			if len(notes) != 1 {
				t.Fatalf("%d notes that the catalogues are out of reach; want one", len(notes))
			}
			if got := pagetest.Text(notes[0]); !strings.Contains(got, "These 2 sources are not confirmed yet") || strings.Contains(got, "theoremdb records import") {
				t.Errorf("the note says %q; want how many sources wait, and not the operator's part", got)
			}
			if links := pagetest.SelectIn(notes[0], "site-sources"); len(links) != 1 || pagetest.Attr(links[0], "href") != "/about#sources" {
				t.Errorf("the note links %v; want the site's one statement, /about#sources", links)
			}
			code, about, _ := s.get(s.browser(), "/about")
			if code != 200 {
				t.Fatalf("/about = %d", code)
			}
			pagetest.Check(t, "/about", about)
			if got := pagetest.Text(pagetest.Select(t, about, "about-sources")[0]); !strings.Contains(got, "Right now 2 references on 1 problem are unconfirmed") || !strings.Contains(got, "theoremdb records import") {
				t.Errorf("/about#sources says %q; want the site's count and what an operator does", got)
			}
			if n := len(pagetest.Select(t, body, "reference-pending")) + len(pagetest.Select(t, body, "locator-note")); n != 0 {
				t.Errorf("%d references repeat that the record plane is unreachable", n)
			}

			// One source resolves as a web address, with its own reason: it keeps its note, and
			// the note above counts the other.
			web := records.Result{Status: records.StatusNoResolver, Reason: "a web address"}
			if err := s.svc.RecordConfirmation(ctx, refs[1].ID, web, records.Outcome{Confirmation: records.Pending,
				Reason: "a web address, not a catalogued record: nothing to confirm it against"}); err != nil {
				t.Fatal(err)
			}
			body = tab()
			if notes := pagetest.Select(t, body, "references-unreached"); len(notes) != 1 || !strings.Contains(pagetest.Text(notes[0]), "1 of these 2 sources is") {
				t.Errorf("after one source's own answer the note is %v; want one counting the other", notes)
			}
			if n := len(pagetest.Select(t, body, "reference-pending")); n != 1 {
				t.Errorf("%d references with their own pending note; want the web address's", n)
			}
		})
	}
}
