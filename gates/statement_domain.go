package gates

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/tex"
)

// stDecls are the identifiers some text introduces, with where.
type stDecls struct {
	// hard are introductions the reader recognises: a quantifier or "let", an object noun
	// ("integer $n$"), a membership or a bound ("$x \in \mathbb{R}$", "$n \ge 1$").
	hard map[string]Span
	// soft are places that look like an introduction the reader cannot parse ("$n$ points",
	// "the $k$", an unknown word before the formula).
	soft map[string]Span
	// ranged are the names given a range, not only a meaning: by a quantifier or a bound
	// ("for every $n \ge 0$"), as a recurrence's index needs; "let" alone does not range.
	ranged map[string]bool
}

func newStDecls() *stDecls {
	return &stDecls{hard: map[string]Span{}, soft: map[string]Span{}, ranged: map[string]bool{}}
}

func (d *stDecls) add(name string, soft bool, sp Span) {
	if name == "" {
		return
	}
	if soft {
		if _, ok := d.soft[name]; !ok {
			d.soft[name] = sp
		}
		return
	}
	if _, ok := d.hard[name]; !ok {
		d.hard[name] = sp
	}
}

// has reports whether name is introduced (hard, or soft when soft is true), counting an
// accented or bold letter as introduced with its letter and a run of letters ("bs") as
// introduced with all its letters.
func (d *stDecls) has(name string, soft bool) bool {
	in := func(n string) bool {
		if _, ok := d.hard[n]; ok {
			return true
		}
		_, ok := d.soft[n]
		return soft && ok
	}
	if in(name) {
		return true
	}
	if inner := stInnerLetter(name); inner != "" && in(inner) {
		return true
	}
	if len(name) > 1 && stAlpha(name) && !strings.HasPrefix(name, `\`) {
		for i := 0; i < len(name); i++ {
			if !in(name[i : i+1]) {
				return false
			}
		}
		return true
	}
	return false
}

// stInnerLetter returns x for \hat{x}, \bar{x}, \mathbf{x} and the like: a decorated letter
// denotes an object made from the letter's.
func stInnerLetter(name string) string {
	for _, p := range []string{`\mathcal{`, `\mathscr{`, `\mathfrak{`} {
		if strings.HasPrefix(name, p) {
			return "" // a script letter is a different object from the plain one
		}
	}
	if i := strings.IndexByte(name, '{'); i > 0 && strings.HasSuffix(name, "}") && name[0] == '\\' {
		return name[i+1 : len(name)-1]
	}
	return ""
}

// stDeclarations collects what the statement, its definitions and its conventions introduce,
// and apart from that what remarks and examples introduce.
func stDeclarations(a *stAnalysis) (decl, elsewhere *stDecls) {
	decl, elsewhere = newStDecls(), newStDecls()
	v := stVocabulary()
	stScanDecls(a.stmt, decl, v)
	for i, e := range a.r.Exposition {
		t := a.entries[i]
		switch e.Kind {
		case packet.Definition, packet.Convention:
			if e.Kind == packet.Definition && !stStatementUsesTerm(e.Term, a.r.Statement) {
				// A definition of a term the statement does not use introduces its letters for
				// itself: "An integer $d < 0$ …" defines a discriminant, not the statement's $d$.
				stScanDecls(t, elsewhere, v)
				for n, sp := range elsewhere.soft {
					elsewhere.add(n, false, sp)
				}
				stTermDecls(e.Term, ExpositionField(i, "term"), decl)
				continue
			}
			stScanDecls(t, decl, v)
			if e.Kind == packet.Definition {
				stTermDecls(e.Term, ExpositionField(i, "term"), decl)
			}
		default:
			stScanDecls(t, elsewhere, v)
			for n, sp := range elsewhere.soft {
				elsewhere.add(n, false, sp)
			}
		}
	}
	return decl, elsewhere
}

var stTermSymbolRe = regexp.MustCompile(`^\$?(\\?[A-Za-z]+)\s*(\(|_|\^|\$|$)`)

// stTermDecls records the symbols a definition's term introduces: "R(s, t)", "$u(n)$", "G".
func stTermDecls(term, field string, d *stDecls) {
	term = strings.TrimSpace(term)
	if term == "" {
		return
	}
	sp := Whole(field, term)
	if doc, err := tex.Read(term); err == nil && len(doc.Formulas) > 0 {
		for _, f := range doc.Formulas {
			for _, k := range stKeys(&f) {
				d.add(k, false, sp)
			}
		}
		return
	}
	if m := stTermSymbolRe.FindStringSubmatch(term); m != nil && (m[2] != "" || len(m[1]) == 1 || m[1][0] == '\\') {
		d.add(m[1], false, sp)
	}
}

// stCtx is how the prose around a formula introduces it.
type stCtx byte

// stVariableDomain checks that every variable of the statement's formulas is introduced.
func stVariableDomain(a *stAnalysis, out *Report) {
	t := a.stmt
	hypotheses := stCliqueHypotheses(a.r.Statement, out) + stDefinitionHypotheses(a.r.Statement, out) + stVacuousZero(a.r.Statement, out)
	if !t.ok() {
		out.Unknown(stCheckDomain, t.whole(),
			"The statement's TeX could not be read (see statement.tex-wellformed), so its variables were not checked.")
		return
	}
	if len(t.tex.Formulas) == 0 {
		out.Pass(stCheckDomain, t.whole(), "The statement has no formulas, so it uses no variable that needs a domain.")
		return
	}
	asked := stQuantifierOrder(a, out) + stConstantBeforeEpsilon(a, out) + stQuantifiedExtremum(a, out) + hypotheses + stDimensionOnly(a, out) + stRingUnstated(a, out) + stSetUnplaced(a, out) + stCountedTuplesUnplaced(a, out) + stLetterTwoKinds(a, out)
	var uses []*stUse
	byName := map[string]*stUse{}
	checked := map[string]bool{}
	// A capital letter written only before a map the statement introduces ("$Df$") is its
	// derivative where the statement differentiates, and notation a person confirms elsewhere.
	ops, maps, differentiates := stOperatorLetters(a), stMapLetters(a), stDifferentiates(a.r.Statement, a.notation)
	for fi := range t.tex.Formulas {
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		bound := stBound(f, keys)
		asymptotic, undefinedFunction := false, false
		for k, key := range keys {
			at := f.Atoms[k]
			asymptotic = asymptotic || stAsymptotic[at.Text] && (at.Kind == tex.AtomRel || at.Kind == tex.AtomBigOp || stApplied(f, k)) ||
				at.Kind == tex.AtomRel && at.Depth == 0 && at.Script == 0 && stArrows[at.Text] && at.Text != `\mapsto`
			if key != "" && stApplied(f, k) && !bound[key] && !a.decl.has(key, false) && !stNotVariable(f, keys, k, a.notation) {
				undefinedFunction = true
			}
		}
		for k, key := range keys {
			if key == "" || bound[key] || stNotVariable(f, keys, k, a.notation) {
				continue
			}
			checked[key] = true
			if a.decl.has(key, false) {
				continue
			}
			inScript := f.Atoms[k].Script != 0
			tight, operator := ops[key]
			if w := stOperatorWord(key, maps); w != "" && !a.decl.has(w, false) {
				tight, operator = true, true
			}
			if operator && tight && differentiates {
				delete(checked, key)
				continue
			}
			// An operator letter before a function ("$\Delta f = f^3$") may be the Laplacian,
			// standard notation a person confirms as for a letter applied to an argument.
			applied := stApplied(f, k) || !a.notation.graphs && stOperates(f, keys, k) || operator
			implicit := asymptotic || undefinedFunction && !applied
			if u, ok := byName[key]; ok {
				u.scripts = u.scripts && inScript
				u.function = u.function || applied
				u.implicit = u.implicit && implicit
				continue
			}
			u := &stUse{name: key, formula: fi, span: t.span(f.Start, f.End), scripts: inScript, function: applied, implicit: implicit}
			byName[key] = u
			uses = append(uses, u)
		}
	}
	if len(uses) == 0 {
		names := make([]string, 0, len(checked))
		for n := range checked {
			names = append(names, stShow(n))
		}
		sort.Strings(names)
		if asked > 0 {
			return
		}
		out.Pass(stCheckDomain, t.whole(),
			fmt.Sprintf("Each of the %s used in the statement's %s (%s) is introduced with a domain or a quantifier range, or is bound by a sum, limit, integral or set-builder.",
				stCount(len(checked), "variable"), stCount(len(t.tex.Formulas), "formula"), stList(names, 12)))
		return
	}
	const maxFindings = 8
	outside := stRefersOutside(t)
	// A statement that introduces none or few of its own variables reads as a fragment of a
	// longer text; whether its variables are meant to come from there is for a person to judge.
	// One that introduces most of them and misses one has certainly missed it.
	introduced := len(checked) - len(uses)
	fragment := introduced == 0 || len(uses) > introduced
	for i, u := range uses {
		if i == maxFindings {
			break
		}
		name := stShow(u.name)
		switch {
		case a.decl.has(u.name, true):
			sp := a.decl.soft[u.name]
			out.NeedsHuman(stCheckDomain, sp,
				fmt.Sprintf("The statement introduces %s only by \"%s\", which the reader cannot parse as a domain or a quantifier range; a person must confirm that it says what %s ranges over.", name, sp.Quote, name),
				fmt.Sprintf("If \"%s\" does not say what %s ranges over, state it where %s is introduced (for example \"for every integer %s\" or \"let %s be …\").", sp.Quote, name, name, stShow(u.name+` \ge 1`), name))
		case a.elsewhere.has(u.name, false):
			sp := a.elsewhere.hard[u.name]
			out.NeedsHuman(stCheckDomain, u.span,
				fmt.Sprintf("The statement uses %s, which only %s introduces; a person must confirm that the statement read on its own says what %s ranges over.", name, stFieldName(a.r, strings.TrimSuffix(sp.Field, ".body")), name),
				fmt.Sprintf("Introduce %s in the statement, or in a definition or convention entry, with its domain (for example \"let %s be …\").", name, name))
		case u.function:
			out.NeedsHuman(stCheckDomain, u.span,
				fmt.Sprintf("The statement applies %s to an argument but never defines it; it may be standard notation, so a person must confirm that its meaning is fixed.", name),
				fmt.Sprintf("Define %s in the statement or in a definition entry (for example \"let %s be the number of …\"), unless it is standard notation with one meaning.", name, stShow(u.name+"(n)")))
		case u.implicit:
			out.NeedsHuman(stCheckDomain, u.span,
				fmt.Sprintf("The statement uses %s without a domain, in an asymptotic formula or as the argument of undefined notation, where its range is implicit; a person must confirm that the range is clear.", name),
				fmt.Sprintf("Say what %s ranges over (for example \"as %s\" or \"for every integer %s\").", name, stShow(u.name+` \to \infty`), stShow(u.name+` \ge 1`)))
		case u.scripts:
			out.NeedsHuman(stCheckDomain, u.span,
				fmt.Sprintf("The statement uses %s only as an index and never says which values it takes; a person must confirm that the indexing is clear from the statement.", name),
				fmt.Sprintf("State the index set of %s (for example \"for %s\").", name, stShow(`1 \le `+u.name+` \le n`)))
		case fragment:
			out.NeedsHuman(stCheckDomain, u.span,
				fmt.Sprintf("The statement uses %s without a domain and introduces only %d of its %d variables itself, so it may be a fragment that relies on other text; a person must confirm what %s ranges over.", name, introduced, len(checked), name),
				fmt.Sprintf("Make the statement self-contained: introduce %s and the other variables with their domains (for example \"for every integer %s\").", name, stShow(u.name+` \ge 1`)))
		case stFormalIdentity(t, u.formula):
			out.NeedsHuman(stCheckDomain, u.span,
				fmt.Sprintf("The statement uses %s only in an identity it gives as a definition (a generating function, a series or a product), where %s is a formal variable; a person must confirm that the identity defines what it says.", name, name),
				fmt.Sprintf("If %s is a formal variable, say so (for example \"as formal power series in %s\"); otherwise say what it ranges over.", name, name))
		case outside >= 0:
			out.NeedsHuman(stCheckDomain, u.span,
				fmt.Sprintf("The statement uses %s without a domain, and it refers to something outside itself (\"%s\"), which may introduce %s; a person must confirm what %s ranges over.", name, t.src[outside:min(len(t.src), outside+24)], name, name),
				fmt.Sprintf("Make the statement self-contained: introduce %s with its domain (for example \"for every integer %s\") instead of referring to earlier text.", name, stShow(u.name+` \ge 1`)))
		default:
			out.Fail(stCheckDomain, u.span,
				fmt.Sprintf("The statement uses %s in %s, but neither the statement nor a definition or convention entry gives %s a domain or a quantifier range.", name, u.span.Quote, name),
				fmt.Sprintf("Say what %s ranges over where it is introduced (for example \"for every integer %s\" or \"let %s be …\"), or introduce it in a definition or convention entry.", name, stShow(u.name+` \ge 1`), name))
		}
	}
}

// stStatementUsesTerm reports whether the statement uses a definition's term: every word of three
// letters or more of the term occurs in the statement by its first five letters ("strongly
// regular graphs" in "a strongly regular graph"), or the term is a symbol or empty.
func stStatementUsesTerm(term, statement string) bool {
	low := strings.ToLower(statement)
	for _, w := range strings.FieldsFunc(strings.ToLower(term), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(w) < 3 {
			continue
		}
		if rs := []rune(w); len(rs) > 5 {
			w = string(rs[:5])
		}
		if !strings.Contains(low, w) {
			return false
		}
	}
	return true
}
