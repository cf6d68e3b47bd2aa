package graph_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
)

// TestEventHashCheckableByAnyone: an anonymous caller, shown no account, recomputes every public
// event's hash of a problem from the fields GraphQL gives it (actorCommitment in the actor's place,
// as Event.actorCommitment's description says), and the commitments of two events by one account
// differ, so they cannot be matched with each other or with a list of accounts.
func TestEventHashCheckableByAnyone(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		ctx := context.Background()
		if _, err := a.svc.CreateAccount(ctx, "ada", "", nil); err != nil {
			t.Fatal(err)
		}
		rita, err := a.svc.CreateAccount(ctx, "rita", "", []role.Role{role.Reviewer})
		if err != nil {
			t.Fatal(err)
		}
		tok, err := a.svc.CreateToken(ctx, rita, "test")
		if err != nil {
			t.Fatal(err)
		}
		p := a.submit("ada", "Good integers")
		var dec decisionData
		if r := a.do(tok, recordDecision, map[string]any{"pid": p, "rev": a.revision(p), "key": "k1"}, &dec); dec.RecordDecision.Decision == nil {
			t.Fatalf("recordDecision: %s", r.Body)
		}
		var q struct {
			Problem struct {
				Events []struct {
					ID, Authority, Kind, Subject, Payload, PrevHash, Hash string
					Seq, HashVersion                                      int64
					At                                                    time.Time
					Actor, ActorCommitment                                *string
				}
			}
		}
		r := a.do("", `query($id: String!) { problem(id: $id) { events { id seq at authority kind subject payload prevHash hash hashVersion actor actorCommitment } } }`,
			map[string]any{"id": p}, &q)
		if len(r.Errors) > 0 || len(q.Problem.Events) < 2 {
			t.Fatalf("events: %s", r.Body)
		}
		seen := map[string]bool{}
		for _, ev := range q.Problem.Events {
			if ev.HashVersion < 3 || ev.ActorCommitment == nil || len(*ev.ActorCommitment) != 64 {
				t.Fatalf("event %d: hash version %d, commitment %v; want version 3 with a commitment", ev.Seq, ev.HashVersion, ev.ActorCommitment)
			}
			if seen[*ev.ActorCommitment] {
				t.Errorf("event %d repeats another event's actor commitment", ev.Seq)
			}
			seen[*ev.ActorCommitment] = true
			b, err := json.Marshal([]any{ev.HashVersion, ev.ID, ev.Seq, ev.At.UTC().Format("2006-01-02T15:04:05.000000Z"), *ev.ActorCommitment,
				ev.Authority, ev.Kind, ev.Subject, ev.Payload, true, ev.PrevHash})
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(b)
			if got := hex.EncodeToString(sum[:]); got != ev.Hash {
				t.Errorf("event %d (%s): hash from its GraphQL fields = %s; stored %s", ev.Seq, ev.Kind, got, ev.Hash)
			}
		}
	})
}
