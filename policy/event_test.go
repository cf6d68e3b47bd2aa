package policy_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/policy"
)

func TestVerifyLogCatchesTampering(t *testing.T) {
	t.Parallel()
	tamper := []struct {
		name    string
		sql     func(d string) string
		wantSeq int64
	}{
		{"edited payload", func(string) string { return `UPDATE events SET payload = '{"title":"forged"}' WHERE seq = 5` }, 5},
		{"edited actor", func(string) string { return `UPDATE events SET actor = 'acc_mallory' WHERE seq = 6` }, 6},
		{"deleted event", func(string) string { return `DELETE FROM events WHERE seq = 4` }, 4},
		{"deleted last event", func(string) string { return `DELETE FROM events WHERE seq = 7` }, 7},
		{"appended event", func(string) string {
			// A copy of the last event under a seq the counter never gave out.
			return `INSERT INTO events (id, seq, at, actor, authority, kind, subject, payload, prev_hash, hash, public, hash_version)
				SELECT 'ev_forged', 8, at, actor, authority, kind, subject, payload, hash, hash, public, hash_version FROM events WHERE seq = 7`
		}, 8},
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
		f, restore := tamperableLog(t, d)
		for _, tt := range tamper {
			t.Run(tt.name, func(t *testing.T) {
				defer restore(t)
				ctx := context.Background()
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

// tamperableLog is a fixture whose event log holds seven events that verify (three accounts'
// and four submissions'), and a restore that puts the log back as it was and verifies it
// again, so that the tampering cases of a test share one database, each starting from the
// untouched log.
func tamperableLog(t *testing.T, d string) (*fixture, func(t *testing.T)) {
	t.Helper()
	ctx := context.Background()
	f := newFixture(t, d) // 3 account events
	for range 4 {
		f.submit(t, f.member) // events 4..7
	}
	if n, err := f.svc.VerifyLog(ctx); err != nil || n != 7 {
		t.Fatalf("VerifyLog() before tampering = %d, %v; want 7, nil", n, err)
	}
	if _, err := f.db.ExecContext(ctx, `CREATE TABLE events_untouched AS SELECT * FROM events`); err != nil {
		t.Fatalf("keep the log: %v", err)
	}
	return f, func(t *testing.T) {
		t.Helper()
		for _, q := range []string{`DELETE FROM events`, `INSERT INTO events SELECT * FROM events_untouched`} {
			if _, err := f.db.ExecContext(ctx, q); err != nil {
				t.Fatalf("restore the log: %s: %v", q, err)
			}
		}
		if n, err := f.svc.VerifyLog(ctx); err != nil || n != 7 {
			t.Fatalf("VerifyLog() after restoring the log = %d, %v; want 7, nil", n, err)
		}
	}
}

// rehash recomputes the stored hash of one event from its (edited) content.
func rehash(t *testing.T, c *ent.Client, seq int64) {
	t.Helper()
	ctx := context.Background()
	ev, err := c.Event.Query().Where(event.Seq(seq)).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	h := policy.ChainHash(policy.LinkOf(ev))
	if _, err := c.ExecContext(ctx, fmt.Sprintf(`UPDATE events SET hash = '%s' WHERE seq = %d`, h, seq)); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyLogCoversEveryColumn edits one column of a stored event at a
// time, every column the table has, and wants the verifier to name that
// event. A column added to the table without a case here fails the test,
// so the hash cannot silently stop covering the whole row again.
func TestVerifyLogCoversEveryColumn(t *testing.T) {
	t.Parallel()
	forged := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	tamper := map[string]struct {
		set  string
		args []any
	}{
		event.FieldID:          {"id = 'evt_01JFORGEDFORGEDFORGEDFORGE'", nil},
		event.FieldSeq:         {"seq = 100", nil},
		event.FieldAt:          {"at = $1", []any{forged}},
		event.FieldActor:       {"actor = 'acc_mallory'", nil},
		event.FieldAuthority:   {"authority = 'staff'", nil},
		event.FieldKind:        {"kind = 'problem.forged'", nil},
		event.FieldSubject:     {"subject = 'TDB-99'", nil},
		event.FieldPayload:     {`payload = '{"title":"forged"}'`, nil},
		event.FieldPrevHash:    {"prev_hash = '" + policy.GenesisHash + "'", nil},
		event.FieldHash:        {"hash = '" + policy.GenesisHash + "'", nil},
		event.FieldPublic:      {"public = false", nil},
		event.FieldHashVersion: {"hash_version = 1", nil},
		event.FieldActorSalt:   {"actor_salt = '00000000000000000000000000000000'", nil},
	}
	for _, c := range event.Columns {
		if _, ok := tamper[c]; !ok {
			t.Errorf("events.%s has no tampering case; add one, and make sure policy.ChainHash covers it", c)
		}
	}
	dbtest.Each(t, func(t *testing.T, d string) {
		f, restore := tamperableLog(t, d)
		for _, c := range event.Columns {
			tt, ok := tamper[c]
			if !ok {
				continue
			}
			t.Run(c, func(t *testing.T) {
				defer restore(t)
				ctx := context.Background()
				if _, err := f.db.ExecContext(ctx, bind(d, "UPDATE events SET "+tt.set+" WHERE seq = 5"), tt.args...); err != nil {
					t.Fatalf("tamper: %v", err)
				}
				_, err := f.svc.VerifyLog(ctx)
				var ce *policy.ChainError
				if !errors.As(err, &ce) || ce.Seq != 5 {
					t.Fatalf("VerifyLog() after setting %s = %v; want a ChainError at seq 5", tt.set, err)
				}
			})
		}
	})
}

// TestVerifyLogRefusesDowngrade hides an event and rewrites it in the old
// encoding, which does not cover public, with a hash that matches: the
// version going down along the chain gives it away at that event.
func TestVerifyLogRefusesDowngrade(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		f.submit(t, f.member) // event 4
		if _, err := f.db.ExecContext(ctx, `UPDATE events SET public = false, hash_version = 1 WHERE seq = 4`); err != nil {
			t.Fatal(err)
		}
		rehash(t, f.svc.Client(), 4)
		ev, err := f.svc.Client().Event.Query().Where(event.Seq(4)).Only(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// The tail is rewritten too, so only the version rule is left.
		if _, err := f.db.ExecContext(ctx, bind(d, `UPDATE counters SET head = $1 WHERE id = 'event'`), ev.Hash); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.VerifyLog(ctx)
		var ce *policy.ChainError
		if !errors.As(err, &ce) || ce.Seq != 4 || !strings.Contains(ce.Reason, "never go down") {
			t.Fatalf("VerifyLog() = %v; want a ChainError at seq 4 about the version going down", err)
		}
	})
}

// TestVerifyLogAcceptsOldFormatEvents writes events as the code before
// hash version 2 did (no hash_version column in the insert, the old
// encoding), then lets the service go on: the old events verify as they
// were written, the new ones are written at the current version, and a
// hidden new event is caught.
func TestVerifyLogAcceptsOldFormatEvents(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d) // 3 account events, at version 2
		// Start over on an empty log of two old-format events.
		if _, err := f.db.ExecContext(ctx, `DELETE FROM events`); err != nil {
			t.Fatal(err)
		}
		prev := policy.GenesisHash
		at := time.Date(2026, 1, 5, 8, 0, 0, 0, time.UTC)
		for seq := int64(1); seq <= 2; seq++ {
			l := policy.ChainLink{Version: policy.HashV1, ID: fmt.Sprintf("evt_old%d", seq), Seq: seq, At: at,
				Actor: policy.SystemActor, Authority: policy.AuthorityOperator, Kind: policy.KindAccountCreated,
				Subject: fmt.Sprintf("acc_old%d", seq), Payload: `{"handle":"old"}`, Public: true, PrevHash: prev}
			h := policy.ChainHash(l)
			if _, err := f.db.ExecContext(ctx, bind(d, `INSERT INTO events
				(id, seq, at, actor, authority, kind, subject, payload, prev_hash, hash, public)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true)`),
				l.ID, l.Seq, l.At, l.Actor, l.Authority, l.Kind, l.Subject, l.Payload, l.PrevHash, h); err != nil {
				t.Fatal(err)
			}
			prev = h
		}
		if _, err := f.db.ExecContext(ctx, bind(d, `UPDATE counters SET value = 2, head = $1 WHERE id = 'event'`), prev); err != nil {
			t.Fatal(err)
		}
		if n, err := f.svc.VerifyLog(ctx); err != nil || n != 2 {
			t.Fatalf("VerifyLog() of old-format events = %d, %v; want 2, nil", n, err)
		}
		f.account(t, "newcomer") // event 3
		evs, err := f.svc.Client().Event.Query().Order(event.BySeq()).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var versions []int
		for _, ev := range evs {
			versions = append(versions, ev.HashVersion)
		}
		if diff := cmp.Diff([]int{policy.HashV1, policy.HashV1, policy.HashVersion}, versions); diff != "" {
			t.Errorf("hash versions by seq (-want +got):\n%s", diff)
		}
		if n, err := f.svc.VerifyLog(ctx); err != nil || n != 3 {
			t.Fatalf("VerifyLog() of old and new events = %d, %v; want 3, nil", n, err)
		}
		if _, err := f.db.ExecContext(ctx, `UPDATE events SET public = false WHERE seq = 3`); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.VerifyLog(ctx)
		var ce *policy.ChainError
		if !errors.As(err, &ce) || ce.Seq != 3 {
			t.Fatalf("VerifyLog() after hiding event 3 = %v; want a ChainError at seq 3", err)
		}
	})
}

// bind rewrites $n placeholders for SQLite, which takes ?.
func bind(dialectName, q string) string {
	if dialectName != dialect.SQLite {
		return q
	}
	return regexp.MustCompile(`\$\d+`).ReplaceAllString(q, "?")
}

func TestConcurrentSubmissionsNeverForkTheChain(t *testing.T) {
	t.Parallel()
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
