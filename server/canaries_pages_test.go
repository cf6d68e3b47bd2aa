package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestCanariesPage: /admin/lanes links the canary report; operators see each week's lines, the
// configuration that "proved" its canary at 100% stopped with the stop in force, the one that
// only used one at 0% writing on, all in the page's HTML as served (no script builds it); reviewers are refused, and
// no node of a canary is named.
func TestCanariesPage(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	staff, _ := s.signedIn(t, "otto", role.Operator)
	rev, _ := s.signedIn(t, "rita", role.Reviewer)

	_, body, _ := s.get(staff, "/admin/lanes")
	if links := pagetest.Select(t, body, "canaries-link"); len(links) != 1 || !strings.Contains(string(body), `href="/admin/lanes/canaries"`) {
		t.Fatal("/admin/lanes does not link the canary report")
	}
	code, body, _ := s.get(staff, "/admin/lanes/canaries")
	if code != http.StatusOK || len(pagetest.Select(t, body, "canaries-empty")) != 1 {
		t.Fatalf("/admin/lanes/canaries before any report = %d, or it does not say none ran", code)
	}

	cs := corpus.New(s.svc)
	importer := corpus.Writer{Kind: corpus.WriterImporter, ID: "openlogic", Layer: "import"}
	var ds []corpus.Draft
	for i, b := range []string{"If $x$ and $y$ are real numbers with $0 < x < y$, then $x^2 < y^2$.",
		"For every integer $n \\ge 1$, the square $n^2$ is at least $n$, that is $n^2 \\ge n$."} {
		ds = append(ds, corpus.Draft{Kind: corpus.Theorem, Label: fmt.Sprintf("fact-%d", i), Title: fmt.Sprintf("A fact %d", i), Body: b})
	}
	if res, err := cs.Open(ctx, corpus.Request{Writer: importer, Drafts: ds}); err != nil || res.Request.State != corpus.StateMerged {
		t.Fatalf("import: %v %+v", err, res)
	}
	now := s.svc.Now()
	canaries, err := cs.PlantCanaries(ctx, corpus.MonthOf(now), 2, 2026)
	if err != nil || len(canaries) != 2 {
		t.Fatalf("PlantCanaries = %d, %v", len(canaries), err)
	}
	prover := corpus.Writer{Kind: corpus.WriterAgent, ID: "lane_prover", Model: "m-1", PromptVersion: "p-3"}
	careful := corpus.Writer{Kind: corpus.WriterAgent, ID: "lane_careful", Model: "m-2", PromptVersion: "p-1"}
	for _, r := range []corpus.Request{
		{Writer: prover, Drafts: []corpus.Draft{{Kind: corpus.Proof, Label: "c-proof", Title: "Proof", Proves: canaries[0].Node,
			Body: "The claim follows at once from the definitions."}}},
		{Writer: careful, Drafts: []corpus.Draft{{Kind: corpus.Remark, Label: "c-remark", Title: "A remark", Uses: []string{canaries[1].Node},
			Body: "The statement is used here only to note that it needs checking."}}},
	} {
		if _, err := cs.Open(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := cs.CanaryReport(ctx, now); err != nil {
		t.Fatal(err)
	}

	if code, _, _ := s.get(rev, "/admin/lanes/canaries"); code != http.StatusForbidden {
		t.Errorf("reviewer /admin/lanes/canaries = %d; want 403", code)
	}
	code, body, _ = s.get(staff, "/admin/lanes/canaries")
	if code != http.StatusOK {
		t.Fatalf("/admin/lanes/canaries = %d", code)
	}
	pagetest.Check(t, "/admin/lanes/canaries", body)
	if weeks := pagetest.Select(t, body, "canary-week"); len(weeks) != 1 {
		t.Errorf("weeks = %d; want this week's report", len(weeks))
	}
	rows := map[string]string{}
	for _, r := range pagetest.Select(t, body, "canary-row") {
		txt := pagetest.Text(r)
		for _, w := range []string{"lane_prover", "lane_careful"} {
			if strings.Contains(txt, w) {
				rows[w] = txt
			}
		}
	}
	if got := rows["lane_prover"]; !strings.Contains(got, "100%") || !strings.Contains(got, "Stopped by this report") ||
		!strings.Contains(got, "the stop is in force") {
		t.Errorf("prover's line = %q; want 100%% and stopped", got)
	}
	if got := rows["lane_careful"]; !strings.Contains(got, "0%") || !strings.Contains(got, "writes on") {
		t.Errorf("careful's line = %q; want 0%% and writing on", got)
	}
	for _, c := range canaries {
		if strings.Contains(string(body), c.Node) {
			t.Errorf("the report names the canary %s", c.Node)
		}
	}
}
