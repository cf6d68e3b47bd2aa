package copycheck

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// signature computes the MinHash signature of the word 5-grams of toks into sig; see signatureOf.
func signature(toks []token, sig *[numHashes]uint32) bool {
	return signatureOf(toks, shingleWords, sig)
}

// bandKey is the LSH key of band b of a signature of 5-grams.
func bandKey(sig *[numHashes]uint32, b int) uint32 { return bandKeyOf(sig, b, shingleWords) }

func words(s string) []token {
	return appendTokens(nil, []byte(s), 0, len(s), func(int) uint32 { return 0 })
}

func TestAlignment(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		a, b   string
		block  int
		rougeL float64
	}{
		{"equal", "a b c d", "a b c d", 4, 1},
		{"disjoint", "a b c", "x y z", 0, 0},
		{"one substitution", "a b c d e f", "a b x d e f", 3, 5.0 / 6},
		{"reordered halves", "a b c d e f", "d e f a b c", 3, 0.5},
		{"empty", "", "a", 0, 0},
	}
	for _, tt := range tests {
		block, rl := alignment(words(tt.a), words(tt.b))
		if block != tt.block || math.Abs(rl-tt.rougeL) > 1e-9 {
			t.Errorf("alignment(%q, %q) = %d, %.3f; want %d, %.3f", tt.a, tt.b, block, rl, tt.block, tt.rougeL)
		}
	}
}

// TestSignatureEstimatesJaccard checks that the estimate from signatures follows the true
// Jaccard similarity of the 5-gram sets.
func TestSignatureEstimatesJaccard(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 5))
	vocab := make([]string, 5000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%d", i)
	}
	for _, keep := range []float64{0, 0.3, 0.5, 0.7, 0.9, 1} {
		var sum float64
		const trials = 40
		var truth float64
		for trial := 0; trial < trials; trial++ {
			a := make([]string, 200)
			for i := range a {
				a[i] = vocab[r.IntN(len(vocab))]
			}
			// b shares a prefix of a and continues differently.
			b := append([]string(nil), a[:int(keep*200)]...)
			for len(b) < 200 {
				b = append(b, vocab[r.IntN(len(vocab))])
			}
			ta, tb := words(strings.Join(a, " ")), words(strings.Join(b, " "))
			var sa, sb [numHashes]uint32
			signature(ta, &sa)
			signature(tb, &sb)
			short := make([]uint16, numHashes)
			for i, v := range sb {
				short[i] = uint16(v)
			}
			sum += similarity(&sa, short)
			shared := max(int(keep*200)-shingleWords+1, 0)
			truth = float64(shared) / float64(2*(200-shingleWords+1)-shared)
		}
		if est := sum / trials; math.Abs(est-truth) > 0.05 {
			t.Errorf("shared prefix %.0f%%: mean estimate %.3f; want %.3f ± 0.05", 100*keep, est, truth)
		}
	}
}

func TestSignatureTooShort(t *testing.T) {
	t.Parallel()
	var sig [numHashes]uint32
	if signature(words("only four words here"), &sig) {
		t.Error("signature of four words = true; want false")
	}
	if !signature(words("now there are five words"), &sig) {
		t.Error("signature of five words = false; want true")
	}
}

func TestFormulaTokens(t *testing.T) {
	t.Parallel()
	nzA := Normalize([]byte(`so $f(x)=y$ holds`), LaTeX)
	nzB := Normalize([]byte(`so $g(t)=s$ holds`), LaTeX)
	nzC := Normalize([]byte(`so $f(x)+y$ holds`), LaTeX)
	tok := func(nz *Normalized) []uint64 {
		var h []uint64
		for _, t := range appendTokens(nil, nz.Text, 0, len(nz.Text), func(k int) uint32 { return nz.Formulas[k].Shape }) {
			h = append(h, t.Hash)
		}
		return h
	}
	if diff := cmp.Diff(tok(nzA), tok(nzB)); diff != "" {
		t.Errorf("renamed variables changed the tokens (-a +b):\n%s", diff)
	}
	if cmp.Equal(tok(nzA), tok(nzC)) {
		t.Error("a different formula left the tokens unchanged")
	}
}

func TestPieces(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n    int
		want [][2]int
	}{
		{10, [][2]int{{0, 10}}},
		{80, [][2]int{{0, 80}}},
		{100, [][2]int{{0, 50}, {50, 100}, {0, 80}, {20, 100}}},
		{200, [][2]int{{0, 66}, {66, 133}, {133, 200}, {0, 80}, {40, 120}, {80, 160}, {120, 200}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, pieces(tt.n)); diff != "" {
			t.Errorf("pieces(%d) (-want +got):\n%s", tt.n, diff)
		}
	}
}

func TestShingles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n       int
		shingle int
		compare []int
	}{
		{10, 3, []int{3}},
		{25, 3, []int{3}},
		{26, 3, []int{3, 5}},
		{39, 3, []int{3, 5}},
		{40, 5, []int{5, 3}},
		{53, 5, []int{5}},
		{80, 5, []int{5}},
	}
	for _, tt := range tests {
		if got := shingleOf(tt.n); got != tt.shingle {
			t.Errorf("shingleOf(%d) = %d; want %d", tt.n, got, tt.shingle)
		}
		if diff := cmp.Diff(tt.compare, shinglesFor(tt.n)); diff != "" {
			t.Errorf("shinglesFor(%d) (-want +got):\n%s", tt.n, diff)
		}
		if !slices.Contains(shinglesFor(tt.n), shingleOf(tt.n)) {
			t.Errorf("shinglesFor(%d) leaves out the shingle the index signs %d words with", tt.n, tt.n)
		}
	}
}

// TestBandKeysOfShingles checks that 3-gram and 5-gram signatures never look each other up.
func TestBandKeysOfShingles(t *testing.T) {
	t.Parallel()
	var sig [numHashes]uint32
	if !signatureOf(words("a b c"), 3, &sig) || signatureOf(words("a b"), 3, &sig) {
		t.Fatal("signatureOf with 3-grams needs exactly three words")
	}
	same := 0
	for b := range numBands {
		if bandKeyOf(&sig, b, shortShingleWords) == bandKeyOf(&sig, b, shingleWords) {
			same++
		}
		if bandKeyOf(&sig, b, shingleWords) != bandKey(&sig, b) {
			t.Fatalf("bandKeyOf(5-grams) differs from bandKey in band %d", b)
		}
	}
	if same > 0 {
		t.Errorf("%d bands of the same signature have one key for 3-grams and 5-grams; want none", same)
	}
}
