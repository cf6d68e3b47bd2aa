package corpus

import (
	"context"
	"database/sql"
	"fmt"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/policy"
)

// Closure is the summary of a node's uses closure: every node it rests on,
// directly or not (itself excluded).
type Closure struct {
	// Size is how many nodes the closure holds; not current while Pending.
	Size int
	// Pending is true while the size is being counted: a merge changed the
	// closure's shape and left the count to a job (CountClosures).
	Pending bool
	// LowestLevel is the lowest level in the closure; -1 when it is empty.
	LowestLevel int
	// SorryInClosure is true when some node of the closure is below E2.
	SorryInClosure bool
}

// querier is a database or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// closureSQL walks uses from one node with a recursive common table
// expression; UNION keeps each node once, so shared ancestors are counted
// once and the walk ends on any graph.
const closureSQL = `WITH RECURSIVE c(id) AS (
	SELECT to_id FROM corpus_edges WHERE from_id = %[1]s AND kind = 'USES' AND to_id IS NOT NULL
	UNION
	SELECT e.to_id FROM corpus_edges e JOIN c ON e.from_id = c.id WHERE e.kind = 'USES' AND e.to_id IS NOT NULL
)
SELECT COUNT(*), COALESCE(MIN(n.level), -1), COALESCE(SUM(CASE WHEN n.level < 2 THEN 1 ELSE 0 END), 0)
FROM c JOIN corpus_nodes n ON n.id = c.id`

// Closure summarises the uses closure of the node ref (N-<n> or label)
// from what the node stores: the merge and every recomputation keep the
// summary with the levels, so reading it walks nothing. Its size may be
// pending: a merge leaves counting it to a job.
func (s *Service) Closure(ctx context.Context, ref string) (*Closure, error) {
	n, err := baseOf(ctx, s.client, ref)
	if err != nil {
		return nil, err
	}
	if n == nil {
		return nil, fmt.Errorf("corpus node %q: %w", ref, policy.ErrNotFound)
	}
	c := &Closure{Size: n.ClosureSize, Pending: n.ClosurePending, LowestLevel: n.ClosureLowest, SorryInClosure: n.SorryInClosure}
	if c.Pending && c.LowestLevel < 0 {
		// No lowest level: the node uses nothing, and rests on nothing
		// whatever the count will say.
		c.Size, c.Pending = 0, false
	}
	return c, nil
}

// closureCount counts a node's uses closure by the recursive query.
func (s *Service) closureCount(ctx context.Context, q querier, id string) (int, error) {
	var size, low, below int
	if err := q.QueryRowContext(ctx, fmt.Sprintf(closureSQL, s.ph(1)), id).Scan(&size, &low, &below); err != nil {
		return 0, fmt.Errorf("closure of %s: %w", id, err)
	}
	return size, nil
}

// ClosureByQuery summarises the uses closure of the node ref by walking
// it with the plain recursive query, the reference the stored summary is
// held to and measured against.
func (s *Service) ClosureByQuery(ctx context.Context, ref string) (*Closure, error) {
	n, err := baseOf(ctx, s.client, ref)
	if err != nil {
		return nil, err
	}
	if n == nil {
		return nil, fmt.Errorf("corpus node %q: %w", ref, policy.ErrNotFound)
	}
	var (
		c     Closure
		below int
	)
	q := fmt.Sprintf(closureSQL, s.ph(1))
	if err := s.db.QueryRowContext(ctx, q, n.ID).Scan(&c.Size, &c.LowestLevel, &below); err != nil {
		return nil, fmt.Errorf("closure of %s: %w", n.ID, err)
	}
	c.SorryInClosure = below > 0
	return &c, nil
}

// dependantsSQL walks uses backwards from a set of nodes: every node that
// rests on one of them.
const dependantsSQL = `WITH RECURSIVE d(id) AS (
	SELECT from_id FROM corpus_edges WHERE %[1]s AND kind = 'USES'
	UNION
	SELECT e.from_id FROM corpus_edges e JOIN d ON e.to_id = d.id WHERE e.kind = 'USES'
)
SELECT id FROM d`

// dependants are the nodes whose uses closure holds one of ids.
func (s *Service) dependants(ctx context.Context, q querier, ids []string) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	in, args := inSQL(s.postgres(), "to_id", 1, ids)
	rows, err := q.QueryContext(ctx, fmt.Sprintf(dependantsSQL, in), args...)
	if err != nil {
		return nil, fmt.Errorf("dependants: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("dependants: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// postgres is whether the service's database is PostgreSQL.
func (s *Service) postgres() bool { return s.db.Dialect == dialect.Postgres }

// ph is the n-th bind parameter of the service's database.
func (s *Service) ph(n int) string {
	if s.db.Dialect == dialect.Postgres {
		return fmt.Sprintf("$%d", n)
	}
	return "?"
}
