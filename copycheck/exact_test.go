package copycheck

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// naiveRuns computes the maximal runs from their definition, searching the corpus at every
// position of the body.
func naiveRuns(corpus [][]byte, body []byte, minLen int) []run {
	all := bytes.Join(corpus, []byte{0})
	ms := make([]int, len(body))
	for i := range body {
		lo, hi := 0, len(body)-i // the longest length found is in [lo, hi]
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if bytes.Contains(all, body[i:i+mid]) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		ms[i] = lo
	}
	var runs []run
	for s, l := range ms {
		if l >= minLen && (s == 0 || ms[s-1] <= l) {
			runs = append(runs, run{Start: s, End: s + l})
		}
	}
	return runs
}

func randomText(r *rand.Rand, n int, alphabet string) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return b
}

func textIndex(t testing.TB, texts [][]byte, shardLimit int) *Index {
	t.Helper()
	docs := make([]Document, len(texts))
	for i, s := range texts {
		docs[i] = Document{Meta: DocMeta{ID: fmt.Sprintf("doc%d", i), Licence: LicenceGFDL}, Format: Markdown, Text: s}
	}
	x, err := BuildIndex(docs, shardLimit)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestExactRunsMatchBruteForce checks stage 1 against the definition on random corpora with
// planted copies: every run found, none invented, each located where it stands.
func TestExactRunsMatchBruteForce(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 11))
	trials := 120
	if raceEnabled {
		trials = 30
	}
	for trial := 0; trial < trials; trial++ {
		alphabet := []string{"ab", "abcd", "abcdefghijklmnopqrstuvwxyz"}[trial%3]
		var corpus [][]byte
		for d := 0; d < 1+r.IntN(6); d++ {
			corpus = append(corpus, randomText(r, r.IntN(3000), alphabet))
		}
		body := randomText(r, 200+r.IntN(1500), alphabet)
		for k := 0; k < r.IntN(6); k++ {
			src := corpus[r.IntN(len(corpus))]
			if len(src) < 10 {
				continue
			}
			a := r.IntN(len(src) - 5)
			b := a + 5 + r.IntN(min(400, len(src)-a-5)+1)
			at := r.IntN(len(body))
			body = append(body[:at], append(append([]byte{}, src[a:b]...), body[at:]...)...)
		}
		minLen := []int{8, 20, 50}[r.IntN(3)]
		shardLimit := []int{0, 3500, 7000}[trial%3]
		x := textIndex(t, corpus, shardLimit)
		got := x.exactRuns(body, minLen)
		want := naiveRuns(corpus, body, minLen)
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(run{})); diff != "" {
			t.Fatalf("trial %d (minLen %d, %d shards): exactRuns (-want +got):\n%s", trial, minLen, x.Shards(), diff)
		}
		for _, rn := range got {
			src, ok := x.locate(body[rn.Start:rn.End], 8)
			if !ok {
				t.Fatalf("trial %d: run %v not located", trial, rn)
			}
			s := x.shards[src.shard]
			if !bytes.Equal(s.text[src.pos:src.pos+rn.End-rn.Start], body[rn.Start:rn.End]) {
				t.Fatalf("trial %d: run %v located at %d where the text differs", trial, rn, src.pos)
			}
			if d := s.docs[src.doc]; src.pos < int(d.Start) || src.pos+rn.End-rn.Start > int(d.End) {
				t.Fatalf("trial %d: run %v located across the end of document %d", trial, rn, src.doc)
			}
		}
	}
}

func TestExactRunsNone(t *testing.T) {
	t.Parallel()
	x := textIndex(t, [][]byte{[]byte("the quick brown fox jumps over the lazy dog")}, 0)
	tests := []struct {
		name   string
		body   string
		minLen int
		want   []run
	}{
		{"empty", "", 10, nil},
		{"shorter than the minimum", "quick brown", 20, nil},
		{"no common run", "a completely different sentence about groups", 10, nil},
		{"whole", "xx the quick brown fox jumps yy", 10, []run{{Start: 3, End: 29}}},
	}
	for _, tt := range tests {
		got := x.exactRuns([]byte(tt.body), tt.minLen)
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(run{})); diff != "" {
			t.Errorf("exactRuns(%q, %d) (-want +got):\n%s", tt.body, tt.minLen, diff)
		}
	}
}

func TestSortByKey(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 3))
	e := make([]lshEntry, 5000)
	for i := range e {
		e[i] = lshEntry{Key: r.Uint32() % 700 * 6151111, Chunk: uint32(i)}
	}
	got := sortByKey(append([]lshEntry(nil), e...), make([]lshEntry, len(e)))
	for i := 1; i < len(got); i++ {
		if a, b := got[i-1], got[i]; a.Key > b.Key || a.Key == b.Key && a.Chunk >= b.Chunk {
			t.Fatalf("sortByKey: entry %d %v before %v", i, a, b)
		}
	}
}

// TestLowerBoundMatchesBinarySearch checks the search through the sampled keys against a plain
// binary search over the whole suffix array, with patterns shorter and longer than a key, ones
// that stand in the text and ones that do not.
func TestLowerBoundMatchesBinarySearch(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 5))
	for _, alphabet := range []string{"ab", "abc", "abcdefghij"} {
		var texts [][]byte
		for d := 0; d < 4; d++ {
			texts = append(texts, randomText(r, 5000+r.IntN(5000), alphabet))
		}
		s := textIndex(t, texts, 0).shards[0]
		for trial := 0; trial < 3000; trial++ {
			var p []byte
			if trial%2 == 0 {
				q := r.IntN(len(s.text) - 2)
				p = append(p, s.text[q:min(len(s.text), q+2+r.IntN(20))]...)
			} else {
				p = randomText(r, 2+r.IntN(20), alphabet)
			}
			if bytes.IndexByte(p, 0) >= 0 {
				continue
			}
			got, _, _ := s.lowerBound(p)
			want, _ := slices.BinarySearchFunc(s.sa, p, func(q int32, p []byte) int {
				return bytes.Compare(s.text[q:min(len(s.text), int(q)+len(p))], p)
			})
			if got != want {
				t.Fatalf("lowerBound(%q) = %d, want %d", p, got, want)
			}
		}
	}
}
