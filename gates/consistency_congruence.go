package gates

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// A congruence between integers a packet writes out ("36 ≡ 3 ≡ −1 (mod 4)", "$2^{5} \equiv 1
// \pmod{31}$") can be redone: each term of the chain is an integer expression, the modulus an
// integer, and every two terms must leave the same remainder. A slip in one contradicts what the
// packet derives from it (a composite solution of a congruence no composite is known to solve).
// The reading goes to a person: a sentence may state a congruence to refute it ("were 5 ≡ 3
// (mod 4), …"), which the words around it, not the numbers, decide.

// congruenceTerm is an integer expression of the slip readers with an optional sign.
const congruenceTerm = `[−-]?\s*` + slipNumber + `(?:` + slipOp + slipNumber + `)*`

// congruenceRe finds a chain of at least two integer terms joined by ≡ and followed by its
// modulus: "(mod 4)", "\pmod{4}", "\pmod 4", "mod 4".
var congruenceRe = regexp.MustCompile(`(` + congruenceTerm + `(?:\s*(?:≡|\\equiv)\s*` + congruenceTerm + `)+)\s*(?:\\pmod\s*\{\s*([0-9]+)\s*\}|\\pmod\s+([0-9]+)|\(\s*(?:\\bmod|\\mod|mod|modulo)\s+([0-9]+)\s*\)|(?:\\bmod|\\mod|\bmod|\bmodulo)\s+([0-9]+))`)

// congruenceSplitRe splits a chain at its signs.
var congruenceSplitRe = regexp.MustCompile(`\s*(?:≡|\\equiv)\s*`)

// maxCongruenceFindings bounds the findings of this reading per packet.
const maxCongruenceFindings = 3

// consistencyCongruences checks the congruences between integers the fields write out. It
// returns the number of findings.
func consistencyCongruences(r *Revision, out *Report, budget int) int {
	n := 0
	for _, t := range r.Texts() {
		if !strings.Contains(t.Body, "≡") && !strings.Contains(t.Body, `\equiv`) {
			continue
		}
		body := compared(t.Body)
		for _, m := range congruenceRe.FindAllStringSubmatchIndex(body, 20) {
			if n >= min(budget, maxCongruenceFindings) {
				return n
			}
			first := m[2]
			for first < m[3] && body[first] == ' ' {
				first++
			}
			if !slipStandsAlone(body[:first]) || strings.HasSuffix(strings.TrimRight(body[:first], " $"), `\not`) {
				continue
			}
			mod, bare := "", false
			for g := 2; g <= 5; g++ {
				if m[2*g] >= 0 {
					mod, bare = body[m[2*g]:m[2*g+1]], g == 3 || g == 5
				}
			}
			if bare && congruenceModulusContinues(body[m[1]:]) {
				continue
			}
			modulus, ok := slipInt(mod)
			if !ok || modulus.Sign() <= 0 {
				continue
			}
			terms := congruenceSplitRe.Split(body[m[2]:m[3]], -1)
			vals := make([]*big.Int, 0, len(terms))
			for _, term := range terms {
				v, ok := congruenceEval(term)
				if !ok {
					vals = nil
					break
				}
				vals = append(vals, v)
			}
			if len(vals) < 2 {
				continue
			}
			for i := 1; i < len(vals); i++ {
				d := new(big.Int).Sub(vals[i-1], vals[i])
				if new(big.Int).Mod(d, modulus).Sign() == 0 {
					continue
				}
				start := m[0]
				for start < m[1] && body[start] == ' ' {
					start++
				}
				sp := SpanOf(t.Field, t.Body, start, m[1])
				ra, rb := new(big.Int).Mod(vals[i-1], modulus), new(big.Int).Mod(vals[i], modulus)
				out.NeedsHuman(checkConsistencyBounds, sp,
					fmt.Sprintf("%s writes %s, but %s leaves remainder %s and %s remainder %s modulo %s: the congruence is false, and what the packet derives from it does not follow, unless the sentence states it to refute it; a person must confirm.", t.Field, sp.Quote, slipShow(strings.TrimSpace(terms[i-1])), ra, slipShow(strings.TrimSpace(terms[i])), rb, modulus),
					"Correct the congruence and what the packet derives from it.")
				n++
				break
			}
		}
	}
	return n
}

// congruenceEval evaluates one term of a chain, with its sign.
func congruenceEval(term string) (*big.Int, bool) {
	term = strings.TrimSpace(term)
	neg := false
	for _, s := range []string{"−", "-"} {
		if strings.HasPrefix(term, s) {
			neg, term = true, strings.TrimSpace(term[len(s):])
		}
	}
	v, ok := slipEval(term)
	if !ok {
		return nil, false
	}
	if neg {
		v.Neg(v)
	}
	return v, true
}

// congruenceModulusContinues reports whether the modulus read goes on (mod 2^k, mod 4n, mod
// 1 + i), so that the number read is not the modulus.
func congruenceModulusContinues(after string) bool {
	a := strings.TrimLeft(after, " ")
	if a == "" {
		return false
	}
	c := a[0]
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.ContainsRune("^+-*_", rune(c)) ||
		strings.HasPrefix(a, "−") || strings.HasPrefix(a, "·") || strings.HasPrefix(a, `\cdot`) || strings.HasPrefix(a, `\times`)
}
