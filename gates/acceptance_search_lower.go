package gates

import "regexp"

// A search space bounded from below only is as infinite as one with no bound: "n ≥ 51", "odd
// squares above 10³⁵", "n = 51, 52, 53, …" and "scanned upwards" name where the search starts
// and not where it ends. What they share is a lower bound or an open enumeration with no upper
// bound anywhere in the space; the phrase goes to a person, since an upper bound may be written
// in words the reader does not know.

// searchLowerOps are the signs and words of a lower bound on a searched number.
const searchLowerOps = `(?:>|≥|⩾|\\geq?(?:slant)?|\\gt\b|\bgreater than|\bmore than|\bat least|\babove|\bexceeding|\bbeyond|\blarger than)`

// searchLowerRe finds a lower bound on a searched number ("n > 50", "more than 10⁹ digits",
// "$n\ge106$" with no space after the command), or an enumeration that runs on with no last term
// ("51, 52, 53, …" before no number).
var searchLowerRe = regexp.MustCompile(`(?i)` + searchLowerOps + `\s*\$?\s*[0-9]+(?:[.,][0-9]+)*[⁰¹²³⁴⁵⁶⁷⁸⁹]*|\b[0-9]+\s*,\s*[0-9]+\s*,\s*(?:[0-9]+\s*,\s*)?(?:…|\.\.\.|\\[lc]?dots)\s*(?:$|[^0-9\s,]|,\s*(?:[^0-9\s]|$))|\b(?:onwards|upwards|upward|without end|with no (?:upper |end)|no upper (?:bound|limit))\b`)

// searchUpperRe finds an upper bound on a searched number, or a range with both ends.
var searchUpperRe = regexp.MustCompile(`(?i)(?:<|≤|⩽|\\leq?(?:slant)?(?:\b|[0-9])|\\lt\b|\bat most|\bup to\s+\$?[0-9]|\bbelow|\bless than|\bsmaller than|\bfewer than|\bbetween|\bnot exceeding|\bbounded by|\bto\s+\$?[0-9]|\bthrough\s+\$?[0-9]|(?:…|\.\.\.|\\[lc]?dots)\s*,?\s*\$?[0-9]|\bof (?:size|length|height|order|degree)\s+\$?[0-9])`)

// An upper bound in the space may only say what the search leaves out: "n > 2^64 (below 2^64
// none passes)", "at least 25 cells (those with at most 24 are covered)". A space whose every
// upper bound lies at or below its lower end, or that says it has no upper limit, is bounded
// from below only.

// searchNoUpperRe finds the words by which a space says it has no upper end.
var searchNoUpperRe = regexp.MustCompile(`(?i)\b(?:with no upper|without (?:an? )?upper|no upper (?:bound|limit|end)|with no end|without end)\b`)

// searchLowerNumRe and searchUpperNumRe read the number of a lower or an upper bound.
var (
	searchLowerNumRe = regexp.MustCompile(`(?i)` + searchLowerOps + `\s*\$?\s*(` + powerNumber + `)`)
	searchUpperNumRe = regexp.MustCompile(`(?i)^(?:<|≤|⩽|\\leq?(?:slant)?|\\lt\b|\bat most|\bup to|\bbelow|\bless than|\bsmaller than|\bfewer than|\bnot exceeding|\bbounded by|\bto|\bthrough)\s*\$?\s*(` + powerNumber + `)`)
)

// searchUpperBelowLower reports whether every upper bound of the space has a number at or
// below its largest lower bound: the upper bounds say what the search leaves out.
func searchUpperBelowLower(space string) bool {
	low, found := 0.0, false
	for _, m := range searchLowerNumRe.FindAllStringSubmatch(space, 8) {
		if v, ok := powerValue(m[1]); ok && (!found || v > low) {
			low, found = v, true
		}
	}
	if !found {
		return false
	}
	for _, u := range searchUpperRe.FindAllStringIndex(space, 8) {
		m := searchUpperNumRe.FindStringSubmatch(space[u[0]:])
		if m == nil {
			return false
		}
		v, ok := powerValue(m[1])
		if !ok || v > low {
			return false
		}
	}
	return true
}

// An upper bound in the space may also bound another quantity by the searched number: "all
// primes p > 2³¹, each tested for the B_k with k ≤ p − 3" bounds k by p and leaves p unbounded.
// searchLowerVarRe reads the letter a lower bound is put on ("p > 2³¹" is p's).
var searchLowerVarRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}\\])(\p{L})\s*\$?\s*(?:>|≥|⩾|\\geq?(?:slant)?\b|\\gt\b)\s*\$?\s*[0-9]`)

// searchUpperRelative reports whether every upper bound of the space bounds something by the
// letter its lower bound is put on, so none bounds that letter.
func searchUpperRelative(space string) bool {
	lm := searchLowerVarRe.FindStringSubmatch(space)
	if lm == nil {
		return false
	}
	rel := regexp.MustCompile(`^\s*\$?\s*` + regexp.QuoteMeta(lm[1]) + `(?:$|[^\p{L}\p{N}_^{(])`)
	found := false
	for _, u := range searchUpperRe.FindAllStringIndex(space, 8) {
		if !rel.MatchString(space[u[1]:]) {
			return false
		}
		found = true
	}
	return found
}

// acceptanceSearchLower asks a person about a search space bounded from below only. It reports
// whether it recorded a finding.
func acceptanceSearchLower(space string, out *Report) bool {
	m := searchLowerRe.FindStringIndex(space)
	if m == nil || searchUpperRe.MatchString(space) && !searchNoUpperRe.MatchString(space) && !searchUpperBelowLower(space) && !searchUpperRelative(space) {
		return false
	}
	if n := searchLowerNumRe.FindStringIndex(space[m[0]:]); n != nil && n[0] == 0 {
		m[1] = max(m[1], m[0]+n[1]) // the whole number: "> 2^64", not "> 2"
	}
	sp := SpanOf(fieldAcceptanceSearchSpace, space, m[0], m[1])
	out.NeedsHuman(checkAcceptanceSearch, sp,
		"acceptance.searchSpace says “"+sp.Quote+"”, a lower end with no upper bound anywhere in the space: the search starts there and never ends, an infinite set; a finite search target needs a finite space, and a person must confirm what bounds it.",
		"Give acceptance.searchSpace an upper end as well (for example “51 ≤ n ≤ 61”, “10³⁵ < n < 10⁴⁰”), or make the target a PROOF if no finite search settles it.")
	return true
}
