package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/throttle"
)

// TestOpenSocketsKeepNoHTTPConnection: once a websocket is upgraded, the
// HTTP server's goroutine for it returns (so the socket holds none of the
// HTTP connection), the subscriptions still get their events, an idle
// subscription has no goroutine in the broker, and closing the sockets
// frees their places under the per-address limit.
func TestOpenSocketsKeepNoHTTPConnection(t *testing.T) {
	ctx := context.Background()
	d := dbtest.Open(t, "sqlite3")
	quietLog := slog.New(slog.NewTextHandler(io.Discard, nil))
	broker := live.New(d.Ent(), quietLog)
	svc := policy.New(d, policy.Config{}, policy.WithNotifier(broker))
	liveCtx, stopLive := context.WithCancel(ctx)
	liveDone := make(chan struct{})
	go func() { _ = broker.Run(liveCtx); close(liveDone) }()
	const n = 10
	srv := httptest.NewServer(server.New(svc, broker, quietLog, server.WithLimits(throttle.Limits{
		ConnectionsPerAddress: n, RefusalsPerMinute: 1000, RefusalBurst: 1000})))
	t.Cleanup(func() { srv.Close(); stopLive(); <-liveDone })

	author, err := svc.CreateAccount(ctx, "author", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := svc.Submit(ctx, author, benchInput(0))
	if err != nil {
		t.Fatal(err)
	}
	head, err := live.Head(ctx, d.Ent())
	if err != nil {
		t.Fatal(err)
	}
	// open opens n sockets, waiting (a little) for places to be freed.
	open := func() []*websocket.Conn {
		var conns []*websocket.Conn
		end := time.Now().Add(10 * time.Second)
		for len(conns) < n {
			c, err := dialProblemEvents(ctx, srv.URL, p.ID, head)
			if err != nil {
				if time.Now().After(end) {
					t.Fatalf("socket %d: %v", len(conns), err)
				}
				time.Sleep(20 * time.Millisecond)
				continue
			}
			t.Cleanup(func() { c.Close() })
			conns = append(conns, c)
		}
		waitSubscribers(t, broker, n)
		return conns
	}
	conns := open()

	var stacks bytes.Buffer
	if err := pprof.Lookup("goroutine").WriteTo(&stacks, 2); err != nil {
		t.Fatal(err)
	}
	for _, g := range strings.Split(stacks.String(), "\n\n") {
		if strings.Contains(g, "net/http.(*conn).serve") && strings.Contains(g, "websocket") {
			t.Errorf("an open socket keeps its HTTP server goroutine:\n%s", g)
		}
		if strings.Contains(g, "live.(*Broker).pump") || strings.Contains(g, "live.(*Broker).Subscribe") {
			t.Errorf("an idle subscription has a goroutine in the broker:\n%s", g)
		}
	}

	a, err := svc.CreateAccount(ctx, "flagger", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.FlagProblem(ctx, a, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER,
		Explanation: "The statement is ambiguous about the range of p."}); err != nil {
		t.Fatal(err)
	}
	for i, c := range conns {
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			var m wsFrame
			if err := c.ReadJSON(&m); err != nil {
				t.Fatalf("socket %d: %v", i, err)
			}
			if m.Type != "next" {
				continue
			}
			var ev struct {
				Data struct {
					ProblemEvents streamEvent `json:"problemEvents"`
				} `json:"data"`
			}
			if err := json.Unmarshal(m.Payload, &ev); err != nil {
				t.Fatalf("socket %d: %v in %s", i, err, m.Payload)
			}
			if ev.Data.ProblemEvents.Kind == policy.KindFlagRaised {
				break
			}
		}
	}

	// Closing them frees the address's places: as many open again.
	for _, c := range conns {
		c.Close()
	}
	waitSubscribers(t, broker, 0)
	open()
}

func waitSubscribers(t *testing.T, b *live.Broker, n int) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); b.Subscribers() != n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%d subscriptions after 10 s; want %d", b.Subscribers(), n)
		}
	}
}
