package gates

import (
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/tex"
)

// stLone returns the identifiers of a term that is one identifier, a list of them
// ("$z_1, \dots, z_n$") or a tuple ("$(n, k)$"), and whether it is one. withScripts adds the
// identifiers in their scripts.
func stLone(f *tex.Formula, keys []string, term []int, withScripts bool) ([]string, bool) {
	if len(term) == 0 {
		return nil, false
	}
	level := f.Atoms[term[0]]
	var out []string
	n := 0
	for _, k := range term {
		a := f.Atoms[k]
		if a.Script != level.Script || a.Base != level.Base {
			if withScripts && keys[k] != "" {
				out = append(out, keys[k])
			}
			continue // script content attached to an identifier of the term
		}
		switch {
		case a.Kind == tex.AtomIdent && keys[k] != "" && stApplied(f, k):
			return nil, false // W(k): a function applied, not a name
		case a.Kind == tex.AtomIdent && keys[k] != "":
			out = append(out, keys[k])
			n++
			if withScripts {
				for _, c := range []byte{'_', '^'} {
					lo, hi := f.ScriptAtoms(k, c)
					for j := lo; j < hi; j++ {
						if keys[j] != "" {
							out = append(out, keys[j])
						}
					}
				}
			}
		case a.Kind == tex.AtomIdent: // a later letter of a run named by its first
		case a.Kind == tex.AtomPunct && a.Text == ",", a.Kind == tex.AtomDots:
		case (a.Kind == tex.AtomOpen || a.Kind == tex.AtomClose) && (a.Text == "(" || a.Text == ")"):
		default:
			return nil, false
		}
	}
	return out, n > 0
}

// stNumeric reports whether a term names a fixed number: digits, constants and operators, no
// variable ("$0$", "$1/2$", "$10^{-3}$", "$\infty$").
func stNumeric(f *tex.Formula, keys []string, term []int) bool {
	seen := false
	for _, k := range term {
		a := f.Atoms[k]
		switch {
		case keys[k] != "" && !stConstantName(keys[k]):
			return false
		case a.Kind == tex.AtomNumber || a.Kind == tex.AtomConst:
			seen = true
		}
	}
	return seen
}

// stConstantName reports whether an identifier is a standard constant wherever it appears.
func stConstantName(k string) bool {
	return k == "e" || k == `\pi` || k == "𝔠" || k == `\mathfrak{c}`
}

// stApplication returns the name and arguments of a term of the form X(args).
func stApplication(f *tex.Formula, keys []string, term []int) (string, []string, bool) {
	if len(term) < 3 || keys[term[0]] == "" || f.Atoms[term[1]].Text != "(" || f.Atoms[term[len(term)-1]].Text != ")" {
		return "", nil, false
	}
	var args []string
	for _, k := range term[2 : len(term)-1] {
		if keys[k] != "" {
			args = append(args, keys[k])
		}
	}
	return keys[term[0]], args, true
}

var (
	stSuperlatives = stWordSet(`least most largest smallest greatest fewest`)
	stCopulaSkip   = stWordSet(`all both each also always sufficiently very then`)
	stUnequal      = stWordSet(`\ne \neq ≠`)
	stStrict       = stWordSet(`< > \lt \gt`)
	stMembership   = stWordSet(`\in ∈ \subseteq \subset ⊆ ⊂ \subsetneq \colon`)
	stOrder        = stWordSet(`< > \le \ge \leq \geq \leqslant \geqslant \lt \gt \ne \neq ≤ ≥ ≠`)
	stArrows       = stWordSet(`\to \rightarrow → \longrightarrow \mapsto ↦`)
)

// stSoftDeclared returns the identifiers a formula introduces in a way the reader cannot take
// as a domain: one side of an equation ("with $|A| = n$" makes $n$ the size of $A$) and the end
// of a range ("$A \subseteq \{1, \dots, N\}$" makes $N$ a bound of unstated kind).
func stSoftDeclared(f *tex.Formula, keys []string) []string {
	var out []string
	for _, seg := range stSegments(f, stLevel(f, 0, -1)) {
		terms, rels := stChain(f, seg)
		if sides, ok := stUnequalPair(f, keys, terms, rels); ok {
			// "$a \neq 0$", "$i \ne j$": a name the formula excludes a value of, with no domain.
			for _, side := range sides {
				if len(side.names) == 1 {
					out = append(out, side.names...)
				}
			}
			continue
		}
		for i, r := range rels {
			if f.Atoms[r].Text != "=" {
				continue
			}
			for _, side := range [][]int{terms[i], terms[i+1]} {
				if ids, ok := stLone(f, keys, side, false); ok && len(ids) == 1 {
					out = append(out, ids...)
				}
			}
		}
	}
	for k, a := range f.Atoms {
		if a.Kind == tex.AtomDots || a.Text == "," {
			// {1, \dots, N}, [1, N], (0, N], 1, …, n: the name that ends a range.
			for j := k + 1; j < len(f.Atoms) && j <= k+3; j++ {
				if keys[j] != "" && f.Atoms[j].Depth == a.Depth && (j+1 == len(f.Atoms) || f.Atoms[j+1].Kind == tex.AtomClose) {
					out = append(out, keys[j])
					break
				}
				if f.Atoms[j].Kind == tex.AtomClose || f.Atoms[j].Kind == tex.AtomRel {
					break
				}
			}
		}
	}
	return out
}

// stEnumerated returns the names listed in an enumeration of a set, "$A = \{a_1 < a_2 < \cdots\}$"
// or "$\{x_1, \dots, x_n\}$": the listing introduces its elements and their number.
func stEnumerated(f *tex.Formula, keys []string) []string {
	var out []string
	atoms := f.Atoms
	for k, a := range atoms {
		if a.Kind != tex.AtomOpen || a.Text != `\{` {
			continue
		}
		var names []string
		dots, ok := false, true
		for j := k + 1; j < len(atoms) && j < k+stMaxScan && ok; j++ {
			b := atoms[j]
			switch {
			case b.Kind == tex.AtomClose && b.Text == `\}` && b.Depth == a.Depth:
				if dots && len(names) > 0 {
					out = append(out, names...)
				}
				ok = false
			case keys[j] != "":
				names = append(names, keys[j])
			case b.Kind == tex.AtomDots:
				dots = true
			case b.Kind == tex.AtomPunct, b.Kind == tex.AtomRel && stOrder[b.Text], b.Script != 0 && b.Kind != tex.AtomIdent:
			case b.Kind == tex.AtomNumber && b.Script != 0:
			default:
				ok = false
			}
		}
	}
	return out
}

// stSelfDeclared returns the identifiers a formula gives a domain by itself: the left side of a
// membership or of a map ("$x \in \mathbb{R}$", "$f\colon A \to B$"), a variable bounded by a
// number ("$n \ge 1$", "$0 \le k \le n$"), and "$p \text{ prime}$".
func stSelfDeclared(f *tex.Formula, keys []string, v *stVocab) []string {
	var out []string
	for _, seg := range stSegments(f, stLevel(f, 0, -1)) {
		terms, rels := stChain(f, seg)
		arrow := false
		for _, r := range rels {
			arrow = arrow || stArrows[f.Atoms[r].Text]
		}
		for i, r := range rels {
			rel := f.Atoms[r].Text
			left, right := terms[i], terms[i+1]
			switch {
			case stMembership[rel] || (rel == ":" && arrow):
				if ids, ok := stLone(f, keys, left, false); ok {
					out = append(out, ids...)
				} else if ids, ok := stLone(f, keys, stListTail(f, left), false); ok && rel != ":" {
					// a family and its index: "|f(u) - f(v)|, uv \in E(T)", "a_n, n \in \mathbb{N}"
					out = append(out, ids...)
				}
			case stUnequal[rel]:
				// "$a \neq 0$" excludes a value but says nothing of where a lives.
			case stOrder[rel] || rel == `\to` || rel == "→" || rel == `\rightarrow`:
				if ids, ok := stLone(f, keys, left, false); ok && stNumeric(f, keys, right) {
					out = append(out, ids...)
				}
				if ids, ok := stLone(f, keys, right, false); ok && stNumeric(f, keys, left) {
					out = append(out, ids...)
				}
			}
		}
	}
	for k, a := range f.Atoms { // the indeterminates of a polynomial ring are its variables from then on
		if a.Text == "[" && k > 0 && (keys[k-1] != "" || f.Atoms[k-1].Kind == tex.AtomConst) && f.Atoms[k-1].Depth == a.Depth {
			out = append(out, stIndeterminates(f, keys, k)...)
		}
	}
	for k := 0; k+1 < len(f.Atoms); k++ {
		if t := f.Atoms[k+1]; keys[k] != "" && t.Kind == tex.AtomText {
			if ws := strings.Fields(strings.ToLower(t.Text)); len(ws) > 0 && v.typeWord(ws[0]) {
				out = append(out, keys[k])
			}
		}
	}
	return out
}

// stUnequalSide is one side of a "≠" between two terms: the names it is when it is a lone name
// or a list of them (stLone, without scripts), nil otherwise, and whether the other side is a
// number.
type stUnequalSide struct {
	names    []string
	byNumber bool
}

// stUnequalPair reads a chain that is one "≠" between two terms ("$a \neq 0$", "$i \ne j$",
// "$(p, q) \ne (0, 0)$"), and reports whether it is one. Its sides tell which names the chain
// excludes a number from.
func stUnequalPair(f *tex.Formula, keys []string, terms [][]int, rels []int) ([2]stUnequalSide, bool) {
	var sides [2]stUnequalSide
	if len(terms) != 2 || len(rels) != 1 || !stUnequal[f.Atoms[rels[0]].Text] {
		return sides, false
	}
	for i, term := range terms {
		if ids, ok := stLone(f, keys, term, false); ok {
			sides[i].names = ids
		}
		sides[i].byNumber = stNumeric(f, keys, terms[1-i])
	}
	return sides, true
}

// stUnequalNames are the lone names a formula compares with a number by "≠" ("$a \neq 0$").
func stUnequalNames(f *tex.Formula, keys []string) []string {
	var out []string
	for _, seg := range stSegments(f, stLevel(f, 0, -1)) {
		terms, rels := stChain(f, seg)
		sides, _ := stUnequalPair(f, keys, terms, rels)
		for _, side := range sides {
			if side.byNumber {
				out = append(out, side.names...)
			}
		}
	}
	return out
}

// stListTail is the last item of a term that is a list ("f(u), uv" gives "uv"): the items
// after the last comma the chain left out of the term, or nil when the term is no list.
func stListTail(f *tex.Formula, term []int) []int {
	for i := len(term) - 1; i > 0; i-- {
		if term[i] != term[i-1]+1 && f.Atoms[term[i]-1].Text == "," {
			return term[i:]
		}
	}
	return nil
}

// stHeads returns the identifiers a formula introduces when the prose introduces it: all of
// them when it is a bare name or list ("integer $N$", "pairs $(n, k)$"), else the leading
// term of each clause ("prime $p > N$", "each $F_i \in k[x]$") or a function and its
// arguments ("$P(x) = …$").
func stHeads(f *tex.Formula, keys []string) ([]string, bool) {
	segs := stSegments(f, stLevel(f, 0, -1))
	var out []string
	related := false
	for _, seg := range segs {
		terms, rels := stChain(f, seg)
		if len(rels) == 0 {
			continue
		}
		related = true
		// A chain of names is introduced whole: "for all $i \ne j$", "integers $1 \le x < y < z$",
		// "for $1 \le i < j \le n$" (but for an upper bound ending a chain: "\le n").
		if sides, ok := stUnequalPair(f, keys, terms, rels); ok && (sides[0].byNumber || sides[1].byNumber) {
			continue // "whenever $a \neq 0$" excludes a value of a but gives it no domain (stSoftDeclared)
		}
		if len(terms) >= 3 || stUnequal[f.Atoms[rels[0]].Text] {
			last := len(terms)
			if len(terms) >= 3 && !(stStrict[f.Atoms[rels[len(rels)-1]].Text] && stNumeric(f, keys, terms[0])) {
				last--
			}
			for _, term := range terms[:last] {
				if ids, ok := stLone(f, keys, term, true); ok {
					out = append(out, ids...)
				}
			}
			continue
		}
		if ids, ok := stLone(f, keys, terms[0], true); ok {
			out = append(out, ids...)
		} else if name, args, ok := stApplication(f, keys, terms[0]); ok {
			out = append(out, name)
			out = append(out, args...)
		}
	}
	if !related {
		for _, k := range keys {
			if k != "" {
				out = append(out, k)
			}
		}
		return out, !stNameLikeFormula(f)
	}
	return out, false
}

// stNameLikeFormula reports whether a formula without a relation names objects rather than
// computing with them: "$K_N$", "$(n, k)$", "$x_1, \dots, x_m$", "$\chi(G)$", but not "$g + h$",
// whose variables a noun before it ("the quantity $g + h$") does not introduce.
func stNameLikeFormula(f *tex.Formula) bool {
	for _, a := range f.Atoms {
		if a.Script != 0 || a.Depth != 0 {
			continue
		}
		switch a.Kind {
		case tex.AtomIdent, tex.AtomConst, tex.AtomNumber, tex.AtomPunct, tex.AtomDots, tex.AtomOpen, tex.AtomClose, tex.AtomBar, tex.AtomText, tex.AtomFunc:
		default:
			return false
		}
	}
	return true
}

// stTextQuantifies reports whether a \text group ends in a quantifier, as \forall does:
// "\text{ for all } x \in K", "\text{for every }n", "\text{there exists } y".
func stTextQuantifies(words string) bool {
	f := strings.Fields(strings.ToLower(words))
	if len(f) < 2 {
		return false
	}
	before, last := f[len(f)-2], f[len(f)-1]
	return before == "for" && stQuantifierWords[last] ||
		before == "there" && (last == "exists" || last == "exist" || last == "is" || last == "are")
}

// stBound returns the identifiers a formula binds itself: the index of a sum, product, limit,
// maximum or union ("$\sum_{n \ge 1}$", "$\lim_{n \to \infty}$"), the variable of an integral
// ("$dx$"), the variables of a set-builder ("$\{x : x^2 < 2\}$"), of a quantifier (a \text
// group ending in one too), of a map ("$x \mapsto x^2$"), the indeterminates of a polynomial
// ring ("$\mathbb{Z}[x]$") and the arguments of a function the formula defines ("$f(x) := x^2$").
func stBound(f *tex.Formula, keys []string) map[string]bool {
	b := map[string]bool{}
	for _, arg := range stDefinedArgs(f, keys) {
		b[arg] = true
	}
	atoms := f.Atoms
	integral := false
	for k, a := range atoms {
		switch {
		case a.Kind == tex.AtomBigOp || (a.Kind == tex.AtomClose && a.HasSubscript()):
			if strings.Contains(a.Text, "int") || a.Text == "∫" {
				integral = true
			}
			if !a.HasSubscript() {
				continue
			}
			for _, seg := range stSegments(f, stLevel(f, '_', k)) {
				terms, _ := stChain(f, seg)
				if len(terms) == 1 {
					ids, _ := stLone(f, keys, terms[0], false)
					for _, id := range ids {
						b[id] = true
					}
					continue
				}
				for _, term := range terms[:len(terms)-1] {
					for _, k := range term { // every name before the last relation: "\max_{|z| = 1}"
						if keys[k] != "" && f.Atoms[k].Base == f.Atoms[term[0]].Base {
							b[keys[k]] = true
						}
					}
				}
			}
		case a.Kind == tex.AtomQuant || a.Kind == tex.AtomText && stTextQuantifies(a.Text):
			for j := k + 1; j < len(atoms); j++ {
				if keys[j] != "" && atoms[j].Script == a.Script {
					b[keys[j]] = true
				} else if atoms[j].Kind != tex.AtomPunct && atoms[j].Script == a.Script {
					break
				}
			}
		case a.Kind == tex.AtomRel && (a.Text == `\mapsto` || a.Text == "↦"):
			for j := k - 1; j >= 0; j-- {
				if atoms[j].Depth < a.Depth || atoms[j].Kind == tex.AtomRel || atoms[j].Kind == tex.AtomPunct || atoms[j].Kind == tex.AtomOpen {
					break
				}
				if keys[j] != "" {
					b[keys[j]] = true
				}
			}
		case a.Kind == tex.AtomOpen && (a.Text == `\{` || a.Text == `\lbrace`):
			stBindSetBuilder(f, keys, k, b)
		case a.Text == "[" && k > 0 && (keys[k-1] != "" || atoms[k-1].Kind == tex.AtomConst) && atoms[k-1].Depth == a.Depth:
			for _, x := range stIndeterminates(f, keys, k) {
				b[x] = true
			}
		case a.Kind == tex.AtomFunc && (a.Text == `\det` || a.Text == `\operatorname{det}` || a.Text == `\operatorname*{det}`) && k+1 < len(atoms) && atoms[k+1].Text == "(":
			// \det(a_{ij}): indices that occur only in subscripts inside are the matrix's.
			inMain := map[string]bool{}
			var subs []string
			for j := k + 2; j < len(atoms) && j < k+stMaxScan && !(atoms[j].Text == ")" && atoms[j].Depth == a.Depth && atoms[j].Script == a.Script); j++ {
				if keys[j] == "" {
					continue
				}
				if atoms[j].Script == a.Script {
					inMain[keys[j]] = true
				} else {
					subs = append(subs, keys[j])
				}
			}
			for _, x := range subs {
				if !inMain[x] {
					b[x] = true
				}
			}
		}
	}
	if integral {
		for k := 0; k+1 < len(atoms); k++ {
			if (atoms[k].Text == "d" || atoms[k].Text == `\mathrm{d}`) && keys[k+1] != "" && atoms[k+1].Start <= atoms[k].End+1 {
				b[keys[k+1]] = true
			}
		}
	}
	// f(x) := …, and f(x) = … defining a function: bind the arguments.
	top := stLevel(f, 0, -1)
	if terms, rels := stChain(f, top.idx); len(rels) > 0 {
		rel := atoms[rels[0]].Text
		next := ""
		if rels[0]+1 < len(atoms) {
			next = atoms[rels[0]+1].Text
		}
		if rel == `\coloneqq` || rel == `\coloneq` || rel == `\equiv` || (rel == ":" && next == "=") || rel == "=" {
			if _, args, ok := stApplication(f, keys, terms[0]); ok {
				right := map[string]bool{}
				for _, k := range terms[len(terms)-1] {
					right[keys[k]] = true
				}
				for _, x := range args {
					// f(x) := …, or f(z) = z^n - 1 that defines f by a formula in its argument.
					if rel != "=" || right[x] && len(args) == 1 {
						b[x] = true
					}
				}
			}
		}
	}
	return b
}

// stIndeterminates returns the names inside the brackets that open at atom open after a ring:
// the indeterminates of "$\mathbb{Z}[x]$" or "$k[x_1, \dots, x_n]$".
func stIndeterminates(f *tex.Formula, keys []string, open int) []string {
	var out []string
	atoms := f.Atoms
	a := atoms[open]
	for j := open + 1; j < len(atoms) && j < open+stMaxScan && atoms[j].Depth >= a.Depth; j++ {
		if atoms[j].Text == "]" && atoms[j].Depth == a.Depth {
			break
		}
		if keys[j] != "" && atoms[j].Script == a.Script {
			out = append(out, keys[j])
		}
	}
	return out
}

// stBindSetBuilder binds the variables of a set-builder {L : C} opening at atom open: those
// that occur both before and after the separator, and L itself when it is one name or a list.
func stBindSetBuilder(f *tex.Formula, keys []string, open int, b map[string]bool) {
	atoms := f.Atoms
	d := atoms[open].Depth
	sep, end := -1, -1
	nest := 0
	for j := open + 1; j < len(atoms) && j < open+stMaxScan; j++ {
		a := atoms[j]
		if a.Depth < d {
			break
		}
		if a.Depth != d || a.Script != atoms[open].Script {
			continue
		}
		switch {
		case a.Kind == tex.AtomOpen:
			nest++
		case a.Kind == tex.AtomClose && nest > 0:
			nest--
		case a.Kind == tex.AtomClose:
			end = j
		case nest == 0 && sep < 0 && (a.Text == ":" || a.Text == `\mid` || a.Text == "|" || a.Text == `\colon` || a.Text == "∣"):
			sep = j
		}
		if end >= 0 {
			break
		}
	}
	if sep < 0 || end < 0 {
		return
	}
	left := map[string]bool{}
	var lterm []int
	for j := open + 1; j < sep; j++ {
		if keys[j] != "" {
			left[keys[j]] = true
		}
		lterm = append(lterm, j)
	}
	for j := sep + 1; j < end; j++ {
		if left[keys[j]] {
			b[keys[j]] = true
		}
	}
	if terms, _ := stChain(f, lterm); len(terms) > 0 {
		if ids, ok := stLone(f, keys, terms[0], false); ok {
			for _, id := range ids {
				b[id] = true
			}
		}
	}
}

// stNotVariable reports whether atom k of f, though a letter, is not a variable: e and \pi; i as
// the imaginary unit (outside a subscript); the d of an integral or derivative; the Landau
// symbols O and o; a transpose T; the identity matrix I in a statement about matrices; a
// standard space with its dimension in a statement about spaces (S^3); a standard function
// written with a Greek letter ("\zeta(s)", "\varphi(n)").
func stNotVariable(f *tex.Formula, keys []string, k int, n stNotation) bool {
	a := f.Atoms[k]
	key := keys[k]
	next := ""
	if k+1 < len(f.Atoms) {
		next = f.Atoms[k+1].Text
	}
	switch {
	case stConstantName(key):
		return true
	case key == "i" && a.Script == 0:
		return true
	case key == "d" && k+1 < len(f.Atoms) && keys[k+1] != "" && f.Atoms[k+1].Start <= a.End+1:
		return true
	case (key == "O" || key == "o" || key == `\Omega` || key == `\Theta`) && stApplied(f, k):
		return true
	case n.graphs && stGraphNotation[key] && next == "(":
		return true
	case n.graphs && stGraphNames[key] && a.HasSubscript():
		return true // K_5, C_4, P_n, Q_3: the complete graph, the cycle, the path, the cube
	case key == "T" && a.Script == '^' && a.Base >= 0 && f.ScriptOf(a.Base, '^') == "T":
		return true
	case key == "I" && n.matrices:
		return true
	case n.spaces && stSpaceNames[key] && a.Script == 0 && f.ScriptOf(k, '^') != "":
		return true // S^3, T^2, D^n, B^n: the sphere, the torus, the disc, the ball
	case stGreekFunctions[key] && stApplied(f, k):
		return true
	case n.differential && stOperates(f, keys, k):
		return true // Δu beside ∂_t u or ∇p: the Laplacian of u
	}
	return false
}

// stOperators are the Greek letters written, with no bracket, before the function they act on:
// the Laplacian \Delta u, \Delta_p u, \Delta^2 w.
var stOperators = stWordSet(`\Delta`)

// stOperates reports whether atom k is an operator letter written before an identifier it acts
// on, past its own scripts: "\Delta u", "\Delta_g f".
func stOperates(f *tex.Formula, keys []string, k int) bool {
	if !stOperators[keys[k]] || f.Atoms[k].Script != 0 {
		return false
	}
	for j := k + 1; j < len(f.Atoms); j++ {
		if a := f.Atoms[j]; a.Base == k && a.Script != 0 {
			continue
		}
		return keys[j] != "" && f.Atoms[j].Script == 0
	}
	return false
}

// stOutsideRe finds references from a statement to text outside it: "such $A$", "this variant",
// "the two products", "as before".
var stOutsideRe = regexp.MustCompile(`(?i)\b(such (?:an? )?\$|this (?:variant|version|problem|question|conjecture|sequence|quantity|case|limit|set|function|holds)|these (?:numbers|sets|sequences|functions|products)|the two (?:products|sets|sequences|numbers)|as before|same (?:question|problem|hypotheses|conditions|assumptions|feasibility)|the following|defined locally|above)\b`)

// stRefersOutside returns the offset of the first reference of the statement to text outside
// it, or -1.
func stRefersOutside(t *stText) int {
	if m := stOutsideRe.FindStringIndex(t.src); m != nil {
		return m[0]
	}
	return -1
}

// stNotation is what a statement is about, which decides what a letter may stand for without
// being introduced: the identity matrix I among matrices, K_5 among graphs, S^3 among spaces.
// differential: a statement that differentiates (∂, ∇, or a named Laplacian or differential
// equation), where \Delta before a function is the Laplacian.
type stNotation struct{ matrices, graphs, spaces, differential bool }

// stNotationOf reads what a statement is about from its words.
func stNotationOf(statement string) stNotation {
	low := strings.ToLower(statement)
	return stNotation{
		matrices: strings.Contains(low, "matri"),
		graphs:   stPhraseAny(low, []string{"graph", "graphs", "subgraph", "hypergraph", "ramsey", "vertex", "vertices", "edges", "chromatic"}),
		spaces: stPhraseAny(low, []string{"manifold", "manifolds", "sphere", "spheres", "homeomorphic", "diffeomorphic", "homotopy",
			"homotopic", "homology", "cohomology", "embedding", "embeds", "knot", "knots", "torus", "fundamental group", "topological"}),
		differential: strings.Contains(statement, `\partial`) || strings.Contains(statement, `\nabla`) || strings.Contains(low, "laplac") ||
			stPhraseAny(low, []string{"harmonic", "differential equation", "differential equations", "partial differential", "heat equation", "wave equation", "poisson equation"}),
	}
}

// stSpaceNames are the letters of the standard spaces with a dimension: S^n, T^n, D^n, B^n.
var stSpaceNames = stWordSet(`S T D B`)

// stGraphNotation are the standard invariants of a graph written as functions: V(G), E(G),
// \delta(G), \Delta(G), \alpha(G), \omega(G), \kappa(G).
var stGraphNotation = stWordSet(`V E \delta \Delta \alpha \omega \kappa \chi`)

// stGraphNames are the letters of the standard graphs with a subscript: K_n, C_n, P_n, Q_n.
var stGraphNames = stWordSet(`K C P Q`)

// stApplied reports whether atom k is applied to an argument, past its own scripts:
// "O(n)", "O_\epsilon(1)".
func stApplied(f *tex.Formula, k int) bool {
	for j := k + 1; j < len(f.Atoms); j++ {
		a := f.Atoms[j]
		if a.Base == k && a.Script != 0 {
			continue
		}
		return a.Text == "("
	}
	return false
}

// stUse is one identifier the statement uses.
type stUse struct {
	name    string
	formula int
	span    Span
	scripts bool // every use so far is inside a subscript or superscript
	// function is true when it is applied to an argument ("$W(k)$"): it may be standard
	// notation the vocabulary does not know.
	function bool
	// implicit is true when every use is in an asymptotic formula ("$f(n) = o(n)$") or as the
	// argument of an undefined function, where the range is implicit in the notation.
	implicit bool
}

// stAsymptotic are the relations and symbols of asymptotic statements, whose variable tends to
// infinity implicitly.
var stAsymptotic = stWordSet(`O o \sim \ll \gg \asymp \lesssim \gtrsim ≪ ≫ ∼ ≍ \Omega \Theta \limsup \liminf \lim`)

// stDefinedArgs returns the arguments of a function a formula defines by an equation,
// "$T(n+1) = 2T(n) + n$", "$f(x) \coloneqq x^2$": dummy names of the definition, bound inside it,
// which give the name no domain outside it.
func stDefinedArgs(f *tex.Formula, keys []string) []string {
	var out []string
	for _, seg := range stSegments(f, stLevel(f, 0, -1)) {
		terms, rels := stChain(f, seg)
		if len(rels) != 1 || !stValueRels[f.Atoms[rels[0]].Text] {
			continue
		}
		if _, args, ok := stApplication(f, keys, terms[0]); ok {
			out = append(out, args...)
		}
	}
	return out
}
