package gates

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
)

// A symbol the statement applies to an argument ("$N(10) \ge 3$") names a quantity the
// statement must define, or a definition entry must: the statement is read on its own. A packet
// that defines it only in another field — the acceptance criterion ("Here N(n) is the largest
// number of …"), the computation block, the open status — leaves the statement
// incomplete even though the packet as a whole says what the symbol means. The check names the
// field that does define it, so that the fix is a move.

// stOutsideFields are the fields outside the exposition that may define a symbol: the
// acceptance condition, the open status and the computation block. (A symbol only a remark or
// an example introduces is statement.variable-domain's finding.)
func stOutsideFields(r *Revision) []Text {
	var out []Text
	a := r.Acceptance
	out = append(out, Text{fieldAcceptanceCriterion, a.Criterion}, Text{fieldAcceptancePrecision, a.Precision},
		Text{fieldAcceptanceSearchSpace, a.SearchSpace}, Text{fieldAcceptanceCertificate, a.Certificate},
		Text{fieldAcceptanceEquivalence, a.Equivalence}, Text{fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown},
		Text{fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget})
	if c := r.Computation; c != nil {
		out = append(out, Text{fieldComputationInstance, c.Instance}, Text{fieldComputationSmallCases, c.SmallCases},
			Text{fieldComputationOrigin, c.ParameterOrigin}, Text{fieldComputationEquiv, c.Equivalence})
	}
	return out
}

// stDefinitionOf finds where text defines the function symbol name: "N(n) is the …",
// "let $N(n)$ be …", "$N(n) := …$", "N(n) denotes …". It returns the byte offsets of the
// definition in text.
func stDefinitionOf(name, text string) (int, int, bool) {
	if !strings.Contains(text, strings.TrimPrefix(name, `\`)) {
		return 0, 0, false
	}
	s, from := valueReadable(text)
	re, ok := stDefinitionRe(name)
	if !ok {
		return 0, 0, false
	}
	m := re.FindStringSubmatchIndex(s)
	if m == nil {
		return 0, 0, false
	}
	end := m[3]
	for end < len(s) && end-m[3] < 80 && s[end] != '.' && s[end] != ';' {
		end++
	}
	return from[m[2]], from[min(end, len(from)-1)], true
}

// stSymbolsDefinedOutside asks a person about each function symbol of the statement that
// nothing in the statement, its definitions or its conventions introduces but another field
// defines. It returns how many it asked about.
func stSymbolsDefinedOutside(a *stAnalysis, out *Report) int {
	t := a.stmt
	if !t.ok() {
		return 0
	}
	outside := stOutsideFields(a.r)
	asked := map[string]bool{}
	for fi := range t.tex.Formulas {
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		bound := stBound(f, keys)
		for k, key := range keys {
			if key == "" || asked[key] || bound[key] || !stApplied(f, k) || a.decl.has(key, false) || stNotVariable(f, keys, k, a.notation) {
				continue
			}
			for _, o := range outside {
				start, end, ok := stDefinitionOf(key, o.Body)
				if !ok {
					continue
				}
				asked[key] = true
				out.NeedsHuman(stCheckTerms, t.span(f.Start, f.End),
					fmt.Sprintf("The statement uses %s, which neither the statement nor a definition or convention entry defines; only %s does (“%s”), so the statement read on its own does not say what %s is.",
						stShow(key), o.Field, clipText(o.Body[start:end], 120), stShow(key)),
					fmt.Sprintf("Define %s in the statement or in a DEFINITION entry (move “%s” there).", stShow(key), clipText(o.Body[start:end], 80)))
				break
			}
			if len(asked) >= 8 {
				return len(asked)
			}
		}
	}
	return len(asked)
}

// stDefinitionRes caches the pattern stDefinitionOf reads a symbol's definition by, one per
// symbol: a statement's function symbols are few and recur across its fields and across packets.
// The cache stops growing at maxDefinitionRes symbols; past that a pattern is compiled per call.
var (
	stDefinitionRes  sync.Map // name → *regexp.Regexp
	stDefinitionResN atomic.Int64
)

const maxDefinitionRes = 4096

// stDefinitionRe is the pattern of a definition of the function symbol name: the symbol
// applied to letters, then "is", "denotes", "be", ":=" or "=".
func stDefinitionRe(name string) (*regexp.Regexp, bool) {
	if re, ok := stDefinitionRes.Load(name); ok {
		return re.(*regexp.Regexp), true
	}
	re, err := regexp.Compile(`(?:^|[^A-Za-z\\])(` + regexp.QuoteMeta(name) + `\s*\(\s*[A-Za-z](?:\s*,\s*[A-Za-z])*\s*\)\s*(?:is|are|denotes|denote|be|means|stands for|:=|=)\s)`)
	if err != nil {
		return nil, false
	}
	if stDefinitionResN.Load() < maxDefinitionRes {
		if _, loaded := stDefinitionRes.LoadOrStore(name, re); !loaded {
			stDefinitionResN.Add(1)
		}
	}
	return re, true
}
