package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/api/apitest"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// liveAPI is the API with a broker fed by the policy service.
func liveAPI(t *testing.T, dialectName string, opts ...option) *endpoint {
	t.Helper()
	d := dbtest.Open(t, dialectName)
	b := live.New(d.Ent(), quiet)
	svc := policy.New(d, policy.Config{}, policy.WithNotifier(b))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = b.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done }) // after the server closes
	srv, h := serve(t, svc, b, quiet, opts...)
	a := &endpoint{t: t, srv: srv, h: h, svc: svc, live: b}
	a.member = a.token("ada")
	a.review = a.token("mo", role.Moderator)
	return a
}

type wsMsg struct {
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// dial opens a websocket with a sub-protocol and sends connection_init.
func (a *endpoint) dial(protocol, token string, header http.Header) (*websocket.Conn, *http.Response, error) {
	u := "ws" + strings.TrimPrefix(a.srv.URL, "http") + "/graphql"
	d := websocket.Dialer{Subprotocols: []string{protocol}, HandshakeTimeout: 5 * time.Second}
	c, resp, err := d.Dial(u, header)
	if err != nil {
		return nil, resp, err
	}
	init := map[string]any{}
	if token != "" {
		init["authorization"] = "Bearer " + token
	}
	p, _ := json.Marshal(init)
	if err := c.WriteJSON(wsMsg{Type: "connection_init", Payload: p}); err != nil {
		return nil, resp, err
	}
	return c, resp, nil
}

// next reads messages until one of a wanted type arrives.
func next(t *testing.T, c *websocket.Conn, timeout time.Duration, types ...string) wsMsg {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(timeout))
	for {
		var m wsMsg
		if err := c.ReadJSON(&m); err != nil {
			t.Fatalf("waiting for %v: %v", types, err)
		}
		for _, want := range types {
			if m.Type == want {
				return m
			}
		}
		if m.Type == "error" || m.Type == "connection_error" {
			t.Logf("%s: %s", m.Type, m.Payload)
		}
	}
}

func subscribe(t *testing.T, c *websocket.Conn, protocol, id, query string) {
	t.Helper()
	typ := "subscribe"
	if protocol == "graphql-ws" {
		typ = "start"
	}
	p, _ := json.Marshal(map[string]any{"query": query})
	if err := c.WriteJSON(wsMsg{ID: id, Type: typ, Payload: p}); err != nil {
		t.Fatal(err)
	}
}

func TestModerationQueueSubscription(t *testing.T) {
	for _, proto := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(proto, func(t *testing.T) {
			a := liveAPI(t, "sqlite3")
			a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
			c, _, err := a.dial(proto, a.review, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			next(t, c, 5*time.Second, "connection_ack")
			subscribe(t, c, proto, "q", `subscription { moderationQueue { kind case { id problem { id } } } }`)
			a.waitSubscribers(1)

			start := time.Now()
			r := a.do(a.member, `mutation { flagProblem(input: {problemId: "TDB-1", reason: KNOWN_ANSWER, explanation: "Settled in a 2025 preprint; see arXiv."}) { flag { id } case { id } userErrors { message } } }`, nil, nil)
			if len(r.Errors) > 0 {
				t.Fatalf("flagProblem: %+v", r.Errors)
			}
			dataType := "next"
			if proto == "graphql-ws" {
				dataType = "data"
			}
			var kinds []string
			for len(kinds) < 2 {
				m := next(t, c, time.Second, dataType)
				var p struct {
					Data struct {
						ModerationQueue struct {
							Kind string
							Case struct{ Problem struct{ ID string } }
						}
					}
				}
				if err := json.Unmarshal(m.Payload, &p); err != nil {
					t.Fatal(err)
				}
				if got := p.Data.ModerationQueue.Case.Problem.ID; got != "TDB-1" {
					t.Errorf("update about %q; want TDB-1", got)
				}
				kinds = append(kinds, p.Data.ModerationQueue.Kind)
			}
			if kinds[0] != "CASE_OPENED" || kinds[1] != "FLAG_ADDED" {
				t.Errorf("updates = %v; want CASE_OPENED, FLAG_ADDED", kinds)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("the flag took %v to arrive; want under 1s", d)
			}
		})
	}
}

// TestModerationQueueResumesAfter: a subscriber that read the queue at event N and subscribes
// with after: N is sent every change since, in order, however late it subscribes; a
// negative after is refused as bad input.
func TestModerationQueueResumesAfter(t *testing.T) {
	a := liveAPI(t, "sqlite3")
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	if r := a.do(a.member, `mutation { flagProblem(input: {problemId: "TDB-1", reason: KNOWN_ANSWER, explanation: "Settled in a 2025 preprint; see arXiv."}) { flag { id } } }`, nil, nil); len(r.Errors) > 0 {
		t.Fatalf("flagProblem: %+v", r.Errors)
	}
	type update struct {
		Kind  string
		Event struct{ Seq int }
	}
	// updates subscribes after seq and reads n updates.
	updates := func(after, n int) []update {
		c, _, err := a.dial("graphql-transport-ws", a.review, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		next(t, c, 5*time.Second, "connection_ack")
		subscribe(t, c, "graphql-transport-ws", "q", fmt.Sprintf(`subscription { moderationQueue(after: %d) { kind event { seq } } }`, after))
		var got []update
		for len(got) < n {
			m := next(t, c, 5*time.Second, "next")
			var p struct {
				Data struct{ ModerationQueue update }
			}
			if err := json.Unmarshal(m.Payload, &p); err != nil {
				t.Fatal(err)
			}
			got = append(got, p.Data.ModerationQueue)
		}
		return got
	}
	all := updates(0, 2)
	if all[0].Kind != "CASE_OPENED" || all[1].Kind != "FLAG_ADDED" || all[0].Event.Seq >= all[1].Event.Seq {
		t.Fatalf("after: 0 sent %+v; want CASE_OPENED then FLAG_ADDED, in sequence order", all)
	}
	if rest := updates(all[0].Event.Seq, 1); rest[0] != all[1] {
		t.Errorf("after: %d sent %+v first; want %+v", all[0].Event.Seq, rest[0], all[1])
	}

	c, _, err := a.dial("graphql-transport-ws", a.review, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	next(t, c, 5*time.Second, "connection_ack")
	subscribe(t, c, "graphql-transport-ws", "q", `subscription { moderationQueue(after: -1) { kind } }`)
	m := next(t, c, 5*time.Second, "error", "next")
	if !strings.Contains(string(m.Payload), `"code":"BAD_USER_INPUT"`) || strings.Contains(string(m.Payload), `"kind"`) {
		t.Errorf("after: -1 answered %s %s; want errors with code BAD_USER_INPUT and no update", m.Type, m.Payload)
	}
}

func TestSubscriptionRefusals(t *testing.T) {
	a := liveAPI(t, "sqlite3")
	// A cross-origin upgrade is refused outright.
	_, resp, err := a.dial("graphql-transport-ws", "", http.Header{"Origin": {"https://evil.example"}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-origin upgrade: %v, %v; want 403", err, resp)
	}
	for _, tc := range []struct {
		name, token string
		code        int
	}{{"anonymous", "", 4401}, {"member", a.member, 4403}} {
		c, _, err := a.dial("graphql-transport-ws", tc.token, nil)
		if err != nil {
			t.Fatal(err)
		}
		next(t, c, 5*time.Second, "connection_ack")
		subscribe(t, c, "graphql-transport-ws", "q", `subscription { moderationQueue { kind } }`)
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		var closeErr *websocket.CloseError
		for {
			var m wsMsg
			if err := c.ReadJSON(&m); err != nil {
				if !errors.As(err, &closeErr) {
					t.Fatalf("%s: %v; want a close frame", tc.name, err)
				}
				break
			}
		}
		if closeErr.Code != tc.code {
			t.Errorf("%s moderationQueue closed with %d; want %d", tc.name, closeErr.Code, tc.code)
		}
		c.Close()
	}
	// A bad bearer token is refused at connection_init.
	c, _, err := a.dial("graphql-transport-ws", "tdb_forged", nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		var m wsMsg
		if err := c.ReadJSON(&m); err != nil {
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != 4401 {
				t.Errorf("forged token: %v; want close 4401", err)
			}
			break
		}
		if m.Type == "connection_ack" {
			t.Fatal("a forged token was acknowledged")
		}
	}
}

// TestProblemEventsResume: a subscriber that resumes from a sequence number
// gets exactly the events after it, then live ones, in order.
func TestProblemEventsResume(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		a := liveAPI(t, dialectName)
		a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
		var after int
		for i := range 3 {
			r := a.do(a.member, `mutation($e: String!) { flagProblem(input: {problemId: "TDB-1", reason: OTHER, explanation: $e}) { flag { id } userErrors { message } } }`,
				map[string]any{"e": strings.Repeat("x", 12+i)}, nil)
			if i == 0 {
				var out struct {
					Problem struct{ Events []struct{ Seq int } }
				}
				a.do("", `{ problem(id: "TDB-1") { events { seq } } }`, nil, &out)
				after = out.Problem.Events[0].Seq // the submission event
			}
			_ = r
			a.member = a.token("flagger" + string(rune('a'+i))) // one open flag per account
		}
		c, _, err := a.dial("graphql-transport-ws", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		next(t, c, 5*time.Second, "connection_ack")
		q := `subscription { problemEvents(id: "TDB-1", after: ` + itoa(after) + `) { seq kind } }`
		subscribe(t, c, "graphql-transport-ws", "e", q)
		var seqs []int
		read := func(n int) {
			for range n {
				m := next(t, c, 5*time.Second, "next")
				var p struct {
					Data struct{ ProblemEvents struct{ Seq int } }
				}
				_ = json.Unmarshal(m.Payload, &p)
				seqs = append(seqs, p.Data.ProblemEvents.Seq)
			}
		}
		read(4) // case opened + three flags, replayed
		r := a.do(a.member, `mutation { flagProblem(input: {problemId: "TDB-1", reason: ABUSE, explanation: "Spam in the statement text."}) { flag { id } } }`, nil, nil)
		if len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
		read(2) // a new case and its flag, live
		for i := 1; i < len(seqs); i++ {
			if seqs[i] <= seqs[i-1] || seqs[0] <= after {
				t.Fatalf("sequence numbers %v after %d: want increasing, all after %d", seqs, after, after)
			}
		}
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

// waitSubscribers waits until the broker holds n subscriptions, so a test
// raises its event only once the subscriber can see it.
func (a *endpoint) waitSubscribers(n int) {
	a.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for a.live.Subscribers() < n {
		if time.Now().After(deadline) {
			a.t.Fatalf("%d subscriptions registered after 10s; want %d", a.live.Subscribers(), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
