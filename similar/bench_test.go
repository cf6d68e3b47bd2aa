//go:build calibrate

package similar_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/similar"
)

// benchWords is the prose vocabulary of the synthetic statements: words of problem statements.
var benchWords = strings.Fields(`let be a the of every each integer integers natural number numbers prime primes
	set sets subset finite infinite sequence sequences function functions graph graphs vertex vertices edge edges
	colouring chromatic clique independent tree path cycle bipartite planar degree maximal minimal largest smallest
	least greatest bound bounds upper lower asymptotic density positive negative real complex polynomial
	polynomials coefficient coefficients root roots field group groups ring order subgroup abelian cyclic
	matrix matrices rank determinant eigenvalue dimension space spaces metric compact convex measure
	interval distinct consecutive arithmetic progression progressions sum sums product products divisor
	divisors multiple residue modulo congruent square squares cube free partition partitions representation
	there exists exist is are does do prove show determine estimate find whether true false holds hold
	such that for all some at most least with without if then only contains contain has have many infinitely
	sufficiently large small constant depending on where denote denotes number of solutions equation
	inequality limit converges diverges tends to infinity zero one two three every almost density zero
	additive multiplicative combinatorial geometric probabilistic random uniform independent hypergraph
	uniform monochromatic coloured colour colours ramsey turan extremal problem conjecture question
	value values term terms digit digits base binary representation expansion continued fraction
	irrational rational transcendental algebraic sieve gap gaps twin primes goldbach collatz lattice
	points plane circle circles distance distances unit triangle triangles convex polygon polygons`)

// benchFormulas are formula templates; X and Y stand for variable letters, N for a number.
var benchFormulas = []string{`$X$`, `$X \ge N$`, `$X_Y$`, `$\sum_{X \le Y} X^{-1}$`, `$|A \cap [1, X]|$`,
	`$X = o(Y)$`, `$X(Y) \to \infty$`, `$\binom{X}{Y}$`, `$X \equiv N \pmod{Y}$`, `$X^N + Y^N$`,
	`$\lim_{X \to \infty} X^{1/N}$`, `$X \subseteq \{1, \ldots, Y\}$`, `$\mathbb{N}$`, `$X < Y \le N X$`,
	`$\prod_{p \le X} (1 - 1/p)$`, `$X \ll Y^{N}$`, `$\log X$`, `$(\log X)^{N}$`, `$X! + N$`, `$\phi(X)$`,
	`$\sigma(X) = N X$`, `$X \mid Y$`, `$\gcd(X, Y) = 1$`, `$X \in A$`, `$A + A$`, `$R(N, X)$`}

// benchStatement is a synthetic statement of 10 to 80 words in one to four sentences, about
// a third of its words formulas.
func benchStatement(rng *rand.Rand) (title, statement string) {
	words := 10 + rng.IntN(71)
	var b strings.Builder
	sentence := 0
	for i := 0; i < words; i++ {
		if rng.IntN(3) == 0 {
			f := benchFormulas[rng.IntN(len(benchFormulas))]
			f = strings.ReplaceAll(f, "X", string(rune('a'+rng.IntN(26))))
			f = strings.ReplaceAll(f, "Y", string(rune('a'+rng.IntN(26))))
			f = strings.ReplaceAll(f, "N", strconv.Itoa(2+rng.IntN(20)))
			b.WriteString(f)
		} else {
			b.WriteString(benchWords[rng.IntN(len(benchWords))])
		}
		sentence++
		if sentence > 6 && rng.IntN(10) == 0 || i == words-1 {
			b.WriteString(". ")
			sentence = 0
		} else {
			b.WriteByte(' ')
		}
	}
	t := benchWords[rng.IntN(len(benchWords))] + " " + benchWords[rng.IntN(len(benchWords))] + " problem " + strconv.Itoa(rng.IntN(5000))
	return t, strings.TrimSpace(b.String())
}

// bench100k is the index BenchmarkSimilar100k searches, built once per test binary: the
// benchmark function runs several times as the testing package sizes b.N.
var bench100k struct {
	once         sync.Once
	idx          *similar.Index
	queries      [][2]string
	perStatement float64
	objects      float64       // heap objects per statement
	collect      time.Duration // one full collection with the index live
	add          time.Duration
	real         int
}

func buildBench100k(b *testing.B) {
	const size = 100_000
	rng := rand.New(rand.NewPCG(1, 2))
	var texts [][2]string
	for _, r := range benchReal(b) {
		texts = append(texts, [2]string{r.Title, r.Statement})
	}
	bench100k.real = len(texts)
	for len(texts) < size {
		t, s := benchStatement(rng)
		texts = append(texts, [2]string{t, s})
	}
	texts = texts[:size]

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	idx := similar.NewIndex()
	start := time.Now()
	for i, t := range texts {
		idx.Add("TDB-"+strconv.Itoa(i+1), t[0], t[1], "ACCEPTED", "")
	}
	bench100k.add = time.Since(start) / size
	runtime.GC()
	runtime.ReadMemStats(&after)
	bench100k.perStatement = float64(after.HeapAlloc-before.HeapAlloc) / size
	bench100k.objects = (float64(after.HeapObjects) - float64(before.HeapObjects)) / size
	bench100k.idx = idx
	// A collection marks every object the heap holds: an index whose statements are objects of
	// their own makes each one long, and a request that allocates meanwhile helps to mark.
	collections := make([]time.Duration, 5)
	for i := range collections {
		t0 := time.Now()
		runtime.GC()
		collections[i] = time.Since(t0)
	}
	slices.Sort(collections)
	bench100k.collect = collections[len(collections)/2]
	runtime.KeepAlive(idx)

	// Half the queries are near copies of indexed statements (variables renamed, a word in
	// twenty changed), half fresh statements.
	bench100k.queries = make([][2]string, 1000)
	for i := range bench100k.queries {
		if i%2 == 0 {
			t := texts[rng.IntN(len(texts))]
			bench100k.queries[i] = [2]string{t[0], similar.ChangeWords(similar.RenameVariables(t[1], rng), rng)}
		} else {
			t, s := benchStatement(rng)
			bench100k.queries[i] = [2]string{t, s}
		}
	}
}

// BenchmarkSimilar100k measures Similar over an index of 100,000 statements: every real
// statement of the shared data when it is there (about 3,200) and synthetic ones for the rest.
// It reports the 95th percentile of one search's time, the heap bytes and objects the index
// holds per statement, the time of a full collection with the index live and the time of one
// Add.
func BenchmarkSimilar100k(b *testing.B) {
	bench100k.once.Do(func() { buildBench100k(b) })
	idx, queries := bench100k.idx, bench100k.queries
	ctx := context.Background()
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := queries[i%len(queries)]
		t0 := time.Now()
		if _, err := idx.Similar(ctx, q[0], q[1], "", similar.DefaultLimit); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
	b.ReportMetric(bench100k.perStatement, "B/statement")
	b.ReportMetric(bench100k.objects, "objects/statement")
	b.ReportMetric(float64(bench100k.collect.Microseconds())/1000, "gc-ms")
	b.ReportMetric(float64(bench100k.add.Microseconds()), "µs/add")
	b.ReportMetric(float64(bench100k.real), "real-statements")
}
