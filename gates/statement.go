package gates

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/tex"
)

// The statement gate applies section 1 of the policy ("Statement") to the statement, its title
// and its exposition entries. What a machine can read it reads: the TeX, the variables and how
// each is introduced, recurrences, the terms a definition must cover, the kinds of the entries,
// the words that ask for a truth value or a value, and the overlap of title and statement. What
// it cannot certify — whether the object, parameters and conclusion are explicit and whether the
// prose is textbook quality — it routes to a person with the span to read. A check that is not
// sure says NEEDS_HUMAN; only what the text itself shows is a FAIL.

// Check IDs of the statement gate. They are a contract: findings are stored under them.
const (
	stCheckTeX        = "statement.tex-wellformed"
	stCheckDomain     = "statement.variable-domain"
	stCheckTerms      = "statement.defined-terms"
	stCheckDefinition = "statement.definition-names-term"
	stCheckKinds      = "statement.exposition-kinds"
	stCheckRecurrence = "statement.recursive-sequence"
	stCheckTarget     = "statement.determinate-target"
	stCheckTitle      = "statement.title-matches"
	stCheckSelf       = "statement.self-contained"
	stCheckExplicit   = "statement.explicit-objects"
)

// statementGate is the STATEMENT publication gate.
var statementGate = &Gate{
	Name:    Statement,
	Version: "1",
	Checks: []Check{
		{ID: stCheckTeX, Certifies: true,
			Criterion: "The statement has textbook-quality mathematical notation and prose."},
		{ID: stCheckDomain, Certifies: true,
			Criterion: "Every variable has a domain and every quantifier has an explicit range. Indexed objects state their dimensions, index sets, and indexing convention."},
		{ID: stCheckTerms, Certifies: true,
			Criterion: "Local constructions, nonstandard terms, and material conventions are defined. Standard mathematical vocabulary may stand without expansion when its usual meaning determines the object and target."},
		{ID: stCheckDefinition, Certifies: true,
			Criterion: "A definition names the term or symbol whose meaning it assigns."},
		{ID: stCheckKinds, Certifies: true,
			Criterion: "Exposition entries use one exact kind: definition, convention, remark, or example. Conventions, remarks, and examples keep their own labels."},
		{ID: stCheckRecurrence, Certifies: true,
			Criterion: "An unnamed recursively defined sequence states its initial values, recurrence, and the range on which that recurrence applies. A named sequence states any convention that can change the target."},
		{ID: stCheckTarget, Certifies: true,
			Criterion: "The target has a determinate truth value or a determinate requested value."},
		{ID: stCheckTitle, Certifies: true,
			Criterion: "The title and statement ask the same question."},
		{ID: stCheckSelf, Certifies: true,
			Criterion: "A summary, coined label, or ambiguous shorthand fails this gate when the target depends on a definition supplied elsewhere."},
		{ID: stCheckExplicit, Certifies: false,
			Criterion: "The mathematical object, parameters, ambient structure, and requested conclusion are explicit. Review the statement in isolation, with its title, context, exposition, captions, and links hidden. The statement has textbook-quality mathematical notation and prose."},
	},
	run: runStatement,
}

// runStatement reads the revision once and applies every check to what it read.
func runStatement(ctx context.Context, r *Revision, _ Env, out *Report) {
	a := stAnalyse(r)
	for _, check := range []func(*stAnalysis, *Report){
		stTeXWellformed, stVariableDomain, stDefinedTerms, stDefinitionNamesTerm, stExpositionKinds,
		stRecursiveSequence, stDeterminateTarget, stTitleMatches, stSelfContained, stExplicitObjects,
	} {
		if ctx.Err() != nil {
			return // RunGate records the checks not reported as not run
		}
		check(a, out)
	}
}

// stAnalysis is what the gate read from one revision.
type stAnalysis struct {
	r       *Revision
	stmt    *stText
	title   *stText
	entries []*stText // one per exposition entry, its body
	// decl are the variables the statement, its definitions and its conventions introduce;
	// elsewhere those only remarks and examples introduce.
	decl, elsewhere *stDecls
}

// stAnalyse reads the statement, the title and the exposition bodies.
func stAnalyse(r *Revision) *stAnalysis {
	a := &stAnalysis{r: r, stmt: stRead(FieldStatement, r.Statement), title: stRead(FieldTitle, r.Title)}
	for i, e := range r.Exposition {
		a.entries = append(a.entries, stRead(ExpositionField(i, "body"), e.Body))
	}
	a.decl, a.elsewhere = stDeclarations(a)
	return a
}

// stText is one field as the gate reads it: its TeX and its prose as tokens.
type stText struct {
	field string
	src   string
	tex   *tex.Document
	err   error // from tex.Read: malformed TeX or a limit
	toks  []stTok
	// ftok is the token index of each formula.
	ftok []int
}

// stTok is one token of prose: a word, a formula or a punctuation mark.
type stTok struct {
	kind byte   // 'w' word, 'f' formula, 'p' punctuation ("¶" for a paragraph break)
	text string // a word lower-cased; punctuation as written
	raw  string // the word as written
	// start and end are byte offsets into the field.
	start, end int
	formula    int // the formula's index, for kind 'f'
	sent       int // the sentence the token is in
	clause     int // the clause: sentences are split further at ';' and ':'
}

// stMaxTokens bounds the prose tokens read from one field; beyond it the rest is not read.
const stMaxTokens = 20_000

// stRead reads one field.
func stRead(field, src string) *stText {
	t := &stText{field: field, src: src}
	t.tex, t.err = tex.Read(src)
	if t.tex == nil {
		t.tex = &tex.Document{Source: src}
	}
	var lim *tex.LimitError
	if errors.As(t.err, &lim) {
		return t // a field past the reader's limits is not read at all
	}
	t.tokenize()
	return t
}

// ok reports whether the field's TeX was read without error.
func (t *stText) ok() bool { return t.err == nil }

// tokenize splits the field into words, formulas and punctuation, and numbers sentences.
func (t *stText) tokenize() {
	s, fs := t.src, t.tex.Formulas
	next := 0 // the next formula
	sent, clause := 0, 0
	add := func(k stTok) {
		k.sent, k.clause = sent, clause
		t.toks = append(t.toks, k)
	}
	for i := 0; i < len(s) && len(t.toks) < stMaxTokens; {
		if next < len(fs) && i >= fs[next].Start {
			t.ftok = append(t.ftok, len(t.toks))
			add(stTok{kind: 'f', start: fs[next].Start, end: fs[next].End, formula: next})
			i = fs[next].End
			next++
			continue
		}
		end := len(s)
		if next < len(fs) {
			end = fs[next].Start
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || (r == '-' && len(t.toks) > 0 && t.toks[len(t.toks)-1].kind == 'f' &&
			t.toks[len(t.toks)-1].end == i && i+1 < end && stWordStart(s[i+1:])):
			j := stWordEnd(s, i+size, end)
			w := s[i:j]
			add(stTok{kind: 'w', text: strings.ToLower(w), raw: w, start: i, end: j})
			i = j
		case r == '\n':
			j := i + 1
			for j < end && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
				j++
			}
			if j < end && s[j] == '\n' {
				add(stTok{kind: 'p', text: "¶", start: i, end: j + 1})
				sent++
				clause++
				i = j + 1
				continue
			}
			i++
		case unicode.IsSpace(r) || r == '~':
			i += size
		default:
			p := s[i : i+size]
			add(stTok{kind: 'p', text: p, start: i, end: i + size})
			i += size
			switch {
			case p == "?" || p == "!":
				sent++
				clause++
			case p == "." && stSentenceEnd(t.toks, s, i, end):
				sent++
				clause++
			case p == ";" || p == ":":
				clause++
			}
		}
	}
	for len(t.ftok) < len(fs) { // formulas after the token bound
		t.ftok = append(t.ftok, -1)
	}
}

func stWordStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// stWordEnd returns the end of the word that continues at i: letters and digits, joined by
// apostrophes, hyphens and dashes that are followed by a letter or digit.
func stWordEnd(s string, i, end int) int {
	for i < end {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			i += size
		case (r == '\'' || r == '’' || r == '-' || r == '–' || r == '‐') && i+size < end && stWordStart(s[i+size:]):
			i += size
		default:
			return i
		}
	}
	return i
}

// stSentenceEnd reports whether the full stop just read ends a sentence: it is followed by a
// space or the end and does not end an abbreviation or an initial ("J. C. Lagarias").
func stSentenceEnd(toks []stTok, s string, i, end int) bool {
	if i < end && s[i] != ' ' && s[i] != '\n' && s[i] != '\t' && s[i] != ')' && s[i] != '"' && !strings.HasPrefix(s[i:], "”") {
		return false
	}
	if len(toks) < 2 {
		return true
	}
	prev := toks[len(toks)-2]
	if prev.kind != 'w' {
		return true
	}
	if stAbbreviations[prev.text] || utf8.RuneCountInString(prev.raw) == 1 && stCapitalised(prev.raw) {
		return false
	}
	return true
}

// words returns the words of tokens lo..hi (exclusive).
func (t *stText) words(lo, hi int) []string {
	var out []string
	for k := max(lo, 0); k < min(hi, len(t.toks)); k++ {
		if t.toks[k].kind == 'w' {
			out = append(out, t.toks[k].text)
		}
	}
	return out
}

// formula returns the formula of token k.
func (t *stText) formula(k int) *tex.Formula { return &t.tex.Formulas[t.toks[k].formula] }

// prose returns the field's text with every formula replaced by a space, lower-cased, so that
// phrase searches do not match inside formulas. Offsets are those of the field.
func (t *stText) prose() string {
	b := []byte(strings.ToLower(t.src))
	if len(b) != len(t.src) { // lower-casing changed a length: fall back to ASCII lower-casing
		b = []byte(t.src)
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
		}
	}
	for _, f := range t.tex.Formulas {
		for i := f.Start; i < f.End && i < len(b); i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// span returns the span of bytes start..end of the field.
func (t *stText) span(start, end int) Span { return SpanOf(t.field, t.src, start, end) }

// whole returns the span of the whole field.
func (t *stText) whole() Span { return Whole(t.field, t.src) }

// stList joins names for a behaviour sentence: "x, y and z", at most limit of them.
func stList(names []string, limit int) string {
	if len(names) > limit {
		names = append(names[:limit:limit], fmt.Sprintf("%d more", len(names)-limit))
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// stShow renders an identifier for a sentence: $x$, $\alpha$.
func stShow(name string) string { return "$" + name + "$" }

// --- statement.tex-wellformed

// stTeXWellformed reads the TeX of the statement, the title and every exposition body.
func stTeXWellformed(a *stAnalysis, out *Report) {
	fields := []*stText{a.stmt}
	if len(a.title.tex.Formulas) > 0 || a.title.err != nil {
		fields = append(fields, a.title)
	}
	fields = append(fields, a.entries...)
	for _, t := range fields {
		var (
			te  *tex.Error
			lim *tex.LimitError
		)
		name := stFieldName(a.r, t.field)
		switch {
		case errors.As(t.err, &lim):
			out.Unknown(stCheckTeX, t.span(lim.Pos, lim.Pos),
				fmt.Sprintf("The TeX of %s was not read: it passes the reader's limit of %d %s, so whether it is well formed is not known.", name, lim.Max, lim.Limit))
		case errors.As(t.err, &te) && stCurrency(t.src, te):
			out.NeedsHuman(stCheckTeX, t.span(te.Pos, min(len(t.src), te.Pos+12)),
				fmt.Sprintf("%s has a $ before an amount (%q) and no closing $, so TeX reads an unclosed formula where a dollar sign was probably meant; a person must check how it shows.", stUpper(name), t.src[te.Pos:min(len(t.src), te.Pos+8)]),
				fmt.Sprintf("Write the amount in %s without a bare $ (for example \"500 US dollars\"), or close the formula if one was meant.", name))
		case errors.As(t.err, &te):
			end := te.Pos + 1
			for end < len(t.src) && end < te.Pos+40 && t.src[end] != '\n' {
				end++
			}
			out.Fail(stCheckTeX, t.span(te.Pos, end),
				fmt.Sprintf("The TeX of %s is malformed at byte %d: %s, so the page cannot render the formula as written.", name, te.Pos, te.Msg),
				fmt.Sprintf("Correct the TeX of %s at byte %d (%s): every { needs its }, every formula its closing $, $$, \\) or \\], every \\left its \\right and every \\begin{…} its \\end{…}.", name, te.Pos, te.Msg))
		case len(t.tex.Unknown) > 0:
			var names []string
			for _, m := range t.tex.Unknown {
				if !slices.Contains(names, m.Name) {
					names = append(names, m.Name)
				}
			}
			m := t.tex.Unknown[0]
			out.NeedsHuman(stCheckTeX, t.span(m.Start, m.End),
				fmt.Sprintf("The TeX of %s is well formed, but KaTeX, which renders the page, does not know %s; a person must check how the formula shows.", name, stList(names, 6)),
				fmt.Sprintf("Replace %s in %s with commands KaTeX renders (for example \\operatorname{…} for an operator name), or confirm that the formula reads correctly as shown.", stList(names, 6), name))
		default:
			out.Pass(stCheckTeX, t.whole(),
				fmt.Sprintf("The TeX of %s reads: %s, with every brace, formula delimiter, \\left…\\right pair and environment closed.", name, stCount(len(t.tex.Formulas), "formula")))
		}
	}
}

// stCurrencyRe matches the amount after a dollar sign: "$500 for", "$1,000."
var stCurrencyRe = regexp.MustCompile(`^\$[0-9][0-9,.]*(\s|[.,;)]|$)`)

// stCurrency reports whether a formula that is never closed is a dollar sign before an amount:
// "$500 for this problem", with no other $ after it.
func stCurrency(src string, te *tex.Error) bool {
	return te.Code == tex.UnclosedFormula && te.Pos < len(src) && stCurrencyRe.MatchString(src[te.Pos:]) &&
		!strings.Contains(src[te.Pos+1:], "$")
}

// stUpper capitalises the first letter of a sentence fragment.
func stUpper(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// stFieldName names a field for a sentence: "the statement", "exposition entry 2 (a REMARK)".
func stFieldName(r *Revision, field string) string {
	switch field {
	case FieldStatement:
		return "the statement"
	case FieldTitle:
		return "the title"
	}
	var i int
	if _, err := fmt.Sscanf(field, "exposition[%d]", &i); err == nil && i >= 0 && i < len(r.Exposition) {
		return fmt.Sprintf("exposition entry %d (%s)", i+1, stKindName(r.Exposition[i].Kind))
	}
	return field
}

// stKindName names an entry's kind with its article.
func stKindName(k packet.ExpositionKind) string {
	if k == "" {
		return "no kind"
	}
	if k == packet.Example {
		return "an EXAMPLE"
	}
	return "a " + string(k)
}

// stCount says "1 formula", "3 formulas".
func stCount(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// --- statement.variable-domain

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

const (
	stCtxNone  stCtx = iota
	stCtxSoft        // looks like an introduction the reader cannot parse
	stCtxHeads       // introduces the formula's leading identifiers ("a prime $p > N$")
	stCtxAll         // introduces every identifier in it ("let $T(n) = n/2$")
)

// stScanDecls records the introductions in one field.
func stScanDecls(t *stText, d *stDecls, v *stVocab) {
	ctxs := make([]stCtx, len(t.toks))
	for fi, p := range t.ftok {
		if p < 0 {
			continue
		}
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		sp := t.span(f.Start, f.End)
		for _, k := range stSelfDeclared(f, keys, v) {
			d.add(k, false, sp)
			d.ranged[k] = true
		}
		for _, k := range stSoftDeclared(f, keys) {
			d.add(k, true, sp)
		}
		for _, k := range stEnumerated(f, keys) {
			d.add(k, false, sp)
		}
		c := stContextOf(t, p, ctxs, v)
		ctxs[p] = c
		switch c {
		case stCtxAll:
			for _, k := range keys {
				d.add(k, false, sp)
			}
		case stCtxHeads, stCtxSoft:
			heads, soft := stHeads(f, keys)
			for _, k := range heads {
				d.add(k, soft || c == stCtxSoft, sp)
				d.ranged[k] = d.ranged[k] || !soft && c == stCtxHeads
			}
			if stHasEquation(f) {
				for _, k := range keys { // the rest of a quantified equation: "for all $n = 4k$"
					d.add(k, true, sp)
				}
			}
		}
	}
	// Letters in prose and in code spans: "for every integer n", "for any `K > 1`", "(n = 1, 2, 3)".
	for k, tok := range t.toks {
		if tok.kind != 'w' || utf8.RuneCountInString(tok.raw) != 1 || !stAlpha(tok.raw) || tok.raw == "a" || tok.raw == "I" {
			continue
		}
		j := k - 1
		for j >= 0 && t.toks[j].text == "`" {
			j--
		}
		if j >= 0 && t.toks[j].kind == 'w' && t.toks[j].sent == tok.sent {
			w := t.toks[j].text
			if v.typeWord(w) || stIntroducers[w] || stLetWords[w] || w == "many" {
				d.add(tok.raw, false, t.span(tok.start, tok.end))
				continue
			}
		}
		if tok.raw == "A" {
			continue
		}
		if n := k + 1; n < len(t.toks) && t.toks[n].kind == 'w' && v.typeWord(t.toks[n].text) && strings.HasSuffix(t.toks[n].text, "s") {
			d.add(tok.raw, true, t.span(tok.start, tok.end)) // "a graph with n vertices": a count
			continue
		}
		if n := k + 1; n+1 < len(t.toks) && t.toks[n].kind == 'p' && strings.Contains("=≥≤<>∈", t.toks[n].text) &&
			t.toks[n+1].kind == 'w' && stWordStart(t.toks[n+1].raw) && unicode.IsDigit(rune(t.toks[n+1].raw[0])) {
			d.add(tok.raw, false, t.span(tok.start, tok.end))
		}
	}
}

// stContextOf classifies how the prose before and after the formula at token p introduces it.
func stContextOf(t *stText, p int, ctxs []stCtx, v *stVocab) stCtx {
	tok := t.toks[p]
	// The words before the formula in its clause, nearest first; "," stands for a comma.
	var prev []string
	q := -1 // the previous formula in the sentence
	gap := 0
	for k := p - 1; k >= 0 && t.toks[k].clause == tok.clause; k-- {
		x := t.toks[k]
		if x.kind == 'f' {
			q = k
			break
		}
		if x.kind == 'p' {
			if x.text == "," {
				if len(prev) < 6 {
					prev = append(prev, ",")
				}
				continue
			}
			if strings.Contains(`"“”'‘’*_`, x.text) {
				continue
			}
			break
		}
		gap++
		if len(prev) < 6 {
			prev = append(prev, x.text)
		}
	}
	w := func(i int) string {
		if i < len(prev) {
			return prev[i]
		}
		return ""
	}
	w1, w2 := w(0), w(1)
	switch {
	case stLetWords[w1]:
		return stCtxAll
	case w1 == "by" && (w2 == "given" || w2 == "defined" || w2 == "denoted" || w2 == "denote" || w2 == "define"):
		return stCtxAll
	case w1 == "that" && (w2 == "suppose" || w2 == "assume" || w2 == "given" || w2 == "provided"):
		return stCtxAll
	case (w1 == "is" || w1 == "are") && w2 == "there", w1 == "there" && (w2 == "is" || w2 == "are"), stIntroducers[w1]:
		return stCtxHeads
	case w1 == "many" && (w2 == "infinitely" || w2 == "finitely" || w2 == "only"):
		return stCtxHeads
	case w1 == "of" && v.typeWord(w2):
		return stCtxHeads // "the number of $p \le x$", "a set of $n$ points"
	case v.typeWord(w1) || stHyphenType(w1, v):
		return stCtxHeads
	case w1 == "to" && (w2 == "solutions" || w2 == "solution") || w1 == "of" && (w2 == "solutions" || w2 == "solution"):
		return stCtxAll // "solutions to $a + b = c + d$": the unknowns of the equation
	case (w1 == "," || w1 == "and" || w1 == "or") && q >= 0 && ctxs[q] != stCtxNone && gap <= 5:
		return ctxs[q]
	}
	// "Prove that $G$ is a planar graph" asserts something of $G$; it does not introduce it.
	asserted := (w1 == "that" || w1 == "whether") && stTargetVerbs[w2]
	hypothesis := w1 == "if" || w1 == "when" || w1 == "whenever" || w1 == "where" || w1 == "unless"
	if c := stAfterContext(t, p, v, asserted, hypothesis); c != stCtxNone {
		return c
	}
	switch {
	case w1 == "the" || w1 == "a" || w1 == "an" || w1 == "its":
		return stCtxSoft
	case len(w1) >= 3 && stAlpha(w1) && !stNonDeclaring[w1]:
		return stCtxSoft
	}
	return stCtxNone
}

// stTargetVerbs ask for a proof or an answer about what follows them.
var stTargetVerbs = stWordSet(`prove proves show shows disprove decide determine true case conjecture
	conjectured conjectures establish verify`)

// stHasEquation reports whether the top level of f has an "=".
func stHasEquation(f *tex.Formula) bool {
	for _, a := range f.Atoms {
		if a.Kind == tex.AtomRel && a.Text == "=" && a.Depth == 0 && a.Script == 0 {
			return true
		}
	}
	return false
}

// stHyphenType reports whether a hyphenated word ends in a type word: "3-full", "$k$-uniform".
func stHyphenType(w string, v *stVocab) bool {
	i := strings.LastIndexAny(w, "-–")
	if i < 0 || i+1 >= len(w) {
		return false
	}
	last := w[i+1:]
	return v.typeWord(last) || stHyphenSuffixes[last]
}

// stAfterContext reads the words after a formula: "$G$ is a graph", "$n$ an integer",
// "$R(5,5)$, the least integer", "$X$ denotes", and, as a soft introduction, "$n$ points".
func stAfterContext(t *stText, p int, v *stVocab, asserted, hypothesis bool) stCtx {
	var next []string
	for k := p + 1; k < len(t.toks) && len(next) < 6 && t.toks[k].sent == t.toks[p].sent; k++ {
		x := t.toks[k]
		if x.kind == 'f' {
			if len(next) == 0 {
				break
			}
			next = append(next, "$") // "$n_k$ is the $k$th powerful number"
			continue
		}
		if x.kind == 'p' {
			if x.text == "," && len(next) == 0 {
				next = append(next, ",")
				continue
			}
			break
		}
		next = append(next, x.text)
	}
	w := func(i int) string {
		if i < len(next) {
			return next[i]
		}
		return ""
	}
	// A noun phrase "a|an|the [adjectives] noun" starting at next[i].
	nounPhrase := func(i int) bool {
		if w := w(i); w != "a" && w != "an" && w != "the" {
			return false
		}
		for j := i + 1; j < len(next); j++ {
			if v.typeWord(next[j]) {
				return true
			}
			if stNonDeclaring[next[j]] && !stSuperlatives[next[j]] {
				return false
			}
		}
		return false
	}
	// A formula a phrase after it can introduce: a name, a list, or a relation whose left side
	// is a name ("$p$ is a prime", not "$p + 2$ is prime").
	f := t.formula(p)
	introducible := stNameLikeFormula(f)
	if !introducible {
		if segs := stSegments(f, stLevel(f, 0, -1)); len(segs) > 0 {
			if terms, rels := stChain(f, segs[0]); len(rels) > 0 {
				_, introducible = stLone(f, stKeys(f), terms[0], false)
			}
		}
	}
	if !introducible || asserted {
		return stCtxNone
	}
	// "$G$ is a graph", "$X$ are all composite numbers"; not "$S$ is infinite", which asserts.
	copula := func() bool {
		if w(0) != "is" && w(0) != "are" && w(0) != "be" {
			return false
		}
		j := 1
		for stCopulaSkip[w(j)] {
			j++
		}
		if nounPhrase(j) {
			return true
		}
		for ; j < len(next) && v.typeWord(next[j]); j++ {
			if strings.HasSuffix(next[j], "s") || hypothesis {
				return true // "are integers"; "if $n$ is sufficiently large", "if $D$ is even"
			}
		}
		return false
	}
	// "$x, y, z, w$ nonnegative integers": a list named by the noun after it.
	appositive := func() bool {
		ids, lone := stLone(f, stKeys(f), stLevel(f, 0, -1).idx, false)
		if !lone || len(ids) < 2 {
			return false
		}
		for j := 0; j < len(next); j++ {
			if v.typeWord(next[j]) && strings.HasSuffix(next[j], "s") {
				return true
			}
			if !v.typeWord(next[j]) {
				return false
			}
		}
		return false
	}
	switch {
	case copula(), appositive():
		return stCtxHeads
	case w(0) == "tends" || w(0) == "tend" || w(0) == "goes" || w(0) == "go" || w(0) == "approaches":
		return stCtxHeads // "as $n$ tends to infinity"
	case (w(0) == "has" || w(0) == "have") && (w(1) == "solutions" || w(1) == "solution" || w(2) == "solutions" || w(2) == "solution"):
		return stCtxAll // "$\phi(m) = n$ has exactly one solution": the unknowns of the equation
	case nounPhrase(0):
		return stCtxHeads
	case w(0) == "," && nounPhrase(1):
		return stCtxHeads
	case w(0) == "denote" || w(0) == "denotes" || w(0) == "stands" || w(0) == "stand" || w(0) == "counts" ||
		w(0) == "count" || w(0) == "is" && w(1) == "defined":
		return stCtxHeads
	}
	for j := 0; j < len(next) && v.typeWord(next[j]); j++ {
		if strings.HasSuffix(next[j], "s") {
			return stCtxSoft // "$n$ distinct points": a count, of a range the reader cannot see
		}
	}
	return stCtxNone
}

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
				}
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

// stBound returns the identifiers a formula binds itself: the index of a sum, product, limit,
// maximum or union ("$\sum_{n \ge 1}$", "$\lim_{n \to \infty}$"), the variable of an integral
// ("$dx$"), the variables of a set-builder ("$\{x : x^2 < 2\}$"), of a quantifier, of a map
// ("$x \mapsto x^2$"), the indeterminates of a polynomial ring ("$\mathbb{Z}[x]$") and the
// arguments of a function the formula defines ("$f(x) := x^2$").
func stBound(f *tex.Formula, keys []string) map[string]bool {
	b := map[string]bool{}
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
		case a.Kind == tex.AtomQuant:
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
		case a.Kind == tex.AtomFunc && (a.Text == `\det` || a.Text == `\operatorname{det}`) && k+1 < len(atoms) && atoms[k+1].Text == "(":
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
// standard function written with a Greek letter ("\zeta(s)", "\varphi(n)").
func stNotVariable(f *tex.Formula, keys []string, k int, matrices, graphs bool) bool {
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
	case graphs && stGraphNotation[key] && next == "(":
		return true
	case graphs && stGraphNames[key] && a.HasSubscript():
		return true // K_5, C_4, P_n, Q_3: the complete graph, the cycle, the path, the cube
	case key == "T" && a.Script == '^' && a.Base >= 0 && f.ScriptOf(a.Base, '^') == "T":
		return true
	case key == "I" && matrices:
		return true
	case stGreekFunctions[key] && stApplied(f, k):
		return true
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

// stVariableDomain checks that every variable of the statement's formulas is introduced.
func stVariableDomain(a *stAnalysis, out *Report) {
	t := a.stmt
	if !t.ok() {
		out.Unknown(stCheckDomain, t.whole(),
			"The statement's TeX could not be read (see statement.tex-wellformed), so its variables were not checked.")
		return
	}
	if len(t.tex.Formulas) == 0 {
		out.Pass(stCheckDomain, t.whole(), "The statement has no formulas, so it uses no variable that needs a domain.")
		return
	}
	matrices := strings.Contains(strings.ToLower(a.r.Statement), "matri")
	graphs := stPhraseAny(strings.ToLower(a.r.Statement), []string{"graph", "graphs", "subgraph", "hypergraph", "ramsey", "vertex", "vertices", "edges", "chromatic"})
	var uses []*stUse
	byName := map[string]*stUse{}
	checked := map[string]bool{}
	for fi := range t.tex.Formulas {
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		bound := stBound(f, keys)
		asymptotic, undefinedFunction := false, false
		for k, key := range keys {
			at := f.Atoms[k]
			asymptotic = asymptotic || stAsymptotic[at.Text] && (at.Kind == tex.AtomRel || at.Kind == tex.AtomBigOp || stApplied(f, k)) ||
				at.Kind == tex.AtomRel && at.Depth == 0 && at.Script == 0 && stArrows[at.Text] && at.Text != `\mapsto`
			if key != "" && stApplied(f, k) && !bound[key] && !a.decl.has(key, false) && !stNotVariable(f, keys, k, matrices, graphs) {
				undefinedFunction = true
			}
		}
		for k, key := range keys {
			if key == "" || bound[key] || stNotVariable(f, keys, k, matrices, graphs) {
				continue
			}
			checked[key] = true
			if a.decl.has(key, false) {
				continue
			}
			inScript := f.Atoms[k].Script != 0
			applied := stApplied(f, k)
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

// --- statement.defined-terms

// stCandidate is a term of the statement that may be coined: it is marked (quoted, emphasised,
// introduced with "call" or "so-called"), hyphenated or capitalised and is not standard.
type stCandidate struct {
	words      []string
	start, end int
	// marked is true when the statement itself marks the term as coined: quotation marks,
	// "call … X", "so-called", "is said to be".
	marked bool
	// inline is true when the clause that coins it also reads as defining it ("… if …").
	inline bool
	how    string // how the statement marks it, for the behaviour sentence
}

// stNamedResults are nouns after a name that refer to a result rather than define an object
// ("the Erdős–Straus conjecture"); self-contained judges whether the target depends on one.
var stNamedResults = stWordSet(`conjecture conjectures theorem theorems lemma problem problems hypothesis
	inequality principle formula identity bound bounds method question equation program estimate estimates`)

// stPersonVerbs follow a name that refers to a person ("Musin proved that").
var stPersonVerbs = stWordSet(`proved proves showed shows shown conjectured conjectures asked asks found
	finds gave gives noted notes observed observes proposed proposes posed poses introduced introduces
	studied studies established establishes obtained obtains improved improves verified verifies computed
	computes claimed claims suggested suggests wrote writes remarked remarks has had and or et in was is
	also later first independently raised raises settled settles disproved disproves`)

// stHyphenPrefixes and stHyphenSuffixes make a hyphenated word ordinary English or standard
// mathematics ("non-empty", "well-defined", "triangle-free", "real-valued", "$k$-uniform").
var (
	stHyphenPrefixes = stWordSet(`non semi quasi anti multi sub super co self well ill pre post re un bi tri
		pseudo hyper inter intra counter so half one two three four five six seven eight nine ten first
		second third higher lower left right long short real complex finite infinite in out over under cross
		double triple single n k m d r q p t s x y z l j i e g h f c b a all pair piece point edge vertex
		strongly weakly almost locally globally uniformly totally fully partially nearly`)
	stHyphenSuffixes = stWordSet(`free valued closed like type wise based dimensional uniform regular partite
		connected colourable colorable colouring coloring coloured colored th st nd rd fold sided order degree
		term tuple gon cycle cycles cell set sets point points element elements vertex vertices edge edges
		subset subsets dense avoiding critical universal periodic smooth invariant independent separated
		covering even odd digit digits ary adic group groups space spaces graph graphs subgraph simplex
		manifold sphere ball torus plane cube form forms function functions sum sums product partition
		sequence sequences to one many time times step steps dimension dimensions distance distances tree
		trees path paths word words letter letters bit bits configuration configurations coloring
		colorings colourings defined known called named power powers root roots prime primes number numbers
		square squares chromatic definite semidefinite adjacent matching matchings clique cliques ramsey
		additive multiplicative linear analytic algebraic arithmetic geometric progression progressions
		ordered unordered intersecting ups up off out in powerful full smooth rough free almost perfect
		abundant deficient`)
)

// stAcronyms are upper-case abbreviations a reader knows.
var stAcronyms = stWordSet(`ZFC ZF CH GCH RH GRH BSD ABC OEIS NP PSPACE SAT LP SDP MSC ICM AMS TSP IID
	PDE ODE GCD LCM`)

// stCandidates finds the statement's possibly coined terms.
func stCandidates(t *stText, v *stVocab) []stCandidate {
	var out []stCandidate
	toks := t.toks
	clauseHas := func(k int, words map[string]bool) bool {
		for j := k; j >= 0 && toks[j].clause == toks[k].clause; j-- {
			if words[toks[j].text] {
				return true
			}
		}
		for j := k + 1; j < len(toks) && toks[j].clause == toks[k].clause; j++ {
			if words[toks[j].text] {
				return true
			}
		}
		return false
	}
	collect := func(lo, hi int) ([]string, int, int) {
		var ws []string
		start, end := -1, -1
		for j := lo; j < hi && j < len(toks); j++ {
			x := toks[j]
			if x.kind == 'w' || x.kind == 'f' {
				w := x.raw
				if x.kind == 'f' {
					w = t.src[x.start:x.end]
				}
				ws = append(ws, w)
				if start < 0 {
					start = x.start
				}
				end = x.end
			}
		}
		return ws, start, end
	}
	// Quotation marks and emphasis.
	pairs := map[string]string{`"`: `"`, "“": "”", "‘": "’", "'": "'", "*": "*", "_": "_"}
	for k := 0; k < len(toks); k++ {
		x := toks[k]
		closer, ok := pairs[x.text]
		if x.kind != 'p' || !ok || (x.text == "'" || x.text == "’") && !stOpensQuote(t.src, x.start) {
			continue
		}
		open := k
		for open+1 < len(toks) && toks[open+1].text == x.text && x.text == "*" {
			open++ // **bold**
		}
		for j := open + 1; j < len(toks) && j <= open+10 && toks[j].sent == x.sent; j++ {
			if toks[j].kind == 'p' && toks[j].text == closer {
				if c, ok := stQuoted(t, v, k, open, j, collect); ok {
					c.inline = c.inline || clauseHas(j, stDefiningWords)
					out = append(out, c)
				}
				k = j
				for k+1 < len(toks) && toks[k+1].text == closer && closer == "*" {
					k++
				}
				break
			}
			if toks[j].kind == 'p' && toks[j].text != "," && toks[j].text != "-" {
				break
			}
		}
	}
	// \emph{…}, \textit{…}, \textbf{…} in prose.
	for _, cmd := range []string{`\emph{`, `\textit{`, `\textbf{`} {
		for from := 0; ; {
			i := strings.Index(t.src[from:], cmd)
			if i < 0 {
				break
			}
			i += from
			j := strings.IndexByte(t.src[i:], '}')
			from = i + len(cmd)
			if j < 0 || j > 80 || stInFormula(t, i) {
				continue
			}
			body := t.src[i+len(cmd) : i+j]
			if ws := strings.Fields(body); len(ws) > 0 && len(ws) <= 6 {
				out = append(out, stCandidate{words: ws, start: i, end: i + j + 1, how: "emphasised"})
			}
		}
	}
	// Naming cues: "so-called X", "called X", "we call … X if", "is said to be X".
	for k, x := range toks {
		if x.kind != 'w' {
			continue
		}
		var lo, hi int
		switch {
		case x.text == "so-called" || x.text == "termed" || x.text == "dubbed" ||
			(x.text == "called" || x.text == "named") && k > 0 && stNamingBefore[toks[k-1].text]:
			lo = k + 1
			for lo < len(toks) && (toks[lo].text == "a" || toks[lo].text == "an" || toks[lo].text == "the" || toks[lo].kind == 'p' && toks[lo].text != ".") {
				lo++
			}
			hi = lo
			for hi < len(toks) && hi < lo+3 && toks[hi].kind == 'w' && !stDefiningWords[toks[hi].text] && !stStopWords[toks[hi].text] {
				hi++
			}
		case x.text == "call" && (k == 0 || toks[k-1].text == "we" || toks[k-1].text == "us" || stSentenceInitial(toks, k)) ||
			x.text == "say" && k > 0 && toks[k-1].text == "we" ||
			x.text == "be" && k > 1 && toks[k-1].text == "to" && toks[k-2].text == "said":
			end := k + 1
			for end < len(toks) && toks[end].clause == x.clause && !stDefiningWords[toks[end].text] {
				end++
			}
			hi = end
			lo = hi
			for lo > k+1 && hi-lo < 2 && toks[lo-1].kind == 'w' && !stStopWords[toks[lo-1].text] && !v.typeWord(toks[lo-1].text) {
				lo--
			}
			if lo == hi && hi > k+1 && toks[hi-1].kind == 'w' && !stStopWords[toks[hi-1].text] {
				lo = hi - 1
			}
		default:
			continue
		}
		if lo < len(toks) && stNonDeclaring[toks[lo].text] {
			continue // "so-called because …" refers back to a term already read
		}
		if ws, s, e := collect(lo, hi); len(ws) > 0 {
			out = append(out, stCandidate{words: ws, start: s, end: e, marked: true,
				inline: clauseHas(k, stDefiningWords), how: "introduced with \"" + x.raw + "\""})
		}
	}
	// Hyphenated and capitalised terms.
	for k := 0; k < len(toks); k++ {
		x := toks[k]
		if x.kind != 'w' {
			continue
		}
		if strings.ContainsAny(x.raw, "-–‐") && !stHyphenStandard(x.raw, v) {
			out = append(out, stCandidate{words: []string{x.raw}, start: x.start, end: x.end, how: "hyphenated"})
			continue
		}
		if !stCapitalised(x.raw) || stSentenceInitial(toks, k) || stAcronym(x.raw) {
			continue
		}
		j := k
		for j+1 < len(toks) && toks[j+1].kind == 'w' && stCapitalised(toks[j+1].raw) && !stAcronym(toks[j+1].raw) {
			j++
		}
		next := ""
		if j+1 < len(toks) {
			next = toks[j+1].text
		}
		if j+1 >= len(toks) || toks[j+1].kind != 'w' || stPersonVerbs[next] || stStopWords[next] || stNamedResults[next] ||
			stStopWords[x.text] || strings.IndexFunc(next, unicode.IsDigit) >= 0 {
			k = j
			continue
		}
		h := j + 1
		for h < len(toks) && h <= j+3 && toks[h].kind == 'w' && !stStopWords[toks[h].text] && !stCapitalised(toks[h].raw) {
			h++
		}
		ws, s, e := collect(k, h)
		lower := make([]string, len(ws))
		for i, w := range ws {
			lower[i] = strings.ToLower(w)
		}
		if n := v.longestAt(lower, 0); n > j-k {
			k += n - 1 // a standard term: read on after it
			continue
		}
		out = append(out, stCandidate{words: ws, start: s, end: e, how: "capitalised"})
		k = h - 1
	}
	return out
}

// stNamingBefore are the words before "called" or "named" that make the statement itself name
// a term ("is called good", "we named it"), rather than report a name ("often called").
var stNamingBefore = stWordSet(`is are be been being we`)

// stSpeechVerbs before a quotation make it a quotation of words, not a term.
var stSpeechVerbs = stWordSet(`says said writes wrote claims claimed notes noted states stated remarks
	remarked describes described calls believed believes suggests suggested thought asks asked interpret
	interprets interpreted formalise formalises formalize formalizes formalised formalized reads titled
	paper article book`)

// stOpensQuote reports whether the apostrophe at i opens a quotation rather than ending a
// possessive or a plural ("$1$'s", "Erdős' theorem").
func stOpensQuote(src string, i int) bool {
	if i+1 >= len(src) || !stWordStart(src[i+1:]) {
		return false
	}
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(src[:i])
	return unicode.IsSpace(r) || r == '(' || r == '['
}

// stQuoted reads the quoted or emphasised words between tokens open and close. A quotation of
// speech or a title is no term; a short quoted phrase used as a term ("a "k-sparse-Sidon" set")
// is marked as coined; an emphasised or otherwise quoted phrase is only a candidate.
func stQuoted(t *stText, v *stVocab, opener, open, close int, collect func(lo, hi int) ([]string, int, int)) (stCandidate, bool) {
	toks := t.toks
	ws, s, e := collect(open+1, close)
	if len(ws) == 0 || len(ws) > 4 {
		return stCandidate{}, false
	}
	stops, caps := 0, 0
	for k := open + 1; k < close; k++ {
		switch x := toks[k]; {
		case x.kind == 'f':
			return stCandidate{}, false // a formula inside: a quoted expression, not a term
		case x.kind == 'w' && stStopWords[x.text]:
			stops++
		case x.kind == 'w' && stCapitalised(x.raw):
			caps++
		}
	}
	if stops > 0 || caps > 1 || stNamedResults[strings.ToLower(ws[len(ws)-1])] {
		return stCandidate{}, false // a phrase, a title or a result's name, not a term
	}
	for k := opener - 1; k >= 0 && k >= opener-3 && toks[k].clause == toks[opener].clause; k-- {
		if stSpeechVerbs[toks[k].text] {
			return stCandidate{}, false
		}
	}
	c := stCandidate{words: ws, start: s, end: e, how: "emphasised"}
	if toks[opener].text == "*" || toks[opener].text == "_" {
		if len(ws) == 1 && stNonDeclaring[strings.ToLower(ws[0])] {
			return stCandidate{}, false // emphasis of an ordinary word: "*implies*"
		}
		return c, true
	}
	c.how = "in quotation marks"
	prev, next := "", ""
	if opener > 0 && toks[opener-1].clause == toks[opener].clause {
		prev = toks[opener-1].text
	}
	if close+1 < len(toks) && toks[close+1].clause == toks[close].clause {
		if toks[close+1].kind == 'f' {
			c.inline = true // the formula after the term defines it: the 'pyjama set' $\{…\}$
		}
		next = toks[close+1].text
	}
	if stNamedResults[next] {
		return stCandidate{}, false // the "k-tuple" conjecture: a result's name
	}
	if next == "is" || next == "are" || next == "means" || next == "denotes" || next == "of" && close+3 < len(toks) {
		c.inline = true // A "copy" of $T$ is …
	}
	c.marked = v.typeWord(next) || prev == "a" || prev == "an" || prev == "the" || prev == "called" || prev == "so-called" || prev == "call"
	return c, true
}

// stDefiningWords are the words of a clause that defines what it names ("X is called good if …").
var stDefiningWords = stWordSet(`if when whenever iff provided means meaning namely i.e ie`)

// stNameLike reports whether the words are capitalised names.
func stNameLike(ws []string) bool {
	for _, w := range ws {
		if !stCapitalised(w) {
			return false
		}
	}
	return len(ws) > 0
}

// stAcronym reports whether w is an upper-case abbreviation (two or more capitals).
func stAcronym(w string) bool {
	n := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		n++
	}
	return n >= 2
}

// stSentenceInitial reports whether token k starts its sentence or clause, past opening
// punctuation.
func stSentenceInitial(toks []stTok, k int) bool {
	for j := k - 1; j >= 0; j-- {
		x := toks[j]
		if x.sent != toks[k].sent || x.clause != toks[k].clause {
			return true
		}
		if x.kind == 'p' && strings.Contains(`("“'‘*_[`, x.text) {
			continue
		}
		return x.kind == 'p' && (x.text == "¶" || x.text == "." || x.text == ":")
	}
	return true
}

// stInFormula reports whether byte i of the field lies inside a formula.
func stInFormula(t *stText, i int) bool {
	for _, f := range t.tex.Formulas {
		if f.Start <= i && i < f.End {
			return true
		}
	}
	return false
}

// stHyphenStandard reports whether a hyphenated word is standard or ordinary: in the vocabulary,
// names joined by a dash ("Erdős–Straus"), or made of a common prefix or suffix and words.
func stHyphenStandard(raw string, v *stVocab) bool {
	if v.standard([]string{raw}) {
		return true
	}
	parts := strings.FieldsFunc(raw, func(r rune) bool { return r == '-' || r == '–' || r == '‐' })
	if len(parts) == 0 {
		return true
	}
	if stNameLike(parts) && !strings.HasPrefix(raw, "-") {
		return true // Erdős–Straus, Brunn–Minkowski: names, judged as capitalised terms
	}
	capital := false
	for _, p := range parts {
		if stCapitalised(p) && !stAcronym(p) {
			capital = true
		}
	}
	if capital && len(parts) > 2 {
		return false // k-sparse-Sidon
	}
	attached := strings.HasPrefix(raw, "-") // "$k$-uniform": every part is a suffix of the formula
	ok := 0
	for i, p := range parts {
		l := strings.ToLower(p)
		switch {
		case stHyphenPrefixes[l] && i < len(parts)-1 && !attached, stHyphenSuffixes[l] && (i > 0 || attached),
			v.standard([]string{l}) && !capital, v.typeWord(l) && !capital, stStopWords[l],
			strings.IndexFunc(l, unicode.IsDigit) >= 0:
			ok++
		}
	}
	return ok == len(parts)
}

// stDefinedTerms checks the statement's coined and nonstandard terms against the definitions.
func stDefinedTerms(a *stAnalysis, out *Report) {
	t := a.stmt
	v := stVocabulary()
	var defined []string // definition terms, as keys
	for _, e := range a.r.Exposition {
		if e.Kind == packet.Definition && strings.TrimSpace(e.Term) != "" {
			defined = append(defined, stKey(stSplitWords(e.Term)))
		}
	}
	isDefined := func(ws []string) bool {
		key := " " + stKey(ws) + " "
		for _, d := range defined {
			if d == "" {
				continue
			}
			if strings.Contains(key, " "+d+" ") || strings.Contains(" "+d+" ", key) {
				return true
			}
		}
		return false
	}
	seen := map[string]bool{}
	fails, humans := 0, 0
	for _, c := range stCandidates(t, v) {
		key := stKey(c.words)
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		term := strings.Join(c.words, " ")
		if isDefined(c.words) || v.standard(c.words) {
			continue
		}
		sp := t.span(c.start, c.end)
		switch {
		case c.marked && !c.inline:
			fails++
			out.Fail(stCheckTerms, sp,
				fmt.Sprintf("The statement marks \"%s\" as a coined term (%s), but neither the statement nor a definition entry says what it means.", term, c.how),
				fmt.Sprintf("Add a DEFINITION entry with term \"%s\" that says exactly what it means, or replace it in the statement by its definition in standard terms.", term))
		default:
			humans++
			why := "is not in the vocabulary of standard terms and no definition entry defines it"
			if c.inline {
				why = "is defined only inside the statement, which the reader cannot check"
			}
			out.NeedsHuman(stCheckTerms, sp,
				fmt.Sprintf("The statement uses \"%s\" (%s), which %s; a person must decide whether it is standard vocabulary whose usual meaning determines the object.", term, c.how, why),
				fmt.Sprintf("If \"%s\" is not standard, add a DEFINITION entry with term \"%s\" that says what it means.", term, term))
		}
		if fails+humans >= 8 {
			break
		}
	}
	if fails+humans == 0 {
		var used []string
		for _, e := range a.r.Exposition {
			if e.Kind == packet.Definition && strings.TrimSpace(e.Term) != "" {
				used = append(used, "\""+strings.TrimSpace(e.Term)+"\"")
			}
		}
		msg := "The statement marks no term as coined and uses no hyphenated or capitalised term outside the vocabulary of standard mathematical terms"
		if len(used) > 0 {
			msg += "; the definition entries define " + stList(used, 6)
		}
		out.Pass(stCheckTerms, t.whole(), msg+".")
	}
}

// --- statement.definition-names-term and statement.exposition-kinds

// stDefinitionNamesTerm checks that each definition entry names its term, and that the term is
// used somewhere in the record.
func stDefinitionNamesTerm(a *stAnalysis, out *Report) {
	r := a.r
	n := 0
	for i, e := range r.Exposition {
		if e.Kind != packet.Definition {
			continue
		}
		n++
		field := ExpositionField(i, "term")
		term := strings.TrimSpace(e.Term)
		if term == "" {
			out.Fail(stCheckDefinition, Absent(field),
				fmt.Sprintf("Exposition entry %d is a DEFINITION but names no term, so a reader cannot tell what it assigns meaning to.", i+1),
				fmt.Sprintf("Set the term of exposition entry %d to the word or symbol it defines, or relabel the entry as a CONVENTION or REMARK if it defines nothing.", i+1))
			continue
		}
		if where := stTermUsed(r, i, term); where != "" {
			out.Pass(stCheckDefinition, Whole(field, e.Term),
				fmt.Sprintf("Exposition entry %d defines \"%s\", which %s uses.", i+1, term, where))
			continue
		}
		out.NeedsHuman(stCheckDefinition, Whole(field, e.Term),
			fmt.Sprintf("Exposition entry %d defines \"%s\", but neither the statement nor any other part of the record uses that term; a person must confirm that the entry names what it defines.", i+1, term),
			fmt.Sprintf("Use \"%s\" where the statement relies on it, or rename the term of entry %d to the word or symbol the statement uses.", term, i+1))
	}
	if n == 0 {
		out.Pass(stCheckDefinition, Absent("exposition"), "The record has no definition entries; definitions are optional.")
	}
}

// stTermUsed returns where the record uses the term of definition entry own, or "".
func stTermUsed(r *Revision, own int, term string) string {
	type place struct{ name, text string }
	places := []place{{"the statement", r.Statement}, {"the title", r.Title}}
	for i, e := range r.Exposition {
		if i != own {
			places = append(places, place{fmt.Sprintf("exposition entry %d", i+1), e.Term + " " + e.Body})
		}
	}
	for _, t := range r.Texts()[1:] {
		if !strings.HasPrefix(t.Field, "exposition") {
			places = append(places, place{t.Field, t.Body})
		}
	}
	var refs strings.Builder
	for _, x := range r.References {
		refs.WriteString(x.Citation + " " + x.Relevance + " ")
	}
	places = append(places, place{"the references", refs.String()},
		place{"the reference search", strings.Join(r.ReferenceSearch.Queries, " ; ")},
		place{"the tags", strings.Join(r.Tags, " ; ")})
	// A symbol ("R(s, t)", "$u(n)$", "$\mathcal{F}$") is looked up as written.
	if m := stTermSymbolRe.FindStringSubmatch(strings.TrimSpace(term)); m != nil && (m[2] != "" || len(m[1]) == 1 || m[1][0] == '\\') {
		head := m[1]
		for _, p := range places {
			for _, form := range []string{head + "(", "$" + head + "$", head + "_", "$" + head + " ", head + "^"} {
				if strings.Contains(p.text, form) {
					return p.name
				}
			}
		}
	}
	want := stKey(stSplitWords(stPlainWords(term)))
	if want == "" {
		return ""
	}
	for _, p := range places {
		if strings.Contains(" "+stKey(stSplitWords(stPlainWords(p.text)))+" ", " "+want+" ") {
			return p.name
		}
	}
	return ""
}

// stPlainWords turns text with formulas into plain words: "a sunflower with $r$ petals" reads
// as "a sunflower with r petals".
func stPlainWords(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '–' || r == '\'' || r == '’' {
			return r
		}
		return ' '
	}, s)
}

// stDefinitionCues make a remark or an example read like a definition.
var stDefinitionCues = []string{"is called", "are called", "we call", "we say that", "is said to be",
	"are said to be", "is defined as", "is defined to be", "are defined as", "we define", "denote by",
	"we denote", ":="}

// stExpositionKinds checks that every entry has one of the four kinds and keeps its label.
func stExpositionKinds(a *stAnalysis, out *Report) {
	r := a.r
	if len(r.Exposition) == 0 {
		out.Pass(stCheckKinds, Absent("exposition"), "The record has no exposition entries, so there is no kind to check.")
		return
	}
	bad := 0
	for i, e := range r.Exposition {
		field := ExpositionField(i, "kind")
		switch {
		case !e.Kind.Valid():
			bad++
			out.Fail(stCheckKinds, Span{Field: field, Quote: string(e.Kind)},
				fmt.Sprintf("Exposition entry %d has kind %q, which is not one of DEFINITION, CONVENTION, REMARK and EXAMPLE.", i+1, string(e.Kind)),
				fmt.Sprintf("Give exposition entry %d exactly one of the kinds DEFINITION, CONVENTION, REMARK or EXAMPLE, whichever says what the entry does.", i+1))
		case e.Kind != packet.Definition && strings.TrimSpace(e.Term) != "":
			bad++
			out.NeedsHuman(stCheckKinds, Whole(ExpositionField(i, "term"), e.Term),
				fmt.Sprintf("Exposition entry %d is %s but carries the term \"%s\", as a definition would; a person must decide whether it is a definition with the wrong label.", i+1, stKindName(e.Kind), strings.TrimSpace(e.Term)),
				fmt.Sprintf("Relabel exposition entry %d as a DEFINITION if it assigns meaning to \"%s\", or remove the term.", i+1, strings.TrimSpace(e.Term)))
		case e.Kind == packet.Remark || e.Kind == packet.Example:
			low := strings.ToLower(e.Body)
			for _, cue := range stDefinitionCues {
				if j := strings.Index(low, cue); j >= 0 {
					bad++
					out.NeedsHuman(stCheckKinds, SpanOf(ExpositionField(i, "body"), e.Body, j, j+len(cue)),
						fmt.Sprintf("Exposition entry %d is %s but reads like a definition (\"%s\"); a person must decide whether it should be a DEFINITION entry naming its term.", i+1, stKindName(e.Kind), cue),
						fmt.Sprintf("If exposition entry %d assigns meaning to a term the statement uses, make it a DEFINITION entry that names the term; otherwise keep it as it is.", i+1))
					break
				}
			}
		}
	}
	if bad == 0 {
		kinds := map[packet.ExpositionKind]int{}
		for _, e := range r.Exposition {
			kinds[e.Kind]++
		}
		var parts []string
		for _, k := range []packet.ExpositionKind{packet.Definition, packet.Convention, packet.Remark, packet.Example} {
			if kinds[k] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", kinds[k], k))
			}
		}
		out.Pass(stCheckKinds, Absent("exposition"),
			fmt.Sprintf("Every exposition entry (%s) has one of the four kinds and keeps its label.", strings.Join(parts, ", ")))
	}
}

// --- statement.recursive-sequence

// stRecurrence is a formula that defines a sequence by a recurrence: "$a_{n+1} = f(a_n)$".
type stRecurrence struct {
	t      *stText
	f      *tex.Formula
	tok    int    // the formula's token
	seq    string // the sequence's name ("a")
	index  string // the index the recurrence runs over ("n")
	script byte   // whether the index is a subscript or a superscript
}

var stIndexRe = regexp.MustCompile(`^\{?\s*([a-zA-Z])\s*(?:([+-])\s*(\d+))?\s*\}?$`)

// stRecurrences finds the recurrences of a field: an identifier with an index on the left of
// "=" whose right side uses the same identifier with another index in the same variable.
func stRecurrences(t *stText) []stRecurrence {
	var out []stRecurrence
	for fi, p := range t.ftok {
		if p < 0 {
			continue
		}
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		for _, seg := range stSegments(f, stLevel(f, 0, -1)) {
			terms, rels := stChain(f, seg)
			for i, rel := range rels {
				if tx := f.Atoms[rel].Text; tx != "=" && tx != `\coloneqq` && tx != ":" {
					continue
				}
				left := terms[i]
				if len(left) == 0 || keys[left[0]] == "" {
					continue
				}
				k := left[0]
				for _, c := range []byte{'_', '^'} {
					m := stIndexRe.FindStringSubmatch(f.ScriptOf(k, c))
					if m == nil {
						continue
					}
					lhs := f.ScriptOf(k, c)
					found := false
					for _, j := range terms[i+1] {
						if j == k || keys[j] != keys[k] {
							continue
						}
						rm := stIndexRe.FindStringSubmatch(f.ScriptOf(j, c))
						if rm != nil && rm[1] == m[1] && f.ScriptOf(j, c) != lhs {
							found = true
							break
						}
					}
					if found {
						out = append(out, stRecurrence{t: t, f: f, tok: p, seq: keys[k], index: m[1], script: c})
					}
				}
			}
		}
	}
	return out
}

// stHasInitial reports whether some formula of the fields gives the sequence a value at a
// numeric index ("$a_0 = 1$", "$T^{0}(n) = n$").
func stHasInitial(fields []*stText, seq string, script byte) bool {
	for _, t := range fields {
		for fi := range t.tex.Formulas {
			f := &t.tex.Formulas[fi]
			keys := stKeys(f)
			for k, key := range keys {
				if key != seq {
					continue
				}
				idx := strings.Trim(f.ScriptOf(k, script), "{} ")
				if idx == "" || strings.IndexFunc(idx, func(r rune) bool { return !unicode.IsDigit(r) && r != ',' && r != ' ' }) >= 0 {
					continue
				}
				// The value must be given: an "=" follows on the same level.
				for j := k + 1; j < len(f.Atoms); j++ {
					if a := f.Atoms[j]; a.Depth == f.Atoms[k].Depth && a.Script == f.Atoms[k].Script {
						if a.Kind == tex.AtomRel {
							if a.Text == "=" {
								return true
							}
							break
						}
					}
				}
			}
		}
		low := t.prose()
		for _, cue := range []string{"initial value", "initial term", "initial condition", "starting value",
			"starting with", "starts with", "start with", "first term", "first two terms", "seed"} {
			if strings.Contains(low, cue) {
				return true
			}
		}
	}
	return false
}

// stNamedSequences are sequences whose indexing convention varies between sources.
var stNamedSequences = []string{"fibonacci", "lucas number", "lucas sequence", "catalan number",
	"bell number", "bernoulli number", "stirling number", "tribonacci", "pell number", "harmonic number",
	"motzkin number", "euler number", "th prime", "nth prime"}

// stRecursiveSequence checks that a recursively defined sequence gives its initial values and
// the range of its recurrence, and that a named sequence states its convention.
func stRecursiveSequence(a *stAnalysis, out *Report) {
	if !a.stmt.ok() {
		out.Unknown(stCheckRecurrence, a.stmt.whole(),
			"The statement's TeX could not be read (see statement.tex-wellformed), so its recurrences were not checked.")
		return
	}
	fields := []*stText{a.stmt}
	for i, e := range a.r.Exposition {
		if e.Kind == packet.Definition || e.Kind == packet.Convention {
			fields = append(fields, a.entries[i])
		}
	}
	reported := 0
	seen := map[string]bool{}
	for _, t := range fields {
		for _, rec := range stRecurrences(t) {
			if seen[rec.seq] {
				continue
			}
			seen[rec.seq] = true
			sp := t.span(rec.f.Start, rec.f.End)
			name := stShow(rec.seq + string(rec.script) + rec.index)
			initial := stHasInitial(fields, rec.seq, rec.script)
			ranged := a.decl.ranged[rec.index]
			switch {
			case !initial && stQuantifiedSequence(t, rec.tok):
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s gives no initial values, but the statement quantifies over the sequence, so its initial values may be what the problem leaves free; a person must confirm that.", sp.Quote),
					fmt.Sprintf("If the initial values of %s are meant to be fixed, state them (for example %s).", name, stShow(rec.seq+string(rec.script)+"0 = 1")))
			case !initial:
				reported++
				out.Fail(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s defines the sequence %s but no initial value is given, so the sequence is not determined.", sp.Quote, name),
					fmt.Sprintf("State the initial values of %s (for example %s) next to the recurrence.", name, stShow(rec.seq+string(rec.script)+"0 = 1")))
			case !ranged:
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s gives initial values but does not say for which %s it applies; a person must confirm that the range follows from the initial values.", sp.Quote, stShow(rec.index)),
					fmt.Sprintf("Say on which range the recurrence holds (for example \"for every %s\").", stShow(rec.index+` \ge 0`)))
			default:
				reported++
				out.Pass(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s states its initial values and the range of %s on which it applies.", sp.Quote, stShow(rec.index)))
			}
		}
	}
	low := a.stmt.prose()
	for _, name := range stNamedSequences {
		j := strings.Index(low, name)
		if j < 0 || !strings.ContainsAny(a.r.Statement, "_") {
			continue
		}
		covered := false
		for _, e := range a.r.Exposition {
			if (e.Kind == packet.Convention || e.Kind == packet.Definition) && strings.Contains(strings.ToLower(e.Term+" "+e.Body), strings.TrimPrefix(name, "th ")) {
				covered = true
			}
		}
		if !covered {
			reported++
			out.NeedsHuman(stCheckRecurrence, a.stmt.span(j, j+len(name)),
				fmt.Sprintf("The statement uses an indexed named sequence (\"%s\") without a convention entry; a person must confirm that its indexing cannot change the target.", name),
				fmt.Sprintf("Add a CONVENTION entry that fixes the indexing of the %s sequence (its first index and first values).", strings.TrimPrefix(name, "th ")))
		}
		break
	}
	if reported == 0 {
		out.Pass(stCheckRecurrence, a.stmt.whole(), "The statement defines no sequence by a recurrence and uses no indexed named sequence.")
	}
}

// stQuantifiedSequence reports whether the sentence of token p quantifies over the sequence
// ("Is there a sequence … where $a_{n+2} = a_{n+1} + a_n$", "for every sequence …").
func stQuantifiedSequence(t *stText, p int) bool {
	sent := t.toks[p].sent
	for k := p; k >= 0 && t.toks[k].sent == sent; k-- {
		switch t.toks[k].text {
		case "there", "exist", "exists", "every", "all", "any", "some", "each":
			return true
		}
	}
	return false
}

// --- statement.determinate-target

// stTargetPhrases ask for a truth value or a value.
var stTargetPhrases = []string{"prove", "disprove", "show that", "show there", "determine", "find", "compute",
	"calculate", "evaluate", "decide", "classify", "characterize", "characterise", "construct", "exhibit",
	"establish", "settle", "is it true", "is it the case", "does there exist", "do there exist",
	"is there", "are there", "what is", "what are", "how many", "how large", "how small",
	"how big", "how fast", "whether", "give an example", "give an explicit", "give a proof", "give a formula",
	"give a construction", "conjecture:", "conjecture that", "conjectured that"}

// stOpenEndedPhrases ask for something whose completion is a matter of degree.
var stOpenEndedPhrases = []string{"estimate", "improve", "propose", "give a better", "find a better",
	"obtain a better", "better bound", "sharpen"}

// stVaguePhrases ask only to look at something.
var stVaguePhrases = []string{"study", "studies", "studied", "investigate", "investigates", "investigated",
	"investigation", "explore", "explores", "explored", "exploration", "understand", "understanding", "examine", "examines", "discuss", "discusses",
	"analyze", "analyse", "look at", "consider the behaviour", "consider the behavior", "concerns",
	"is about", "the aim", "we are interested"}

// stAssertionWords make a sentence assert something ("… is prime", "there are infinitely many").
var stAssertionWords = stWordSet(`is are has have holds hold exists exist contains contain equals equal
	divides satisfies satisfy implies imply lies lie belongs belong converges diverges tends grows admits
	attains vanishes exceeds agrees coincides occurs appears remains becomes can cannot must will does do
	should would may behaves behave reaches reach comes come determines determine suffices suffice differs
	differ forms gives give goes approaches approach terminates terminate represents represent generates
	generate covers cover includes include avoids avoid meets meet intersects intersect`)

// stPhrase finds a phrase of whole words in low (a lower-cased prose) and returns its offset.
func stPhrase(low, phrase string) int {
	for from := 0; from < len(low); {
		i := strings.Index(low[from:], phrase)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(phrase)
		before := i == 0 || !stWordByte(low[i-1])
		after := end >= len(low) || !stWordByte(low[end]) || strings.HasSuffix(phrase, ":")
		if before && after {
			return i
		}
		from = i + 1
	}
	return -1
}

func stWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

// stDeterminateTarget checks that the statement asks for a truth value or a value.
func stDeterminateTarget(a *stAnalysis, out *Report) {
	t := a.stmt
	if strings.TrimSpace(t.src) == "" {
		out.Fail(stCheckTarget, Absent(FieldStatement), "The statement is empty, so it asks for nothing.",
			"Write the statement: the object, its parameters and the question it asks (\"Prove that …\", \"Determine …\").")
		return
	}
	low := stHideLinks(t.prose())
	if i := strings.IndexByte(low, '?'); i >= 0 {
		out.Pass(stCheckTarget, t.span(stSentenceStart(low, i), i+1), "The statement asks a question, whose answer is the target.")
		return
	}
	for _, p := range stTargetPhrases {
		i := stPhrase(low, p)
		governed := -1 // the sentence of the last governed "whether"
		for i >= 0 && p == "whether" && (stGoverned(low, i) || stSentenceStart(low, i) == governed) {
			// "investigate whether … and whether …" asks to look, not to settle.
			governed = stSentenceStart(low, i)
			next := stPhrase(low[i+len(p):], p)
			if next < 0 {
				i = -1
				break
			}
			i += len(p) + next
		}
		if i >= 0 {
			out.Pass(stCheckTarget, t.span(i, i+len(p)),
				fmt.Sprintf("The statement asks for a determinate answer: \"%s\".", strings.TrimSpace(t.src[i:i+len(p)])))
			return
		}
	}
	for _, p := range stOpenEndedPhrases {
		if i := stPhrase(low, p); i >= 0 {
			out.NeedsHuman(stCheckTarget, t.span(i, i+len(p)),
				fmt.Sprintf("The statement asks to \"%s\", which may be an open-ended request rather than a determinate value; a person must decide whether an answer would settle it.", strings.TrimSpace(t.src[i:i+len(p)])),
				"State the determinate target: the exact value or order of growth asked for (\"Determine …\"), or a bound to prove (\"Prove that … ≤ …\").")
			return
		}
	}
	for _, p := range stVaguePhrases {
		if i := stPhrase(low, p); i >= 0 {
			out.Fail(stCheckTarget, t.span(i, i+len(p)),
				fmt.Sprintf("The statement only asks to %s (\"%s\") and never asks for a truth value or a value, so no answer would settle it.", strings.Fields(p)[0], strings.TrimSpace(t.src[i:i+len(p)])),
				"Rewrite the statement as a determinate target: \"Prove or disprove that …\", \"Determine …\" or \"Find all …\", saying exactly what would settle it.")
			return
		}
	}
	// A statement without a request may still assert a proposition: its truth value is the target.
	for _, tok := range t.toks {
		if tok.kind == 'w' && stAssertionWords[tok.text] {
			out.Pass(stCheckTarget, t.whole(), "The statement asserts a proposition (it has no request, but its truth value is a determinate target).")
			return
		}
	}
	for fi := range t.tex.Formulas {
		f := &t.tex.Formulas[fi]
		if _, rels := stChain(f, stLevel(f, 0, -1).idx); len(rels) > 0 {
			out.Pass(stCheckTarget, t.span(f.Start, f.End), "The statement asserts a relation, whose truth value is the target.")
			return
		}
	}
	for _, p := range []string{"existence of", "nonexistence of", "non-existence of"} {
		if i := stPhrase(low, p); i >= 0 {
			out.Pass(stCheckTarget, t.span(i, i+len(p)),
				"The statement names an existence question (\""+strings.TrimSpace(t.src[i:i+len(p)])+" …\"), whose yes-or-no answer is the target.")
			return
		}
	}
	out.Fail(stCheckTarget, t.whole(),
		"The statement only describes: it has no question, no request such as \"prove\" or \"determine\", and asserts no proposition, so it has no truth value or requested value.",
		"Rewrite the statement as a determinate target: \"Prove or disprove that …\", \"Determine …\" or \"Find all …\", saying exactly what would settle it.")
}

// stGoverned reports whether the word at i ("whether") is the object of a vague verb earlier in
// its sentence ("we study whether").
func stGoverned(low string, i int) bool {
	from := max(stSentenceStart(low, i), i-60)
	for _, p := range stVaguePhrases {
		if stPhrase(low[from:i], p) >= 0 {
			return true
		}
	}
	return false
}

// stHideLinks blanks the URLs of a prose (bare, or the targets of Markdown links), keeping
// offsets, so that words inside an address ("…/research/…") are not read as prose.
func stHideLinks(s string) string {
	b := []byte(s)
	for _, m := range stURLRe.FindAllStringIndex(s, -1) {
		for i := m[0]; i < m[1]; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// stSentenceStart returns the offset where the sentence containing byte i starts.
func stSentenceStart(s string, i int) int {
	for j := i - 1; j > 0; j-- {
		if (s[j] == '.' || s[j] == '?' || s[j] == '!' || s[j] == '\n') && j+1 < len(s) && (s[j+1] == ' ' || s[j+1] == '\n') {
			return j + 2
		}
	}
	return 0
}

// --- statement.title-matches

// stContentStems returns the stems of the words of s that carry a subject: no stop words,
// no generic words ("conjecture"), no numbers or single letters.
func stContentStems(s string) []string {
	var out []string
	for _, w := range stContentWords(s) {
		out = append(out, stStem(w))
	}
	return out
}

// stContentWords returns the words of s that carry a subject, lower-cased.
func stContentWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' }) {
		l := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
		l = strings.Trim(l, "'’")
		if utf8.RuneCountInString(l) < 2 || stStopWords[l] || stGenericTitleWords[l] || strings.IndexFunc(l, unicode.IsDigit) >= 0 {
			continue
		}
		out = append(out, l)
	}
	return out
}

// stWeakTitleWords (stems) are words too common in mathematics to tie a title to a statement.
var stWeakTitleWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`number set function integer value sequence element order form type class
		result bound general problem object`) {
		m[stStem(w)] = true
	}
	return m
}()

// stCatalogueRe finds a catalogue number in a title ("Erdős Problem 32", "Conjecture 314").
var stCatalogueRe = regexp.MustCompile(`(?i)\b(problems?|conjectures?|questions?|no\.?|#)[\s_]*[0-9]+`)

// stDeictic are phrases by which a statement refers to something outside it.
var stDeictic = []string{"this sequence", "the sequence", "these numbers", "this problem", "the problem",
	"this conjecture", "the conjecture", "the same", "above", "this question", "the question", "such numbers",
	"this set", "these terms", "each term", "no term", "all terms", "every term", "the terms"}

// stPhraseAny reports whether low contains one of the phrases as whole words.
func stPhraseAny(low string, phrases []string) bool {
	for _, p := range phrases {
		if stPhrase(low, p) >= 0 {
			return true
		}
	}
	return false
}

// stTitleMatches compares the subject words of the title with the statement, then with the
// exposition and the provenance, which name the problem after its source.
func stTitleMatches(a *stAnalysis, out *Report) {
	r := a.r
	titleWords := stContentWords(r.Title)
	title := make([]string, len(titleWords))
	shown := map[string]string{} // a stem and the title word it came from
	for i, w := range titleWords {
		title[i] = stStem(w)
		if _, ok := shown[title[i]]; !ok {
			shown[title[i]] = w
		}
	}
	span := Whole(FieldTitle, r.Title)
	if len(title) == 0 {
		out.NeedsHuman(stCheckTitle, span,
			"The title has no word that names a subject, so it cannot be compared with the statement; a person must confirm that the title names the statement's question.",
			"Give the problem a title that names its object and question (for example \"Twin primes: infinitely many pairs p, p + 2\").")
		return
	}
	set := func(stems []string) map[string]bool {
		m := map[string]bool{}
		for _, s := range stems {
			m[s] = true
		}
		return m
	}
	stmt := set(stContentStems(stPlainWords(r.Statement)))
	var exp, prov strings.Builder
	for _, e := range r.Exposition {
		exp.WriteString(e.Term + " " + e.Body + " ")
	}
	prov.WriteString(r.Provenance.Attribution + " " + r.Provenance.SourceLocator + " ")
	for _, x := range r.References {
		prov.WriteString(x.Citation + " ")
	}
	expo, source := set(stContentStems(stPlainWords(exp.String()))), set(stContentStems(stPlainWords(prov.String())))
	var inStmt, inExp, inSource, none []string
	for _, w := range slices.Compact(slices.Sorted(slices.Values(title))) {
		switch {
		case stWeakTitleWords[w]:
			// "number", "set": shared by unrelated problems, so no evidence either way.
		case stmt[w]:
			inStmt = append(inStmt, shown[w])
		case expo[w]:
			inExp = append(inExp, shown[w])
		case source[w]:
			inSource = append(inSource, shown[w])
		default:
			none = append(none, shown[w])
		}
	}
	label := stCatalogueRe.MatchString(r.Title) && len(inStmt)+len(inExp) == 0
	// The statement may refer to what the title names ("this sequence", "the same question"), and
	// a title with a formula may define the object the statement asks about: then a missing
	// overlap is no evidence that the two differ.
	deictic := strings.Contains(r.Title, "$") || stPhraseAny(strings.ToLower(r.Statement), stDeictic)
	switch {
	case label:
		out.NeedsHuman(stCheckTitle, span,
			"The title is a catalogue label (a source and a number) that shares no subject word with the statement; a person must confirm that the statement is the labelled problem.",
			"Give the problem a title that names its object and question, and keep the catalogue number in the provenance.")
	case len(inStmt) > 0:
		out.Pass(stCheckTitle, span,
			fmt.Sprintf("The title and the statement share the subject words %s.", stQuoteList(inStmt)))
	case len(inExp) > 0 || len(inSource) > 0:
		where := "the exposition"
		words := inExp
		if len(inExp) == 0 {
			where, words = "the provenance", inSource
		}
		out.Pass(stCheckTitle, span,
			fmt.Sprintf("The title names the problem by %s, which %s ties to the statement's object.", stQuoteList(words), where))
	case len(none) >= 2 && len(stmt) >= 6 && !deictic:
		out.Fail(stCheckTitle, span,
			fmt.Sprintf("No subject word of the title (%s) occurs in the statement, its exposition or its provenance, so the title and the statement do not ask the same question.", stQuoteList(none)),
			"Retitle the problem after the question the statement asks, or correct the statement if the title names the intended problem.")
	default:
		out.NeedsHuman(stCheckTitle, span,
			fmt.Sprintf("The title's subject words (%s) do not occur in the statement, but there are too few words to be sure the two differ; a person must compare them.", stQuoteList(none)),
			"If the title and the statement ask different questions, retitle the problem after the statement's question.")
	}
}

// stQuoteList renders stems for a sentence: "prime" and "gap".
func stQuoteList(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = "\"" + w + "\""
	}
	return stList(q, 6)
}

// --- statement.self-contained

// stDeferrals are phrases that make the statement depend on a definition or a problem supplied
// elsewhere; stPointers only point elsewhere ("see [3]"), which may or may not carry the target.
var (
	stDeferrals = []string{"as defined in", "defined in [", "defined in the paper", "defined in the reference",
		"defined in the source", "defined in the article", "defined in the survey", "defined in the book",
		"defined in ref", "defined in section", "defined in \\cite", "in the sense of [", "in the sense of \\cite",
		"the problem from the reference", "the problem in the reference", "the problem from the paper",
		"the problem in the paper", "the problem stated in", "the question stated in", "the conjecture stated in",
		"stated in the reference", "stated in the paper", "stated in the source", "in the notation of",
		"with the notation of", "using the notation of", "notation of the paper", "notation of the reference",
		"notation of the source", "the notation is as in", "defined elsewhere", "defined above", "defined below",
		"as above", "the previous problem", "the previous question", "the same as problem", "as in problem",
		"in the primary reference", "of the primary reference", "the cited paper", "the cited reference",
		"the cited source", "the source file"}
	stPointers = []string{"see [", "see \\cite", "see the paper", "see the reference", "see the source",
		"see the article", "see the survey", "see above", "see below", "as in [", "as in the paper",
		"as in the reference", "as in the source", "as described in", "as given in", "as stated in",
		"as introduced in"}
)

// stLabelWords (stems) name a problem rather than state it.
var stLabelWords = map[string]bool{stStem("conjecture"): true, stStem("hypothesis"): true, stStem("problem"): true,
	stStem("question"): true, stStem("theorem"): true}

// stFiniteVerbs make a short text a statement rather than a label.
var stFiniteVerbs = stWordSet(`is are was were has have holds hold exists exist does do can cannot must will
	equals contains divides lies satisfies implies`)

// stSelfContained checks that the target does not depend on a definition supplied elsewhere and
// is not only a label.
func stSelfContained(a *stAnalysis, out *Report) {
	t := a.stmt
	low := t.prose()
	phraseEnd := func(i, n int) int {
		end := i + n
		for end < len(low) && end < i+n+40 && low[end] != '.' && low[end] != ',' && low[end] != ';' && low[end] != ')' {
			end++
		}
		return end
	}
	for _, p := range stDeferrals {
		if i := strings.Index(low, p); i >= 0 {
			end := phraseEnd(i, len(p))
			out.Fail(stCheckSelf, t.span(i, end),
				fmt.Sprintf("The statement defers to something supplied elsewhere (\"%s\"), so read on its own it does not determine its target.", strings.TrimSpace(t.src[i:end])),
				"State the definition or the problem the statement refers to in the statement itself or in a definition entry, so that the target can be read without the source.")
			return
		}
	}
	for _, p := range stPointers {
		if i := strings.Index(low, p); i >= 0 {
			end := phraseEnd(i, len(p))
			out.NeedsHuman(stCheckSelf, t.span(i, end),
				fmt.Sprintf("The statement points elsewhere (\"%s\"); a person must confirm that the target can be read without what it points to.", strings.TrimSpace(t.src[i:end])),
				"If the statement relies on a definition or a result from the cited work, state it in the statement or in a definition entry; a citation for attribution belongs in the references.")
			return
		}
	}
	// A label alone: "Prove the twin prime conjecture."
	words := t.words(0, len(t.toks))
	asserts := strings.Contains(low, "?")
	for _, w := range words {
		asserts = asserts || stFiniteVerbs[w]
	}
	if len(t.tex.Formulas) == 0 && len(words) <= 12 && !asserts {
		for _, w := range words {
			if stLabelWords[stStem(w)] {
				out.Fail(stCheckSelf, t.whole(),
					fmt.Sprintf("The statement is only a label (\"%s\"): it names the %s without stating it.", strings.TrimSpace(t.src), w),
					"State the problem itself: its object, parameters and the question asked, in standard terms or with definition entries for any coined term.")
				return
			}
		}
	}
	out.Pass(stCheckSelf, t.whole(),
		"The statement states its target itself: it neither defers to a definition supplied elsewhere (\"as defined in …\", \"see the paper\") nor is only a label.")
}

// --- statement.explicit-objects

// stExplicitObjects asks a person to read the statement in isolation: a machine cannot certify
// that the object, parameters, ambient structure and conclusion are explicit, nor the quality
// of the notation and prose.
func stExplicitObjects(a *stAnalysis, out *Report) {
	out.NeedsHuman(stCheckExplicit, a.stmt.whole(),
		"Whether the mathematical object, its parameters, the ambient structure and the requested conclusion are explicit, and whether the notation and prose are of textbook quality, needs a person who reads the statement alone, with the title, exposition and links hidden.",
		"If the object, a parameter, the ambient structure or the conclusion is only implicit, state it in the statement; if the notation or prose is not of textbook quality, rewrite it.")
}

var (
	stMarkdownLinkRe = regexp.MustCompile(`!?\[([^\]\n]{0,300})\]\([^)\s]{0,1000}\)`)
	stURLRe          = regexp.MustCompile(`<?https?://[^\s<>)\]]+>?`)
	stSpacesRe       = regexp.MustCompile(`[ \t]{2,}`)
)

// IsolatedStatement returns the statement as the policy asks a reviewer to read it: on its own,
// with the title, context, exposition, captions and links hidden. Markdown links keep their text;
// bare URLs are removed.
func IsolatedStatement(r *Revision) string {
	s := stMarkdownLinkRe.ReplaceAllString(r.Statement, "$1")
	s = stURLRe.ReplaceAllString(s, "")
	s = stSpacesRe.ReplaceAllString(s, " ")
	return strings.TrimSpace(s)
}

// --- planters

// The planters below damage a complete packet the way real submissions are damaged, one check
// at a time, for calibration (plant.go). Each has several variants and picks among those the
// packet has room for; the defect is built into the text, never chosen by asking the check.
