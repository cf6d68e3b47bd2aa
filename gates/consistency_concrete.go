package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A function at a number ("$F(45)$", "$r_3(81)$") is one quantity wherever it is written: when
// the packet bounds it below by more than it bounds it above ("$F(45) \ge 11$" beside "$F(45)
// \le 10$"), an example contradicts a bound it quotes, and a person must read which is wrong.
// Unlike a variable, a quantity at a number has one value, so the fields' roles do not matter.

// ccqRe reads a function at numbers compared with a number.
var ccqRe = regexp.MustCompile(`([A-Za-z](?:_\{?[0-9A-Za-z]\}?)?|\\[a-zA-Z]+)\(\s*(\d+(?:\s*,\s*\d+)*)\s*\)\s*(\\geqslant|\\geq|\\ge|≥|\\leqslant|\\leq|\\le|≤|>|<|=)\s*(\d+(?:\.\d+)?)`)

type ccqBound struct {
	t          Text
	start, end int
	lower      bool
	eq         bool
	strict     bool
	value      float64
}

func consistencyConcreteBounds(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	byTerm := map[string][]ccqBound{}
	var order []string
	for _, t := range r.Texts() {
		body := compared(t.Body)
		t.Body = body
		for _, m := range ccqRe.FindAllStringSubmatchIndex(body, 50) {
			if cstAfterCompoundRe.MatchString(body[m[1]:]) {
				continue
			}
			v, err := strconv.ParseFloat(body[m[8]:m[9]], 64)
			if err != nil {
				continue
			}
			key := strings.TrimPrefix(body[m[2]:m[3]], `\`) + "(" + strings.ReplaceAll(body[m[4]:m[5]], " ", "") + ")"
			b := ccqBound{t: t, start: m[0], end: m[1], value: v}
			switch op := body[m[6]:m[7]]; op {
			case `\geqslant`, `\geq`, `\ge`, "≥":
				b.lower = true
			case ">":
				b.lower, b.strict = true, true
			case "<":
				b.strict = true
			case "=":
				b.eq = true
			}
			if byTerm[key] == nil {
				order = append(order, key)
			}
			byTerm[key] = append(byTerm[key], b)
		}
	}
	found := 0
	for _, key := range order {
		bs := byTerm[key]
	pairs:
		for _, lo := range bs {
			if !lo.lower && !lo.eq {
				continue
			}
			for _, up := range bs {
				if up.lower || lo.eq && up.eq {
					continue
				}
				if !(lo.value > up.value || lo.value == up.value && (lo.strict || up.strict)) {
					continue
				}
				if found >= budget {
					return found
				}
				found++
				l, u := lo.t.Body[lo.start:lo.end], up.t.Body[up.start:up.end]
				behaviour := fmt.Sprintf("%s states “%s” but %s states “%s”: %s cannot be both.", lo.t.Field, l, up.t.Field, u, key)
				fix := "Correct the example or the bound so that the values of " + key + " the packet states agree."
				out.NeedsHuman(checkConsistencyBounds, SpanOf(lo.t.Field, lo.t.Body, lo.start, lo.end), behaviour, fix)
				if up.t.Field != lo.t.Field || up.start != lo.start {
					out.NeedsHuman(checkConsistencyBounds, SpanOf(up.t.Field, up.t.Body, up.start, up.end), behaviour, fix)
				}
				break pairs
			}
		}
	}
	return found
}

// A rate, entropy or capacity has a unit: bits with base-2 logarithms, nats with natural ones.
// When one field measures in nats and another in bits, the target and the bounds are two
// different numbers (a width of 0.1 nats is about 0.144 bits), and a person must read which
// unit the packet means.

// cunNatsRe finds a quantity measured in nats; cunBitsRe one measured in bits or with base-2
// logarithms.
var (
	cunNatsRe = regexp.MustCompile(`(?i)\bnats\b|\bnat per\b|(measured|expressed|given|taken|computed) (in|with|using) natural logarithms?`)
	cunBitsRe = regexp.MustCompile(`(?i)\bbits\b|\\log_2|\\log_\{2\}|log₂|\bbase[ -]2\b`)
)

func consistencyUnits(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	texts := r.Texts()
	bits := ""
	for _, t := range texts {
		if body := compared(t.Body); cunBitsRe.MatchString(body) && !cunNatsRe.MatchString(body) {
			bits = t.Field
			break
		}
	}
	if bits == "" {
		return 0
	}
	for _, t := range texts {
		body := compared(t.Body)
		m := cunNatsRe.FindStringIndex(body)
		if m == nil || cunBitsRe.MatchString(body) {
			continue
		}
		out.NeedsHuman(checkConsistencyBounds, SpanOf(t.Field, body, m[0], m[1]),
			fmt.Sprintf("%s measures in nats (“%s”), but %s measures in bits; a width or bound in one unit is another number in the other (one nat is about 1.443 bits).", t.Field, body[m[0]:m[1]], bits),
			"Use one unit throughout: say in the statement or a convention whether logarithms are to base 2 or natural, and state every bound and the target's width in it.")
		return 1
	}
	return 0
}
