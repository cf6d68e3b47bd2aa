package sanity_test

import (
	"context"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/sandbox"
	"github.com/theoremdb/theoremdb/sanity"
)

// The small-case check's labelled set (corpus/CALIBRATION.md, row sanity.small-cases): false
// statements over integers, graphs, matrices and permutations, each with a search that reaches
// its counterexample; true statements, each with a search that finds none up to its bound; and
// programs that misbehave (no verdict, two verdicts, a verdict short of the bound or without its
// instance, a crash, a non-zero exit, hostile code). The statements are textbook facts and
// classical near-misses, written down before the check was run on them; none was changed to
// suit it. A false statement must FAIL with its witness, a true one PASS, and a misbehaving
// program never PASS.

// pyPrelude is what every Python search of the set may call.
const pyPrelude = `import sys, math, itertools
N = int(sys.argv[1])
def isprime(m):
    if m < 2:
        return False
    d = 2
    while d * d <= m:
        if m % d == 0:
            return False
        d += 1
    return True
def sigma(m):
    return sum(d for d in range(1, m + 1) if m % d == 0)
def phi(m):
    return sum(1 for a in range(1, m + 1) if math.gcd(a, m) == 1)
def fib(m):
    a, b = 0, 1
    for _ in range(m):
        a, b = b, a + b
    return a
def graphs(n):
    pairs = list(itertools.combinations(range(n), 2))
    for mask in range(1 << len(pairs)):
        yield [p for i, p in enumerate(pairs) if mask >> i & 1]
def degrees(n, edges):
    d = [0] * n
    for a, b in edges:
        d[a] += 1
        d[b] += 1
    return d
def triangle(n, edges):
    s = set(edges)
    return any((a, b) in s and (b, c) in s and (a, c) in s for a, b, c in itertools.combinations(range(n), 3))
def matrices(n):
    r = range(-n, n + 1)
    return itertools.product(r, r, r, r)
def mul(a, b):
    return (a[0]*b[0] + a[1]*b[2], a[0]*b[1] + a[1]*b[3], a[2]*b[0] + a[3]*b[2], a[2]*b[1] + a[3]*b[3])
def det(a):
    return a[0]*a[3] - a[1]*a[2]
def sign(p):
    s = 1
    for i, j in itertools.combinations(range(len(p)), 2):
        if p[i] > p[j]:
            s = -s
    return s
def order(p):
    q, k = p, 1
    while q != tuple(range(len(p))):
        q, k = tuple(p[i] for i in q), k + 1
    return k
`

// smallStatement is a statement of the set with the predicate each n from start to the bound
// must satisfy, in Python and (where given) PARI/GP, and for a false statement the first n that
// fails.
type smallStatement struct {
	name       string
	start      int
	bound      int
	py, gp     string
	falseAt    int
	falseGiven bool
}

func holds(name string, start, bound int, py, gp string) smallStatement {
	return smallStatement{name: name, start: start, bound: bound, py: py, gp: gp}
}

func failsAt(name string, start, bound, at int, py, gp string) smallStatement {
	return smallStatement{name: name, start: start, bound: bound, py: py, gp: gp, falseAt: at, falseGiven: true}
}

var trueSmallStatements = []smallStatement{
	holds("6 divides n³ − n", 0, 3000, "(n**3 - n) % 6 == 0", "(n^3 - n) % 6 == 0"),
	holds("the first n odd numbers sum to n²", 0, 300, "sum(range(1, 2*n, 2)) == n*n", "sum(k = 1, n, 2*k - 1) == n^2"),
	holds("consecutive integers are coprime", 0, 3000, "math.gcd(n, n + 1) == 1", "gcd(n, n + 1) == 1"),
	holds("n⁵ ≡ n (mod 5)", 0, 3000, "pow(n, 5, 5) == n % 5", "Mod(n, 5)^5 == Mod(n, 5)"),
	holds("2ⁿ > n", 0, 500, "2**n > n", "2^n > n"),
	holds("the cubes up to n sum to the square of the n-th triangular number", 0, 300,
		"sum(k**3 for k in range(n + 1)) == (n*(n + 1)//2)**2", "sum(k = 0, n, k^3) == (n*(n + 1)/2)^2"),
	holds("consecutive Fibonacci numbers are coprime", 0, 300, "math.gcd(fib(n), fib(n + 1)) == 1",
		"gcd(fibonacci(n), fibonacci(n + 1)) == 1"),
	holds("Wilson: (p − 1)! ≡ −1 (mod p) for a prime p", 2, 400, "not isprime(n) or math.factorial(n - 1) % n == n - 1",
		"!isprime(n) || Mod((n - 1)!, n) == -1"),
	holds("Bertrand: a prime lies in (n, 2n]", 1, 2000, "any(isprime(p) for p in range(n + 1, 2*n + 1))", "nextprime(n + 1) <= 2*n"),
	holds("Goldbach for the even numbers 4 to 2N", 2, 1500, "any(isprime(p) and isprime(2*n - p) for p in range(2, n + 1))", ""),
	holds("a square is 0 or 1 mod 4", 0, 3000, "n*n % 4 in (0, 1)", "(n^2) % 4 < 2"),
	holds("a product of four consecutive integers plus one is a square", 0, 2000,
		"math.isqrt(n*(n+1)*(n+2)*(n+3) + 1)**2 == n*(n+1)*(n+2)*(n+3) + 1", "issquare(n*(n+1)*(n+2)*(n+3) + 1)"),
	holds("the binomial coefficients of n sum to 2ⁿ", 0, 200, "sum(math.comb(n, k) for k in range(n + 1)) == 2**n",
		"sum(k = 0, n, binomial(n, k)) == 2^n"),
	holds("a graph on n vertices has an even number of odd-degree vertices", 1, 6,
		"all(sum(d % 2 for d in degrees(n, g)) % 2 == 0 for g in graphs(n))", ""),
	holds("det(AB) = det(A) det(B) for 2×2 integer matrices with entries in [−n, n]", 0, 1,
		"all(det(mul(a, b)) == det(a)*det(b) for a in matrices(n) for b in matrices(n))", ""),
	holds("the sign of a composite permutation is the product of the signs", 1, 5,
		"all(sign(tuple(p[i] for i in q)) == sign(p)*sign(q) for p in itertools.permutations(range(n)) for q in itertools.permutations(range(n)))", ""),
	holds("the totients of the divisors of n sum to n", 1, 300, "sum(phi(d) for d in range(1, n + 1) if n % d == 0) == n",
		"sumdiv(n, d, eulerphi(d)) == n"),
	holds("Euler: a^φ(n) ≡ 1 (mod n) for a coprime to n", 2, 150,
		"all(pow(a, phi(n), n) == 1 for a in range(1, n) if math.gcd(a, n) == 1)",
		"sum(a = 1, n - 1, gcd(a, n) == 1 && Mod(a, n)^eulerphi(n) != 1) == 0"),
	holds("8T + 1 is a square for a triangular number T", 0, 3000, "math.isqrt(4*n*(n + 1) + 1)**2 == 4*n*(n + 1) + 1",
		"issquare(4*n*(n + 1) + 1)"),
	holds("a tree on n vertices has n − 1 edges: every graph on n vertices with n − 1 edges and no cycle is connected", 1, 6,
		"all(connected(n, g) for g in graphs(n) if len(g) == n - 1 and acyclic(n, g))", ""),
}

var falseSmallStatements = []smallStatement{
	failsAt("n² + n + 41 is prime", 0, 100, 40, "isprime(n*n + n + 41)", "isprime(n^2 + n + 41)"),
	failsAt("n² − n + 41 is prime", 0, 100, 41, "isprime(n*n - n + 41)", "isprime(n^2 - n + 41)"),
	failsAt("2^p − 1 is prime for a prime p", 2, 40, 11, "not isprime(n) or isprime(2**n - 1)", "!isprime(n) || isprime(2^n - 1)"),
	failsAt("every Fermat number is prime", 0, 6, 5, "isprime(2**(2**n) + 1)", "isprime(2^(2^n) + 1)"),
	failsAt("n! + 1 is prime", 1, 20, 4, "isprime(math.factorial(n) + 1)", "isprime(n! + 1)"),
	failsAt("the product of the first n primes, plus one, is prime", 1, 10, 6,
		"isprime(math.prod([p for p in range(2, 100) if isprime(p)][:n]) + 1)", "isprime(prod(i = 1, n, prime(i)) + 1)"),
	failsAt("n² + 1 is prime for even n ≥ 2", 2, 100, 8, "n % 2 == 1 or isprime(n*n + 1)", "n % 2 == 1 || isprime(n^2 + 1)"),
	failsAt("an odd number above 1 is a prime power", 3, 100, 15, "n % 2 == 0 or any(isprime(p) and any(p**k == n for k in range(1, 8)) for p in range(2, n + 1))",
		"n % 2 == 0 || isprimepower(n)"),
	failsAt("2ⁿ ≡ 2 (mod n) only for a prime n", 2, 1000, 341, "pow(2, n, n) != 2 % n or isprime(n)", "Mod(2, n)^n != Mod(2, n) || isprime(n)"),
	failsAt("n² < 2ⁿ for n ≥ 1", 1, 50, 2, "n*n < 2**n", "n^2 < 2^n"),
	failsAt("no number is the sum of its proper divisors", 1, 100, 6, "sigma(n) != 2*n", "sigma(n) != 2*n"),
	failsAt("x² ≡ 1 (mod n) has at most two solutions", 2, 100, 8, "sum(1 for x in range(n) if (x*x - 1) % n == 0) <= 2",
		"sum(x = 0, n - 1, (x^2 - 1) % n == 0) <= 2"),
	failsAt("every natural number is a sum of three squares", 0, 100, 7,
		"any(a*a + b*b + c*c == n for a in range(n + 1) for b in range(a, n + 1) for c in range(b, n + 1) if a*a + b*b + c*c <= n)", ""),
	failsAt("a graph on n vertices with at least n edges has a triangle", 3, 6, 4,
		"all(triangle(n, g) for g in graphs(n) if len(g) >= n)", ""),
	failsAt("a graph on n vertices has a vertex of degree at most 1", 1, 6, 3, "all(min(degrees(n, g)) <= 1 for g in graphs(n))", ""),
	failsAt("2×2 integer matrices with entries in [−n, n] commute", 0, 2, 1,
		"all(mul(a, b) == mul(b, a) for a in matrices(n) for b in matrices(n))", ""),
	failsAt("a 2×2 integer matrix with A² = 0 is 0", 0, 2, 1, "all(a == (0, 0, 0, 0) for a in matrices(n) if mul(a, a) == (0, 0, 0, 0))", ""),
	failsAt("a permutation of n letters has order at most n", 1, 7, 5, "all(order(p) <= n for p in itertools.permutations(range(n)))", ""),
	failsAt("a permutation of n letters is an involution or fixes a letter", 1, 6, 3,
		"all(order(p) <= 2 or any(p[i] == i for i in range(n)) for p in itertools.permutations(range(n)))", ""),
	failsAt("φ(n) > n/3", 1, 100, 6, "3*phi(n) > n", "3*eulerphi(n) > n"),
	failsAt("n² + n + 17 is prime", 0, 100, 16, "isprime(n*n + n + 17)", "isprime(n^2 + n + 17)"),
	failsAt("6n − 1 or 6n + 1 is prime", 1, 100, 20, "isprime(6*n - 1) or isprime(6*n + 1)", "isprime(6*n - 1) || isprime(6*n + 1)"),
	failsAt("n⁴ + 4 is prime for odd n", 1, 100, 3, "n % 2 == 0 or isprime(n**4 + 4)", "n % 2 == 0 || isprime(n^4 + 4)"),
	failsAt("n² − n + 1 is prime for n ≥ 2", 2, 100, 5, "isprime(n*n - n + 1)", "isprime(n^2 - n + 1)"),
	failsAt("3ⁿ + 2 is prime", 0, 40, 5, "isprime(3**n + 2)", "isprime(3^n + 2)"),
	failsAt("n² + 3 is never divisible by 7", 0, 100, 2, "(n*n + 3) % 7 != 0", "(n^2 + 3) % 7 != 0"),
	failsAt("the sum of the first n primes is prime", 1, 30, 3, "isprime(sum([p for p in range(2, 200) if isprime(p)][:n]))",
		"isprime(sum(i = 1, n, prime(i)))"),
	failsAt("(2ⁿ + 1)/3 is prime for odd n ≥ 3", 3, 60, 9, "n % 2 == 0 or isprime((2**n + 1)//3)", "n % 2 == 0 || isprime((2^n + 1)/3)"),
	failsAt("σ(n) is odd only for a square n", 1, 100, 2, "sigma(n) % 2 == 0 or math.isqrt(n)**2 == n", "sigma(n) % 2 == 0 || issquare(n)"),
	failsAt("a connected graph on n vertices with every degree even has n edges at most", 1, 6, 5,
		"all(len(g) <= n for g in graphs(n) if connected(n, g) and all(d % 2 == 0 for d in degrees(n, g)))", ""),
}

// pyGraphTail adds the connectivity helpers the graph statements use.
const pyGraphTail = `def connected(n, edges):
    seen, todo = {0}, [0]
    while todo:
        v = todo.pop()
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if x == v and y not in seen:
                    seen.add(y)
                    todo.append(y)
    return len(seen) == n
def acyclic(n, edges):
    parent = list(range(n))
    def root(v):
        while parent[v] != v:
            v = parent[v]
        return v
    for a, b in edges:
        ra, rb = root(a), root(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return True
`

func (s smallStatement) python() string {
	return pyPrelude + pyGraphTail + fmt.Sprintf(`for n in range(%d, N + 1):
    if not (%s):
        print('COUNTEREXAMPLE n =', n)
        break
else:
    print('NONE UP TO', N)
`, s.start, s.py)
}

func (s smallStatement) pari() string {
	return fmt.Sprintf("for(n = %d, bound, if(!(%s), print(\"COUNTEREXAMPLE n = \", n); quit));\nprint(\"NONE UP TO \", bound);", s.start, s.gp)
}

// misbehaving are programs that break the protocol or the sandbox; none may pass.
var misbehaving = []struct {
	name   string
	sc     sanity.SmallCases
	limits sandbox.Limits
}{
	{"no verdict line", sanity.SmallCases{Language: sanity.Python, Program: "print('all good')\n", Bound: 5}, sandbox.Limits{}},
	{"no output", sanity.SmallCases{Language: sanity.Python, Program: "pass\n", Bound: 5}, sandbox.Limits{}},
	{"two verdict lines", sanity.SmallCases{Language: sanity.Python, Program: "print('NONE UP TO 5')\nprint('COUNTEREXAMPLE 3')\n", Bound: 5}, sandbox.Limits{}},
	{"two counterexamples", sanity.SmallCases{Language: sanity.Python, Program: "print('COUNTEREXAMPLE 3')\nprint('COUNTEREXAMPLE 5')\n", Bound: 5}, sandbox.Limits{}},
	{"short of its bound", sanity.SmallCases{Language: sanity.Python, Program: "print('NONE UP TO 10')\n", Bound: 1000}, sandbox.Limits{}},
	{"a counterexample without the instance", sanity.SmallCases{Language: sanity.Python, Program: "print('COUNTEREXAMPLE')\n", Bound: 5}, sandbox.Limits{}},
	{"a bound that is not a number", sanity.SmallCases{Language: sanity.Python, Program: "print('NONE UP TO N')\n", Bound: 5}, sandbox.Limits{}},
	{"a bound with words after it", sanity.SmallCases{Language: sanity.Python, Program: "print('NONE UP TO 5 (probably)')\n", Bound: 5}, sandbox.Limits{}},
	{"a negative bound", sanity.SmallCases{Language: sanity.Python, Program: "print('NONE UP TO -1')\n"}, sandbox.Limits{}},
	{"the verdict in lower case", sanity.SmallCases{Language: sanity.Python, Program: "print('none up to 5')\n", Bound: 5}, sandbox.Limits{}},
	{"the verdict on stderr", sanity.SmallCases{Language: sanity.Python, Program: "import sys\nprint('NONE UP TO 5', file=sys.stderr)\n", Bound: 5}, sandbox.Limits{}},
	{"a crash after its verdict", sanity.SmallCases{Language: sanity.Python, Program: "print('NONE UP TO 5')\n1/0\n", Bound: 5}, sandbox.Limits{}},
	{"a crash before its verdict", sanity.SmallCases{Language: sanity.Python, Program: "x = [][1]\nprint('NONE UP TO 5')\n", Bound: 5}, sandbox.Limits{}},
	{"a syntax error", sanity.SmallCases{Language: sanity.Python, Program: "for n in range(5)\n    print(n)\n", Bound: 5}, sandbox.Limits{}},
	{"a non-zero exit after its verdict", sanity.SmallCases{Language: sanity.Python, Program: "import sys\nprint('NONE UP TO 5')\nsys.exit(3)\n", Bound: 5}, sandbox.Limits{}},
	{"the verdict as an exit message", sanity.SmallCases{Language: sanity.Python, Program: "raise SystemExit('NONE UP TO 5')\n", Bound: 5}, sandbox.Limits{}},
	{"recursion without end", sanity.SmallCases{Language: sanity.Python, Program: "def f(n):\n    return f(n + 1)\nf(0)\nprint('NONE UP TO 5')\n", Bound: 5}, sandbox.Limits{}},
	{"killing itself after its verdict", sanity.SmallCases{Language: sanity.Python, Program: "import os, sys\nprint('NONE UP TO 5')\nsys.stdout.flush()\nos.kill(os.getpid(), 9)\n", Bound: 5}, sandbox.Limits{}},
	{"reaching for the network", sanity.SmallCases{Language: sanity.Python,
		Program: "import socket\nsocket.create_connection(('1.1.1.1', 443), timeout=3)\nprint('NONE UP TO 1')\n", Bound: 1}, sandbox.Limits{}},
	{"writing outside its directory", sanity.SmallCases{Language: sanity.Python, Program: "open('/etc/theoremdb-probe', 'w').write('x')\nprint('NONE UP TO 1')\n", Bound: 1}, sandbox.Limits{}},
	{"sleeping past its bound", sanity.SmallCases{Language: sanity.Python, Program: "import time\ntime.sleep(30)\nprint('NONE UP TO 1')\n", Bound: 1}, sandbox.Limits{Wall: time.Second}},
	{"looping past its bound", sanity.SmallCases{Language: sanity.Python, Program: "while True:\n    pass\n", Bound: 1}, sandbox.Limits{Wall: time.Second}},
	{"printing forever", sanity.SmallCases{Language: sanity.Python, Program: "while True:\n    print('NONE UP TO 1')\n", Bound: 1}, sandbox.Limits{Wall: 2 * time.Second}},
	{"exhausting memory", sanity.SmallCases{Language: sanity.Python, Program: "x = bytearray(8 << 30)\nprint('NONE UP TO 1')\n", Bound: 1}, sandbox.Limits{}},
	{"a GP syntax error", sanity.SmallCases{Language: sanity.GP, Program: "for(n = 0, bound, if(n >, print(n)));\nprint(\"NONE UP TO \", bound);", Bound: 5}, sandbox.Limits{}},
	{"a GP error before its verdict", sanity.SmallCases{Language: sanity.GP, Program: "error(\"no\");\nprint(\"NONE UP TO \", bound);", Bound: 5}, sandbox.Limits{}},
	{"a GP program with no verdict", sanity.SmallCases{Language: sanity.GP, Program: "for(n = 0, bound, n^2);", Bound: 5}, sandbox.Limits{}},
	{"a GP program short of its bound", sanity.SmallCases{Language: sanity.GP, Program: "print(\"NONE UP TO \", bound - 1);", Bound: 50}, sandbox.Limits{}},
	{"a GP loop past its bound", sanity.SmallCases{Language: sanity.GP, Program: "while(1, );", Bound: 5}, sandbox.Limits{Wall: time.Second}},
	{"a GP program with two verdicts", sanity.SmallCases{Language: sanity.GP, Program: "print(\"COUNTEREXAMPLE 2\");\nprint(\"NONE UP TO \", bound);", Bound: 5}, sandbox.Limits{}},
}

// wilson is the 95% Wilson interval of k successes in n.
func wilson(k, n int) (float64, float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}

// TestSmallCasesCalibration runs the labelled set through the check and reports recall on the
// false statements, false flags on the true ones and the misbehaving programs' verdicts, with
// their 95% Wilson intervals (go test -v -run TestSmallCasesCalibration ./sanity). Every false
// statement must fail with the counterexample at its first failing n, every true one pass at its
// bound, and no misbehaving program pass.
func TestSmallCasesCalibration(t *testing.T) {
	need(t)
	type item struct {
		name    string
		sc      sanity.SmallCases
		limits  sandbox.Limits
		kind    string // "false", "true", "misbehaving"
		witness string
	}
	var items []item
	for _, s := range falseSmallStatements {
		w := fmt.Sprintf("n = %d", s.falseAt)
		items = append(items, item{s.name + " (Python)", sanity.SmallCases{Language: sanity.Python, Program: s.python(), Bound: s.bound}, sandbox.Limits{}, "false", w})
		if s.gp != "" {
			items = append(items, item{s.name + " (GP)", sanity.SmallCases{Language: sanity.GP, Program: s.pari(), Bound: s.bound}, sandbox.Limits{}, "false", w})
		}
	}
	for _, s := range trueSmallStatements {
		items = append(items, item{s.name + " (Python)", sanity.SmallCases{Language: sanity.Python, Program: s.python(), Bound: s.bound}, sandbox.Limits{}, "true", ""})
		if s.gp != "" {
			items = append(items, item{s.name + " (GP)", sanity.SmallCases{Language: sanity.GP, Program: s.pari(), Bound: s.bound}, sandbox.Limits{}, "true", ""})
		}
	}
	for _, m := range misbehaving {
		items = append(items, item{m.name, m.sc, m.limits, "misbehaving", ""})
	}
	outcomes := make([]sanity.Outcome, len(items))
	errs := make([]error, len(items))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, it := range items {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			outcomes[i], errs[i] = sanity.Check(context.Background(), it.sc, it.limits)
		}()
	}
	wg.Wait()
	count := map[string]int{}
	right := map[string]int{}
	for i, it := range items {
		if errs[i] != nil {
			t.Errorf("%s: %v", it.name, errs[i])
			continue
		}
		o := outcomes[i]
		last := o.Findings[len(o.Findings)-1]
		count[it.kind]++
		ok := false
		switch it.kind {
		case "false":
			ok = last.Check == sanity.CheckSmallCases && last.Verdict == gates.Fail && o.Witness == it.witness
		case "true":
			ok = last.Verdict == gates.Pass && len(o.Findings) == 1 && o.Reached == it.sc.Bound
		case "misbehaving":
			ok = last.Verdict != gates.Pass
		}
		if ok {
			right[it.kind]++
		} else {
			t.Errorf("%s (%s): findings %q, witness %q; run: %s", it.name, it.kind, verdicts(o), o.Witness, o.Run.Reason())
		}
	}
	for _, k := range []string{"false", "true", "misbehaving"} {
		lo, hi := wilson(right[k], count[k])
		what := map[string]string{"false": "false statements failed with their counterexample",
			"true": "true statements passed (false flags: the rest)", "misbehaving": "misbehaving programs did not pass"}[k]
		t.Logf("%d/%d %s: %.1f%% (95%% Wilson %.1f%%–%.1f%%)", right[k], count[k], what, 100*float64(right[k])/float64(count[k]), 100*lo, 100*hi)
	}
	lo, hi := wilson(count["true"]-right["true"], count["true"])
	t.Logf("false flags on true statements: %d/%d (95%% Wilson %.1f%%–%.1f%%)", count["true"]-right["true"], count["true"], 100*lo, 100*hi)
	// The set only grows: CALIBRATION.md's intervals rest on at least these sizes.
	if count["false"] < 52 || count["true"] < 35 || count["misbehaving"] < 30 {
		t.Errorf("the set has %d false, %d true and %d misbehaving items; CALIBRATION.md gives 52, 35 and 30", count["false"],
			count["true"], count["misbehaving"])
	}
}
