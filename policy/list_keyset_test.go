package policy_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
	"github.com/theoremdb/theoremdb/role"
)

// recordingDriver keeps the text of every statement sent.
type recordingDriver struct {
	dialect.Driver
	mu  *sync.Mutex
	log *[]string
}

func (r recordingDriver) Query(ctx context.Context, q string, args, v any) error {
	r.mu.Lock()
	*r.log = append(*r.log, q)
	r.mu.Unlock()
	return r.Driver.Query(ctx, q, args, v)
}

// TestListPagesByKeyset walks the list to its end in every order of the
// list page and holds every page's statements to keyset reads: the page
// after a cursor is found by the cursor's values, never by skipping rows
// with OFFSET, so a page deep in a large list costs what the first does;
// and the walk visits every listed problem once.
func TestListPagesByKeyset(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		dd := dbtest.Open(t, d)
		var (
			mu  sync.Mutex
			log []string
		)
		dd.WrapDriver = func(drv dialect.Driver) dialect.Driver { return recordingDriver{drv, &mu, &log} }
		f := &fixture{db: dd, svc: policy.New(dd, policy.Config{}), clock: policytest.NewClock(time.Now())}
		f.reviewer = f.account(t, "rita", role.Reviewer)
		const n = 23
		for i := range n {
			if i%15 == 0 {
				f.member = f.account(t, fmt.Sprintf("member%d", i))
			}
			f.submit(t, f.member)
		}
		orders := []*ent.ProblemOrder{nil,
			{Field: ent.ProblemOrderFieldDeadline, Direction: entgql.OrderDirectionAsc},
			{Field: ent.ProblemOrderFieldSubmittedAt, Direction: entgql.OrderDirectionDesc},
			{Field: ent.ProblemOrderFieldUpdatedAt, Direction: entgql.OrderDirectionDesc}}
		for _, order := range orders {
			first := 5
			var after *ent.Cursor
			seen := map[string]bool{}
			var walked []*ent.Problem
			for page := 0; ; page++ {
				mu.Lock()
				log = log[:0]
				mu.Unlock()
				// A service of its own each time, so that the page is read, not kept.
				conn, err := policy.New(dd, policy.Config{}).PageProblems(ctx, policy.ProblemPage{Order: order, After: after, First: &first})
				if err != nil {
					t.Fatal(err)
				}
				mu.Lock()
				for _, q := range log {
					if strings.Contains(strings.ToUpper(q), "OFFSET") {
						t.Errorf("order %v, page %d: a statement skips rows with OFFSET: %s", order, page, q)
					}
				}
				mu.Unlock()
				for _, e := range conn.Edges {
					if seen[e.Node.ID] {
						t.Errorf("order %v: %s on two pages", order, e.Node.ID)
					}
					seen[e.Node.ID] = true
					walked = append(walked, e.Node)
				}
				if !conn.PageInfo.HasNextPage {
					break
				}
				after = conn.PageInfo.EndCursor
			}
			if len(walked) != n {
				t.Errorf("order %v: the walk visited %d problems; want %d", order, len(walked), n)
			}
		}
	})
}
