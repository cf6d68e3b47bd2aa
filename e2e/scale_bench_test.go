package e2e

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/migrations"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/workers"
)

// The size and load of BenchmarkScale (see MAKE-BENCH.md).
var (
	scaleProblems     = envInt("THEOREMDB_SCALE_PROBLEMS", 1_000_000)
	scaleWriteSeconds = envInt("THEOREMDB_SCALE_WRITE_SECONDS", 300)
	scaleWriteRate    = envInt("THEOREMDB_SCALE_WRITES_PER_SECOND", 20)
	scaleSamples      = envInt("THEOREMDB_SCALE_SAMPLES", 40)
	// scaleBatch is how many submissions the generator writes in one transaction.
	scaleBatch = envInt("THEOREMDB_SCALE_BATCH", 200)
	// scaleDialect is the database measured (THEOREMDB_SCALE_DB): postgres, or sqlite (any
	// other value reads as sqlite).
	scaleDialect = envOr("THEOREMDB_SCALE_DB", "postgres")
	// scaleApart (THEOREMDB_SCALE_WORKERS=apart) runs the workers as `theoremdb work` in a
	// process of their own, beside a server that only inserts jobs (`serve --no-workers`);
	// otherwise they run in the server's process, as `serve` runs them.
	scaleApart = os.Getenv("THEOREMDB_SCALE_WORKERS") == "apart"
)

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

// scaleEnv is a kept PostgreSQL database of scaleProblems problems and the
// site over it, wired as `theoremdb serve` wires it: workers included, so
// that submissions have their gates run.
type scaleEnv struct {
	db      *db.DB
	svc     *policy.Service
	srv     *httptest.Server
	vocab   *vocabulary
	r       *rand.Rand
	seeding time.Duration
	// indexLoad is how long the workers took to load the duplicate search as they started.
	indexLoad time.Duration
	// worker is the `theoremdb work` process when the workers run apart (scaleApart).
	worker *exec.Cmd
}

// BenchmarkScale measures the site at scaleProblems problems: searches,
// pages of the list at every depth, the sitemap and the export streamed
// whole with the memory they take, the server's resident memory, and
// reads under a steady write load with the gates' queue. It prints a
// table of figures and goals. Run it with -benchtime 1x.
func BenchmarkScale(b *testing.B) {
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		b.Fatal("wrk is not installed: run `make bench/deps`")
	}
	e := newScaleEnv(b)
	res := map[string]string{}
	b.Run("Search", func(b *testing.B) { e.search(b, res) })
	b.Run("ListPage", func(b *testing.B) { e.listPages(b, res) })
	b.Run("Sitemap", func(b *testing.B) { e.stream(b, res, "sitemap", e.sitemapPaths(b)) })
	b.Run("Export", func(b *testing.B) { e.stream(b, res, "export", []string{"/export/problems.jsonl"}) })
	res["rss"] = rssString()
	if e.worker != nil {
		res["worker-rss"] = processRSS(e.worker.Process.Pid)
	}
	b.Run("WriteLoad", func(b *testing.B) { e.writeLoad(b, wrk, res) })
	res["rss-after-writes"] = rssString()
	if e.worker != nil {
		res["worker-rss-after-writes"] = processRSS(e.worker.Process.Pid)
	}
	printScaleTable(os.Stderr, e, res)
}

func newScaleEnv(b *testing.B) *scaleEnv {
	ctx := context.Background()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	u := scaleURL(b)
	d, err := db.Open(ctx, u)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if err := migrations.Apply(ctx, d.DB, d.Dialect, quiet); err != nil {
		b.Fatal(err)
	}
	e := &scaleEnv{db: d, r: rand.New(rand.NewPCG(3, 4))}
	e.vocab = newVocabulary(rand.New(rand.NewPCG(1, 2)), 20_000)
	start := time.Now()
	// A batch holds the problem counter until it commits, so writers queue for it: two keep
	// PostgreSQL busy (one validates its batch while the other writes), and four made a batch
	// wait for three others (past the 30 s statement timeout once the site was large and a write
	// met a full-text index merge). SQLite has one writer; more only wait for its lock.
	writers := 2
	if scaleDialect != "postgres" {
		writers = 1
	}
	seeded, err := seedScale(ctx, policy.New(d, policy.Config{}), e.vocab, scaleProblems, writers)
	if err != nil {
		b.Fatal(err)
	}
	e.seeding = time.Since(start)
	if seeded > 0 {
		analyze := "VACUUM ANALYZE"
		if scaleDialect != "postgres" {
			analyze = "ANALYZE"
		}
		if err := runUntimed(ctx, d, analyze); err != nil {
			b.Fatal(err)
		}
		fmt.Fprintf(os.Stderr, "seeded %d problems on %s in %v (%.0f a second)\n", seeded, scaleDialect, e.seeding.Round(time.Second),
			float64(seeded)/e.seeding.Seconds())
	}
	// Compact the search index as serve's hourly job does (SQLite; nothing on PostgreSQL), so that
	// the searches meet the index a running site has rather than the job that merges it, which
	// the workers start with.
	if _, err := policy.New(d, policy.Config{}).Search().CompactIndex(ctx, time.Hour); err != nil {
		b.Fatal(err)
	}

	broker := live.New(d.Ent(), quiet)
	sched := &lateScheduler{}
	e.svc = policy.New(d, policy.Config{}, policy.WithScheduler(sched), policy.WithNotifier(broker))
	jd, err := db.Open(ctx, u)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { jd.Close() })
	jd.SetMaxOpenConns(8)
	jobs, err := workers.New(jd, policy.New(jd, policy.Config{}, policy.WithScheduler(sched), policy.WithNotifier(broker),
		policy.WithPacketsOf(e.svc)), quiet, workers.Config{Work: !scaleApart})
	if err != nil {
		b.Fatal(err)
	}
	sched.Scheduler = jobs
	loadStart := time.Now()
	if scaleApart {
		e.worker = startWorkProcess(b, u)
	} else {
		if err := jobs.Start(ctx); err != nil {
			b.Fatal(err)
		}
		// The workers load the duplicate search's index of every statement as they start, as
		// serve's do; a site that has been up has it, so the measures wait for it (and say what it
		// took).
		<-jobs.Loaded()
	}
	e.indexLoad = time.Since(loadStart)
	liveCtx, stopLive := context.WithCancel(ctx)
	liveDone := make(chan struct{})
	go func() { _ = broker.Run(liveCtx); close(liveDone) }()
	errLog := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	e.srv = httptest.NewServer(server.New(e.svc, broker, errLog))
	b.Cleanup(func() {
		e.srv.Close()
		stopLive()
		<-liveDone
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if !scaleApart {
			_ = jobs.Stop(sctx)
		}
	})
	return e
}

// startWorkProcess starts `theoremdb work` on the database at u and returns once it has loaded
// the duplicate search (it logs "duplicate search loaded" for each of its two catalogues). It is
// stopped with SIGTERM when the benchmark ends.
func startWorkProcess(b *testing.B, u string) *exec.Cmd {
	cmd := exec.Command(binary, "work")
	cmd.Env = append(os.Environ(), "DATABASE_URL="+u, "THEOREMDB_LOG_LEVEL=info")
	logs, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	exited := make(chan struct{})
	b.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	loaded := make(chan struct{})
	go func() {
		defer close(exited)
		defer func() { _ = cmd.Wait() }()
		lines, n := bufio.NewScanner(logs), 0
		lines.Buffer(make([]byte, 64<<10), 1<<20)
		defer io.Copy(io.Discard, logs) // a line too long stops the scan, never the process
		for lines.Scan() {
			if l := lines.Text(); strings.Contains(l, "duplicate search loaded") {
				if n++; n == 2 {
					close(loaded)
				}
			} else if strings.Contains(l, "level=ERROR") {
				fmt.Fprintln(os.Stderr, "theoremdb work:", l)
			}
		}
	}()
	select {
	case <-loaded:
	case <-exited:
		b.Fatal("theoremdb work exited before it loaded the duplicate search")
	case <-time.After(30 * time.Minute):
		b.Fatal("theoremdb work did not load the duplicate search in 30 minutes")
	}
	return cmd
}

// processRSS is a process's resident memory as rssString gives the benchmark's own.
func processRSS(pid int) string { return rssOf(fmt.Sprintf("/proc/%d/status", pid)) }

// scaleURL is the database BenchmarkScale runs on: with THEOREMDB_SCALE_KEEP
// set, theoremdb_scale_<n> on the test server (or in the temporary directory, for SQLite),
// kept between runs (a run seeds only what it lacks); otherwise a fresh one. Durability is not
// measured on PostgreSQL: commits do not wait for fsync.
func scaleURL(b *testing.B) string {
	if scaleDialect != "postgres" {
		if os.Getenv("THEOREMDB_SCALE_KEEP") == "" {
			return dbtest.URL(b, dialect.SQLite)
		}
		return "sqlite:" + filepath.Join(os.TempDir(), fmt.Sprintf("theoremdb_scale_%d.db", scaleProblems))
	}
	if os.Getenv("THEOREMDB_SCALE_KEEP") == "" {
		u := dbtest.URL(b, "postgres")
		setAsyncCommit(b, u, "")
		return u
	}
	name := fmt.Sprintf("theoremdb_scale_%d", scaleProblems)
	admin, err := sql.Open("postgres", dbtest.ServerURL())
	if err != nil {
		b.Fatal(err)
	}
	defer admin.Close()
	var exists bool
	if err := admin.QueryRow("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		b.Fatalf("PostgreSQL unreachable: %v", err)
	}
	if !exists {
		if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
			b.Fatal(err)
		}
	}
	pu, err := url.Parse(dbtest.ServerURL())
	if err != nil {
		b.Fatal(err)
	}
	pu.Path = "/" + name
	setAsyncCommit(b, pu.String(), name)
	return pu.String()
}

func setAsyncCommit(b *testing.B, u, name string) {
	admin, err := sql.Open("postgres", u)
	if err != nil {
		b.Fatal(err)
	}
	defer admin.Close()
	if name == "" {
		if err := admin.QueryRow("SELECT current_database()").Scan(&name); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := admin.Exec("ALTER DATABASE " + name + " SET synchronous_commit TO off"); err != nil {
		b.Fatal(err)
	}
}

// seedScale submits problems through policy.SubmitMany, the write path every
// submission takes (slug, revision, references and sources, search index
// and vocabulary, gate runs, stake and grant, hash-chained event) with the
// rows of scaleBatch submissions in one transaction, until the database has
// n, writers at a time, and returns how many it added. Problem i is made up
// from the vocabulary with seed i, so a kept database grows into the same
// one a fresh run makes.
func seedScale(ctx context.Context, svc *policy.Service, v *vocabulary, n, writers int) (int, error) {
	have, err := svc.Client().Problem.Query().Count(ctx)
	if err != nil || have >= n {
		return 0, err
	}
	// Accounts pay 19 stakes each (under the grant). A run that resumes a kept database submits
	// from accounts of its own, named after where it resumed: a batch that failed leaves the
	// accounts before it with their stakes paid in another order than problem i's account i/19.
	const perAccount = 19
	prefix := "scale"
	if have > 0 {
		prefix = fmt.Sprintf("scale%d-", have)
	}
	accounts := make([]*ent.Account, (n-have)/perAccount+1)
	for i := range accounts {
		handle := fmt.Sprintf("%s%07d", prefix, i)
		a, err := svc.AccountByHandle(ctx, handle)
		if err != nil {
			a, err = svc.CreateAccount(ctx, handle, "", nil)
		}
		if err != nil {
			return 0, err
		}
		accounts[i] = a
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
		next  = make(chan int)
		done  atomic.Int64
	)
	start := time.Now()
	for range writers {
		wg.Go(func() {
			for from := range next {
				to := min(n, from+scaleBatch)
				subs := make([]policy.Submission, 0, to-from)
				for i := from; i < to; i++ {
					in := searchInput(&vocabulary{words: v.words, zipf: rand.NewZipf(rand.New(rand.NewPCG(uint64(i), 7)), 1.1, 2,
						uint64(len(v.words)-1))}, i)
					subs = append(subs, policy.Submission{Actor: accounts[(i-have)/perAccount], Input: in})
				}
				if _, err := svc.SubmitMany(ctx, subs); err != nil {
					mu.Lock()
					first = cmpOrErr(first, err)
					mu.Unlock()
				}
				if k := done.Add(int64(to - from)); k%10_000 < int64(to-from) {
					fmt.Fprintf(os.Stderr, "seeding: %d of %d in %v\n", have+int(k), n, time.Since(start).Round(time.Second))
				}
			}
		})
	}
	for i := have; i < n; i += scaleBatch {
		next <- i
	}
	close(next)
	wg.Wait()
	return n - have, first
}

func cmpOrErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// gql posts a query and returns the time to its whole answer, failing on
// anything but a 200 without errors.
func (e *scaleEnv) gql(b *testing.B, query string, vars map[string]any, out any) time.Duration {
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	t0 := time.Now()
	resp, err := http.Post(e.srv.URL+"/graphql", "application/json", bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(t0)
	if err != nil || resp.StatusCode != http.StatusOK || bytes.Contains(data, []byte(`"errors"`)) {
		b.Fatalf("%s: %d %s", query, resp.StatusCode, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			b.Fatal(err)
		}
	}
	return took
}

// percentiles are p50 and p95 of ts.
func percentiles(ts []time.Duration) (p50, p95 float64) {
	slices.Sort(ts)
	return ms(ts[len(ts)/2]), ms(ts[min(len(ts)-1, len(ts)*95/100)])
}

const scaleSearchQuery = `query($q: String!) { problems(first: 25, search: $q) { totalCount edges { node { id title state } } } }`

// search times the search benchmark's kinds of query (MAKE-BENCH.md, Search
// benchmark) through GraphQL, each a fresh query.
func (e *scaleEnv) search(b *testing.B, res map[string]string) {
	v, r := e.vocab, e.r
	band := func(lo, hi int) func() string { return func() string { return v.words[lo+r.IntN(hi-lo)] } }
	kinds := []struct {
		name string
		q    func() string
	}{
		{"common", band(2, 20)}, {"middling", band(100, 1000)}, {"rare", band(5000, 20000)},
		{"two-words", func() string { return band(20, 500)() + " " + band(20, 500)() }},
		{"phrase", func() string { return `"` + band(2, 40)() + " " + band(2, 40)() + `"` }},
		{"accent", func() string { return "Erdos " + band(2, 200)() }},
	}
	var all []time.Duration
	worst := ""
	for _, k := range kinds {
		var ts []time.Duration
		for range scaleSamples {
			// Excluding a rare word makes each query new to the server's
			// caches while matching what the query alone matches, or nearly.
			ts = append(ts, e.gql(b, scaleSearchQuery, map[string]any{"q": k.q() + " -" + band(5000, 20000)()}, nil))
		}
		all = append(all, ts...)
		_, p95 := percentiles(ts)
		worst += fmt.Sprintf("%s %.0f, ", k.name, p95)
	}
	p50, p95 := percentiles(all)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(p50, "p50-ms")
	b.ReportMetric(p95, "p95-ms")
	res["search"] = fmt.Sprintf("%.1f ms|%.1f ms|by kind (p95 ms): %s", p50, p95, strings.TrimSuffix(worst, ", "))
	res["search-met"] = yesNo(p95 <= 30)
}

const scalePageQuery = `query($after: Cursor, $order: ProblemOrder) { problems(first: 50, after: $after, orderBy: $order) {
	totalCount pageInfo { endCursor hasNextPage } edges { node { id title state deadline currentRevision { title } } } } }`

// listPages times pages of 50 at depths from the first page to the last,
// in each order of the list page, each after a cursor as the page before it
// handed out (made here from the row it ends on, so that no page is
// walked to). The server reads each by its keyset: the cursor's values,
// never an offset.
func (e *scaleEnv) listPages(b *testing.B, res map[string]string) {
	ctx := context.Background()
	depths := []int{0} // the first page, with no cursor: read once, then kept until an event
	for d := 1; d*50 < scaleProblems; d *= 10 {
		depths = append(depths, d)
	}
	depths = append(depths, scaleProblems/50-1)
	orders := []struct {
		name, column string
		order        *ent.ProblemOrder
	}{ // the list page's orders
		{"number", "number", policy.DefaultOrder},
		{"deadline", "deadline", &ent.ProblemOrder{Field: ent.ProblemOrderFieldDeadline, Direction: "ASC"}},
		{"submitted", "submitted_at", &ent.ProblemOrder{Field: ent.ProblemOrderFieldSubmittedAt, Direction: "DESC"}},
		{"updated", "updated_at", &ent.ProblemOrder{Field: ent.ProblemOrderFieldUpdatedAt, Direction: "DESC"}},
	}
	var all []time.Duration
	by := ""
	for _, o := range orders {
		for _, depth := range depths {
			var ts []time.Duration
			for range scaleSamples / 4 {
				vars := map[string]any{"order": map[string]any{"field": o.order.Field.String(), "direction": string(o.order.Direction)}}
				if depth == 0 {
					ts = append(ts, e.gql(b, scalePageQuery, vars, nil))
					continue
				}
				row := depth*50 - e.r.IntN(50) - 1 // the last row of the page before, give or take
				var (
					id    string
					value any
					num   int
					at    time.Time
				)
				when, dir := o.column, string(o.order.Direction)
				if when == "number" {
					when = "deadline"
				}
				if err := e.db.QueryRowContext(ctx, `SELECT id, number, `+when+` FROM problems ORDER BY `+o.column+` `+dir+`, id `+dir+
					` LIMIT 1 OFFSET $1`, row).Scan(&id, &num, &at); err != nil {
					b.Fatal(err)
				}
				value = num
				if o.column != "number" {
					value = at.UTC()
				}
				conn := &ent.ProblemConnection{Edges: []*ent.ProblemEdge{{Cursor: ent.Cursor{ID: id, Value: value}}}}
				policy.SealProblemCursors(conn, o.order)
				var cur bytes.Buffer
				conn.Edges[0].Cursor.MarshalGQL(&cur)
				var after string
				_ = json.Unmarshal(cur.Bytes(), &after)
				vars["after"] = after
				ts = append(ts, e.gql(b, scalePageQuery, vars, nil))
			}
			all = append(all, ts...)
			p50, p95 := percentiles(ts)
			by += fmt.Sprintf("%s page %d: %.1f/%.1f, ", o.name, depth+1, p50, p95)
		}
	}
	p50, p95 := percentiles(all)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(p50, "p50-ms")
	b.ReportMetric(p95, "p95-ms")
	res["list"] = fmt.Sprintf("%.1f ms|%.1f ms|p50/p95 ms by order and page: %s", p50, p95, strings.TrimSuffix(by, ", "))
	res["list-met"] = yesNo(p95 <= 20)
}

// sitemapPaths are the sitemap index and every file it names.
func (e *scaleEnv) sitemapPaths(b *testing.B) []string {
	resp, err := http.Get(e.srv.URL + "/sitemap.xml")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	paths := []string{"/sitemap.xml"}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if _, rest, ok := strings.Cut(sc.Text(), "<loc>"); ok {
			loc, _, _ := strings.Cut(rest, "</loc>")
			u, err := url.Parse(loc)
			if err != nil {
				b.Fatal(err)
			}
			paths = append(paths, u.Path)
		}
	}
	return paths
}

// stream reads paths whole, one after the other, and reports the time, the bytes, and the most
// the server's live heap grew over what it held before: the heap the collector found reachable,
// read after each collection (runtime/metrics' /gc/heap/live:bytes, sampled every 5 ms). The
// collector runs at every 5% of growth meanwhile, so that what a stream keeps is seen however
// large the heap the server already holds (the duplicate search's index of a million
// statements): at the default it would let a gigabyte of garbage pile up before looking.
func (e *scaleEnv) stream(b *testing.B, res map[string]string, name string, paths []string) {
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	runtime.GC()
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	base := live[0].Value.Uint64()
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		m := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				metrics.Read(m)
				if v := m[0].Value.Uint64(); v > peak.Load() {
					peak.Store(v)
				}
			}
		}
	}()
	t0 := time.Now()
	var n int64
	for _, p := range paths {
		resp, err := http.Get(e.srv.URL + p)
		if err != nil {
			b.Fatal(err)
		}
		k, err := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("GET %s: %d, %v", p, resp.StatusCode, err)
		}
		n += k
	}
	took := time.Since(t0)
	close(stop)
	<-sampled
	grew := max(int64(peak.Load())-int64(base), 0)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(took.Seconds(), "s")
	b.ReportMetric(float64(n)/1e6, "MB")
	b.ReportMetric(float64(grew)/1e6, "heap-growth-MB")
	res[name] = fmt.Sprintf("%d files, %.1f MB in %.1f s; live heap grew at most %.1f MB over %.1f MB", len(paths), float64(n)/1e6,
		took.Seconds(), float64(grew)/1e6, float64(base)/1e6)
	res[name+"-met"] = yesNo(grew < 64<<20)
}

// rssString is the process's resident memory now and at its most (/proc/self/status): the
// server's, with the benchmark's small clients; and what the resident memory
// now is made of: the process's own (anonymous) memory, and the pages of files it maps — SQLite
// reads its database through a memory map of up to 1 GiB, whose pages count as resident while the
// kernel keeps them, and are dropped, not swapped, when it needs the memory.
func rssString() string {
	runtime.GC()
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	return fmt.Sprintf("%s; live heap %.0f MB (caches: packets ≤ %d MB, answers ≤ %d MB)", rssOf("/proc/self/status"),
		float64(live[0].Value.Uint64())/1e6, policy.DefaultPacketCacheBytes>>20, api.DefaultResponseCacheBytes>>20)
}

func rssOf(status string) string {
	b, err := os.ReadFile(status)
	if err != nil {
		return "unknown"
	}
	field := map[string]string{}
	for line := range strings.SplitSeq(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			field[k] = strings.TrimSpace(v)
		}
	}
	return fmt.Sprintf("%s now (%s own, %s of mapped files), %s at most", field["VmRSS"], field["RssAnon"], field["RssFile"], field["VmHWM"])
}

// writeLoad submits scaleWriteRate problems a second for
// scaleWriteSeconds through the server's policy service, with the
// workers running their gates, while wrk reads problem(id:) at random;
// before it, the same reads alone for as long. It reports both runs'
// p99 and the gates' queue: run_gates jobs available, running or to be
// retried, sampled every second.
func (e *scaleEnv) writeLoad(b *testing.B, wrk string, res map[string]string) {
	ctx := context.Background()
	target := loadTarget{url: e.srv.URL, requests: []loadRequest{graphqlRequest("/graphql", problemQuery, nil)}, problems: scaleProblems}
	d := time.Duration(scaleWriteSeconds) * time.Second
	alone, err := runWrk(wrk, target, d)
	if err != nil {
		b.Fatal(err)
	}
	var writers []*ent.Account
	for i := range scaleWriteRate*scaleWriteSeconds*11/10/19 + 2 { // a tenth to spare: the ticker outlasts wrk a little
		a, err := e.svc.CreateAccount(ctx, fmt.Sprintf("writer%d%06d", time.Now().Unix()%100000, i), "", nil)
		if err != nil {
			b.Fatal(err)
		}
		writers = append(writers, a)
	}
	loadCtx, stop := context.WithCancel(ctx)
	var (
		wg            sync.WaitGroup
		submitted     atomic.Int64
		failed        atomic.Int64
		maxQueue, now int64
		queueMu       sync.Mutex
		inFlight      atomic.Int64
		maxInFlight   int64
		waits         = map[string]int{} // what PostgreSQL's active backends waited on, one count a backend a second
		probes        []string           // what a read answered when it failed, a few of each kind
		pool0         = e.db.Stats()
	)
	queue := func() int64 {
		var n int64
		_ = e.db.QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE state IN ('available', 'running', 'retryable')
			AND kind = 'run_gates'`).Scan(&n)
		return n
	}
	wg.Go(func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for i := 0; ; {
			select {
			case <-loadCtx.Done():
				return
			case <-t.C:
				q := queue()
				w := activeWaits(ctx, e.db)
				probe := e.probeRead(ctx, i)
				i++
				queueMu.Lock()
				if probe != "" && len(probes) < 5 && !slices.Contains(probes, probe) {
					probes = append(probes, probe)
				}
				maxQueue, now = max(maxQueue, q), q
				maxInFlight = max(maxInFlight, inFlight.Load())
				for k, n := range w {
					waits[k] += n
				}
				queueMu.Unlock()
			}
		}
	})
	wg.Go(func() {
		t := time.NewTicker(time.Second / time.Duration(scaleWriteRate))
		defer t.Stop()
		var sub sync.WaitGroup
		defer sub.Wait()
		for i := 0; ; i++ {
			select {
			case <-loadCtx.Done():
				return
			case <-t.C:
				sub.Go(func() {
					inFlight.Add(1)
					defer inFlight.Add(-1)
					in := searchInput(e.vocab, scaleProblems+i)
					if _, err := e.svc.Submit(ctx, writers[(i/19)%len(writers)], in); err != nil {
						failed.Add(1)
						return
					}
					submitted.Add(1)
				})
			}
		}
	})
	during, err := runWrk(wrk, target, d)
	stop()
	wg.Wait()
	pool := e.db.Stats()
	readsFailed := ""
	if err != nil {
		if during.requests == 0 {
			b.Fatal(err)
		}
		// Reads that failed under the writes are a figure of the run, said with what the
		// failing reads answered, not a reason to lose the rest.
		readsFailed = fmt.Sprintf("; reads failed: %v (a read then answered: %s)", err, strings.Join(probes, " / "))
	}
	drained := time.Now()
	left := queue()
	for left > 0 && time.Since(drained) < 5*time.Minute {
		time.Sleep(time.Second)
		left = queue()
	}
	emptied := fmt.Sprintf("empty %.0f s later", time.Since(drained).Seconds())
	if left > 0 {
		emptied = fmt.Sprintf("%d still queued %.0f s later", left, time.Since(drained).Seconds())
	}
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(ms(alone.p99), "reads-alone-p99-ms")
	b.ReportMetric(ms(during.p99), "reads-p99-ms")
	b.ReportMetric(float64(maxQueue), "max-queue")
	rate := func(w wrkResult) float64 { return float64(w.requests) / w.duration.Seconds() }
	res["writes"] = fmt.Sprintf("%d submitted (%d refused) in %d s; reads alone: %.0f req/s, p99 %.1f ms; with the writes: %.0f req/s,"+
		" p99 %.1f ms (%.2f× alone); gates' queue at most %d jobs, %d at the end, %s",
		submitted.Load(), failed.Load(), scaleWriteSeconds, rate(alone), ms(alone.p99), rate(during), ms(during.p99),
		ms(during.p99)/max(ms(alone.p99), 0.001), maxQueue, now, emptied)
	res["writes"] += fmt.Sprintf("; at most %d submissions in flight; read errors with the writes: %d non-200, %d GraphQL, %d socket;"+
		" PostgreSQL's active backends, per second on average: %s", maxInFlight, during.non200, during.graphqlErrors, during.socketErrors,
		waitSummary(waits, scaleWriteSeconds))
	res["writes"] += fmt.Sprintf("; the server's database pool: at most %d open, %d waits for a connection (%.1f s in all)%s",
		pool.MaxOpenConnections, pool.WaitCount-pool0.WaitCount, (pool.WaitDuration - pool0.WaitDuration).Seconds(), readsFailed)
	// Met when the reads keep their p99 and the writes are absorbed as they come: neither the
	// submissions waiting to be written nor the gates waiting to run exceed 10 s of submissions.
	res["writes-met"] = yesNo(readsFailed == "" && ms(during.p99) <= 2*ms(alone.p99) &&
		maxQueue <= int64(10*scaleWriteRate) && maxInFlight <= int64(10*scaleWriteRate))
}

// probeRead reads one problem as wrk does, with wrk's timeout, and says what a failed read
// answered ("" when it did not fail).
func (e *scaleEnv) probeRead(ctx context.Context, i int) string {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	body, _ := json.Marshal(map[string]any{"query": problemQuery, "variables": map[string]any{"id": fmt.Sprintf("TDB-%d", 1+i*7919%scaleProblems)}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.srv.URL+"/graphql", bytes.NewReader(body))
	if err != nil {
		return err.Error()
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 400))
	if resp.StatusCode != http.StatusOK || bytes.Contains(data, []byte(`"errors"`)) {
		return fmt.Sprintf("%d %s", resp.StatusCode, data)
	}
	return ""
}

// activeWaits counts PostgreSQL's active backends other than its own by what they wait on
// ("CPU" for none): where the database's time goes while the writes run.
func activeWaits(ctx context.Context, d *db.DB) map[string]int {
	rows, err := d.QueryContext(ctx, `SELECT COALESCE(wait_event_type || ':' || wait_event, 'CPU'), count(*) FROM pg_stat_activity
		WHERE state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend' GROUP BY 1`)
	if err != nil {
		return nil
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var (
			k string
			n int
		)
		if rows.Scan(&k, &n) == nil {
			out[k] = n
		}
	}
	return out
}

// waitSummary is the five commonest waits of activeWaits' counts summed over seconds, as
// backends per second, most first.
func waitSummary(waits map[string]int, seconds int) string {
	keys := slices.Collect(maps.Keys(waits))
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(waits[b], waits[a]), strings.Compare(a, b)) })
	var parts []string
	for _, k := range keys[:min(5, len(keys))] {
		parts = append(parts, fmt.Sprintf("%s %.1f", k, float64(waits[k])/float64(max(seconds, 1))))
	}
	if len(parts) == 0 {
		return "none seen"
	}
	return strings.Join(parts, ", ")
}

// printScaleTable prints what BenchmarkScale measured beside its goals.
func printScaleTable(w io.Writer, e *scaleEnv, res map[string]string) {
	fmt.Fprintf(w, "\n%d problems on %s (seeded through policy.SubmitMany%s); the workers (%s) loaded the duplicate search in %v; load average at the end %s\n\n",
		scaleProblems, scaleDialect,
		map[bool]string{true: fmt.Sprintf(" in %v this run", e.seeding.Round(time.Second)), false: ", kept from an earlier run"}[e.seeding > time.Second],
		map[bool]string{true: "`theoremdb work` beside the server", false: "in the server's process"}[scaleApart], e.indexLoad.Round(time.Second), loadAverage())
	fmt.Fprintln(w, "| what | figures | goal | met? |")
	fmt.Fprintln(w, "|---|---|---|---|")
	row := func(what, key, goal string) {
		if v, ok := res[key]; ok {
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", what, strings.ReplaceAll(v, "|", "; "), goal, res[key+"-met"])
		}
	}
	row("search, 6 kinds of query (p50; p95)", "search", "p95 ≤ 30 ms")
	row("page of 50 at every depth (p50; p95)", "list", "p95 ≤ 20 ms")
	row("sitemap index and every file", "sitemap", "constant memory (live heap growth < 64 MB)")
	row("export, JSONL", "export", "constant memory (live heap growth < 64 MB)")
	fmt.Fprintf(w, "| server RSS after the reads | %s | stated | — |\n", res["rss"])
	row(fmt.Sprintf("%d submissions a second for %d s, reads at -c%d", scaleWriteRate, scaleWriteSeconds, benchConnections), "writes",
		"p99 ≤ 2× reads alone; submissions in flight and gates' queue ≤ 10 s of submissions")
	fmt.Fprintf(w, "| server RSS after the writes | %s | stated | — |\n", res["rss-after-writes"])
	if v, ok := res["worker-rss"]; ok {
		fmt.Fprintf(w, "| `theoremdb work` RSS after the reads; after the writes | %s; %s | stated | — |\n", v, res["worker-rss-after-writes"])
	}
	fmt.Fprintln(w)
}

// runUntimed runs stmt on one connection of d without PostgreSQL's statement timeout (db.StatementTimeout
// bounds a request's statements; a vacuum of a million rows takes minutes).
func runUntimed(ctx context.Context, d *db.DB, stmt string) error {
	conn, err := d.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if d.Dialect == dialect.Postgres {
		if _, err := conn.ExecContext(ctx, "SET statement_timeout = 0"); err != nil {
			return err
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "RESET statement_timeout")
	}
	_, err = conn.ExecContext(ctx, stmt)
	return err
}
