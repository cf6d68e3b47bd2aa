package gates

import (
	"fmt"
	"regexp"
	"strings"
)

// Another exclusion a reader can see without the mathematics: a hypothesis that sets a
// quantity to zero ("dα = 0", "$Df = 0$") and, in the same sentence, one that asks a product or
// a power of that quantity to be nowhere zero ("α ∧ (dα)² nowhere zero", "$(Df)^2 \ne 0$"). A
// factor that vanishes makes the product vanish, so nothing satisfies both and the statement
// holds vacuously. The reader finds a short expression set equal to zero and, after it in the
// sentence, an expression required not to vanish that holds it as a factor (bracketed, joined
// by a product sign or raised to a power), with no sum around it. Whether the two are the same
// object is a reading of notation, so the finding goes to a person.

// stZeroSetRe finds a short expression set equal to zero: group 1 the expression.
var stZeroSetRe = regexp.MustCompile(`(?:^|[\s(,;:$])([^\s=(),;:$]{1,8})\s*=\s*0(?:[^0-9.,]|[.,](?:\s|$)|$)`)

// stNonzeroRe finds an expression required not to vanish: group 1 the expression.
var stNonzeroRe = regexp.MustCompile(`(?i)([^,;:.=]{1,40}?)\s*(?:\$\s*)?(?:nowhere (?:zero|vanishing)|is nowhere zero|non-?zero|non-?vanishing|does not vanish|never vanishes|≠\s*0|\\neq?\s*0)`)

// stVacuousZero asks a person about a sentence of the statement that sets a quantity to zero
// and asks a product of it not to vanish. It returns the number of findings.
func stVacuousZero(statement string, out *Report) int {
	s := compared(statement)
	for _, z := range stZeroSetRe.FindAllStringSubmatchIndex(s, 6) {
		x := s[z[2]:z[3]]
		if !strings.ContainsFunc(x, func(r rune) bool { return r > 127 || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) {
			continue
		}
		_, to := sentenceAround(s, z[2])
		rest := s[z[1]:to]
		for _, m := range stNonzeroRe.FindAllStringSubmatchIndex(rest, 3) {
			expr := rest[m[2]:m[3]]
			if strings.ContainsAny(expr, "+−") || strings.Contains(expr, " - ") || !stFactorOf(expr, x) {
				continue
			}
			sp := SpanOf(FieldStatement, statement, z[2], z[1]+m[1])
			out.NeedsHuman(stCheckDomain, sp,
				fmt.Sprintf("The statement sets %s = 0 and then asks “%s” not to vanish, a product or power with %s as a factor: if the two are the same object no object satisfies the hypotheses and the statement holds vacuously; a person must confirm that they are not.", x, strings.TrimSpace(expr), x),
				"Drop the hypothesis that makes the factor zero, or say how the two quantities differ.")
			return 1
		}
	}
	return 0
}

// stFactorOf reports whether expr holds x as a factor: bracketed, raised to a power, or joined
// to the rest by a product sign or a space.
func stFactorOf(expr, x string) bool {
	for i := 0; ; {
		j := strings.Index(expr[i:], x)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(x)
		before, after := strings.TrimRight(expr[:at], " "), strings.TrimLeft(expr[end:], " ")
		okBefore := before == "" || strings.HasSuffix(before, "(") || strings.HasSuffix(before, "∧") || strings.HasSuffix(before, "·") ||
			strings.HasSuffix(before, `\wedge`) || strings.HasSuffix(before, `\cdot`) || strings.HasSuffix(before, "×")
		okAfter := after == "" || strings.HasPrefix(after, ")") || strings.HasPrefix(after, "^") || strings.HasPrefix(after, "²") ||
			strings.HasPrefix(after, "³") || strings.HasPrefix(after, "∧") || strings.HasPrefix(after, "·") || strings.HasPrefix(after, `\wedge`) ||
			strings.HasPrefix(after, "$")
		if okBefore && okAfter && (strings.HasSuffix(before, "(") || strings.HasPrefix(after, "^") || strings.HasPrefix(after, "²") ||
			strings.HasPrefix(after, "³") || strings.ContainsAny(before+after, "∧·×") || strings.Contains(before+after, `\wedge`) || strings.Contains(before+after, `\cdot`)) {
			return true
		}
		i = end
	}
}
