package policy_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
	"github.com/theoremdb/theoremdb/role"
)

// packetView is a packet as plain values, edges left out, for comparing
// packets with each other and with what ent's eager loading reads.
type packetView struct {
	Problem, MergedInto                  any
	Proposer                             any
	Current                              any
	References, Sources                  []any
	Revisions, RevisionAuthors           []any
	Decisions, DecisionReviewers, Merges []any
	Claims, Bindings, Tags, MergedFrom   []any
	Events                               []any
	Requests                             []string
}

// plain is v without its edges and unexported fields, as JSON sees it.
func plain(v any) any {
	rv := reflect.ValueOf(v)
	if rv.IsNil() {
		return nil
	}
	cp := reflect.New(rv.Elem().Type()).Elem()
	cp.Set(rv.Elem())
	if e := cp.FieldByName("Edges"); e.IsValid() {
		e.SetZero()
	}
	b, err := json.Marshal(cp.Interface())
	if err != nil {
		panic(err)
	}
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	delete(m, "edges")
	return m
}

func plains[T any](vs []T) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = plain(v)
	}
	return out
}

// viewOf walks p's edges; it fails the test where one is missing.
func viewOf(t *testing.T, p *ent.Problem, events []*ent.Event, requests []policy.RevisionRequest) packetView {
	t.Helper()
	v := packetView{Problem: plain(p), Proposer: plain(p.Edges.Proposer), MergedInto: plain(p.Edges.MergedInto),
		Revisions: plains(p.Edges.Revisions), Decisions: plains(p.Edges.Decisions), Claims: plains(p.Edges.Claims),
		Tags: plains(p.Edges.Tags), MergedFrom: plains(p.Edges.MergedFrom), Events: plains(events)}
	cur := p.Edges.CurrentRevision
	v.Current = plain(cur)
	for _, f := range cur.Edges.References {
		v.References = append(v.References, plain(f))
		v.Sources = append(v.Sources, plain(f.Edges.Source))
	}
	for _, r := range p.Edges.Revisions {
		v.RevisionAuthors = append(v.RevisionAuthors, plain(r.Edges.Author))
	}
	for _, d := range p.Edges.Decisions {
		v.DecisionReviewers = append(v.DecisionReviewers, plain(d.Edges.Reviewer))
		v.Merges = append(v.Merges, plain(d.Edges.MergeInto))
	}
	for _, c := range p.Edges.Claims {
		v.Bindings = append(v.Bindings, plains(c.Edges.Bindings)...)
	}
	for _, q := range requests {
		v.Requests = append(v.Requests, q.Request)
	}
	return v
}

// eagerView reads the problem with ent's eager loading, one query per edge,
// as the reference the packet must equal.
func eagerView(t *testing.T, c *ent.Client, id string) packetView {
	t.Helper()
	ctx := context.Background()
	p, err := c.Problem.Query().Where(problem.ID(id)).WithProposer().WithMergedInto().
		WithMergedFrom(func(q *ent.ProblemQuery) { q.Order(ent.Asc(problem.FieldNumber)) }).
		WithCurrentRevision(func(q *ent.RevisionQuery) {
			q.WithReferences(func(q *ent.ReferenceQuery) { q.WithSource().Order(ent.Asc(reference.FieldPosition)) })
		}).
		WithRevisions(func(q *ent.RevisionQuery) { q.WithAuthor().Order(ent.Asc(revision.FieldNumber)) }).
		WithDecisions(func(q *ent.DecisionQuery) {
			q.WithReviewer().WithMergeInto().Order(ent.Desc(decision.FieldCreatedAt), ent.Desc(decision.FieldID))
		}).
		WithClaims(func(q *ent.ClaimQuery) {
			q.WithBindings(func(q *ent.BindingQuery) { q.Order(ent.Asc(binding.FieldCreatedAt), ent.Asc(binding.FieldID)) }).
				Order(ent.Asc("created_at"), ent.Asc("id"))
		}).
		WithTags(func(q *ent.TagQuery) { q.Order(ent.Asc("name")) }).
		Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := c.Event.Query().Where(event.Subject(id), event.Public(true)).Order(ent.Asc(event.FieldSeq)).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	reqs, err := policy.OpenRevisionRequests(ctx, c, []string{*p.CurrentRevisionID})
	if err != nil {
		t.Fatal(err)
	}
	return viewOf(t, p, evs, reqs[*p.CurrentRevisionID])
}

func packetViewOf(t *testing.T, s *policy.Service, ref string) packetView {
	t.Helper()
	pk, err := s.ProblemPacket(context.Background(), ref)
	if err != nil {
		t.Fatalf("ProblemPacket(%s) = %v", ref, err)
	}
	return viewOf(t, pk.Problem, pk.Events, pk.Requests)
}

// richProblem is a problem with something in every part of its packet.
func richProblem(t *testing.T, f *fixture) (p, other *ent.Problem) {
	t.Helper()
	ctx := context.Background()
	in := validInput()
	in.Tags = []string{"number theory", "egyptian fractions"}
	p, err := f.svc.Submit(ctx, f.member, in)
	if err != nil {
		t.Fatal(err)
	}
	other = f.submit(t, f.member)
	f.clock.Advance(time.Minute)
	if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, IdempotencyKey: "k1",
		Action: decision.ActionKEEP_PROSPECTING, Notes: packet.DecisionNotes{Reason: "Needs a wider search."},
		RevisionRequests: []string{"Search OEIS for the sequence.", "Cite the 1948 paper."}}); err != nil {
		t.Fatal(err)
	}
	agent := f.account(t, "prover-7", role.Agent)
	if _, err := f.svc.AttachClaim(ctx, agent, policy.ClaimInput{ProblemID: p.ID, Summary: "Holds for n < 10^17.",
		Scope: "Computation.", Relation: binding.RelationADDRESSES}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: other.ID, IdempotencyKey: "k2",
		Action: decision.ActionMERGE, MergeInto: p.ID,
		Notes: packet.DecisionNotes{DuplicateCheck: "Same equation.", Reason: "Direct duplicate."}}); err != nil {
		t.Fatal(err)
	}
	return p, other
}

func TestPacketEqualsEagerLoading(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		p, other := richProblem(t, f)
		for _, id := range []string{p.ID, other.ID} {
			want := eagerView(t, f.svc.Client(), id)
			if diff := cmp.Diff(want, packetViewOf(t, f.svc, id)); diff != "" {
				t.Errorf("packet of %s (-eager +packet):\n%s", id, diff)
			}
		}
		got := packetViewOf(t, f.svc, p.ID)
		if len(got.Requests) != 2 || len(got.Claims) != 1 || len(got.Bindings) != 1 || len(got.Tags) != 2 ||
			len(got.MergedFrom) != 1 || len(got.Events) != 3+len(gates.All()) || len(got.References) != 2 {
			t.Errorf("packet of %s has %d requests, %d claims, %d bindings, %d tags, %d merged, %d events, %d references",
				p.ID, len(got.Requests), len(got.Claims), len(got.Bindings), len(got.Tags), len(got.MergedFrom), len(got.Events), len(got.References))
		}
		// Every gate has its run on the current revision, passed by the fixture before deciding.
		pk, err := f.svc.ProblemPacket(context.Background(), p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(pk.Checks) != len(gates.All()) || pk.Summary.Outcome != gaterun.OutcomePASS {
			t.Errorf("packet of %s has %d checks, summary %+v; want %d passing", p.ID, len(pk.Checks), pk.Summary, len(gates.All()))
		}
		// A slug and a lower-case ID name the same packet; an unknown one is not found.
		for _, ref := range []string{p.Slug, "tdb-1"} {
			if diff := cmp.Diff(got, packetViewOf(t, f.svc, ref)); diff != "" {
				t.Errorf("packet of %q (-by ID +by ref):\n%s", ref, diff)
			}
		}
		for _, ref := range []string{"TDB-999", "no-such-slug", "TDB-0"} {
			if _, err := f.svc.ProblemPacket(context.Background(), ref); !errors.Is(err, policy.ErrNotFound) {
				t.Errorf("ProblemPacket(%q) = %v; want not found", ref, err)
			}
		}
	})
}

func TestPacketStatementCount(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		dd := dbtest.Open(t, d)
		n := dbtest.CountStatements(dd)
		f := &fixture{db: dd, svc: policy.New(dd, policy.Config{}), clock: policytest.NewClock(time.Now())}
		f.member = f.account(t, "ada")
		f.reviewer = f.account(t, "rita", role.Reviewer)
		p, _ := richProblem(t, f)
		var ids []string
		for i := range 60 {
			if i%15 == 0 {
				f.member = f.account(t, fmt.Sprintf("member%d", i))
			}
			ids = append(ids, f.submit(t, f.member).ID)
		}
		reads := []struct {
			name string
			max  int64
			read func() error
		}{
			{"first read by ID", 1, func() error { _, err := f.svc.ProblemPacket(ctx, p.ID); return err }},
			{"repeat read", 0, func() error { _, err := f.svc.ProblemPacket(ctx, p.ID); return err }},
			{"first read by slug", 2, func() error { _, err := f.svc.ProblemPacket(ctx, p.Slug); return err }},
			{"60 packets", 1, func() error { _, err := f.svc.ProblemPackets(ctx, ids); return err }},
			{"60 packets again", 0, func() error { _, err := f.svc.ProblemPackets(ctx, ids); return err }},
		}
		for _, r := range reads {
			if r.name == "first read by slug" {
				f.svc = policy.New(dd, policy.Config{}) // an empty cache
			}
			n.Store(0)
			if err := r.read(); err != nil {
				t.Fatalf("%s: %v", r.name, err)
			}
			if got := n.Load(); got > r.max {
				t.Errorf("%s: %d statements; want at most %d", r.name, got, r.max)
			}
		}
	})
}

// TestPacketCacheInvalidation makes every kind of change to a problem whose
// packet is cached and checks that the next read shows it, as a service
// with an empty cache reads it.
func TestPacketCacheInvalidation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p, other := richProblem(t, f)
		target := f.submit(t, f.member)
		eve, zed := f.account(t, "eve"), f.account(t, "zed")
		moderator := f.account(t, "mo", role.Moderator)
		var caseID string
		changes := []struct {
			name    string
			problem string
			change  func() error
		}{
			{"revise", p.ID, func() error {
				in := validInput()
				in.Title = "Erdős–Straus conjecture, restated"
				_, _, err := f.svc.Revise(ctx, f.member, p.ID, "Restated.", in)
				return err
			}},
			{"claim", p.ID, func() error {
				_, err := f.svc.AttachClaim(ctx, f.reviewer, policy.ClaimInput{ProblemID: p.ID, Summary: "A reviewed bound.",
					Relation: binding.RelationADDRESSES})
				return err
			}},
			{"decision", p.ID, func() error {
				_, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, IdempotencyKey: "k3",
					Action: decision.ActionKEEP_PROSPECTING, Notes: packet.DecisionNotes{Reason: "Again."},
					RevisionRequests: []string{"Name the 1948 paper's journal."}})
				return err
			}},
			{"merge into it (survivor)", p.ID, func() error {
				_, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: target.ID, IdempotencyKey: "k4",
					Action: decision.ActionMERGE, MergeInto: p.ID,
					Notes: packet.DecisionNotes{DuplicateCheck: "Same.", Reason: "Duplicate."}})
				return err
			}},
			{"flag", p.ID, func() error {
				_, err := f.svc.FlagProblem(ctx, eve, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonKNOWN_ANSWER,
					Explanation: "Solved in 2020 by a computer search, see the survey."})
				if err == nil {
					_, err = f.svc.FlagProblem(ctx, zed, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonKNOWN_ANSWER,
						Explanation: "Solved in 2020 by a computer search, see the survey."})
				}
				cs, _ := f.svc.Client().ModerationCase.Query().All(ctx)
				if len(cs) > 0 {
					caseID = cs[0].ID
				}
				return err
			}},
			{"case claimed", p.ID, func() error { _, err := f.svc.ClaimCase(ctx, moderator, caseID); return err }},
			{"removed", p.ID, func() error {
				_, _, err := f.svc.RemoveProblem(ctx, moderator, caseID, "Copied from a paywalled source without rights.")
				return err
			}},
			{"accepted at its deadline", other.ID, func() error {
				fresh := f.submit(t, f.member)
				other = fresh
				if _, err := f.svc.ProblemPacket(ctx, fresh.ID); err != nil {
					return err
				}
				f.clock.Advance(8 * 24 * time.Hour)
				_, err := f.svc.AcceptElapsed(ctx, fresh.ID)
				return err
			}},
		}
		for _, c := range changes {
			id := c.problem
			if c.name == "accepted at its deadline" {
				id = "" // set by the change
			}
			if id != "" {
				if _, err := f.svc.ProblemPacket(ctx, id); err != nil { // cached
					t.Fatal(err)
				}
			}
			if err := c.change(); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if id == "" {
				id = other.ID
			}
			fresh := policy.New(f.db, policy.Config{}, policy.WithClock(f.clock))
			want := packetViewOf(t, fresh, id)
			if diff := cmp.Diff(want, packetViewOf(t, f.svc, id)); diff != "" {
				t.Errorf("after %s, packet of %s (-fresh +cached):\n%s", c.name, id, diff)
			}
		}
		if st := f.svc.PacketCacheStats(); st.Hits == 0 || st.Invalidations < int64(len(changes)) {
			t.Errorf("cache stats %+v; want hits and at least %d invalidations", st, len(changes))
		}
	})
}

// TestPacketCacheUnderConcurrentWrites revises problems while readers read
// them: every read after a revision returns shows it, and when the writers
// stop no cached packet differs from the database.
func TestPacketCacheUnderConcurrentWrites(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		var ids []string
		for range 4 {
			ids = append(ids, f.submit(t, f.member).ID)
		}
		stop := make(chan struct{})
		var readers sync.WaitGroup
		for r := range 4 {
			readers.Go(func() {
				for i := r; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					if _, err := f.svc.ProblemPacket(ctx, ids[i%len(ids)]); err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		for i := range 12 {
			id := ids[i%len(ids)]
			in := validInput()
			in.Title = fmt.Sprintf("Erdős–Straus conjecture, revision %d", i)
			if _, _, err := f.svc.Revise(ctx, f.member, id, "Renamed.", in); err != nil {
				t.Fatal(err)
			}
			pk, err := f.svc.ProblemPacket(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if pk.Problem.Title != in.Title {
				t.Errorf("after revision %d, %s reads %q", i, id, pk.Problem.Title)
			}
		}
		close(stop)
		readers.Wait()
		fresh := policy.New(f.db, policy.Config{})
		for _, id := range ids {
			if diff := cmp.Diff(packetViewOf(t, fresh, id), packetViewOf(t, f.svc, id)); diff != "" {
				t.Errorf("%s after the writes (-database +cache):\n%s", id, diff)
			}
		}
	})
}

// TestPacketCacheAcrossInstances runs two services on one PostgreSQL
// database, as two server instances: a write through one reaches the
// other's cache through LISTEN/NOTIFY and the live broker.
func TestPacketCacheAcrossInstances(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFixture(t, "postgres")
	d2, err := db.Open(ctx, f.db.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	second := policy.New(d2, policy.Config{}, policy.WithClock(f.clock))
	b := live.New(d2.Ent(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	b.OnEvent(second.InvalidatePackets)
	go func() { _ = b.Run(ctx) }()
	go func() { _ = b.ListenPostgres(ctx, d2.DSN) }()

	p := f.submit(t, f.member)
	var worst time.Duration
	for i := range 5 {
		if _, err := second.ProblemPacket(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		in := validInput()
		in.Title = fmt.Sprintf("Erdős–Straus conjecture (%d)", i)
		if _, _, err := f.svc.Revise(ctx, f.member, p.ID, "Renamed.", in); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		for {
			pk, err := second.ProblemPacket(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			if pk.Problem.Title == in.Title {
				break
			}
			if time.Since(start) > 5*time.Second {
				t.Fatalf("the second instance still reads %q 5 s after the revision", pk.Problem.Title)
			}
			time.Sleep(time.Millisecond)
		}
		worst = max(worst, time.Since(start))
	}
	t.Logf("a write reached the other instance's cache within %v", worst)
}

func TestReviewQueue(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p, _ := richProblem(t, f)
		f.clock.Advance(time.Hour)
		later := f.submit(t, f.member)
		if _, err := f.svc.ReviewQueue(ctx, f.member, 10); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a member's ReviewQueue() = %v; want forbidden", err)
		}
		items, err := f.svc.ReviewQueue(ctx, f.reviewer, 10)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, it := range items {
			ids = append(ids, it.ID)
		}
		if diff := cmp.Diff([]string{p.ID, later.ID}, ids); diff != "" {
			t.Fatalf("queue (-want +got):\n%s", diff)
		}
		if it := items[0]; it.OpenRequests != 2 || it.Claims != 1 || it.Decisions != 1 || it.Revision != 1 || !it.Can.Review {
			t.Errorf("first item = %+v", it)
		}
	})
}

// TestPageCache checks that a repeated page of the list costs no statement
// and that any event makes the next read fresh.
func TestPageCache(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		dd := dbtest.Open(t, d)
		n := dbtest.CountStatements(dd)
		f := &fixture{db: dd, svc: policy.New(dd, policy.Config{}), clock: policytest.NewClock(time.Now())}
		f.member = f.account(t, "ada")
		for range 3 {
			f.submit(t, f.member)
		}
		first := 10
		page := func() *ent.ProblemConnection {
			t.Helper()
			conn, err := f.svc.PageProblems(ctx, policy.ProblemPage{First: &first})
			if err != nil {
				t.Fatal(err)
			}
			return conn
		}
		page()
		n.Store(0)
		if conn := page(); n.Load() != 0 || conn.TotalCount != 3 || len(conn.Edges) != 3 || conn.Edges[2].Node.Edges.CurrentRevision == nil {
			t.Errorf("repeat page: %d statements, %d of %d; want 0 statements, 3 packets", n.Load(), len(conn.Edges), conn.TotalCount)
		}
		f.submit(t, f.member)
		if conn := page(); conn.TotalCount != 4 || len(conn.Edges) != 4 {
			t.Errorf("after a submission the page has %d of %d; want 4", len(conn.Edges), conn.TotalCount)
		}
	})
}
