package corpus_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
)

// trueStatements are statements a canary can be made from: each has a
// relation, a constant or a hypothesis sanity.Mutate can change.
var trueStatements = []string{
	"For every integer $n \\ge 1$, the square $n^2$ is at least $n$, that is $n^2 \\ge n$.",
	"Every finite group of order $2$ is abelian.",
	"If $x$ and $y$ are real numbers with $0 < x < y$, then $x^2 < y^2$.",
	"For every integer $n \\ge 0$ the sum $1 + 2 + \\dots + n$ equals $n(n+1)/2$.",
}

// TestCanariesStopAConfigurationThatProvesThem plants the month's canaries
// from true statements through change requests that look like their
// sources' own, lets one agent configuration "prove" a canary and another
// only use one, and runs the weekly report: the configuration that proved
// its canary (100% > 5%) stops through the configuration stop with the
// figure on the stop's event, its next proof is refused and its proof of
// the canary is quarantined; the other writes on. Nothing a reader is
// shown says which statements are canaries.
func TestCanariesStopAConfigurationThatProvesThem(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		var sources []corpus.Draft
		for i, body := range trueStatements {
			sources = append(sources, corpus.Draft{Kind: corpus.Theorem, Label: fmt.Sprintf("fact-%d", i), Title: fmt.Sprintf("A fact %d", i), Body: body})
		}
		f.mustMerge(t, importer, sources...)
		now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
		canaries, err := f.svc.PlantCanaries(ctx, corpus.MonthOf(now), 2, 2026)
		if err != nil || len(canaries) != 2 {
			t.Fatalf("PlantCanaries = %d, %v; want 2", len(canaries), err)
		}
		for _, c := range canaries {
			v, err := f.svc.Node(ctx, c.Node)
			if err != nil {
				t.Fatal(err)
			}
			if c.From == c.To || c.Mutation == "" {
				t.Errorf("canary %+v changes nothing", c)
			}
			src, _ := f.svc.Node(ctx, c.Source)
			if v.Title != src.Title || v.Kind != src.Kind || v.Writer != src.Writer {
				t.Errorf("canary %s (%q by %s) does not look like its source (%q by %s)", c.Node, v.Title, v.Writer, src.Title, src.Writer)
			}
		}
		// The log shows readers no canary: every canary event is private.
		c := f.pol.Client()
		evs, err := c.Event.Query().Where(event.KindHasPrefix("corpus.canary.")).All(ctx)
		if err != nil || len(evs) != 2 {
			t.Fatalf("canary events = %d, %v; want the 2 planted", len(evs), err)
		}
		pub, err := c.Event.Query().Where(event.Public(true)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range append(evs, pub...) {
			if e.Public && (strings.Contains(e.Kind, "canary") || strings.Contains(e.Payload, "canary")) {
				t.Errorf("public event %s %s tells of a canary", e.Kind, e.Payload)
			}
		}

		// Configuration A "proves" the first canary; configuration B only uses the second.
		a := corpus.Writer{Kind: corpus.WriterAgent, ID: "lane_prover", Model: "m-1", PromptVersion: "p-3"}
		b := corpus.Writer{Kind: corpus.WriterAgent, ID: "lane_careful", Model: "m-2", PromptVersion: "p-1"}
		proved := f.open(t, a, proofDraft("canary-proof", canaries[0].Node, "The claim follows at once from the definitions."))
		f.open(t, b, corpus.Draft{Kind: corpus.Remark, Label: "canary-remark", Title: "A remark", Uses: []string{canaries[1].Node},
			Body: "The statement is used here only to note that it needs checking."})
		f.mustMerge(t, a, proofDraft("fact-proof", "fact-1", "A group of order $2$ is cyclic, and every cyclic group is abelian."))

		rows, err := f.svc.CanaryReport(ctx, now.Add(6*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		byWriter := map[string]corpus.CanaryRow{}
		for _, r := range rows {
			byWriter[r.Stratum.Writer] = r
		}
		if r := byWriter["lane_prover"]; r.Taken != 1 || r.Proved != 1 || r.Share != 1 || !r.Stopped {
			t.Errorf("A's row = %+v; want 1 of 1 proved, stopped", r)
		}
		if r := byWriter["lane_careful"]; r.Taken != 1 || r.Proved != 0 || r.Stopped {
			t.Errorf("B's row = %+v; want 1 taken, none proved, not stopped", r)
		}
		if len(rows) != 2 {
			t.Errorf("report rows = %+v; want A and B only", rows)
		}
		stops, err := c.Event.Query().Where(event.KindEQ(corpus.KindConfigurationStop)).All(ctx)
		if err != nil || len(stops) != 1 {
			t.Fatalf("stop events = %d, %v; want 1", len(stops), err)
		}
		var p map[string]any
		if err := json.Unmarshal([]byte(stops[0].Payload), &p); err != nil || p["property"] != corpus.PropertyCanary ||
			p["errors"] != 1.0 || p["n"] != 1.0 || p["high"] != 1.0 || p["threshold"] != corpus.CanaryThreshold || !stops[0].Public {
			t.Errorf("stop event %s; want CANARY with the figure 1 of 1 over 0.05", stops[0].Payload)
		}

		// A's proofs are refused now, with the figure; B writes on.
		_, err = f.svc.Open(ctx, corpus.Request{Writer: a, Drafts: []corpus.Draft{proofDraft("fact-proof-2", "fact-0", "Since $n \\ge 1$, $n^2 = n \\cdot n \\ge n$.")}})
		var stopped *corpus.StoppedError
		if !errors.As(err, &stopped) || !strings.Contains(err.Error(), `"proved" 1 of the 1 canaries`) {
			t.Errorf("A's next proof: %v; want refused with the canary figure", err)
		}
		f.mustMerge(t, b, proofDraft("fact-proof-3", "fact-0", "Since $n \\ge 1$, $n^2 = n \\cdot n \\ge n$."))
		// No gate here reads whether a proof is right: A's proof merged, and the stop holds it.
		if proved.Request.State != corpus.StateMerged {
			t.Fatalf("A's proof of the canary: %s; want MERGED (no judge is configured)", proved.Request.State)
		}
		mark, err := f.svc.Quarantined(ctx, proved.Request.Nodes[0])
		if err != nil || mark != "QUARANTINED" {
			t.Errorf("A's merged proof of the canary: mark %q, %v; want QUARANTINED", mark, err)
		}

		// A second report in the month stops nothing twice.
		if _, err := f.svc.CanaryReport(ctx, now.Add(13*24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if n, _ := c.Event.Query().Where(event.KindEQ(corpus.KindConfigurationStop)).Count(ctx); n != 1 {
			t.Errorf("stop events after a second report = %d; want 1", n)
		}
	})
}
