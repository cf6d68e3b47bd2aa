package gates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A quantity defined as a rate of growth is bounded by every estimate of what grows. Two shapes:
// a base, ρ = lim sup R(k)^{1/k}, which an estimate R(k) > b^k bounds from below by b (and R(k)
// ≤ b^k from above); and an exponent, κ = the supremum of the c for which every set A has a size
// at least |A|^c, which an example whose size is at most n^e bounds from above by e (and an
// infimum of exponents, from below). When the bound so read lies beyond the bound the record
// states on the quantity ("R(k) > 4^k" beside ρ ≤ 3.8; an example "≤ n^{6/5}" beside κ ≥ 1.335),
// one of the two is wrong. The reading goes to a person: the estimate may hold for some k only,
// or the example may bound another size than the one the definition takes.

// growthBaseRe finds a base rate: "\rho = \limsup_{k \to \infty} R(k)^{1/k}", "ρ = lim R(k)^{1/k}".
var growthBaseRe = regexp.MustCompile(`(\\[a-zA-Z]+|\p{L})\s*(?::=|=)\s*\\?(?:limsup|liminf|lim(?:\s*\\?sup|\s*\\?inf)?)(?:_\{[^{}]*\}|_\S+)?\s*([A-Za-z][A-Za-z_]*\(\s*([a-z])\s*\))\s*\^\s*\{\s*1\s*/\s*([a-z])\s*\}`)

// growthExponentRe finds an exponent rate: "Let $\kappa$ be the supremum of all $c > 0$", "κ =
// \sup\{c : …\}".
var growthExponentRe = regexp.MustCompile(`(?:\b[Ll]et\s+\$?(\\[a-zA-Z]+|\p{L})\$?\s+be\s+the\s+(supremum|infimum|least upper bound|greatest lower bound)\s+of\s+(?:all\s+|the\s+)?(?:real\s+|positive\s+)?(?:numbers?\s+|exponents?\s+|reals?\s+)?\$?(\\[a-zA-Z]+|[a-z])\b|(\\[a-zA-Z]+|\p{L})\s*=\s*\\(sup|inf)\s*\\?\{\s*(\\[a-zA-Z]+|[a-z])\b)`)

// growthQuantity is a quantity defined as a rate of growth.
type growthQuantity struct {
	subject string // as cmpSubject spells it
	quote   string
	// base: the growing function as written ("R(k)") and its variable.
	fn, variable string
	// exponent: the exponent letter and whether the rate is a supremum.
	exponent string
	sup      bool
}

// growthQuantities reads the rates the statement defines.
func growthQuantities(statement string) []growthQuantity {
	var out []growthQuantity
	for _, m := range growthBaseRe.FindAllStringSubmatch(statement, 4) {
		if m[3] != m[4] {
			continue // R(k)^{1/n} is no rate of R
		}
		if s, ok := cmpSubject(m[1]); ok {
			out = append(out, growthQuantity{subject: s, quote: m[0], fn: m[2], variable: m[3]})
		}
	}
	for _, m := range growthExponentRe.FindAllStringSubmatch(statement, 4) {
		name, kind, c := m[1], m[2], m[3]
		if name == "" {
			name, kind, c = m[4], m[5], m[6]
		}
		// The exponent must be an exponent of the statement: "|A|^c", "n^{c}".
		if !regexp.MustCompile(`\^\s*\{?\s*` + regexp.QuoteMeta(c) + `\s*\}?(?:[^A-Za-z]|$)`).MatchString(statement) {
			continue
		}
		if s, ok := cmpSubject(name); ok {
			out = append(out, growthQuantity{subject: s, quote: m[0], exponent: c, sup: strings.HasPrefix(kind, "sup") || kind == "least upper bound"})
		}
	}
	return out
}

// growthNumber reads a base or an exponent: "4", "3.8", "6/5".
func growthNumber(s string) (float64, bool) {
	s = strings.Join(strings.Fields(s), "")
	if a, b, ok := strings.Cut(s, "/"); ok {
		x, err1 := strconv.ParseFloat(a, 64)
		y, err2 := strconv.ParseFloat(b, 64)
		if err1 != nil || err2 != nil || y == 0 {
			return 0, false
		}
		return x / y, true
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// growthOp reads a relation sign.
func growthOp(s string) (cmpOp, bool) {
	switch strings.TrimSpace(s) {
	case ">", `\gt`:
		return cmpGT, true
	case "≥", `\ge`, `\geq`, `\geqslant`:
		return cmpGE, true
	case "<", `\lt`:
		return cmpLT, true
	case "≤", `\le`, `\leq`, `\leqslant`:
		return cmpLE, true
	}
	return 0, false
}

const growthRel = `(>|≥|<|≤|\\gt|\\geqslant|\\geq|\\ge|\\lt|\\leqslant|\\leq|\\le)\b?`

// growthExponentSizeRe finds a size an example bounds by a power of its size: "|A \cdot A| \le
// n^{6/5}", "≥ |A|^{3/2}".
var growthExponentSizeRe = regexp.MustCompile(growthRel + `\s*(?:[0-9]+\s*|C\s*|c\s*)?(?:\\?\|\s*[A-Z]\s*\\?\||[nNmk])\s*\^\s*(?:\{\s*([0-9]+(?:\.[0-9]+)?(?:\s*/\s*[0-9]+)?)\s*\}|([0-9]))`)

// growthImplied is a bound an estimate implies on a rate, with where it was read.
type growthImplied struct {
	op         cmpOp
	value      float64
	field      string
	body       string
	start, end int
}

// growthEstimates reads the bounds the fields other than the statement imply on a rate.
func growthEstimates(r *Revision, q growthQuantity) []growthImplied {
	var out []growthImplied
	texts := []Text{}
	for i, e := range r.Exposition {
		if q.fn != "" || e.Kind == packet.Example {
			texts = append(texts, Text{ExpositionField(i, "body"), e.Body})
		}
	}
	if q.fn != "" {
		texts = append(texts, Text{fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown})
		fn := regexp.QuoteMeta(strings.Join(strings.Fields(q.fn), ""))
		fn = strings.ReplaceAll(fn, `\(`, `\(\s*`)
		re := regexp.MustCompile(`(?:^|[^A-Za-z])(` + fn + `)\s*` + growthRel + `\s*\(?\s*([0-9]+(?:\.[0-9]+)?)\s*\)?\s*\^\s*(?:\{\s*` + q.variable + `\s*(?:/\s*([0-9]+))?\s*\}|` + q.variable + `\b)`)
		for _, t := range texts {
			for _, m := range re.FindAllStringSubmatchIndex(t.Body, 6) {
				op, ok := growthOp(t.Body[m[4]:m[5]])
				b, ok2 := growthNumber(t.Body[m[6]:m[7]])
				if !ok || !ok2 || b <= 0 {
					continue
				}
				if m[8] >= 0 {
					d, _ := strconv.Atoi(t.Body[m[8]:m[9]])
					if d <= 0 {
						continue
					}
					b = math.Pow(b, 1/float64(d))
				}
				out = append(out, growthImplied{op: op, value: b, field: t.Field, body: t.Body, start: m[2], end: m[1]})
			}
		}
		return out
	}
	for _, t := range texts {
		for _, m := range growthExponentSizeRe.FindAllStringSubmatchIndex(t.Body, 6) {
			op, ok := growthOp(t.Body[m[2]:m[3]])
			e := ""
			if m[4] >= 0 {
				e = t.Body[m[4]:m[5]]
			} else {
				e = t.Body[m[6]:m[7]]
			}
			v, ok2 := growthNumber(e)
			if !ok || !ok2 {
				continue
			}
			// A size at most n^e bounds a supremum of exponents from above; at least n^e, an
			// infimum from below.
			upper := op == cmpLE || op == cmpLT
			if upper != q.sup {
				continue
			}
			implied := cmpLE
			if !upper {
				implied = cmpGE
			}
			out = append(out, growthImplied{op: implied, value: v, field: t.Field, body: t.Body, start: m[0], end: m[1]})
		}
	}
	return out
}

// consistencyGrowth asks a person about an estimate that bounds a rate of growth beyond the
// bound the record states on it. It returns the number of findings.
func consistencyGrowth(r *Revision, out *Report, budget int) int {
	if budget <= 0 || !strings.Contains(r.Statement, "^") {
		return 0
	}
	qs := growthQuantities(r.Statement)
	if len(qs) == 0 {
		return 0
	}
	bounds := packetNamedBounds(r, boundReading{noExamples: true})
	n := 0
	for _, q := range qs {
		for _, est := range growthEstimates(r, q) {
			for _, b := range bounds {
				if n >= budget {
					return n
				}
				if b.Subject != q.subject || b.Field == est.field {
					continue
				}
				lowerEst := est.op == cmpGE || est.op == cmpGT
				upperBound := b.Op == cmpLE || b.Op == cmpLT
				if lowerEst == upperBound {
					if lowerEst && !(est.value > b.Value+b.margin) || !lowerEst && !(est.value < b.Value-b.margin) {
						continue
					}
				} else {
					continue
				}
				sp := SpanOf(est.field, est.body, est.start, est.end)
				rel := "at least"
				if !lowerEst {
					rel = "at most"
				}
				out.NeedsHuman(checkConsistencyBounds, sp,
					fmt.Sprintf("%s writes “%s”, which makes %s (defined by the statement as a rate of growth) %s %.4g, but %s states %s: the two cannot both hold, unless the estimate is of another size or holds for some values only; a person must compare them.", est.field, sp.Quote, q.subject, rel, est.value, b.Field, b.comparison),
					fmt.Sprintf("Correct the estimate in %s or the bound in %s so that what the packet says of %s agrees.", est.field, b.Field, q.subject))
				n++
				break
			}
		}
	}
	return n
}
