package gates

import (
	"regexp"
	"strconv"
	"strings"
)

// A bound is as often stated by a fraction as by a decimal: "1/2 < L", "$\tfrac12 < L$",
// "$\frac{1}{3} \le c$". The comparison reader reads numbers, so each simple fraction is written
// as its decimal value in as many bytes, padded with spaces so that offsets stay; when the
// decimal does not end, the decimals written (three at least, or the fraction is left as
// written) are recorded as the reading's margin, as for a value given through "≈".

// fractionRe finds a simple fraction: "\tfrac12", "\frac{1}{2}", "\dfrac{5}{6}", "1/2", and one
// that closes a sentence ("so 0 ≤ α ≤ 1/3."), whose period is no decimal point.
var fractionRe = regexp.MustCompile(`\\[dt]?frac\s*(?:\{\s*([0-9]{1,3})\s*\}|([0-9]))\s*(?:\{\s*([0-9]{1,3})\s*\}|([0-9]))|(?:^|[^0-9.,/^_{A-Za-z\\])([0-9]{1,3})\s*/\s*([0-9]{1,3})(?:$|[^0-9./^_]|\.(?:$|[^0-9]))`)

// fractionBlanked writes the simple fractions of text as decimals in place, and returns the
// decimals of each inexact one by its offset, added to places.
func fractionBlanked(text string, places map[int]int) (string, map[int]int) {
	if !strings.Contains(text, "/") && !strings.Contains(text, `frac`) {
		return text, places
	}
	b := []byte(text)
	for _, f := range fractions(text) {
		a, d, start, end := f.num, f.den, f.start, f.end
		v := float64(a) / float64(d)
		width := end - start
		s := strconv.FormatFloat(v, 'f', -1, 64)
		exact := len(s) <= width
		if !exact {
			intLen := len(strconv.Itoa(int(v)))
			p := width - intLen - 1
			if p < 3 {
				continue // "1/3" as "0.3" would bound too loosely: left as written
			}
			s = strconv.FormatFloat(v, 'f', p, 64)
			if places == nil {
				places = map[int]int{}
			}
			places[start] = p
		}
		copy(b[start:end], s+strings.Repeat(" ", width-len(s)))
	}
	return string(b), places
}

// fraction is a simple fraction of a text and the bytes it takes.
type fraction struct{ num, den, start, end int }

// fractions returns the simple fractions of text (fractionRe) with a denominator other than 0.
func fractions(text string) []fraction {
	var out []fraction
	for _, m := range fractionRe.FindAllStringSubmatchIndex(text, -1) {
		num, den, start, end := "", "", m[0], m[1]
		switch {
		case m[2] >= 0 || m[4] >= 0:
			num, den = sub(text, m, 1, 2), sub(text, m, 3, 4)
		default:
			num, den = text[m[10]:m[11]], text[m[12]:m[13]]
			start, end = m[10], m[13]
		}
		a, err1 := strconv.Atoi(num)
		d, err2 := strconv.Atoi(den)
		if err1 == nil && err2 == nil && d != 0 {
			out = append(out, fraction{a, d, start, end})
		}
	}
	return out
}

// sub returns the first group of two alternatives (1-based pairs i and j of m) that matched.
func sub(text string, m []int, i, j int) string {
	if m[2*i] >= 0 {
		return text[m[2*i]:m[2*i+1]]
	}
	return text[m[2*j]:m[2*j+1]]
}

// fractionDecimals writes each simple fraction of text as its decimal, six decimals at most,
// without keeping offsets: for a reading that needs the values of bounds and not their spans
// ("1/4 ≤ θ ≤ 0.3145", where 0.25 is longer than 1/4 and fractionBlanked leaves it as written).
func fractionDecimals(text string) string {
	if !strings.Contains(text, "/") && !strings.Contains(text, `frac`) {
		return text
	}
	var b strings.Builder
	last := 0
	for _, f := range fractions(text) {
		if f.start < last {
			continue
		}
		b.WriteString(text[last:f.start])
		b.WriteString(strings.TrimSuffix(strings.TrimRight(strconv.FormatFloat(float64(f.num)/float64(f.den), 'f', 6, 64), "0"), "."))
		last = f.end
	}
	b.WriteString(text[last:])
	return b.String()
}
