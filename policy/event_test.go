package policy_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/policy"
)

func TestVerifyLogCatchesTampering(t *testing.T) {
	tamper := []struct {
		name    string
		sql     func(d string) string
		wantSeq int64
	}{
		{"edited payload", func(string) string { return `UPDATE events SET payload = '{"title":"forged"}' WHERE seq = 5` }, 5},
		{"edited actor", func(string) string { return `UPDATE events SET actor = 'acc_mallory' WHERE seq = 6` }, 6},
		{"deleted event", func(string) string { return `DELETE FROM events WHERE seq = 4` }, 4},
		{"deleted last event", func(string) string { return `DELETE FROM events WHERE seq = 7` }, 7},
		{"reordered events", func(string) string {
			// Swap the sequence numbers of 5 and 6, through negatives so the
			// unique index allows it.
			return `UPDATE events SET seq = -seq WHERE seq IN (5, 6);
				UPDATE events SET seq = CASE seq WHEN -5 THEN 6 ELSE 5 END WHERE seq IN (-5, -6)`
		}, 5},
		{"rehashed edit", func(string) string {
			// An attacker who recomputes the edited event's own hash still
			// breaks the link to the next event.
			return `UPDATE events SET kind = 'problem.forged' WHERE seq = 5`
		}, 6},
	}
	dbtest.Each(t, func(t *testing.T, d string) {
		for _, tt := range tamper {
			t.Run(tt.name, func(t *testing.T) {
				ctx := context.Background()
				f := newFixture(t, d) // 3 account events
				for range 4 {
					f.submit(t, f.member) // events 4..7
				}
				if n, err := f.svc.VerifyLog(ctx); err != nil || n != 7 {
					t.Fatalf("VerifyLog() before tampering = %d, %v; want 7, nil", n, err)
				}
				if _, err := f.db.ExecContext(ctx, tt.sql(d)); err != nil {
					t.Fatalf("tamper: %v", err)
				}
				if tt.name == "rehashed edit" {
					rehash(t, f.svc.Client(), 5)
				}
				_, err := f.svc.VerifyLog(ctx)
				var ce *policy.ChainError
				if !errors.As(err, &ce) || ce.Seq != tt.wantSeq {
					t.Fatalf("VerifyLog() = %v; want a ChainError at seq %d", err, tt.wantSeq)
				}
			})
		}
	})
}

// rehash recomputes the stored hash of one event from its (edited) content.
func rehash(t *testing.T, c *ent.Client, seq int64) {
	t.Helper()
	ctx := context.Background()
	ev, err := c.Event.Query().Where(event.Seq(seq)).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	h := policy.ChainHash(policy.ChainLink{Seq: ev.Seq, At: ev.At, Actor: ev.Actor, Authority: ev.Authority,
		Kind: ev.Kind, Subject: ev.Subject, Payload: ev.Payload, PrevHash: ev.PrevHash})
	if _, err := c.ExecContext(ctx, fmt.Sprintf(`UPDATE events SET hash = '%s' WHERE seq = %d`, h, seq)); err != nil {
		t.Fatal(err)
	}
}

func TestConcurrentSubmissionsNeverForkTheChain(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		const writers, each = 8, 5
		accounts := make([]*ent.Account, writers)
		for i := range writers {
			accounts[i] = f.account(t, fmt.Sprintf("writer%d", i))
		}
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			ids  []int
			errs []error
		)
		for i := range writers {
			wg.Go(func() {
				for range each {
					p, err := f.svc.Submit(ctx, accounts[i], validInput())
					mu.Lock()
					if err != nil {
						errs = append(errs, err)
					} else {
						ids = append(ids, p.Number)
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(errs) > 0 {
			t.Fatalf("concurrent Submit() errors: %v", errs)
		}
		sort.Ints(ids)
		for i, n := range ids {
			if n != i+1 {
				t.Fatalf("problem numbers = %v; want 1..%d without gaps or repeats", ids, writers*each)
			}
		}
		n, err := f.svc.VerifyLog(ctx)
		if err != nil {
			t.Fatalf("VerifyLog() = %v", err)
		}
		if want := int64(3 + writers + writers*each); n != want {
			t.Errorf("events = %d; want %d", n, want)
		}
	})
}
