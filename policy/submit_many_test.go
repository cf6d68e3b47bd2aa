package policy_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/similar"
)

// manyInputs are n submissions unlike one another in the ways intake writes differently:
// titles that collide (slugs), tags old and new, references to sources shared with each other
// and with an earlier problem, words old and new for the vocabulary, from the accounts given in
// turn.
func manyInputs(n int, accounts []*ent.Account) []policy.Submission {
	words := []string{"lattice", "prime", "graph", "colouring", "matroid", "torsion", "sieve", "spectrum"}
	subs := make([]policy.Submission, n)
	for i := range n {
		in := validInput()
		if i%4 != 0 {
			in.Title = fmt.Sprintf("%s variant %s", in.Title, strings.Repeat("x", 1+i%7))
		}
		in.Statement += fmt.Sprintf(" The %s case and the %s bound.", words[i%len(words)], words[(3*i+1)%len(words)])
		in.Tags = []string{"number-theory", fmt.Sprintf("family-%d", i%5)}
		in.References = append(in.References, policy.ReferenceInput{Identifier: fmt.Sprintf("arXiv:2101.%05d", i%9),
			Citation: fmt.Sprintf("A. Author, Note %d, 2021.", i%9), Relevance: "Partial results.", Role: reference.RoleSECONDARY})
		subs[i] = policy.Submission{Actor: accounts[i%len(accounts)], Input: in}
	}
	return subs
}

// intakeDigest is what intake wrote, in the terms a reader sees: every problem with its slug,
// tags, revision and references by identifier, the gate runs, the search vocabulary, each
// account's reputation, and the event log with each payload (the revision's random ID left
// out, accounts by handle). Two databases with equal digests hold the same site.
func intakeDigest(t *testing.T, f *fixture) map[string]any {
	t.Helper()
	ctx := context.Background()
	c := f.svc.Client()
	ps, err := c.Problem.Query().Order(ent.Asc(problem.FieldNumber)).WithTags().
		WithCurrentRevision(func(q *ent.RevisionQuery) {
			q.WithReferences(func(q *ent.ReferenceQuery) { q.WithSource().Order(ent.Asc(reference.FieldPosition)) })
		}).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	handle := map[string]string{}
	for _, a := range c.Account.Query().AllX(ctx) {
		handle[a.ID] = a.Handle
	}
	var problems []string
	for _, p := range ps {
		var tags, refs []string
		for _, tg := range p.Edges.Tags {
			tags = append(tags, tg.Name)
		}
		slices.Sort(tags)
		rev := p.Edges.CurrentRevision
		runs, err := c.GateRun.Query().Where(gaterun.RevisionID(rev.ID)).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rev.Edges.References {
			refs = append(refs, fmt.Sprintf("%d %s %s %s", r.Position, r.Edges.Source.Identifier, r.Edges.Source.Kind, r.Citation))
		}
		problems = append(problems, fmt.Sprintf("%s #%d %s %q %s %s stake=%s tags=%v rev=%d %q gates=%d refs=%v", p.ID, p.Number, p.Slug,
			p.Title, p.State, handle[p.ProposerID], p.StakeState, tags, rev.Number, rev.Statement, runs, refs))
	}
	var words []string
	rows, err := f.db.QueryContext(ctx, `SELECT word, docs FROM search_words ORDER BY word`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var w string
		var n int
		if err := rows.Scan(&w, &n); err != nil {
			t.Fatal(err)
		}
		words = append(words, fmt.Sprintf("%s=%d", w, n))
	}
	rows.Close()
	var indexed int
	if err := f.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM revision_search`).Scan(&indexed); err != nil {
		t.Fatal(err)
	}
	var sources []string
	for _, s := range c.Source.Query().AllX(ctx) {
		sources = append(sources, s.Identifier+" "+string(s.Kind))
	}
	slices.Sort(sources)
	reps := map[string]string{}
	for _, a := range c.Account.Query().AllX(ctx) {
		r, err := f.svc.Reputation(ctx, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		reps[a.Handle] = fmt.Sprintf("balance=%d escrowed=%d granted=%v entries=%d", r.Balance, r.Escrowed, r.Granted, len(r.Entries))
	}
	var events []string
	for _, ev := range c.Event.Query().Order(ent.Asc(event.FieldSeq)).AllX(ctx) {
		var payload map[string]any
		if err := json.Unmarshal([]byte(ev.Payload), &payload); err != nil {
			t.Fatal(err)
		}
		if _, ok := payload["revision"].(string); ok {
			payload["revision"] = "rev"
		}
		events = append(events, fmt.Sprintf("%d %s %s %s %v", ev.Seq, ev.Kind, cmp.Or(handle[ev.Subject], ev.Subject), handle[ev.Actor], payload))
	}
	if n, err := f.svc.VerifyLog(ctx); err != nil || n != int64(len(events)) {
		t.Errorf("VerifyLog() = %d, %v; want %d events and an unbroken chain", n, err, len(events))
	}
	revs, err := c.Revision.Query().Where(revision.NumberEQ(1)).Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"problems": problems, "words": words, "indexed": indexed, "revisions": revs, "sources": sources,
		"reputation": reps, "events": events}
}

// TestSubmitManyWritesWhatSubmitWrites: sixty submissions written at once hold exactly what
// the same sixty written one by one hold, on both databases, past the rows one bulk insert
// carries (540 gate runs).
func TestSubmitManyWritesWhatSubmitWrites(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		build := func(many bool) map[string]any {
			f := newFixture(t, d)
			f.submit(t, f.member) // a problem before: its title, tags and sources are taken
			subs := manyInputs(60, []*ent.Account{f.member, f.reviewer, f.account(t, "newcomer"), f.account(t, "another")})
			if many {
				ps, err := f.svc.SubmitMany(ctx, subs)
				if err != nil {
					t.Fatalf("SubmitMany() = %v", err)
				}
				for i, p := range ps {
					if want := policy.ProblemID(int64(i + 2)); p.ID != want || p.CurrentRevisionID == nil {
						t.Fatalf("SubmitMany()[%d] = %s with revision %v; want %s with its revision", i, p.ID, p.CurrentRevisionID, want)
					}
				}
			} else {
				for _, s := range subs {
					if _, err := f.svc.Submit(ctx, s.Actor, s.Input); err != nil {
						t.Fatalf("Submit() = %v", err)
					}
				}
			}
			return intakeDigest(t, f)
		}
		one, many := build(false), build(true)
		if len(one["problems"].([]string)) != 61 || len(one["words"].([]string)) == 0 {
			t.Fatalf("one by one wrote %d problems and %d words; the digest reads nothing", len(one["problems"].([]string)), len(one["words"].([]string)))
		}
		if diff := gocmp.Diff(one, many); diff != "" {
			t.Errorf("SubmitMany wrote another site than Submit one by one (-one +many):\n%s", diff)
		}
	})
}

// TestSubmitManyRefusesAllOrNothing: one refused submission refuses the whole batch, naming its
// position, and writes nothing: the next submission takes the next number.
func TestSubmitManyRefusesAllOrNothing(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		subs := manyInputs(5, []*ent.Account{f.member})
		subs[2].Input.Statement = ""
		if _, err := f.svc.SubmitMany(ctx, subs); err == nil || !strings.Contains(err.Error(), "submission 3 of 5") || len(policy.FieldErrors(err)) == 0 {
			t.Fatalf("SubmitMany() with an empty statement third = %v; want field errors naming submission 3 of 5", err)
		}
		// A new account's grant pays twenty stakes: the twenty-first is refused at the balance
		// check, after the twenty before it were counted against it in the same batch.
		newcomer := f.account(t, "newcomer")
		subs = manyInputs(21, []*ent.Account{newcomer})
		_, err := f.svc.SubmitMany(ctx, subs)
		fe := policy.FieldErrors(err)
		if err == nil || !strings.Contains(err.Error(), "submission 21 of 21") || len(fe) != 1 || fe[0].Code != policy.CodeInsufficientReputation {
			t.Fatalf("SubmitMany() of 21 from a new account = %v; want submission 21 refused for its balance", err)
		}
		if n := f.svc.Client().Problem.Query().CountX(ctx); n != 0 {
			t.Fatalf("refused batches wrote %d problems", n)
		}
		if r, _ := f.svc.Reputation(ctx, newcomer.ID); r.Granted || len(r.Entries) != 0 {
			t.Errorf("a refused batch wrote the newcomer's ledger: %+v", r)
		}
		if p := f.submit(t, f.member); p.ID != policy.ProblemID(1) {
			t.Errorf("the submission after refused batches is %s; want %s", p.ID, policy.ProblemID(1))
		}
		if ps, err := f.svc.SubmitMany(ctx, nil); err != nil || len(ps) != 0 {
			t.Errorf("SubmitMany(nil) = %v, %v; want nothing", ps, err)
		}
	})
}

// TestStatementsChangedSincePagesATie: problems submitted together changed at one time; the
// duplicate search's catalogue pages through them by cursor, each once, in ID order.
func TestStatementsChangedSincePagesATie(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		if _, err := f.svc.SubmitMany(ctx, manyInputs(5, []*ent.Account{f.member})); err != nil {
			t.Fatal(err)
		}
		var (
			after similar.Cursor
			got   []string
		)
		for range 4 {
			page, err := f.svc.StatementsChangedSince(ctx, after, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range page {
				got = append(got, e.ID)
				after = similar.Cursor{At: e.Changed, ID: e.ID}
			}
		}
		want := []string{"TDB-1", "TDB-2", "TDB-3", "TDB-4", "TDB-5"}
		if !slices.Equal(got, want) {
			t.Errorf("pages of 2 through five problems changed at one time read %v; want %v", got, want)
		}
	})
}

// TestSearchScanFindsWhatTheIndexFinds: on PostgreSQL the search's two ways of finding
// candidates, the GIN index's bitmap (tdb_search_hits) and a scan of the rows
// (tdb_search_scan, chosen for common words), return the same rows in the same order with the
// same scores, for words, a word most rows have, a phrase and an excluded word, at any limit.
func TestSearchScanFindsWhatTheIndexFinds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, "postgres")
	var accounts []*ent.Account
	for i := range 8 {
		accounts = append(accounts, f.account(t, fmt.Sprintf("writer-%d", i)))
	}
	if _, err := f.svc.SubmitMany(ctx, manyInputs(150, accounts)); err != nil {
		t.Fatal(err)
	}
	read := func(fn, match, rank string, n int) []string {
		t.Helper()
		rows, err := f.db.QueryContext(ctx, `SELECT revision_id, COALESCE(score, -1) FROM `+fn+
			`(plainto_tsquery('tdb_search', $1) && !!plainto_tsquery('tdb_search', 'nothingsuch'), `+
			`plainto_tsquery('tdb_search', $1) && phraseto_tsquery('tdb_search', $2), $3)`, match, rank, n)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var id string
			var score float64
			if err := rows.Scan(&id, &score); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprintf("%s %.6f", id, score))
		}
		return out
	}
	for _, c := range []struct{ match, rank string }{
		{"integers", "positive integers"},
		{"lattice bound", "lattice case"},
		{"Erdos Straus", "Straus conjecture"},
		{"torsion", "the torsion case"},
	} {
		for _, n := range []int{1, 7, 40, 1000} {
			hits, scan := read("tdb_search_hits", c.match, c.rank, n), read("tdb_search_scan", c.match, c.rank, n)
			if len(hits) == 0 || !slices.Equal(hits, scan) {
				t.Errorf("%q, %d candidates: the index found %d, the scan %d, or in another order:\n%v\n%v", c.match, n, len(hits), len(scan), hits, scan)
			}
		}
	}
}

// TestSubmissionsWaitWithoutAConnection: submissions wait for the problem counter one at a
// time, so those queued behind it wait in the process, not in the database holding a
// connection each, and reads still find a connection free. The counter is held from outside
// while ten submissions arrive on a pool of four connections; once it is let go, all ten are
// written with consecutive numbers.
func TestSubmissionsWaitWithoutAConnection(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, "postgres")
	f.db.SetMaxOpenConns(4)
	holder, err := f.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := holder.ExecContext(ctx, `UPDATE counters SET value = value WHERE id = 'problem'`); err != nil {
		t.Fatal(err)
	}
	const n = 10
	done := make(chan error, n)
	for range n {
		go func() {
			_, err := f.svc.Submit(ctx, f.member, validInput())
			done <- err
		}()
	}
	// Wait until one submission waits for the counter in the database, and give the others
	// time to queue wherever they queue.
	waitForCounter(t, f)
	time.Sleep(300 * time.Millisecond)
	if inUse := f.db.Stats().InUse; inUse > 2 {
		t.Errorf("%d connections in use while submissions wait for the counter; want 2 (the holder's and one submission's)", inUse)
	}
	readCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := f.svc.Client().Account.Query().Count(readCtx); err != nil {
		t.Errorf("a read while submissions wait: %v", err)
	}
	if err := holder.Rollback(); err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	ps, err := f.svc.Client().Problem.Query().Order(ent.Asc(problem.FieldNumber)).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		if p.Number != i+1 {
			t.Fatalf("problem %d of %d has number %d; want consecutive numbers from 1", i+1, len(ps), p.Number)
		}
	}
	if len(ps) != n {
		t.Fatalf("%d problems written; want %d", len(ps), n)
	}
	// The one that held the counter's wait was written alone; the nine that waited in the
	// process, in the transaction after it.
	var txs int
	if err := f.db.QueryRowContext(ctx, `SELECT count(DISTINCT xmin::text) FROM problems`).Scan(&txs); err != nil {
		t.Fatal(err)
	}
	if txs != 2 {
		t.Errorf("%d submissions were written in %d transactions; want 2 (one alone, the nine that waited together)", n, txs)
	}
}

// Submissions written together are refused one by one: a group with a refused submission
// writes all the others, and the refused one gets the refusal it would get alone.
func TestGroupedSubmissionsAreRefusedAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, "postgres")
	holder, err := f.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := holder.ExecContext(ctx, `UPDATE counters SET value = value WHERE id = 'problem'`); err != nil {
		t.Fatal(err)
	}
	// A new account's grant pays twenty stakes; it submits twenty-two, two refused for its balance.
	newcomer := f.account(t, "newcomer")
	const n = 22
	done := make(chan error, n+1)
	go func() {
		_, err := f.svc.Submit(ctx, f.member, validInput())
		done <- err
	}()
	waitForCounter(t, f)
	for range n {
		go func() {
			_, err := f.svc.Submit(ctx, newcomer, validInput())
			done <- err
		}()
	}
	time.Sleep(300 * time.Millisecond)
	if err := holder.Rollback(); err != nil {
		t.Fatal(err)
	}
	var refused int
	for range n + 1 {
		err := <-done
		if err == nil {
			continue
		}
		if fe := policy.FieldErrors(err); len(fe) != 1 || fe[0].Code != policy.CodeInsufficientReputation || strings.Contains(err.Error(), " of 2") {
			t.Fatalf("a grouped submission: %v; want a refusal for its balance, as alone", err)
		}
		refused++
	}
	if refused != 2 {
		t.Errorf("%d of the newcomer's %d submissions refused; want 2", refused, n)
	}
	if got := f.svc.Client().Problem.Query().CountX(ctx); got != 21 {
		t.Errorf("%d problems written; want 21", got)
	}
	if r, err := f.svc.Reputation(ctx, newcomer.ID); err != nil || r.Balance != 0 || r.Escrowed != 20 {
		t.Errorf("the newcomer's reputation: %+v, %v; want 0 available and 20 in escrow", r, err)
	}
}

// waitForCounter waits until a submission waits for the problem counter in the database.
func waitForCounter(t *testing.T, f *fixture) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var waiting int
		if err := f.db.QueryRowContext(context.Background(), `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
			AND wait_event_type = 'Lock' AND query LIKE 'UPDATE counters%'`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no submission reached the problem counter in 10 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
