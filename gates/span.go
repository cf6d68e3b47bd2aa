package gates

import (
	"strconv"
	"unicode/utf8"
)

// Field paths of the packet, as spans name them.
const (
	FieldTitle     = "title"
	FieldStatement = "statement"
)

// ExpositionField is the path of a part of exposition entry i ("exposition[2].body").
func ExpositionField(i int, part string) string {
	return "exposition[" + strconv.Itoa(i) + "]." + part
}

// ReferenceField is the path of a part of bibliography row i ("references[1].locator").
func ReferenceField(i int, part string) string {
	return "references[" + strconv.Itoa(i) + "]." + part
}

// maxQuote bounds the quoted text of a span, in bytes.
const maxQuote = 300

// SpanOf returns the span of text[start:end] in field, its quote cut to maxQuote bytes on a
// character boundary. Offsets outside the text are clamped.
func SpanOf(field, text string, start, end int) Span {
	start = max(0, min(start, len(text)))
	end = max(start, min(end, len(text)))
	q := text[start:end]
	if len(q) > maxQuote {
		cut := maxQuote
		for cut > 0 && !utf8.RuneStart(q[cut]) {
			cut--
		}
		q = q[:cut] + "…"
	}
	return Span{Field: field, Start: start, End: end, Quote: q}
}

// Whole is the span of a whole field.
func Whole(field, text string) Span { return SpanOf(field, text, 0, len(text)) }

// Absent is the span of a field that is missing or empty.
func Absent(field string) Span { return Span{Field: field} }

// Text is one prose or formula field of the packet with its path.
type Text struct {
	Field string
	Body  string
}

// Texts lists the fields a reader reads as mathematics: the statement, the exposition bodies,
// the acceptance condition and its parts, the open-status record and the computation's parts.
// Checks that look across the packet (consistency, the copy check) walk this list.
func (r *Revision) Texts() []Text {
	out := []Text{{FieldStatement, r.Statement}}
	for i, e := range r.Exposition {
		out = append(out, Text{ExpositionField(i, "body"), e.Body})
	}
	a := r.Acceptance
	for _, t := range []Text{{"acceptance.criterion", a.Criterion}, {"acceptance.precision", a.Precision},
		{"acceptance.searchSpace", a.SearchSpace}, {"acceptance.certificate", a.Certificate},
		{"acceptance.equivalence", a.Equivalence},
		{"openStatus.strongestKnown", r.OpenStatus.StrongestKnown},
		{"openStatus.unresolvedTarget", r.OpenStatus.UnresolvedTarget}} {
		if t.Body != "" {
			out = append(out, t)
		}
	}
	if c := r.Computation; c != nil {
		for _, t := range []Text{{"computation.instance", c.Instance}, {"computation.equivalence", c.Equivalence},
			{"computation.whyNotBruteForce", c.WhyNotBruteForce}, {"computation.smallCases", c.SmallCases},
			{"computation.certification", c.Certification}, {"computation.parameterOrigin", c.ParameterOrigin}} {
			if t.Body != "" {
				out = append(out, t)
			}
		}
	}
	return out
}
