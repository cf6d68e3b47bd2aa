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
	mult := 1.0
	if a, b, ok := strings.Cut(s, "·"); ok {
		m, err := strconv.ParseFloat(a, 64)
		if err != nil {
			return 0, false
		}
		mult, s = m, b
	}
	base, exp := s, ""
	if a, b, ok := strings.Cut(s, "^"); ok {
		base, exp = a, b
	} else if i := strings.IndexAny(s, "⁻"+superscriptDigits); i > 0 {
		base = s[:i]
		for _, r := range s[i:] {
			if r == '⁻' {
				exp += "-"
				continue
			}
			d := strings.IndexRune(superscriptDigits, r)
			if d < 0 {
				return 0, false
			}
			exp += strconv.Itoa(utf8.RuneCountInString(superscriptDigits[:d]))
		}
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
