package policy

import (
	"runtime"
	"strings"
	"sync"
	"weak"

	"github.com/theoremdb/theoremdb/ent"
)

// lowerBounds are the pages whose TotalCount is a lower bound, held
// weakly: an entry goes with its page. A page with edges says so in its
// cursors too, which copies of the page keep.
var lowerBounds struct {
	sync.Mutex
	m map[weak.Pointer[ent.ProblemConnection]]bool
}

func markLowerBound(conn *ent.ProblemConnection) {
	p := weak.Make(conn)
	lowerBounds.Lock()
	defer lowerBounds.Unlock()
	if lowerBounds.m == nil {
		lowerBounds.m = map[weak.Pointer[ent.ProblemConnection]]bool{}
	}
	lowerBounds.m[p] = true
	runtime.AddCleanup(conn, func(p weak.Pointer[ent.ProblemConnection]) {
		lowerBounds.Lock()
		delete(lowerBounds.m, p)
		lowerBounds.Unlock()
	}, p)
}

// TotalIsLowerBound says whether the TotalCount of conn, a page that
// PageProblems or PageByRelevance returned, is a lower bound rather than
// exact: more problems may match its search than it ranked (MaxRanked),
// and its pages end at the last ranked. TotalCount is then MaxRanked, or
// fewer for a phrase on PostgreSQL, which checks phrases on the ranked
// only. A list should then say "N+" or "at least N", not "N", and may
// suggest narrowing the search. A copy of an empty page (a cache's) does
// not know.
func TotalIsLowerBound(conn *ent.ProblemConnection) bool {
	if len(conn.Edges) > 0 {
		id := conn.Edges[0].Cursor.ID
		return strings.HasPrefix(id, "RELEVANCE:") && strings.HasSuffix(id, "+")
	}
	lowerBounds.Lock()
	defer lowerBounds.Unlock()
	return lowerBounds.m[weak.Make(conn)]
}
