package corpus_test

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/sandbox"
)

// BenchmarkChangeRequest opens one-node change requests through every
// gate that needs no model, and dry-runs them, on a corpus of 500 nodes,
// on both databases; it reports p50 and p95 of each beside the goals
// (open to merged 5 s p95, dry run 1 s p95) and of closure(id). Each
// iteration also opens a theorem that carries a small-case program (a
// Python search to its bound, run in the sandbox by merge gate 6), whose
// open to merged is held to the same 5 s p95 (open-smallcases); where the
// sandbox or Python cannot run, that row is left out and says why.
func BenchmarkChangeRequest(b *testing.B) {
	_, noPython := exec.LookPath("python3")
	noSandbox := cmp.Or(sandbox.Available(), noPython)
	if noSandbox != nil {
		b.Logf("open-smallcases left out: %v", noSandbox)
	}
	for _, dialectName := range dbtest.Dialects {
		b.Run(dialectName, func(b *testing.B) {
			ctx := context.Background()
			d := dbtest.Open(b, dialectName)
			fx := newFixtureOn(b, d)
			rng := rand.New(rand.NewPCG(1, 1))
			var labels []string
			for batch := range 10 {
				var drafts []corpus.Draft
				for k := range 50 {
					l := fmt.Sprintf("b%d-%d", batch, k)
					dr := theorem(l)
					for range min(len(labels), 3) {
						dr.Uses = append(dr.Uses, labels[rng.IntN(len(labels))])
					}
					drafts = append(drafts, dr)
				}
				res, err := fx.Open(ctx, corpus.Request{Writer: person, Drafts: drafts})
				if err != nil || res.Request.State != corpus.StateMerged {
					b.Fatalf("seed batch %d: %v %+v", batch, err, res)
				}
				for _, dr := range drafts {
					labels = append(labels, dr.Label)
				}
			}
			var open, check, closure, smallCases []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				dr := proof(fmt.Sprintf("p-%d", i), labels[rng.IntN(len(labels))], labels[rng.IntN(len(labels))], labels[rng.IntN(len(labels))])
				req := corpus.Request{Writer: agent, Drafts: []corpus.Draft{dr}}
				t0 := time.Now()
				if _, err := fx.Check(ctx, req); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				res, err := fx.Open(ctx, req)
				if err != nil || res.Request.State != corpus.StateMerged {
					b.Fatalf("open: %v %+v", err, res)
				}
				t2 := time.Now()
				if _, err := fx.Closure(ctx, res.Request.Nodes[0]); err != nil {
					b.Fatal(err)
				}
				check, open, closure = append(check, t1.Sub(t0)), append(open, t2.Sub(t1)), append(closure, time.Since(t2))
				if noSandbox != nil {
					continue
				}
				sc := eulerTheorem(39) // n² + n + 41 is prime for n < 40: the search runs to its bound
				sc.Label = fmt.Sprintf("sc-%d", i)
				t3 := time.Now()
				res, err = fx.Open(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{sc}})
				if err != nil || res.Request.State != corpus.StateMerged {
					b.Fatalf("open with small cases: %v %+v", err, res)
				}
				smallCases = append(smallCases, time.Since(t3))
			}
			b.StopTimer()
			for _, m := range []struct {
				name string
				ds   []time.Duration
			}{{"open", open}, {"check", check}, {"closure", closure}, {"open-smallcases", smallCases}} {
				if len(m.ds) == 0 {
					continue
				}
				slices.Sort(m.ds)
				b.ReportMetric(float64(m.ds[len(m.ds)/2].Microseconds())/1000, m.name+"-p50-ms")
				b.ReportMetric(float64(m.ds[len(m.ds)*95/100].Microseconds())/1000, m.name+"-p95-ms")
			}
		})
	}
}
