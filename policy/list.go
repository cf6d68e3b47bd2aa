package policy

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"entgo.io/contrib/entgql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/search"
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

// MaxSearch is the longest search a list takes, in characters.
const MaxSearch = search.MaxLength

// ListQuery asks for one page of the public list of problems. Every
// filter is optional; After and Before are cursors of an earlier page.
type ListQuery struct {
	// Viewer is who reads the list (nil when anonymous): removed problems are listed only for
	// moderators.
	Viewer                             *ent.Account
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
	// TotalAtLeast says more problems match a search than Total, the
	// number ranked.
	TotalAtLeast bool
	// Sort is the order used (the default when none was asked for).
	Sort ListSort
	// Next and Prev are the cursors of the neighbouring pages, empty at an end.
	Next, Prev string
	// Suggestion is the search with its unknown words corrected from the
	// index's vocabulary, when a search found nothing and a correction exists.
	Suggestion string
}

// ProblemSummary is a problem as a list shows it.
type ProblemSummary struct {
	ID, Slug, Title string
	Number          int
	State           string
	Deadline        time.Time
	AcceptedAt      *time.Time
	// Snippet is the passage that matched a search, its matches marked.
	Snippet []search.SnippetPart
}

// SummaryOf is the summary of p.
func SummaryOf(p *ent.Problem) ProblemSummary {
	return ProblemSummary{ID: p.ID, Slug: p.Slug, Title: p.Title, Number: p.Number, State: string(p.State),
		Deadline: p.Deadline, AcceptedAt: p.AcceptedAt}
}

// MaxListPage is the longest page of the list.
const MaxListPage = 100

// ListProblems returns a page of the public list for a reader: the
// filters of the list page put in terms of PageProblems, which applies the
// rules, and each problem with the passage a search matched. Bad filters,
// sorts and cursors are a *ValidationError naming the parameter.
func (s *Service) ListProblems(ctx context.Context, q ListQuery) (*ProblemList, error) {
	var (
		v     validator
		where ent.ProblemWhereInput
	)
	if q.State != "" {
		st := problem.State(q.State)
		if problem.StateValidator(st) != nil || (st == problem.StateREMOVED && !listsRemoved(q.Viewer)) {
			v.add(CodeInvalid, fmt.Sprintf("%q is not a state of a listed problem", q.State), "state")
		}
		where.State = &st
	}
	if q.Acceptance != "" {
		k := problem.AcceptanceKind(q.Acceptance)
		if problem.AcceptanceKindValidator(k) != nil {
			v.add(CodeInvalid, fmt.Sprintf("%q is not a kind of acceptance", q.Acceptance), "acceptance")
		}
		where.AcceptanceKind = &k
	}
	if q.Provenance != "" {
		k := problem.ProvenanceKind(q.Provenance)
		if problem.ProvenanceKindValidator(k) != nil {
			v.add(CodeInvalid, fmt.Sprintf("%q is not a kind of provenance", q.Provenance), "provenance")
		}
		where.ProvenanceKind = &k
	}
	if q.Tag != "" && v.line(q.Tag, false, MaxTag, "tag") {
		where.HasTagsWith = []*ent.TagWhereInput{{Name: &q.Tag}}
	}
	// A search with no word in it (only punctuation) shows the whole list.
	var (
		sq        search.Query
		searching bool
	)
	if v.line(q.Search, false, MaxSearch, "q") {
		sq, searching = search.Parse(q.Search)
	}
	if !searching {
		q.Search = ""
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
	page := ProblemPage{Viewer: q.Viewer, Where: &where, Search: q.Search, First: &q.First, Core: true} // a summary is the core's
	if sort != SortRelevance {
		page.Order = sortOrder(sort)
	}
	if q.First <= 0 || q.First > MaxListPage {
		q.First = 50
	}
	for _, c := range []struct {
		raw, name string
		to        **ent.Cursor
	}{{q.After, "after", &page.After}, {q.Before, "before", &page.Before}} {
		if c.raw == "" {
			continue
		}
		cur := &ent.Cursor{}
		if err := cur.UnmarshalGQL(c.raw); err != nil {
			v.add(CodeInvalid, "this page link is not one of ours; start again from the first page", c.name)
		}
		*c.to = cur
	}
	if page.Before != nil && page.After == nil {
		page.First, page.Last = nil, &q.First
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	conn, err := s.PageProblems(ctx, page)
	var ce *CursorError
	if errors.As(err, &ce) {
		return nil, refuse(CodeInvalid, "this page link belongs to another order or search; start again from the first page", ce.Name)
	}
	if err != nil {
		return nil, err
	}
	out := &ProblemList{Total: conn.TotalCount, TotalAtLeast: TotalIsLowerBound(conn), Sort: sort}
	revs := map[string]int{}
	var revIDs []string
	for i, e := range conn.Edges {
		out.Problems = append(out.Problems, SummaryOf(e.Node))
		if rid := e.Node.CurrentRevisionID; rid != nil {
			revs[*rid] = i
			revIDs = append(revIDs, *rid)
		}
	}
	if n := len(conn.Edges); n > 0 {
		if conn.PageInfo.HasNextPage || page.Before != nil {
			out.Next = cursorString(conn.PageInfo.EndCursor)
		}
		if conn.PageInfo.HasPreviousPage || page.After != nil {
			out.Prev = cursorString(conn.PageInfo.StartCursor)
		}
	}
	if searching && out.Total == 0 {
		if sug, ok, err := s.search.Suggest(ctx, q.Search); err != nil {
			return nil, err
		} else if ok {
			out.Suggestion = sug
		}
	}
	if searching && len(revIDs) > 0 {
		snips, err := s.search.Snippets(ctx, sq, revIDs)
		if err != nil {
			return nil, err
		}
		for rid, sn := range snips {
			out.Problems[revs[rid]].Snippet = sn
		}
	}
	return out, nil
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
		return DefaultOrder
	}
	return o(ent.ProblemOrderFieldDeadline, entgql.OrderDirectionAsc)
}

func cursorString(c *ent.Cursor) string {
	if c == nil {
		return ""
	}
	var b strings.Builder
	c.MarshalGQL(&b)
	return strings.Trim(b.String(), `"`)
}

// PageByRelevance pages the problems of base that match search, best
// match first, as a Relay connection. The ranking is bounded: at most
// search.MaxRanked matches are ranked (search.Index.Rank), so a reader pages through
// those and no further; when more match, TotalCount is the number ranked
// and TotalIsLowerBound(conn) is true. Ranks have no column a keyset cursor
// could hold, so these cursors are positions in the ranking, bound to the
// search they were made for: any other cursor, and a position at or past
// search.MaxRanked, is ErrBadCursor; a position past the last ranked (fewer match
// than when it was made) is an empty page. The ranking is the same on
// every page while the problems are. first (or last, before a cursor) is
// the page size.
func (s *Service) PageByRelevance(ctx context.Context, base *ent.ProblemQuery, sq search.Query,
	after *ent.Cursor, first *int, before *ent.Cursor, last *int) (*ent.ProblemConnection, error) {
	size := 20
	switch {
	case first != nil:
		size = *first
	case last != nil:
		size = *last
	}
	lo, hi := 0, search.MaxRanked // the window [lo, hi) of ranked positions
	if after != nil {
		n, err := openRelevanceCursor(after, sq)
		if err != nil {
			return nil, err
		}
		lo = n + 1
	}
	if before != nil {
		n, err := openRelevanceCursor(before, sq)
		if err != nil {
			return nil, err
		}
		hi = n
	}
	ranked, more, err := s.search.Rank(ctx, base, sq)
	if err != nil {
		return nil, err
	}
	total := len(ranked)
	hi = min(hi, total)
	offset := lo
	if first == nil && last != nil {
		offset = max(lo, hi-size)
	}
	limit := max(0, min(size, hi-offset))
	conn := &ent.ProblemConnection{TotalCount: total, Edges: []*ent.ProblemEdge{}}
	if more {
		markLowerBound(conn)
	}
	if limit > 0 {
		page := ranked[offset : offset+limit]
		ids := make([]string, len(page))
		for i, m := range page {
			ids[i] = *m.ID
		}
		ps, err := base.Clone().Where(problem.IDIn(ids...)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("search problems: %w", err)
		}
		byID := make(map[string]*ent.Problem, len(ps))
		for _, p := range ps {
			byID[p.ID] = p
		}
		for i, id := range ids {
			if p := byID[id]; p != nil { // else changed since it was ranked
				conn.Edges = append(conn.Edges, &ent.ProblemEdge{Node: p, Cursor: relevanceCursor(offset+i, sq, more)})
			}
		}
	}
	if n := len(conn.Edges); n > 0 {
		conn.PageInfo.StartCursor = &conn.Edges[0].Cursor
		conn.PageInfo.EndCursor = &conn.Edges[n-1].Cursor
		// Positions say exactly whether there is more on either side.
		conn.PageInfo.HasNextPage = offset+limit < total
		conn.PageInfo.HasPreviousPage = offset > 0
	}
	return conn, nil
}

// relevanceCursor is the position of a row in the ranked results of a
// search, with a digest of the search, and a mark (+) when more match than
// are ranked, which a copy of the page keeps (TotalIsLowerBound).
func relevanceCursor(pos int, sq search.Query, more bool) ent.Cursor {
	c := ent.Cursor{ID: "RELEVANCE:" + sq.Digest() + ":" + strconv.Itoa(pos)}
	if more {
		c.ID += "+"
	}
	return c
}

func openRelevanceCursor(c *ent.Cursor, sq search.Query) (int, error) {
	if c.Value != nil {
		return 0, ErrBadCursor
	}
	rest, ok := strings.CutPrefix(c.ID, "RELEVANCE:"+sq.Digest()+":")
	if !ok {
		return 0, ErrBadCursor
	}
	n, err := strconv.Atoi(strings.TrimSuffix(rest, "+"))
	if err != nil || n < 0 || n >= search.MaxRanked {
		return 0, ErrBadCursor
	}
	return n, nil
}

// ProblemPage asks for a page of the public list as an API client does,
// with ent's generated filter and order. After and Before are cursors this
// service handed out.
type ProblemPage struct {
	// Viewer is who reads the page (nil when anonymous): removed problems are listed, as
	// tombstones, only for moderators.
	Viewer        *ent.Account
	Where         *ent.ProblemWhereInput
	Search        string
	Order         *ent.ProblemOrder
	After, Before *ent.Cursor
	First, Last   *int
	// Core says the reader needs no more of each problem than its packet's
	// core (ProblemCorePacket), so a page the cache lacks reads cores.
	Core bool
}

// CursorError is a cursor of a ProblemPage that cannot be used: Err is a
// *CursorOrderError or ErrBadCursor.
type CursorError struct {
	Name string // "after" or "before"
	Err  error
}

func (e *CursorError) Error() string { return e.Name + " cursor: " + e.Err.Error() }
func (e *CursorError) Unwrap() error { return e.Err }

// DefaultOrder is the order of a list nobody asked to order: by number.
var DefaultOrder = &ent.ProblemOrder{Field: ent.ProblemOrderFieldNumber, Direction: entgql.OrderDirectionAsc}

// PageProblems returns a page of the public list: never removed problems
// (asking for them is a field error), filtered by Where, searched, and
// ordered by Order, by relevance when there is a search and no order, or
// else by number. Cursors are opened under the order they were made for. A GraphQL resolver
// calls it with the field's selection hidden from ctx: the packets, not the selection, say what
// a page's nodes hold.
func (s *Service) PageProblems(ctx context.Context, q ProblemPage) (*ent.ProblemConnection, error) {
	key := pageKey(q)
	rs := readSetOf(ctx)
	if conn, ids, seq, ok := s.pages.get(key); ok {
		if rs != nil {
			rs.addPage(seq)
		}
		pks, err := s.pagePackets(ctx, ids, q.Core)
		if err != nil {
			return nil, err
		}
		if len(pks) == len(ids) {
			for i, id := range ids {
				conn.Edges[i].Node = pks[id].Problem
			}
			return conn, nil
		}
	}
	seq := s.pages.heard()
	conn, err := s.pageProblems(cacheRead(ctx), q)
	if err != nil {
		return nil, err
	}
	if rs != nil {
		rs.addPage(seq)
	}
	if err := s.packetNodes(ctx, conn, q.Core); err != nil {
		return nil, err
	}
	s.pages.put(key, seq, conn)
	return conn, nil
}

// packetNodes makes the nodes of a page the problems of their packets, so
// that whatever a reader asks of them is in memory: a page costs its own
// statements and at most one more for the packets the cache lacks.
func (s *Service) packetNodes(ctx context.Context, conn *ent.ProblemConnection, core bool) error {
	ids := make([]string, len(conn.Edges))
	for i, e := range conn.Edges {
		ids[i] = e.Node.ID
	}
	pks, err := s.pagePackets(ctx, ids, core)
	if err != nil {
		return err
	}
	for _, e := range conn.Edges {
		if pk := pks[e.Node.ID]; pk != nil {
			e.Node = pk.Problem
		}
	}
	return nil
}

// listsRemoved reports whether lists show the removed problems too, as tombstones: for the
// moderators who removed them, not for readers.
func listsRemoved(a *ent.Account) bool { return CanModerate(a) }

// ListStates are the states a's lists can be filtered by.
func ListStates(a *ent.Account) Vocabulary {
	if listsRemoved(a) {
		return States
	}
	return ListedStates
}

// pageProblems is PageProblems without its page cache: the total of the filter, kept between
// events (pageTotal), and the page's rows read by their keyset (keysetPage). Its ctx carries no
// transport's field selection (graph/ strips GraphQL's before it calls): the packets, not the
// selection, give the nodes their edges.
func (s *Service) pageProblems(ctx context.Context, q ProblemPage) (*ent.ProblemConnection, error) {
	var v validator
	removed := listsRemoved(q.Viewer)
	if q.Where != nil && q.Where.State != nil && *q.Where.State == problem.StateREMOVED && !removed {
		v.add(CodeInvalid, "removed problems are not listed; fetch one by its ID to read its tombstone", "where", "state")
	}
	base := s.client.Problem.Query()
	if !removed {
		base = base.Where(Listed())
	}
	var (
		sq        search.Query
		searching bool
	)
	if q.Search = strings.TrimSpace(q.Search); q.Search != "" && v.line(q.Search, false, MaxSearch, "search") {
		if sq, searching = search.Parse(q.Search); !searching {
			v.add(CodeInvalid, "has no word to search for", "search")
		}
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	if q.Where != nil {
		var err error
		if base, err = q.Where.Filter(base); err != nil {
			return nil, err
		}
	}
	if searching {
		if q.Order == nil {
			conn, err := s.PageByRelevance(ctx, base, sq, q.After, q.First, q.Before, q.Last)
			if errors.Is(err, ErrBadCursor) {
				name := "after"
				if q.After == nil {
					name = "before"
				}
				return nil, &CursorError{Name: name, Err: err}
			}
			return conn, err
		}
		base = base.Where(s.search.Matching(sq))
	}
	order := q.Order
	if order == nil {
		order = DefaultOrder
	}
	after, err := OpenProblemCursor(q.After, order)
	if err != nil {
		return nil, &CursorError{Name: "after", Err: err}
	}
	before, err := OpenProblemCursor(q.Before, order)
	if err != nil {
		return nil, &CursorError{Name: "before", Err: err}
	}
	total, err := s.pageTotal(ctx, countKey(q), base)
	if err != nil {
		return nil, err
	}
	conn, err := keysetPage(ctx, base, order, after, before, q.First, q.Last, total)
	if err != nil {
		return nil, err
	}
	SealProblemCursors(conn, order)
	return conn, nil
}
