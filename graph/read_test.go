package graph_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

type problemsPage struct {
	Problems struct {
		TotalCount int
		Edges      []struct {
			Cursor string
			Node   struct{ ID, Title string }
		}
		PageInfo struct {
			HasNextPage bool
			EndCursor   string
		}
	}
}

const problemsQuery = `query($search: String, $after: Cursor, $first: Int, $orderBy: ProblemOrder, $where: ProblemWhereInput) {
  problems(search: $search, after: $after, first: $first, orderBy: $orderBy, where: $where) {
    totalCount edges { cursor node { id title } } pageInfo { hasNextPage endCursor }
  }
}`

func titlesOf(p problemsPage) []string {
	out := []string{}
	for _, e := range p.Problems.Edges {
		out = append(out, e.Node.Title)
	}
	return out
}

// TestProblemsSearch: problems(search:) finds by words anywhere, folds
// accents and word forms, ranks, pages by relevance, and combines with
// where and orderBy; on both databases.
func TestProblemsSearch(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		a.token("ada")
		for _, title := range []string{"Sums of two squares", "Erdős–Straus conjecture", "Lonely runner conjecture",
			"Squares in arithmetic progressions"} {
			a.submit("ada", title)
		}
		search := func(vars map[string]any) problemsPage {
			t.Helper()
			var out problemsPage
			if r := a.do("", problemsQuery, vars, &out); len(r.Errors) > 0 {
				t.Fatalf("problems(%v): %s", vars, r.Body)
			}
			return out
		}
		if got := titlesOf(search(map[string]any{"search": "erdos conjecture"})); !cmp.Equal(got, []string{"Erdős–Straus conjecture"}) {
			t.Errorf("erdos conjecture = %v", got)
		}
		if got := titlesOf(search(map[string]any{"search": "sum of two squares"})); !cmp.Equal(got, []string{"Sums of two squares"}) {
			t.Errorf("sum of two squares = %v", got)
		}
		// Relevance pages, one at a time, show every match once.
		var seen []string
		vars := map[string]any{"search": "squares", "first": 1}
		for range 5 {
			p := search(vars)
			seen = append(seen, titlesOf(p)...)
			if p.Problems.TotalCount != 2 {
				t.Errorf("totalCount = %d; want 2", p.Problems.TotalCount)
			}
			if !p.Problems.PageInfo.HasNextPage {
				break
			}
			vars["after"] = p.Problems.PageInfo.EndCursor
		}
		if len(seen) != 2 || seen[0] == seen[1] {
			t.Errorf("paged search = %v; want both squares problems once", seen)
		}
		// A relevance cursor is not a cursor of another search or order.
		first := search(map[string]any{"search": "squares", "first": 1})
		for _, bad := range []map[string]any{
			{"search": "conjecture", "after": first.Problems.PageInfo.EndCursor},
			{"search": "squares", "after": first.Problems.PageInfo.EndCursor, "orderBy": map[string]any{"field": "NUMBER", "direction": "ASC"}},
			{"after": first.Problems.PageInfo.EndCursor},
		} {
			if r := a.do("", problemsQuery, bad, nil); len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "BAD_USER_INPUT" {
				t.Errorf("problems(%v) = %s; want BAD_USER_INPUT", bad, r.Body)
			}
		}
		// With an order and a filter.
		got := titlesOf(search(map[string]any{"search": "conjecture", "orderBy": map[string]any{"field": "TITLE", "direction": "DESC"}}))
		if !cmp.Equal(got, []string{"Lonely runner conjecture", "Erdős–Straus conjecture"}) {
			t.Errorf("conjecture by title descending = %v", got)
		}
		got = titlesOf(search(map[string]any{"search": "conjecture", "where": map[string]any{"titleContains": "Lonely"}}))
		if !cmp.Equal(got, []string{"Lonely runner conjecture"}) {
			t.Errorf("conjecture where title contains Lonely = %v", got)
		}
		for _, bad := range []string{"", "  ", "- ( )", strings.Repeat("x", 201)} {
			if bad == "" || bad == "  " {
				if r := a.do("", problemsQuery, map[string]any{"search": bad}, nil); len(r.Errors) > 0 {
					t.Errorf("an empty search %q: %s; want the whole list", bad, r.Body)
				}
				continue
			}
			if r := a.do("", problemsQuery, map[string]any{"search": bad}, nil); len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "BAD_USER_INPUT" {
				t.Errorf("search %.20q = %s; want BAD_USER_INPUT", bad, r.Body)
			}
		}
	})
}

// TestProblemsDefaultOrder: without orderBy problems come by number, not
// by the text of their ID (TDB-10 after TDB-9); removed problems are not
// listed, and asking for them says so.
func TestProblemsDefaultOrder(t *testing.T) {
	t.Parallel()
	a := newAPI(t, "sqlite3")
	a.token("ada")
	var want []string
	for i := range 11 {
		want = append(want, a.submit("ada", "Problem number "+strings.Repeat("I", i+1)))
	}
	var out problemsPage
	if r := a.do("", problemsQuery, map[string]any{"first": 20}, &out); len(r.Errors) > 0 {
		t.Fatal(string(r.Body))
	}
	var got []string
	for _, e := range out.Problems.Edges {
		got = append(got, e.Node.ID)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("default order (-want +got):\n%s", diff)
	}
	r := a.do("", problemsQuery, map[string]any{"where": map[string]any{"state": "REMOVED"}}, nil)
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "BAD_USER_INPUT" || !strings.Contains(r.Errors[0].Message, "not listed") {
		t.Errorf("where state REMOVED = %s; want BAD_USER_INPUT saying removed problems are not listed", r.Body)
	}
}

// TestInputCoercion: every input of the wrong form is BAD_USER_INPUT
// naming the field and the form expected, never INTERNAL; a plain date is
// a date.
func TestInputCoercion(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		tok := a.token("ada")
		submit := func(checkedOn any) gqlResponse {
			t.Helper()
			return a.do(tok, `mutation($on: Date!) {
  submitProblem(input: {title: "Good integers", statement: "Is every integer $n \\ge 2$ good?",
    acceptance: {kind: PROOF, criterion: "A proof or a counterexample."},
    provenance: {kind: ORIGINAL, attribution: "Ada", sourceLocator: "", rightsBasis: "Own words."},
    referenceSearch: {checkedOn: $on, databases: ["arXiv"], queries: ["good integers"], coverage: "Titles."}}) {
    problem { id currentRevision { referenceSearch { checkedOn } } } userErrors { field message }
  }
}`, map[string]any{"on": checkedOn}, nil)
		}
		for on, want := range map[string]string{"2026-11-30": "2026-11-30", "2026-11-29T23:30:00-02:00": "2026-11-30"} {
			r := submit(on)
			if len(r.Errors) > 0 || !strings.Contains(string(r.Data), `"checkedOn":"`+want+`"`) {
				t.Errorf("checkedOn %q = %s; want it stored as %s", on, r.Body, want)
			}
		}
		for _, tc := range []struct {
			query string
			vars  map[string]any
			field string
		}{
			{`mutation($on: Date!) { submitProblem(input: {title: "x", statement: "y", acceptance: {kind: PROOF, criterion: "z"},
				provenance: {kind: ORIGINAL, attribution: "a", sourceLocator: "", rightsBasis: "b"},
				referenceSearch: {checkedOn: $on, databases: [], queries: [], coverage: ""}}) { problem { id } } }`,
				map[string]any{"on": "30/11/2026"}, "checkedOn"},
			{`mutation { submitProblem(input: {title: "x", statement: "y", acceptance: {kind: PROOF, criterion: "z"},
				provenance: {kind: ORIGINAL, attribution: "a", sourceLocator: "", rightsBasis: "b"},
				referenceSearch: {checkedOn: "yesterday", databases: [], queries: [], coverage: ""}}) { problem { id } } }`,
				nil, "checkedOn"},
			// Variables of a built-in type are checked before execution, as
			// request errors (GRAPHQL_VALIDATION_FAILED) naming the type.
			{`query($n: Int) { problems(first: $n) { totalCount } }`, map[string]any{"n": "ten"}, "Int"},
			{`query($n: Int) { problems(first: $n) { totalCount } }`, map[string]any{"n": 1.5}, "Int"},
			{`query($w: ProblemWhereInput) { problems(where: $w) { totalCount } }`,
				map[string]any{"w": map[string]any{"titleContains": "a\x00b"}}, "titleContains"},
			{`query($w: ProblemWhereInput) { problems(where: $w) { totalCount } }`,
				map[string]any{"w": map[string]any{"submittedAtGT": "last week"}}, "submittedAtGT"},
			{`query($id: String!) { problem(id: $id) { id } }`, map[string]any{"id": 12}, "id"},
		} {
			r := a.do(tok, tc.query, tc.vars, nil)
			if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] == "INTERNAL" ||
				!strings.Contains(r.Errors[0].Message, tc.field) {
				t.Errorf("%v: %s; want an error naming %s, not INTERNAL", tc.vars, r.Body, tc.field)
			}
		}
	})
}
