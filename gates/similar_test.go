package gates

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

// The near-copy transforms, exported to the external tests (similar_recall_test.go and the
// benchmark), which plant copies of real statements.
var (
	ChangeWords      = simChangeWords
	RenameVariables  = simRenameVariables
	ReorderSentences = simReorderSentences
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

const (
	sidon   = `Let $A \subseteq \{1, \ldots, N\}$ be a Sidon set, that is, a set in which all sums $a + b$ with $a \le b$ are distinct. Is it true that $|A| \le N^{1/2} + O(1)$? Erdős offered a prize for this bound.`
	twin    = `Prove that there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, for every integer $N$ there is a prime $p > N$ with $p + 2$ prime.`
	collatz = `Let $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Prove that for every positive integer $n$ there is $k \ge 0$ with $T^{k}(n) = 1$.`
)

func TestSimilarity(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		a, b     string
		min, max float64
	}{
		{"identical", sidon, sidon, 1, 1},
		{"variables renamed", sidon, `Let $B \subseteq \{1, \ldots, M\}$ be a Sidon set, that is, a set in which all sums $x + y$ with $x \le y$ are distinct. Is it true that $|B| \le M^{1/2} + O(1)$? Erdős offered a prize for this bound.`, DuplicateFailThreshold, 1},
		{"sentences reordered", twin, `Equivalently, for every integer $N$ there is a prime $p > N$ with $p + 2$ prime. Prove that there are infinitely many primes $p$ such that $p+2$ is also prime.`, DuplicateFailThreshold, 1},
		{"markup and case", twin, `PROVE that there are   infinitely many primes \(p\) such that \(p+2\) is also prime.  Equivalently, for every integer \(N\) there is a prime \(p > N\) with \(p + 2\) prime.`, DuplicateFailThreshold, 1},
		{"plural and accents", `Erdős asked whether the sets exist.`, `Erdos asked whether the set exists.`, DuplicateFailThreshold, 1},
		{"a word changed", collatz, `Let $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Show that for every positive integer $n$ there is $k \ge 0$ with $T^{k}(n) = 1$.`, DuplicateReviewThreshold, DuplicateFailThreshold},
		{"a formula changed", collatz, `Let $T(n) = n/2$ for even $n$ and $T(n) = 5n + 1$ for odd $n$. Prove that for every positive integer $n$ there is $k \ge 0$ with $T^{k}(n) = 1$.`, DuplicateReviewThreshold, DuplicateFailThreshold},
		{"unrelated", sidon, collatz, 0, DuplicateReviewThreshold},
		{"unrelated on the same objects", twin, `Prove that every even integer $n \ge 4$ is a sum of two primes: there are primes $p$ and $q$ with $p + q = n$.`, 0, DuplicateReviewThreshold},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := similarity(t, "", tt.a, "", tt.b)
			t.Logf("similarity = %.3f", got)
			if got < tt.min || got > tt.max {
				t.Errorf("similarity(%q, %q) = %.3f; want in [%.2f, %.2f]", tt.a, tt.b, got, tt.min, tt.max)
			}
		})
	}
}

func TestTitleSimilarity(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		a, b     string
		min, max float64
	}{
		{"same title", "Erdős Problem 1167", "Erdős Problem 1167", DuplicateReviewThreshold, 0.5},
		{"variant qualifier", "Erdős Problem 1167", "Erdős Problem 1167 (finite targets)", DuplicateReviewThreshold, 0.5},
		{"two variants", "Erdős Problem 1167 (binary colours)", "Erdős Problem 1167 (finite targets)", DuplicateReviewThreshold, 0.5},
		{"another collection's number", "Erdős Problem 23", "Open Quantum Problem 23", 0, DuplicateReviewThreshold},
		{"one common word", "Conjecture", "Hall's conjecture", 0, DuplicateReviewThreshold},
		{"unrelated", "Twin prime conjecture", "Sidon sets", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// Unrelated statements, so that only the titles can match.
			got := similarity(t, tt.a, sidon, tt.b, collatz)
			t.Logf("similarity = %.3f", got)
			if got < tt.min || got > tt.max {
				t.Errorf("similarity of titles %q and %q = %.3f; want in [%.2f, %.2f]", tt.a, tt.b, got, tt.min, tt.max)
			}
		})
	}
}

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

// TestShortStatementsFound indexes short statements dense with formulas among thousands of
// synthetic ones built from the same words and formulas, and finds each from a near copy.
func TestShortStatementsFound(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	short := []string{
		`Is it true that $f(n) = o(n)$ for almost all $n$?`,
		`Does $\lim_{x\to\infty} |S \cap [1, x]|/x$ exist?`,
		`Is $\sum_{n \in A} 1/n < \infty$ whenever $A$ has no three-term progression?`,
		`Prove that $R(k, k) \ge (1 + c)^k \sqrt{2}^k$ for some $c > 0$ and all large $k$.`,
		`Find the least $k$ such that $n! + k$ is prime for infinitely many $n$.`,
		`Is $h(n) = \Theta(\sqrt{n})$, where $h(n)$ is the largest size of a set $B \subseteq A$ with distinct sums?`,
	}
	x := NewIndex()
	for i, s := range distractors(5000, rng) {
		x.Add("D"+strconv.Itoa(i), "", s, "ACCEPTED", "")
	}
	for i, s := range short {
		x.Add("S"+strconv.Itoa(i), "", s, "ACCEPTED", "")
	}
	for i, s := range short {
		for _, q := range []string{s, simRenameVariables(s, rng), simChangeOne(s, rng)} {
			cs, err := x.Similar(context.Background(), "", q, "", 3)
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) == 0 || cs[0].ID != "S"+strconv.Itoa(i) || cs[0].Similarity < DuplicateReviewThreshold {
				t.Errorf("Similar(%q) = %v; want S%d first at %.2f or more", q, cs, i, DuplicateReviewThreshold)
			}
		}
	}
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
			if c.Similarity >= DuplicateReviewThreshold {
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
				found = c.Similarity >= DuplicateFailThreshold
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

func TestNearCopyTransforms(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(4, 4))
	const s = `Let $A \subseteq \mathbb{N}$ have $\sum_{n \in A} \frac{1}{n} = \infty$. Must $A$ contain long progressions? Erdős offered $3000$ dollars.`
	renamed := simRenameVariables(s, rng)
	for _, keep := range []string{`\subseteq \mathbb{N}`, `\sum_{`, `\frac{1}{`, `\infty`, "Must", "Erdős"} {
		if !strings.Contains(renamed, keep) {
			t.Errorf("simRenameVariables(%q) = %q; want %q kept", s, renamed, keep)
		}
	}
	if strings.Contains(renamed, "$A") {
		t.Errorf("simRenameVariables(%q) = %q; want A renamed", s, renamed)
	}
	if got := simReorderSentences(s, rng); got == s || len(got) != len(s) {
		t.Errorf("simReorderSentences(%q) = %q; want the same sentences in another order", s, got)
	}
	if got := simChangeWords(s, rng); got == s {
		t.Errorf("simChangeWords(%q) left it unchanged", s)
	}
	long := strings.Repeat("the sequence of primes has a positive density in the integers and ", 5)
	if got := simChangeWords(long, rng); strings.Count(got, " ")-strings.Count(long, " ") > 4 || got == long {
		t.Errorf("simChangeWords(long) = %q; want a few words changed", got)
	}
	if similarity(t, "", s, "", renamed) < DuplicateFailThreshold {
		t.Errorf("similarity of a statement and its renamed copy is below %.2f", DuplicateFailThreshold)
	}
}

func TestDuplicateCalibration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 5))
	r := clean()
	for range 20 {
		x := NewIndex()
		if !DuplicateCalibration(r, rng, x) || x.Len() != 1 {
			t.Fatalf("DuplicateCalibration(clean()) did not add a copy")
		}
		cs, _ := x.Similar(context.Background(), r.Title, r.Statement, r.ProblemID, 1)
		if len(cs) != 1 || !strings.HasPrefix(cs[0].ID, "TDB-calibration-") || cs[0].Similarity < DuplicateReviewThreshold {
			t.Errorf("the planted copy = %v; want a TDB-calibration- candidate at %.2f or more", cs, DuplicateReviewThreshold)
		}
	}
	empty := clean()
	empty.Statement = " "
	if DuplicateCalibration(empty, rng, NewIndex()) {
		t.Errorf("DuplicateCalibration(no statement) = true; want false")
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
