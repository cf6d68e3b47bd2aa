package gates

import (
	"strings"

	"github.com/theoremdb/theoremdb/tex"
)

// stKeys returns, for each atom of f, the identifier it names, or "" when it names none. A run
// of letters followed by a parenthesis is one name ("bs" in $bs(f)$); a run that spells a
// function ("log") names nothing.
func stKeys(f *tex.Formula) []string {
	atoms := f.Atoms
	keys := make([]string, len(atoms))
	for k := 0; k < len(atoms); k++ {
		a := atoms[k]
		if a.Kind != tex.AtomIdent {
			continue
		}
		if a.Word != "" {
			j := k
			for j+1 < len(atoms) && atoms[j+1].Word == a.Word && atoms[j+1].Start == atoms[j].End {
				j++
			}
			if j > k {
				switch {
				case stFunctionWords[strings.ToLower(a.Word)]:
					k = j
					continue
				case j+1 < len(atoms) && atoms[j+1].Text == "(":
					keys[k] = a.Word
					k = j
					continue
				}
			}
		}
		keys[k] = a.Text
	}
	return keys
}

// stMaxScan bounds how far one construction (a set-builder, an enumeration, a ring's brackets)
// is read past its opening, so that a formula full of unclosed openings costs linear time.
const stMaxScan = 512

// stRange is a sequence of atoms at one script level: the formula's top level, or the
// subscript of one atom.
type stRange struct {
	idx []int
}

// stLevel returns the atoms of f with the given script and base, in order.
func stLevel(f *tex.Formula, script byte, base int) stRange {
	var r stRange
	lo, hi := 0, len(f.Atoms)
	if script != 0 {
		lo, hi = f.ScriptAtoms(base, script)
	}
	for k := lo; k < hi; k++ {
		if a := f.Atoms[k]; a.Script == script && (script == 0 || a.Base == base) {
			r.idx = append(r.idx, k)
		}
	}
	return r
}

// stSegments splits a range at its top-level commas into the clauses of a formula: "$x > 0,
// y > 0$" is two. A part without a relation is a list item of the next part ("$p, q \in S$"),
// or of the previous one when it comes last ("$i = 1, \dots, k$").
func stSegments(f *tex.Formula, r stRange) [][]int {
	if len(r.idx) == 0 {
		return nil
	}
	depth := f.Atoms[r.idx[0]].Depth
	for _, k := range r.idx {
		depth = min(depth, f.Atoms[k].Depth)
	}
	var parts [][]int
	var cur []int
	paren := 0
	for _, k := range r.idx {
		a := f.Atoms[k]
		if a.Depth == depth {
			switch {
			case a.Kind == tex.AtomOpen:
				paren++
			case a.Kind == tex.AtomClose:
				paren--
			case a.Kind == tex.AtomPunct && paren <= 0:
				parts = append(parts, cur)
				cur = nil
				continue
			}
		}
		cur = append(cur, k)
	}
	parts = append(parts, cur)
	hasRel := func(p []int) bool {
		for _, k := range p {
			if a := f.Atoms[k]; a.Kind == tex.AtomRel && a.Depth == depth {
				return true
			}
		}
		return false
	}
	var out [][]int
	var pending []int
	for _, p := range parts {
		pending = append(pending, p...)
		if hasRel(p) {
			out = append(out, pending)
			pending = nil
		}
	}
	if len(pending) > 0 {
		if len(out) > 0 {
			out[len(out)-1] = append(out[len(out)-1], pending...)
		} else {
			out = append(out, pending)
		}
	}
	return out
}

// stChain splits a segment at its top-level relations into terms; rels[i] is the relation
// atom between terms[i] and terms[i+1].
func stChain(f *tex.Formula, seg []int) (terms [][]int, rels []int) {
	if len(seg) == 0 {
		return nil, nil
	}
	depth := f.Atoms[seg[0]].Depth
	for _, k := range seg {
		depth = min(depth, f.Atoms[k].Depth)
	}
	var cur []int
	paren := 0
	for i, k := range seg {
		a := f.Atoms[k]
		if a.Text == `\not` && i+1 < len(seg) && f.Atoms[seg[i+1]].Kind == tex.AtomRel {
			continue // \not\equiv: part of the relation
		}
		if a.Depth == depth+1 && a.Kind == tex.AtomRel && i > 0 && i+1 < len(seg) &&
			f.Atoms[seg[i-1]].Depth == depth && f.Atoms[seg[i+1]].Depth == depth {
			a.Depth = depth // a relation alone in braces: "n{\in}I"
		}
		if a.Depth == depth {
			switch a.Kind {
			case tex.AtomOpen:
				paren++
			case tex.AtomClose:
				paren--
			case tex.AtomRel:
				if paren <= 0 {
					terms = append(terms, cur)
					rels = append(rels, k)
					cur = nil
					continue
				}
			}
		}
		cur = append(cur, k)
	}
	terms = append(terms, cur)
	return terms, rels
}
