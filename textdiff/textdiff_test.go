package textdiff_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/textdiff"
)

// edits writes an alignment compactly: " t" kept, "-t" removed, "+t" added.
func edits(es []textdiff.Edit) string {
	var parts []string
	for _, e := range es {
		parts = append(parts, string(" -+"[e.Op])+e.Text)
	}
	return strings.Join(parts, " ")
}

func TestDiff(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name       string
		a, b       string
		addedFirst bool
		want       string
	}{
		{"equal", "a b c", "a b c", false, " a  b  c"},
		{"both empty", "", "", false, ""},
		{"from nothing", "", "x y", false, "+x +y"},
		{"to nothing", "x y", "", false, "-x -y"},
		{"insertions", "every n has a domain", "every variable n has a stated domain", false,
			" every +variable  n  has  a +stated  domain"},
		{"nothing shared", "x y", "z", false, "-x -y +z"},
		{"nothing shared, added first", "x y", "z", true, "+z -x -y"},
		{"replacement in the middle", "a b c", "a z c", false, " a -b +z  c"},
		{"replacement in the middle, added first", "a b c", "a z c", true, " a +z -b  c"},
		{"repeated tokens", "a", "a a", false, " a +a"},
		{"moved token", "a b c", "c a b", false, "+c  a  b -c"},
	} {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			got := edits(textdiff.Diff(strings.Fields(tt.a), strings.Fields(tt.b), textdiff.Options{AddedFirst: tt.addedFirst}))
			if got != tt.want {
				t.Errorf("Diff(%q, %q) = %q; want %q", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

// lcsLen is the length of a longest common subsequence, by the plain
// recursion with memo, to hold Diff to.
func lcsLen(a, b []string) int {
	memo := map[[2]int]int{}
	var f func(i, j int) int
	f = func(i, j int) int {
		if i == len(a) || j == len(b) {
			return 0
		}
		k := [2]int{i, j}
		if v, ok := memo[k]; ok {
			return v
		}
		v := max(f(i+1, j), f(i, j+1))
		if a[i] == b[j] {
			v = f(i+1, j+1) + 1
		}
		memo[k] = v
		return v
	}
	return f(0, 0)
}

// On random sequences of few distinct tokens, an alignment gives back
// both sequences and keeps as many tokens as a longest common subsequence.
func TestDiffRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(27, 27))
	seq := func() []string {
		s := make([]string, rng.IntN(12))
		for i := range s {
			s[i] = string(rune('a' + rng.IntN(4)))
		}
		return s
	}
	for range 2000 {
		a, b := seq(), seq()
		for _, first := range []bool{false, true} {
			es := textdiff.Diff(a, b, textdiff.Options{AddedFirst: first})
			var ga, gb []string
			same := 0
			for _, e := range es {
				if e.Op != textdiff.Added {
					ga = append(ga, e.Text)
				}
				if e.Op != textdiff.Removed {
					gb = append(gb, e.Text)
				}
				if e.Op == textdiff.Same {
					same++
				}
			}
			if !slices.Equal(ga, a) || !slices.Equal(gb, b) || same != lcsLen(a, b) {
				t.Fatalf("Diff(%q, %q) = %q: gives back %q and %q, keeps %d; want both and %d kept", a, b, edits(es), ga, gb, same, lcsLen(a, b))
			}
		}
	}
}

// Past MaxCells nothing is aligned beyond the shared leading tokens: the
// rest of a removed, then the rest of b added.
func TestDiffBound(t *testing.T) {
	t.Parallel()
	a, b := strings.Fields("k a b c"), strings.Fields("k c a b")
	if got, want := edits(textdiff.Diff(a, b, textdiff.Options{MaxCells: 8})), " k -a -b -c +c +a +b"; got != want {
		t.Errorf("Diff past the bound = %q; want %q", got, want)
	}
	if got, want := edits(textdiff.Diff(a, b, textdiff.Options{MaxCells: 9})), " k +c  a  b -c"; got != want {
		t.Errorf("Diff within the bound = %q; want %q", got, want)
	}
}

// Two long texts with nothing in common (200,000 lines each, a table of
// 4·10¹⁰ cells) take what their edits take, not the table.
func TestDiffLongInputsBounded(t *testing.T) {
	const n = 200_000
	a, b := make([]string, n), make([]string, n)
	for i := range n {
		a[i], b[i] = "a"+strconv.Itoa(i), "b"+strconv.Itoa(i)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	es := textdiff.Diff(a, b, textdiff.Options{})
	runtime.ReadMemStats(&after)
	if len(es) != 2*n || es[0] != (textdiff.Edit{Op: textdiff.Removed, Text: "a0"}) || es[n] != (textdiff.Edit{Op: textdiff.Added, Text: "b0"}) {
		t.Fatalf("Diff of two long texts: %d edits, first %+v; want every line removed then added", len(es), es[0])
	}
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(64<<20); got > limit {
		t.Errorf("Diff of two long texts allocated %d bytes; want at most %d", got, limit)
	}
	// A long text with one line changed aligns, within the default bound,
	// after the shared lines.
	c := slices.Clone(a)
	c[n-2] = "changed"
	want := []textdiff.Edit{{Op: textdiff.Removed, Text: a[n-2]}, {Op: textdiff.Added, Text: "changed"}, {Op: textdiff.Same, Text: a[n-1]}}
	if diff := cmp.Diff(want, textdiff.Diff(a, c, textdiff.Options{})[n-2:]); diff != "" {
		t.Errorf("the end of a one-line change (-want +got):\n%s", diff)
	}
}
