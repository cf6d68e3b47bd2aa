package gates

import (
	"fmt"
	"regexp"
)

// A count is of a finite set: "the number of pairs $(m, n)$ with $m^2 + n^2 \le x$" counts
// lattice points only when m and n are integers, and read over the reals it is infinite. A
// statement that counts tuples of letters and places them nowhere (no "∈ ℤ²", no "of
// integers", no "lattice points", no word anywhere in the statement that makes its letters
// integers) leaves the count undetermined. The tuple goes to a person, who decides whether the
// letters' domain is clear from elsewhere.

// stCountedTupleRe finds a count of tuples of letters: "the number of pairs $(m, n)$", "#
// of triples (a, b, c)", "counts the points (x, y)". Group 1 is the tuple.
var stCountedTupleRe = regexp.MustCompile(`(?i)\b(?:number|numbers|count|counts|counting|counted|#)\s+(?:of\s+)?(?:the\s+)?(?:ordered\s+|unordered\s+)?(?:pairs|triples|triplets|quadruples|tuples|points|solutions|vectors)\s+(\$?\s*\(\s*[a-z](?:_\{?[0-9a-z]\}?)?(?:\s*,\s*[a-z](?:_\{?[0-9a-z]\}?)?)+\s*\)\s*\$?)`)

// stCountedTuplePlacedRe finds a domain right after the tuple: "∈ ℤ²", "of integers", "in A",
// "from S".
var stCountedTuplePlacedRe = regexp.MustCompile(`^\s*\$?\s*(?:\\in\b|∈|of\b|from\b|in\b|over\b|with\s+(?:all\s+)?(?:entries|coordinates|components)\s+in\b)`)

// stIntegerWordRe finds a word or symbol that makes letters integers (or another discrete
// set) anywhere in a statement.
var stIntegerWordRe = regexp.MustCompile(`(?i)integer|integral|natural|lattice|\\mathbb\s*\{?\s*[ZNQF]|[ℤℕℚ]|\bprimes?\b|\bdigits?\b|\bresidues?\b|\\mathbf\s*\{?\s*[ZN]\b|\bfinite\b`)

// stCountedTuplesUnplaced asks a person about each tuple of letters the statement counts without
// saying where its letters lie. It returns how many it asked about.
func stCountedTuplesUnplaced(a *stAnalysis, out *Report) int {
	text := a.r.Statement
	if stIntegerWordRe.MatchString(text) {
		return 0
	}
	n := 0
	for _, m := range stCountedTupleRe.FindAllStringSubmatchIndex(text, 4) {
		if stCountedTuplePlacedRe.MatchString(text[m[1]:]) {
			continue
		}
		sp := SpanOf(FieldStatement, text, m[0], m[1])
		out.NeedsHuman(stCheckDomain, sp,
			fmt.Sprintf("The statement counts “%s” but never says where the letters lie (no ∈ ℤ², no “of integers”, no word that makes them integers): read over the reals the count is infinite; a person must confirm that their domain is determined.", sp.Quote),
			"Say where the counted letters lie, for example “the number of pairs $(m, n) \\in \\mathbb{Z}^2$ with …”.")
		n++
	}
	return n
}
