package similar

import (
	"bytes"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/copycheck"
)

// Bounds on the work of reading one statement: the bytes read, enough for the longest statement
// intake accepts in most scripts (policy.MaxStatement, 20,000 characters), and the features
// kept.
const (
	simMaxText     = 32 << 10
	simMaxFeatures = 4096
)

// simDefuse turns into plain text the formula openers that nothing closes: every \( after the
// last \), every \[ after the last \], every \begin{env} after the last \end{env}.
// copycheck.Normalize looks for the closing delimiter of each to the end of the text, which on a
// run of unclosed openers takes time quadratic in the length; the text it reads is the same,
// since it reads an unclosed opener as white space.
func simDefuse(src []byte) []byte {
	copied := false
	blank := func(i int) {
		if !copied {
			src, copied = bytes.Clone(src), true
		}
		src[i] = ' '
	}
	for _, d := range [][2]string{{`\(`, `\)`}, {`\[`, `\]`}} {
		from := bytes.LastIndex(src, []byte(d[1])) + 1
		for {
			i := bytes.Index(src[from:], []byte(d[0]))
			if i < 0 {
				break
			}
			blank(from + i)
			from += i + len(d[0])
		}
	}
	if !bytes.Contains(src, []byte(`\begin{`)) {
		return src
	}
	lastEnd := map[string]int{}
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte(`\end{`))
		if k < 0 {
			break
		}
		i += k + len(`\end{`)
		lastEnd[simEnvName(src[i:])] = i
	}
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte(`\begin{`))
		if k < 0 {
			break
		}
		at := i + k
		i = at + len(`\begin{`)
		if end, ok := lastEnd[simEnvName(src[i:])]; !ok || end < i {
			blank(at)
		}
	}
	return src
}

// simEnvName is the environment name at the start of s, up to its closing brace.
func simEnvName(s []byte) string {
	if k := bytes.IndexByte(s[:min(len(s), 40)], '}'); k >= 0 {
		return string(s[:k])
	}
	return ""
}

// simFeatures is what the index keeps of a statement and its title.
type simFeatures struct {
	stmt  []uint32
	title []uint32
	// shapes are the shapes of the statement's long formulas (simShapeMin), variables numbered
	// within each formula: a restatement in other words keeps them.
	shapes []uint32
	base   []uint32 // nil when the title has no qualifier
	weight float32
}

// baseOr returns the features of the title without its qualifier.
func (f simFeatures) baseOr() []uint32 {
	if f.base != nil {
		return f.base
	}
	return f.title
}

func simFeaturesOf(title, statement string) simFeatures {
	if len(title) > 1024 {
		title = title[:1024]
	}
	stmt, shapes := simStatementFeatures(statement)
	f := simFeatures{stmt: stmt, title: simTitleFeatures(title), shapes: shapes}
	if b, ok := simBaseTitle(title); ok {
		f.base = simTitleFeatures(b)
	}
	for _, x := range f.stmt {
		f.weight += simWeightOf(x)
	}
	return f
}

// simShapeMin is the fewest tokens a formula needs for its shape to find candidates: a short
// formula ("$n \ge 1$") is shared by unrelated statements.
const simShapeMin = 8

// simStatementFeatures returns the sorted features of a statement and the sorted shapes of its
// long formulas.
func simStatementFeatures(statement string) ([]uint32, []uint32) {
	if len(statement) > simMaxText {
		statement = statement[:simMaxText]
	}
	src := simDefuse([]byte(statement))
	nz := copycheck.Normalize(src, copycheck.Markdown)
	vars := newSimVars()
	var (
		out    []uint32
		shapes []uint32
		sent   []uint32 // content tokens of the current sentence
	)
	add := func(class, h uint32) {
		if len(out) < simMaxFeatures {
			out = append(out, class|h&^simClassMask)
		}
	}
	endSentence := func() {
		// Variables are numbered within a sentence, so that reordering sentences changes no
		// formula.
		vars.reset()
		if len(sent) >= 3 {
			set := slices.Clone(sent)
			slices.Sort(set)
			set = slices.Compact(set)
			h := uint64(0x51ed27)
			for _, t := range set {
				h = simMix(h ^ uint64(t))
			}
			add(simClassSentence, uint32(h))
		}
		sent = sent[:0]
	}
	token := func(h uint32) {
		add(simClassWord, h)
		if n := len(sent); n > 0 {
			add(simClassPair, uint32(simMix(uint64(sent[n-1])<<32|uint64(h))))
		}
		sent = append(sent, h)
	}
	text := nz.Text
	para, formula := 0, 0
	for i := 0; i < len(text); {
		for para < len(nz.Paragraphs) && int(nz.Paragraphs[para]) <= i {
			if i > 0 {
				endSentence()
			}
			para++
		}
		c := text[i]
		switch {
		case c == copycheck.Placeholder && formula < len(nz.Formulas) && int(nz.Formulas[formula].Pos) == i:
			formula++
			s, e := nz.Map.Orig(i)
			whole := simFormula(src[s:e], vars, func(h uint32) { add(simClassFormula, h) })
			token(uint32(simMix(uint64(whole) | 1<<40)))
			n := 2 // a formula of n tokens emits n − 2 triples
			if shape := simFormula(src[s:e], newSimVars(), func(uint32) { n++ }); n >= simShapeMin && len(shapes) < 64 {
				shapes = append(shapes, shape)
			}
			i++
		case simWordByte(c):
			j := i
			for j < len(text) && simWordByte(text[j]) {
				j++
			}
			if w := simWord(string(text[i:j])); w != "" {
				token(simHash(w))
			}
			i = j
		case (c == '.' || c == '?' || c == '!' || c == ';') && (i+1 == len(text) || text[i+1] == ' '):
			endSentence()
			i++
		case strings.IndexByte("<>=+*/^|", c) >= 0:
			// An operator outside a formula (in code, or plain text) is part of what the
			// statement says: "u < v" and "u > v" differ.
			token(simHash(string(c)))
			i++
		default:
			i++
		}
	}
	endSentence()
	slices.Sort(out)
	slices.Sort(shapes)
	return slices.Clone(slices.Compact(out)), slices.Compact(shapes)
}

// simTitleFeatures returns the sorted features of a title: its content words and formulas, and
// runs of two and three of them. A number counts only in a run: "Problem 23" of one collection
// and "Problem 23" of another share a number, not a problem.
func simTitleFeatures(title string) []uint32 {
	src := simDefuse([]byte(title))
	nz := copycheck.Normalize(src, copycheck.Markdown)
	vars := newSimVars()
	var (
		out         []uint32
		prev, prev2 uint32
		formula     int
	)
	for i, text := 0, nz.Text; i < len(text); {
		c := text[i]
		var (
			h      uint32
			number bool
		)
		switch {
		case c == copycheck.Placeholder && formula < len(nz.Formulas) && int(nz.Formulas[formula].Pos) == i:
			s, e := nz.Map.Orig(i)
			h = uint32(simMix(uint64(simFormula(src[s:e], vars, func(uint32) {})) | 1<<40))
			formula++
			i++
		case simWordByte(c):
			j := i
			number = true
			for j < len(text) && simWordByte(text[j]) {
				number = number && '0' <= text[j] && text[j] <= '9'
				j++
			}
			if w := simWord(string(text[i:j])); w != "" {
				h = simHash(w)
			}
			i = j
		default:
			i++
			continue
		}
		if h == 0 {
			continue
		}
		if !number {
			out = append(out, h&^simClassMask)
		}
		if prev != 0 {
			out = append(out, simClassPair|uint32(simMix(uint64(prev)<<32|uint64(h)))&^simClassMask)
		}
		if prev2 != 0 {
			out = append(out, simClassSentence|uint32(simMix(uint64(prev2)<<40^uint64(prev)<<20^uint64(h)))&^simClassMask)
		}
		prev, prev2 = h, prev
	}
	slices.Sort(out)
	return slices.Clone(slices.Compact(out))
}

// simBaseTitle returns a title without its qualifier, a parenthesised remark at its end
// ("Erdős Problem 1167 (finite targets)"), and whether it had one: two titles that differ only
// in their qualifiers name variants of one problem.
func simBaseTitle(title string) (string, bool) {
	t := strings.TrimSpace(title)
	if !strings.HasSuffix(t, ")") {
		return "", false
	}
	depth := 0
	for i := len(t) - 1; i >= 0; i-- {
		switch t[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				b := strings.TrimSpace(t[:i])
				return b, b != ""
			}
		}
	}
	return "", false
}
