package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestPeopleCheckPages: a reviewer works the queue of people's checks
// without JavaScript — the packet never names who or what wrote the node,
// each section is its own checkbox, a confirmation with none is refused —
// and a problem that cites a node shows it on its Research tab while the
// node shows the problem as citing it.
func TestPeopleCheckPages(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		s := newSite(t, d)
		ctx := context.Background()
		svc := corpus.New(s.svc)
		w := corpus.Writer{Kind: corpus.WriterAgent, ID: "lane.secret-writer", Model: "model-zeta", PromptVersion: "prompt-omega", Layer: "layer-x"}
		res, err := svc.Open(ctx, corpus.Request{Writer: w, Drafts: []corpus.Draft{
			{Kind: corpus.Definition, Label: "egyptian-fraction", Title: "Egyptian fraction", Term: "Egyptian fraction",
				Body:       "An *Egyptian fraction* is a sum of distinct unit fractions $1/a_1 + \\dots + 1/a_k$.",
				References: []corpus.Reference{{Identifier: "10.1000/fractions", Citation: "A. Author, Fractions (2001)", Locator: "Def. 1.2"}}},
			{Kind: corpus.Theorem, Label: "three-terms", Title: "Three terms", Uses: []string{"egyptian-fraction"},
				Body: "Every $4/p$ with $p$ prime below $100$ is an Egyptian fraction of three terms."},
			{Kind: corpus.Proof, Label: "three-terms-proof", Title: "Proof of three terms", Proves: "three-terms",
				Body: "Check each prime below $100$.\n\nFor $p = 2$, $4/2 = 1/1 + 1/2 + 1/2$ is not distinct, so take $1/1 + 1/3 + 1/6$."},
		}})
		if err != nil || res.Request.State != corpus.StateMerged {
			t.Fatalf("Open = %+v, %v", res, err)
		}
		def, proof := res.Request.Nodes[0], res.Request.Nodes[2]
		rita := s.member(t, "rita", "reviewer password", role.Reviewer)
		s.member(t, "mia", "member password")
		rb, mb, anon := s.browser(), s.browser(), s.browser()
		s.post(rb, "/signin", url.Values{"handle": {"rita"}, "password": {"reviewer password"}})
		s.post(mb, "/signin", url.Values{"handle": {"mia"}, "password": {"member password"}})

		if code, _, h := s.get(anon, "/corpus/checks"); code != http.StatusSeeOther || !strings.HasPrefix(h.Get("Location"), "/signin") {
			t.Errorf("anonymous GET /corpus/checks = %d %s", code, h.Get("Location"))
		}
		if code, _, _ := s.get(mb, "/corpus/checks"); code != http.StatusForbidden {
			t.Errorf("a member's GET /corpus/checks = %d; want 403", code)
		}
		code, body, _ := s.get(rb, "/corpus/checks")
		if code != http.StatusOK {
			t.Fatalf("GET /corpus/checks = %d", code)
		}
		pagetest.Check(t, "corpus-checks", body)
		for _, want := range []string{`href="/corpus/checks/` + def + `.statement.0"`, `href="/corpus/checks/` + proof + `.proof"`} {
			if !strings.Contains(string(body), want) {
				t.Errorf("/corpus/checks lacks %s", want)
			}
		}
		secrets := []string{"lane.secret-writer", "model-zeta", "prompt-omega", "layer-x"}
		packet := "/corpus/checks/" + proof + ".proof"
		for _, pg := range []string{"/corpus/checks", packet, "/corpus/checks/" + def + ".statement.0"} {
			_, body, _ := s.get(rb, pg)
			for _, secret := range secrets {
				if strings.Contains(string(body), secret) {
					t.Errorf("%s shows %q", pg, secret)
				}
			}
		}
		code, body, _ = s.get(rb, packet)
		if code != http.StatusOK {
			t.Fatalf("GET %s = %d", packet, code)
		}
		pagetest.Check(t, "corpus-check", body)
		if n := len(pagetest.Select(t, body, "check-section")); n != 2 {
			t.Errorf("the proof's packet has %d sections; want its 2 steps", n)
		}
		if got := text(t, body, "check-context"); !strings.Contains(got, "Three terms") {
			t.Errorf("the packet's context reads %q; want the theorem it proves", got)
		}
		if code, _, _ := s.post(rb, packet, url.Values{"revision": {"1"}}); code != http.StatusUnprocessableEntity {
			t.Errorf("a confirmation of no section = %d; want 422", code)
		}
		if code, b, _ := s.post(rb, packet, url.Values{"revision": {"1"}, "section": {"step-1", "step-2"}}); code != http.StatusSeeOther {
			t.Fatalf("POST %s = %d; want 303\n%s", packet, code, b)
		}
		_, body, _ = s.get(rb, packet)
		if n := len(pagetest.Select(t, body, "section-confirmed")); n != 2 {
			t.Errorf("%d sections read as confirmed; want 2", n)
		}
		_, body, _ = s.get(rb, "/corpus/checks")
		if strings.Contains(string(body), `href="`+packet+`"`) {
			t.Errorf("the checked proof is still in rita's queue")
		}

		// A problem of the demo data cites the definition.
		if _, err := svc.Cite(ctx, rita, corpus.CiteInput{Problem: "TDB-1", Node: def}); err != nil {
			t.Fatal(err)
		}
		_, body, _ = s.get(anon, "/p/TDB-1?tab=research")
		if got := text(t, body, "cited-nodes"); !strings.Contains(got, def) || !strings.Contains(got, "Egyptian fraction") {
			t.Errorf("the problem's cited nodes read %q", got)
		}
		_, body, _ = s.get(anon, "/n/"+def)
		pagetest.Check(t, "node-cited", body)
		if got := text(t, body, "cited-by"); !strings.Contains(got, "TDB-1") {
			t.Errorf("the node's cited-by reads %q", got)
		}
	})
}
