package corpusimport

import (
	"fmt"
	"slices"
)

// usable are the kinds a uses edge may point to (corpus/'s rule: what a
// statement or a proof can depend on).
var usable = []string{"DEFINITION", "THEOREM", "LEMMA", "PROPOSITION", "EXAMPLE", "COMPUTATION"}

// provable are the kinds a proof may prove.
var provable = []string{"THEOREM", "LEMMA", "PROPOSITION"}

// Planned is one item with the edges the plan kept.
type Planned struct {
	Item
	// Uses are the keys of the items it uses, each an item of the plan.
	Uses []string
}

// Plan is the items in an order in which every item comes after what it
// uses and proves, with the cross-references and items it left out.
type Plan struct {
	Items  []Planned
	Issues []Issue
}

// PlanItems keeps the cross-references a node's kind may take, drops an
// item whose proof has nothing to prove, breaks every cycle among uses by
// dropping the edge that closes it, and orders the items.
func PlanItems(items []Item) Plan {
	var p Plan
	byKey := map[string]*Item{}
	for i := range items {
		byKey[items[i].Key] = &items[i]
	}
	var kept []Planned
	for _, it := range items {
		if it.Kind == "PROOF" {
			t := byKey[it.Proves]
			if t == nil || !slices.Contains(provable, t.Kind) {
				p.Issues = append(p.Issues, Issue{it.File, it.Line, "a proof of no theorem, lemma or proposition: left out"})
				continue
			}
		}
		pl := Planned{Item: it}
		for _, r := range it.Refs {
			t := byKey[r]
			switch {
			case t == nil, r == it.Proves:
			case !slices.Contains(usable, t.Kind):
				p.Issues = append(p.Issues, Issue{it.File, it.Line, fmt.Sprintf("a cross-reference to a %s, which nothing uses: dropped", t.Kind)})
			default:
				pl.Uses = append(pl.Uses, r)
			}
		}
		kept = append(kept, pl)
	}
	idx := map[string]int{}
	for i := range kept {
		idx[kept[i].Key] = i
	}
	// Break cycles: a depth-first walk drops each uses edge to an item on its path.
	const (
		grey  = 1
		black = 2
	)
	colour := make([]int, len(kept))
	var walk func(i int)
	walk = func(i int) {
		colour[i] = grey
		var keep []string
		for _, u := range kept[i].Uses {
			j, ok := idx[u]
			if !ok {
				continue
			}
			if colour[j] == grey {
				p.Issues = append(p.Issues, Issue{kept[i].File, kept[i].Line, "a cross-reference that closes a cycle of uses: dropped"})
				continue
			}
			if colour[j] == 0 {
				walk(j)
			}
			keep = append(keep, u)
		}
		kept[i].Uses = keep
		colour[i] = black
	}
	for i := range kept {
		if colour[i] == 0 {
			walk(i)
		}
	}
	// Order: what an item uses or proves first, else the source's order.
	done := make([]bool, len(kept))
	var visit func(i int)
	visit = func(i int) {
		if done[i] {
			return
		}
		done[i] = true
		for _, u := range kept[i].Uses {
			if j, ok := idx[u]; ok {
				visit(j)
			}
		}
		if j, ok := idx[kept[i].Proves]; ok && kept[i].Proves != "" {
			visit(j)
		}
		p.Items = append(p.Items, kept[i])
	}
	for i := range kept {
		visit(i)
	}
	return p
}
