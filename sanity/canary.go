package sanity

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/theoremdb/theoremdb/tex"
)

// Mutation is a small change that turns a true statement into a false one
// (K09 9.3.5): the canaries a configuration must not "prove", and the wrong
// steps a model judge must reject.
type Mutation string

// The mutations.
const (
	FlippedInequality Mutation = "flipped-inequality" // x \le y becomes x > y
	DroppedHypothesis Mutation = "dropped-hypothesis" // "If A, then B" becomes "B"; "a finite group" becomes "a group"
	ShiftedIndex      Mutation = "shifted-index"      // a_{n} becomes a_{n+1}, \sum_{i=1} becomes \sum_{i=2}
	ChangedConstant   Mutation = "changed-constant"   // 2 becomes 3
)

// Mutations are the four, in a fixed order.
var Mutations = []Mutation{FlippedInequality, DroppedHypothesis, ShiftedIndex, ChangedConstant}

// Change is one mutation made to a text: the bytes [Start, End) of the
// original, From, were replaced by To.
type Change struct {
	Mutation   Mutation
	Start, End int
	From, To   string
}

// Apply returns text with c made.
func (c Change) Apply(text string) string { return text[:c.Start] + c.To + text[c.End:] }

// Mutate picks, with r, one place in text where m applies and returns the
// change; ok is false when m has no place in text (or its TeX cannot be
// read).
func Mutate(text string, m Mutation, r *rand.Rand) (Change, bool) {
	var cs []Change
	switch m {
	case DroppedHypothesis:
		cs = hypotheses(text)
	default:
		doc, err := tex.Read(text)
		if err != nil {
			return Change{}, false
		}
		for _, f := range doc.Formulas {
			for k, a := range f.Atoms {
				if c, ok := mathChange(m, text, &f, k, a); ok {
					cs = append(cs, c)
				}
			}
		}
	}
	if len(cs) == 0 {
		return Change{}, false
	}
	return cs[r.IntN(len(cs))], true
}

// negated maps an order relation to its negation.
var negated = map[string]string{
	"<": `\ge`, ">": `\le`, `\lt`: `\ge`, `\gt`: `\le`,
	`\le`: ">", `\leq`: ">", `\leqslant`: ">", `\ge`: "<", `\geq`: "<", `\geqslant`: "<",
	`\subseteq`: `\not\subseteq`, `\subset`: `\not\subset`, `\in`: `\notin`, `\notin`: `\in`,
	"=": `\neq`, `\neq`: "=", `\ne`: "=",
}

// mathChange is m's change at atom k of formula f, if m applies there.
func mathChange(m Mutation, text string, f *tex.Formula, k int, a tex.Atom) (Change, bool) {
	at := func(to string) (Change, bool) {
		return Change{Mutation: m, Start: a.Start, End: a.End, From: text[a.Start:a.End], To: to}, true
	}
	switch m {
	case FlippedInequality:
		if a.Kind != tex.AtomRel || a.Text == "=" || a.Text == `\neq` || a.Text == `\ne` {
			return Change{}, false // an equation's negation is a flip too, but rarely a small one
		}
		if to, ok := negated[a.Text]; ok {
			if strings.HasPrefix(to, `\`) && a.End < len(text) && isLetter(text[a.End]) {
				to += " "
			}
			return at(to)
		}
	case ShiftedIndex:
		if a.Script != '_' {
			return Change{}, false
		}
		switch a.Kind {
		case tex.AtomNumber:
			if n, err := strconv.Atoi(a.Text); err == nil {
				return at(strconv.Itoa(n + 1))
			}
		case tex.AtomIdent:
			// The last letter of a subscript: a_n becomes a_{n+1}, x_{i} becomes x_{i+1}.
			if k+1 < len(f.Atoms) && f.Atoms[k+1].Script == '_' && f.Atoms[k+1].Base == a.Base {
				return Change{}, false
			}
			if a.Start > 0 && text[a.Start-1] == '_' {
				return at("{" + a.Text + "+1}")
			}
			return at(a.Text + "+1")
		}
	case ChangedConstant:
		if a.Kind != tex.AtomNumber || a.Script == '_' { // an index is ShiftedIndex's
			return Change{}, false
		}
		n, err := strconv.Atoi(a.Text)
		if err != nil || n > 1_000_000 {
			return Change{}, false
		}
		return at(strconv.Itoa(n + 1))
	}
	return Change{}, false
}

// hypothesisAdjectives are words that, before a noun, state a hypothesis a
// theorem often needs.
var hypothesisAdjectives = []string{"finite", "abelian", "compact", "connected", "nonempty", "non-empty", "continuous",
	"bounded", "positive", "odd", "even", "distinct", "nonzero", "non-zero", "convex", "closed", "open", "separable",
	"complete", "countable", "injective", "surjective", "bijective", "consistent", "decidable", "transitive",
	"well-ordered", "prime", "monotone", "increasing", "decreasing", "integrable", "differentiable", "finitely generated",
	"simple", "infinite", "regular", "normal", "Hausdorff", "irreducible", "square-free", "coprime", "satisfiable"}

var (
	ifThen     = regexp.MustCompile(`(?s)(^|[.:]\s+)(If|Suppose|Assume that|Assume)\s+(.+?),\s*then\s+`)
	adjectives = regexp.MustCompile(`\b(` + strings.Join(quoteAll(hypothesisAdjectives), "|") + `)\s+`)
	// quantified is what comes before a hypothesis adjective: an article or a
	// quantifier, and at most three words between them ("every finite abelian").
	quantified = regexp.MustCompile(`\b(?i:(a|an|every|any|each|all|some|the))\s+((?:[A-Za-z-]+\s+){0,3})$`)
)

// hypotheses are the places where dropping a hypothesis changes text: the
// "If A, then" of a conditional (outside formulas), and an adjective that
// states a hypothesis ("every finite group").
func hypotheses(text string) []Change {
	var cs []Change
	inMath := mathSpans(text)
	outside := func(i int) bool {
		return !slices.ContainsFunc(inMath, func(s [2]int) bool { return s[0] <= i && i < s[1] })
	}
	for _, m := range ifThen.FindAllStringSubmatchIndex(text, -1) {
		start := m[4] // the If
		if !outside(start) || !outside(m[1]-1) {
			continue
		}
		rest := text[m[1]:]
		if rest == "" {
			continue
		}
		first := []rune(rest)[0]
		to := string(unicode.ToUpper(first))
		cs = append(cs, Change{Mutation: DroppedHypothesis, Start: start, End: m[1] + len(string(first)),
			From: text[start : m[1]+len(string(first))], To: to})
	}
	for _, m := range adjectives.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[2], m[3] // the adjective
		q := quantified.FindStringSubmatchIndex(text[max(0, s-60):s])
		if q == nil || !outside(s) {
			continue
		}
		end := e
		for end < len(text) && text[end] == ' ' {
			end++
		}
		// "an abelian group" would read "an group": the article follows the next word.
		off := max(0, s-60)
		if art := text[off+q[2] : off+q[3]]; q[5] == q[4] && (art == "a" || art == "an") {
			want := "a"
			if end < len(text) && strings.ContainsRune("aeiouAEIOU", rune(text[end])) {
				want = "an"
			}
			if want != art {
				cs = append(cs, Change{Mutation: DroppedHypothesis, Start: off + q[2], End: end, From: text[off+q[2] : end], To: want + " "})
				continue
			}
		}
		cs = append(cs, Change{Mutation: DroppedHypothesis, Start: s, End: end, From: text[s:end]})
	}
	return cs
}

// mathSpans are the byte ranges of text's formulas.
func mathSpans(text string) [][2]int {
	doc, err := tex.Read(text)
	if err != nil {
		return [][2]int{{0, len(text)}} // unreadable: treat it all as math, and drop nothing
	}
	spans := make([][2]int, len(doc.Formulas))
	for i, f := range doc.Formulas {
		spans[i] = [2]int{f.Start, f.End}
	}
	return spans
}

func quoteAll(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = regexp.QuoteMeta(w)
	}
	return out
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
