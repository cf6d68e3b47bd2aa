package similar

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// similarity is the similarity Similar reports for b when a is the only other statement.
func similarity(t *testing.T, titleA, a, titleB, b string) float64 {
	t.Helper()
	x := NewIndex()
	x.Add("A", titleA, a, "ACCEPTED", "")
	cs, err := x.Similar(context.Background(), titleB, b, "", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		return 0
	}
	return cs[0].Similarity
}

// failThreshold and reviewThreshold are the duplicate gate's (gates.DuplicateFailThreshold and
// gates.DuplicateReviewThreshold), which this package must not import: a near copy scores at
// least failThreshold, an unrelated statement below reviewThreshold.
const (
	failThreshold   = 0.95
	reviewThreshold = 0.4
)

const (
	sidon   = `Let $A \subseteq \{1, \ldots, N\}$ be a Sidon set, that is, a set in which all sums $a + b$ with $a \le b$ are distinct. Is it true that $|A| \le N^{1/2} + O(1)$? Erdős offered a prize for this bound.`
	twin    = `Prove that there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, for every integer $N$ there is a prime $p > N$ with $p + 2$ prime.`
	collatz = `Let $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Prove that for every positive integer $n$ there is $k \ge 0$ with $T^{k}(n) = 1$.`
)

func TestBaseTitle(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"Erdős Problem 1167 (finite_targets)", "Erdős Problem 1167", true},
		{"Sidorenko's conjecture (1993) (sidorenko_conjecture)", "Sidorenko's conjecture (1993)", true},
		{"Twin prime conjecture", "", false},
		{"(only a remark)", "", false},
		{"Unbalanced )", "", false},
	}
	for _, tt := range tests {
		if got, ok := simBaseTitle(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("simBaseTitle(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// distractors are synthetic statements of the kind the benchmark indexes.
func distractors(n int, rng *rand.Rand) []string {
	words := strings.Fields(`let set integer prime sequence function graph vertex bound density sum product
		divisor largest smallest every exists infinitely many positive finite sufficiently large constant
		prove show determine whether true progression colouring limit polynomial field group`)
	formulas := []string{`$x \ge 2$`, `$\sum_{n \le x} 1/n$`, `$|A \cap [1, N]|$`, `$p \equiv 1 \pmod{4}$`,
		`$f(n) = o(n)$`, `$\binom{n}{k}$`, `$\mathbb{N}$`, `$a_n$`, `$\log x$`, `$k \ge 3$`}
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for w := 10 + rng.IntN(60); w > 0; w-- {
			if rng.IntN(3) == 0 {
				b.WriteString(formulas[rng.IntN(len(formulas))])
			} else {
				b.WriteString(words[rng.IntN(len(words))])
			}
			b.WriteByte(' ')
		}
		out[i] = strings.TrimSpace(b.String()) + "."
	}
	return out
}

func TestIndexAddReplaceRemove(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	x := NewIndex()
	x.Add("TDB-1", "Twin primes", twin, "ACCEPTED", "https://example.org/1")
	x.Add("TDB-2", "Collatz", collatz, "PROSPECTING", "")
	similar := func(statement, exclude string) []Candidate {
		t.Helper()
		cs, err := x.Similar(ctx, "", statement, exclude, 5)
		if err != nil {
			t.Fatal(err)
		}
		var out []Candidate
		for _, c := range cs {
			if c.Similarity >= reviewThreshold {
				out = append(out, c)
			}
		}
		return out
	}
	want := []Candidate{{ID: "TDB-1", Title: "Twin primes", Similarity: 1, State: "ACCEPTED", Locator: "https://example.org/1"}}
	if diff := cmp.Diff(want, similar(twin, "")); diff != "" {
		t.Errorf("Similar(twin) (-want +got):\n%s", diff)
	}
	if got := similar(twin, "TDB-1"); len(got) != 0 {
		t.Errorf("Similar(twin, exclude TDB-1) = %v; want none", got)
	}
	x.Add("TDB-1", "Sidon sets", sidon, "ARCHIVED", "")
	if got := similar(twin, ""); len(got) != 0 {
		t.Errorf("Similar(twin) after TDB-1 was replaced = %v; want none", got)
	}
	if got := similar(sidon, ""); len(got) != 1 || got[0].State != "ARCHIVED" {
		t.Errorf("Similar(sidon) = %v; want TDB-1, ARCHIVED", got)
	}
	x.Remove("TDB-1")
	x.Remove("TDB-404")
	if got := similar(sidon, ""); len(got) != 0 {
		t.Errorf("Similar(sidon) after Remove = %v; want none", got)
	}
	if n := x.Len(); n != 1 {
		t.Errorf("Len() = %d; want 1", n)
	}
}

// TestIndexCompaction adds and removes enough statements for several compactions and checks
// that removed statements are never found and reused slots hold the new ones.
func TestIndexCompaction(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(2, 2))
	x := NewIndex()
	texts := distractors(3*simCompactMin, rng)
	for i, s := range texts {
		x.Add("T"+strconv.Itoa(i), "Title "+strconv.Itoa(i), s, "ACCEPTED", "")
		if i%3 == 2 {
			x.Remove("T" + strconv.Itoa(i-1))
		}
	}
	ctx := context.Background()
	for i, s := range texts {
		cs, err := x.Similar(ctx, "Title "+strconv.Itoa(i), s, "", 50)
		if err != nil {
			t.Fatal(err)
		}
		removed := i%3 == 1
		found := false
		for _, c := range cs {
			if c.ID == "T"+strconv.Itoa(i) {
				found = c.Similarity >= failThreshold
			}
			if n, _ := strconv.Atoi(strings.TrimPrefix(c.ID, "T")); n%3 == 1 {
				t.Fatalf("Similar found the removed statement %s", c.ID)
			}
		}
		if found == removed {
			t.Errorf("Similar(T%d): found %v; want %v", i, found, !removed)
		}
	}
	if want := len(texts) - len(texts)/3; x.Len() != want {
		t.Errorf("Len() = %d; want %d", x.Len(), want)
	}
}

func TestSimilarConcurrent(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 3))
	texts := distractors(400, rng)
	x := NewIndex()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(texts); i += 4 {
				id := "T" + strconv.Itoa(i)
				x.Add(id, "", texts[i], "ACCEPTED", "")
				if _, err := x.Similar(context.Background(), "", texts[(i*7)%len(texts)], "", 5); err != nil {
					t.Error(err)
				}
				if i%5 == 0 {
					x.Remove(id)
				}
			}
		}()
	}
	wg.Wait()
	if want := len(texts) - len(texts)/5; x.Len() != want {
		t.Errorf("Len() = %d; want %d", x.Len(), want)
	}
}

// TestSimilarHostileInput checks that huge and pathological statements are read in bounded
// time.
func TestSimilarHostileInput(t *testing.T) {
	t.Parallel()
	inputs := map[string]string{
		"huge":                  strings.Repeat("prime number sequence. ", 200_000),
		"dollars":               strings.Repeat("$", 1<<20),
		"unclosed formula":      "$" + strings.Repeat(`\sum_{n} x^{`, 50_000),
		"one long word":         strings.Repeat("a", 1<<20),
		"invalid utf-8":         strings.Repeat("\xff\xfe", 1<<18),
		"unclosed parens":       strings.Repeat(`\(`, 1<<16),
		"sizing after O":        "$" + strings.Repeat(`O\big `, 1<<15) + "$",
		"unclosed text":         "$" + strings.Repeat(`\text{`, 1<<15) + "$",
		"unclosed environments": strings.Repeat(`\begin{align}x`, 1<<12) + `\end{equation}`,
	}
	x := NewIndex()
	x.Add("TDB-1", "", twin, "ACCEPTED", "")
	for name, in := range inputs {
		start := time.Now()
		x.Add("TDB-"+name, in, in, "ACCEPTED", "")
		if _, err := x.Similar(context.Background(), in, in, "", 5); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
	}
}

func TestSimilarCancelled(t *testing.T) {
	t.Parallel()
	x := NewIndex()
	x.Add("TDB-1", "", twin, "ACCEPTED", "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := x.Similar(ctx, "", twin, "", 5); !errors.Is(err, context.Canceled) {
		t.Errorf("Similar(cancelled) = %v; want context.Canceled", err)
	}
}

func TestDefuse(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`a \(x\) b`, `a \(x\) b`},
		{`\(x\) \(y`, `\(x\)  (y`},
		{`\[ \[ \]`, `\[ \[ \]`},
		{`\begin{align}x\end{align} \begin{align}y`, `\begin{align}x\end{align}  begin{align}y`},
		{`\begin{align}x\end{equation}`, ` begin{align}x\end{equation}`},
		{`plain text`, `plain text`},
	}
	for _, tt := range tests {
		if got := string(simDefuse([]byte(tt.in))); got != tt.want {
			t.Errorf("simDefuse(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestIndexChurn adds, replaces and removes statements for several compactions of the postings
// and of the arenas that hold the statements' features and strings, once with IDs hashed as
// the index hashes them and once with every ID hashed alike, and checks that each statement
// still indexed is found by itself with its own title, state and locator, and no other.
func TestIndexChurn(t *testing.T) {
	t.Parallel()
	for _, oneHash := range []bool{false, true} {
		t.Run("one hash "+strconv.FormatBool(oneHash), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(3, 4))
			x := NewIndex()
			if oneHash {
				x.hash = func(string) uint64 { return 7 }
			}
			texts := distractors(2*simCompactMin, rng)
			type entry struct{ title, text, state, locator string }
			live := map[string]entry{}
			for i := range 4 * simCompactMin {
				id := "P" + strconv.Itoa(rng.IntN(simCompactMin))
				switch rng.IntN(4) {
				case 0:
					x.Remove(id)
					delete(live, id)
				default: // a new statement, or a revision of one
					e := entry{"Title " + strconv.Itoa(i), texts[rng.IntN(len(texts))], []string{"ACCEPTED", "PROSPECTING"}[i%2], "/p/" + id + "/" + strconv.Itoa(i)}
					x.Add(id, e.title, e.text, e.state, e.locator)
					live[id] = e
				}
			}
			if x.Len() != len(live) {
				t.Fatalf("Len() = %d; want %d", x.Len(), len(live))
			}
			ctx := context.Background()
			for id, e := range live {
				cs, err := x.Similar(ctx, e.title, e.text, "", 100)
				if err != nil {
					t.Fatal(err)
				}
				var got *Candidate
				for i, c := range cs {
					if _, ok := live[c.ID]; !ok {
						t.Fatalf("Similar found %s, which is not indexed", c.ID)
					}
					if c.ID == id {
						got = &cs[i]
					}
				}
				if got == nil || got.Title != e.title || got.State != e.state || got.Locator != e.locator || got.Similarity < failThreshold {
					t.Fatalf("Similar(%s's statement) found %+v; want %s with %+v", id, got, id, e)
				}
			}
		})
	}
}

// TestPostingsCount: a key's count is the number of its postings, sorted and recent, across
// compactions, and appendSlots lists them all.
func TestPostingsCount(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	var p simPostings
	want := map[uint32]int{}
	for round := range 4 {
		for i := range 3000 {
			key := uint32(rng.IntN(40)) // a few keys with long chains
			p.add(key, int32(round*3000+i))
			want[key]++
		}
		for key, n := range want {
			if got := p.count(key); got != n {
				t.Fatalf("round %d: count(%d) = %d; want %d", round, key, got, n)
			}
			if got := len(p.appendSlots(nil, key, 1<<30)); got != n {
				t.Fatalf("round %d: appendSlots(%d) lists %d; want %d", round, key, got, n)
			}
		}
		if round%2 == 1 {
			p.compact(func(int32) bool { return false })
		}
	}
}
