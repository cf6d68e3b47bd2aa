package gates

import (
	"context"
	"errors"
	"fmt"
	"regexp"
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
//
// This file holds the gate's entry point and the reading every check shares (the tokens of each
// field, read once); each check lives in statement_<check>.go (the variable-domain check, with
// the declarations the others read too, in statement_domain*.go), the formula helpers several share in
// statement_formula.go, and the planters, built with the calibrate tag, in statement_plant.go.

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
	// notation is what the statement is about, which decides what a letter may stand for.
	notation stNotation
}

// stAnalyse reads the statement, the title and the exposition bodies.
func stAnalyse(r *Revision) *stAnalysis {
	a := &stAnalysis{r: r, stmt: stRead(FieldStatement, r.Statement), title: stRead(FieldTitle, r.Title), notation: stNotationOf(r.Statement)}
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
