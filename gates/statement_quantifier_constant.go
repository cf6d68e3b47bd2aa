package gates

import (
	"regexp"
	"strings"
)

// "For every ε > 0 there is a constant C_ε with f(n) ≤ g(n) + C_ε n^ε" lets the constant grow
// as ε shrinks; "there is a constant C such that for every ε > 0, f(n) ≤ g(n) + C n^ε" fixes
// one constant for every ε, and letting ε tend to 0 turns the bound into f(n) ≤ g(n) + C, a
// different and much stronger claim. The reader finds a constant quantified before an ε (or δ,
// η) that then sits in an exponent beside it, the shape of swapped quantifiers, and asks a
// person which order is meant.

// stConstFirstRe finds "there is a constant C such that for every ε": its groups are the
// constant's letter and the small parameter.
var stConstFirstRe = regexp.MustCompile(`(?i)there (?:is|exists) (?:a|an|some|one) (?:(?:absolute|universal|single|fixed|positive|real|uniform) )*constants? \$?([A-Za-z])\$?(?: ?> ?0)?,? (?:such that|with|so that|for which),? (?:for (?:every|all|each|any) (?:real )?\$(\\varepsilon|\\epsilon|\\delta|\\eta)|for (?:every|all|each|any) (?:real )?(ε|δ|η))`)

// stConstPowerRe finds a letter times a power whose exponent is a small parameter: "C
// n^{\varepsilon}", "C\,x^\varepsilon", "C·N^ε".
var stConstPowerRe = regexp.MustCompile(`([A-Za-z])\s*(?:\\,|\\cdot|·|\\;)?\s*\(?[A-Za-z0-9]+\)?\s*\^\s*\{?\s*(\\varepsilon|\\epsilon|\\delta|\\eta|ε|δ|η)`)

func stConstantBeforeEpsilon(a *stAnalysis, out *Report) int {
	body := compared(a.r.Statement)
	for _, m := range stConstFirstRe.FindAllStringSubmatchIndex(body, 3) {
		c := body[m[2]:m[3]]
		eps := ""
		if m[4] >= 0 {
			eps = body[m[4]:m[5]]
		} else {
			eps = body[m[6]:m[7]]
		}
		_, end := sentenceAround(body, m[1])
		rest := body[m[1]:end]
		// The constant beside a power with the parameter in its exponent: "C n^{\varepsilon}",
		// "C\,x^\varepsilon", "C·N^ε".
		beside := false
		for _, p := range stConstPowerRe.FindAllStringSubmatch(rest, -1) {
			beside = beside || p[1] == c && p[2] == eps
		}
		if !beside {
			continue
		}
		q := strings.TrimSpace(body[m[0]:m[1]])
		out.NeedsHuman(stCheckDomain, SpanOf(FieldStatement, body, m[0], m[1]),
			"The statement fixes one constant "+c+" before "+eps+" (“"+q+"”) and then bounds by "+c+" times a power with "+eps+" in its exponent; with one constant for every "+eps+", letting "+eps+" tend to 0 changes the claim. A person must confirm whether the constant may depend on "+eps+".",
			"If the constant depends on "+eps+", say so: “for every "+eps+" > 0 there is a constant C_"+eps+" such that …”.")
		return 1
	}
	return 0
}
