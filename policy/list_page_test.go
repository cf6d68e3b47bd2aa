package policy_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
	"github.com/theoremdb/theoremdb/role"
)

// pageFixture is a database of n listed problems whose deadlines, submission and update times
// run in steps with ties (three problems a step), so that every order has rows its column alone
// cannot tell apart; log records every statement sent.
type pageFixture struct {
	*fixture
	mu  sync.Mutex
	log []string
}

func newPageFixture(t *testing.T, d string, n int) *pageFixture {
	t.Helper()
	dd := dbtest.Open(t, d)
	pf := &pageFixture{}
	dd.WrapDriver = func(drv dialect.Driver) dialect.Driver { return recordingDriver{drv, &pf.mu, &pf.log} }
	clock := policytest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	pf.fixture = &fixture{db: dd, svc: policy.New(dd, policy.Config{}, policy.WithClock(clock)), clock: clock}
	pf.reviewer = pf.account(t, "rita", role.Reviewer)
	for i := range n {
		if i%15 == 0 {
			pf.member = pf.account(t, fmt.Sprintf("member%d", i))
		}
		if i%3 == 0 {
			clock.Advance(time.Minute)
		}
		pf.submit(t, pf.member)
	}
	return pf
}

// counts is how many of the statements since the last call (to it or to sent) counted rows.
func (pf *pageFixture) counts() int {
	n := 0
	for _, q := range pf.sent() {
		if strings.Contains(strings.ToUpper(q), "COUNT(") {
			n++
		}
	}
	return n
}

// sent is the statements sent since the last call (to it or to counts).
func (pf *pageFixture) sent() []string {
	pf.mu.Lock()
	defer pf.mu.Unlock()
	out := slices.Clone(pf.log)
	pf.log = pf.log[:0]
	return out
}

// every order the GraphQL problems connection offers, both directions of each field.
func everyOrder() []*ent.ProblemOrder {
	var out []*ent.ProblemOrder
	for _, f := range []*ent.ProblemOrderField{ent.ProblemOrderFieldNumber, ent.ProblemOrderFieldTitle,
		ent.ProblemOrderFieldSubmittedAt, ent.ProblemOrderFieldDeadline, ent.ProblemOrderFieldUpdatedAt} {
		for _, d := range []entgql.OrderDirection{entgql.OrderDirectionAsc, entgql.OrderDirectionDesc} {
			out = append(out, &ent.ProblemOrder{Field: f, Direction: d})
		}
	}
	return out
}

// wantOrder is every listed problem's ID in order, by the order's column and then the ID,
// read with one plain ORDER BY.
func wantOrder(t *testing.T, c *ent.Client, o *ent.ProblemOrder) []string {
	t.Helper()
	column := map[string]string{"NUMBER": problem.FieldNumber, "TITLE": problem.FieldTitle,
		"SUBMITTED_AT": problem.FieldSubmittedAt, "DEADLINE": problem.FieldDeadline, "UPDATED_AT": problem.FieldUpdatedAt}[o.Field.String()]
	by := ent.Asc(column, problem.FieldID)
	if o.Direction == entgql.OrderDirectionDesc {
		by = ent.Desc(column, problem.FieldID)
	}
	ids, err := c.Problem.Query().Where(policy.Listed()).Order(by).IDs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

func idsOf(conn *ent.ProblemConnection) []string {
	var out []string
	for _, e := range conn.Edges {
		out = append(out, e.Node.ID)
	}
	return out
}

// TestPageEveryOrder pages through the list in every order, both directions, forwards with
// first and backwards with last, on a fresh service each time (so nothing is kept): the first
// page, every middle page and the last come in the order a plain ORDER BY gives, ties broken by
// the ID, each problem once; the page info says exactly whether there is more on either side;
// and the total is the whole list's on every page.
func TestPageEveryOrder(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		const n = 11
		pf := newPageFixture(t, d, n)
		for _, o := range everyOrder() {
			want := wantOrder(t, pf.svc.Client(), o)
			if len(want) != n {
				t.Fatalf("%d listed; want %d", len(want), n)
			}
			read := func(q policy.ProblemPage) *ent.ProblemConnection {
				t.Helper()
				q.Order = o
				conn, err := policy.New(pf.db, policy.Config{}).PageProblems(ctx, q)
				if err != nil {
					t.Fatalf("%s %s: %v", o.Field, o.Direction, err)
				}
				if conn.TotalCount != n {
					t.Errorf("%s %s: total %d; want %d", o.Field, o.Direction, conn.TotalCount, n)
				}
				return conn
			}
			size := 4
			var forward []string
			var after *ent.Cursor
			for page := 0; page < 4; page++ {
				conn := read(policy.ProblemPage{First: &size, After: after})
				forward = append(forward, idsOf(conn)...)
				last := len(forward) == n
				if conn.PageInfo.HasNextPage == last || conn.PageInfo.HasPreviousPage != (page > 0) {
					t.Errorf("%s %s page %d: next %v, previous %v", o.Field, o.Direction, page, conn.PageInfo.HasNextPage, conn.PageInfo.HasPreviousPage)
				}
				if last {
					break
				}
				after = conn.PageInfo.EndCursor
			}
			if !slices.Equal(forward, want) {
				t.Errorf("%s %s forwards: %v; want %v", o.Field, o.Direction, forward, want)
			}
			var backward []string
			var before *ent.Cursor
			for page := 0; page < 4; page++ {
				conn := read(policy.ProblemPage{Last: &size, Before: before})
				backward = append(idsOf(conn), backward...)
				if !conn.PageInfo.HasPreviousPage {
					break
				}
				before = conn.PageInfo.StartCursor
			}
			if !slices.Equal(backward, want) {
				t.Errorf("%s %s backwards: %v; want %v", o.Field, o.Direction, backward, want)
			}
			// Between two cursors: the rows strictly inside.
			all := read(policy.ProblemPage{First: &[]int{n}[0]})
			mid := read(policy.ProblemPage{First: &size, After: &all.Edges[2].Cursor, Before: &all.Edges[5].Cursor})
			if got := idsOf(mid); !slices.Equal(got, want[3:5]) {
				t.Errorf("%s %s between the 3rd and the 6th: %v; want %v", o.Field, o.Direction, got, want[3:5])
			}
		}
	})
}

// TestPageEmpty: a filter nothing matches, and the end of the list, are pages without edges,
// cursors or a next page, and a total of what matches.
func TestPageEmpty(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		pf := newPageFixture(t, d, 3)
		size := 5
		archived := problem.StateARCHIVED
		conn, err := pf.svc.PageProblems(ctx, policy.ProblemPage{First: &size, Where: &ent.ProblemWhereInput{State: &archived}})
		if err != nil {
			t.Fatal(err)
		}
		if len(conn.Edges) != 0 || conn.TotalCount != 0 || conn.PageInfo.HasNextPage || conn.PageInfo.HasPreviousPage ||
			conn.PageInfo.StartCursor != nil || conn.PageInfo.EndCursor != nil {
			t.Errorf("a page of no archived problems = %+v", conn)
		}
		all, err := pf.svc.PageProblems(ctx, policy.ProblemPage{First: &size})
		if err != nil || len(all.Edges) != 3 || all.PageInfo.HasNextPage {
			t.Fatalf("the whole list = %+v, %v", all, err)
		}
		past, err := pf.svc.PageProblems(ctx, policy.ProblemPage{First: &size, After: all.PageInfo.EndCursor})
		if err != nil || len(past.Edges) != 0 || past.PageInfo.HasNextPage || !past.PageInfo.HasPreviousPage || past.TotalCount != 3 {
			t.Errorf("the page after the last = %+v, %v", past, err)
		}
		l, err := pf.svc.ListProblems(ctx, policy.ListQuery{State: string(archived)})
		if err != nil || len(l.Problems) != 0 || l.Total != 0 || l.Next != "" || l.Prev != "" {
			t.Errorf("the list page of no archived problems = %+v, %v", l, err)
		}
	})
}

// TestPageAfterRemovedRow: a cursor keeps its place when the problem it was made from is
// removed: the next page is the problems after where it stood, in every order, and the total
// no longer counts it.
func TestPageAfterRemovedRow(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		const n = 7
		pf := newPageFixture(t, d, n)
		size := 3
		type held struct {
			order *ent.ProblemOrder
			want  []string
			after *ent.Cursor
		}
		var cursors []held
		victim := ""
		for _, o := range everyOrder() {
			conn, err := pf.svc.PageProblems(ctx, policy.ProblemPage{Order: o, First: &size})
			if err != nil {
				t.Fatal(err)
			}
			all := wantOrder(t, pf.svc.Client(), o)
			if o.Field.String() == "NUMBER" && o.Direction == entgql.OrderDirectionAsc {
				victim = conn.Edges[size-1].Node.ID // the first page's last problem
			}
			cursors = append(cursors, held{o, all, conn.PageInfo.EndCursor})
		}
		removeProblem(t, pf.fixture, victim)
		for _, c := range cursors {
			conn, err := pf.svc.PageProblems(ctx, policy.ProblemPage{Order: c.order, First: &size, After: c.after})
			if err != nil {
				t.Fatalf("%s %s after a cursor: %v", c.order.Field, c.order.Direction, err)
			}
			at := slices.Index(c.want, c.after.ID[strings.LastIndexByte(c.after.ID, ':')+1:])
			var want []string
			for _, id := range c.want[at+1:] {
				if id != victim && len(want) < size {
					want = append(want, id)
				}
			}
			if got := idsOf(conn); !slices.Equal(got, want) {
				t.Errorf("%s %s after a cursor: %v; want %v", c.order.Field, c.order.Direction, got, want)
			}
			if conn.TotalCount != n-1 {
				t.Errorf("%s %s: total %d after a removal; want %d", c.order.Field, c.order.Direction, conn.TotalCount, n-1)
			}
		}
	})
}

// TestPageBadCursor: a cursor of the wrong shape — not one of ours, a value of another type than
// its order's, made for another order — is refused before any statement, as a CursorError the
// list page turns into a field error that says what to do.
func TestPageBadCursor(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		pf := newPageFixture(t, d, 3)
		size := 2
		deadline := &ent.ProblemOrder{Field: ent.ProblemOrderFieldDeadline, Direction: entgql.OrderDirectionAsc}
		good, err := pf.svc.PageProblems(ctx, policy.ProblemPage{Order: deadline, First: &size})
		if err != nil {
			t.Fatal(err)
		}
		for name, c := range map[string]*ent.Cursor{
			"unsealed":      {ID: "TDB-1", Value: time.Now()},
			"wrong value":   {ID: "DEADLINE ASC:TDB-1", Value: "soon"},
			"no value":      {ID: "DEADLINE ASC:TDB-1"},
			"not an ID":     {ID: "DEADLINE ASC:1 OR 1=1", Value: time.Now()},
			"unknown order": {ID: "COLOUR ASC:TDB-1", Value: time.Now()},
		} {
			pf.sent()
			_, err := pf.svc.PageProblems(ctx, policy.ProblemPage{Order: deadline, First: &size, After: c})
			var ce *policy.CursorError
			if !errors.As(err, &ce) || ce.Name != "after" || !errors.Is(err, policy.ErrBadCursor) {
				t.Errorf("%s: %v; want a bad after cursor", name, err)
			}
			if sent := pf.sent(); len(sent) != 0 {
				t.Errorf("%s: statements sent for a bad cursor: %v", name, sent)
			}
		}
		var oe *policy.CursorOrderError
		if _, err := pf.svc.PageProblems(ctx, policy.ProblemPage{First: &size, Before: good.PageInfo.EndCursor}); !errors.As(err, &oe) {
			t.Errorf("a deadline cursor by number: %v; want a CursorOrderError", err)
		}
		_, err = pf.svc.ListProblems(ctx, policy.ListQuery{After: "not-a-cursor"})
		if fe := policy.FieldErrors(err); len(fe) != 1 || fe[0].Field[0] != "after" || !strings.Contains(fe[0].Message, "start again from the first page") {
			t.Errorf("ListProblems with a garbled cursor: %v", err)
		}
	})
}

// TestPageCountFollowsEvents: the total of a filter is counted once between events, whatever
// page or order is read, and counted again after an event, which changes it.
func TestPageCountFollowsEvents(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		pf := newPageFixture(t, d, 5)
		size := 2
		prospecting := problem.StatePROSPECTING
		where := &ent.ProblemWhereInput{State: &prospecting}
		pf.counts()
		conn, err := pf.svc.PageProblems(ctx, policy.ProblemPage{First: &size, Where: where})
		if err != nil || conn.TotalCount != 5 {
			t.Fatalf("first page: %+v, %v", conn, err)
		}
		if c := pf.counts(); c != 1 {
			t.Errorf("the first page counted %d times; want once", c)
		}
		for _, q := range []policy.ProblemPage{
			{First: &size, Where: where, After: conn.PageInfo.EndCursor},
			{First: &size, Where: where, Order: &ent.ProblemOrder{Field: ent.ProblemOrderFieldUpdatedAt, Direction: entgql.OrderDirectionDesc}},
		} {
			next, err := pf.svc.PageProblems(ctx, q)
			if err != nil || next.TotalCount != 5 {
				t.Fatalf("another page: %+v, %v", next, err)
			}
		}
		if c := pf.counts(); c != 0 {
			t.Errorf("two more pages of the same filter counted %d times; want none", c)
		}
		pf.submit(t, pf.member)
		again, err := pf.svc.PageProblems(ctx, policy.ProblemPage{First: &size, Where: where, After: conn.PageInfo.EndCursor})
		if err != nil || again.TotalCount != 6 {
			t.Errorf("after a submission the total is %d, %v; want 6", again.TotalCount, err)
		}
		l, err := pf.svc.ListProblems(ctx, policy.ListQuery{State: string(prospecting), First: 2})
		if err != nil || l.Total != 6 {
			t.Errorf("the list page's total is %d, %v; want 6", l.Total, err)
		}
	})
}
