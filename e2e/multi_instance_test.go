package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
)

// Sizes of the resilience run.
const (
	loadFlags   = 500
	loadWriters = 20
	// killAfter is how many flags have been raised when B's listener
	// connection is terminated.
	killAfter = 150
)

// streamEvent is one problemEvents item as a subscriber saw it.
type streamEvent struct {
	Seq  int64  `json:"seq"`
	Kind string `json:"kind"`
}

type wsFrame struct {
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// dialProblemEvents opens a graphql-transport-ws connection to base and
// subscribes to the problem's public events after seq after.
func dialProblemEvents(ctx context.Context, base, problemID string, after int64) (*websocket.Conn, error) {
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 5 * time.Second}
	c, _, err := d.DialContext(ctx, "ws"+strings.TrimPrefix(base, "http")+"/graphql", nil)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*websocket.Conn, error) { c.Close(); return nil, err }
	if err := c.WriteJSON(wsFrame{Type: "connection_init", Payload: json.RawMessage(`{}`)}); err != nil {
		return fail(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		var m wsFrame
		if err := c.ReadJSON(&m); err != nil {
			return fail(fmt.Errorf("waiting for connection_ack: %w", err))
		}
		if m.Type == "connection_ack" {
			break
		}
	}
	_ = c.SetReadDeadline(time.Time{})
	q := fmt.Sprintf(`subscription { problemEvents(id: %q, after: %d) { seq kind } }`, problemID, after)
	p, _ := json.Marshal(map[string]any{"query": q})
	if err := c.WriteJSON(wsFrame{ID: "events", Type: "subscribe", Payload: p}); err != nil {
		return fail(err)
	}
	return c, nil
}

// eventStream is a problemEvents subscriber that behaves as a client
// should: when its socket drops or the server ends the stream, it
// reconnects and resumes after the last sequence number it saw.
type eventStream struct {
	base, problemID string

	mu         sync.Mutex
	got        []streamEvent
	reconnects int
	drops      []string
	changed    chan struct{}
}

func newEventStream(base, problemID string) *eventStream {
	return &eventStream{base: base, problemID: problemID, changed: make(chan struct{}, 1)}
}

// run streams from after until ctx ends.
func (s *eventStream) run(ctx context.Context, after int64, ready chan<- error) {
	last := after
	first := true
	for ctx.Err() == nil {
		c, err := dialProblemEvents(ctx, s.base, s.problemID, last)
		if first {
			ready <- err
			first = false
			if err != nil {
				return
			}
		} else if err != nil {
			s.note("redial: " + err.Error())
			select {
			case <-ctx.Done():
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		stop := context.AfterFunc(ctx, func() { c.Close() })
		why := s.read(c, &last)
		stop()
		c.Close()
		if ctx.Err() == nil {
			s.note(why)
			s.mu.Lock()
			s.reconnects++
			s.mu.Unlock()
		}
	}
}

// read records events from c until the stream ends, and says why it ended.
func (s *eventStream) read(c *websocket.Conn, last *int64) string {
	for {
		var m wsFrame
		if err := c.ReadJSON(&m); err != nil {
			return "read: " + err.Error()
		}
		switch m.Type {
		case "next":
			var p struct {
				Data struct {
					ProblemEvents streamEvent `json:"problemEvents"`
				} `json:"data"`
				Errors json.RawMessage `json:"errors"`
			}
			if err := json.Unmarshal(m.Payload, &p); err != nil || len(p.Errors) > 0 {
				return fmt.Sprintf("bad next payload %s: %v", m.Payload, err)
			}
			ev := p.Data.ProblemEvents
			s.mu.Lock()
			s.got = append(s.got, ev)
			s.mu.Unlock()
			*last = ev.Seq
			select {
			case s.changed <- struct{}{}:
			default:
			}
		case "ping":
			_ = c.WriteJSON(wsFrame{Type: "pong"})
		case "complete", "error":
			return fmt.Sprintf("server sent %s %s", m.Type, m.Payload)
		}
	}
}

func (s *eventStream) note(why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drops = append(s.drops, why)
}

func (s *eventStream) events() []streamEvent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]streamEvent(nil), s.got...)
}

// waitFor waits until the stream holds n events, or d passes.
func (s *eventStream) waitFor(n int, d time.Duration) bool {
	timeout := time.After(d)
	for {
		s.mu.Lock()
		have := len(s.got)
		s.mu.Unlock()
		if have >= n {
			return true
		}
		select {
		case <-s.changed:
		case <-timeout:
			return false
		}
	}
}

// startStream subscribes to problemID on base from after, for the rest of
// the test.
func startStream(t *testing.T, base, problemID string, after int64) *eventStream {
	t.Helper()
	s := newEventStream(base, problemID)
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan error, 1)
	done := make(chan struct{})
	go func() { defer close(done); s.run(ctx, after, ready) }()
	t.Cleanup(func() { cancel(); <-done })
	if err := <-ready; err != nil {
		t.Fatalf("subscribe to %s on %s: %v", problemID, base, err)
	}
	return s
}

// publicEvents is what the database holds for problemID after seq after:
// the stream a subscriber must see.
func publicEvents(t *testing.T, c *ent.Client, problemID string, after int64) []streamEvent {
	t.Helper()
	evs, err := c.Event.Query().Where(event.Subject(problemID), event.Public(true), event.SeqGT(after)).
		Order(ent.Asc(event.FieldSeq)).All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := make([]streamEvent, len(evs))
	for i, ev := range evs {
		out[i] = streamEvent{Seq: ev.Seq, Kind: ev.Kind}
	}
	return out
}

func headSeq(t *testing.T, d *db.DB) int64 {
	t.Helper()
	head, err := live.Head(context.Background(), d.Ent())
	if err != nil {
		t.Fatal(err)
	}
	return head
}

// socketPorts returns the local TCP ports of the sockets process pid has
// open, read from /proc (Linux).
func socketPorts(pid int) (map[int]bool, error) {
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return nil, err
	}
	inodes := map[string]bool{}
	for _, fd := range fds {
		l, err := os.Readlink(filepath.Join(fmt.Sprintf("/proc/%d/fd", pid), fd.Name()))
		if err == nil && strings.HasPrefix(l, "socket:[") {
			inodes[strings.TrimSuffix(strings.TrimPrefix(l, "socket:["), "]")] = true
		}
	}
	ports := map[int]bool{}
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(table)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) < 10 || !inodes[fs[9]] {
				continue
			}
			_, hexPort, _ := strings.Cut(fs[1], ":")
			if p, err := strconv.ParseInt(hexPort, 16, 32); err == nil {
				ports[int(p)] = true
			}
		}
		f.Close()
	}
	return ports, nil
}

// listenBackends finds the PostgreSQL backends holding the LISTEN
// connection of the server process pid.
func listenBackends(d *db.DB, pid int) ([]int, error) {
	ports, err := socketPorts(pid)
	if err != nil {
		return nil, fmt.Errorf("sockets of pid %d: %w", pid, err)
	}
	rows, err := d.Query(`SELECT pid, coalesce(client_port, -1) FROM pg_stat_activity
		WHERE datname = current_database() AND query ILIKE 'LISTEN%'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var pids []int
	for rows.Next() {
		var backend, port int
		if err := rows.Scan(&backend, &port); err != nil {
			return nil, err
		}
		if ports[port] {
			pids = append(pids, backend)
		}
	}
	return pids, rows.Err()
}

// waitListening waits until the server process pid holds a LISTEN
// connection other than the backends in not, and returns its backends.
func waitListening(t *testing.T, d *db.DB, pid int, not []int) []int {
	t.Helper()
	for end := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		pids, err := listenBackends(d, pid)
		if err != nil {
			t.Fatal(err)
		}
		if len(pids) > 0 && !cmp.Equal(pids, not) {
			return pids
		}
		if time.Now().After(end) {
			t.Fatalf("process %d holds no LISTEN connection (other than %v) after 15s", pid, not)
		}
	}
}

// TestTwoInstances runs two `theoremdb serve` processes on one PostgreSQL
// database: events written through A (or by any other writer) reach
// subscribers on B through LISTEN/NOTIFY, and a subscriber on B misses
// nothing and sees nothing twice when B's listener connection is killed
// under load.
func TestTwoInstances(t *testing.T) {
	url := dbtest.URL(t, "postgres")
	env := []string{"DATABASE_URL=" + url}
	mustCLI(t, env, "migrate")
	ctx := context.Background()
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	svc := policy.New(d, policy.Config{})

	author, err := svc.CreateAccount(ctx, "author", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var problems []string
	for i := range 2 {
		p, err := svc.Submit(ctx, author, benchInput(i))
		if err != nil {
			t.Fatal(err)
		}
		problems = append(problems, p.ID)
	}
	a := serve(t, env)
	b := serve(t, env, "--no-workers")
	waitListening(t, d, b.cmd.Process.Pid, nil)

	t.Run("FlagReachesOtherInstance", func(t *testing.T) {
		flagger, err := svc.CreateAccount(ctx, "first-flagger", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		tok, err := svc.CreateToken(ctx, flagger, "e2e")
		if err != nil {
			t.Fatal(err)
		}
		after := headSeq(t, d)
		s := startStream(t, b.URL, problems[0], after)
		start := time.Now()
		if ue := flagThrough(t, a, tok, problems[0], "The statement is known to be equivalent to an open case."); ue != "" {
			t.Fatalf("flag through A: %s", ue)
		}
		if !s.waitFor(2, 5*time.Second) {
			t.Fatalf("B's subscriber got %v within 5s of the flag through A; want case.opened and flag.raised", s.events())
		}
		took := time.Since(start)
		want := []streamEvent{{Kind: policy.KindCaseOpened}, {Kind: policy.KindFlagRaised}}
		if diff := cmp.Diff(want, s.events(), cmp.Comparer(func(x, y streamEvent) bool { return x.Kind == y.Kind })); diff != "" {
			t.Errorf("B's subscriber (-want +got):\n%s", diff)
		}
		t.Logf("a flag raised through A reached the subscriber on B in %v", took)
		if took > time.Second {
			t.Errorf("the flag took %v to reach B; want under 1s (LISTEN/NOTIFY, not the %v poll)", took, 2*time.Second)
		}
	})

	t.Run("ListenerKilledUnderLoad", func(t *testing.T) {
		problemID := problems[1]
		tokens := makeFlaggers(t, svc, loadFlags)
		after := headSeq(t, d)
		s := startStream(t, b.URL, problemID, after)

		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadWriters}, Timeout: 30 * time.Second}
		var raised atomic.Int64
		killed := make(chan []int, 1)
		killErr := make(chan error, 1)
		go func() {
			for raised.Load() < killAfter {
				time.Sleep(5 * time.Millisecond)
			}
			pids, err := listenBackends(d, b.cmd.Process.Pid)
			var terminated []int
			for _, pid := range pids {
				var ok bool
				if err = d.QueryRow(`SELECT pg_terminate_backend($1)`, pid).Scan(&ok); err != nil {
					break
				}
				if ok {
					terminated = append(terminated, pid)
				}
			}
			killErr <- err
			killed <- terminated
		}()

		start := time.Now()
		jobs := make(chan string)
		errs := make(chan string, loadFlags)
		var wg sync.WaitGroup
		for range loadWriters {
			wg.Go(func() {
				for tok := range jobs {
					if msg := flagOver(client, a.URL, tok, problemID); msg != "" {
						errs <- msg
					}
					raised.Add(1)
				}
			})
		}
		for _, tok := range tokens {
			jobs <- tok
		}
		close(jobs)
		wg.Wait()
		close(errs)
		wrote := time.Since(start)
		for msg := range errs {
			t.Fatalf("a writer's flag failed: %s", msg)
		}
		if err := <-killErr; err != nil {
			t.Fatalf("terminate B's listener: %v", err)
		}
		terminated := <-killed
		if len(terminated) == 0 {
			t.Fatal("found no LISTEN connection of B to terminate")
		}

		want := publicEvents(t, d.Ent(), problemID, after)
		flags := 0
		for _, ev := range want {
			if ev.Kind == policy.KindFlagRaised {
				flags++
			}
		}
		if flags != loadFlags {
			t.Fatalf("the database holds %d flag.raised events on %s; want %d", flags, problemID, loadFlags)
		}
		if !s.waitFor(len(want), 30*time.Second) {
			t.Errorf("B's subscriber has %d of %d events 30s after the writers finished", len(s.events()), len(want))
		}
		delivered := time.Since(start)
		got := s.events()
		seen := map[int64]bool{}
		for i, ev := range got {
			if seen[ev.Seq] {
				t.Errorf("event %d delivered twice", ev.Seq)
			}
			seen[ev.Seq] = true
			if i > 0 && ev.Seq <= got[i-1].Seq {
				t.Errorf("event %d delivered after %d", ev.Seq, got[i-1].Seq)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("B's subscriber, against the problem's events in the database (-want +got):\n%s", diff)
		}
		waitListening(t, d, b.cmd.Process.Pid, terminated) // B listens again on a new connection
		if !strings.Contains(b.Logs(), "listener reconnected") {
			t.Errorf("B did not log a listener reconnect after pg_terminate_backend(%v)", terminated)
		}
		s.mu.Lock()
		t.Logf("%d flags by %d writers through A in %v; B's subscriber had all %d events (%d flag.raised) %v after the first write; "+
			"terminated B's LISTEN backend %v after %d flags; subscriber reconnects: %d %v",
			loadFlags, loadWriters, wrote, len(want), flags, delivered, terminated, killAfter, s.reconnects, s.drops)
		s.mu.Unlock()
	})
}

// makeFlaggers creates n member accounts with a token each, directly in
// the database (the command line would take minutes), on a few
// connections at once.
func makeFlaggers(t *testing.T, svc *policy.Service, n int) []string {
	t.Helper()
	ctx := context.Background()
	tokens := make([]string, n)
	var wg sync.WaitGroup
	var failed atomic.Value
	for w := range 8 {
		wg.Go(func() {
			for i := w; i < n; i += 8 {
				acc, err := svc.CreateAccount(ctx, fmt.Sprintf("flagger%04d", i), "", nil)
				if err == nil {
					tokens[i], err = svc.CreateToken(ctx, acc, "e2e")
				}
				if err != nil {
					failed.Store(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		t.Fatalf("create flaggers: %v", err)
	}
	return tokens
}

// flagOver raises one flag through base and returns a description of what
// went wrong, or "".
func flagOver(c *http.Client, base, token, problemID string) string {
	body, _ := json.Marshal(map[string]any{"query": flagMutation, "variables": map[string]any{
		"id": problemID, "e": "The statement misreads the source; see section 2."}})
	req, _ := http.NewRequest(http.MethodPost, base+"/graphql", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := c.Do(req)
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	var r gqlResult
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return fmt.Sprintf("status %d: %v", resp.StatusCode, err)
	}
	if len(r.Errors) > 0 {
		return fmt.Sprint(r.Errors)
	}
	if ues, _ := path(r.Data, "flagProblem", "userErrors").([]any); len(ues) > 0 {
		return fmt.Sprint(ues)
	}
	return ""
}
