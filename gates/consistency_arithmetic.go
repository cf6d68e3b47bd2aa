package gates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// The consistency gate's arithmetic: what a packet says of a number that a reader can check by
// computing. A range of integers written out ("the point set $\{1, 2, \dots, 12\}$") has as
// many elements as its ends say, and "its 12 points" or "the 66 point pairs" of it is a
// count that can be compared; "2 is a primitive root modulo 7" and "91 is prime" are claims the
// definition decides. Those fail, since the arithmetic is certain once the phrase is read. What
// depends on reading a phrase that may mean something else — a count of some vertices in the
// range's sentence one off its size, an angle larger than a turn, two long figures that differ
// by a transposition of digits — goes to a person with its spans.

// arithRangeRe finds a written-out range of integers: "{0, 1, …, 40}", "$\{1,\dots,n\}$"
// (the letter end is not read), "{1, ..., 17}".
var arithRangeRe = regexp.MustCompile(`\\?\{\s*([0-9]+)\s*,\s*(?:([0-9]+)\s*,\s*)?(?:…|\.\.\.|\\[lc]?dots|\\dotsc)\s*,?\s*([0-9]+)\s*\\?\}`)

// arithCountRe finds a count of elements or of their pairs after the range: "its 12 points",
// "the $45$ vertex pairs", "all 66 pairs of points". Group 1 is the determiner, 2 the number,
// 3 the noun.
var arithCountRe = regexp.MustCompile(`(?i)\b(the|its|all|these|those|on|with|has|have|having)\s+\$?\s*([0-9]+)\s*\$?\s+((?:vertex|point|element|node) pairs|pairs(?: of (?:vertices|points|elements|nodes))?|unordered pairs|vertices|points|elements|nodes)\b`)

// arithSetNames end the words just before a range that make it the set of objects counted:
// "on the vertex set {…}", "with vertices {…}", "the point set $V = \{…\}$".
var arithSetNames = []string{"vertex set", "vertices", "point set", "points", "node set", "nodes", "ground set", "elements"}

// arithNamesElements reports whether the text before a range names it as a set of vertices,
// points, nodes or elements, allowing a letter naming it ("V =") between.
func arithNamesElements(before string) bool {
	low := strings.TrimRight(strings.ToLower(before), " $:")
	if i := strings.LastIndexByte(low, '='); i >= 0 && len(strings.TrimSpace(low[i+1:])) == 0 {
		low = strings.TrimRight(low[:i], " ")
		if j := strings.LastIndexByte(low, ' '); j >= 0 && len(low)-j <= 3 {
			low = strings.TrimRight(low[:j], " $")
		} else if len(low) <= 2 {
			low = ""
		}
		low = strings.TrimRight(low, " $")
	}
	for _, w := range arithSetNames {
		if strings.HasSuffix(low, w) && (len(low) == len(w) || !isLetterByte(low[len(low)-len(w)-1])) {
			return true
		}
	}
	return false
}

// arithProductAfter reports whether a range is followed by a power or a product sign, so that
// it is a factor of the set counted ("{0, …, 12}^2", "{1, …, 5} × {1, …, 5}").
func arithProductAfter(after string) bool {
	after = strings.TrimLeft(after, " ")
	return strings.HasPrefix(after, "^") || strings.HasPrefix(after, "×") || strings.HasPrefix(after, "²") ||
		strings.HasPrefix(after, "³") || strings.HasPrefix(after, `\times`) || strings.HasPrefix(after, `\cdot`)
}

// arithSentence returns the bounds of the sentence of s around [start, end).
func arithSentence(s string, start, end int) (int, int) {
	a := start
	for a > 0 {
		if c := s[a-1]; (c == '.' || c == '?' || c == '!' || c == ';') && (a == len(s) || s[a] == ' ' || s[a] == '\n') {
			break
		}
		a--
	}
	b := end
	for b < len(s) {
		if c := s[b]; (c == '.' || c == '?' || c == '!' || c == ';') && (b+1 == len(s) || s[b+1] == ' ' || s[b+1] == '\n') {
			break
		}
		b++
	}
	return a, b
}

// consistencyArithmetic reports the findings of the arithmetic reader; it returns how many it
// reported, at most budget.
func consistencyArithmetic(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	n := 0
	texts := r.Texts()
	claims := maxArithClaims
	for i, ref := range r.References {
		if ref.Relevance != "" {
			texts = append(texts, Text{ReferenceField(i, "relevance"), ref.Relevance})
		}
	}
	// The sizes the target fields give the object ("on 40 vertices"), for a range elsewhere.
	for _, t := range texts {
		if n >= budget {
			return n
		}
		body := compared(t.Body)
		n += arithRanges(r, t, body, out, budget-n)
		n += arithDefinitionClaims(t, body, out, budget-n, &claims)
		n += arithAngles(t, body, out, budget-n)
	}
	if n < budget {
		n += arithNearFigures(texts, out, budget-n)
	}
	return n
}

// arithRanges checks the counts said of a written-out range of elements. It returns how many
// findings it reported.
func arithRanges(r *Revision, t Text, body string, out *Report, budget int) int {
	n := 0
	for _, m := range arithRangeRe.FindAllStringSubmatchIndex(body, 8) {
		if n >= budget {
			break
		}
		lo, err1 := strconv.Atoi(body[m[2]:m[3]])
		hi, err2 := strconv.Atoi(body[m[6]:m[7]])
		if err1 != nil || err2 != nil || hi <= lo || hi-lo > 1_000_000 {
			continue
		}
		if m[4] >= 0 {
			if second, err := strconv.Atoi(body[m[4]:m[5]]); err != nil || second != lo+1 {
				continue // a step other than one: an arithmetic progression, not read
			}
		}
		size := hi - lo + 1
		sa, sb := arithSentence(body, m[0], m[1])
		if !arithNamesElements(body[max(sa, m[0]-60):m[0]]) || arithProductAfter(body[m[1]:]) {
			continue // a range of indices, colours or values, or a factor of a product
		}
		rangeSpan := SpanOf(t.Field, t.Body, m[0], m[1])
		setText := body[m[0]:m[1]]
		for _, c := range arithCountRe.FindAllStringSubmatchIndex(body[m[1]:sb], 8) {
			det := strings.ToLower(body[m[1]+c[2] : m[1]+c[3]])
			k, err := strconv.Atoi(body[m[1]+c[4] : m[1]+c[5]])
			noun := strings.ToLower(body[m[1]+c[6] : m[1]+c[7]])
			if err != nil {
				continue
			}
			countSpan := SpanOf(t.Field, t.Body, m[1]+c[0], m[1]+c[1])
			// "the 10 vertices of an independent set" counts a part of the range, not all of it.
			whole := (det == "the" || det == "its" || det == "all" || det == "these" || det == "those") && !arithPartOf(body[m[1]+c[1]:sb])
			if strings.Contains(noun, "pair") {
				pairs := size * (size - 1) / 2
				if k == pairs || !whole {
					continue
				}
				n++
				out.Fail(checkConsistencyBounds, countSpan,
					fmt.Sprintf("%s takes the set %s, which has %d elements and so %d pairs, but counts “%s”.", t.Field, setText, size, pairs, body[m[1]+c[0]:m[1]+c[1]]),
					fmt.Sprintf("Make the set and its count agree: %s has %d elements and %d pairs; if %d pairs are meant, the set is one of %s elements.", setText, size, pairs, k, arithPairsOf(k)))
				break
			}
			if k == size {
				continue
			}
			switch {
			case whole:
				n++
				out.Fail(checkConsistencyBounds, countSpan,
					fmt.Sprintf("%s takes the set %s, which has %d elements, but speaks of “%s”.", t.Field, setText, size, body[m[1]+c[0]:m[1]+c[1]]),
					fmt.Sprintf("Make the set and its count agree: %s has %d elements (%d − %d + 1).", setText, size, hi, lo))
			case k == size-1 || k == size+1:
				n++
				out.NeedsHuman(checkConsistencyBounds, countSpan,
					fmt.Sprintf("%s takes the set %s, which has %d elements, and in the same sentence speaks of “%s”, one off its size; a person must confirm whether the range is off by one.", t.Field, setText, size, body[m[1]+c[0]:m[1]+c[1]]),
					fmt.Sprintf("Make the set and its count agree: %s has %d elements (%d − %d + 1).", setText, size, hi, lo))
			default:
				continue
			}
			break
		}
		if n >= budget {
			break
		}
		// A target field that sizes the object one off the range: "on 40 vertices" in the
		// statement, "{0, …, 40}" in the search space.
		for _, tf := range []Text{{FieldStatement, r.Statement}, {"acceptance.criterion", r.Acceptance.Criterion}} {
			if tf.Field == t.Field {
				continue
			}
			for _, c := range arithCountRe.FindAllStringSubmatchIndex(compared(tf.Body), 4) {
				noun := strings.ToLower(tf.Body[c[6]:c[7]])
				k, err := strconv.Atoi(tf.Body[c[4]:c[5]])
				det := strings.ToLower(tf.Body[c[2]:c[3]])
				if err != nil || strings.Contains(noun, "pair") || det != "on" && det != "with" || k != size-1 && k != size+1 {
					continue
				}
				n++
				out.NeedsHuman(checkConsistencyBounds, rangeSpan,
					fmt.Sprintf("%s takes the set %s, which has %d elements, while %s asks for an object “%s”; a person must confirm whether the range is off by one.", t.Field, setText, size, tf.Field, tf.Body[c[0]:c[1]]),
					fmt.Sprintf("Make the set and the statement agree: %s has %d elements (%d − %d + 1).", setText, size, hi, lo))
				return n
			}
		}
	}
	return n
}

// arithPartWords after a count make it a count of some of the elements: "the 10 vertices of a
// clique", "the 6 pairs in a block", "the 4 vertices that …".
var arithPartWords = wordSet("of", "in", "on", "that", "which", "with", "where", "whose", "forming", "chosen", "spanning", "inside", "within", "from")

// arithPartOf reports whether the words after a count restrict it to a part of the set.
func arithPartOf(after string) bool {
	w := strings.Fields(strings.ToLower(strings.TrimLeft(after, " $,")))
	return len(w) > 0 && arithPartWords[strings.Trim(w[0], ",.;:()")]
}

// arithPairsOf names the number of elements with k pairs, or says that none has.
func arithPairsOf(k int) string {
	m := int((1 + math.Sqrt(1+8*float64(k))) / 2)
	for _, x := range []int{m - 1, m, m + 1} {
		if x > 0 && x*(x-1)/2 == k {
			return strconv.Itoa(x)
		}
	}
	return "no number of"
}

// containsAnyWord reports whether the lower-case text holds one of the words as a word.
func containsAnyWord(low string, words []string) bool {
	for _, w := range words {
		if indexWord(low, w, 0) >= 0 {
			return true
		}
	}
	return false
}

// maxArithClaims bounds the claims a packet's definitions are checked for: each costs at most
// about 10^5 steps of trial division.
const maxArithClaims = 16

// arithNum is a number as a claim writes it, in digits, with or without dollars.
const arithNum = `\$?\s*([0-9]{1,7})\s*\$?`

// arithPrimRootRe and arithPrimeRe find claims that a definition decides: "$2$ is a primitive
// root modulo $7$", "91 is prime", "the number 57 is a prime".
var (
	arithPrimRootRe = regexp.MustCompile(`(?i)` + arithNum + `\s+is\s+(?:also\s+)?(?:a\s+)?primitive\s+root\s+(?:mod(?:ulo)?\.?|of)\s*` + arithNum)
	arithPrimeRe    = regexp.MustCompile(`(?i)` + `\$?\s*([0-9]{1,10})\s*\$?` + `\s+is\s+(?:also\s+)?(?:a\s+)?prime\b(?:\s+number)?([^ ]?)`)
	arithHedgeWords = []string{"whether", "if", "not", "no", "never", "suppose", "assume", "unless", "were", "iff", "conjecture", "conjectured", "unknown", "contradiction", "false", "wrongly", "mistakenly", "claimed", "claims"}
)

// arithDefinitionClaims checks the claims a definition decides. It returns how many findings
// it reported.
func arithDefinitionClaims(t Text, body string, out *Report, budget int, claims *int) int {
	n := 0
	hedged := func(start int) bool {
		sa, _ := arithSentence(body, start, start)
		return containsAnyWord(strings.ToLower(body[sa:start]), arithHedgeWords)
	}
	for _, m := range arithPrimRootRe.FindAllStringSubmatchIndex(body, 4) {
		if n >= budget || *claims <= 0 {
			return n
		}
		*claims--
		g, _ := strconv.Atoi(body[m[2]:m[3]])
		mod, _ := strconv.Atoi(body[m[4]:m[5]])
		if mod < 2 || mod > 100_000 || arithOperandBefore(body[:m[2]]) || arithOperandAfter(body[m[5]:]) {
			continue // a term of an expression ("$2p+3$ is …", "modulo $7^2$"), not a number
		}
		ord, phi := multOrder(g, mod)
		if ord == phi && ord > 0 {
			continue
		}
		why := fmt.Sprintf("the powers of %d modulo %d repeat with period %d, while a primitive root has period φ(%d) = %d", g, mod, ord, mod, phi)
		if ord == 0 {
			why = fmt.Sprintf("%d and %d have a common factor, so no power of %d is 1 modulo %d", g, mod, g, mod)
		}
		sp := SpanOf(t.Field, t.Body, m[0], m[1])
		n++
		if hedged(m[0]) {
			out.NeedsHuman(checkConsistencyBounds, sp, fmt.Sprintf("%s speaks of “%s”, but %s; a person must confirm how the sentence uses it.", t.Field, body[m[0]:m[1]], why),
				"Correct the example so that it applies the definition of a primitive root.")
			continue
		}
		out.Fail(checkConsistencyBounds, sp, fmt.Sprintf("%s says “%s”, but %s.", t.Field, body[m[0]:m[1]], why),
			"Correct the example so that it applies the definition of a primitive root: g is one modulo n when its powers modulo n take φ(n) values.")
	}
	for _, m := range arithPrimeRe.FindAllStringSubmatchIndex(body, 4) {
		if n >= budget || *claims <= 0 {
			return n
		}
		*claims--
		if arithOperandBefore(body[:m[2]]) || m[4] < m[5] && strings.ContainsAny(body[m[4]:m[5]], "-^") || !arithClaimEnds(body[m[1]:]) {
			continue // a term of an expression ("$2p+15$ is prime"), "prime-power", or "prime power", "prime in ℤ[i]", "prime to 6"
		}
		v, err := strconv.ParseInt(body[m[2]:m[3]], 10, 64)
		if err != nil || v < 2 {
			continue
		}
		d := smallestFactor(v)
		if d == v {
			continue
		}
		sp := SpanOf(t.Field, t.Body, m[0], m[1])
		n++
		if hedged(m[0]) {
			out.NeedsHuman(checkConsistencyBounds, sp, fmt.Sprintf("%s speaks of “%s”, but %d = %d × %d; a person must confirm how the sentence uses it.", t.Field, strings.TrimSpace(body[m[0]:m[1]]), v, d, v/d),
				"Correct the number or the claim.")
			continue
		}
		out.Fail(checkConsistencyBounds, sp, fmt.Sprintf("%s says “%s”, but %d = %d × %d.", t.Field, strings.TrimSpace(body[m[0]:m[1]]), v, d, v/d),
			"Correct the number or the claim.")
	}
	return n
}

// arithOperandBefore reports whether the text before a number ends an expression the number
// is a term of: an operator, a bracket, a digit or a letter glued to it, a TeX command.
func arithOperandBefore(before string) bool {
	t := strings.TrimRight(before, " $")
	if t == "" {
		return false
	}
	if strings.HasSuffix(t, "−") || strings.HasSuffix(t, "·") || strings.HasSuffix(t, "×") {
		return true
	}
	c := t[len(t)-1]
	if strings.IndexByte("+-*/^_{}()[]=<>|\\", c) >= 0 || c >= '0' && c <= '9' {
		return true
	}
	if (c == ',' || c == '.') && len(t) > 1 && t[len(t)-2] >= '0' && t[len(t)-2] <= '9' {
		return true // a digit group or a decimal
	}
	// A letter glued to the number ("p15").
	return isLetterByte(before[len(before)-1])
}

// arithOperandAfter reports whether a number is followed by an operator that makes it a term.
func arithOperandAfter(after string) bool {
	t := strings.TrimLeft(after, " $")
	return t != "" && (strings.IndexByte("+-*/^_!", t[0]) >= 0 || strings.HasPrefix(t, "−") || strings.HasPrefix(t, "·") || strings.HasPrefix(t, "×"))
}

// arithClaimFollowers may follow "n is prime" in a sentence that claims it outright.
var arithClaimFollowers = wordSet("and", "but", "so", "since", "because", "as", "while", "which", "too", "then", "hence", "thus", "or", "by", "whereas", "although", "yet")

// arithClaimEnds reports whether "is prime" ends the claim: punctuation, the end, or a word
// that starts another clause ("prime power", "prime in ℤ[i]", "prime to 6" are other claims).
func arithClaimEnds(after string) bool {
	t := strings.TrimLeft(after, " $")
	if t == "" || strings.IndexByte(".,;:)!?", t[0]) >= 0 {
		return true
	}
	w := t
	for i := 0; i < len(t); i++ {
		if !isLetterByte(t[i]) {
			w = t[:i]
			break
		}
	}
	return arithClaimFollowers[strings.ToLower(w)]
}

func isDigitOrDot(b byte) bool { return b >= '0' && b <= '9' || b == '.' || b == ',' }

// multOrder returns the multiplicative order of g modulo n and φ(n); the order is 0 when g and
// n have a common factor. It factors n and φ(n) by trial division (√n steps) and raises g to
// powers by squaring, so a claim costs a few hundred steps.
func multOrder(g, n int) (int, int) {
	phi := n
	for _, p := range primeFactors(n) {
		phi = phi / p * (p - 1)
	}
	g %= n
	if gcdInt(g, n) != 1 {
		return 0, phi
	}
	ord := phi
	for _, q := range primeFactors(phi) {
		for ord%q == 0 && powMod(g, ord/q, n) == 1 {
			ord /= q
		}
	}
	return ord, phi
}

// primeFactors returns the distinct prime factors of n ≥ 1.
func primeFactors(n int) []int {
	var out []int
	for p := 2; p*p <= n; p++ {
		if n%p == 0 {
			out = append(out, p)
			for n%p == 0 {
				n /= p
			}
		}
	}
	if n > 1 {
		out = append(out, n)
	}
	return out
}

// powMod returns g^e modulo n for n below 2^31.
func powMod(g, e, n int) int {
	r, b := 1%n, g%n
	for e > 0 {
		if e&1 == 1 {
			r = r * b % n
		}
		b = b * b % n
		e >>= 1
	}
	return r
}

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

// smallestFactor returns the least prime factor of v (v itself when v is prime), by trial
// division up to √v (at most a million steps for twelve digits).
func smallestFactor(v int64) int64 {
	if v%2 == 0 {
		return 2
	}
	for d := int64(3); d*d <= v; d += 2 {
		if v%d == 0 {
			return d
		}
	}
	return v
}

// arithAngleRe finds an angle with its unit: "60 radians", "$400^\circ$", "45 degrees".
var arithAngleRe = regexp.MustCompile(`(?i)\$?\s*([0-9]+(?:\.[0-9]+)?)\s*\$?\s*(?:\\(?:text|mathrm)\{\s*)?(radians?|rad\b|degrees?|°|\^\\circ|\^\{\\circ\})`)

// arithAngles asks a person about an angle in radians larger than a full turn (2π ≈ 6.28) or
// in degrees larger than 360 in a sentence about angles: a unit error ("60 radians" for 60
// degrees) that no configuration satisfies, unless the sentence means a winding.
func arithAngles(t Text, body string, out *Report, budget int) int {
	n := 0
	for _, m := range arithAngleRe.FindAllStringSubmatchIndex(body, 8) {
		if n >= budget {
			return n
		}
		if m[0] > 0 && isDigitOrDot(body[m[0]-1]) {
			continue
		}
		v, err := strconv.ParseFloat(body[m[2]:m[3]], 64)
		if err != nil {
			continue
		}
		unit := strings.ToLower(body[m[4]:m[5]])
		radians := strings.HasPrefix(unit, "rad")
		if radians && v <= 2*math.Pi || !radians && v <= 360 {
			continue
		}
		sa, sb := arithSentence(body, m[0], m[1])
		if !containsStem(strings.ToLower(body[sa:sb]), "angle", "angular") {
			continue
		}
		n++
		turn := "2π ≈ 6.28 radians"
		if !radians {
			turn = "360 degrees"
		}
		out.NeedsHuman(checkConsistencyBounds, SpanOf(t.Field, t.Body, m[0], m[1]),
			fmt.Sprintf("%s gives an angle of “%s”, more than a full turn (%s); an angle between two directions is at most half a turn, so the unit may be wrong.", t.Field, strings.TrimSpace(body[m[0]:m[1]]), turn),
			"Give the angle in the unit meant (60 degrees is π/3 radians), and check it against the other ways the packet states the same condition.")
	}
	return n
}

// arithFigureRe finds a long integer, with or without thousands separators ("11,084,874,829",
// "11{,}084{,}874{,}829", "11\,084\,874\,829", "11 084 874 829" with thin spaces,
// "11084874829").
var arithFigureRe = regexp.MustCompile(`[0-9]{1,3}(?:(?:,|\{,\}|\\,|\x{2009}|\x{202F})[0-9]{3}){2,}|[0-9]{7,}`)

// arithFigure is a long integer of a field, by its digits.
type arithFigure struct {
	field, body string
	start, end  int
	digits      string
}

// maxArithFigures bounds the long figures compared in pairs.
const maxArithFigures = 64

// arithNearFigures asks a person about two long figures of the packet that differ only by two
// digits swapped or by one digit: one count copied twice, once wrongly ("11,084,874,829" in a
// reference's note, "11,084,874,892" in a remark). It returns how many findings it reported.
func arithNearFigures(texts []Text, out *Report, budget int) int {
	var figs []arithFigure
	for _, t := range texts {
		body := compared(t.Body)
		for _, m := range arithFigureRe.FindAllStringIndex(body, 16) {
			if len(figs) >= maxArithFigures {
				break
			}
			if arithValueOfRelation(body[:m[0]]) {
				continue // "P(7) = 340…": a value of a named quantity, compared by consistencyValues
			}
			if m[0] > 0 && (isDigitOrDot(body[m[0]-1]) || isLetterByte(body[m[0]-1])) || m[1] < len(body) && (isLetterByte(body[m[1]]) || body[m[1]] == '.' && m[1]+1 < len(body) && body[m[1]+1] >= '0' && body[m[1]+1] <= '9') {
				continue // a decimal, a hash or an identifier
			}
			var d strings.Builder
			for _, c := range body[m[0]:m[1]] {
				if c >= '0' && c <= '9' {
					d.WriteRune(c)
				}
			}
			figs = append(figs, arithFigure{field: t.Field, body: t.Body, start: m[0], end: m[1], digits: d.String()})
		}
	}
	n := 0
	for i := range figs {
		for j := i + 1; j < len(figs); j++ {
			if n >= budget {
				return n
			}
			a, b := figs[i], figs[j]
			if !nearFigures(a.digits, b.digits) {
				continue
			}
			n++
			behaviour := fmt.Sprintf("%s writes %s and %s writes %s: two figures that differ only by a digit or two swapped digits, so one may be a miscopy of the other; a person must check both against the source.",
				a.field, a.body[a.start:a.end], b.field, b.body[b.start:b.end])
			fix := "Copy the figure from its source in both places, or say why the two numbers differ."
			out.NeedsHuman(checkConsistencyBounds, SpanOf(a.field, a.body, a.start, a.end), behaviour, fix)
			out.NeedsHuman(checkConsistencyBounds, SpanOf(b.field, b.body, b.start, b.end), behaviour, fix)
		}
	}
	return n
}

// arithValueOfRelation reports whether the text before a figure ends with a relation sign.
func arithValueOfRelation(before string) bool {
	t := strings.TrimRight(before, " $")
	for _, rel := range []string{"=", "≤", "≥", "<", ">", `\le`, `\ge`, `\leq`, `\geq`, "≈", `\approx`} {
		if strings.HasSuffix(t, rel) {
			return true
		}
	}
	return false
}

// nearFigures reports whether two digit strings of at least seven digits and the same length
// differ in exactly one digit or by one swap of two digits, with their first two digits equal;
// a round figure ("5,500,000") is a magnitude, not a copied count.
func nearFigures(a, b string) bool {
	if len(a) != len(b) || len(a) < 7 || a == b || a[:2] != b[:2] || strings.HasSuffix(a, "000") || strings.HasSuffix(b, "000") {
		return false
	}
	var diff []int
	for i := range len(a) {
		if a[i] != b[i] {
			diff = append(diff, i)
			if len(diff) > 2 {
				return false
			}
		}
	}
	return len(diff) == 1 || a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]
}
