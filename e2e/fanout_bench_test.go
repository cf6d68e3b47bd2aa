package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/throttle"
)

// BenchmarkFanout measures how long one event takes to reach every open
// problemEvents subscription of one server, and what an open subscription
// costs the server in memory. The server runs in this process on SQLite
// (the broker is kicked in process, as it is on PostgreSQL by the writing
// instance; the LISTEN path is covered by TestTwoInstances), behind a real
// HTTP listener, with limits raised to let one address hold every
// connection. The clients are gorilla websocket connections, one
// subscription each, in a child process (internal/fanoutclient) on the
// same machine, so that this process holds the server alone.
//
// Each iteration raises one flag on the problem (whose moderation case a
// flag raised before the subscriptions has opened) and waits until the
// last subscriber has its flag.raised event, the one event of the round;
// ns/op is that time, p50-ms and p99-ms its distribution over the
// iterations and fanoutMinRounds more (with so few rounds p99 is close to
// the worst round). Memory is measured
// once, across opening all connections, after a full collection with the
// freed memory returned to the system: the growth of the server's heap in
// use, goroutine stacks and resident set, per connection, and its
// goroutines per connection. server-cpu-ms/round
// and client-cpu-ms/round are the CPU time each process used per round,
// which other load on the machine leaves alone, unlike the latencies.
//
// THEOREMDB_FANOUT_SUBSCRIBERS lists the sizes, comma-separated (10000);
// THEOREMDB_FANOUT_PROFILES names a directory to write the heap profile and
// the goroutines to, connections open.
func BenchmarkFanout(b *testing.B) {
	sizes := os.Getenv("THEOREMDB_FANOUT_SUBSCRIBERS")
	if sizes == "" {
		sizes = "10000"
	}
	var ns []int
	for _, f := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			b.Fatalf("THEOREMDB_FANOUT_SUBSCRIBERS=%q: want positive numbers, comma-separated", sizes)
		}
		ns = append(ns, n)
	}
	if limit, most := raiseFileLimit(b), slices.Max(ns); limit < uint64(most)+256 {
		b.Logf("the open-file limit is %d; %d subscribers need over %d", limit, most, most+256)
	}
	client := buildFanoutClient(b)
	for _, n := range ns {
		b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) { benchFanout(b, client, n) })
	}
}

// fanoutMinRounds is how many events the quantiles are taken over at least.
const fanoutMinRounds = 20

func benchFanout(b *testing.B, client string, n int) {
	ctx := context.Background()
	d := dbtest.Open(b, "sqlite3")
	quietLog := slog.New(slog.NewTextHandler(io.Discard, nil))
	broker := live.New(d.Ent(), quietLog)
	svc := policy.New(d, policy.Config{}, policy.WithNotifier(broker))
	liveCtx, stopLive := context.WithCancel(ctx)
	liveDone := make(chan struct{})
	go func() { _ = broker.Run(liveCtx); close(liveDone) }()
	// Every client comes from 127.0.0.1: let it hold them all.
	srv := httptest.NewServer(server.New(svc, broker, quietLog, server.WithLimits(throttle.Limits{
		ConnectionsPerAddress: n + 10, SubscribesPerSecond: float64(n), SubscribeBurst: n + 10})))
	b.Cleanup(func() { srv.Close(); stopLive(); <-liveDone })

	author, err := svc.CreateAccount(ctx, "author", "", nil)
	if err != nil {
		b.Fatal(err)
	}
	p, err := svc.Submit(ctx, author, benchInput(0))
	if err != nil {
		b.Fatal(err)
	}
	// The first flag opens the problem's moderation case (an event of its
	// own); raised before the subscriptions, it leaves every round one
	// event to deliver, the flag.raised of a flag joining the open case.
	if _, err := svc.FlagProblem(ctx, author, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER,
		Explanation: "The statement is ambiguous about the range of p."}); err != nil {
		b.Fatal(err)
	}
	head, err := live.Head(ctx, d.Ent())
	if err != nil {
		b.Fatal(err)
	}

	// Open the subscriptions, measuring what they cost.
	mem0, rss0 := memorySnapshot(b)
	goroutines0 := runtime.NumGoroutine()
	cl := startFanoutClient(b, client, "ws"+strings.TrimPrefix(srv.URL, "http")+"/graphql", p.ID, head, n)
	if err := cl.wait("open", 2*time.Minute); err != nil {
		b.Fatal(err)
	}
	for end := time.Now().Add(time.Minute); broker.Subscribers() < n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			b.Fatalf("%d of %d subscriptions registered after a minute", broker.Subscribers(), n)
		}
	}
	mem1, rss1 := memorySnapshot(b)
	goroutines := runtime.NumGoroutine() - goroutines0
	if dir := os.Getenv("THEOREMDB_FANOUT_PROFILES"); dir != "" {
		writeFanoutProfiles(b, dir, n)
	}

	// round raises one flag, by a new account (one open flag per account),
	// and returns the time until the last subscriber has it.
	rounds := 0
	round := func(timed bool) time.Duration {
		if timed {
			b.StopTimer()
		}
		rounds++
		a, err := svc.CreateAccount(ctx, fmt.Sprintf("fanout%05d", rounds), "", nil)
		if err != nil {
			b.Fatal(err)
		}
		if timed {
			b.StartTimer()
		}
		start := time.Now()
		if _, err := svc.FlagProblem(ctx, a, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER,
			Explanation: "The statement is ambiguous about the range of p."}); err != nil {
			b.Fatal(err)
		}
		if err := cl.wait(fmt.Sprintf("round %d", rounds), 30*time.Second); err != nil {
			b.Fatal(err)
		}
		return cl.at.Sub(start)
	}
	// The quantiles need more rounds than a short -benchtime gives at
	// 10,000 subscribers.
	var took []time.Duration
	serverCPU0, clientCPU0 := processCPU(b, 0), processCPU(b, cl.pid)
	for range fanoutMinRounds {
		took = append(took, round(false))
	}
	for b.Loop() {
		took = append(took, round(true))
	}
	b.StopTimer()
	serverCPU, clientCPU := processCPU(b, 0)-serverCPU0, processCPU(b, cl.pid)-clientCPU0
	slices.Sort(took)
	b.ReportMetric(ms(quantile(took, 0.50)), "p50-ms")
	b.ReportMetric(ms(quantile(took, 0.99)), "p99-ms")
	b.ReportMetric(float64(int64(mem1.HeapInuse)-int64(mem0.HeapInuse))/float64(n), "server-heap-B/conn")
	b.ReportMetric(float64(int64(mem1.StackInuse)-int64(mem0.StackInuse))/float64(n), "server-stack-B/conn")
	b.ReportMetric(float64(rss1-rss0)/float64(n), "server-rss-B/conn")
	b.ReportMetric(float64(goroutines)/float64(n), "server-goroutines/conn")
	b.ReportMetric(ms(serverCPU)/float64(rounds), "server-cpu-ms/round")
	b.ReportMetric(ms(clientCPU)/float64(rounds), "client-cpu-ms/round")
}

// processCPU is the CPU time, user and system, process pid (0: this one)
// has used, from /proc/pid/stat in clock ticks of 10 ms.
func processCPU(b *testing.B, pid int) time.Duration {
	path := "/proc/self/stat"
	if pid != 0 {
		path = fmt.Sprintf("/proc/%d/stat", pid)
	}
	stat, err := os.ReadFile(path)
	if err != nil {
		b.Logf("CPU time: %v", err)
		return 0
	}
	// The fields after the command, which is in parentheses: state is the
	// 3rd field, utime and stime the 14th and 15th.
	f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	const tick = 10 * time.Millisecond // USER_HZ is 100 on Linux
	return time.Duration(utime+stime) * tick
}

// buildFanoutClient builds internal/fanoutclient into a temporary
// directory and returns its path.
func buildFanoutClient(b *testing.B) string {
	bin := filepath.Join(b.TempDir(), "fanoutclient")
	build := exec.Command("go", "build", "-o", bin, "./internal/fanoutclient")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("build fanoutclient: %v\n%s", err, out)
	}
	return bin
}

// fanoutClient is a running internal/fanoutclient.
type fanoutClient struct {
	pid   int
	lines chan fanoutLine // its stdout; closed when it ends
	at    time.Time       // when the line last waited for arrived
}

type fanoutLine struct {
	text string
	at   time.Time
}

// startFanoutClient starts bin with n subscriptions to problemID's events
// after seq after on the websocket URL u; it ends with the benchmark.
func startFanoutClient(b *testing.B, bin, u, problemID string, after int64, n int) *fanoutClient {
	cmd := exec.Command(bin, "-url", u, "-problem", problemID, "-after", strconv.FormatInt(after, 10), "-n", strconv.Itoa(n))
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	c := &fanoutClient{pid: cmd.Process.Pid, lines: make(chan fanoutLine, 16)}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			// The moment the last subscriber had it, give or take a pipe.
			c.lines <- fanoutLine{sc.Text(), time.Now()}
		}
		close(c.lines)
	}()
	b.Cleanup(func() {
		stdin.Close() // it closes its connections and exits
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	return c
}

// wait waits for the line want, failing on any other.
func (c *fanoutClient) wait(want string, timeout time.Duration) error {
	select {
	case l, ok := <-c.lines:
		switch {
		case !ok:
			return fmt.Errorf("fanoutclient ended waiting for %q", want)
		case l.text != want:
			return fmt.Errorf("fanoutclient, waiting for %q: %s", want, l.text)
		}
		c.at = l.at
		return nil
	case <-time.After(timeout):
		return fmt.Errorf("fanoutclient: no %q after %s", want, timeout)
	}
}

// writeFanoutProfiles writes the heap profile (the last collection's) and
// the goroutines of the process, connections open, to dir.
func writeFanoutProfiles(b *testing.B, dir string, n int) {
	for name, level := range map[string]int{"heap": 0, "goroutine": 1} {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("fanout-%d-%s.pprof", n, name)))
		if err == nil {
			err = pprof.Lookup(name).WriteTo(f, level)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// memorySnapshot returns the memory statistics and the resident set size
// of this process after a full collection, with the memory it freed
// returned to the system (so that a size measured after another in the
// same process does not reuse what that one left resident).
func memorySnapshot(b *testing.B) (runtime.MemStats, int64) {
	runtime.GC() // the heap profile reflects the collection before last
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	statm, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		b.Logf("resident set size: %v", err)
		return m, 0
	}
	var size, resident int64
	if _, err := fmt.Sscan(string(statm), &size, &resident); err != nil {
		b.Fatalf("/proc/self/statm: %v", err)
	}
	return m, resident * int64(os.Getpagesize())
}

// raiseFileLimit lifts the soft limit on open files to the hard one, and
// returns it: the server holds a descriptor for each connection.
func raiseFileLimit(b *testing.B) uint64 {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		b.Logf("open-file limit: %v", err)
		return 0
	}
	if l.Cur < l.Max {
		l.Cur = l.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			b.Logf("raise open-file limit: %v", err)
			_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l)
		}
	}
	return l.Cur
}

func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
