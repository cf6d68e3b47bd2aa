package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
)

// BenchmarkFanout measures how long one event takes to reach every open
// problemEvents subscription of one server, and what an open subscription
// costs in memory. The server runs in process on SQLite (the broker is
// kicked in process, as it is on PostgreSQL by the writing instance; the
// LISTEN path is covered by TestTwoInstances), behind a real HTTP listener,
// with gorilla websocket clients in the same process.
//
// Each iteration raises one flag on the problem and waits until the last
// subscriber has its flag.raised event; ns/op is that time, p50-ms and
// p99-ms its distribution over the iterations and fanoutMinRounds more
// (with so few rounds p99 is close to the worst round). Memory is measured once,
// across opening all connections: heap+stack-B/conn counts both ends of
// each connection (client and server share the process), server-heap-B/conn
// only the heap allocated outside this package's client code (from an exact
// heap profile taken while connecting), goroutines/conn both ends.
func BenchmarkFanout(b *testing.B) {
	raiseFileLimit(b)
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) { benchFanout(b, n) })
	}
}

// fanoutMinRounds is how many events the quantiles are taken over at least.
const fanoutMinRounds = 10

func benchFanout(b *testing.B, n int) {
	ctx := context.Background()
	d := dbtest.Open(b, "sqlite3")
	quietLog := slog.New(slog.NewTextHandler(io.Discard, nil))
	broker := live.New(d.Ent(), quietLog)
	svc := policy.New(d, policy.Config{}, policy.WithNotifier(broker))
	liveCtx, stopLive := context.WithCancel(ctx)
	liveDone := make(chan struct{})
	go func() { _ = broker.Run(liveCtx); close(liveDone) }()
	srv := httptest.NewServer(server.New(svc, broker, quietLog))
	b.Cleanup(func() { srv.Close(); stopLive(); <-liveDone })

	author, err := svc.CreateAccount(ctx, "author", "", nil)
	if err != nil {
		b.Fatal(err)
	}
	p, err := svc.Submit(ctx, author, benchInput(0))
	if err != nil {
		b.Fatal(err)
	}
	head, err := live.Head(ctx, d.Ent())
	if err != nil {
		b.Fatal(err)
	}

	// Open the subscriptions, measuring what they cost.
	var received atomic.Int64
	var target atomic.Int64
	roundDone := make(chan time.Time, 1)
	onFlag := func() {
		if received.Add(1) == target.Load() {
			roundDone <- time.Now()
		}
	}
	mem0, server0 := memorySnapshot()
	goroutines0 := runtime.NumGoroutine()
	prevRate := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	conns, err := openFanout(ctx, srv.URL, p.ID, head, n, onFlag)
	runtime.MemProfileRate = prevRate
	b.Cleanup(func() {
		for _, c := range conns {
			c.Close()
		}
	})
	if err != nil {
		b.Fatal(err)
	}
	for end := time.Now().Add(time.Minute); broker.Subscribers() < n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			b.Fatalf("%d of %d subscriptions registered after a minute", broker.Subscribers(), n)
		}
	}
	mem1, server1 := memorySnapshot()
	goroutines := runtime.NumGoroutine() - goroutines0
	heapStack := float64(mem1.HeapInuse+mem1.StackInuse) - float64(mem0.HeapInuse+mem0.StackInuse)

	// round raises one flag, by a new account (one open flag per account),
	// and returns the time until the last subscriber has it.
	flagger := 0
	round := func(timed bool) time.Duration {
		if timed {
			b.StopTimer()
		}
		flagger++
		a, err := svc.CreateAccount(ctx, fmt.Sprintf("fanout%05d", flagger), "", nil)
		if err != nil {
			b.Fatal(err)
		}
		target.Add(int64(n))
		if timed {
			b.StartTimer()
		}
		start := time.Now()
		if _, err := svc.FlagProblem(ctx, a, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER,
			Explanation: "The statement is ambiguous about the range of p."}); err != nil {
			b.Fatal(err)
		}
		select {
		case last := <-roundDone:
			return last.Sub(start)
		case <-time.After(30 * time.Second):
			b.Fatalf("after 30s, %d of %d subscribers had the event", received.Load()-(target.Load()-int64(n)), n)
		}
		return 0
	}
	// The quantiles need more rounds than a short -benchtime gives at
	// 5000 subscribers.
	var took []time.Duration
	for range fanoutMinRounds {
		took = append(took, round(false))
	}
	for b.Loop() {
		took = append(took, round(true))
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(ms(quantile(took, 0.50)), "p50-ms")
	b.ReportMetric(ms(quantile(took, 0.99)), "p99-ms")
	b.ReportMetric(heapStack/float64(n), "heap+stack-B/conn")
	b.ReportMetric(float64(server1-server0)/float64(n), "server-heap-B/conn")
	b.ReportMetric(float64(goroutines)/float64(n), "goroutines/conn")
}

// openFanout opens n graphql-transport-ws connections to base, 64 at a
// time, each subscribed to problemID's events after seq after; every
// flag.raised event a connection receives calls onFlag.
func openFanout(ctx context.Context, base, problemID string, after int64, n int, onFlag func()) ([]*websocket.Conn, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/graphql"
	q, _ := json.Marshal(map[string]any{"query": fmt.Sprintf(`subscription { problemEvents(id: %q, after: %d) { seq kind } }`, problemID, after)})
	sub, _ := json.Marshal(wsFrame{ID: "1", Type: "subscribe", Payload: q})
	dialer := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 30 * time.Second,
		ReadBufferSize: 1024, WriteBufferSize: 1024}
	conns := make([]*websocket.Conn, n)
	next := make(chan int)
	var failed atomic.Value
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for i := range next {
				c, err := dialFanoutConn(ctx, dialer, u, sub)
				if err != nil {
					failed.Store(fmt.Errorf("connection %d: %w", i, err))
					continue
				}
				conns[i] = c
				go readFanout(c, onFlag)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	conns = slices.DeleteFunc(conns, func(c *websocket.Conn) bool { return c == nil })
	err, _ := failed.Load().(error)
	return conns, err
}

func dialFanoutConn(ctx context.Context, dialer websocket.Dialer, u string, sub []byte) (*websocket.Conn, error) {
	c, _, err := dialer.DialContext(ctx, u, nil)
	if err != nil {
		return nil, err
	}
	if err := c.WriteMessage(websocket.TextMessage, []byte(`{"type":"connection_init","payload":{}}`)); err != nil {
		c.Close()
		return nil, err
	}
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	for {
		_, m, err := c.ReadMessage()
		if err != nil {
			c.Close()
			return nil, fmt.Errorf("waiting for connection_ack: %w", err)
		}
		if bytes.Contains(m, []byte(`"connection_ack"`)) {
			break
		}
	}
	_ = c.SetReadDeadline(time.Time{})
	if err := c.WriteMessage(websocket.TextMessage, sub); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// readFanout counts the flag.raised events arriving on c until it closes.
func readFanout(c *websocket.Conn, onFlag func()) {
	for {
		_, m, err := c.ReadMessage()
		if err != nil {
			return
		}
		if bytes.Contains(m, []byte(`"kind":"flag.raised"`)) {
			onFlag()
		}
	}
}

// memorySnapshot returns the memory statistics after a full collection and
// the bytes in use that were allocated outside this package's code (the
// server's share; exact only for allocations made while MemProfileRate is 1).
func memorySnapshot() (runtime.MemStats, int64) {
	runtime.GC()
	runtime.GC() // the heap profile reflects the collection before last
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	var recs []runtime.MemProfileRecord
	for {
		k, ok := runtime.MemProfile(recs, true)
		if ok {
			recs = recs[:k]
			break
		}
		recs = make([]runtime.MemProfileRecord, k+256)
	}
	var server int64
	for _, r := range recs {
		if !fromThisPackage(r.Stack()) {
			server += r.InUseBytes()
		}
	}
	return m, server
}

func fromThisPackage(stack []uintptr) bool {
	frames := runtime.CallersFrames(stack)
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "github.com/theoremdb/theoremdb/e2e.") {
			return true
		}
		if !more {
			return false
		}
	}
}

// raiseFileLimit lifts the soft limit on open files to the hard one: each
// connection holds a descriptor at both ends.
func raiseFileLimit(b *testing.B) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		b.Logf("open-file limit: %v", err)
		return
	}
	if l.Cur < l.Max {
		l.Cur = l.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			b.Logf("raise open-file limit: %v", err)
		}
	}
	if l.Cur < 2*5000+256 {
		b.Logf("the open-file limit is %d; 5000 subscribers need over 10256", l.Cur)
	}
}

func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
