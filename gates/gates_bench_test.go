package gates_test

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/seed"
	"github.com/theoremdb/theoremdb/similar"
)

// BenchmarkAllGates runs every gate on each demo packet in turn, with a duplicate index of the
// other demo packets and no copy-check index (the copy check is measured in copycheck/), and
// reports the p95 of one revision's gates against the goal of 50 ms.
func BenchmarkAllGates(b *testing.B) {
	now := time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)
	var revs []*gates.Revision
	idx := similar.NewIndex()
	for _, p := range seed.Packets() {
		r, err := policy.GateRevisionOf(p.Input, now, false)
		if err != nil {
			b.Fatal(err)
		}
		r.ProblemID = "demo:" + p.Key
		revs = append(revs, r)
		idx.Add(r.ProblemID, r.Title, r.Statement, "PROSPECTING", "")
	}
	env := gates.Env{Now: func() time.Time { return now }, Problems: idx, Solved: similar.NewIndex(), Claims: gates.StaticClaims{}}
	ctx := context.Background()
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		t0 := time.Now()
		gates.Run(ctx, revs[i%len(revs)], env)
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
}
