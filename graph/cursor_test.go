package graph_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"entgo.io/contrib/entgql"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

const pageProblems = `query($after: Cursor, $before: Cursor, $first: Int, $last: Int, $orderBy: ProblemOrder) {
  problems(after: $after, before: $before, first: $first, last: $last, orderBy: $orderBy) {
    edges { cursor node { id number } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`

type problemEdge struct {
	Cursor string
	Node   struct {
		ID     string
		Number int
	}
}

type problemPage struct {
	Problems struct {
		Edges    []problemEdge
		PageInfo struct {
			HasNextPage, HasPreviousPage bool
			StartCursor, EndCursor       *string
		}
	}
}

func (p problemPage) ids() []string {
	var out []string
	for _, e := range p.Problems.Edges {
		out = append(out, e.Node.ID)
	}
	return out
}

// orderBy is a ProblemOrder variable; nil when field is empty.
func orderBy(field, direction string) any {
	if field == "" {
		return nil
	}
	return map[string]any{"field": field, "direction": direction}
}

// TestCursorBelongsToItsOrder: a cursor is accepted only with the orderBy
// (field and direction) it was made under, so a cursor of another order —
// even one whose values are of the same type, such as two times — is
// refused as BAD_USER_INPUT instead of answering with a wrong page; and
// with its own orderBy, paging forwards and backwards two at a time visits
// every problem once, in the order of a single page.
func TestCursorBelongsToItsOrder(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		tok := a.token("ada")
		// Titles run against the numbers, so the orders differ.
		for _, title := range []string{"Golf", "Foxtrot", "Echo", "Delta", "Charlie", "Bravo", "Alpha"} {
			a.submit("ada", title)
		}
		page := func(vars map[string]any) (problemPage, gqlResponse) {
			t.Helper()
			var out problemPage
			r := a.do(tok, pageProblems, vars, &out)
			return out, r
		}
		cursorOf := func(field, direction string) string {
			t.Helper()
			out, r := page(map[string]any{"first": 2, "orderBy": orderBy(field, direction)})
			if len(r.Errors) > 0 || out.Problems.PageInfo.EndCursor == nil {
				t.Fatalf("first page by %s %s = %s", field, direction, r.Body)
			}
			return *out.Problems.PageInfo.EndCursor
		}

		orders := []struct{ field, direction string }{{"", ""}, {"NUMBER", "ASC"}, {"NUMBER", "DESC"}, {"TITLE", "ASC"},
			{"TITLE", "DESC"}, {"SUBMITTED_AT", "ASC"}, {"SUBMITTED_AT", "DESC"}, {"DEADLINE", "ASC"}, {"UPDATED_AT", "DESC"}}
		for _, o := range orders {
			name := strings.Trim(o.field+"_"+o.direction, "_")
			if name == "" {
				name = "no_orderBy"
			}
			t.Run(name, func(t *testing.T) {
				all, r := page(map[string]any{"first": 100, "orderBy": orderBy(o.field, o.direction)})
				if len(r.Errors) > 0 || len(all.ids()) != 7 {
					t.Fatalf("one page = %s; want 7 problems", r.Body)
				}
				want := all.ids()
				switch o.field + " " + o.direction {
				case "NUMBER ASC", "TITLE DESC":
					if !slices.IsSortedFunc(all.Problems.Edges, func(x, y problemEdge) int { return x.Node.Number - y.Node.Number }) {
						t.Errorf("one page by %s %s = %v; want them by number", o.field, o.direction, want)
					}
				}

				var forward []string
				vars := map[string]any{"first": 2, "orderBy": orderBy(o.field, o.direction)}
				for i := 0; ; i++ {
					p, r := page(vars)
					if len(r.Errors) > 0 || i > 7 {
						t.Fatalf("page %d forwards = %s", i, r.Body)
					}
					forward = append(forward, p.ids()...)
					if !p.Problems.PageInfo.HasNextPage {
						break
					}
					vars["after"] = *p.Problems.PageInfo.EndCursor
				}
				if !slices.Equal(forward, want) {
					t.Errorf("paging forwards = %v; want %v", forward, want)
				}

				var backward []string
				vars = map[string]any{"last": 2, "orderBy": orderBy(o.field, o.direction)}
				for i := 0; ; i++ {
					p, r := page(vars)
					if len(r.Errors) > 0 || i > 7 {
						t.Fatalf("page %d backwards = %s", i, r.Body)
					}
					backward = append(p.ids(), backward...)
					if !p.Problems.PageInfo.HasPreviousPage {
						break
					}
					vars["before"] = *p.Problems.PageInfo.StartCursor
				}
				if !slices.Equal(backward, want) {
					t.Errorf("paging backwards = %v; want %v", backward, want)
				}
			})
		}

		title, submitted, plain := cursorOf("TITLE", "ASC"), cursorOf("SUBMITTED_AT", "ASC"), cursorOf("", "")
		forged := func(id string, value any) string {
			var b strings.Builder
			entgql.Cursor[string]{ID: id, Value: value}.MarshalGQL(&b)
			return strings.Trim(b.String(), `"`)
		}
		const (
			madeForTitle = "the after cursor was made for orderBy {field: TITLE, direction: ASC}; ask again without it or with the same orderBy"
			notOurs      = "the after cursor is not one this server gave out; ask again without it"
		)
		for _, tt := range []struct {
			name   string
			vars   map[string]any
			prefix string
		}{
			{"other field", map[string]any{"after": title, "first": 2, "orderBy": orderBy("NUMBER", "ASC")}, madeForTitle},
			{"other direction", map[string]any{"after": title, "first": 2, "orderBy": orderBy("TITLE", "DESC")}, madeForTitle},
			{"without orderBy", map[string]any{"after": title, "first": 2}, madeForTitle},
			{"other time field", map[string]any{"after": submitted, "first": 2, "orderBy": orderBy("UPDATED_AT", "ASC")},
				"the after cursor was made for orderBy {field: SUBMITTED_AT, direction: ASC}; ask again"},
			{"cursor of no orderBy", map[string]any{"after": plain, "first": 2, "orderBy": orderBy("DEADLINE", "ASC")},
				"the after cursor was made for orderBy {field: NUMBER, direction: ASC}; ask again"}, // the default order
			{"as before", map[string]any{"before": title, "last": 2, "orderBy": orderBy("DEADLINE", "DESC")},
				"the before cursor was made for orderBy {field: TITLE, direction: ASC}"},
			{"unsealed cursor", map[string]any{"after": forged("TDB-3", "Echo"), "first": 2, "orderBy": orderBy("TITLE", "ASC")}, notOurs},
			{"sealed for a made-up order", map[string]any{"after": forged("SIZE ASC:TDB-3", 3), "first": 2}, notOurs},
			{"value of another type", map[string]any{"after": forged("TITLE ASC:TDB-3", 3), "first": 2, "orderBy": orderBy("TITLE", "ASC")}, notOurs},
			{"NUL in the value", map[string]any{"after": forged("TITLE ASC:TDB-3", "Echo\x00"), "first": 2, "orderBy": orderBy("TITLE", "ASC")}, notOurs},
			{"NUL in the ID", map[string]any{"after": forged("ID ASC:TDB-3\x00", nil), "first": 2}, notOurs},
		} {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				out, r := page(tt.vars)
				if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "BAD_USER_INPUT" ||
					!strings.HasPrefix(r.Errors[0].Message, tt.prefix) || len(out.Problems.Edges) > 0 {
					b, _ := json.Marshal(tt.vars)
					t.Errorf("problems(%s) = %s; want one BAD_USER_INPUT error starting %q", b, r.Body, tt.prefix)
				}
			})
		}
	})
}
