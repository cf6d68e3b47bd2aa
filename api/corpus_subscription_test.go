package api_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

// changeRequestEvents sends a request as it stands, then again when a
// revision changes its state and gate results, over a real websocket, and
// ends once the request has merged.
func TestChangeRequestEventsSubscription(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		a := liveAPI(t, dialectName)
		open := `mutation($b: String!) { openChangeRequest(input: {nodes: [{kind: THEOREM, label: "twin", title: "Twin primes", body: $b}]}) {
			changeRequest { id state } userErrors { message } } }`
		var opened struct {
			OpenChangeRequest struct{ ChangeRequest struct{ ID, State string } }
		}
		a.do(a.member, open, map[string]any{"b": "There is a prime $p > N$ with $p + 2$ prime."}, &opened)
		id := opened.OpenChangeRequest.ChangeRequest.ID
		if id == "" || opened.OpenChangeRequest.ChangeRequest.State != "FAILED" {
			t.Fatalf("opened %+v; want a FAILED request", opened)
		}
		c, _, err := a.dial("graphql-transport-ws", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		next(t, c, 5*time.Second, "connection_ack")
		subscribe(t, c, "graphql-transport-ws", "cr",
			`subscription { changeRequestEvents(id: "`+id+`") { id state gates { gate outcome findings { check verdict span { field quote } } } } }`)
		type gate struct {
			Gate, Outcome string
			Findings      []struct{ Check, Verdict string }
		}
		read := func() (string, []gate) {
			m := next(t, c, 10*time.Second, "next")
			var p struct {
				Data struct {
					ChangeRequestEvents struct {
						ID, State string
						Gates     []gate
					}
				}
			}
			if err := json.Unmarshal(m.Payload, &p); err != nil {
				t.Fatal(err)
			}
			return p.Data.ChangeRequestEvents.State, p.Data.ChangeRequestEvents.Gates
		}
		state, gs := read()
		if state != "FAILED" || len(gs) == 0 || gs[len(gs)-1].Gate != "STATEMENT_CHECKS" || gs[len(gs)-1].Outcome != "FAIL" {
			t.Fatalf("first value: %s %+v; want FAILED at the statement checks", state, gs)
		}
		a.waitSubscribers(1)
		revise := `mutation($id: ID!, $b: String!) { reviseChangeRequest(id: $id, input: {nodes: [{kind: THEOREM, label: "twin", title: "Twin primes", body: $b}]}) {
			changeRequest { state } userErrors { message } } }`
		if r := a.do(a.member, revise, map[string]any{"id": id, "b": "For every integer $N \\ge 1$ there is a prime $p > N$."}, nil); len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
		var states []string
		for state != "MERGED" {
			state, gs = read()
			states = append(states, state)
			if len(states) > 3 {
				t.Fatalf("states %v; want MERGED after the revision", states)
			}
		}
		for _, g := range gs {
			if g.Outcome == "FAIL" {
				t.Errorf("merged with a failed gate: %+v", gs)
			}
		}
		if m := next(t, c, 5*time.Second, "complete"); m.ID != "cr" {
			t.Errorf("complete for %q; want the stream ended once merged", m.ID)
		}
	})
}
