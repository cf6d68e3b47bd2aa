package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/api/apitest"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

var flaggers atomic.Int64

// flagOnce raises one flag on problemID by a new account (an account has
// one open flag per problem), with an explanation of n characters.
func (a *endpoint) flagOnce(problemID string, n int) {
	a.t.Helper()
	ctx := context.Background()
	acc, err := a.svc.CreateAccount(ctx, fmt.Sprintf("flagger%d", flaggers.Add(1)), "", nil)
	if err != nil {
		a.t.Fatal(err)
	}
	if _, err := a.svc.FlagProblem(ctx, acc, policy.FlagInput{ProblemID: problemID, Reason: flag.ReasonOTHER,
		Explanation: strings.Repeat("The statement is ambiguous. ", n/28+1)[:n]}); err != nil {
		a.t.Fatal(err)
	}
}

// head is the newest event's sequence number, as a problem's events say.
func (a *endpoint) head(problemID string) int {
	a.t.Helper()
	var out struct {
		Problem struct{ Events []struct{ Seq int } }
	}
	a.do("", `{ problem(id: "`+problemID+`") { events { seq } } }`, nil, &out)
	last := 0
	for _, e := range out.Problem.Events {
		last = max(last, e.Seq)
	}
	return last
}

// sub is one subscription on its own socket.
type sub struct {
	t        *testing.T
	c        *websocket.Conn
	protocol string
	id       string
}

func (a *endpoint) open(t *testing.T, protocol, token, id, query string) *sub {
	t.Helper()
	c, _, err := a.dial(protocol, token, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	next(t, c, 5*time.Second, "connection_ack")
	subscribe(t, c, protocol, id, query)
	return &sub{t: t, c: c, protocol: protocol, id: id}
}

// payloads reads n next (data) messages and returns their payloads.
func (s *sub) payloads(n int) []string {
	s.t.Helper()
	typ := "next"
	if s.protocol == "graphql-ws" {
		typ = "data"
	}
	var out []string
	for range n {
		m := next(s.t, s.c, 5*time.Second, typ, "complete", "error")
		if m.Type != typ {
			s.t.Fatalf("subscription %s: %s %s; want %s", s.id, m.Type, m.Payload, typ)
		}
		if m.ID != s.id {
			s.t.Fatalf("a message for %q on the socket of %q", m.ID, s.id)
		}
		out = append(out, string(m.Payload))
	}
	return out
}

func seqsOf(t *testing.T, payloads []string) []int {
	t.Helper()
	var seqs []int
	for _, p := range payloads {
		var r struct {
			Data struct{ ProblemEvents struct{ Seq int } }
		}
		if err := json.Unmarshal([]byte(p), &r); err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, r.Data.ProblemEvents.Seq)
	}
	return seqs
}

func (a *endpoint) waitStreams(n int) {
	a.t.Helper()
	for end := time.Now().Add(10 * time.Second); a.live.Streams() != n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			a.t.Fatalf("%d broker subscriptions after 10 s; want %d", a.live.Streams(), n)
		}
	}
}

// TestSharedSubscriptionsSameAnswers: identical subscriptions share one
// execution, in either protocol and under any id, and each gets what a
// subscription of its own gets; another selection, other variables or
// another viewer has an execution of its own.
func TestSharedSubscriptionsSameAnswers(t *testing.T) {
	a := liveAPI(t, "sqlite3")
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Odd integers", 1), nil)
	after := max(a.head("TDB-1"), a.head("TDB-2"))
	q := fmt.Sprintf(`subscription { problemEvents(id: "TDB-1", after: %d) { seq kind payload } }`, after)
	var shared []*sub
	for i := range 4 {
		shared = append(shared, a.open(t, "graphql-transport-ws", "", fmt.Sprint("s", i%2), q))
	}
	shared = append(shared, a.open(t, "graphql-ws", "", "legacy", q))
	a.waitSubscribers(5)
	a.waitStreams(1)
	other := []*sub{
		a.open(t, "graphql-transport-ws", "", "seq", fmt.Sprintf(`subscription { problemEvents(id: "TDB-1", after: %d) { seq } }`, after)),
		a.open(t, "graphql-transport-ws", a.member, "member", q),
	}
	vars, _ := json.Marshal(map[string]any{"query": `subscription($id: String!, $after: Int) { problemEvents(id: $id, after: $after) { seq kind payload } }`,
		"variables": map[string]any{"id": "TDB-1", "after": after}})
	for i, id := range []string{"TDB-1", "TDB-2"} {
		c, _, err := a.dial("graphql-transport-ws", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		next(t, c, 5*time.Second, "connection_ack")
		p := strings.Replace(string(vars), `"TDB-1"`, fmt.Sprintf("%q", id), 1)
		if err := c.WriteJSON(wsMsg{ID: fmt.Sprint("v", i), Type: "subscribe", Payload: json.RawMessage(p)}); err != nil {
			t.Fatal(err)
		}
		other = append(other, &sub{t: t, c: c, protocol: "graphql-transport-ws", id: fmt.Sprint("v", i)})
	}
	a.waitSubscribers(9)
	a.waitStreams(5) // the shared one, { seq }, the member's, $id TDB-1 and TDB-2

	a.flagOnce("TDB-1", 40)
	a.flagOnce("TDB-1", 50)
	want := shared[0].payloads(3) // case.opened and two flags
	for _, s := range shared[1:] {
		if diff := cmp.Diff(want, s.payloads(3)); diff != "" {
			t.Errorf("subscriber %s (%s), against a sharing one (-want +got):\n%s", s.id, s.protocol, diff)
		}
	}
	// The others see the same events (their own selections of them).
	wantSeqs := seqsOf(t, want)
	for _, s := range other[:3] {
		if diff := cmp.Diff(wantSeqs, seqsOf(t, s.payloads(3))); diff != "" {
			t.Errorf("subscriber %s, events (-want +got):\n%s", s.id, diff)
		}
	}
	// A query on a socket of its own has the same answer, data for data.
	lone := a.open(t, "graphql-transport-ws", "", "lone", q)
	if diff := cmp.Diff(want, lone.payloads(3)); diff != "" {
		t.Errorf("a subscription started after the events, replayed (-want +got):\n%s", diff)
	}
	// TDB-2 had none of them.
	a.flagOnce("TDB-2", 40)
	got := other[3].payloads(2)
	for _, p := range got {
		if !strings.Contains(p, `"seq"`) {
			t.Errorf("TDB-2's subscriber: %s", p)
		}
	}
	if seqs := seqsOf(t, got); seqs[0] <= wantSeqs[len(wantSeqs)-1] {
		t.Errorf("TDB-2's subscriber got events %v, after TDB-1's %v", seqs, wantSeqs)
	}
}

// TestSharedSubscriptionsJoinLate: a subscriber without after: joins a
// running execution and gets only what comes after its start; one with
// after: does not join an execution that has sent anything, and gets its
// whole replay.
func TestSharedSubscriptionsJoinLate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		a := liveAPI(t, dialectName)
		a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
		liveQ := `subscription { problemEvents(id: "TDB-1") { seq kind } }`
		first := a.open(t, "graphql-transport-ws", "", "1", liveQ)
		a.waitSubscribers(1)
		a.flagOnce("TDB-1", 40)
		early := seqsOf(t, first.payloads(2))

		second := a.open(t, "graphql-transport-ws", "", "1", liveQ)
		a.waitSubscribers(2)
		a.waitStreams(1)
		a.flagOnce("TDB-1", 41)
		late := seqsOf(t, first.payloads(1))
		if diff := cmp.Diff(late, seqsOf(t, second.payloads(1))); diff != "" {
			t.Errorf("the late subscriber (-first +late):\n%s", diff)
		}
		if late[0] <= early[1] {
			t.Errorf("events %v after %v", late, early)
		}

		// after: a replay, then live events.
		fixedQ := fmt.Sprintf(`subscription { problemEvents(id: "TDB-1", after: %d) { seq kind } }`, early[0]-1)
		third := a.open(t, "graphql-transport-ws", "", "r", fixedQ)
		want := append(append([]int{}, early...), late...)
		if diff := cmp.Diff(want, seqsOf(t, third.payloads(3))); diff != "" {
			t.Errorf("a replay (-want +got):\n%s", diff)
		}
		fourth := a.open(t, "graphql-transport-ws", "", "r", fixedQ)
		if diff := cmp.Diff(want, seqsOf(t, fourth.payloads(3))); diff != "" {
			t.Errorf("the same replay, asked later (-want +got):\n%s", diff)
		}
		a.waitStreams(3)
		a.flagOnce("TDB-1", 42)
		ev := seqsOf(t, first.payloads(1))
		for _, s := range []*sub{second, third, fourth} {
			if diff := cmp.Diff(ev, seqsOf(t, s.payloads(1))); diff != "" {
				t.Errorf("subscriber %s, the next event (-want +got):\n%s", s.id, diff)
			}
		}
	})
}

// TestSharedSubscriptionsEndApart: a subscriber who stops, or closes its
// socket, leaves the others their stream; the last one ends the
// execution's broker subscription.
func TestSharedSubscriptionsEndApart(t *testing.T) {
	a := liveAPI(t, "sqlite3")
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	q := `subscription { problemEvents(id: "TDB-1") { seq kind } }`
	s1 := a.open(t, "graphql-transport-ws", "", "1", q)
	s2 := a.open(t, "graphql-transport-ws", "", "1", q)
	s3 := a.open(t, "graphql-ws", "", "1", q)
	a.waitSubscribers(3)
	a.waitStreams(1)
	if err := s1.c.WriteJSON(wsMsg{ID: "1", Type: "complete"}); err != nil {
		t.Fatal(err)
	}
	if m := next(t, s1.c, 5*time.Second, "complete", "next"); m.Type != "complete" || m.ID != "1" {
		t.Errorf("after complete: %s %s; want complete 1", m.Type, m.ID)
	}
	s3.c.Close()
	a.waitSubscribers(1)
	a.flagOnce("TDB-1", 40)
	s2.payloads(2)
	// s1's socket is still open, and says nothing more.
	_ = s1.c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	var m wsMsg
	if err := s1.c.ReadJSON(&m); err == nil {
		t.Errorf("the stopped subscription got %s %s", m.Type, m.Payload)
	} else if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
		t.Errorf("the stopped subscription's socket: %v", err)
	}
	if a.live.Streams() != 1 {
		t.Errorf("%d broker subscriptions; want 1", a.live.Streams())
	}
	if err := s2.c.WriteJSON(wsMsg{ID: "1", Type: "complete"}); err != nil {
		t.Fatal(err)
	}
	a.waitSubscribers(0)
	a.waitStreams(0)
}

// TestSharedModerationQueueByAccount: the moderation queue is shared by
// the connections of one moderator, not by two moderators.
func TestSharedModerationQueueByAccount(t *testing.T) {
	a := liveAPI(t, "sqlite3")
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	other := a.token("mia", role.Moderator)
	q := `subscription { moderationQueue { kind case { problem { id } } event { seq } } }`
	subs := []*sub{a.open(t, "graphql-transport-ws", a.review, "q", q), a.open(t, "graphql-transport-ws", a.review, "q", q),
		a.open(t, "graphql-transport-ws", other, "q", q)}
	a.waitSubscribers(3)
	a.waitStreams(2)
	a.flagOnce("TDB-1", 40)
	want := subs[0].payloads(2)
	for _, s := range subs[1:] {
		if diff := cmp.Diff(want, s.payloads(2)); diff != "" {
			t.Errorf("(-first +other):\n%s", diff)
		}
	}
}

// TestSlowSubscriberIsCut: a subscriber whose client does not read falls
// behind alone: the others of its execution get every event at once, and
// once more than the limit waits for it its stream ends with complete
// after some event, from which it resumes with none missed.
func TestSlowSubscriberIsCut(t *testing.T) {
	defer api.SetMemberBehind(4)()
	a := liveAPI(t, "sqlite3")
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	after := a.head("TDB-1")
	defer api.SetSocketSendBuffer(4096)() // the slow one's, and the fast one's: it reads
	q := fmt.Sprintf(`subscription { problemEvents(id: "TDB-1", after: %d) { seq kind payload } }`, after)
	fast := a.open(t, "graphql-transport-ws", "", "1", q)

	// The slow client's socket takes little before it stops the server.
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 5 * time.Second,
		NetDial: func(network, addr string) (net.Conn, error) {
			nd := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
				return rc.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048) })
			}}
			return nd.Dial(network, addr)
		}}
	slow, _, err := d.Dial("ws"+strings.TrimPrefix(a.srv.URL, "http")+"/graphql", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	if err := slow.WriteJSON(wsMsg{Type: "connection_init", Payload: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	next(t, slow, 5*time.Second, "connection_ack")
	subscribe(t, slow, "graphql-transport-ws", "1", q)
	a.waitSubscribers(2)
	a.waitStreams(1)

	// Flag until the slow one is cut; the fast one has every event
	// within a second of its flag.
	var all []string
	for i := 0; a.live.Subscribers() == 2; i++ {
		if i == 300 {
			t.Fatal("the slow subscriber was not cut after 300 flags")
		}
		a.flagOnce("TDB-1", 2000)
		n := 1
		if i == 0 {
			n = 2 // and the case it opened
		}
		start := time.Now()
		all = append(all, fast.payloads(n)...)
		if d := time.Since(start); d > time.Second {
			t.Errorf("flag %d reached the fast subscriber after %v", i, d)
		}
	}
	// The slow one reads what it was sent: a prefix of the stream, then
	// complete.
	var got []string
	_ = slow.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		var m wsMsg
		if err := slow.ReadJSON(&m); err != nil {
			t.Fatalf("the slow subscriber, after %d events: %v", len(got), err)
		}
		if m.Type == "complete" {
			break
		}
		if m.Type != "next" {
			t.Fatalf("the slow subscriber got %s %s", m.Type, m.Payload)
		}
		got = append(got, string(m.Payload))
	}
	t.Logf("cut after %d flags, with %d of %d events sent", len(all)-1, len(got), len(all))
	if len(got) == 0 || len(got) >= len(all) {
		t.Fatalf("the slow subscriber had %d of %d events before complete", len(got), len(all))
	}
	if diff := cmp.Diff(all[:len(got)], got); diff != "" {
		t.Fatalf("the slow subscriber's events, against the fast one's (-want +got):\n%s", diff)
	}
	// It resumes, on the same socket, after the last it had.
	last := seqsOf(t, got[len(got)-1:])[0]
	subscribe(t, slow, "graphql-transport-ws", "2", fmt.Sprintf(`subscription { problemEvents(id: "TDB-1", after: %d) { seq kind payload } }`, last))
	resumed := &sub{t: t, c: slow, protocol: "graphql-transport-ws", id: "2"}
	if diff := cmp.Diff(all[len(got):], resumed.payloads(len(all)-len(got))); diff != "" {
		t.Errorf("the resumed stream (-want +got):\n%s", diff)
	}
}

// TestQueryOverWebsocket: a query sent as a subscribe message is answered
// once and completed.
func TestQueryOverWebsocket(t *testing.T) {
	a := liveAPI(t, "sqlite3")
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	s := a.open(t, "graphql-transport-ws", "", "q", `{ problem(id: "TDB-1") { id title } }`)
	got := s.payloads(1)
	if want := `{"data":{"problem":{"id":"TDB-1","title":"Good integers"}}}`; got[0] != want {
		t.Errorf("answer %s; want %s", got[0], want)
	}
	if m := next(t, s.c, 5*time.Second, "complete", "next"); m.Type != "complete" {
		t.Errorf("then %s; want complete", m.Type)
	}
	if a.live.Streams() != 0 {
		t.Errorf("%d broker subscriptions; want 0", a.live.Streams())
	}
}
