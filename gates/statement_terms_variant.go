package gates

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// A named object written as a letter with an index and a mark ("K_4^-", "C_5^+", "K₄⁻", "P_3^*")
// is a variant of a standard object: the letter and the index name the standard one (the
// complete graph on four vertices), the mark says that something was removed, added or
// starred, and what it was is a convention of one literature. A statement that uses such a
// symbol as its object ("no copy of $K_4^-$", "ex(n, C_5^+)") and never introduces it ("let
// $K_4^-$ be …", "$K_4^-$ denotes …", "the 3-graph with three edges on four vertices ($K_4^-$)")
// leaves the object undetermined unless the reader knows the convention. The symbol goes to a
// person, who decides whether the convention is standard enough.

// stVariantSymbolRe finds a letter with an index and a mark: group 1 the letter, group 2 or 3 the
// index, group 4 or 5 the mark.
var stVariantSymbolRe = regexp.MustCompile(`(?:^|[^\p{L}\\])(\p{Lu})(?:_\{?([0-9]{1,3}|[a-z])\}?|([₀-₉]{1,3}))(?:\^\{?(-|\+|\*|\\ast|\\star|\\prime|')\}?|([⁻⁺′]))`)

// stVariantKey writes a variant symbol's letter, index and mark as one key, whichever way it is
// spelt: "K_4^-", "K_{4}^{-}" and "K₄⁻" are one symbol.
func stVariantKey(text string, m []int) string {
	idx := sub(text, m, 2, 3)
	if strings.ContainsAny(idx, "₀₁₂₃₄₅₆₇₈₉") {
		idx = strings.Map(func(r rune) rune { return '0' + r - '₀' }, idx)
	}
	mark := sub(text, m, 4, 5)
	switch mark {
	case "⁻":
		mark = "-"
	case "⁺":
		mark = "+"
	case `\ast`, `\star`:
		mark = "*"
	case `\prime`, "′":
		mark = "'"
	}
	return text[m[2]:m[3]] + "_" + idx + "^" + mark
}

// stVariantBefore and stVariantAfter are the words around a symbol by which a text introduces
// it: "let $K_4^-$ be", "where $K_4^-$ is", "… edges ($K_4^-$)", "$K_4^-$ denotes".
var (
	stVariantBefore = regexp.MustCompile(`(?i)(?:\blet|\bwhere|\bdenote\s+by|\bwrite|\bcall(?:ed)?|\bdenoted|\bnamely|\s\()\s*\$?\s*$`)
	stVariantAfter  = regexp.MustCompile(`(?i)^\s*\$?\s*(?:be\b|is\s+(?:the|a|an)\b|denotes\b|stands\s+for\b|means\b|=|:=|:|,?\s*(?:the|a|an|i\.e\.)\s+\S+)`)
)

// stVariantIntroduced reports whether text introduces the variant symbol key.
func stVariantIntroduced(text, key string) bool {
	for _, m := range stVariantSymbolRe.FindAllStringSubmatchIndex(text, 50) {
		if stVariantKey(text, m) != key {
			continue
		}
		if stVariantBefore.MatchString(text[max(0, m[2]-30):m[2]]) || stVariantAfter.MatchString(text[m[1]:min(len(text), m[1]+30)]) {
			return true
		}
	}
	return false
}

// stVariantSymbols asks a person about each variant symbol the statement uses and neither it
// nor a definition or convention entry introduces. It returns how many it asked about.
func stVariantSymbols(a *stAnalysis, out *Report) int {
	t := a.stmt
	text := a.r.Statement
	if !strings.ContainsAny(text, "^⁻⁺′") {
		return 0
	}
	asked := map[string]bool{}
	for _, m := range stVariantSymbolRe.FindAllStringSubmatchIndex(text, 50) {
		key := stVariantKey(text, m)
		if asked[key] || stVariantIntroduced(text, key) {
			continue
		}
		introduced := false
		for _, e := range a.r.Exposition {
			if e.Kind != packet.Definition && e.Kind != packet.Convention {
				continue
			}
			if stVariantIntroduced(e.Body, key) || stVariantIntroduced(" ("+e.Term+")", key) {
				introduced = true
			}
		}
		if introduced {
			continue
		}
		asked[key] = true
		out.NeedsHuman(stCheckTerms, t.span(m[2], m[1]),
			fmt.Sprintf("The statement uses “%s”, a letter with an index and a mark (a variant of a standard object: something removed, added or starred), which neither the statement nor a definition or convention entry introduces; what the mark means is a convention of one literature, so a person must decide whether the object is determined.", text[m[2]:m[1]]),
			fmt.Sprintf("Say in the statement what “%s” is (for example “let $K_4^-$ be the 3-graph with four vertices and three edges”), or add a DEFINITION entry for it.", text[m[2]:m[1]]))
		if len(asked) >= 4 {
			break
		}
	}
	return len(asked)
}
