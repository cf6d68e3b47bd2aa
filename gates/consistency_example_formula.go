package gates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A bound may hold for every value of a variable through a formula: Deligne's |τ(p)| ≤ 2p^{11/2}
// for every prime p, "f(n) ≤ 3n^2". An example that gives the function's value at a number
// ("τ(3) = 2520") can be checked against the formula at that number (2·3^{11/2} ≈ 841.8): a
// value beyond it contradicts the bound, and the example or the bound is wrong (a misprint, a
// digit too many). The formula read is a multiple of a power of the variable; a bound stated for
// primes is checked at primes only. What is found goes to a person with the example's span.

// formulaBoundRe reads a bound by a multiple of a power of the function's own variable: "|\tau(p)|
// \le 2p^{11/2}", "f(n) ≤ 3 n^2", "|a(n)| < n". Groups: 1 the function, 2 its variable, 3 the
// relation, 4 the factor, 5 the variable of the formula, 6 and 7 the exponent as a/b.
var formulaBoundRe = regexp.MustCompile(`(\|)?\s*(\\[A-Za-z]+|[\p{L}])\s*\(\s*([a-z])\s*\)\s*\|?\s*(≤|<|\\leq?\b|\\lt\b)\s*([0-9]+(?:\.[0-9]+)?)?\s*(?:\\cdot|·|\*)?\s*([a-z])\s*(?:\^\s*\{?\s*([0-9]+(?:\.[0-9]+)?)(?:\s*/\s*([0-9]+))?\s*\}?)?`)

// formulaValueRe reads a value an example gives the function at a number: "\tau(3) = 2520",
// "f(10) = -7". Groups: 1 the function, 2 the number, 3 the value.
var formulaValueRe = regexp.MustCompile(`(\\[A-Za-z]+|[\p{L}])\s*\(\s*([0-9]{1,6})\s*\)\s*=\s*([−-]?\s*[0-9]+(?:\.[0-9]+)?)\s*(?:[,;.$]|$|\s+(?:and|so|while|but|for)\b)`)

type formulaBound struct {
	fn, field, quote string
	abs, primes      bool
	factor, exponent float64
}

func (b formulaBound) at(k float64) float64 { return b.factor * math.Pow(k, b.exponent) }

// boundTexts are the texts a bound an example must meet may stand in: the statement, the open
// status and the entries other than examples.
func boundTexts(r *Revision) []Text {
	texts := []Text{{FieldStatement, r.Statement}, {fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown}}
	for i, e := range r.Exposition {
		if e.Kind != packet.Example {
			texts = append(texts, Text{ExpositionField(i, "body"), e.Body})
		}
	}
	return texts
}

// formulaBounds reads the bounds by formulas of the packet's statement, remarks, definitions and
// open status.
func formulaBounds(r *Revision) []formulaBound {
	var out []formulaBound
	for _, t := range boundTexts(r) {
		body := strings.ReplaceAll(t.Body, "$", " ")
		for _, m := range formulaBoundRe.FindAllStringSubmatchIndex(body, 10) {
			if body[m[6]:m[7]] != body[m[12]:m[13]] {
				continue // a bound by another variable
			}
			b := formulaBound{fn: cmpGreekLetters(body[m[4]:m[5]]), field: t.Field, quote: strings.TrimSpace(body[m[0]:m[1]]), abs: m[2] >= 0, factor: 1, exponent: 1}
			if m[10] >= 0 {
				b.factor, _ = strconv.ParseFloat(body[m[10]:m[11]], 64)
			}
			if m[14] >= 0 {
				b.exponent, _ = strconv.ParseFloat(body[m[14]:m[15]], 64)
				if m[16] >= 0 {
					d, _ := strconv.ParseFloat(body[m[16]:m[17]], 64)
					if d == 0 {
						continue
					}
					b.exponent /= d
				}
			}
			from, _ := sentenceAround(body, m[0])
			b.primes = strings.Contains(strings.ToLower(body[from:m[0]]), "prime")
			if b.factor > 0 {
				out = append(out, b)
			}
		}
	}
	return out
}

// consistencyExampleFormula asks a person about an example value beyond a bound the packet
// states by a formula in the function's variable. It returns the number of findings.
func consistencyExampleFormula(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	bounds := formulaBounds(r)
	if len(bounds) == 0 {
		return 0
	}
	n := 0
	for i, e := range r.Exposition {
		if e.Kind != packet.Example || n >= budget {
			continue
		}
		field := ExpositionField(i, "body")
		for _, m := range formulaValueRe.FindAllStringSubmatchIndex(e.Body, 20) {
			fn := cmpGreekLetters(e.Body[m[2]:m[3]])
			k, err1 := strconv.ParseFloat(e.Body[m[4]:m[5]], 64)
			raw := strings.ReplaceAll(strings.ReplaceAll(e.Body[m[6]:m[7]], "−", "-"), " ", "")
			v, err2 := strconv.ParseFloat(raw, 64)
			if err1 != nil || err2 != nil {
				continue
			}
			for _, b := range bounds {
				if b.fn != fn || b.primes && !isPrimeFloat(k) {
					continue
				}
				lim := b.at(k)
				if b.abs {
					v = math.Abs(v)
				}
				if v <= lim*(1+1e-9)+1e-9 {
					continue
				}
				n++
				out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, m[0], m[7]),
					fmt.Sprintf("%s gives %s, beyond the bound “%s” that %s states, which at %g allows at most %.4g: the example's value or the bound is wrong.", field, strings.TrimSpace(e.Body[m[0]:m[7]]), b.quote, b.field, k, lim),
					"Correct the example's value (a misprint, a digit too many) or the bound, so that they agree.")
				break
			}
		}
	}
	return n
}

// isPrimeFloat reports whether k is a prime integer.
func isPrimeFloat(k float64) bool {
	if k < 2 || k != math.Trunc(k) || k > 1e9 {
		return false
	}
	n := int64(k)
	return smallestFactor(n) == n
}
