package gates

import (
	"regexp"
	"strings"
)

// A bound is often stated through a named value or a closed form: "Θ(C₇) ≤ ϑ(C₇) ≈ 3.3177",
// "$\lambda \le \mu_2 = 4.5238$", "2 ≤ 𝒞 ≤ 1 + √2 ≈ 2.414". The quantity bounded is the first; the number bounds it as well, through the
// name between, whatever that name is. Read as written, the chain gives a bound on the first
// name by the second and a value of the second, and no number bounds the first, so a packet whose
// example puts the first above that number ("Θ(C₇) ≥ 3.334") is read as consistent. chainBlanked
// writes such a chain as the bound it implies, so that each place's bounds can be compared.

// chainValueRe finds a relation, a name or an expression, and its value: "≤ ϑ(C₇) ≈ 3.3177",
// "\le \vartheta(C_7) = 3.3177", "≤ 1 + √2 ≈ 2.414". Group 2 is what is blanked (the name, its sign and the spaces), group 3 the sign,
// group 4 the number.
var chainValueRe = regexp.MustCompile(`(≤|≥|<|>|⩽|⩾|\\leq?(?:slant)?\b|\\geq?(?:slant)?\b|\\lt\b|\\gt\b)(\s*[^\s$≤≥<>=≈,;:.][^$≤≥<>=≈,;:]{0,60}?\s*(=|≈|\\approx)\s*)([0-9]+(?:\.[0-9]+)?)`)

// chainWordRe finds a word of prose in what stands between a relation and a value ("≤ 5 or
// n = 3"): then the value is not the value of what the relation bounds. A TeX command's name
// (after a backslash) is no word.
var chainWordRe = regexp.MustCompile(`(?:^|[^\\A-Za-z])([A-Za-z]{2,})`)

// chainBlanked blanks the name and sign of each such chain, keeping offsets, and records the
// decimals of a value given by "≈" in places (which it returns, made if nil).
func chainBlanked(text string, places map[int]int) (string, map[int]int) {
	if !strings.ContainsAny(text, "=≈") {
		return text, places
	}
	b := []byte(text)
	// TeX's relations, respelt in as many bytes, so that the name between a relation and its
	// value holds none: "\le \mathcal{K} \le \kappa_0 = 0.71" bounds \mathcal{K} by 0.71.
	text = chainRelations.Replace(text)
	for _, m := range chainValueRe.FindAllStringSubmatchIndex(text, 20) {
		name := strings.TrimSpace(text[m[2]:m[6]])
		if strings.IndexFunc(name, isLetterRune) < 0 && !strings.ContainsAny(name, "+−-*/·×^") || chainProse(name) {
			continue // a number alone, or prose between the relation and the value
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

// chainProse reports whether s holds a word of prose: a stop word, or a word of three letters
// or more that is no TeX command or its argument.
func chainProse(s string) bool {
	for _, m := range chainWordRe.FindAllStringSubmatch(s, -1) {
		w := strings.ToLower(m[1])
		if stStopWords[w] || len(w) >= 3 && !strings.Contains(s, "\\"+m[1]) && !strings.Contains(s, "{"+m[1]+"}") {
			return true
		}
	}
	return false
}

// chainedComparisons reads the comparisons of a field with each bound stated through a value
// ("≤ 1 + √2 ≈ 2.414", "≤ ϑ(C₇) = 3.3177") read as a bound by that value. Offsets are the
// field's.
func chainedComparisons(field, text string) []comparison {
	blanked, _ := approxBlanked(compared(text))
	blanked, _ = chainBlanked(blanked, nil)
	out := comparisons(field, blanked)
	for i := range out {
		if c := out[i]; c.Start >= 0 && c.End <= len(text) && c.Start <= c.End {
			out[i].Quote = text[c.Start:c.End]
		}
	}
	return out
}

// chainRelations respells TeX's relations as the characters of the same byte length ("\le" and
// "≤" are three bytes each), padding the longer spellings with spaces; commands that begin
// with one ("\left", "\lesssim", "\gets") are left as they are.
var chainRelations = strings.NewReplacer(`\left`, `\left`, `\less`, `\less`, `\gets`, `\gets`, `\genfrac`, `\genfrac`, `\leqslant`, "≤      ", `\geqslant`, "≥      ", `\leq`, "≤ ", `\geq`, "≥ ",
	`\le`, "≤", `\ge`, "≥", `\lt`, "<  ", `\gt`, ">  ")
