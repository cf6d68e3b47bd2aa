package gates

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// powerNumber is a number as a packet writes it in prose or TeX: "0.6629", "10⁻³", "5·10⁻⁴",
// "10^{-3}", "2^64", "2^{80}", "3 \cdot 10^{12}".
const powerNumber = `[0-9]+(?:\.[0-9]+)?(?:\s*(?:·|×|\\cdot|\\times)\s*[0-9]+)?(?:\s*\^\s*(?:\{\s*[−-]?\s*[0-9]+\s*\}|[−-]?[0-9]+)|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?`

var powerNumberRe = regexp.MustCompile(`^` + powerNumber + `$`)

// powerValue reads a number powerNumber matches, or ok false.
func powerValue(s string) (float64, bool) {
	s = strings.Join(strings.Fields(s), "")
	if !powerNumberRe.MatchString(s) {
		return 0, false
	}
	s = strings.NewReplacer(`\cdot`, "·", `\times`, "·", "×", "·", "{", "", "}", "", "−", "-").Replace(s)
	mult, base, exp, ok := powerParts(s, "⁻"+superscriptDigits)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(base, 64)
	if err != nil {
		return 0, false
	}
	if exp != "" {
		e, err := strconv.Atoi(exp)
		if err != nil || e > 400 || e < -400 {
			return 0, false
		}
		v = math.Pow(v, float64(e))
	}
	return mult * v, true
}

// powerParts splits a number written as a power, with its TeX already folded ("5·10^-4",
// "10⁻³", "2^64", "0.6629"), into its multiplier (1 when none), its base and its exponent as
// decimal text ("" when none). A power written in superscripts begins at the first rune of
// marks (superscript digits, and the superscript minus where the caller reads it).
func powerParts(s, marks string) (mult float64, base, exp string, ok bool) {
	mult = 1.0
	if a, b, cut := strings.Cut(s, "·"); cut {
		m, err := strconv.ParseFloat(a, 64)
		if err != nil {
			return 0, "", "", false
		}
		mult, s = m, b
	}
	base = s
	if a, b, cut := strings.Cut(s, "^"); cut {
		return mult, a, b, true
	}
	if i := strings.IndexAny(s, marks); i > 0 {
		base = s[:i]
		for _, r := range s[i:] {
			if r == '⁻' {
				exp += "-"
				continue
			}
			d := strings.IndexRune(superscriptDigits, r)
			if d < 0 {
				return 0, "", "", false
			}
			exp += strconv.Itoa(utf8.RuneCountInString(superscriptDigits[:d]))
		}
	}
	return mult, base, exp, true
}
