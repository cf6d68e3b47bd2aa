package gates

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// A computation block's instance may bound the searched number where the statement and the
// search space do not reach: "n < 2^64" beside "2^64 < n < 2^80". The block then computes
// another object than the one the record asks about. The reader takes each letter's bounds in
// the instance and in the statement and search space, numbers written in prose or TeX with their
// powers ("2^64", "10¹³", "3·10^12"), and asks a person when the two ranges share no value.

var (
	instOpLess    = `(<|≤|⩽|\\leq?\b|\\lt\b|\\leqslant\b)`
	instOpGreater = `(>|≥|⩾|\\geq?\b|\\gt\b|\\geqslant\b)`
	// instChainRe reads "2^64 < n < 2^80"; instUpperRe "n < 2^64"; instLowerRe "n > 2^64" and
	// instLowerLeftRe "2^64 < n".
	instChainRe     = regexp.MustCompile(`(` + powerNumber + `)\s*` + instOpLess + `\s*([a-zA-Z])\s*` + instOpLess + `\s*(` + powerNumber + `)`)
	instUpperRe     = regexp.MustCompile(`(?:^|[^\\\pL])([a-zA-Z])\s*` + instOpLess + `\s*(` + powerNumber + `)`)
	instLowerRe     = regexp.MustCompile(`(?:^|[^\\\pL])([a-zA-Z])\s*` + instOpGreater + `\s*(` + powerNumber + `)`)
	instLowerLeftRe = regexp.MustCompile(`(` + powerNumber + `)\s*` + instOpLess + `\s*([a-zA-Z])(?:[^\pL]|$)`)
)

// instRange is what one text says of a letter: its greatest lower and least upper bound, with
// whether each is strict, and where the bound was read.
type instRange struct {
	lo, hi             float64
	hasLo, hasHi       bool
	loStrict, hiStrict bool
	loAt, hiAt         [2]int
}

func (r *instRange) lower(v float64, strict bool, at [2]int) {
	if !r.hasLo || v > r.lo {
		r.lo, r.hasLo, r.loStrict, r.loAt = v, true, strict, at
	}
}

func (r *instRange) upper(v float64, strict bool, at [2]int) {
	if !r.hasHi || v < r.hi {
		r.hi, r.hasHi, r.hiStrict, r.hiAt = v, true, strict, at
	}
}

// instRanges reads the bounds a text puts on single letters.
func instRanges(text string) map[string]*instRange {
	out := map[string]*instRange{}
	get := func(v string) *instRange {
		if out[v] == nil {
			out[v] = &instRange{}
		}
		return out[v]
	}
	strict := func(op string) bool { return op == "<" || op == ">" || op == `\lt` || op == `\gt` }
	for _, m := range instChainRe.FindAllStringSubmatchIndex(text, 8) {
		lo, ok1 := powerValue(text[m[2]:m[3]])
		hi, ok2 := powerValue(text[m[8]:m[9]])
		if ok1 && ok2 {
			r := get(text[m[6]:m[7]])
			r.lower(lo, strict(text[m[4]:m[5]]), [2]int{m[0], m[1]})
			r.upper(hi, strict(text[m[10]:m[11]]), [2]int{m[0], m[1]})
		}
	}
	for _, m := range instUpperRe.FindAllStringSubmatchIndex(text, 8) {
		if v, ok := powerValue(text[m[6]:m[7]]); ok {
			get(text[m[2]:m[3]]).upper(v, strict(text[m[4]:m[5]]), [2]int{m[2], m[1]})
		}
	}
	for _, m := range instLowerRe.FindAllStringSubmatchIndex(text, 8) {
		if v, ok := powerValue(text[m[6]:m[7]]); ok {
			get(text[m[2]:m[3]]).lower(v, strict(text[m[4]:m[5]]), [2]int{m[2], m[1]})
		}
	}
	for _, m := range instLowerLeftRe.FindAllStringSubmatchIndex(text, 8) {
		if v, ok := powerValue(text[m[2]:m[3]]); ok {
			get(text[m[6]:m[7]]).lower(v, strict(text[m[4]:m[5]]), [2]int{m[0], m[7]})
		}
	}
	return out
}

// instDisjoint reports whether an upper bound lies below a lower bound, or meets it where one
// of the two is strict.
func instDisjoint(hi float64, hiStrict bool, lo float64, loStrict bool) bool {
	return hi < lo || hi == lo && (hiStrict || loStrict)
}

// consistencyInstanceRange asks a person about a computation instance whose range of a letter
// shares no value with the range the statement or the search space gives it. It returns the
// number of findings.
func consistencyInstanceRange(r *Revision, out *Report, budget int) int {
	if budget <= 0 || r.Computation == nil || strings.TrimSpace(r.Computation.Instance) == "" {
		return 0
	}
	clean := strings.NewReplacer("$", " ", `\,`, "  ").Replace // the same length: spans stay
	inst := r.Computation.Instance
	mine := instRanges(clean(inst))
	if len(mine) == 0 {
		return 0
	}
	for _, t := range []Text{{fieldAcceptanceSearchSpace, r.Acceptance.SearchSpace}, {FieldStatement, r.Statement}} {
		theirs := instRanges(clean(t.Body))
		vars := make([]string, 0, len(mine))
		for v := range mine {
			vars = append(vars, v)
		}
		sort.Strings(vars)
		for _, v := range vars {
			a, b := mine[v], theirs[v]
			if b == nil {
				continue
			}
			var at [2]int
			var what string
			switch {
			case a.hasHi && b.hasLo && instDisjoint(a.hi, a.hiStrict, b.lo, b.loStrict):
				at, what = a.hiAt, "below"
			case a.hasLo && b.hasHi && instDisjoint(b.hi, b.hiStrict, a.lo, a.loStrict):
				at, what = a.loAt, "above"
			default:
				continue
			}
			sp := SpanOf(fieldComputationInstance, inst, at[0], at[1])
			out.NeedsHuman(checkConsistencyBounds, sp,
				fmt.Sprintf("computation.instance says “%s”, a range of %s that lies %s the one %s gives it, so the computation may address another object than the record's; a person must compare them.", sp.Quote, v, what, t.Field),
				"Make computation.instance cover the range the statement and the search space ask about.")
			return 1
		}
	}
	return 0
}
