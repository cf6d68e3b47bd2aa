package corpus_test

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// envInt is an integer from the environment, or def.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// generator writes generated corpora straight into the tables, on one
// connection so that a load may take longer than a statement may.
type generator struct {
	conn    *sql.Conn
	dialect string
	now     time.Time
}

func newGenerator(ctx context.Context, tb testing.TB, d *db.DB) *generator {
	tb.Helper()
	conn, err := d.Conn(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { conn.Close() })
	g := &generator{conn: conn, dialect: d.Dialect, now: time.Now().UTC()}
	if d.Dialect == dialect.Postgres {
		g.exec(ctx, tb, `SET statement_timeout = 0`)
	}
	// The one change request every generated node merged through, with a
	// clean gate run: the nodes are E1.
	g.exec(ctx, tb, `INSERT INTO change_requests (id, state, opener, writer_kind, created_at, updated_at)
		VALUES ('chr_bench', 'MERGED', 'bench', 'IMPORTER', {now}, {now})`)
	g.exec(ctx, tb, `INSERT INTO corpus_gate_runs (id, attempt, position, gate, version, outcome, created_at, change_request_id)
		VALUES ('cgr_bench', 1, 1, 'INTAKE', '1', 'PASS', {now}, 'chr_bench')`)
	return g
}

// exec runs one statement; {now} is the load's time, {series a b} the
// integers a to b as a table of one column g.
func (g *generator) exec(ctx context.Context, tb testing.TB, q string) {
	tb.Helper()
	arg := "$1"
	if g.dialect == dialect.SQLite {
		arg = "?1"
	}
	q = strings.ReplaceAll(q, "{now}", arg)
	var args []any
	if strings.Contains(q, arg) {
		args = append(args, g.now)
	}
	if _, err := g.conn.ExecContext(ctx, q, args...); err != nil {
		tb.Fatalf("%v\n%s", err, q)
	}
}

// series is the integers a to b as a table (g).
func (g *generator) series(a, b int) string {
	if g.dialect == dialect.Postgres {
		return "generate_series(" + strconv.Itoa(a) + ", " + strconv.Itoa(b) + ") AS s(g)"
	}
	return "(WITH RECURSIVE s(g) AS (SELECT " + strconv.Itoa(a) + " UNION ALL SELECT g + 1 FROM s WHERE g < " + strconv.Itoa(b) + ") SELECT g FROM s) AS s"
}

// uniform is a random number in [0, 1) per row.
func (g *generator) uniform() string {
	if g.dialect == dialect.Postgres {
		return "random()"
	}
	return "((abs(random()) % 1000000) / 1000000.0)"
}

// concat joins SQL string expressions.
func concat(xs ...string) string { return strings.Join(xs, " || ") }

// load writes nodes first+1 … first+n at E1, each with a revision of a
// few lines when bodies is true, and edges uses edges a node: one to a
// recent node of the range (within 20, so the range's first node is an
// ancestor of every other and the depth is about n/10), the rest
// heavy-tailed towards the range's oldest (the fourth power of a uniform
// number: a few foundations used by most). The stored summaries say what
// the record supports of a node resting on E1 nodes; closure sizes are
// left 0 (the stored read measures the read, not the values).
func (g *generator) load(ctx context.Context, tb testing.TB, first, n, edges int, bodies bool) {
	tb.Helper()
	lo, hi := strconv.Itoa(first+1), strconv.Itoa(first+n)
	g.exec(ctx, tb, `INSERT INTO corpus_nodes (id, number, kind, label, title, writer_kind, writer, level,
		closure_lowest, sorry_in_closure, current_revision_id, merged_by_id, created_at, updated_at)
		SELECT `+concat("'N-'", "g")+`, g, 'LEMMA', `+concat("'l-'", "g")+`, `+concat("'Lemma '", "g")+`, 'IMPORTER', 'bench', 1,
		       CASE WHEN g = `+lo+` THEN -1 ELSE 1 END, g <> `+lo+`, `+concat("'nrv_'", "g")+`, 'chr_bench', {now}, {now}
		FROM `+g.series(first+1, first+n))
	if bodies {
		g.exec(ctx, tb, `INSERT INTO corpus_revisions (id, node_id, number, title, body, diff, change_request_id, created_at)
			SELECT `+concat("'nrv_'", "g")+`, `+concat("'N-'", "g")+`, 1, `+concat("'Lemma '", "g")+`,
			       `+concat("'For every group $G$ of order '", "g", "' and every subgroup $H \\le G$, the index $[G:H]$ divides '", "g", "'.'")+`,
			       '', 'chr_bench', {now}
			FROM `+g.series(first+1, first+n))
	}
	u := g.uniform()
	for k := range edges {
		target := "greatest(" + lo + ", g - 1 - floor(" + u + " * 20))"
		if g.dialect == dialect.SQLite {
			target = "max(" + lo + ", g - 1 - CAST(" + u + " * 20 AS INTEGER))"
		}
		if k > 0 {
			// r⁴ of one uniform r per row, heavy-tailed towards the oldest;
			// rounded down, so that a node never uses itself.
			target = lo + " + floor(r * r * r * r * (g - " + lo + "))"
			if g.dialect == dialect.SQLite {
				target = lo + " + CAST(r * r * r * r * (g - " + lo + ") AS INTEGER)"
			}
		}
		g.exec(ctx, tb, `INSERT INTO corpus_edges (id, kind, from_id, to_id)
			SELECT `+concat("'ned_'", "g", "'_"+strconv.Itoa(k)+"'")+`, 'USES', `+concat("'N-'", "g")+`, `+concat("'N-'", "CAST(("+target+") AS "+g.intType()+")")+`
			FROM (SELECT g, `+u+` AS r FROM `+g.series(first+2, first+n)+`) AS x`)
	}
	g.exec(ctx, tb, `UPDATE counters SET value = `+hi+` WHERE id = 'node'`)
	for _, t := range []string{"corpus_nodes", "corpus_edges"} {
		g.exec(ctx, tb, "ANALYZE "+t)
	}
}

func (g *generator) intType() string {
	if g.dialect == dialect.Postgres {
		return "bigint"
	}
	return "INTEGER"
}

// percentiles reports p50, p95 and p99 of ds as name-pNN-ms.
func percentiles(b *testing.B, name string, ds []time.Duration) {
	if len(ds) == 0 {
		return
	}
	slices.Sort(ds)
	for _, p := range []int{50, 95, 99} {
		b.ReportMetric(float64(ds[min(len(ds)-1, len(ds)*p/100)].Microseconds())/1000, name+"-p"+strconv.Itoa(p)+"-ms")
	}
}

// BenchmarkClosureScale loads a generated corpus on PostgreSQL —
// THEOREMDB_CORPUS_BENCH_NODES nodes (100,000 by default; 1,000,000 for
// the scale), THEOREMDB_CORPUS_BENCH_EDGES uses edges each (ten) —
// and measures, side by side, closure(id) of random nodes by the plain
// recursive query and read from the stored summary
// (THEOREMDB_CORPUS_BENCH_QUERY=0 leaves the plain query out), and a
// one-node change request on top, open to merged, with the job's count of
// its closure after the merge timed apart (THEOREMDB_CORPUS_BENCH_OPEN=0
// leaves both out), beside the goals (load 10 min, closure p95 50 ms, p99
// 250 ms; a change request 5 s p95).
func BenchmarkClosureScale(b *testing.B) {
	n, edges := envInt("THEOREMDB_CORPUS_BENCH_NODES", 100_000), envInt("THEOREMDB_CORPUS_BENCH_EDGES", 10)
	withOpen := os.Getenv("THEOREMDB_CORPUS_BENCH_OPEN") != "0"
	ctx := context.Background()
	d := dbtest.Open(b, dialect.Postgres)
	start := time.Now()
	newGenerator(ctx, b, d).load(ctx, b, 0, n, edges, false)
	load := time.Since(start)
	b.Logf("loaded %d nodes and %d edges in %s", n, edges*(n-1), load.Round(time.Millisecond))
	b.ReportMetric(load.Seconds(), "load-s")
	// With a queue, as the workers run it: the merge leaves the new node's
	// closure size to a job, run here after the merge commits.
	q := &countQueue{}
	svc := corpus.New(policy.New(d, policy.Config{}), corpus.WithCopies(clearCopies{}), corpus.WithQueue(q))
	rng := rand.New(rand.NewPCG(5, 5))
	withQuery := os.Getenv("THEOREMDB_CORPUS_BENCH_QUERY") != "0"
	var query, stored, open, count []time.Duration
	sizes, timeouts, counted := 0, 0, 0
	// THEOREMDB_CORPUS_BENCH_SAMPLES samples in one run: with -benchtime
	// 1x the corpus is loaded once (the testing package runs a benchmark
	// with b.N = 1 before any larger b.N, loading it again).
	samples := max(b.N, envInt("THEOREMDB_CORPUS_BENCH_SAMPLES", 0))
	b.ResetTimer()
	for i := 0; i < samples; i++ {
		id := "N-" + strconv.Itoa(1+rng.IntN(n))
		var c *corpus.Closure
		if withQuery {
			t0 := time.Now()
			var err error
			c, err = svc.ClosureByQuery(ctx, id)
			switch {
			case err != nil && strings.Contains(err.Error(), "statement timeout"):
				// The plain query did not answer within the database's
				// statement timeout: a sample at least that long.
				timeouts++
			case err != nil:
				b.Fatal(err)
			default:
				sizes += c.Size
			}
			query = append(query, time.Since(t0))
		}
		t1 := time.Now()
		s, err := svc.Closure(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		stored = append(stored, t2.Sub(t1))
		if withQuery && c == nil {
			sizes += s.Size
		}
		if !withOpen {
			continue
		}
		// A new node on top: opened and merged as the worker does, its
		// closure size left pending; then the job's count of it.
		dr := theorem("new-" + strconv.Itoa(i))
		for range 3 {
			dr.Uses = append(dr.Uses, "N-"+strconv.Itoa(1+rng.IntN(n)))
		}
		res, err := svc.Open(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{dr}})
		if err == nil {
			res, err = svc.Process(ctx, res.Request.ID)
		}
		if err != nil || res.Request.State != corpus.StateMerged {
			b.Fatalf("open: %v %+v", err, res)
		}
		open = append(open, time.Since(t2))
		t3 := time.Now()
		if done, err := svc.CountClosures(ctx, q.counts[len(q.counts)-1], time.Time{}); err != nil || !done {
			b.Fatalf("count: %v %v", done, err)
		}
		count = append(count, time.Since(t3))
		nc, err := svc.Closure(ctx, res.Request.Nodes[0])
		if err != nil || nc.Pending {
			b.Fatalf("closure after the count: %+v %v", nc, err)
		}
		counted += nc.Size
	}
	b.StopTimer()
	percentiles(b, "query", query)
	percentiles(b, "stored", stored)
	percentiles(b, "open", open)
	percentiles(b, "count", count)
	if len(query) > 0 {
		b.ReportMetric(float64(sizes)/float64(len(query)), "closure-mean-size")
		b.ReportMetric(float64(timeouts), "query-timeouts")
	}
	if len(count) > 0 {
		b.ReportMetric(float64(counted)/float64(len(count)), "new-closure-mean-size")
	}
}

// BenchmarkLevelPropagation measures a level change reaching every
// dependant: per iteration a generated tree of
// THEOREMDB_CORPUS_BENCH_DEPENDANTS (10,000) nodes resting on one root, on
// PostgreSQL, whose root is retired — it drops to E0, counting as evidence
// for nothing — and the change recomputes every dependant (its lowest
// level in closure drops to E0) in the retirement's transaction. It then
// reads what the API and the node page read of the deepest dependant,
// which must show E0 in its closure. Goal: 1 s p95.
func BenchmarkLevelPropagation(b *testing.B) {
	deps := envInt("THEOREMDB_CORPUS_BENCH_DEPENDANTS", 10_000)
	ctx := context.Background()
	d := dbtest.Open(b, dialect.Postgres)
	gen := newGenerator(ctx, b, d)
	svc := corpus.New(policy.New(d, policy.Config{}), corpus.WithCopies(clearCopies{}))
	var change []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		first := i * (deps + 1)
		gen.load(ctx, b, first, deps+1, 2, true)
		root, leaf := "N-"+strconv.Itoa(first+1), "N-"+strconv.Itoa(first+deps+1)
		b.StartTimer()
		t0 := time.Now()
		if err := svc.Retire(ctx, root, "", "acc_bench"); err != nil {
			b.Fatal(err)
		}
		change = append(change, time.Since(t0))
		b.StopTimer()
		c, err := svc.Closure(ctx, leaf)
		if err != nil || c.LowestLevel != corpus.E0 {
			b.Fatalf("the leaf's closure after the change = %+v, %v; want its lowest at E0", c, err)
		}
		b.Logf("iteration %d: %s", i, change[i].Round(time.Millisecond))
		b.StartTimer()
	}
	b.StopTimer()
	percentiles(b, "change", change)
	b.ReportMetric(float64(deps), "dependants")
}

// BenchmarkSQLiteScale loads THEOREMDB_CORPUS_BENCH_SQLITE_NODES (100,000)
// nodes, each with a revision and ten uses edges, into the embedded
// default (a SQLite file), and measures what a node page reads (the node,
// its edges, references and history, and its stored closure; goal p50
// 5 ms warm), closure(id) by the plain recursive query beside the stored
// summary, and a one-node change request on top.
func BenchmarkSQLiteScale(b *testing.B) {
	n := envInt("THEOREMDB_CORPUS_BENCH_SQLITE_NODES", 100_000)
	ctx := context.Background()
	d := dbtest.Open(b, dialect.SQLite)
	start := time.Now()
	newGenerator(ctx, b, d).load(ctx, b, 0, n, 10, true)
	load := time.Since(start)
	b.Logf("loaded %d nodes, their revisions and %d edges into SQLite in %s", n, 10*(n-1), load.Round(time.Millisecond))
	b.ReportMetric(load.Seconds(), "load-s")
	svc := corpus.New(policy.New(d, policy.Config{}), corpus.WithCopies(clearCopies{}))
	rng := rand.New(rand.NewPCG(7, 7))
	var page, query, stored, open []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		id := "N-" + strconv.Itoa(1+rng.IntN(n))
		if _, err := svc.Node(ctx, id); err != nil { // warm
			b.Fatal(err)
		}
		t0 := time.Now()
		v, err := svc.Node(ctx, id)
		if err != nil || v.Body == "" {
			b.Fatalf("node %s: %v", id, err)
		}
		if _, err := svc.Closure(ctx, id); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := svc.ClosureByQuery(ctx, id); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		if _, err := svc.Closure(ctx, id); err != nil {
			b.Fatal(err)
		}
		t3 := time.Now()
		dr := theorem("new-" + strconv.Itoa(i))
		for range 3 {
			dr.Uses = append(dr.Uses, "N-"+strconv.Itoa(1+rng.IntN(n)))
		}
		res, err := svc.Open(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{dr}})
		if err != nil || res.Request.State != corpus.StateMerged {
			b.Fatalf("open: %v %+v", err, res)
		}
		page, query, stored, open = append(page, t1.Sub(t0)), append(query, t2.Sub(t1)), append(stored, t3.Sub(t2)), append(open, time.Since(t3))
	}
	b.StopTimer()
	percentiles(b, "page", page)
	percentiles(b, "query", query)
	percentiles(b, "stored", stored)
	percentiles(b, "open", open)
}
