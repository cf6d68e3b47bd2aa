package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A target that asks for an interval of some width is met when the record already bounds the
// quantity within that width: asking for "b − a ≤ 1" while the open status gives 3.52 and 4.4898
// asks for what is known. The record states its width in one of three shapes: in words ("the
// gap has width about 0.97"), as two bounds on one subject ("0.6169 ≤ Δ₄ ≤ 0.6444"), or as a
// lower and an upper end in prose ("below 3.52 … above 4.4898"); either bound may be a fraction. A requested width at least one
// of these goes to a person (the requested width may be a fraction too, "b − a ≤ 1/2", read
// whole and not as its numerator), who decides whether the two are of one quantity.

// widthRequestRe reads a requested width: "b − a ≤ 0.05", "β - α \le 1", "width at most 0.05",
// "to within 0.1", "b − a ≤ 10⁻³".
var widthRequestRe = regexp.MustCompile(`(?i)(?:\b[bβu]\s*[−–-]\s*[aαl]\s*(?:≤|<|\\leq?\b|\\lt\b)|\b(?:width|gap|length)\s+(?:of\s+)?(?:at most|≤|no more than|not exceeding)|\bto within)\s*\$?\s*(` + powerNumber + `)(?:\s*/\s*([0-9]+)\b)?`)

// widthStatedRe reads a width the record states: "the gap has width about 0.97", "an interval of
// width 0.027", "a gap of 0.03".
var widthStatedRe = regexp.MustCompile(`(?i)\b(?:width|gap)\s+(?:has\s+width\s+|of\s+(?:width\s+)?|is\s+|≈\s*)?(?:about\s+|roughly\s+|approximately\s+|≈\s*|~\s*|only\s+)?\$?(` + powerNumber + `)(?:[^0-9.]|\.(?:[^0-9]|$)|$)`)

// widthEndsRe reads the two ends of a range in prose: "below 3.52 … above 4.4898".
var (
	widthBelowRe = regexp.MustCompile(`(?i)\b(?:below|under|less than|smaller than)\s+\$?([0-9]+\.[0-9]+)\b`)
	widthAboveRe = regexp.MustCompile(`(?i)\b(?:above|over|greater than|larger than|exceeding)\s+\$?([0-9]+\.[0-9]+)\b`)
)

// digitsGoOn drops the mark of a decimal whose digits go on ("0.314483…", "$0.9024\ldots$").
var digitsGoOn = strings.NewReplacer("…", "", `\ldots`, "", `\dots`, "", `\cdots`, "")

// recordWidths returns the widths the open status states, whatever their subject.
func recordWidths(r *Revision) []float64 {
	known := r.OpenStatus.StrongestKnown
	var out []float64
	for _, m := range widthStatedRe.FindAllStringSubmatch(known, 4) {
		if v, ok := powerValue(m[1]); ok && v > 0 {
			out = append(out, v)
		}
	}
	// A bound written as a fraction ("1/2 ≤ c ≤ 0.6068", "1/4 ≤ θ") is read through its decimal
	// value, and one whose digits go on ("θ ≤ 0.314483…") through the digits written: the width
	// is then short by less than a unit of the last digit, which a person reading it weighs.
	cs := chainedComparisons(fieldOpenStrongestKnown, fractionDecimals(digitsGoOn.Replace(known)))
	for _, lo := range cs {
		for _, up := range cs {
			if (lo.Op == cmpGE || lo.Op == cmpGT) && (up.Op == cmpLE || up.Op == cmpLT) && lo.Subject == up.Subject && up.Value > lo.Value {
				out = append(out, up.Value-lo.Value)
			}
		}
	}
	for _, sent := range strings.Split(known, ". ") {
		below, above := widthBelowRe.FindStringSubmatch(sent), widthAboveRe.FindStringSubmatch(sent)
		if below == nil || above == nil {
			continue
		}
		lo, err1 := strconv.ParseFloat(below[1], 64)
		hi, err2 := strconv.ParseFloat(above[1], 64)
		if err1 == nil && err2 == nil && hi > lo {
			out = append(out, hi-lo)
		}
	}
	return out
}

// incumbentWidthMeets asks a person about a requested width that the record's width already
// meets. It reports whether it recorded a finding.
func incumbentWidthMeets(r *Revision, out *Report) bool {
	widths := recordWidths(r)
	if len(widths) == 0 {
		return false
	}
	for _, t := range []Text{{FieldStatement, r.Statement}, {fieldAcceptanceCriterion, r.Acceptance.Criterion}, {fieldAcceptancePrecision, r.Acceptance.Precision}, {fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget}} {
		m := widthRequestRe.FindStringSubmatchIndex(t.Body)
		if m == nil {
			continue
		}
		w, ok := powerValue(t.Body[m[2]:m[3]])
		if !ok {
			w, ok = cmpNumber(strings.ReplaceAll(t.Body[m[2]:m[3]], " ", ""))
		}
		if ok && m[4] >= 0 {
			// a width written as a fraction, "b − a ≤ 1/2", is read whole, not as its numerator
			d, err := strconv.Atoi(t.Body[m[4]:m[5]])
			if err != nil || d == 0 {
				continue
			}
			w /= float64(d)
		}
		if !ok || w <= 0 {
			continue
		}
		for _, k := range widths {
			if k > w {
				continue
			}
			sp := SpanOf(t.Field, t.Body, m[0], m[1])
			out.NeedsHuman(checkConsistencyIncumbent, sp,
				fmt.Sprintf("%s asks for “%s”, an interval of width at most %g, but openStatus.strongestKnown already bounds it within a width of about %.3g: the incumbent meets the requested target, unless the two are of different quantities; a person must compare them.", t.Field, sp.Quote, w, k),
				"Ask for a width below the known one (openStatus.strongestKnown), or correct the recorded bounds.")
			return true
		}
	}
	return false
}

// A target may also name the interval itself: "prove that both densities lie in [0.499, 0.501]"
// while the open status records them in [0.49916, 0.50084]. A recorded interval inside the
// requested one, or equal to it, is a proof the target asks for already done; a requested
// interval that the record does not fit inside (a narrower target) is the open question. Each
// recorded interval inside a requested one goes to a person, who decides whether the two are of
// one quantity.

// intervalRe reads an interval of two decimals opened by a square bracket: "[0.499, 0.501]",
// "[1.2, 1.5)"; a pair in parentheses is as often a function's arguments ("B(2, 5)").
var intervalRe = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_)\]])\[\s*\$?\s*(-?[0-9]+\.[0-9]+)\s*,\s*(-?[0-9]+\.[0-9]+)\s*\$?\s*[\])]`)

// incumbentIntervalMeets asks a person about a requested interval that contains an interval the
// open status records. It reports whether it recorded a finding.
func incumbentIntervalMeets(r *Revision, out *Report) bool {
	known := r.OpenStatus.StrongestKnown
	var recorded [][2]float64
	for _, m := range intervalRe.FindAllStringSubmatch(known, 4) {
		lo, err1 := strconv.ParseFloat(m[1], 64)
		hi, err2 := strconv.ParseFloat(m[2], 64)
		if err1 == nil && err2 == nil && lo < hi {
			recorded = append(recorded, [2]float64{lo, hi})
		}
	}
	if len(recorded) == 0 {
		return false
	}
	for _, t := range []Text{{FieldStatement, r.Statement}, {fieldAcceptanceCriterion, r.Acceptance.Criterion}, {fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget}} {
		for _, m := range intervalRe.FindAllStringSubmatchIndex(t.Body, 4) {
			lo, err1 := strconv.ParseFloat(t.Body[m[2]:m[3]], 64)
			hi, err2 := strconv.ParseFloat(t.Body[m[4]:m[5]], 64)
			if err1 != nil || err2 != nil || lo >= hi {
				continue
			}
			for _, k := range recorded {
				if k[0] < lo || k[1] > hi {
					continue
				}
				sp := SpanOf(t.Field, t.Body, m[0], m[1])
				out.NeedsHuman(checkConsistencyIncumbent, sp,
					fmt.Sprintf("%s asks for “%s”, but openStatus.strongestKnown already records the interval [%g, %g] inside it: the incumbent meets the requested target, unless the two are of different quantities; a person must compare them.", t.Field, sp.Quote, k[0], k[1]),
					"Ask for an interval narrower than the known one (openStatus.strongestKnown), or correct the recorded bounds.")
				return true
			}
		}
	}
	return false
}
