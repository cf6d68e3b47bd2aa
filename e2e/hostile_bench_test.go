package e2e

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/migrations"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/workers"
)

// The size of BenchmarkHostile; THEOREMDB_HOSTILE_* variables change it.
var (
	hostileProblems = envInt("THEOREMDB_HOSTILE_PROBLEMS", 3000)
	hostileSeconds  = envInt("THEOREMDB_HOSTILE_SECONDS", 30)
	hostileClients  = envInt("THEOREMDB_HOSTILE_CLIENTS", 24)
	hostileWorkers  = envInt("THEOREMDB_HOSTILE_WORKERS", 4)
	// hostileOnly, a comma-separated list of request names, keeps the
	// attacker to those requests, to tell which one costs what.
	hostileOnly = os.Getenv("THEOREMDB_HOSTILE_ONLY")
	// hostileGoroutines, a file name, receives the goroutine profile
	// (text, with counts) at the end of the attack phase, load running.
	hostileGoroutines = os.Getenv("THEOREMDB_HOSTILE_GOROUTINES")
)

const (
	// hostileWindow is the challenge window of the problems whose
	// default acceptance is timed. River's scheduler makes a job available
	// up to its interval (5 s) before it is due, and workers poll for due
	// jobs every 200 ms; with a window shorter than that interval a job
	// could wait for the scheduler's next pass, which would put up to 5 s
	// of River's own period into every lag.
	hostileWindow = 6 * time.Second
	// hostileSubmitEvery is how often one of them is submitted.
	hostileSubmitEvery = 250 * time.Millisecond
	// hostileSlack is how long before the end of a phase the last deadline
	// falls, so that every timed problem is accepted while the phase runs.
	hostileSlack = 3 * time.Second
	// attackTimeout is the attacker's client timeout per request (and per
	// websocket connection); benignTimeout the well-behaved clients'.
	attackTimeout = 5 * time.Second
	benignTimeout = 10 * time.Second
	// Websocket attack: connections per round and subscriptions sent on each.
	attackSockets = 20
	attackSubs    = 500
)

// attackerIP is the address the attacker connects from, so that the limits
// the server keeps per address count it apart from the other clients.
var attackerIP = net.IPv4(127, 0, 0, 2)

// BenchmarkHostile measures what the requests of the hardening issue do to
// everyone else. On a PostgreSQL database of hostileProblems problems, with
// the deadline workers running as `theoremdb serve` runs them, each phase
// has hostileClients well-behaved clients fetch problem(id:) with random IDs
// as fast as they are answered, while problems with a challenge window of
// hostileWindow are submitted every hostileSubmitEvery and their acceptance
// by the deadline job is timed. The attack phase adds hostileWorkers
// attacker goroutines that send the hostile requests in a loop, from another
// client address, for the whole phase; the baseline phase has none.
//
// Figures per phase: p50-ms, p95-ms, p99-ms and req/s of problem(id:);
// accept-lag-p99-ms and accept-lag-max-ms, the time from a deadline to the
// problem's acceptance; goroutines (the whole process) and server-goroutines
// (those started by the server's handlers, told apart by a profiler label)
// and heap-MB (HeapInuse) at the end of the phase, with the load still
// running; hostile-req/s, requests and websocket connections the attacker
// made. A table at the end puts both phases side by side and says how each
// hostile request was answered. ns/op is the length of a phase.
func BenchmarkHostile(b *testing.B) {
	raiseFileLimit(b)
	h := newHostileEnv(b)
	results := map[string]*phaseResult{}
	for _, name := range []string{"baseline", "attack"} {
		b.Run("phase="+name, func(b *testing.B) {
			r := &phaseResult{}
			b.StopTimer()
			b.ResetTimer()
			for range b.N {
				r.merge(h.phase(b, name == "attack"))
			}
			r.report(b)
			results[name] = r
		})
	}
	printHostileTable(os.Stdout, h, results["baseline"], results["attack"])
}

// hostileEnv is the seeded database, the server over it and the attacker's
// prepared requests.
type hostileEnv struct {
	srv       *httptest.Server
	db        *db.DB
	svc       *policy.Service
	broker    *live.Broker
	proposers []*ent.Account
	submitted int
	token     string
	attacks   []attack
	subMsgs   [][]byte
	benign    *http.Client
	attacker  *http.Client
	dialer    websocket.Dialer
}

// attack is one hostile request: a POST /graphql, or (body nil) a round of
// attackSockets websockets with attackSubs subscriptions each.
type attack struct {
	name, what string
	body       []byte
	bearer     bool
}

func newHostileEnv(b *testing.B) *hostileEnv {
	ctx := context.Background()
	u := dbtest.URL(b, "postgres")
	// Durability is not what is measured, and seeding commits thousands of
	// transactions; both phases run with the same setting.
	parsed, _ := url.Parse(u)
	admin, err := sql.Open("postgres", u)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := admin.Exec("ALTER DATABASE " + strings.TrimPrefix(parsed.Path, "/") + " SET synchronous_commit TO off"); err != nil {
		b.Fatal(err)
	}
	admin.Close()
	d, err := db.Open(ctx, u)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	quietLog := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := migrations.Apply(ctx, d.DB, d.Dialect, quietLog); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if err := seedMany(ctx, policy.New(d, policy.Config{}), hostileProblems); err != nil {
		b.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "seeded %d problems on PostgreSQL in %v\n", hostileProblems, time.Since(start).Round(time.Second))

	// Wired as cmd/theoremdb's open and serve wire them: the server's policy
	// service with the job client as its scheduler and the broker as its
	// notifier, and the workers on a pool and policy service of their own.
	h := &hostileEnv{db: d, broker: live.New(d.Ent(), quietLog)}
	sched := &lateScheduler{}
	pcfg := policy.Config{ChallengeWindow: hostileWindow}
	h.svc = policy.New(d, pcfg, policy.WithScheduler(sched), policy.WithNotifier(h.broker))
	jd, err := db.Open(ctx, u)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { jd.Close() })
	jd.SetMaxOpenConns(8)
	jobs, err := workers.New(jd, policy.New(jd, pcfg, policy.WithScheduler(sched), policy.WithNotifier(h.broker)),
		quietLog, workers.Config{Work: true})
	if err != nil {
		b.Fatal(err)
	}
	sched.Scheduler = jobs
	if err := jobs.Start(ctx); err != nil {
		b.Fatal(err)
	}
	liveCtx, stopLive := context.WithCancel(ctx)
	liveDone := make(chan struct{})
	go func() { _ = h.broker.Run(liveCtx); close(liveDone) }()

	errLog := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	handler := server.New(h.svc, h.broker, errLog)
	h.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Goroutines the server starts from here on carry the label, so
		// they can be counted apart from the clients'.
		pprof.SetGoroutineLabels(pprof.WithLabels(r.Context(), pprof.Labels("side", "server")))
		handler.ServeHTTP(w, r)
	}))
	h.srv.Config.ReadHeaderTimeout = 10 * time.Second // as serve.go
	h.srv.Config.ReadTimeout = 60 * time.Second
	h.srv.Config.IdleTimeout = 120 * time.Second
	h.srv.Start()
	b.Cleanup(func() {
		h.srv.Close()
		stopLive()
		<-liveDone
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = jobs.Stop(sctx)
	})

	for i := range 12 { // 19 problems each at a time; stakes return on acceptance
		a, err := h.svc.CreateAccount(ctx, fmt.Sprintf("deadline%02d", i), "", nil)
		if err != nil {
			b.Fatal(err)
		}
		h.proposers = append(h.proposers, a)
	}
	mallory, err := h.svc.CreateAccount(ctx, "mallory", "", nil)
	if err != nil {
		b.Fatal(err)
	}
	if h.token, err = h.svc.CreateToken(ctx, mallory, "hostile"); err != nil {
		b.Fatal(err)
	}
	h.attacks = hostileRequests()
	if hostileOnly != "" {
		h.attacks = slices.DeleteFunc(h.attacks, func(a attack) bool {
			return !slices.Contains(strings.Split(hostileOnly, ","), a.name)
		})
		if len(h.attacks) == 0 {
			b.Fatalf("THEOREMDB_HOSTILE_ONLY=%s names none of the hostile requests", hostileOnly)
		}
	}
	for i := range attackSubs {
		q, _ := json.Marshal(map[string]any{"query": `subscription { problemEvents(id: "TDB-1", after: 0) { seq kind } }`})
		m, _ := json.Marshal(wsFrame{ID: "s" + strconv.Itoa(i), Type: "subscribe", Payload: q})
		h.subMsgs = append(h.subMsgs, m)
	}
	h.benign = &http.Client{Timeout: benignTimeout, Transport: &http.Transport{MaxIdleConnsPerHost: hostileClients}}
	fromAttacker := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: attackerIP}, Timeout: attackTimeout}).DialContext
	h.attacker = &http.Client{Timeout: attackTimeout, Transport: &http.Transport{DialContext: fromAttacker,
		MaxIdleConnsPerHost: hostileWorkers}}
	h.dialer = websocket.Dialer{NetDialContext: fromAttacker, Subprotocols: []string{"graphql-transport-ws"},
		HandshakeTimeout: attackTimeout, ReadBufferSize: 1024, WriteBufferSize: 1024}
	return h
}

// lateScheduler lets the policy service and the job client, which need each
// other, be built one after the other (as cmd/theoremdb does).
type lateScheduler struct{ policy.Scheduler }

// hostileRequests are the worst requests of the hardening issue, each
// encoded once.
func hostileRequests() []attack {
	post := func(query string, vars map[string]any) []byte {
		v, err := json.Marshal(map[string]any{"query": query, "variables": vars})
		if err != nil {
			panic(err)
		}
		return v
	}
	// 1. Forty fragments, each spreading the next twice: 2⁴¹ fields once expanded.
	var bomb strings.Builder
	bomb.WriteString(`query{problem(id:"TDB-1"){...F0}}`)
	for i := range 40 {
		fmt.Fprintf(&bomb, " fragment F%d on Problem{id ...F%d ...F%d}", i, i+1, i+1)
	}
	bomb.WriteString(" fragment F40 on Problem{id}")
	// 2. A filter nested through hasMergedIntoWith.
	nested := func(levels int) map[string]any {
		w := map[string]any{}
		for range levels {
			w = map[string]any{"hasMergedIntoWith": []any{w}}
		}
		return w
	}
	var many strings.Builder
	vars := map[string]any{}
	var decls []string
	for i := range 24 {
		decls = append(decls, fmt.Sprintf("$w%d: ProblemWhereInput", i))
		fmt.Fprintf(&many, " a%d: problems(where: $w%d) { totalCount }", i, i)
		vars[fmt.Sprintf("w%d", i)] = nested(450)
	}
	// 5. More aliased mutations than a request may run.
	var claims strings.Builder
	claims.WriteString("mutation{")
	for i := range 101 {
		fmt.Fprintf(&claims, ` c%d: attachClaim(input: {problemId: "TDB-%d", summary: "A proof of the bound for every gap.", relation: RESOLVES}) { claim { id } userErrors { message } }`, i, i%50+1)
	}
	claims.WriteString("}")
	return []attack{
		{name: "fragment-bomb", what: "40 fragments, each spreading the next twice", body: post(bomb.String(), nil)},
		{name: "where-900", what: "problems(where: $w), $w nested 900 levels", body: post(
			`query($w: ProblemWhereInput) { problems(where: $w) { totalCount } }`, map[string]any{"w": nested(900)})},
		{name: "where-24x450", what: "24 aliases of problems(where:), 450 levels each", body: post(
			"query("+strings.Join(decls, ", ")+") {"+many.String()+" }", vars)},
		{name: "typename-14990", what: "14,990 __typename in one selection set", body: post(
			"{"+strings.Repeat(" __typename", 14990)+" }", nil)},
		{name: "ws-20x500", what: "20 websockets x 500 problemEvents subscriptions"},
		{name: "attach-claim-101", what: "101 aliased attachClaim, bearer token", body: post(claims.String(), nil), bearer: true},
	}
}

// phaseResult is what one phase measured.
type phaseResult struct {
	elapsed     time.Duration
	latencies   []time.Duration // of answered problem(id:) requests
	benignErrs  map[string]int
	lags        []time.Duration // deadline to acceptance
	jobRuns     []time.Duration // deadline job picked up to acceptance
	bySweep     int             // accepted by the overdue sweep, not the job
	unaccepted  int             // not accepted when the phase ended (lag counted to then)
	submits     []time.Duration // Submit of a timed problem
	hostile     map[string]*kindStats
	hostileSent int
	poolWaits   int64         // waits for a free database connection
	poolWait    time.Duration // the time spent in them
	end         snapshot      // with the load running
	after       snapshot      // after the load stopped
	settle      time.Duration
}

type snapshot struct {
	goroutines, server, subscribers int
	heapInuse                       uint64
}

type kindStats struct {
	rounds   int
	outcomes map[string]int
	took     []time.Duration
	served   int // websocket subscriptions that delivered an event
}

func (r *phaseResult) merge(o *phaseResult) {
	r.elapsed += o.elapsed
	r.latencies = append(r.latencies, o.latencies...)
	r.lags = append(r.lags, o.lags...)
	r.jobRuns = append(r.jobRuns, o.jobRuns...)
	r.bySweep += o.bySweep
	r.unaccepted += o.unaccepted
	r.hostileSent += o.hostileSent
	r.submits = append(r.submits, o.submits...)
	r.poolWaits += o.poolWaits
	r.poolWait += o.poolWait
	r.benignErrs = mergeCounts(r.benignErrs, o.benignErrs)
	if r.hostile == nil {
		r.hostile = map[string]*kindStats{}
	}
	for k, s := range o.hostile {
		t := r.hostile[k]
		if t == nil {
			t = &kindStats{}
			r.hostile[k] = t
		}
		t.rounds += s.rounds
		t.served += s.served
		t.outcomes = mergeCounts(t.outcomes, s.outcomes)
		t.took = append(t.took, s.took...)
	}
	r.end, r.after, r.settle = o.end, o.after, o.settle
}

func mergeCounts(a, b map[string]int) map[string]int {
	if a == nil {
		a = map[string]int{}
	}
	for k, v := range b {
		a[k] += v
	}
	return a
}

func (r *phaseResult) report(b *testing.B) {
	slices.Sort(r.latencies)
	slices.Sort(r.lags)
	slices.Sort(r.jobRuns)
	slices.Sort(r.submits)
	b.ReportMetric(ms(quantile(r.latencies, 0.50)), "p50-ms")
	b.ReportMetric(ms(quantile(r.latencies, 0.95)), "p95-ms")
	b.ReportMetric(ms(quantile(r.latencies, 0.99)), "p99-ms")
	b.ReportMetric(float64(len(r.latencies))/r.elapsed.Seconds(), "req/s")
	b.ReportMetric(ms(quantile(r.lags, 0.99)), "accept-lag-p99-ms")
	b.ReportMetric(ms(quantile(r.lags, 1)), "accept-lag-max-ms")
	b.ReportMetric(float64(r.end.goroutines), "goroutines")
	b.ReportMetric(float64(r.end.server), "server-goroutines")
	b.ReportMetric(float64(r.end.heapInuse)/(1<<20), "heap-MB")
	b.ReportMetric(float64(r.hostileSent)/r.elapsed.Seconds(), "hostile-req/s")
}

// phase runs one measurement: the well-behaved clients, the timed
// submissions and, when attack is set, the attacker, all at once until
// hostileSeconds have passed and every timed problem is accepted.
func (h *hostileEnv) phase(b *testing.B, attack bool) *phaseResult {
	b.Helper()
	ctx := context.Background()
	if h.submitted == 0 {
		h.warmUp(3 * time.Second)
	}
	b.StartTimer()
	loadCtx, stopLoad := context.WithCancel(ctx)
	defer stopLoad()
	res := &phaseResult{hostile: map[string]*kindStats{}, benignErrs: map[string]int{}}
	var mu sync.Mutex // guards res while the load runs
	var wg sync.WaitGroup
	var sent atomic.Int64
	pool0 := h.db.DB.Stats()
	start := time.Now()
	for range hostileClients {
		wg.Go(func() {
			lat, errs := h.benignClient(loadCtx)
			mu.Lock()
			res.latencies = append(res.latencies, lat...)
			res.benignErrs = mergeCounts(res.benignErrs, errs)
			mu.Unlock()
		})
	}
	if attack {
		for w := range hostileWorkers {
			wg.Go(func() {
				for i := w; loadCtx.Err() == nil; i++ {
					a := h.attacks[i%len(h.attacks)]
					h.attack(loadCtx, a, func(outcome string, took time.Duration, served int) {
						mu.Lock()
						defer mu.Unlock()
						s := res.hostile[a.name]
						if s == nil {
							s = &kindStats{outcomes: map[string]int{}}
							res.hostile[a.name] = s
						}
						s.outcomes[outcome]++
						s.took = append(s.took, took)
						s.served += served
					}, func() {
						mu.Lock()
						defer mu.Unlock()
						if res.hostile[a.name] == nil {
							res.hostile[a.name] = &kindStats{outcomes: map[string]int{}}
						}
						res.hostile[a.name].rounds++
					}, &sent)
				}
			})
		}
	}

	// Timed submissions, then wait for their acceptance.
	length := time.Duration(hostileSeconds) * time.Second
	var ids []string
	tick := time.NewTicker(hostileSubmitEvery)
	for time.Since(start) < length-hostileWindow-hostileSlack {
		a := h.proposers[h.submitted%len(h.proposers)]
		t0 := time.Now()
		p, err := h.svc.Submit(ctx, a, benchInput(1_000_000+h.submitted))
		if err != nil {
			b.Fatalf("submit a timed problem: %v", err)
		}
		res.submits = append(res.submits, time.Since(t0))
		h.submitted++
		ids = append(ids, p.ID)
		<-tick.C
	}
	tick.Stop()
	hardStop := start.Add(length + 20*time.Second)
	for {
		n, err := h.svc.Client().Problem.Query().Where(problem.IDIn(ids...), problem.StateEQ(problem.StateACCEPTED)).Count(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if (n == len(ids) && time.Since(start) >= length) || time.Now().After(hardStop) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	res.end = takeSnapshot(h.broker, false)
	if attack && hostileGoroutines != "" {
		if f, err := os.Create(hostileGoroutines); err == nil {
			_ = pprof.Lookup("goroutine").WriteTo(f, 1)
			f.Close()
		}
	}
	res.elapsed = time.Since(start)
	pool1 := h.db.DB.Stats()
	res.poolWaits, res.poolWait = pool1.WaitCount-pool0.WaitCount, pool1.WaitDuration-pool0.WaitDuration
	stopLoad()
	wg.Wait()
	b.StopTimer()
	res.hostileSent = int(sent.Load())

	// After the load: wait for the server's goroutines to end.
	h.benign.CloseIdleConnections()
	h.attacker.CloseIdleConnections()
	settleStart := time.Now()
	for res.after = takeSnapshot(h.broker, false); res.after.server > 0 && time.Since(settleStart) < 10*time.Second; res.after = takeSnapshot(h.broker, false) {
		time.Sleep(100 * time.Millisecond)
	}
	res.settle = time.Since(settleStart)
	res.after = takeSnapshot(h.broker, true)

	if err := h.acceptanceLags(ctx, ids, res); err != nil {
		b.Fatal(err)
	}
	return res
}

// warmUp runs the well-behaved clients for d, unmeasured.
func (h *hostileEnv) warmUp(d time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var wg sync.WaitGroup
	for range hostileClients {
		wg.Go(func() { _, _ = h.benignClient(ctx) })
	}
	wg.Wait()
}

const benignQuery = `query($id: String!) { problem(id: $id) { id title state deadline currentRevision { statement references { source { identifier } } } } }`

// benignClient fetches random problems one after the other until ctx ends,
// and returns the latencies of the answered ones and why the others failed.
func (h *hostileEnv) benignClient(ctx context.Context) ([]time.Duration, map[string]int) {
	var lat []time.Duration
	errs := map[string]int{}
	for ctx.Err() == nil {
		id := fmt.Sprintf("TDB-%d", rand.IntN(hostileProblems)+1)
		body, _ := json.Marshal(map[string]any{"query": benignQuery, "variables": map[string]any{"id": id}})
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.srv.URL+"/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		t0 := time.Now()
		resp, err := h.benign.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				errs[transportError(err)]++
			}
			continue
		}
		var r struct {
			Data   struct{ Problem *struct{ ID string } }
			Errors []struct {
				Extensions struct{ Code string }
			}
		}
		err = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		switch {
		case ctx.Err() != nil:
		case err != nil:
			errs[fmt.Sprintf("%d undecodable", resp.StatusCode)]++
		case len(r.Errors) > 0:
			errs[fmt.Sprintf("%d %s", resp.StatusCode, r.Errors[0].Extensions.Code)]++
		case resp.StatusCode != http.StatusOK || r.Data.Problem == nil || r.Data.Problem.ID != id:
			errs[fmt.Sprintf("%d wrong answer", resp.StatusCode)]++
		default:
			lat = append(lat, time.Since(t0))
		}
	}
	return lat, errs
}

// attack sends one hostile request (or round of websockets) and records
// how each was answered; sent counts requests and connections.
func (h *hostileEnv) attack(ctx context.Context, a attack, record func(outcome string, took time.Duration, served int), round func(), sent *atomic.Int64) {
	if a.body == nil {
		var wg sync.WaitGroup
		for range attackSockets {
			wg.Go(func() {
				outcome, took, served := h.socket(ctx)
				if ctx.Err() == nil {
					sent.Add(1)
					record(outcome, took, served)
				}
			})
		}
		wg.Wait()
		if ctx.Err() == nil {
			round()
		}
		return
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.srv.URL+"/graphql", bytes.NewReader(a.body))
	req.Header.Set("Content-Type", "application/json")
	if a.bearer {
		req.Header.Set("Authorization", "Bearer "+h.token)
	}
	t0 := time.Now()
	outcome := ""
	resp, err := h.attacker.Do(req)
	if err == nil {
		var r struct {
			Data   json.RawMessage
			Errors []struct {
				Extensions struct{ Code string }
			}
		}
		body, rerr := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch {
		case rerr != nil:
			err = rerr
		case json.Unmarshal(body, &r) != nil:
			outcome = fmt.Sprintf("HTTP %d, not JSON", resp.StatusCode)
		case len(r.Errors) > 0:
			outcome = fmt.Sprintf("HTTP %d %s", resp.StatusCode, cmpOr(r.Errors[0].Extensions.Code, "(no code)"))
		default:
			outcome = fmt.Sprintf("HTTP %d data, no error", resp.StatusCode)
		}
	}
	if ctx.Err() != nil {
		return // cut off by the end of the phase
	}
	if err != nil {
		outcome = transportError(err)
	}
	sent.Add(1)
	round()
	record(outcome, time.Since(t0), 0)
}

// socket opens one websocket, sends attackSubs subscriptions on it and
// waits for the server to close it; it returns how the connection ended,
// when, and how many subscriptions delivered an event.
func (h *hostileEnv) socket(ctx context.Context) (string, time.Duration, int) {
	t0 := time.Now()
	dctx, cancel := context.WithTimeout(ctx, attackTimeout)
	defer cancel()
	u := "ws" + strings.TrimPrefix(h.srv.URL, "http") + "/graphql"
	c, resp, err := h.dialer.DialContext(dctx, u, nil)
	if err != nil {
		if resp != nil {
			return fmt.Sprintf("upgrade refused, HTTP %d", resp.StatusCode), time.Since(t0), 0
		}
		return transportError(err), time.Since(t0), 0
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	_ = c.SetReadDeadline(t0.Add(attackTimeout))
	_ = c.SetWriteDeadline(t0.Add(attackTimeout))
	closed := func(err error, when string) string {
		var ce *websocket.CloseError
		switch {
		case errors.As(err, &ce):
			return fmt.Sprintf("close %d %s", ce.Code, when)
		case errors.Is(err, os.ErrDeadlineExceeded):
			return "still open after " + attackTimeout.String() + " " + when
		}
		return transportError(err) + " " + when
	}
	if err := c.WriteMessage(websocket.TextMessage, []byte(`{"type":"connection_init","payload":{}}`)); err != nil {
		return closed(err, "at init"), time.Since(t0), 0
	}
	for {
		_, m, err := c.ReadMessage()
		if err != nil {
			return closed(err, "at init"), time.Since(t0), 0
		}
		if bytes.Contains(m, []byte(`"connection_ack"`)) {
			break
		}
	}
	for _, m := range h.subMsgs {
		if c.WriteMessage(websocket.TextMessage, m) != nil {
			break // the server closed it; the close frame says why
		}
	}
	served := map[string]bool{}
	for {
		_, m, err := c.ReadMessage()
		if err != nil {
			return closed(err, "after subscribing"), time.Since(t0), len(served)
		}
		var f wsFrame
		if json.Unmarshal(m, &f) == nil && f.Type == "next" && bytes.Contains(f.Payload, []byte(`"problemEvents"`)) {
			served[f.ID] = true
		}
	}
}

func transportError(err error) string {
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return "client timeout"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "connection closed"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	case errors.Is(err, syscall.EPIPE):
		return "broken pipe"
	}
	return "transport error"
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// acceptanceLags reads when each timed problem was accepted and by whom:
// the deadline job, or the overdue sweep when it came first.
func (h *hostileEnv) acceptanceLags(ctx context.Context, ids []string, res *phaseResult) error {
	ps, err := h.svc.Client().Problem.Query().Where(problem.IDIn(ids...)).All(ctx)
	if err != nil {
		return err
	}
	rows, err := h.db.DB.QueryContext(ctx, `SELECT args->>'problem_id', attempted_at FROM river_job WHERE kind = 'accept_at_deadline'`)
	if err != nil {
		return err
	}
	defer rows.Close()
	attempted := map[string]time.Time{}
	for rows.Next() {
		var id string
		var at sql.NullTime
		if err := rows.Scan(&id, &at); err != nil {
			return err
		}
		if at.Valid {
			attempted[id] = at.Time
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	now := time.Now()
	for _, p := range ps {
		if p.AcceptedAt == nil {
			res.unaccepted++
			res.lags = append(res.lags, now.Sub(p.Deadline))
			continue
		}
		res.lags = append(res.lags, p.AcceptedAt.Sub(p.Deadline))
		if at, ok := attempted[p.ID]; ok && !p.AcceptedAt.Before(at) {
			res.jobRuns = append(res.jobRuns, p.AcceptedAt.Sub(at))
		} else {
			res.bySweep++
		}
	}
	return nil
}

// takeSnapshot counts goroutines, those the server started among them, and
// the heap in use (after a collection when gc).
func takeSnapshot(broker *live.Broker, gc bool) snapshot {
	if gc {
		runtime.GC()
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return snapshot{goroutines: runtime.NumGoroutine(), server: serverGoroutines(),
		subscribers: broker.Subscribers(), heapInuse: m.HeapInuse}
}

// serverGoroutines counts the goroutines labelled side=server, from the
// text goroutine profile ("N @ pcs" lines, each followed by its labels).
func serverGoroutines() int {
	var buf bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&buf, 1)
	n, count := 0, 0
	sc := bufio.NewScanner(&buf)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if k, rest, ok := strings.Cut(line, " @ "); ok && rest != "" {
			count, _ = strconv.Atoi(k)
			continue
		}
		if strings.HasPrefix(line, "# labels:") && strings.Contains(line, `"side":"server"`) {
			n += count
			count = 0
		}
	}
	return n
}

// printHostileTable prints both phases side by side and how the attacker's
// requests were answered.
func printHostileTable(out io.Writer, h *hostileEnv, base, att *phaseResult) {
	if base == nil && att == nil {
		return
	}
	phases := []*phaseResult{base, att}
	fmt.Fprintf(out, "\nBenchmarkHostile: %d problems on PostgreSQL, %d clients fetching problem(id:), %d attacker workers, "+
		"challenge window %v, %d s per phase, GOMAXPROCS %d\n\n", hostileProblems, hostileClients, hostileWorkers,
		hostileWindow, hostileSeconds, runtime.GOMAXPROCS(0))
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	row := func(label string, f func(r *phaseResult) string) {
		fmt.Fprintf(tw, "%s\t", label)
		for _, r := range phases {
			if r == nil {
				fmt.Fprint(tw, "-\t")
			} else {
				fmt.Fprintf(tw, "%s\t", f(r))
			}
		}
		fmt.Fprintln(tw)
	}
	msq := func(s []time.Duration, q float64) string { return fmt.Sprintf("%.1f", ms(quantile(s, q))) }
	fmt.Fprintln(tw, "\tbaseline\tattack\t")
	row("problem(id:) answered", func(r *phaseResult) string { return strconv.Itoa(len(r.latencies)) })
	row("  p50 ms", func(r *phaseResult) string { return msq(r.latencies, 0.50) })
	row("  p95 ms", func(r *phaseResult) string { return msq(r.latencies, 0.95) })
	row("  p99 ms", func(r *phaseResult) string { return msq(r.latencies, 0.99) })
	row("  max ms", func(r *phaseResult) string { return msq(r.latencies, 1) })
	row("  req/s", func(r *phaseResult) string {
		return fmt.Sprintf("%.0f", float64(len(r.latencies))/r.elapsed.Seconds())
	})
	row("  failed", func(r *phaseResult) string { return countsString(r.benignErrs, "0") })
	row("database pool: waits for a connection", func(r *phaseResult) string {
		return fmt.Sprintf("%d (%.1f s in all)", r.poolWaits, r.poolWait.Seconds())
	})
	row("timed problems: Submit p50 ms", func(r *phaseResult) string { return msq(r.submits, 0.5) })
	row("  Submit max ms", func(r *phaseResult) string { return msq(r.submits, 1) })
	row("  accepted", func(r *phaseResult) string {
		return fmt.Sprintf("%d/%d", len(r.lags)-r.unaccepted, len(r.lags))
	})
	row("  by the overdue sweep", func(r *phaseResult) string { return strconv.Itoa(r.bySweep) })
	row("  deadline to acceptance p50 ms", func(r *phaseResult) string { return msq(r.lags, 0.50) })
	row("  p99 ms", func(r *phaseResult) string { return msq(r.lags, 0.99) })
	row("  max ms", func(r *phaseResult) string { return msq(r.lags, 1) })
	row("  job pick-up to acceptance max ms", func(r *phaseResult) string { return msq(r.jobRuns, 1) })
	row("at the end, under load: goroutines", func(r *phaseResult) string { return strconv.Itoa(r.end.goroutines) })
	row("  of the server", func(r *phaseResult) string { return strconv.Itoa(r.end.server) })
	row("  live subscriptions", func(r *phaseResult) string { return strconv.Itoa(r.end.subscribers) })
	row("  heap in use MB", func(r *phaseResult) string { return fmt.Sprintf("%.1f", float64(r.end.heapInuse)/(1<<20)) })
	row("after the load stops: goroutines", func(r *phaseResult) string { return strconv.Itoa(r.after.goroutines) })
	row("  of the server", func(r *phaseResult) string {
		return fmt.Sprintf("%d (%.1f s)", r.after.server, r.settle.Seconds())
	})
	row("  live subscriptions", func(r *phaseResult) string { return strconv.Itoa(r.after.subscribers) })
	row("  heap in use after GC MB", func(r *phaseResult) string {
		return fmt.Sprintf("%.1f", float64(r.after.heapInuse)/(1<<20))
	})
	row("attacker requests/s", func(r *phaseResult) string {
		return fmt.Sprintf("%.0f", float64(r.hostileSent)/r.elapsed.Seconds())
	})
	tw.Flush()
	if att == nil {
		return
	}
	fmt.Fprintf(out, "\nHow the hostile requests were answered (attack phase; websockets: one outcome per connection):\n\n")
	tw = tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "request\tsent\tanswer\tp50 ms\tmax ms\t")
	for _, a := range h.attacks {
		s := att.hostile[a.name]
		if s == nil {
			fmt.Fprintf(tw, "%s\t0\t\t\t\t\n", a.name)
			continue
		}
		slices.Sort(s.took)
		answer := countsString(s.outcomes, "")
		if a.body == nil {
			answer += fmt.Sprintf("; %d subscriptions served, %.1f per connection", s.served,
				float64(s.served)/float64(max(1, len(s.took))))
		}
		sentText := strconv.Itoa(s.rounds)
		if a.body == nil {
			sentText = fmt.Sprintf("%d rounds", s.rounds)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", a.name, sentText, answer, msq(s.took, 0.5), msq(s.took, 1))
	}
	tw.Flush()
	fmt.Fprintln(out)
	for _, a := range h.attacks {
		fmt.Fprintf(out, "  %-17s %s\n", a.name, a.what)
	}
	fmt.Fprintln(out)
}

func countsString(m map[string]int, empty string) string {
	if len(m) == 0 {
		return empty
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d× %s", m[k], k)
	}
	return strings.Join(parts, ", ")
}
