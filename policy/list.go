package policy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"entgo.io/contrib/entgql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/tag"
)

// ListSort is an order of the public list of problems.
type ListSort string

// The orders of the list. Relevance needs a search and is its default.
const (
	SortDeadline  ListSort = "deadline"
	SortSubmitted ListSort = "submitted"
	SortUpdated   ListSort = "updated"
	SortNumber    ListSort = "number"
	SortRelevance ListSort = "relevance"
)

// ListSorts are the orders a reader may ask for, in the order offered.
var ListSorts = []ListSort{SortDeadline, SortSubmitted, SortUpdated, SortNumber, SortRelevance}

// ListQuery asks for one page of the public list of problems. Every
// filter is optional; After and Before are cursors of an earlier page.
type ListQuery struct {
	State, Tag, Acceptance, Provenance string
	Search                             string
	Sort                               ListSort
	After, Before                      string
	First                              int
}

// ProblemList is one page of the list.
type ProblemList struct {
	Problems []ProblemSummary
	Total    int
	// Sort is the order used (the default when none was asked for).
	Sort ListSort
	// Next and Prev are the cursors of the neighbouring pages, empty at an end.
	Next, Prev string
}

// ProblemSummary is a problem as a list shows it.
type ProblemSummary struct {
	ID, Slug, Title string
	Number          int
	State           problem.State
	Deadline        time.Time
	AcceptedAt      *time.Time
	// Snippet is the passage that matched a search, its matches marked.
	Snippet []SnippetPart
}

// SummaryOf is the summary of p.
func SummaryOf(p *ent.Problem) ProblemSummary {
	return ProblemSummary{ID: p.ID, Slug: p.Slug, Title: p.Title, Number: p.Number, State: p.State,
		Deadline: p.Deadline, AcceptedAt: p.AcceptedAt}
}

// MaxListPage is the longest page of the list.
const MaxListPage = 100

// ListProblems returns a page of the public list: never removed problems,
// filtered, searched and sorted as asked. Bad filters, sorts and cursors are
// a *ValidationError naming the parameter.
func (s *Service) ListProblems(ctx context.Context, q ListQuery) (*ProblemList, error) {
	var v validator
	preds := []predicate.Problem{Listed()}
	enum := func(val, name string, valid func(string) error, pred func(string) predicate.Problem) {
		if val == "" {
			return
		}
		if valid(val) != nil || name == "state" && val == string(problem.StateREMOVED) {
			v.add(CodeInvalid, fmt.Sprintf("%q is not a %s", val, name), name)
			return
		}
		preds = append(preds, pred(val))
	}
	enum(q.State, "state", func(x string) error { return problem.StateValidator(problem.State(x)) },
		func(x string) predicate.Problem { return problem.StateEQ(problem.State(x)) })
	enum(q.Acceptance, "acceptance", func(x string) error { return problem.AcceptanceKindValidator(problem.AcceptanceKind(x)) },
		func(x string) predicate.Problem { return problem.AcceptanceKindEQ(problem.AcceptanceKind(x)) })
	enum(q.Provenance, "provenance", func(x string) error { return problem.ProvenanceKindValidator(problem.ProvenanceKind(x)) },
		func(x string) predicate.Problem { return problem.ProvenanceKindEQ(problem.ProvenanceKind(x)) })
	if q.Tag != "" && storable(q.Tag) {
		preds = append(preds, problem.HasTagsWith(tag.Name(q.Tag)))
	}
	var (
		search    Search
		searching bool
	)
	if q.Search = strings.TrimSpace(q.Search); q.Search != "" && v.line(q.Search, false, MaxSearch, "q") {
		if search, searching = ParseSearch(q.Search); searching {
			preds = append(preds, s.Matching(search))
		}
	}
	if q.Tag != "" {
		v.line(q.Tag, false, MaxTag, "tag")
	}
	sort := q.Sort
	switch {
	case sort == "" && searching:
		sort = SortRelevance
	case sort == "":
		sort = SortDeadline
	case sort == SortRelevance && !searching:
		v.add(CodeInvalid, "relevance needs a search", "sort")
	case !validSort(sort):
		v.add(CodeInvalid, fmt.Sprintf("%q is not an order of the list", sort), "sort")
	}
	if q.First <= 0 || q.First > MaxListPage {
		q.First = 50
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	base := s.client.Problem.Query().Where(preds...)
	var (
		out *listed
		err error
	)
	if sort == SortRelevance {
		out, err = s.listByRelevance(ctx, base, search, q)
	} else {
		out, err = s.listByField(ctx, base, sortOrder(sort), q)
	}
	if err != nil {
		return nil, err
	}
	out.Sort = sort
	if searching && len(out.Problems) > 0 {
		byRev := map[string]int{}
		var revs []string
		for i := range out.Problems {
			if rid := out.revisions[i]; rid != "" {
				byRev[rid] = i
				revs = append(revs, rid)
			}
		}
		snips, err := s.Snippets(ctx, search, revs)
		if err != nil {
			return nil, err
		}
		for rid, sn := range snips {
			out.Problems[byRev[rid]].Snippet = sn
		}
	}
	return &out.ProblemList, nil
}

func validSort(s ListSort) bool {
	for _, x := range ListSorts {
		if x == s {
			return true
		}
	}
	return false
}

func sortOrder(s ListSort) *ent.ProblemOrder {
	o := func(f *ent.ProblemOrderField, d entgql.OrderDirection) *ent.ProblemOrder {
		return &ent.ProblemOrder{Field: f, Direction: d}
	}
	switch s {
	case SortSubmitted:
		return o(ent.ProblemOrderFieldSubmittedAt, entgql.OrderDirectionDesc)
	case SortUpdated:
		return o(ent.ProblemOrderFieldUpdatedAt, entgql.OrderDirectionDesc)
	case SortNumber:
		return o(ent.ProblemOrderFieldNumber, entgql.OrderDirectionAsc)
	}
	return o(ent.ProblemOrderFieldDeadline, entgql.OrderDirectionAsc)
}

// listed is a page with the current revision of each problem, for snippets.
type listed struct {
	ProblemList
	revisions []string
}

func (l *listed) add(p *ent.Problem) {
	l.Problems = append(l.Problems, SummaryOf(p))
	rid := ""
	if p.CurrentRevisionID != nil {
		rid = *p.CurrentRevisionID
	}
	l.revisions = append(l.revisions, rid)
}

// listByField pages by an order field with entgql's keyset cursors, sealed
// with their order so that a cursor of another order is refused.
func (s *Service) listByField(ctx context.Context, base *ent.ProblemQuery, order *ent.ProblemOrder, q ListQuery) (*listed, error) {
	after, err := listCursor(q.After, "after", order)
	if err != nil {
		return nil, err
	}
	before, err := listCursor(q.Before, "before", order)
	if err != nil {
		return nil, err
	}
	first, last := &q.First, (*int)(nil)
	if before != nil && after == nil {
		first, last = nil, &q.First
	}
	conn, err := base.Paginate(ctx, after, first, before, last, ent.WithProblemOrder(order))
	if err != nil {
		return nil, fmt.Errorf("list problems: %w", err)
	}
	SealProblemCursors(conn, order)
	out := &listed{ProblemList: ProblemList{Total: conn.TotalCount}}
	for _, e := range conn.Edges {
		out.add(e.Node)
	}
	if len(conn.Edges) > 0 {
		if conn.PageInfo.HasNextPage || before != nil {
			out.Next = cursorString(conn.PageInfo.EndCursor)
		}
		if conn.PageInfo.HasPreviousPage || after != nil {
			out.Prev = cursorString(conn.PageInfo.StartCursor)
		}
	}
	return out, nil
}

func listCursor(raw, name string, order *ent.ProblemOrder) (*ent.Cursor, error) {
	if raw == "" {
		return nil, nil
	}
	c := &ent.Cursor{}
	if err := c.UnmarshalGQL(raw); err != nil {
		return nil, refuse(CodeInvalid, "this page link is not one of ours; start again from the first page", name)
	}
	open, err := OpenProblemCursor(c, order)
	if err != nil {
		return nil, refuse(CodeInvalid, "this page link belongs to another order of the list; start again from the first page", name)
	}
	return open, nil
}

func cursorString(c *ent.Cursor) string {
	if c == nil {
		return ""
	}
	var b strings.Builder
	c.MarshalGQL(&b)
	return strings.Trim(b.String(), `"`)
}

// listByRelevance pages by rank. Ranks have no column a keyset cursor
// could hold, so its cursors are offsets, bound to the search they were
// made for.
func (s *Service) listByRelevance(ctx context.Context, base *ent.ProblemQuery, search Search, q ListQuery) (*listed, error) {
	offset := 0
	for _, c := range []struct{ raw, name string }{{q.After, "after"}, {q.Before, "before"}} {
		if c.raw == "" {
			continue
		}
		n, err := openRelevanceCursor(c.raw, search)
		if err != nil {
			return nil, refuse(CodeInvalid, "this page link belongs to another search; start again from the first page", c.name)
		}
		if c.name == "after" {
			offset = n + 1
		} else {
			offset = max(0, n-q.First)
		}
	}
	total, err := base.Clone().Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("search problems: %w", err)
	}
	ps, err := base.Order(s.ByRelevance(search)).Offset(offset).Limit(q.First).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("search problems: %w", err)
	}
	out := &listed{ProblemList: ProblemList{Total: total}}
	for _, p := range ps {
		out.add(p)
	}
	if n := len(ps); n > 0 {
		if offset+n < total {
			out.Next = relevanceCursor(offset+n-1, search)
		}
		if offset > 0 {
			out.Prev = relevanceCursor(offset, search)
		}
	}
	return out, nil
}

// relevanceCursor is the position of a row in the ranked results of a
// search, with a digest of the search.
func relevanceCursor(pos int, search Search) string {
	return cursorString(&ent.Cursor{ID: "RELEVANCE:" + searchDigest(search) + ":" + strconv.Itoa(pos)})
}

func openRelevanceCursor(raw string, search Search) (int, error) {
	c := &ent.Cursor{}
	if err := c.UnmarshalGQL(raw); err != nil {
		return 0, err
	}
	rest, ok := strings.CutPrefix(c.ID, "RELEVANCE:"+searchDigest(search)+":")
	if !ok {
		return 0, ErrBadCursor
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 {
		return 0, ErrBadCursor
	}
	return n, nil
}

func searchDigest(s Search) string {
	sum := sha256.Sum256([]byte(s.fts5))
	return hex.EncodeToString(sum[:6])
}
