// Package textdiff aligns two sequences of tokens — the lines of a corpus
// revision, the words of a criterion — by a longest common subsequence,
// and says which tokens were kept, removed and added. It knows nothing of
// what the tokens are or how a caller shows the result, and it bounds its
// work: past a given table size it reports the whole of one sequence
// removed and the whole of the other added rather than align them.
package textdiff

// Op is what an edit does with its token.
type Op uint8

// The operations of an Edit.
const (
	Same Op = iota
	Removed
	Added
)

// Edit is one token of the alignment: kept from both sequences, removed
// from the first or added from the second.
type Edit struct {
	Op   Op
	Text string
}

// DefaultMaxCells is the table size Diff fills at most when Options
// names none: 4,000,000 cells of four bytes, 16 MB.
const DefaultMaxCells = 4_000_000

// Options tune Diff.
type Options struct {
	// MaxCells bounds the table of common subsequences (the product of
	// the lengths left after the shared leading tokens); past it Diff
	// does not align what is left and reports it removed, then added.
	// Zero means DefaultMaxCells.
	MaxCells int
	// AddedFirst puts an added token before a removed one where either
	// could come next; otherwise the removed one comes first.
	AddedFirst bool
}

// Diff aligns a and b: every token of a appears once, as Same or
// Removed, and every token of b once, as Same or Added, each sequence in
// its order, with as many Same as a longest common subsequence has.
func Diff(a, b []string, o Options) []Edit {
	maxCells := o.MaxCells
	if maxCells <= 0 {
		maxCells = DefaultMaxCells
	}
	out := make([]Edit, 0, max(len(a), len(b)))
	// The shared leading tokens are kept as they are, and cost no table.
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		out = append(out, Edit{Same, a[p]})
		p++
	}
	x, y := a[p:], b[p:]
	if len(x) > 0 && len(y) > 0 && len(x) > maxCells/len(y) {
		for _, t := range x {
			out = append(out, Edit{Removed, t})
		}
		for _, t := range y {
			out = append(out, Edit{Added, t})
		}
		return out
	}
	// lcs[i*w+j] is the length of the longest common subsequence of x[i:]
	// and y[j:].
	w := len(y) + 1
	lcs := make([]int32, (len(x)+1)*w)
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			out = append(out, Edit{Same, x[i]})
			i, j = i+1, j+1
		case j < len(y) && (i == len(x) || addNext(lcs[(i+1)*w+j], lcs[i*w+j+1], o.AddedFirst)):
			out = append(out, Edit{Added, y[j]})
			j++
		default:
			out = append(out, Edit{Removed, x[i]})
			i++
		}
	}
	return out
}

// addNext says whether the added token comes next, from how much the
// rest keeps after removing (afterRemove) or adding (afterAdd) one.
func addNext(afterRemove, afterAdd int32, addedFirst bool) bool {
	if addedFirst {
		return afterAdd >= afterRemove
	}
	return afterAdd > afterRemove
}
