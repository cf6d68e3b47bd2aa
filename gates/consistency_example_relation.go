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
	var out []relationBound
	for _, t := range boundTexts(r) {
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

// The two measures may also be written bare, as the Greek letters of graph invariants are: "τ ≤
// (66/23)ν", "χ ≤ 2ω", with an example giving both of one object ("K₆ has ν = 2 and τ = 6"). The
// factor may be a fraction in parentheses. A bound in a sentence that conjectures it is no
// bound: the example may well break a conjecture's. Greek letters only: a Latin letter is as
// often a free variable ("n ≤ 2k") as a measure.

// relationBareRe reads a bound between two bare Greek measures: the bounded one, the factor
// (decimal or fraction, perhaps in parentheses), the bounding one.
var relationBareRe = regexp.MustCompile(`(?:^|[^\p{L}\\])([α-ωΑ-Ω])\s*(?:≤|\\leq?\b)\s*(?:\(\s*([0-9]+(?:\.[0-9]+)?)\s*(?:/\s*([0-9]+))?\s*\)|([0-9]+(?:\.[0-9]+)?)(?:\s*/\s*([0-9]+))?)?\s*(?:·|\\cdot|\*)?\s*([α-ωΑ-Ω])(?:$|[^\p{L}\p{N}(_^+−-])`)

// relationBareValueRe reads a bare measure an example gives as a number: "ν = 2".
var relationBareValueRe = regexp.MustCompile(`(?:^|[^\p{L}\\/])([α-ωΑ-Ω])\s*=\s*([0-9]+(?:\.[0-9]+)?)(?:$|[^\p{L}\p{N}.^(/·*]|\.(?:$|\s))`)

// relationConjectureRe marks a sentence that conjectures its bound.
var relationConjectureRe = regexp.MustCompile(`(?i)\b(?:conjectur\w*|would|if true|expected|believed|asks?|whether)\b`)

// consistencyExampleBareRelation asks a person about an example whose two bare measures of one
// object break a bound the packet states between them. It returns the number of findings.
func consistencyExampleBareRelation(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	type bare struct {
		big, small, quote, field string
		factor                   float64
	}
	var bounds []bare
	for _, t := range boundTexts(r) {
		body := strings.ReplaceAll(t.Body, "$", " ")
		for _, m := range relationBareRe.FindAllStringSubmatchIndex(body, 10) {
			if from, to := sentenceAround(body, m[2]); relationConjectureRe.MatchString(body[from:to]) {
				continue
			}
			b := bare{big: body[m[2]:m[3]], small: body[m[12]:m[13]], field: t.Field, quote: strings.TrimSpace(body[m[2]:m[13]]), factor: 1}
			num, den := subOpt(body, m, 2, 4), subOpt(body, m, 3, 5)
			if num != "" {
				b.factor, _ = strconv.ParseFloat(num, 64)
			}
			if den != "" {
				d, _ := strconv.ParseFloat(den, 64)
				if d == 0 {
					continue
				}
				b.factor /= d
			}
			if b.big != b.small && b.factor > 0 {
				bounds = append(bounds, b)
			}
		}
	}
	if len(bounds) == 0 {
		return 0
	}
	for i, e := range r.Exposition {
		if e.Kind != packet.Example {
			continue
		}
		field := ExpositionField(i, "body")
		vals := map[string][]relationValue{}
		for _, m := range relationBareValueRe.FindAllStringSubmatchIndex(e.Body, -1) {
			v, err := strconv.ParseFloat(e.Body[m[4]:m[5]], 64)
			if err != nil {
				continue
			}
			from, _ := sentenceAround(e.Body, m[2])
			vals[e.Body[m[2]:m[3]]] = append(vals[e.Body[m[2]:m[3]]], relationValue{v: v, start: m[2], end: m[5], sentence: from})
		}
		for _, b := range bounds {
			for _, vb := range vals[b.big] {
				for _, vs := range vals[b.small] {
					if vb.sentence != vs.sentence || vb.v <= b.factor*vs.v*(1+1e-9)+1e-9 {
						continue
					}
					lo, hi := min(vb.start, vs.start), max(vb.end, vs.end)
					out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, lo, hi),
						fmt.Sprintf("%s gives %s = %g and %s = %g for one object, beyond the bound “%s” that %s states, which allows at most %.4g: the example's values or the bound is wrong.", field, b.big, vb.v, b.small, vs.v, b.quote, b.field, b.factor*vs.v),
						"Correct the example's values or the bound, so that they agree.")
					return 1
				}
			}
		}
	}
	return 0
}

// An extremal function is bounded in terms of its argument ("t(n) ≤ 1.3984n", "t(n) ≤ 2n − 3")
// while an example exhibits an object of the kind it counts: "Let t(n) be the largest number
// of edges of a thrackle on n vertices" and "a thrackle with 15 edges on 10 vertices" give
// t(10) ≥ 15, beyond 1.3984 · 10. The reader takes the function's definition (the largest number
// of one unit of an object on n of another), its linear upper bounds outside conjectures, and
// the example's "X units on Y units", and asks a person when X is beyond the bound at Y.

// extremalDefRe reads an extremal function's definition: the name, the argument, the counted
// unit, the unit of the argument.
var extremalDefRe = regexp.MustCompile(`(?i)\blet\s+(\p{L})\(\s*([a-z])\s*\)\s+(?:be|denote)\s+the\s+(?:largest|maximum|greatest|maximal)\s+(?:possible\s+)?number\s+of\s+(\p{L}+)\s+(?:of|in)\s+(?:an?\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:on|with)\s+([a-z])\s+(\p{L}+)`)

// extremalBoundRe reads a linear upper bound on a function of one argument: the name, the
// argument, the factor (decimal or fraction, perhaps in parentheses), the argument again, the
// sign and the constant.
var extremalBoundRe = regexp.MustCompile(`(\p{L})\(\s*([a-z])\s*\)\s*(?:≤|<|\\leq?\b)\s*(?:\(\s*([0-9]+(?:\.[0-9]+)?)\s*(?:/\s*([0-9]+))?\s*\)|([0-9]+(?:\.[0-9]+)?))?\s*(?:·|\\cdot)?\s*([a-z])(?:\s*([+−-])\s*([0-9]+(?:\.[0-9]+)?))?`)

// consistencyExampleExtremal asks a person about an example whose object exceeds a linear upper
// bound on the extremal function counting it. It returns the number of findings.
func consistencyExampleExtremal(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	_, defs := stRecurrenceTexts(r)
	d := extremalDefRe.FindStringSubmatch(defs)
	if d == nil || d[2] != d[4] {
		return 0
	}
	name, arg, unit, per := d[1], d[2], strings.ToLower(d[3]), strings.ToLower(d[5])
	type linear struct {
		a, b  float64
		quote string
	}
	var bounds []linear
	for _, text := range boundTexts(r) {
		t := text.Body
		for _, m := range extremalBoundRe.FindAllStringSubmatchIndex(t, 10) {
			if t[m[2]:m[3]] != name || t[m[4]:m[5]] != arg || t[m[12]:m[13]] != arg {
				continue
			}
			if from, to := sentenceAround(t, m[0]); relationConjectureRe.MatchString(t[from:to]) {
				continue
			}
			if m[1] < len(t) {
				if c, _ := utf8.DecodeRuneInString(t[m[1]:]); unicode.IsLetter(c) || unicode.IsDigit(c) || strings.ContainsRune("(/^_", c) {
					continue // the formula goes on
				}
			}
			a := 1.0
			if num := subOpt(t, m, 3, 5); num != "" {
				a, _ = strconv.ParseFloat(num, 64)
				if m[8] >= 0 {
					den, _ := strconv.ParseFloat(t[m[8]:m[9]], 64)
					if den == 0 {
						continue
					}
					a /= den
				}
			}
			b := 0.0
			if m[14] >= 0 {
				b, _ = strconv.ParseFloat(t[m[16]:m[17]], 64)
				if t[m[14]:m[15]] != "+" {
					b = -b
				}
			}
			if a > 0 {
				bounds = append(bounds, linear{a: a, b: b, quote: strings.TrimSpace(t[m[0]:m[1]])})
			}
		}
	}
	if len(bounds) == 0 {
		return 0
	}
	shown := regexp.MustCompile(`(?i)\b([0-9]+)\s+` + regexp.QuoteMeta(unit) + `\s+on\s+([0-9]+)\s+` + regexp.QuoteMeta(per) + `\b`)
	for i, e := range r.Exposition {
		if e.Kind != packet.Example {
			continue
		}
		for _, m := range shown.FindAllStringSubmatchIndex(e.Body, 4) {
			x, _ := strconv.ParseFloat(e.Body[m[2]:m[3]], 64)
			y, _ := strconv.ParseFloat(e.Body[m[4]:m[5]], 64)
			for _, b := range bounds {
				if x <= b.a*y+b.b+1e-9 {
					continue
				}
				field := ExpositionField(i, "body")
				out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, m[0], m[1]),
					fmt.Sprintf("%s shows an object with %g %s on %g %s, so %s(%g) ≥ %g, beyond the bound “%s” the packet states, which allows at most %.4g: the example or the bound is wrong.", field, x, unit, y, per, name, y, x, b.quote, b.a*y+b.b),
					"Correct the example's numbers or the bound, so that they agree.")
				return 1
			}
		}
	}
	return 0
}

// subOpt returns the first group of two alternatives (1-based groups i and j of m) that matched,
// or "" when neither did.
func subOpt(text string, m []int, i, j int) string {
	for _, g := range []int{i, j} {
		if 2*g+1 < len(m) && m[2*g] >= 0 {
			return text[m[2*g]:m[2*g+1]]
		}
	}
	return ""
}

// The open status may also record a bound the other way round from the rest of the packet:
// "c* ≥ 1.3984" while a remark proves "c* ≤ 1.3984". What marks it is one subject and one value
// with opposite directions, the open status on one side and the statement or an entry other
// than an example on the other; an equality between them would be stated as one, so the pair
// goes to a person.

// statusConditionalRe marks a sentence whose bound is a condition, not a result.
var statusConditionalRe = regexp.MustCompile(`(?i)\b(?:equivalent|equivalently|if|iff|hypothesis|implies|implied|would)\b`)

// consistencyStatusReversed asks a person about a bound the open status records in the direction
// opposite to the same bound elsewhere in the packet. It returns the number of findings.
func consistencyStatusReversed(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	status := chainedComparisons(fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown)
	if len(status) == 0 {
		return 0
	}
	var others []comparison
	others = append(others, chainedComparisons(FieldStatement, r.Statement)...)
	for i, e := range r.Exposition {
		if e.Kind != packet.Example {
			others = append(others, chainedComparisons(ExpositionField(i, "body"), e.Body)...)
		}
	}
	lower := func(op cmpOp) bool { return op == cmpGE || op == cmpGT }
	upper := func(op cmpOp) bool { return op == cmpLE || op == cmpLT }
	for _, s := range status {
		if !lower(s.Op) && !upper(s.Op) || len(s.Subject) < 2 {
			continue
		}
		for _, o := range others {
			if o.Subject != s.Subject || o.Value != s.Value || !(lower(s.Op) && upper(o.Op) || upper(s.Op) && lower(o.Op)) {
				continue
			}
			if text := fieldText(r, o.Field); text != "" {
				if from, to := sentenceAround(text, o.Start); relationConjectureRe.MatchString(text[from:to]) || statusConditionalRe.MatchString(text[from:to]) {
					continue // a conjecture, or a condition equivalent to one ("RH is equivalent to Λ ≤ 0")
				}
			}
			out.NeedsHuman(checkConsistencyBounds, SpanOf(s.Field, r.OpenStatus.StrongestKnown, s.Start, s.End),
				fmt.Sprintf("%s records “%s” while %s states “%s”, the same bound on %s in the opposite direction: one of them is reversed, unless the value is known exactly; a person must compare them.", s.Field, s.Quote, o.Field, o.Quote, s.Subject),
				"Write the bound in the direction that was proved, the same in the open status and the rest of the packet.")
			return 1
		}
	}
	return 0
}
