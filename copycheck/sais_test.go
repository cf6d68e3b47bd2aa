package copycheck

import (
	"bytes"
	"index/suffixarray"
	"math/rand/v2"
	"slices"
	"testing"
)

// naiveSuffixArray sorts suffixes by comparing them, the definition of a suffix array.
func naiveSuffixArray(text []byte) []int32 {
	sa := make([]int32, len(text))
	for i := range sa {
		sa[i] = int32(i)
	}
	slices.SortFunc(sa, func(a, b int32) int { return bytes.Compare(text[a:], text[b:]) })
	return sa
}

func TestBuildSuffixArray(t *testing.T) {
	t.Parallel()
	texts := []string{"", "a", "aa", "ab", "ba", "banana", "mississippi", "abracadabra", "aaaaaaaaaa",
		"abababababab", "the cat sat on the mat. the cat sat.", "\x00\x00a\x00"}
	for _, s := range texts {
		sa := make([]int32, len(s))
		buildSuffixArray([]byte(s), sa)
		if want := naiveSuffixArray([]byte(s)); !slices.Equal(sa, want) {
			t.Errorf("buildSuffixArray(%q) = %v; want %v", s, sa, want)
		}
	}
}

func TestBuildSuffixArrayRandom(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		n := r.IntN(2000)
		alpha := 1 + r.IntN(6)
		if trial%10 == 0 {
			alpha = 256
		}
		text := make([]byte, n)
		for i := range text {
			text[i] = byte('a' + r.IntN(alpha))
		}
		if trial%3 == 0 && n > 20 {
			// Long repeats exercise the recursion.
			p := r.IntN(n / 2)
			copy(text[n/2:], text[p:p+n/4])
		}
		sa := make([]int32, n)
		buildSuffixArray(text, sa)
		if want := naiveSuffixArray(text); !slices.Equal(sa, want) {
			t.Fatalf("buildSuffixArray(%q) differs from the sorted suffixes", text)
		}
	}
}

func TestBuildSuffixArrayCorpus(t *testing.T) {
	t.Parallel()
	var text []byte
	for _, p := range sampleCorpusFiles(t, 12) {
		text = append(text, Normalize(readFile(t, p), LaTeX).Text...)
		text = append(text, 0)
	}
	sa := make([]int32, len(text))
	buildSuffixArray(text, sa)
	// index/suffixarray is another implementation; its sorted order must be the same.
	idx := suffixarray.New(text)
	for i := 0; i+1 < len(sa); i += 97 {
		if bytes.Compare(text[sa[i]:], text[sa[i+1]:]) >= 0 {
			t.Fatalf("suffix %d (%d) not before suffix %d (%d)", i, sa[i], i+1, sa[i+1])
		}
	}
	pos := idx.Lookup([]byte("a ring is commutative"), -1)
	slices.Sort(pos)
	var got []int
	for _, p := range sa {
		if bytes.HasPrefix(text[p:], []byte("a ring is commutative")) {
			got = append(got, int(p))
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, pos) {
		t.Errorf("positions of a phrase = %v; want %v", got, pos)
	}
}

func FuzzBuildSuffixArray(f *testing.F) {
	for _, s := range []string{"banana", "mississippi", "aaaa", "abcabcabc", "\x00\xff\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		sa := make([]int32, len(text))
		buildSuffixArray(text, sa)
		if want := naiveSuffixArray(text); !slices.Equal(sa, want) {
			t.Fatalf("buildSuffixArray(%q) = %v; want %v", text, sa, want)
		}
	})
}

// TestBuildSuffixArrayRepetitive covers texts whose reduced strings recurse several levels deep,
// with bucket counters in the spare part of the array or allocated.
func TestBuildSuffixArrayRepetitive(t *testing.T) {
	t.Parallel()
	fib := []byte("a")
	for prev := []byte("b"); len(fib) < 3000; {
		fib, prev = append(slices.Clone(fib), prev...), fib
	}
	r := rand.New(rand.NewPCG(3, 4))
	texts := [][]byte{fib, bytes.Repeat([]byte("abcab"), 700), bytes.Repeat([]byte("ab"), 1500)}
	for trial := 0; trial < 20; trial++ {
		unit := make([]byte, 1+r.IntN(40))
		for i := range unit {
			unit[i] = byte(r.IntN(3))
		}
		text := bytes.Repeat(unit, 1+3000/len(unit))
		text[r.IntN(len(text))] = byte(r.IntN(256))
		texts = append(texts, text)
	}
	for _, text := range texts {
		sa := make([]int32, len(text))
		buildSuffixArray(text, sa)
		if want := naiveSuffixArray(text); !slices.Equal(sa, want) {
			t.Fatalf("buildSuffixArray(%q) differs from the sorted suffixes", text)
		}
	}
}
