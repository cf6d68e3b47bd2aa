package searchtext_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/search/searchtext"
)

func TestWordsFold(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"Sums of two Squares", "sum of two squares"},
		{"Erdős–Straus", "erdos straus"},
		{"ERDŐS problems", "Erdos problem"},
		{"k-tuple conjecture", "k tuple conjectures"},
		{"Zwei Sätze über", "zwei satze uber"},
	} {
		if a, b := searchtext.Words(c.a), searchtext.Words(c.b); !slices.Equal(a, b) {
			t.Errorf("Words(%q) = %q, Words(%q) = %q; want the same", c.a, a, c.b, b)
		}
	}
	if got := searchtext.Words("primes and squares"); slices.Equal(got, searchtext.Words("prime and square roots")) {
		t.Errorf("different texts fold alike: %q", got)
	}
}

func TestPairs(t *testing.T) {
	j := string(searchtext.Joiner)
	got := searchtext.Pairs("A sum of two squares.")
	want := []string{"a" + j + "sum", "sum" + j + "of", "of" + j + "two", "two" + j + "squar"}
	if !slices.Equal(got, want) {
		t.Errorf("Pairs = %q, want %q", got, want)
	}
	if got := searchtext.Pairs("Erdős"); got != nil {
		t.Errorf("one word has pairs: %q", got)
	}
	if got := searchtext.Pairs(" $n$ … "); got != nil {
		t.Errorf("one word has pairs: %q", got)
	}
	// The joiner in indexed text separates words, so no word can pass for a pair.
	for _, w := range searchtext.Words("a" + j + "b c") {
		if strings.ContainsRune(w, searchtext.Joiner) {
			t.Errorf("word %q holds the joiner", w)
		}
	}
	if got := searchtext.PairText("one two three"); got != "one"+j+"two two"+j+"three" {
		t.Errorf("PairText = %q", got)
	}
}
