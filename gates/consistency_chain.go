package gates

import (
	"regexp"
	"strings"
)

// A bound is often stated through a named value: "Θ(C₇) ≤ ϑ(C₇) ≈ 3.3177", "$\lambda \le
// \mu_2 = 4.5238$". The quantity bounded is the first; the number bounds it as well, through the
// name between, whatever that name is. Read as written, the chain gives a bound on the first
// name by the second and a value of the second, and no number bounds the first, so a packet whose
// example puts the first above that number ("Θ(C₇) ≥ 3.334") is read as consistent. chainBlanked
// writes such a chain as the bound it implies, so that each place's bounds can be compared.

// chainValueRe finds a relation, a name and its value: "≤ ϑ(C₇) ≈ 3.3177", "\le \vartheta(C_7)
// = 3.3177". Group 2 is what is blanked (the name, its sign and the spaces), group 3 the sign,
// group 4 the number.
var chainValueRe = regexp.MustCompile(`(≤|≥|<|>|⩽|⩾|\\leq?(?:slant)?\b|\\geq?(?:slant)?\b|\\lt\b|\\gt\b)(\s*[^\s$≤≥<>=≈,;:0-9.][^\s$≤≥<>=≈,;:]*(?:\([^()]{0,20}\))?\s*(=|≈|\\approx)\s*)([0-9]+(?:\.[0-9]+)?)`)

// chainBlanked blanks the name and sign of each such chain, keeping offsets, and records the
// decimals of a value given by "≈" in places (which it returns, made if nil).
func chainBlanked(text string, places map[int]int) (string, map[int]int) {
	if !strings.ContainsAny(text, "=≈") {
		return text, places
	}
	b := []byte(text)
	for _, m := range chainValueRe.FindAllStringSubmatchIndex(text, 20) {
		name := strings.TrimSpace(text[m[2]:m[6]])
		if strings.IndexFunc(name, isLetterRune) < 0 {
			continue // "≤ 2 + 1 = 3" is arithmetic, not a name
		}
		for k := m[4]; k < m[5]; k++ {
			b[k] = ' '
		}
		if sign := text[m[6]:m[7]]; sign != "=" {
			if places == nil {
				places = map[int]int{}
			}
			places[m[8]] = decimalPlaces(text[m[8]:m[9]])
		}
	}
	return string(b), places
}

func isLetterRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f && r != '≤' && r != '≥' && r != '≈'
}
