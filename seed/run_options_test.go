package seed

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
)

// jobs records what a seeding hands the scheduler, as the River workers would receive it.
type jobs struct {
	mu         sync.Mutex
	acceptance map[string]time.Time // deadline by problem ID
	gates      []string             // revision IDs
}

func (j *jobs) ScheduleAcceptance(_ context.Context, _ *sql.Tx, problemID string, at time.Time) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.acceptance == nil {
		j.acceptance = map[string]time.Time{}
	}
	j.acceptance[problemID] = at
	return nil
}

func (j *jobs) ScheduleGates(_ context.Context, _ *sql.Tx, revisionID string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.gates = append(j.gates, revisionID)
	return nil
}

func (j *jobs) ScheduleConfirmations(context.Context, *sql.Tx, []string) error { return nil }
func (j *jobs) SchedulePanel(context.Context, *sql.Tx, string) error           { return nil }

// TestRunSchedules: a seeding hands the scheduler each problem's deadline job, at the deadline
// the problem was given, as a real submission would.
func TestRunSchedules(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t, dbtest.Dialects[0])
	var j jobs
	if _, err := Run(ctx, d, policy.Config{}, &j, testNow, nil); err != nil {
		t.Fatalf("Run() = %v", err)
	}
	ps, err := d.Ent().Problem.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(j.acceptance) != len(ps) {
		t.Errorf("%d deadline jobs for %d problems; want one each", len(j.acceptance), len(ps))
	}
	for _, p := range ps {
		at, ok := j.acceptance[p.ID]
		if !ok {
			t.Errorf("%s has no deadline job", p.ID)
			continue
		}
		if p.State == problem.StatePROSPECTING && !at.Equal(p.Deadline) {
			t.Errorf("%s: deadline job at %s; want its deadline %s", p.ID, at, p.Deadline)
		}
	}
	revs, err := d.Ent().Revision.Query().IDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	scheduled := map[string]bool{}
	for _, id := range j.gates {
		scheduled[id] = true
	}
	for _, id := range revs {
		if !scheduled[id] {
			t.Errorf("revision %s was never handed to the gates job", id)
		}
	}
}

// TestRunLogs: the seeding logs its summary, and at debug level each submission and deadline.
func TestRunLogs(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	d := dbtest.Open(t, dbtest.Dialects[0])
	sum, err := Run(context.Background(), d, policy.Config{}, nil, testNow, log)
	if err != nil {
		t.Fatalf("Run() = %v", err)
	}
	msgs := map[string]int{}
	var summary map[string]any
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		msg, _ := rec["msg"].(string)
		msgs[msg]++
		if msg == "seeded demo data" {
			summary = rec
		}
	}
	if msgs["seed: submitted"] != len(problems) {
		t.Errorf("%d submissions logged; want %d", msgs["seed: submitted"], len(problems))
	}
	passed, err := d.Ent().Problem.Query().Where(problem.DeadlineLTE(testNow)).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if msgs["seed: deadline"] != passed || passed < sum.AcceptedByDefault {
		t.Errorf("%d deadlines logged; want one for each of the %d problems whose deadline passed", msgs["seed: deadline"], passed)
	}
	if summary == nil {
		t.Fatalf("no summary logged; got %v", msgs)
	}
	for k, want := range map[string]int{"problems": sum.Problems, "accounts": sum.Accounts, "prospecting": sum.Prospecting,
		"accepted_by_default": sum.AcceptedByDefault, "archived": sum.Archived, "merged": sum.Merged} {
		if got, _ := summary[k].(float64); int(got) != want {
			t.Errorf("logged %s = %v; want %d", k, summary[k], want)
		}
	}
}

// TestRunLongWindow seeds with a window so long that the history starts before the demo's
// reference searches: each search is dated back to its submission, never after it, and the
// history keeps its shape.
func TestRunLongWindow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t, dbtest.Dialects[0])
	window := 60 * day
	sum, err := Run(ctx, d, policy.Config{ChallengeWindow: window}, nil, testNow, nil)
	if err != nil {
		t.Fatalf("Run() = %v", err)
	}
	if sum.Problems != wantSummary.Problems || sum.Prospecting != wantSummary.Prospecting || sum.Merged != wantSummary.Merged {
		t.Errorf("summary with a %s window = %+v; want the shape of %+v", window, sum, wantSummary)
	}
	revs, err := d.Ent().Revision.Query().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for _, r := range revs {
		if r.ReferenceSearch.CheckedOn.After(r.CreatedAt) {
			t.Errorf("revision %d of %s searched on %s, after it was written at %s", r.Number, r.ProblemID,
				r.ReferenceSearch.CheckedOn, r.CreatedAt)
		}
		if r.ReferenceSearch.CheckedOn.Month() != time.November {
			moved++
			if want := r.CreatedAt.Truncate(day); !r.ReferenceSearch.CheckedOn.Equal(want) {
				t.Errorf("revision %d of %s: search moved to %s; want the day it was written, %s", r.Number, r.ProblemID,
					r.ReferenceSearch.CheckedOn, want)
			}
		}
	}
	if moved == 0 {
		t.Error("no reference search was moved back; the window does not start the history early enough for this test")
	}
	first, err := d.Ent().Event.Query().Order(ent.Asc(event.FieldSeq)).First(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := testNow.Add(-time.Duration(float64(accountsAgo) * float64(window) / float64(policy.DefaultChallengeWindow))); !first.At.Equal(want.Truncate(time.Microsecond)) {
		t.Errorf("the history starts at %s; want %s, the accounts' time scaled to the window", first.At, want)
	}
}

// TestRunNowInAnyZone: the present may be given in any zone and to the nanosecond; the history
// is the same, in UTC and to the microsecond the databases keep.
func TestRunNowInAnyZone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t, dbtest.Dialects[0])
	now := testNow.Add(789 * time.Nanosecond).In(time.FixedZone("Auckland", 13*3600))
	sum, err := Run(ctx, d, policy.Config{}, nil, now, nil)
	if err != nil {
		t.Fatalf("Run() = %v", err)
	}
	for _, dl := range sum.Deadlines {
		if dl.Nanosecond()%1000 != 0 {
			t.Errorf("deadline %s is finer than a microsecond", dl)
		}
	}
	last, err := d.Ent().Event.Query().Order(ent.Desc(event.FieldSeq)).First(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if last.At.After(testNow) {
		t.Errorf("the last event is at %s, after the present %s", last.At, testNow)
	}
}

// TestRunSameOnBothDialects: the history is a replay, not a random draw: SQLite and PostgreSQL
// end with the same problems in the same states, deadlines and revisions, and the same log.
func TestRunSameOnBothDialects(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	type outcome struct {
		state     problem.State
		deadline  time.Time
		revisions int
		decisions []decision.Action
	}
	type history struct {
		problems map[string]outcome
		events   []string
	}
	read := func(dialectName string) history {
		d, _ := seededDemo(t, dialectName)
		c := d.Ent()
		ps, err := c.Problem.Query().WithCurrentRevision().WithRevisions().
			WithDecisions(func(q *ent.DecisionQuery) { q.Order(ent.Asc(decision.FieldCreatedAt)) }).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		h := history{problems: map[string]outcome{}}
		for _, p := range ps {
			o := outcome{state: p.State, deadline: p.Deadline.UTC(), revisions: len(p.Edges.Revisions)}
			for _, dec := range p.Edges.Decisions {
				o.decisions = append(o.decisions, dec.Action)
			}
			h.problems[p.Edges.CurrentRevision.Title] = o
		}
		evs, err := c.Event.Query().Order(ent.Asc(event.FieldSeq)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range evs {
			h.events = append(h.events, ev.Kind+" "+ev.At.UTC().Format(time.RFC3339Nano))
		}
		return h
	}
	lite, pg := read(dbtest.Dialects[0]), read(dbtest.Dialects[1])
	if len(lite.problems) != len(pg.problems) {
		t.Fatalf("%d problems on %s, %d on %s", len(lite.problems), dbtest.Dialects[0], len(pg.problems), dbtest.Dialects[1])
	}
	for title, a := range lite.problems {
		b, ok := pg.problems[title]
		if !ok {
			t.Errorf("%q is seeded on %s only", title, dbtest.Dialects[0])
			continue
		}
		if a.state != b.state || !a.deadline.Equal(b.deadline) || a.revisions != b.revisions || !equalActions(a.decisions, b.decisions) {
			t.Errorf("%q: %+v on %s, %+v on %s", title, a, dbtest.Dialects[0], b, dbtest.Dialects[1])
		}
	}
	if len(lite.events) != len(pg.events) {
		t.Fatalf("%d events on %s, %d on %s", len(lite.events), dbtest.Dialects[0], len(pg.events), dbtest.Dialects[1])
	}
	for i := range lite.events {
		if lite.events[i] != pg.events[i] {
			t.Errorf("event %d: %s on %s, %s on %s", i+1, lite.events[i], dbtest.Dialects[0], pg.events[i], dbtest.Dialects[1])
			break
		}
	}
}

func equalActions(a, b []decision.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSeededGates: every revision the seed writes has run every gate, as the workers would, and
// no problem a reviewer accepted has a gate that FAILs on the revision the reviewer read.
func TestSeededGates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d, _ := seededDemo(t, dbtest.Dialects[0])
	c := d.Ent()
	revs, err := c.Revision.Query().WithChecks().All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range revs {
		ran := map[string]bool{}
		for _, run := range r.Edges.Checks {
			ran[string(run.Gate)] = true
		}
		for _, g := range gates.All() {
			if !ran[string(g.Name)] {
				t.Errorf("revision %d of %s never ran %s", r.Number, r.ProblemID, g.Name)
			}
		}
	}
	qualified, err := c.Decision.Query().Where(decision.ActionEQ(decision.ActionQUALIFY), decision.SecondReviewOfIDIsNil()).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(qualified) == 0 {
		t.Fatal("the seed qualified nothing")
	}
	for _, q := range qualified {
		n, err := c.GateRun.Query().Where(gaterun.RevisionID(q.RevisionID), gaterun.OutcomeEQ(gaterun.OutcomeFAIL)).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s was qualified on revision %s with %d failing gate runs", q.ProblemID, q.RevisionID, n)
		}
		// Every finding that needed a person on that revision was answered by the decision.
		open, err := c.Finding.Query().Where(finding.VerdictEQ(finding.VerdictNEEDS_HUMAN),
			finding.HasRunWith(gaterun.RevisionID(q.RevisionID))).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(q.Confirmations) < open {
			t.Errorf("%s: %d confirmations for %d findings that need a person", q.ProblemID, len(q.Confirmations), open)
		}
	}
	// The revised problem's first revision is superseded, not deleted.
	n, err := c.Revision.Query().Where(revision.NumberGT(1)).Count(ctx)
	if err != nil || n != wantSummary.Revised {
		t.Errorf("%d later revisions (%v); want %d", n, err, wantSummary.Revised)
	}
}
