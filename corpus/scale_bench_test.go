package corpus_test

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// BenchmarkClosureScale loads a generated corpus on PostgreSQL —
// THEOREMDB_CORPUS_BENCH_NODES nodes (100,000 by default), ten uses edges
// each: one to a recent node (depth), the rest heavy-tailed towards the
// oldest (foundations) — and measures, side by side, closure(id) of random
// nodes by the plain recursive query and read from the stored summary, and
// a one-node change request on top (whose merge counts its closure once),
// beside the goals (closure p95 50 ms, p99 250 ms; a change request 5 s
// p95). The generator writes no summaries: the stored read measures the
// read, not the values.
func BenchmarkClosureScale(b *testing.B) {
	n := 100_000
	if v, err := strconv.Atoi(os.Getenv("THEOREMDB_CORPUS_BENCH_NODES")); err == nil && v > 0 {
		n = v
	}
	ctx := context.Background()
	d := dbtest.Open(b, dialect.Postgres)
	start := time.Now()
	conn, err := d.Conn(ctx) // one connection, so the load may take longer than a statement may
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	for _, q := range []string{
		`SET statement_timeout = 0`,
		`INSERT INTO change_requests (id, state, opener, writer_kind, created_at, updated_at)
		 VALUES ('chr_bench', 'MERGED', 'bench', 'IMPORTER', now(), now())`,
		`INSERT INTO corpus_gate_runs (id, attempt, position, gate, version, outcome, created_at, change_request_id)
		 VALUES ('cgr_bench', 1, 1, 'INTAKE', '1', 'PASS', now(), 'chr_bench')`,
		`INSERT INTO corpus_nodes (id, number, kind, label, title, writer_kind, writer, level, current_revision_id, merged_by_id, created_at, updated_at)
		 SELECT 'N-' || g, g, 'LEMMA', 'l-' || g, 'Lemma ' || g, 'IMPORTER', 'bench',
		        CASE WHEN g % 10 = 0 THEN 2 ELSE 1 END, 'nrv_' || g, 'chr_bench', now(), now()
		 FROM generate_series(1, ` + strconv.Itoa(n) + `) g`,
		`INSERT INTO corpus_edges (id, kind, from_id, to_id)
		 SELECT 'ned_' || g || '_' || k, 'USES', 'N-' || g,
		        'N-' || CASE WHEN k = 0 THEN greatest(1, g - 1 - floor(random() * 20)::int)
		                     ELSE 1 + floor(power(random(), 4) * (g - 1))::int END
		 FROM generate_series(2, ` + strconv.Itoa(n) + `) g, generate_series(0, 9) k`,
		`UPDATE counters SET value = ` + strconv.Itoa(n) + ` WHERE id = 'node'`,
		`ANALYZE corpus_nodes`, `ANALYZE corpus_edges`,
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("loaded %d nodes and %d edges in %s", n, 10*(n-1), time.Since(start).Round(time.Millisecond))
	svc := corpus.New(policy.New(d, policy.Config{}), corpus.WithCopies(clearCopies{}))
	rng := rand.New(rand.NewPCG(5, 5))
	var query, stored, open []time.Duration
	sizes := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		id := "N-" + strconv.Itoa(1+rng.IntN(n))
		t0 := time.Now()
		c, err := svc.ClosureByQuery(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := svc.Closure(ctx, id); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		// A new node on top: its merge counts its closure once.
		dr := theorem("new-" + strconv.Itoa(i))
		for range 3 {
			dr.Uses = append(dr.Uses, "N-"+strconv.Itoa(1+rng.IntN(n)))
		}
		res, err := svc.Open(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{dr}})
		if err != nil || res.Request.State != corpus.StateMerged {
			b.Fatalf("open: %v %+v", err, res)
		}
		query, stored, open = append(query, t1.Sub(t0)), append(stored, t2.Sub(t1)), append(open, time.Since(t2))
		sizes += c.Size
	}
	b.StopTimer()
	for _, m := range []struct {
		name string
		ds   []time.Duration
	}{{"query", query}, {"stored", stored}, {"open", open}} {
		slices.Sort(m.ds)
		b.ReportMetric(float64(m.ds[len(m.ds)/2].Microseconds())/1000, m.name+"-p50-ms")
		b.ReportMetric(float64(m.ds[len(m.ds)*95/100].Microseconds())/1000, m.name+"-p95-ms")
		b.ReportMetric(float64(m.ds[len(m.ds)*99/100].Microseconds())/1000, m.name+"-p99-ms")
	}
	b.ReportMetric(float64(sizes)/float64(len(query)), "closure-mean-size")
}
