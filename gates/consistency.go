package gates

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/packet"
)

// Check IDs of the consistency gate.
const (
	checkConsistencyBounds      = "consistency.bounds"
	checkConsistencyArtifacts   = "consistency.stable-artifacts"
	checkConsistencyIncumbent   = "consistency.incumbent"
	checkConsistencyComputation = "consistency.computation-object"
)

// consistencyGate compares what the packet says in more than one place. The bound comparison
// reads simple comparisons of one variable with a number ("n ≥ 3", "$1 \le k \le n$") and counts
// in prose ("at most $8$ vertices", "seven such graphs", consistency_counts.go) and asks a
// person whenever two fields disagree, since a letter may name different things in different
// sentences; only the references to code and certificates can fail, because a branch name is
// mutable whatever the sentence around it says.
var consistencyGate = &Gate{Name: Consistency, Version: "1", Checks: []Check{
	{ID: checkConsistencyBounds, Criterion: "Bounds, counts, dimensions, and indexing conventions agree across the packet."},
	{ID: checkConsistencyArtifacts, Criterion: "Hashes, code references, and certificates identify stable artifacts when they carry evidentiary weight.", Certifies: true},
	{ID: checkConsistencyIncumbent, Criterion: "A baseline or incumbent does not already satisfy the requested target."},
	{ID: checkConsistencyComputation, Criterion: "Supplied computations address the stated object."},
}, run: runConsistency}

// maxConstraints bounds the comparisons read from one field; maxBoundFindings the findings.
const (
	maxConstraints   = 200
	maxBoundFindings = 20
)

func runConsistency(_ context.Context, r *Revision, _ Env, out *Report) {
	consistencyBounds(r, out)
	consistencyArtifacts(r, out)
	stated := r.Computation != nil || strings.TrimSpace(r.OpenStatus.StrongestKnown) != ""
	if !stated {
		out.Pass(checkConsistencyIncumbent, Absent(fieldOpenStrongestKnown), "Nothing stated: the record gives no incumbent, baseline or computation to compare with the target.")
		out.Pass(checkConsistencyComputation, Absent(fieldComputation), "Nothing stated: the record supplies no computation.")
		return
	}
	sp := Whole(fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown)
	if r.OpenStatus.StrongestKnown == "" && r.Computation != nil {
		sp = Whole(fieldComputationSmallCases, r.Computation.SmallCases)
	}
	if !consistencyIncumbentMeets(r, out) {
		out.NeedsHuman(checkConsistencyIncumbent, sp,
			"The record states an incumbent or computation; whether it already meets the requested target is a comparison of mathematics a machine cannot certify.",
			"Compare the strongest known result and any supplied computation with the statement's target, and record that the target goes beyond them.")
	}
	if r.Computation == nil {
		out.Pass(checkConsistencyComputation, Absent(fieldComputation), "Nothing stated: the record supplies no computation.")
		return
	}
	out.NeedsHuman(checkConsistencyComputation, Whole(fieldComputationInstance, r.Computation.Instance),
		"The record supplies a computation; whether it computes the object the statement defines is a reading a machine cannot certify.",
		"Check that computation.instance, its small cases and its code address the object and parameter of the statement, with the same indexing and normalisation.")
}

// Comparisons, as the bound reader sees them.
type bndOp int

const (
	bopLess bndOp = iota
	bopLessEq
	bopGreater
	bopGreaterEq
)

// bndBound is one side of a variable's range read from a comparison: var ≥ value (lower) or
// var ≤ value (upper), strict or not.
type bndBound struct {
	Var    string
	Lower  bool
	Value  float64
	Strict bool
	// Start and End are the comparison's byte offsets in its field.
	Start, End int
}

// norm returns the bound as a non-strict one on the integers when its value is an integer
// (n > 2 is n ≥ 3), so that the two spellings of one range compare equal.
func (b bndBound) norm() (float64, bool) {
	if b.Strict && b.Value == math.Trunc(b.Value) && math.Abs(b.Value) < 1e15 {
		if b.Lower {
			return b.Value + 1, false
		}
		return b.Value - 1, false
	}
	return b.Value, b.Strict
}

func (b bndBound) String() string {
	op := "≥"
	switch {
	case b.Lower && b.Strict:
		op = ">"
	case !b.Lower && b.Strict:
		op = "<"
	case !b.Lower:
		op = "≤"
	}
	return b.Var + " " + op + " " + strconv.FormatFloat(b.Value, 'g', -1, 64)
}

// Token kinds of the bound reader.
type bndKind int

const (
	bkSep   bndKind = iota // punctuation, prose words, math delimiters: a comparison may end here
	bkVar                  // a one-letter variable, possibly subscripted, or a Greek letter
	bkNum                  // a number standing alone
	bkOp                   // <, ≤, >, ≥ in any spelling
	bkBlock                // anything else: an operator, a command, a glued number, a bracket
)

type bndToken struct {
	kind       bndKind
	op         bndOp
	start, end int
	text       string
	num        float64
}

// bndGreek are the TeX commands of letters used as variables.
var bndGreek = wordSet("alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta",
	"iota", "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi",
	"psi", "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega")

// bndTexOps are the TeX spellings of the comparisons.
var bndTexOps = map[string]bndOp{"le": bopLessEq, "leq": bopLessEq, "leqslant": bopLessEq, "leqq": bopLessEq,
	"ge": bopGreaterEq, "geq": bopGreaterEq, "geqslant": bopGreaterEq, "geqq": bopGreaterEq, "lt": bopLess, "gt": bopGreater}

// bndTexSpace are TeX commands that only make space.
var bndTexSpace = wordSet(",", ";", ":", "!", " ", "quad", "qquad", "thinspace", "medspace", "thickspace")

// bndTexSep are TeX commands that delimit like punctuation.
var bndTexSep = wordSet("(", ")", "[", "]", "{", "}", "text", "mbox", "quad")

// bndLexer reads a field into the bound reader's tokens one at a time, so that the comparisons
// of a long field are read without holding its tokens, and reading stops where the comparisons
// are enough.
type bndLexer struct {
	s    string
	i    int
	prev bndKind // the kind of the token read last; bkSep before the first
}

// next returns the next token, or false at the end of the field.
func (l *bndLexer) next() (bndToken, bool) {
	for l.i < len(l.s) {
		if t, ok := l.scan(); ok {
			l.prev = t.kind
			return t, true
		}
	}
	return bndToken{}, false
}

// prevOp reports whether a minus sign here begins a number: at the start, or after an operator
// or a separator.
func (l *bndLexer) prevOp() bool { return l.prev == bkOp || l.prev == bkSep }

// token is the token of kind k over s[start:end], with the lexer moved past it.
func (l *bndLexer) token(k bndKind, start, end int) (bndToken, bool) {
	l.i = end
	return bndToken{kind: k, start: start, end: end, text: l.s[start:end]}, true
}

// op is the comparison token op over s[start:end], with the lexer moved past it.
func (l *bndLexer) op(op bndOp, start, end int) (bndToken, bool) {
	t, ok := l.token(bkOp, start, end)
	t.op = op
	return t, ok
}

// scan reads what starts at s[i]: a token, or space that makes none (false).
func (l *bndLexer) scan() (bndToken, bool) {
	s, i := l.s, l.i
	c := s[i]
	switch {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '~':
		l.i++
		return bndToken{}, false
	case c == '\\':
		j := i + 1
		for j < len(s) && ('a' <= s[j] && s[j] <= 'z' || 'A' <= s[j] && s[j] <= 'Z') {
			j++
		}
		if j == i+1 && j < len(s) {
			j++ // a one-character command: \, \{ \( …
		}
		name := s[i+1 : j]
		switch op, isOp := bndTexOps[name]; {
		case isOp:
			return l.op(op, i, j)
		case bndTexSpace[name] && name != "quad":
			l.i = j
			return bndToken{}, false
		case bndGreek[name]:
			return l.token(bkVar, i, bndSubscript(s, j))
		case bndTexSep[name]:
			return l.token(bkSep, i, j)
		default:
			return l.token(bkBlock, i, j)
		}
	case c == '<' || c == '>':
		op, j := bopLess, i+1
		if c == '>' {
			op = bopGreater
		}
		if j < len(s) && s[j] == '=' {
			op++
			j++
		}
		return l.op(op, i, j)
	case '0' <= c && c <= '9' || (c == '-' && i+1 < len(s) && bndDigit(s[i+1]) && l.prevOp()):
		j := i + 1
		for j < len(s) && bndDigit(s[j]) {
			j++
		}
		if j+1 < len(s) && s[j] == '.' && bndDigit(s[j+1]) {
			j++
			for j < len(s) && bndDigit(s[j]) {
				j++
			}
		}
		v, err := strconv.ParseFloat(s[i:j], 64)
		glued := j < len(s) && (textWordByte(s[j]) || s[j] == '.' && j+1 < len(s) && bndDigit(s[j+1]))
		if err != nil || glued {
			return l.token(bkBlock, i, j)
		}
		t, ok := l.token(bkNum, i, j)
		t.num = v
		return t, ok
	case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		j := i + 1
		for j < len(s) && ('a' <= s[j] && s[j] <= 'z' || 'A' <= s[j] && s[j] <= 'Z') {
			j++
		}
		if j == i+1 && (j >= len(s) || s[j] < 0x80) {
			return l.token(bkVar, i, bndSubscript(s, j))
		}
		for j < len(s) && s[j] >= 0x80 {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !unicode.IsLetter(r) {
				break
			}
			j += n
		}
		return l.token(bkSep, i, j) // a word of prose
	case c < 0x80:
		switch c {
		case ',', ';', ':', '.', '?', '$', '(', '[', ']', ')', '{', '}', '"', '\'', '`':
			return l.token(bkSep, i, i+1)
		default:
			return l.token(bkBlock, i, i+1)
		}
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == '≤' || r == '⩽' || r == '≦':
		return l.op(bopLessEq, i, i+n)
	case r == '≥' || r == '⩾' || r == '≧':
		return l.op(bopGreaterEq, i, i+n)
	case r == '−' && i+n < len(s) && bndDigit(s[i+n]) && l.prevOp():
		j := i + n
		for j < len(s) && bndDigit(s[j]) {
			j++
		}
		v, _ := strconv.ParseFloat(s[i+n:j], 64)
		if j < len(s) && textWordByte(s[j]) {
			return l.token(bkBlock, i, j)
		}
		t, ok := l.token(bkNum, i, j)
		t.num = -v
		return t, ok
	case unicode.Is(unicode.Greek, r):
		j := i + n
		if j < len(s) {
			if r2, _ := utf8.DecodeRuneInString(s[j:]); unicode.IsLetter(r2) {
				for j < len(s) {
					r2, n2 := utf8.DecodeRuneInString(s[j:])
					if !unicode.IsLetter(r2) {
						break
					}
					j += n2
				}
				return l.token(bkSep, i, j)
			}
		}
		return l.token(bkVar, i, bndSubscript(s, i+n))
	case unicode.IsLetter(r):
		j := i + n
		for j < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[j:])
			if !unicode.IsLetter(r2) && !(r2 < 0x80 && textWordByte(byte(r2))) {
				break
			}
			j += n2
		}
		return l.token(bkSep, i, j)
	case unicode.IsSpace(r):
		l.i = i + n
		return bndToken{}, false
	case r == '∀' || r == '∃':
		return l.token(bkSep, i, i+n)
	case unicode.IsPunct(r) && r != '−' && r != '·' && r != '×':
		return l.token(bkSep, i, i+n)
	default:
		return l.token(bkBlock, i, i+n)
	}
}

func bndDigit(b byte) bool { return '0' <= b && b <= '9' }

// bndSubscript extends a variable at s[:j] over a subscript "_1", "_i" or "_{…}" of at most 20
// bytes and over primes, returning the new end.
func bndSubscript(s string, j int) int {
	for j < len(s) && s[j] == '\'' {
		j++
	}
	if j+1 < len(s) && s[j] == '_' {
		if s[j+1] == '{' {
			if k := strings.IndexByte(s[j+2:min(len(s), j+22)], '}'); k >= 0 && !strings.ContainsAny(s[j+2:j+2+k], "{\\") {
				return j + 3 + k
			}
			return j
		}
		if textWordByte(s[j+1]) && s[j+1] < 0x80 {
			return j + 2
		}
	}
	return j
}

// bndWindow holds a field's tokens from the earliest one the comparison reader still needs,
// reading more from the lexer as they are asked for.
type bndWindow struct {
	lx   bndLexer
	ts   []bndToken
	base int // the index of ts[0] among the field's tokens
}

// at returns the field's i-th token, or false past its end or before the window.
func (w *bndWindow) at(i int) (bndToken, bool) {
	for i-w.base >= len(w.ts) {
		t, ok := w.lx.next()
		if !ok {
			break
		}
		w.ts = append(w.ts, t)
	}
	if i < w.base || i-w.base >= len(w.ts) {
		return bndToken{}, false
	}
	return w.ts[i-w.base], true
}

// forget lets the tokens before the i-th go.
func (w *bndWindow) forget(i int) {
	if k := min(i-w.base, len(w.ts)); k > 64 && k > len(w.ts)/2 {
		w.ts = append(w.ts[:0], w.ts[k:]...)
		w.base += k
	}
}

// bndComparisons reads the bounds one field states, grouped by comparison chain, at most
// maxConstraints. It reads the field only as far as it needs to.
func bndComparisons(s string) [][]bndBound {
	w := bndWindow{lx: bndLexer{s: scanPart(s)}}
	is := func(i int, kinds ...bndKind) bool {
		t, ok := w.at(i)
		return ok && slices.Contains(kinds, t.kind)
	}
	term := func(i int) bool { return is(i, bkVar, bkNum) }
	isolatedBefore := func(i int) bool { return i < 0 || is(i, bkSep, bkOp) }
	// A term followed by "(" is a function applied, R(5,5), not a variable.
	isolatedAfter := func(i int) bool {
		t, ok := w.at(i)
		return !ok || t.kind == bkSep && t.text != "(" || t.kind == bkOp
	}
	var out [][]bndBound
	n := 0
	for i := 0; n < maxConstraints; i++ {
		w.forget(i - 1)
		if _, ok := w.at(i); !ok {
			break
		}
		if !term(i) || !is(i+1, bkOp) || !term(i+2) {
			continue
		}
		// The longest chain term op term op … starting at i, of at most maxConstraints links.
		end := i
		for end-i < 2*maxConstraints && is(end+1, bkOp) && term(end+2) {
			end += 2
		}
		start := i
		if !isolatedBefore(i - 1) {
			start += 2
		}
		if !isolatedAfter(end + 1) {
			end -= 2
		}
		first, _ := w.at(start)
		last, _ := w.at(end)
		var chain []bndBound
		for k := start; k+2 <= end && n+len(chain) < maxConstraints; k += 2 {
			a, _ := w.at(k)
			opT, _ := w.at(k + 1)
			b, _ := w.at(k + 2)
			op := opT.op
			switch {
			case a.kind == bkVar && b.kind == bkNum:
				chain = append(chain, bndBound{Var: bndVarName(a.text), Lower: op == bopGreater || op == bopGreaterEq, Value: b.num,
					Strict: op == bopLess || op == bopGreater, Start: first.start, End: last.end})
			case a.kind == bkNum && b.kind == bkVar:
				chain = append(chain, bndBound{Var: bndVarName(b.text), Lower: op == bopLess || op == bopLessEq, Value: a.num,
					Strict: op == bopLess || op == bopGreater, Start: first.start, End: last.end})
			}
		}
		if len(chain) > 0 {
			out = append(out, chain)
			n += len(chain)
		}
		i = max(i, end)
	}
	return out
}

// bndVarName is a variable's name without braces and TeX's backslash, so that "$\varepsilon$" and
// "ε" are not told apart by spelling alone.
func bndVarName(s string) string {
	s = strings.NewReplacer("{", "", "}", "").Replace(s)
	switch s {
	case `\varepsilon`, `\epsilon`:
		return "ε"
	case `\alpha`:
		return "α"
	case `\delta`:
		return "δ"
	}
	return s
}

// bndInterval is what a field says of one variable: its lower and upper bounds.
type bndInterval struct {
	lower, upper []bndBound
}

// empty reports whether some lower bound exceeds some upper bound, and which two.
func (iv bndInterval) empty() (bndBound, bndBound, bool) {
	for _, lo := range iv.lower {
		for _, up := range iv.upper {
			// Real semantics: 2 < x < 3 is not empty, though it holds no integer.
			lv, ls, uv, us := lo.Value, lo.Strict, up.Value, up.Strict
			if lv > uv || lv == uv && (ls || us) {
				return lo, up, true
			}
		}
	}
	return bndBound{}, bndBound{}, false
}

// bndShareOne reports whether two lists of bounds of one side have a common value.
func bndShareOne(a, b []bndBound) bool {
	for _, x := range a {
		for _, y := range b {
			xv, xs := x.norm()
			yv, ys := y.norm()
			if xv == yv && xs == ys {
				return true
			}
		}
	}
	return false
}

// Roles of a field in the bound comparison.
type bndRole int

const (
	bndTarget bndRole = iota // states the target's range: compared for any disagreement
	bndSetup                 // a definition or convention: compared for disjoint ranges
	bndAside                 // a remark, example or record of other results: read alone
)

type bndField struct {
	Text
	role   bndRole
	chains [][]bndBound // the field's comparisons, by chain
	vars   map[string]*bndInterval
}

// maxBoundFields bounds the fields the bound comparison reads, since it compares them in pairs.
const maxBoundFields = 300

func bndFields(r *Revision) []bndField {
	var out []bndField
	texts := r.Texts()
	if len(texts) > maxBoundFields {
		texts = texts[:maxBoundFields]
	}
	for _, t := range texts {
		role := bndAside
		switch {
		case t.Field == FieldStatement, strings.HasPrefix(t.Field, "acceptance."), t.Field == fieldOpenUnresolved,
			t.Field == fieldComputationInstance:
			role = bndTarget
		case strings.HasPrefix(t.Field, "exposition["):
			var i int
			if _, err := fmt.Sscanf(t.Field, "exposition[%d]", &i); err == nil && i < len(r.Exposition) {
				if k := r.Exposition[i].Kind; k == packet.Definition || k == packet.Convention {
					role = bndSetup
				}
			}
		}
		fb := bndField{Text: t, role: role, chains: bndComparisons(t.Body), vars: map[string]*bndInterval{}}
		for _, chain := range fb.chains {
			byVar := map[string]*bndInterval{}
			for _, b := range chain {
				iv := byVar[b.Var]
				if iv == nil {
					iv = &bndInterval{}
					byVar[b.Var] = iv
				}
				if b.Lower {
					iv.lower = append(iv.lower, b)
				} else {
					iv.upper = append(iv.upper, b)
				}
			}
			for v, iv := range byVar {
				all := fb.vars[v]
				if all == nil {
					all = &bndInterval{}
					fb.vars[v] = all
				}
				all.lower = append(all.lower, iv.lower...)
				all.upper = append(all.upper, iv.upper...)
			}
		}
		out = append(out, fb)
	}
	return out
}

func consistencyBounds(r *Revision, out *Report) {
	fields := bndFields(r)
	found, compared := consistencyExampleValues(r, out), 0
	found += consistencyCounts(r, out, maxBoundFindings-found)
	found += consistencyValues(r, out, maxBoundFindings-found)
	found += consistencyNamedBounds(r, out, maxBoundFindings-found)
	found += consistencyArithmetic(r, out, maxBoundFindings-found)
	found += consistencySlips(r, out, maxBoundFindings-found)
	found += consistencyCongruences(r, out, maxBoundFindings-found)
	found += consistencyGrowth(r, out, maxBoundFindings-found)
	found += consistencyExampleExcluded(r, out, maxBoundFindings-found)
	found += consistencyExampleExtremum(r, out, maxBoundFindings-found)
	found += consistencyExampleBoundBeyond(r, out, maxBoundFindings-found)
	found += consistencyExampleFormula(r, out, maxBoundFindings-found)
	found += consistencyExampleRelation(r, out, maxBoundFindings-found)
	found += consistencyStatusSettles(r, out, maxBoundFindings-found)
	found += consistencyExampleThreshold(r, out, maxBoundFindings-found)
	found += consistencyExampleRecord(r, out, maxBoundFindings-found)
	found += consistencyConstants(r, out, maxBoundFindings-found)
	found += consistencyConcreteBounds(r, out, maxBoundFindings-found)
	found += consistencyUnits(r, out, maxBoundFindings-found)
	found += consistencyInstanceRange(r, out, maxBoundFindings-found)
	found += consistencyCriterionBranch(r, out, maxBoundFindings-found)
	found += consistencyExampleOrder(r, out, maxBoundFindings-found)
	found += consistencyExampleBareRelation(r, out, maxBoundFindings-found)
	found += consistencyExampleExtremal(r, out, maxBoundFindings-found)
	found += consistencyStatusReversed(r, out, maxBoundFindings-found)
	ask := func(a Text, ab bndBound, b Text, bb bndBound, behaviour string) {
		if found >= maxBoundFindings {
			found++
			return
		}
		found++
		fix := "Make the ranges agree: state the range of " + ab.Var + " once in the statement and use the same bounds in " + b.Field + ", or rename the variable if the two passages mean different things."
		out.NeedsHuman(checkConsistencyBounds, SpanOf(a.Field, a.Body, ab.Start, ab.End), behaviour, fix)
		if b.Field != a.Field || bb.Start != ab.Start {
			out.NeedsHuman(checkConsistencyBounds, SpanOf(b.Field, b.Body, bb.Start, bb.End), behaviour, fix)
		}
	}
	// Within one field: a target field that states disjoint ranges, or any comparison chain
	// whose own range is empty.
	for _, f := range fields {
		for _, chain := range f.chains {
			iv := bndInterval{}
			for _, b := range chain {
				if b.Lower {
					iv.lower = append(iv.lower, b)
				} else {
					iv.upper = append(iv.upper, b)
				}
			}
			for _, v := range bndChainVars(chain) {
				sub := bndRestrict(iv, v)
				if lo, up, empty := sub.empty(); empty {
					ask(f.Text, lo, f.Text, up, fmt.Sprintf("%s states %s and %s in one comparison, which no value satisfies.", f.Field, lo, up))
				}
			}
		}
		if f.role != bndTarget {
			continue
		}
		for _, v := range bndSortedVars(f.vars) {
			compared++
			if lo, up, empty := f.vars[v].empty(); empty && !bndSameChain(lo, up) {
				ask(f.Text, lo, f.Text, up, fmt.Sprintf("%s states both %s and %s, which no value satisfies.", f.Field, lo, up))
			}
		}
	}
	// Across fields.
	for i, a := range fields {
		for _, b := range fields[i+1:] {
			if a.role == bndAside || b.role == bndAside || a.role == bndSetup && b.role == bndSetup {
				continue
			}
			for _, v := range bndSortedVars(a.vars) {
				bv, ok := b.vars[v]
				if !ok {
					continue
				}
				av := a.vars[v]
				compared++
				if a.role == bndTarget && b.role == bndTarget {
					if len(av.lower) > 0 && len(bv.lower) > 0 && !bndShareOne(av.lower, bv.lower) {
						ask(a.Text, av.lower[0], b.Text, bv.lower[0], fmt.Sprintf("%s states %s but %s states %s: two different lower bounds on %s.", a.Field, av.lower[0], b.Field, bv.lower[0], v))
					}
					if len(av.upper) > 0 && len(bv.upper) > 0 && !bndShareOne(av.upper, bv.upper) {
						ask(a.Text, av.upper[0], b.Text, bv.upper[0], fmt.Sprintf("%s states %s but %s states %s: two different upper bounds on %s.", a.Field, av.upper[0], b.Field, bv.upper[0], v))
					}
				}
				if lo, up, empty := (bndInterval{lower: av.lower, upper: bv.upper}).empty(); empty {
					ask(a.Text, lo, b.Text, up, fmt.Sprintf("%s states %s but %s states %s, ranges with no value in common.", a.Field, lo, b.Field, up))
				} else if lo, up, empty := (bndInterval{lower: bv.lower, upper: av.upper}).empty(); empty {
					ask(b.Text, lo, a.Text, up, fmt.Sprintf("%s states %s but %s states %s, ranges with no value in common.", b.Field, lo, a.Field, up))
				}
			}
		}
	}
	if found > maxBoundFindings {
		out.NeedsHuman(checkConsistencyBounds, Whole(FieldStatement, r.Statement),
			fmt.Sprintf("%d disagreements between stated bounds were found; the first %d are listed.", found, maxBoundFindings),
			"State each variable's range once in the statement and use the same bounds everywhere else.")
	}
	switch {
	case found > 0:
	case compared == 0:
		out.Pass(checkConsistencyBounds, Whole(FieldStatement, r.Statement),
			"No variable is bounded by a number in more than one place of the statement, acceptance condition, definitions and conventions, and no comparison contradicts itself.")
	default:
		out.Pass(checkConsistencyBounds, Whole(FieldStatement, r.Statement),
			fmt.Sprintf("The bounds stated on variables agree across the statement, acceptance condition, definitions and conventions (%s compared).", countOf(compared, "range")))
	}
}

func bndChainVars(chain []bndBound) []string {
	var out []string
	for _, b := range chain {
		if !bndContains(out, b.Var) {
			out = append(out, b.Var)
		}
	}
	return out
}

func bndContains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func bndRestrict(iv bndInterval, v string) bndInterval {
	var out bndInterval
	for _, b := range iv.lower {
		if b.Var == v {
			out.lower = append(out.lower, b)
		}
	}
	for _, b := range iv.upper {
		if b.Var == v {
			out.upper = append(out.upper, b)
		}
	}
	return out
}

// bndSameChain reports whether two bounds come from one comparison chain, which the chain check
// has already read.
func bndSameChain(a, b bndBound) bool { return a.Start == b.Start && a.End == b.End }

func bndSortedVars(m map[string]*bndInterval) []string {
	out := make([]string, 0, len(m))
	for v := range m {
		out = append(out, v)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Field paths of the computation record.
const (
	fieldComputation           = "computation"
	fieldComputationInstance   = "computation.instance"
	fieldComputationEquiv      = "computation.equivalence"
	fieldComputationBrute      = "computation.whyNotBruteForce"
	fieldComputationSmallCases = "computation.smallCases"
	fieldComputationCert       = "computation.certification"
	fieldComputationOrigin     = "computation.parameterOrigin"
	fieldCodeRepository        = "computation.code.repository"
	fieldCodeRevision          = "computation.code.revision"
	fieldCodeInputs            = "computation.code.inputs"
	fieldCodeDigest            = "computation.code.expectedDigest"
)

var (
	// artHexRe finds commit-like hexadecimal strings; artHashLike decides whether one is a hash.
	artHexRe = regexp.MustCompile(`\b[0-9a-fA-F]{7,64}\b`)
	// artRevisionRe finds the revision a forge URL pins: /commit/X, /tree/X, /blob/X, /raw/X,
	// /src/X, /-/tree/X, ?h=X, ?id=X, @X.
	artRevisionRe = regexp.MustCompile(`(?:/(?:commit|commits|tree|blob|raw|src|archive|releases/tag)/|[?&](?:h|id|rev|ref|sha)=|@)([^/?#&\s]+)`)
	// artArchiveRe finds archive identifiers that pin an artefact by content: a Zenodo DOI or
	// record, a Software Heritage identifier.
	artArchiveRe = regexp.MustCompile(`(?i)\b10\.5281/zenodo\.[0-9]+|\bswh:1:|\bzenodo\.org/(records?|doi)/[0-9]`)
)

// artForges host repositories whose URLs name a revision or, without one, a moving branch.
var artForges = []string{"github.com", "gitlab.", "bitbucket.org", "codeberg.org", "sr.ht", "gitee.com",
	"huggingface.co", "sourceforge.net", "gitea.", "git."}

// artHashLike reports whether a hexadecimal string is a commit hash or digest rather than a number
// or a word: a full hash, or at least seven characters mixing digits and letters.
func artHashLike(h string) bool {
	if len(h) < 7 || strings.Trim(strings.ToLower(h), "0123456789abcdef") != "" {
		return false
	}
	if len(h) == 40 || len(h) == 64 {
		return true
	}
	return strings.ContainsAny(h, "0123456789") && strings.ContainsAny(strings.ToLower(h), "abcdef")
}

// artPinned reports whether text names an immutable revision or digest anywhere.
func artPinned(text string) bool {
	for _, h := range artHexRe.FindAllString(scanPart(text), 50) {
		if artHashLike(h) {
			return true
		}
	}
	return artArchiveRe.MatchString(scanPart(text))
}

func artIsForge(u string) bool {
	low := strings.ToLower(u)
	if i := strings.Index(low, "://"); i >= 0 {
		low = low[i+3:]
	}
	host, _, _ := strings.Cut(low, "/")
	for _, f := range artForges {
		if strings.HasPrefix(host, f) || strings.HasSuffix(host, "."+strings.TrimSuffix(f, ".")) || host == strings.TrimSuffix(f, ".") || strings.HasPrefix(host, "www."+f) {
			return true
		}
	}
	return false
}

// artifactVerdict judges one reference to code or data in a field whose other text is ctx.
func artifactVerdict(u, ctx string) (Verdict, string) {
	if m := artRevisionRe.FindStringSubmatch(u); m != nil {
		if artHashLike(m[1]) {
			return Pass, "pins the revision " + m[1]
		}
		if artIsForge(u) {
			return Fail, "names “" + m[1] + "”, a branch or tag that can move, not an immutable revision"
		}
	}
	if artPinned(u) || artPinned(ctx) {
		return Pass, "is given with a commit hash or digest"
	}
	if artIsForge(u) {
		return Fail, "names a repository but no revision, so it points at whatever the default branch holds"
	}
	return NeedsHuman, "is a web address with no digest, whose content may change"
}

// artifactFields are the fields whose references to code, data and certificates carry weight.
func artifactFields(r *Revision) []Text {
	out := []Text{{fieldAcceptanceCertificate, r.Acceptance.Certificate}}
	if c := r.Computation; c != nil {
		out = append(out, Text{fieldComputationInstance, c.Instance}, Text{fieldComputationEquiv, c.Equivalence},
			Text{fieldComputationBrute, c.WhyNotBruteForce}, Text{fieldComputationSmallCases, c.SmallCases},
			Text{fieldComputationCert, c.Certification}, Text{fieldComputationOrigin, c.ParameterOrigin})
		if c.Code != nil {
			out = append(out, Text{fieldCodeInputs, c.Code.Inputs}, Text{fieldCodeDigest, c.Code.ExpectedDigest})
		}
	}
	return out
}

// artBranchNames are revisions that move.
var artBranchNames = wordSet("main", "master", "head", "develop", "dev", "trunk", "latest", "default", "stable", "release", "current", "tip", "gh-pages")

// immutableRevision reports whether a code record's revision pins one state of the code.
func immutableRevision(rev string) bool {
	rev = strings.TrimSpace(rev)
	if rev == "" || artBranchNames[strings.ToLower(rev)] {
		return false
	}
	if artHashLike(strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(rev), "sha1:"), "sha256:")) {
		return true
	}
	return artPinned(rev)
}

func consistencyArtifacts(r *Revision, out *Report) {
	weighed, bad := 0, 0
	for _, t := range artifactFields(r) {
		seen := map[string]bool{}
		for _, m := range quotedURLRe.FindAllStringIndex(scanPart(t.Body), 200) {
			u := trimIDTail(t.Body[m[0]:m[1]])
			if seen[u] || len(seen) >= maxBoundFindings {
				continue
			}
			seen[u] = true
			ctx := t.Body[:m[0]] + " " + t.Body[m[0]+len(u):]
			weighed++
			v, why := artifactVerdict(u, ctx)
			sp := SpanOf(t.Field, t.Body, m[0], m[0]+len(u))
			switch v {
			case Fail:
				bad++
				out.Fail(checkConsistencyArtifacts, sp, t.Field+" cites “"+clipText(u, 120)+"”, which "+why+".",
					"Replace “"+clipText(u, 120)+"” in "+t.Field+" with a link to the exact commit (…/commit/<40-hex hash> or …/tree/<hash>/…), or give the commit hash or a sha256 digest of the artefact next to it.")
			case NeedsHuman:
				out.NeedsHuman(checkConsistencyArtifacts, sp, t.Field+" cites “"+clipText(u, 120)+"”, which "+why+".",
					"Give a sha256 digest of the artefact at “"+clipText(u, 120)+"”, or deposit it in an archive with a DOI (for example Zenodo).")
			}
		}
	}
	if c := r.Computation; c != nil && c.Code != nil {
		code := c.Code
		weighed++
		switch {
		case strings.TrimSpace(code.Revision) != "" && !immutableRevision(code.Revision):
			bad++
			out.Fail(checkConsistencyArtifacts, Whole(fieldCodeRevision, code.Revision),
				"computation.code.revision is “"+clipText(code.Revision, 60)+"”, a branch or tag name that can move, not an immutable revision.",
				"Set computation.code.revision to the full commit hash (40 hexadecimal characters) of the code that produced the result.")
		case strings.TrimSpace(code.Repository) != "":
			rev := code.Revision
			u := strings.TrimSpace(code.Repository)
			if immutableRevision(rev) {
				break
			}
			if v, why := artifactVerdict(u, ""); v == Fail {
				bad++
				out.Fail(checkConsistencyArtifacts, Whole(fieldCodeRepository, code.Repository),
					"computation.code.repository “"+clipText(u, 120)+"” "+why+", and computation.code.revision gives none.",
					"Set computation.code.revision to the full commit hash of the code that produced the result.")
			}
		}
	}
	if bad > 0 {
		return
	}
	if weighed == 0 {
		out.Pass(checkConsistencyArtifacts, Whole(fieldAcceptanceCertificate, r.Acceptance.Certificate), "The certificate and computation cite no code or data by address, so there is no revision to pin.")
		return
	}
	out.Pass(checkConsistencyArtifacts, Whole(fieldAcceptanceCertificate, r.Acceptance.Certificate), "Every code or data reference in the certificate and computation that carries weight pins an immutable revision or digest.")
}
