package gates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/packet"
)

// A bound may also relate two measures of one object: "bs(f) ≤ 2·s(f)⁴", "χ(G) ≤ Δ(G) + 1"
// written as a multiple of a power, "deg(f) ≤ s(f)²". An example that gives both measures of one
// object as numbers ("a function with s(f) = 2 and bs(f) = 40") can be checked against it: a
// value beyond the factor times the power contradicts the bound, and the example or the bound is
// wrong. Both values are read in one sentence of an example entry; what is found goes to a person
// with the example's span.

// relationBoundRe reads such a bound: the bounded measure, its argument, the factor, the
// bounding measure, its argument, the exponent (TeX or superscript digits).
var relationBoundRe = regexp.MustCompile(`(\p{L}{1,3})\(\s*([a-z])\s*\)\s*(?:≤|\\leq?\b)\s*([0-9]+(?:\.[0-9]+)?)?\s*(?:·|\\cdot|\*)?\s*(\p{L}{1,3})\(\s*([a-z])\s*\)(?:\s*\^\s*\{?\s*([0-9]+)\s*\}?|([` + superscriptDigits + `]+))?`)

// relationValueRe reads a measure an example gives as a number: "s(f) = 2".
var relationValueRe = regexp.MustCompile(`(\p{L}{1,3})\(\s*([a-z])\s*\)\s*=\s*([0-9]+(?:\.[0-9]+)?)`)

type relationBound struct {
	big, small, arg, quote, field string
	factor, exponent              float64
}

// relationBounds reads the bounds between two measures in the statement, the open status and
// the entries other than examples.
func relationBounds(r *Revision) []relationBound {
	texts := []Text{{FieldStatement, r.Statement}, {fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown}}
	for i, e := range r.Exposition {
		if e.Kind != packet.Example {
			texts = append(texts, Text{ExpositionField(i, "body"), e.Body})
		}
	}
	var out []relationBound
	for _, t := range texts {
		body := strings.ReplaceAll(t.Body, "$", " ")
		for _, m := range relationBoundRe.FindAllStringSubmatchIndex(body, 10) {
			b := relationBound{big: body[m[2]:m[3]], arg: body[m[4]:m[5]], small: body[m[8]:m[9]], field: t.Field, quote: strings.TrimSpace(body[m[0]:m[1]]), factor: 1, exponent: 1}
			if b.big == b.small || body[m[10]:m[11]] != b.arg {
				continue
			}
			if m[1] < len(body) {
				if r, _ := utf8.DecodeRuneInString(body[m[1]:]); strings.ContainsRune("+-−/^_{", r) {
					continue // the formula goes on: "Δ(G) + 1", "s(f)^{2+ε}"
				}
			}
			if m[6] >= 0 {
				b.factor, _ = strconv.ParseFloat(body[m[6]:m[7]], 64)
			}
			if m[12] >= 0 {
				b.exponent, _ = strconv.ParseFloat(body[m[12]:m[13]], 64)
			} else if m[14] >= 0 {
				e, ok := superscriptInt(body[m[14]:m[15]])
				if !ok {
					continue
				}
				b.exponent = float64(e)
			}
			if b.factor > 0 {
				out = append(out, b)
			}
		}
	}
	return out
}

// superscriptInt reads a number written in superscript digits.
func superscriptInt(s string) (int, bool) {
	n := 0
	for _, r := range s {
		i := strings.IndexRune(superscriptDigits, r)
		if i < 0 {
			return 0, false
		}
		n = 10*n + utf8.RuneCountInString(superscriptDigits[:i])
	}
	return n, s != ""
}

// consistencyExampleRelation asks a person about an example whose two measures of one object
// break a bound the packet states between them. It returns the number of findings.
func consistencyExampleRelation(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	bounds := relationBounds(r)
	if len(bounds) == 0 {
		return 0
	}
	n := 0
	for i, e := range r.Exposition {
		if e.Kind != packet.Example || n >= budget {
			continue
		}
		field := ExpositionField(i, "body")
		for _, b := range bounds {
			big, small := relationValues(e.Body, b.big, b.arg), relationValues(e.Body, b.small, b.arg)
			for _, vb := range big {
				for _, vs := range small {
					if vb.sentence != vs.sentence || vb.v <= b.factor*math.Pow(vs.v, b.exponent)*(1+1e-9)+1e-9 {
						continue
					}
					n++
					lo, hi := min(vb.start, vs.start), max(vb.end, vs.end)
					out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, lo, hi),
						fmt.Sprintf("%s gives %s = %g and %s = %g for one object, beyond the bound “%s” that %s states, which allows at most %.4g: the example's values or the bound is wrong.", field, b.big, vb.v, b.small, vs.v, b.quote, b.field, b.factor*math.Pow(vs.v, b.exponent)),
						"Correct the example's values or the bound, so that they agree.")
					return n
				}
			}
		}
	}
	return n
}

type relationValue struct {
	v                    float64
	start, end, sentence int
}

// relationValues returns the numbers body gives the measure name at arg, each with the start of
// its sentence; a number that goes on as a formula ("2k²") is no value.
func relationValues(body, name, arg string) []relationValue {
	var out []relationValue
	for _, m := range relationValueRe.FindAllStringSubmatchIndex(body, -1) {
		if body[m[2]:m[3]] != name || body[m[4]:m[5]] != arg {
			continue
		}
		if m[2] > 0 {
			if r, _ := utf8.DecodeLastRuneInString(body[:m[2]]); unicode.IsLetter(r) || r == '\\' {
				continue
			}
		}
		if m[1] < len(body) {
			if r, _ := utf8.DecodeRuneInString(body[m[1]:]); unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("^(·*/"+superscriptDigits, r) {
				continue
			}
		}
		v, err := strconv.ParseFloat(body[m[6]:m[7]], 64)
		if err != nil {
			continue
		}
		from, _ := sentenceAround(body, m[0])
		out = append(out, relationValue{v: v, start: m[0], end: m[1], sentence: from})
	}
	return out
}
