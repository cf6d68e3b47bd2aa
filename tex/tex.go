package tex

import (
	"fmt"
	"strings"
)

// Limits bounds the work of Read on one field.
type Limits struct {
	// MaxBytes is the longest field read; the policy's longest field (the statement) is
	// 20,000 characters, so this leaves room for any real one.
	MaxBytes int
	// MaxDepth is the deepest nesting of braces, environments and \left…\right groups.
	MaxDepth int
	// MaxTokens is the most tokens read in all the formulas of the field together.
	MaxTokens int
}

// DefaultLimits are the limits the gates read with.
var DefaultLimits = Limits{MaxBytes: 256 << 10, MaxDepth: 100, MaxTokens: 100_000}

// Error is malformed TeX: what is wrong and the byte offset where a reader finds it.
type Error struct {
	Code ErrorCode
	Pos  int
	Msg  string
}

// ErrorCode classifies malformed TeX, so that a check can treat kinds differently without
// reading the message.
type ErrorCode string

// The kinds of malformed TeX.
const (
	// UnclosedFormula is a formula whose closing delimiter never comes (Pos is its opening).
	UnclosedFormula ErrorCode = "unclosed-formula"
	// StrayDelimiter is a math delimiter where none can be: a closing \) in prose, a $
	// inside \(…\).
	StrayDelimiter ErrorCode = "stray-delimiter"
	UnclosedBrace  ErrorCode = "unclosed-brace"
	UnmatchedBrace ErrorCode = "unmatched-brace"
	LeftRight      ErrorCode = "left-right"
	Environment    ErrorCode = "environment"
	// BadScript is a ^ or _ without an argument, or a double superscript or subscript.
	BadScript ErrorCode = "script"
)

func (e *Error) Error() string { return fmt.Sprintf("tex: %s (byte %d)", e.Msg, e.Pos) }

// LimitError says that the field passes one of the reader's limits, so it was not read.
type LimitError struct {
	Pos   int
	Limit string // "bytes", "nesting depth" or "tokens"
	Max   int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("tex: the text passes the reader's limit of %d %s at byte %d", e.Max, e.Limit, e.Pos)
}

// Document is what the reader found in one field.
type Document struct {
	Source   string
	Formulas []Formula
	// Unknown lists control sequences inside formulas that KaTeX does not render and that the
	// field does not define, in order, at most maxUnknown of them.
	Unknown []Macro
}

// Macro is one control sequence as written ("\foo", or "\begin{foo}" for an environment).
type Macro struct {
	Name       string
	Start, End int
}

// maxUnknown bounds the unknown macros recorded per field.
const maxUnknown = 32

// Formula is one math span of a field.
type Formula struct {
	// Start and End are the byte offsets of the span with its delimiters; BodyStart and BodyEnd
	// those of the math inside them.
	Start, End         int
	BodyStart, BodyEnd int
	Display            bool
	// Delim is the opening delimiter: "$", "$$", `\(`, `\[` or an environment's name.
	Delim string
	// Source is the span's text, delimiters included.
	Source string
	Atoms  []Atom
}

// Body is the math of the formula without its delimiters.
func (f *Formula) Body() string {
	return f.Source[f.BodyStart-f.Start : f.BodyEnd-f.Start]
}

// AtomKind classifies a token of a formula by the part it plays for a reader.
type AtomKind uint8

// Atom kinds.
const (
	// AtomIdent is a name a formula can bind or leave free: a Latin or Greek letter, a
	// letter in a variable font (\mathcal{F}, \mathbf{x}) or under an accent (\hat{x}).
	AtomIdent AtomKind = iota + 1
	// AtomConst is a fixed symbol: \mathbb{R}, \mathrm{d}, \infty, \emptyset.
	AtomConst
	AtomNumber
	// AtomRel is a relation: =, <, \le, \in, \subseteq, \colon, :, \to, \mapsto, \mid, \equiv.
	AtomRel
	// AtomOp is a binary operator or other punctuation of a formula: + - \cdot / ! '.
	AtomOp
	// AtomPunct is a separator: a comma, a semicolon, & or \\.
	AtomPunct
	AtomOpen  // ( [ \{ \langle \lfloor \lceil \lvert, and a \left delimiter
	AtomClose // ) ] \} \rangle \rfloor \rceil \rvert, and a \right delimiter
	AtomBar   // | \| \vert \Vert, and a \middle delimiter
	// AtomBigOp is an operator that binds an index: \sum \prod \int \lim \max \sup \bigcup.
	AtomBigOp
	AtomQuant // \forall \exists \nexists
	AtomDots  // \dots \ldots \cdots
	// AtomText is a \text{…} group; Text holds the words inside it.
	AtomText
	// AtomFunc is an operator name: \log \sin \exp \det \gcd \Pr \pmod \operatorname{Li}.
	AtomFunc
	// AtomMacro is any other control sequence (\frac, \sqrt, \binom, \partial …).
	AtomMacro
)

// Atom is one token of a formula.
type Atom struct {
	Kind AtomKind
	// Text is the token as a reader names it: "x", `\alpha`, `\mathcal{F}`, `\hat{x}`, `\le`,
	// "12", or the words of a \text group.
	Text       string
	Start, End int
	// Depth is the brace and environment nesting of the token inside the formula.
	Depth int
	// Script is '_' or '^' when the token is (inside) a subscript or superscript, the
	// innermost one, and Base the index of the atom that script is attached to (-1 when it
	// is attached to a group).
	Script byte
	Base   int
	// Word is the run of letters the token belongs to when two or more letters are written
	// next to each other ("bs" in $bs(f)$): a reader may take the run as one name.
	Word    string
	scripts byte // 1: has a subscript, 2: has a superscript
	// sub and sup are the byte ranges of the subscript and superscript attached to the atom,
	// braces included; zero when there is none.
	sub, sup [2]int
}

// Ident is one use of an identifier in a formula.
type Ident struct {
	// Name is the identifier without its scripts: "x", `\alpha`, `\mathcal{F}`.
	Name       string
	Start, End int
	// Script is non-zero when the identifier is itself in a subscript or superscript.
	Script byte
	// Sub is the subscript attached to it, as written ("n+1" in a_{n+1}), if any.
	Sub string
	// Word is the run of adjacent letters it belongs to, if any.
	Word string
	// Atom is its index in the formula's Atoms.
	Atom int
}

// Idents lists the identifiers a formula uses, in order: letters, Greek letters and letters in
// variable fonts, with the subscript each carries.
func (f *Formula) Idents() []Ident {
	var out []Ident
	for k, a := range f.Atoms {
		if a.Kind != AtomIdent {
			continue
		}
		out = append(out, Ident{Name: a.Text, Start: a.Start, End: a.End, Script: a.Script,
			Sub: f.ScriptOf(k, '_'), Word: a.Word, Atom: k})
	}
	return out
}

// ScriptOf returns the source of the script of kind c attached to atom k.
func (f *Formula) ScriptOf(k int, c byte) string {
	rg := f.Atoms[k].sub
	if c == '^' {
		rg = f.Atoms[k].sup
	}
	if rg[1] <= rg[0] {
		return ""
	}
	s := strings.TrimSpace(f.Source[rg[0]-f.Start : rg[1]-f.Start])
	if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

// ScriptAtoms returns the range lo..hi of the atoms that make up the script of kind c attached
// to atom k (empty when it has none). Scripts follow their base, so the range is contiguous.
func (f *Formula) ScriptAtoms(k int, c byte) (lo, hi int) {
	rg := f.Atoms[k].sub
	if c == '^' {
		rg = f.Atoms[k].sup
	}
	if rg[1] <= rg[0] {
		return k + 1, k + 1
	}
	lo = k + 1
	for lo < len(f.Atoms) && f.Atoms[lo].Start < rg[0] {
		lo++
	}
	hi = lo
	for hi < len(f.Atoms) && f.Atoms[hi].Start < rg[1] {
		hi++
	}
	return lo, hi
}

// HasSubscript reports whether a subscript is attached to the atom (K_5, \sum_{k}).
func (a Atom) HasSubscript() bool { return a.scripts&1 != 0 }

// setScript records the byte range of the script of kind c attached to the atom.
func (a *Atom) setScript(c byte, start, end int) {
	if c == '^' {
		a.sup = [2]int{start, end}
	} else {
		a.sub = [2]int{start, end}
	}
}

// Read reads the math of a field with the default limits.
func Read(src string) (*Document, error) { return ReadWith(src, DefaultLimits) }

// ReadWith reads the math of a field. On malformed TeX it returns the formulas read before
// the error together with a *Error; past a limit, a *LimitError.
func ReadWith(src string, lim Limits) (*Document, error) {
	doc := &Document{Source: src}
	if len(src) > lim.MaxBytes {
		return doc, &LimitError{Pos: lim.MaxBytes, Limit: "bytes", Max: lim.MaxBytes}
	}
	r := &reader{src: src, lim: lim, doc: doc}
	return doc, r.text()
}
