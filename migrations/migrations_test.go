package migrations_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql/schema"
	"github.com/lib/pq"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/migrations"
	"github.com/theoremdb/theoremdb/policy"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestMigrationsMatchSchema applies the versioned migrations to an empty
// database and asks ent for the changes that would bring it to ent/schema:
// there must be none, on either database.
func TestMigrationsMatchSchema(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d, err := db.Open(ctx, dbtest.URL(t, dialectName))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		if err := migrations.Apply(ctx, d.DB, d.Dialect, quiet); err != nil {
			t.Fatalf("Apply() = %v", err)
		}
		var plan bytes.Buffer
		if err := d.Ent().Schema.WriteTo(ctx, &plan, schema.WithDropColumn(true), schema.WithDropIndex(true)); err != nil {
			t.Fatalf("diff against ent/schema: %v", err)
		}
		if stmts := statements(plan.String()); len(stmts) > 0 {
			t.Errorf("migrated %s database differs from ent/schema; run make generate. Pending changes:\n%s",
				dialectName, strings.Join(stmts, "\n"))
		}
		// Applying again changes nothing and does not fail.
		if err := migrations.Apply(ctx, d.DB, d.Dialect, quiet); err != nil {
			t.Fatalf("second Apply() = %v", err)
		}
	})
}

// statements drops the transaction wrapper ent writes around a plan.
func statements(plan string) []string {
	var out []string
	for _, line := range strings.Split(plan, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "", line == "BEGIN;", line == "COMMIT;", strings.HasPrefix(line, "--"):
			continue
		}
		out = append(out, line)
	}
	return out
}

// TestUpgradeKeepsOldEventsVerifiable builds a database from the first
// migration alone, writes events the way the code of that time did, then
// migrates to the present: the old events get hash version 1, are not
// rehashed, and still verify; the next event is written at the current
// version and the whole log verifies.
func TestUpgradeKeepsOldEventsVerifiable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d, err := db.Open(ctx, dbtest.URL(t, dialectName))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		dir, err := migrations.Dir(dialectName)
		if err != nil {
			t.Fatal(err)
		}
		names, err := fs.Glob(dir, "*.sql")
		if err != nil || len(names) < 2 {
			t.Fatalf("migrations = %v, %v; want the first and later ones", names, err)
		}
		sort.Strings(names)
		body, err := fs.ReadFile(dir, names[0])
		if err != nil {
			t.Fatal(err)
		}
		stmts, err := migrate.NewLocalFile(names[0], body).Stmts()
		if err != nil {
			t.Fatal(err)
		}
		bind := func(q string) string {
			if dialectName != dialect.SQLite {
				return q
			}
			return regexp.MustCompile(`\$\d+`).ReplaceAllString(q, "?")
		}
		stmts = append(stmts, `CREATE TABLE theoremdb_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`,
			fmt.Sprintf(`INSERT INTO theoremdb_migrations (version, applied_at) VALUES ('%s', '2026-11-30T10:16:06Z')`,
				strings.TrimSuffix(names[0], ".sql")))
		for _, s := range stmts {
			if _, err := d.ExecContext(ctx, s); err != nil {
				t.Fatalf("first migration: %q: %v", s, err)
			}
		}

		// Two events as the code before hash version 2 wrote them.
		prev, hashes := policy.GenesisHash, []string{}
		for seq := int64(1); seq <= 2; seq++ {
			l := policy.ChainLink{Version: policy.HashV1, ID: fmt.Sprintf("evt_old%d", seq), Seq: seq,
				At: time.Date(2026, 11, 30, 12, 0, int(seq), 0, time.UTC), Actor: policy.SystemActor,
				Authority: policy.AuthorityOperator, Kind: policy.KindAccountCreated,
				Subject: fmt.Sprintf("acc_old%d", seq), Payload: `{"handle":"old"}`, PrevHash: prev}
			prev = policy.ChainHash(l)
			hashes = append(hashes, prev)
			if _, err := d.ExecContext(ctx, bind(`INSERT INTO events
				(id, seq, at, actor, authority, kind, subject, payload, prev_hash, hash)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`),
				l.ID, l.Seq, l.At, l.Actor, l.Authority, l.Kind, l.Subject, l.Payload, l.PrevHash, prev); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := d.ExecContext(ctx, bind(`INSERT INTO counters (id, value, head) VALUES ('event', 2, $1)`), prev); err != nil {
			t.Fatal(err)
		}

		if err := migrations.Apply(ctx, d.DB, d.Dialect, quiet); err != nil {
			t.Fatalf("Apply() over the first migration = %v", err)
		}
		svc := policy.New(d, policy.Config{})
		if n, err := svc.VerifyLog(ctx); err != nil || n != 2 {
			t.Fatalf("VerifyLog() after the upgrade = %d, %v; want 2, nil", n, err)
		}
		if _, err := svc.CreateAccount(ctx, "newcomer", "", nil); err != nil {
			t.Fatal(err)
		}
		evs, err := svc.Client().Event.Query().Order(event.BySeq()).All(ctx)
		if err != nil || len(evs) != 3 {
			t.Fatalf("events = %d, %v; want 3", len(evs), err)
		}
		for i, ev := range evs {
			want := policy.HashV1
			if i == 2 {
				want = policy.HashVersion
			}
			if ev.HashVersion != want || (i < 2 && ev.Hash != hashes[i]) {
				t.Errorf("event %d: version %d, hash %s; want version %d and the hash it was written with", ev.Seq, ev.HashVersion, ev.Hash, want)
			}
		}
		if n, err := svc.VerifyLog(ctx); err != nil || n != 3 {
			t.Errorf("VerifyLog() with a new event = %d, %v; want 3, nil", n, err)
		}
	})
}

// TestSearchReadsAhead: on PostgreSQL on a system that can read ahead, the search's candidate
// function asks for its pages ahead, and keeps asking after the search objects are applied
// again (every start replaces the function).
func TestSearchReadsAhead(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, dbtest.URL(t, dialect.Postgres))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for range 2 {
		if err := migrations.Apply(ctx, d.DB, d.Dialect, quiet); err != nil {
			t.Fatal(err)
		}
		var config []string
		if err := d.QueryRowContext(ctx, `SELECT COALESCE(proconfig, '{}') FROM pg_proc WHERE proname = 'tdb_search_hits'`).
			Scan(pq.Array(&config)); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(config, "effective_io_concurrency=64") || !slices.Contains(config, "enable_seqscan=off") {
			t.Fatalf("tdb_search_hits is set %v; want effective_io_concurrency=64 beside its own settings", config)
		}
	}
}
