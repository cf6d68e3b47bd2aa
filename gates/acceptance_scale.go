package gates

import (
	"fmt"
	"regexp"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/packet"
)

// A numerical target's precision is a width on one scale: absolute ("U − L ≤ 10^{-3}", "to
// within 0.5", "absolute error") or relative ("relative error 10^{-6}", "0.5%", "(U − L)/L",
// "six significant digits"). A precision field on one scale under a statement and criterion
// that ask on the other asks for a different interval: 1% of a value near 3 is a width of
// about 0.03, not 1. Which one is meant is the proposer's to say, so a person reads both. A
// quotient is relative only as a difference of the two ends divided ("(U − L)/L"): the ratio a
// statement defines its quantity by ("the infimum of L_S(P)/L_M(P)") is no precision.

// endsDifference is a difference of the two ends of an interval, as the precision readers find
// it: "U − L", "b-a", "\ell_2 - \ell_1".
const endsDifference = `(?:[A-Za-z]|\\ell|ℓ)(?:_[0-9A-Za-z])?\s*(?:-|−)\s*(?:[A-Za-z]|\\ell|ℓ)(?:_[0-9A-Za-z])?`

var (
	// relativeScaleRe finds a relative precision.
	relativeScaleRe = regexp.MustCompile(`(?i)\brelative(ly)?\b|%|\bper ?cent\b|\bsignificant (digits|figures)\b|\(\s*` + endsDifference + `\s*\)\s*/\s*(\\ell|ℓ|[A-Za-z]|\|[^|]{1,20}\|)|\bratio\b`)
	// absoluteScaleRe finds an absolute one: the word, a difference of the two ends bounded, or
	// a width or an accuracy "to within" a number.
	absoluteScaleRe = regexp.MustCompile(`(?i)\babsolute(ly)?\b|\bto within\b|\bdiffer(s|ing)? by at most\b|\bwidth\b|(?:^|[^A-Za-z\\])` + endsDifference + `\s*(?:\\le|≤|<|\\leq)`)
)

// precisionScale says on which scales a text states a precision.
// A text that says "relative" may speak of a width or of a difference of the two ends on that
// scale ("relative width", "(U − L)/L"): only the word "absolute" puts it on both.
func precisionScale(text string) (relative, absolute []int) {
	relative = relativeScaleRe.FindStringIndex(text)
	if relative == nil {
		absolute = absoluteScaleRe.FindStringIndex(text)
		if absolute != nil && !isLetterByte(text[absolute[0]]) && text[absolute[0]] != '\\' {
			_, size := utf8.DecodeRuneInString(text[absolute[0]:])
			absolute[0] += size
		}
		return nil, absolute
	}
	return relative, absoluteWordRe.FindStringIndex(text)
}

var absoluteWordRe = regexp.MustCompile(`(?i)\babsolute(ly)?\b`)

// acceptancePrecisionScale asks a person when acceptance.precision states its width on one
// scale and the statement and criterion on the other. It reports whether it asked.
func acceptancePrecisionScale(r *Revision, out *Report) bool {
	a := r.Acceptance
	if a.Kind != packet.Numerical {
		return false
	}
	pRel, pAbs := precisionScale(a.Precision)
	var askAbs, askRel []int
	var absAt, relAt Text
	for _, t := range []Text{{FieldStatement, r.Statement}, {fieldAcceptanceCriterion, a.Criterion}} {
		rel, abs := precisionScale(t.Body)
		if rel != nil && askRel == nil {
			askRel, relAt = rel, t
		}
		if abs != nil && askAbs == nil {
			askAbs, absAt = abs, t
		}
	}
	var at, other []int
	var scale, otherScale string
	var ask Text
	switch {
	case pRel != nil && pAbs == nil && askAbs != nil && askRel == nil:
		at, other, scale, otherScale, ask = pRel, askAbs, "relative", "absolute", absAt
	case pRel == nil && pAbs != nil && askRel != nil && askAbs == nil:
		at, other, scale, otherScale, ask = pAbs, askRel, "absolute", "relative", relAt
	default:
		return false
	}
	behaviour := fmt.Sprintf("acceptance.precision states a %s width (“%s”) while %s asks on the %s scale (“%s”): the two ask for different intervals.",
		scale, a.Precision[at[0]:at[1]], ask.Field, otherScale, ask.Body[other[0]:other[1]])
	fix := "State the precision on one scale throughout: the same absolute width (or the same relative error) in the statement, acceptance.criterion and acceptance.precision."
	out.NeedsHuman(checkAcceptanceNumerical, SpanOf(fieldAcceptancePrecision, a.Precision, at[0], at[1]), behaviour, fix)
	out.NeedsHuman(checkAcceptanceNumerical, SpanOf(ask.Field, ask.Body, other[0], other[1]), behaviour, fix)
	return true
}

// A width may also be bounded the wrong way: "b − a ≥ 0.1", "an interval of width at least
// 0.02". A lower bound on the width accepts any two proved bounds far enough apart, the known
// ones among them, so it asks for nothing; the statement meant an upper bound, which a person
// confirms.

// widthFromBelowRe finds a width of two ends bounded from below.
var widthFromBelowRe = regexp.MustCompile(`(?i)(?:^|[^A-Za-z\\])` + endsDifference + `\s*(?:≥|>|\\geq?\b|\\gt\b)\s*\$?\s*(?:0*[1-9][0-9]*(?:\.[0-9]+)?|0?\.[0-9]*[1-9][0-9]*)|\bwidth\s+(?:of\s+)?(?:at least|no less than|not less than|≥)\s*\$?\s*[0-9]+(?:\.[0-9]+)?`)

// acceptanceWidthFromBelow asks a person about a numerical target whose statement, criterion or
// precision bounds the width of its interval from below. It reports whether it asked.
func acceptanceWidthFromBelow(r *Revision, out *Report) bool {
	a := r.Acceptance
	if a.Kind != packet.Numerical {
		return false
	}
	for _, t := range []Text{{fieldAcceptanceCriterion, a.Criterion}, {fieldAcceptancePrecision, a.Precision}, {FieldStatement, r.Statement}} {
		m := widthFromBelowRe.FindStringIndex(t.Body)
		if m == nil {
			continue
		}
		if !isLetterByte(t.Body[m[0]]) && t.Body[m[0]] != '\\' {
			_, size := utf8.DecodeRuneInString(t.Body[m[0]:])
			m[0] += size
		}
		sp := SpanOf(t.Field, t.Body, m[0], m[1])
		out.NeedsHuman(checkAcceptanceNumerical, sp,
			t.Field+" bounds the width of the interval from below (“"+sp.Quote+"”): any two bounds far enough apart, the known ones among them, meet it, so it asks for nothing; a person must confirm that an upper bound on the width was meant.",
			"Bound the width from above (for example “b − a ≤ 0.1”) in "+t.Field+".")
		return true
	}
	return false
}
