package corpusimport

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/theoremdb/theoremdb/corpus"
)

// Source is what an import says of where its text comes from.
type Source struct {
	// Writer is the importer: kind IMPORTER, its name and layer.
	Writer  corpus.Writer
	Licence string
	// Attribution credits an item's text.
	Attribution func(Item) string
}

// Runner opens one change request per planned item, as the importer.
type Runner struct {
	Corpus *corpus.Service
	Source Source
	// Progress, when set, hears how many of the plan's items are done
	// after each one.
	Progress func(done, total int)
}

// Summary counts what a run did.
type Summary struct {
	Merged, Revised, Unchanged, StillFailing, Failed, Skipped int
	// FailedAt counts the failed requests by the gate that stopped them.
	FailedAt map[string]int
	// DroppedEdges are uses edges left out because their target did not merge.
	DroppedEdges int
}

func (s Summary) String() string {
	var gates []string
	for g, n := range s.FailedAt {
		gates = append(gates, fmt.Sprintf("%s %d", g, n))
	}
	sort.Strings(gates)
	return fmt.Sprintf("merged %d, revised %d, unchanged %d, failed %d (%s), still failing %d, skipped %d, uses edges dropped %d",
		s.Merged, s.Revised, s.Unchanged, s.Failed, strings.Join(gates, ", "), s.StillFailing, s.Skipped, s.DroppedEdges)
}

// Run imports the plan's items in order. An item whose node is in the
// corpus unchanged, or whose last request failed with the same draft, is
// left alone, so a second run opens no request.
func (r Runner) Run(ctx context.Context, plan Plan) (Summary, error) {
	sum := Summary{FailedAt: map[string]int{}}
	labels := map[string]string{} // key of an item in the corpus to its node's label
	for k, it := range plan.Items {
		if r.Progress != nil && k > 0 {
			r.Progress(k, len(plan.Items))
		}
		d := corpus.Draft{Kind: it.Kind, Title: it.Title, Body: it.Body, Label: it.Label, Term: it.Term,
			Licence: r.Source.Licence, ImportKey: it.Key, Formal: it.Formal}
		if r.Source.Attribution != nil {
			d.Attribution = r.Source.Attribution(it.Item)
		}
		for _, u := range it.Uses {
			if l, ok := labels[u]; ok {
				d.Uses = append(d.Uses, l)
			} else {
				sum.DroppedEdges++
			}
		}
		if it.Proves != "" {
			l, ok := labels[it.Proves]
			if !ok {
				sum.Skipped++ // the statement it proves is not in the corpus
				continue
			}
			d.Proves = l
		}
		have, err := r.Corpus.ImportedAs(ctx, it.Key)
		if err != nil {
			return sum, err
		}
		if n := have.Node; n != nil {
			if sameAsNode(d, n) {
				sum.Unchanged++
				labels[it.Key] = n.Label
				continue
			}
			d.Revises, d.Label = n.ID, ""
		} else if have.Open != nil && sameDraft(d, *have.Open) {
			sum.StillFailing++
			continue
		}
		res, err := r.Corpus.Open(ctx, corpus.Request{Writer: r.Source.Writer, Drafts: []corpus.Draft{d},
			Note: "import " + it.Key})
		if err != nil {
			return sum, fmt.Errorf("import %s: %w", it.Key, err)
		}
		switch {
		case res.Request.State == corpus.StateMerged && d.Revises != "":
			sum.Revised++
			labels[it.Key] = have.Node.Label
		case res.Request.State == corpus.StateMerged:
			sum.Merged++
			labels[it.Key] = it.Label
		default:
			sum.Failed++
			sum.FailedAt[res.Request.FailedGate]++
			if have.Node != nil {
				labels[it.Key] = have.Node.Label // the node keeps its merged revision
			}
		}
	}
	return sum, nil
}

// sameAsNode reports whether a draft says what the node's current
// revision says, with the same edges.
func sameAsNode(d corpus.Draft, n *corpus.NodeView) bool {
	if d.Title != n.Title || d.Body != n.Body || d.Term != n.Term {
		return false
	}
	var uses []string
	for _, u := range n.Uses {
		uses = append(uses, u.Label)
	}
	proves := ""
	if n.Proves != nil {
		proves = n.Proves.Label
	}
	return sameSet(d.Uses, uses) && d.Proves == proves
}

func sameDraft(a, b corpus.Draft) bool {
	return a.Title == b.Title && a.Body == b.Body && a.Term == b.Term && a.Proves == b.Proves && a.Revises == b.Revises &&
		sameSet(a.Uses, b.Uses)
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}
