package gates

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Arithmetic a packet writes out and a reader can redo: "3⁶ = 729", "1 + 2·6 = 13", a list of
// counts "…, 48266466 and 294130485, in total 352,152,279", and the range of a sum or product
// "\sum_{n=1}^{N}". A remark's numbers are what a reader checks the problem by, so a slip in
// them (a power miscomputed, a total that is not the sum of its terms, a sum over an empty
// range) contradicts the bound or count the remark derives. An identity on integers is certain
// once read, and fails; one in a sentence that speaks of residues or a finite field, where
// "2 + 2 = 1" may be true, goes to a person, and so do a total (it may count something else
// than the numbers listed) and an empty range (it may be meant).

// slipNumber is an integer as a packet writes it, digit groups included ("352{,}152{,}252",
// "352,152,252", "352\,152\,252"), with an optional power ("3^6", "3^{6}", "3⁶").
const slipNumber = `[0-9]+(?:(?:\{,\}|,|\\,)[0-9]{3})*(?:\s*\^\s*\{?\s*[0-9]{1,3}\s*\}?|[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})?`

// slipOp is a binary operation on integers: + − · × * and their TeX spellings.
// An ASCII hyphen counts only between spaces, since "12-15" is a range of pages or of indices.
const slipOp = `(?:\s*(?:\+|−|·|×|\*|\\cdot|\\times)\s*|\s+-\s+)`

// slipClaimRe finds "expression = integer" where the expression is integers joined by
// operations.
var slipClaimRe = regexp.MustCompile(`(` + slipNumber + `(?:` + slipOp + slipNumber + `)*)\s*=\s*([0-9]+(?:(?:\{,\}|,|\\,)[0-9]{3})*)`)

// slipResidueRe marks a sentence whose arithmetic may be that of residues or of a finite field.
var slipResidueRe = regexp.MustCompile(`(?i)(\bmod\b|\bmodulo\b|\\pmod|\\bmod|\\equiv|≡|\\mathbb\{F\}|𝔽|\bGF\(|\\mathbb\{Z\}\s*/|ℤ\s*/|\bresidues?\b|\bcharacteristic\b|\bfield\b|\bnim|\btropical|\bmax-plus|\bXOR\b|\\oplus|⊕)`)

// slipSumRangeRe finds the range of a sum or product with numeric ends: "\sum_{n=1}^{0}",
// "\prod_{k = 3}^{2}", "∑_{i=1}^{0}".
var slipSumRangeRe = regexp.MustCompile(`(?:\\sum|\\prod|∑|∏)\s*_\s*\{\s*[A-Za-z]\s*=\s*(-?[0-9]+)\s*\}\s*\^\s*\{?\s*(-?[0-9]+)\s*\}?`)

// slipTotalRe finds a total said of a list just before it: "…, in total 352,152,252", "…,
// which sum to 120", "…; altogether 57".
var slipTotalRe = regexp.MustCompile(`(?i)^\s*[,;]?\s*(?:\\?\$\s*)?(?:(?:which|that|these|they)\s+)?(?:in total|a total of|altogether|summing to|sum to|sums to|adding up to|add up to|for a total of|totalling|totaling|total)\s*(?:of\s+)?\$?\s*([0-9]+(?:(?:\{,\}|,|\\,)[0-9]{3})*)\b`)

// slipListRe finds a list of at least three integers: "1, 1, 2, 3, 7 and 21", "$1, 1, 2$".
var slipListRe = regexp.MustCompile(`(?:\$?[0-9]+(?:\{,\}[0-9]{3})*\$?\s*,\s*){2,}(?:(?:and|\\text\{\s*and\s*\})\s+)?\$?\s*[0-9]+(?:\{,\}[0-9]{3})*\$?(?:\s+and\s+\$?[0-9]+(?:\{,\}[0-9]{3})*\$?)?`)

// slipTermRe finds the terms of a list slipListRe found.
var slipTermRe = regexp.MustCompile(`[0-9]+(?:\{,\}[0-9]{3})*`)

// maxSlipFindings bounds the findings of this reading per packet.
const maxSlipFindings = 6

// consistencySlips checks the arithmetic the fields write out. It returns the number of
// findings.
func consistencySlips(r *Revision, out *Report, budget int) int {
	n := 0
	for _, t := range r.Texts() {
		if n >= min(budget, maxSlipFindings) {
			break
		}
		body := compared(t.Body)
		n += slipIdentities(t, body, out, min(budget, maxSlipFindings)-n)
		n += slipTotals(t, body, out, min(budget, maxSlipFindings)-n)
		n += slipEmptyRanges(t, body, out, min(budget, maxSlipFindings)-n)
		n += slipRemainders(t, body, out, min(budget, maxSlipFindings)-n)
	}
	return n
}

// A count split in two is arithmetic too: "Oh proved 8 of the remaining 22, and Lemke Oliver the
// last 14" says 8 + 14 = 22 without writing it. What marks it is the shape, a part "A of the
// remaining N" and then, in the same passage, the rest "the last M" (or "the other M", "the
// remaining M"); whatever the objects, M must be N − A. The rest may count something else than
// the N ("the last 12 of the 913 candidates"), so a mismatch goes to a person.

// slipPartRe finds a part of a remainder: "$8$ of the remaining $22$", "five of the other 12".
var slipPartRe = regexp.MustCompile(`(?i)(?:^|[^0-9.,])\$?\s*([0-9]+)\s*\$?\s+of\s+the\s+(?:remaining|other|outstanding|unresolved|open|leftover)\s+\$?\s*([0-9]+)\b`)

// slipRestRe finds the rest of a remainder after its part: "the last $14$", "the other 4".
var slipRestRe = regexp.MustCompile(`(?i)\bthe\s+(?:last|remaining|other|final|rest of the)\s+\$?\s*([0-9]+)\b`)

// slipRemainders asks a person about a part and a rest of one remainder that do not add up to it.
func slipRemainders(t Text, body string, out *Report, budget int) int {
	n := 0
	for _, m := range slipPartRe.FindAllStringSubmatchIndex(body, 10) {
		if n >= budget {
			break
		}
		part, err1 := strconv.Atoi(body[m[2]:m[3]])
		whole, err2 := strconv.Atoi(body[m[4]:m[5]])
		if err1 != nil || err2 != nil || part >= whole {
			continue
		}
		after := body[m[1]:min(len(body), m[1]+200)]
		if i := strings.Index(after, "\n\n"); i >= 0 {
			after = after[:i]
		}
		if next := slipPartRe.FindStringIndex(after); next != nil {
			after = after[:next[0]]
		}
		rm := slipRestRe.FindStringSubmatchIndex(after)
		if rm == nil {
			continue
		}
		rest, err := strconv.Atoi(after[rm[2]:rm[3]])
		if err != nil || rest == whole || rest >= whole || part+rest == whole {
			continue
		}
		start := m[2]
		if start > 0 && body[start-1] == '$' {
			start--
		}
		sp := SpanOf(t.Field, t.Body, start, m[1]+rm[1])
		out.NeedsHuman(checkConsistencyBounds, sp,
			fmt.Sprintf("%s splits a remainder of %d into %d and then “%s”, but %d + %d = %d, not %d: a count may be miscopied, unless the rest counts something else; a person must confirm which.", t.Field, whole, part, after[rm[0]:rm[1]], part, rest, part+rest, whole),
			fmt.Sprintf("Correct the part or the rest so that they add up to %d (the rest would be %d), or say what the rest counts.", whole, whole-part))
		n++
	}
	return n
}

// slipIdentities checks each "expression = integer" whose expression stands alone: nothing
// that could be part of it (a letter, an operation, a bracket closing) before it, and nothing
// that continues the value (an operation, a decimal point, "mod", the subscript or the words of
// another base) after it.
func slipIdentities(t Text, body string, out *Report, budget int) int {
	n := 0
	for _, m := range slipClaimRe.FindAllStringSubmatchIndex(body, 50) {
		if n >= budget {
			break
		}
		expr, val := body[m[2]:m[3]], body[m[4]:m[5]]
		if !slipHasOperation(expr) || !slipStandsAlone(body[:m[0]]) || slipContinues(body[m[1]:]) {
			continue
		}
		got, ok := slipEval(expr)
		want, ok2 := slipInt(val)
		if !ok || !ok2 || got.Cmp(want) == 0 {
			continue
		}
		start, end := arithSentence(body, m[0], m[1])
		sp := SpanOf(t.Field, t.Body, m[0], m[1])
		if slipResidueRe.MatchString(body[start:end]) {
			out.NeedsHuman(checkConsistencyBounds, sp,
				fmt.Sprintf("%s writes %s, but as integers %s = %s; the sentence may speak of residues or of a finite field, so a person must confirm the arithmetic.", t.Field, sp.Quote, slipShow(expr), got),
				"Correct the arithmetic, or say in which ring or field it is done.")
		} else {
			out.Fail(checkConsistencyBounds, sp,
				fmt.Sprintf("%s writes %s, but %s = %s: the arithmetic is wrong, and what the packet derives from it does not follow.", t.Field, sp.Quote, slipShow(expr), got),
				fmt.Sprintf("Correct %s to %s = %s and what the packet derives from it.", sp.Quote, slipShow(expr), got))
		}
		n++
	}
	return n
}

// slipTotals checks a total said of a list of integers right after it against their sum.
func slipTotals(t Text, body string, out *Report, budget int) int {
	n := 0
	for _, m := range slipListRe.FindAllStringIndex(body, 20) {
		if n >= budget {
			break
		}
		if !slipStandsAlone(body[:m[0]]) {
			continue
		}
		tm := slipTotalRe.FindStringSubmatchIndex(body[m[1]:])
		if tm == nil {
			continue
		}
		total, ok := slipInt(body[m[1]+tm[2] : m[1]+tm[3]])
		if !ok {
			continue
		}
		sum := new(big.Int)
		terms := 0
		for _, x := range slipTermRe.FindAllString(body[m[0]:m[1]], -1) {
			v, ok := slipInt(x)
			if !ok {
				return n
			}
			sum.Add(sum, v)
			terms++
		}
		if sum.Cmp(total) == 0 || terms < 3 || total.Cmp(big.NewInt(int64(terms))) == 0 {
			continue
		}
		sp := SpanOf(t.Field, t.Body, m[0], m[1]+tm[1])
		out.NeedsHuman(checkConsistencyBounds, sp,
			fmt.Sprintf("%s lists %d numbers and gives a total of %s right after them, but they sum to %s: a term or the total may be miscopied, unless the total counts something else; a person must confirm which.", t.Field, terms, total, sum),
			"Correct the miscopied term or the total so that the listed numbers sum to it, or say what the total counts.")
		n++
	}
	return n
}

// slipEmptyRanges asks a person about a sum or product written over an empty range,
// "\sum_{n=1}^{0}", which makes it 0 or 1 whatever its terms.
func slipEmptyRanges(t Text, body string, out *Report, budget int) int {
	n := 0
	for _, m := range slipSumRangeRe.FindAllStringSubmatchIndex(body, 20) {
		if n >= budget {
			break
		}
		lo, ok1 := slipInt(body[m[2]:m[3]])
		hi, ok2 := slipInt(body[m[4]:m[5]])
		if !ok1 || !ok2 || lo.Cmp(hi) <= 0 {
			continue
		}
		sp := SpanOf(t.Field, t.Body, m[0], m[1])
		out.NeedsHuman(checkConsistencyBounds, sp,
			fmt.Sprintf("%s writes %s, a sum or product from %s down to %s: its range is empty, so it is 0 (or 1) whatever its terms, and the formula may not say what the packet derives from it.", t.Field, sp.Quote, lo, hi),
			"Correct the range of the sum or product (for example an upper end ∞ or N), or say that the empty range is meant.")
		n++
	}
	return n
}

// slipHasOperation reports whether an expression holds an operation or a power.
func slipHasOperation(expr string) bool {
	return strings.ContainsAny(expr, "+-−·×*^⁰¹²³⁴⁵⁶⁷⁸⁹") || strings.Contains(expr, `\cdot`) || strings.Contains(expr, `\times`)
}

// slipStandsAlone reports whether the text before an expression leaves it a whole expression:
// it ends with the start of the field, a space after a word or punctuation, or an opening
// dollar, bracket or "=" — not with a letter, digit, operation, closing bracket or command.
func slipStandsAlone(before string) bool {
	b := strings.TrimRight(before, " \t\n~")
	spaced := len(b) < len(before)
	if c := strings.TrimRight(b, "$"); len(c) < len(b) {
		b, spaced = strings.TrimRight(c, " \t\n~"), true
	}
	if b == "" {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(b)
	switch {
	case unicode.IsLetter(r):
		// A word before a space ("has 3⁶ = 729 words"), not a letter of the expression or a
		// TeX command ("\alpha 2").
		w := b[strings.LastIndexFunc(b, func(r rune) bool { return !unicode.IsLetter(r) })+1:]
		return spaced && !strings.HasSuffix(b[:len(b)-len(w)], `\`) && utf8.RuneCountInString(w) > 1
	case r == '(' || r == '[' || r == ',' || r == ';' || r == ':' || r == '=':
		return true
	case r == '.':
		return len(b) < 2 || !unicode.IsDigit(rune(b[len(b)-2]))
	}
	return false
}

// slipContinues reports whether the text after a value continues it: an operation, a power, a
// decimal point, a factorial, a fraction or a residue ("= 1 mod 7").
func slipContinues(after string) bool {
	a := strings.TrimLeft(after, " \t")
	if a == "" {
		return false
	}
	if strings.HasPrefix(a, `\cdot`) || strings.HasPrefix(a, `\times`) || strings.HasPrefix(a, `\pmod`) || strings.HasPrefix(a, `\bmod`) ||
		strings.HasPrefix(a, `\mod`) || strings.HasPrefix(a, `\frac`) || strings.HasPrefix(a, `\,`) || strings.HasPrefix(a, `\%`) ||
		strings.HasPrefix(a, "mod") || strings.HasPrefix(a, "(mod") || strings.HasPrefix(a, `\equiv`) || strings.HasPrefix(a, `\ldots`) || strings.HasPrefix(a, `\dots`) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(a)
	if a[0] == '.' && len(a) > 1 && a[1] >= '0' && a[1] <= '9' {
		return true
	}
	if slipBaseRe.MatchString(a) {
		return true // a numeral in another base: "= 100111₃", "= 1101 in binary"
	}
	return strings.ContainsRune("+-−·×*^/!%⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉…_", r) || unicode.IsDigit(r) || unicode.IsLetter(r) && a == after
}

// slipBaseRe marks a value written in another base than ten by the words after it: "in base 3",
// "(base 2)", "in binary", "in ternary".
var slipBaseRe = regexp.MustCompile(`(?i)^\(?(?:in\s+|to\s+)?(?:base[\s-]*[0-9]+|(?:binary|ternary|octal|hexadecimal|duodecimal)\b)`)

// slipEval evaluates integers joined by + − · × * with powers, products before sums. It fails
// on a power too large to compute.
func slipEval(expr string) (*big.Int, bool) {
	s := slipOperators.Replace(expr)
	sum, prod := new(big.Int), big.NewInt(1)
	sign := 1
	i := 0
	for i < len(s) {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ',' || s[j] == '{' || s[j] == '}' || s[j] == '\\') {
			j++
		}
		v, ok := slipInt(s[i:j])
		if !ok {
			return nil, false
		}
		i = j
		for i < len(s) && s[i] == ' ' {
			i++
		}
		// a power: ^e, ^{e} or superscript digits
		exp := ""
		if i < len(s) && s[i] == '^' {
			k := i + 1
			for k < len(s) && (s[k] == ' ' || s[k] == '{' || s[k] >= '0' && s[k] <= '9' || s[k] == '}') {
				if s[k] >= '0' && s[k] <= '9' {
					exp += string(s[k])
				}
				k++
			}
			i = k
		} else {
			for i < len(s) {
				r, size := utf8.DecodeRuneInString(s[i:])
				d := strings.IndexRune("⁰¹²³⁴⁵⁶⁷⁸⁹", r)
				if d < 0 {
					break
				}
				exp += string(rune('0' + utf8.RuneCountInString("⁰¹²³⁴⁵⁶⁷⁸⁹"[:d])))
				i += size
			}
		}
		if exp != "" {
			e, ok := slipInt(exp)
			if !ok || e.BitLen() > 10 || int64(v.BitLen())*e.Int64() > 2000 {
				return nil, false
			}
			v = new(big.Int).Exp(v, e, nil)
		}
		prod.Mul(prod, v)
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) {
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch r {
		case '·':
		case '+', '-':
			if sign < 0 {
				prod.Neg(prod)
			}
			sum.Add(sum, prod)
			prod = big.NewInt(1)
			sign = 1
			if r == '-' {
				sign = -1
			}
		default:
			return nil, false
		}
	}
	if sign < 0 {
		prod.Neg(prod)
	}
	return sum.Add(sum, prod), true
}

// slipInt reads an integer written with digit groups ("352{,}152{,}252", "352,152,252").
func slipInt(s string) (*big.Int, bool) {
	s = slipDigitGroups.Replace(strings.TrimSpace(s))
	v, ok := new(big.Int).SetString(s, 10)
	return v, ok
}

// slipShow writes an expression without TeX for a behaviour sentence.
func slipShow(expr string) string {
	return slipShown.Replace(expr)
}

// The replacers of the slip readers, made once.
var (
	slipOperators   = strings.NewReplacer(`\cdot`, "·", `\times`, "×", "−", "-", "*", "·", "×", "·")
	slipDigitGroups = strings.NewReplacer("{,}", "", ",", "", `\,`, "", " ", "")
	slipShown       = strings.NewReplacer(`\cdot`, "·", `\times`, "×", "{,}", ",", "{", "", "}", "")
)
