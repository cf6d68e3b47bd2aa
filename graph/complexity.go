package graph

import (
	"reflect"
	"strings"
	"time"

	"entgo.io/contrib/entgql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/graph/generated"
)

// Estimated sizes of lists that take no page size, for query complexity:
// a problem's own lists are short; lists that grow with the whole site
// (every reference to a source, every problem with a tag) count as large,
// so nesting them cannot fan a small query out over the database.
const (
	shortList = 10
	longList  = 100
)

// Complexity prices list fields by their size so that the complexity limit
// bounds the work a query can cause. Connections and lists with a page
// size cost that many times their items.
func Complexity() generated.ComplexityRoot {
	var c generated.ComplexityRoot
	short := func(child int) int { return 1 + shortList*child }
	long := func(child int) int { return 1 + longList*child }
	c.Problem.Revisions = short
	c.Problem.Decisions = short
	c.Problem.Claims = short
	c.Problem.Tags = short
	c.Problem.MergedFrom = short
	c.Problem.OpenRevisionRequests = short
	c.Problem.Events = func(child int, _ *int, first *int) int { return 1 + pageOr(first)*child }
	c.Revision.References = short
	c.Revision.Tags = short
	c.Claim.Bindings = short
	c.Claim.Supersedes = short
	c.ModerationCase.Flags = short
	c.Reputation.Entries = long
	c.Source.References = long
	c.Tag.Problems = long
	c.Query.Problems = func(child int, _ *entgql.Cursor[string], first *int, _ *entgql.Cursor[string], last *int,
		_ *ent.ProblemOrder, where *ent.ProblemWhereInput, search *string) int {
		n := DefaultPage
		if first != nil {
			n = *first
		} else if last != nil {
			n = *last
		}
		cost := 1 + max(n, 1)*child + FilterCost(where)
		if search != nil && *search != "" {
			cost += searchCost
		}
		return cost
	}
	c.Query.Nodes = func(child int, ids []string) int { return 1 + len(ids)*child }
	c.Query.ModerationLog = func(child int, first, _ *int) int { return 1 + pageOr(first)*child }
	c.Query.ModerationCases = func(child int, first *int) int { return 1 + pageOr(first)*child }
	c.Query.Appeals = func(child int, first *int) int { return 1 + 2*pageOr(first)*child } // open and answered
	c.Query.CriterionChanges = func(child int, first *int) int { return 1 + pageOr(first)*child }
	c.Query.OperatingProfiles = long
	c.Query.LaneRegister = long
	// The queue is one object; its items are at most a page (first ≤ MaxPage) and its counts one a
	// criterion.
	c.Query.ContractQueue = func(child int, _ *int) int { return 1 + child }
	c.ContractQueue.Items = func(child int) int { return 1 + MaxPage*child }
	c.Query.ReviewerGoldAccuracy = func(child int, _, _ *time.Time) int { return long(child) }
	c.CriterionDrift.Criteria = short
	c.CriterionDrift.Alerts = long
	c.CriterionDriftRow.Points = short
	c.CriterionChange.Changes = short
	c.ContractQueue.ByCriterion = long
	return c
}

func pageOr(first *int) int {
	if first == nil {
		return MaxPage
	}
	return max(*first, 1)
}

// Prices of a filter: each predicate is a condition on a row the query
// reads anyway; each edge it follows (hasXWith, hasX) is a subquery over
// another table, whose own conditions are priced the same way.
const (
	predicateCost = 1
	edgeCost      = 200
	searchCost    = 500 // a full-text query, ranked
)

// FilterCost prices a generated where input (any *ent.XWhereInput) by
// the predicates it sets and the edges it follows, so that a filter cannot
// cost the database more than the complexity limit allows. It walks the
// input by reflection, so a new edge or field is priced without a change
// here.
func FilterCost(where any) int {
	v := reflect.ValueOf(where)
	if !v.IsValid() || v.Kind() == reflect.Pointer && v.IsNil() {
		return 0
	}
	v = reflect.Indirect(v)
	cost := 0
	for i := range v.NumField() {
		f, name := v.Field(i), v.Type().Field(i).Name
		switch {
		case name == "Predicates" || f.IsZero():
		case name == "Not":
			cost += FilterCost(f.Interface())
		case name == "Or" || name == "And" || strings.HasPrefix(name, "Has") && strings.HasSuffix(name, "With"):
			if name != "Or" && name != "And" {
				cost += edgeCost
			}
			for j := range f.Len() {
				cost += FilterCost(f.Index(j).Interface())
			}
		case strings.HasPrefix(name, "Has"):
			cost += edgeCost
		default:
			cost += predicateCost
		}
	}
	return cost
}
