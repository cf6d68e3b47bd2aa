package policy

import (
	"context"
	"encoding/json"
	"fmt"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
)

// pageColumns are the columns of the orders a page of problems can take, by the order field's
// name: each has an index that leads with it and ends with the ID (ent/schema/problem.go;
// NUMBER is unique and its own index), so that the page after a cursor is read from the cursor's
// place in the index, at any depth.
var pageColumns = map[string]string{
	"NUMBER":       problem.FieldNumber,
	"TITLE":        problem.FieldTitle,
	"SUBMITTED_AT": problem.FieldSubmittedAt,
	"DEADLINE":     problem.FieldDeadline,
	"UPDATED_AT":   problem.FieldUpdatedAt,
}

// keysetPage is a Relay page of base in order, which has a field: the rows after the cursor
// after and before the cursor before (both opened by OpenProblemCursor), the first of them or
// the last, each found by comparing (the order's column, ID) with the cursor's pair, never by
// skipping rows. total is the number of rows of base, counted by the caller. The connection is
// the one ent's Paginate builds: the same edges, cursors (before sealing), page info and total.
func keysetPage(ctx context.Context, base *ent.ProblemQuery, order *ent.ProblemOrder, after, before *ent.Cursor,
	first, last *int, total int) (*ent.ProblemConnection, error) {
	var v validator
	switch {
	case first != nil && last != nil:
		v.add(CodeInvalid, "a page takes first or last, not both", "last")
	case first != nil && *first < 0:
		v.add(CodeInvalid, "cannot be less than zero", "first")
	case last != nil && *last < 0:
		v.add(CodeInvalid, "cannot be less than zero", "last")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	var column string
	if order.Field != nil {
		column = pageColumns[order.Field.String()]
	}
	if column == "" || order.Direction.Validate() != nil {
		return nil, fmt.Errorf("no keyset for order %s", orderKey(order))
	}
	conn := &ent.ProblemConnection{Edges: []*ent.ProblemEdge{}, TotalCount: total}
	conn.PageInfo.HasNextPage = first != nil && total > 0
	conn.PageInfo.HasPreviousPage = last != nil && total > 0
	if (first != nil && *first == 0) || (last != nil && *last == 0) {
		return conn, nil
	}
	q := base.Clone()
	if after != nil {
		q = q.Where(beyond(column, order.Direction, after))
	}
	if before != nil {
		q = q.Where(beyond(column, order.Direction.Reverse(), before))
	}
	dir := order.Direction
	size := first
	if last != nil {
		dir, size = dir.Reverse(), last // read back from the end, then turn the page round
	}
	if size != nil {
		q = q.Limit(*size + 1) // one more says whether there is a next page
	}
	sortBy := ent.Asc(column, problem.FieldID)
	if dir == entgql.OrderDirectionDesc {
		sortBy = ent.Desc(column, problem.FieldID)
	}
	nodes, err := q.Order(sortBy).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list problems: %w", err)
	}
	return buildPage(conn, nodes, order, after, before, first, last)
}

// beyond is the rows past the cursor c in the order of column, then ID, taken in direction d.
func beyond(column string, d entgql.OrderDirection, c *ent.Cursor) func(*sql.Selector) {
	cmp := sql.CompositeGT
	if d == entgql.OrderDirectionDesc {
		cmp = sql.CompositeLT
	}
	return func(s *sql.Selector) {
		s.Where(cmp([]string{s.C(column), s.C(problem.FieldID)}, c.Value, c.ID))
	}
}

// buildPage fills conn with nodes, read in the page's direction with one row more than the page
// when there is one, as Paginate's connection does.
func buildPage(conn *ent.ProblemConnection, nodes []*ent.Problem, order *ent.ProblemOrder, after, before *ent.Cursor,
	first, last *int) (*ent.ProblemConnection, error) {
	conn.PageInfo.HasNextPage = before != nil
	conn.PageInfo.HasPreviousPage = after != nil
	switch {
	case first != nil && *first+1 == len(nodes):
		conn.PageInfo.HasNextPage = true
		nodes = nodes[:len(nodes)-1]
	case last != nil && *last+1 == len(nodes):
		conn.PageInfo.HasPreviousPage = true
		nodes = nodes[:len(nodes)-1]
	}
	conn.Edges = make([]*ent.ProblemEdge, len(nodes))
	for i := range nodes {
		node := nodes[i]
		if last != nil {
			node = nodes[len(nodes)-1-i]
		}
		value, err := order.Field.Value(node)
		if err != nil {
			return nil, fmt.Errorf("order value: %w", err)
		}
		conn.Edges[i] = &ent.ProblemEdge{Node: node, Cursor: ent.Cursor{ID: node.ID, Value: value}}
	}
	if n := len(conn.Edges); n > 0 {
		conn.PageInfo.StartCursor = &conn.Edges[0].Cursor
		conn.PageInfo.EndCursor = &conn.Edges[n-1].Cursor
	}
	if conn.TotalCount == 0 {
		conn.TotalCount = len(nodes)
	}
	return conn, nil
}

// countKey identifies the rows a page is taken from (its filter, search and whether removed
// problems are listed), whatever its order and cursors; "" when the filter cannot be told
// apart (predicates built in code).
func countKey(q ProblemPage) string {
	if q.Where != nil && hasPredicates(q.Where) {
		return ""
	}
	b, err := json.Marshal([]any{q.Where, q.Search, listsRemoved(q.Viewer)})
	if err != nil {
		return ""
	}
	return string(b)
}

// pageTotal is the number of rows of base, the rows of the pages key names: counted once
// between events and kept, as the pages are, since only an event changes it.
func (s *Service) pageTotal(ctx context.Context, key string, base *ent.ProblemQuery) (int, error) {
	n, seq, ok := s.pages.count(key)
	if ok {
		return n, nil
	}
	n, err := base.Clone().Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count problems: %w", err)
	}
	s.pages.putCount(key, seq, n)
	return n, nil
}
