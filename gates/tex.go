package gates

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads the TeX of one field the way the page renders it: prose with math spans
// ($…$, $$…$$, \(…\), \[…\] and display environments such as \begin{equation}), and inside the
// spans the tokens a reader of a formula sees. It is not a TeX engine: it expands no macros and
// typesets nothing. It knows the control sequences KaTeX renders (katexNames), so that a macro
// the page cannot show can be reported, but an unknown macro is not malformed TeX.
//
// Two readings follow TeX rather than the page's auto-render (ui/static/math.js): \$ is a
// literal dollar sign, and \begin{equation} and the like open a formula in prose. A blank line
// ends a paragraph, so a formula still open at one is unclosed, as TeX would say.
//
// Malformed TeX — an unbalanced brace, an unclosed formula, \left without \right, environments
// that do not match — is a *TeXError with the byte position a proposer can go to. The reader's
// work is bounded by TeXLimits; input past a limit is a *TeXLimitError, which the checks record
// as UNKNOWN with the reason rather than spending unbounded time on a hostile field.

// TeXLimits bounds the work of ReadTeX on one field.
type TeXLimits struct {
	// MaxBytes is the longest field read; the policy's longest field (the statement) is
	// 20,000 characters, so this leaves room for any real one.
	MaxBytes int
	// MaxDepth is the deepest nesting of braces, environments and \left…\right groups.
	MaxDepth int
	// MaxTokens is the most tokens read in all the formulas of the field together.
	MaxTokens int
}

// DefaultTeXLimits are the limits the gates read with.
var DefaultTeXLimits = TeXLimits{MaxBytes: 256 << 10, MaxDepth: 100, MaxTokens: 100_000}

// TeXError is malformed TeX: what is wrong and the byte offset where a reader finds it.
type TeXError struct {
	Code TeXErrorCode
	Pos  int
	Msg  string
}

// TeXErrorCode classifies malformed TeX, so that a check can treat kinds differently without
// reading the message.
type TeXErrorCode string

// The kinds of malformed TeX.
const (
	// TeXUnclosedFormula is a formula whose closing delimiter never comes (Pos is its opening).
	TeXUnclosedFormula TeXErrorCode = "unclosed-formula"
	// TeXStrayDelimiter is a math delimiter where none can be: a closing \) in prose, a $
	// inside \(…\).
	TeXStrayDelimiter TeXErrorCode = "stray-delimiter"
	TeXUnclosedBrace  TeXErrorCode = "unclosed-brace"
	TeXUnmatchedBrace TeXErrorCode = "unmatched-brace"
	TeXLeftRight      TeXErrorCode = "left-right"
	TeXEnvironment    TeXErrorCode = "environment"
	// TeXScript is a ^ or _ without an argument, or a double superscript or subscript.
	TeXScript TeXErrorCode = "script"
)

func (e *TeXError) Error() string { return fmt.Sprintf("tex: %s (byte %d)", e.Msg, e.Pos) }

// TeXLimitError says that the field passes one of the reader's limits, so it was not read.
type TeXLimitError struct {
	Pos   int
	Limit string // "bytes", "nesting depth" or "tokens"
	Max   int
}

func (e *TeXLimitError) Error() string {
	return fmt.Sprintf("tex: the text passes the reader's limit of %d %s at byte %d", e.Max, e.Limit, e.Pos)
}

// TeX is what the reader found in one field.
type TeX struct {
	Source   string
	Formulas []Formula
	// Unknown lists control sequences inside formulas that KaTeX does not render and that the
	// field does not define, in order, at most maxTeXUnknown of them.
	Unknown []Macro
}

// Macro is one control sequence as written ("\foo", or "\begin{foo}" for an environment).
type Macro struct {
	Name       string
	Start, End int
}

// maxTeXUnknown bounds the unknown macros recorded per field.
const maxTeXUnknown = 32

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
	// AtomConst is a fixed symbol: \mathbb{R}, \mathrm{d}, \operatorname{Li}, \infty, \emptyset.
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
	// AtomFunc is an operator name: \log \sin \exp \det \gcd \Pr \pmod.
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
			Sub: f.scriptOf(k, '_'), Word: a.Word, Atom: k})
	}
	return out
}

// scriptOf returns the source of the script of kind c attached to atom k.
func (f *Formula) scriptOf(k int, c byte) string {
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

// scriptAtoms returns the range lo..hi of the atoms that make up the script of kind c attached
// to atom k (empty when it has none). Scripts follow their base, so the range is contiguous.
func (f *Formula) scriptAtoms(k int, c byte) (lo, hi int) {
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

// setScript records the byte range of the script of kind c attached to the atom.
func (a *Atom) setScript(c byte, start, end int) {
	if c == '^' {
		a.sup = [2]int{start, end}
	} else {
		a.sub = [2]int{start, end}
	}
}

// ReadTeX reads the math of a field with the default limits.
func ReadTeX(src string) (*TeX, error) { return ReadTeXWith(src, DefaultTeXLimits) }

// ReadTeXWith reads the math of a field. On malformed TeX it returns the formulas read before
// the error together with a *TeXError; past a limit, a *TeXLimitError.
func ReadTeXWith(src string, lim TeXLimits) (*TeX, error) {
	doc := &TeX{Source: src}
	if len(src) > lim.MaxBytes {
		return doc, &TeXLimitError{Pos: lim.MaxBytes, Limit: "bytes", Max: lim.MaxBytes}
	}
	r := &texReader{src: src, lim: lim, doc: doc}
	return doc, r.text()
}

// texReader is the state of one read.
type texReader struct {
	src     string
	lim     TeXLimits
	i       int
	tokens  int
	doc     *TeX
	defined map[string]bool // macros the field itself defines (\newcommand, \def)
}

func (r *texReader) errAt(code TeXErrorCode, pos int, format string, args ...any) error {
	return &TeXError{Code: code, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (r *texReader) count() error {
	r.tokens++
	if r.tokens > r.lim.MaxTokens {
		return &TeXLimitError{Pos: r.i, Limit: "tokens", Max: r.lim.MaxTokens}
	}
	return nil
}

// text reads prose, opening a formula at each math delimiter.
func (r *texReader) text() error {
	s := r.src
	for r.i < len(s) {
		switch c := s[r.i]; c {
		case '$':
			if err := r.count(); err != nil {
				return err
			}
			var err error
			if strings.HasPrefix(s[r.i:], "$$") {
				err = r.math(r.i, 2, "$$", true)
			} else {
				err = r.math(r.i, 1, "$", false)
			}
			if err != nil {
				return err
			}
		case '\\':
			if r.i+1 >= len(s) {
				r.i++
				continue
			}
			if err := r.count(); err != nil {
				return err
			}
			switch n := s[r.i+1]; {
			case n == '(':
				if err := r.math(r.i, 2, `\(`, false); err != nil {
					return err
				}
			case n == '[':
				if err := r.math(r.i, 2, `\[`, true); err != nil {
					return err
				}
			case n == ')' || n == ']':
				open := `\(`
				if n == ']' {
					open = `\[`
				}
				return r.errAt(TeXStrayDelimiter, r.i, `\%c closes a formula that no %s opened`, n, open)
			case texLetter(n):
				j := r.i + 1
				for j < len(s) && texLetter(s[j]) {
					j++
				}
				name := s[r.i+1 : j]
				if name == "begin" || name == "end" {
					env, after, ok := texBraceWord(s, j)
					if ok && texDisplayEnvs[env] {
						if name == "end" {
							return r.errAt(TeXEnvironment, r.i, `\end{%s} has no \begin{%s}`, env, env)
						}
						if err := r.math(r.i, after-r.i, env, true); err != nil {
							return err
						}
						continue
					}
				}
				r.i = j
			default:
				_, size := utf8.DecodeRuneInString(s[r.i+1:])
				r.i += 1 + size
			}
		default:
			r.i++
		}
	}
	return nil
}

// texFrame is one open group of a formula: a brace group or an environment.
type texFrame struct {
	kind   byte // 'r' the formula itself, '{' a brace group, 'e' an environment
	pos    int
	env    string
	lefts  []int  // positions of the \left delimiters open in this group
	font   string // the font command whose argument this group is
	script byte   // the script this group is the argument of, inherited by nested groups
	base   int
	last   int // the atom a script would attach to when this group was opened
	isArg  bool
}

// math reads one formula that opens at start with a delimiter of dlen bytes.
func (r *texReader) math(start, dlen int, delim string, display bool) error {
	s := r.src
	f := Formula{Start: start, BodyStart: start + dlen, Display: display, Delim: delim}
	frames := []texFrame{{kind: 'r', pos: start, base: -1}}
	var (
		pend     byte // a ^ or _ waiting for its argument
		pendPos  int
		pendBase int
		pendFont string // a font command waiting for a one-token argument
		last     = -1   // the atom a script attaches to; -2 after a group
	)
	emit := func(a Atom) {
		top := &frames[len(frames)-1]
		a.Depth = len(frames) - 1
		switch {
		case pend != 0:
			a.Script, a.Base = pend, pendBase
			if pendBase >= 0 {
				f.Atoms[pendBase].setScript(pend, a.Start, a.End)
			}
			pend = 0
		default:
			a.Script, a.Base = top.script, top.base
			last = len(f.Atoms)
		}
		f.Atoms = append(f.Atoms, a)
	}
	finish := func(end, bodyEnd int) error {
		if pend != 0 {
			return r.errAt(TeXScript, pendPos, "%c has nothing after it to attach to", pend)
		}
		if top := frames[len(frames)-1]; top.kind == '{' {
			return r.errAt(TeXUnclosedBrace, top.pos, "{ is not closed before the formula ends at byte %d", bodyEnd)
		} else if top.kind == 'e' {
			return r.errAt(TeXEnvironment, top.pos, `\begin{%s} is not closed by \end{%s} before the formula ends at byte %d`, top.env, top.env, bodyEnd)
		}
		if l := frames[0].lefts; len(l) > 0 {
			return r.errAt(TeXLeftRight, l[len(l)-1], `\left has no matching \right in its formula`)
		}
		f.BodyEnd, f.End = bodyEnd, end
		f.Source = s[f.Start:f.End]
		texWords(f.Atoms)
		r.doc.Formulas = append(r.doc.Formulas, f)
		r.i = end
		return nil
	}
	push := func(fr texFrame) error {
		if len(frames) > r.lim.MaxDepth {
			return &TeXLimitError{Pos: r.i, Limit: "nesting depth", Max: r.lim.MaxDepth}
		}
		fr.last = last
		if pend != 0 {
			fr.script, fr.base, fr.isArg = pend, pendBase, true
			pend = 0
		} else {
			top := frames[len(frames)-1]
			fr.script, fr.base = top.script, top.base
			if fr.font == "" {
				fr.font = top.font
			}
		}
		frames = append(frames, fr)
		last = -1
		return nil
	}
	pop := func() {
		fr := frames[len(frames)-1]
		frames = frames[:len(frames)-1]
		if fr.isArg {
			last = fr.last
			if fr.base >= 0 {
				f.Atoms[fr.base].setScript(fr.script, fr.pos, r.i+1)
			}
		} else {
			last = -2
		}
	}
	setScript := func(c byte) error {
		if pend != 0 {
			return r.errAt(TeXScript, r.i, "%c follows %c at byte %d, which has no argument yet", c, pend, pendPos)
		}
		bit := byte(1)
		if c == '^' {
			bit = 2
		}
		if last >= 0 {
			if f.Atoms[last].scripts&bit != 0 {
				what := "subscript"
				if c == '^' {
					what = "superscript"
				}
				return r.errAt(TeXScript, r.i, "double %s on %s", what, f.Atoms[last].Text)
			}
			f.Atoms[last].scripts |= bit
		}
		pend, pendPos, pendBase = c, r.i, last
		if last < 0 {
			pendBase = -1
		}
		return nil
	}
	r.i = start + dlen
	for {
		if r.i >= len(s) {
			return r.errAt(TeXUnclosedFormula, start, "the formula opened by %s is not closed", delim)
		}
		if err := r.count(); err != nil {
			return err
		}
		c := s[r.i]
		switch {
		case c == '\n':
			j := r.i + 1
			for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
				j++
			}
			if j < len(s) && s[j] == '\n' {
				return r.errAt(TeXUnclosedFormula, start, "the formula opened by %s runs into the paragraph break at byte %d without being closed", delim, r.i)
			}
			r.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '~':
			r.i++
		case c == '%':
			for r.i < len(s) && s[r.i] != '\n' {
				r.i++
			}
		case c == '$':
			switch {
			case delim == "$":
				return finish(r.i+1, r.i)
			case delim == "$$" && strings.HasPrefix(s[r.i:], "$$"):
				return finish(r.i+2, r.i)
			case delim == "$$":
				return r.errAt(TeXStrayDelimiter, r.i, "a single $ inside the display formula opened by $$ at byte %d", start)
			default:
				return r.errAt(TeXStrayDelimiter, r.i, "$ inside the formula opened by %s at byte %d", delim, start)
			}
		case c == '{':
			if err := push(texFrame{kind: '{', pos: r.i, font: pendFont}); err != nil {
				return err
			}
			pendFont = ""
			r.i++
		case c == '}':
			top := frames[len(frames)-1]
			switch top.kind {
			case 'r':
				return r.errAt(TeXUnmatchedBrace, r.i, "} has no matching {")
			case 'e':
				return r.errAt(TeXUnmatchedBrace, r.i, `} closes a group while \begin{%s} at byte %d is open`, top.env, top.pos)
			}
			if len(top.lefts) > 0 {
				return r.errAt(TeXLeftRight, top.lefts[len(top.lefts)-1], `\left has no matching \right before the group closes at byte %d`, r.i)
			}
			pop()
			r.i++
		case c == '^' || c == '_':
			if err := setScript(c); err != nil {
				return err
			}
			r.i++
		case c == '\\':
			done, err := r.control(&f, delim, start, emit, push, pop, &frames, &pendFont, finish, pend != 0)
			if err != nil || done {
				return err
			}
		case texLetter(c):
			font := pendFont
			if font == "" {
				font = frames[len(frames)-1].font
			}
			emit(r.letter(c, font))
			pendFont = ""
			r.i++
		case '0' <= c && c <= '9':
			j := r.i + 1
			for j < len(s) && ('0' <= s[j] && s[j] <= '9' || s[j] == '.' && j+1 < len(s) && '0' <= s[j+1] && s[j+1] <= '9') {
				j++
			}
			if pend != 0 && j > r.i+1 { // x^23 is x^2 3: a script takes one digit
				j = r.i + 1
			}
			emit(Atom{Kind: AtomNumber, Text: s[r.i:j], Start: r.i, End: j})
			r.i = j
		case c == '.' && strings.HasPrefix(s[r.i:], "..."):
			emit(Atom{Kind: AtomDots, Text: "...", Start: r.i, End: r.i + 3})
			r.i += 3
		case c < utf8.RuneSelf:
			k := AtomOp
			switch c {
			case '(', '[':
				k = AtomOpen
			case ')', ']':
				k = AtomClose
			case ',', ';', '&':
				k = AtomPunct
			case '=', '<', '>', ':':
				k = AtomRel
			case '|':
				k = AtomBar
			}
			if (c == '&' || c == ',') && pend != 0 {
				return r.errAt(TeXScript, pendPos, "%c has nothing after it to attach to", pend)
			}
			emit(Atom{Kind: k, Text: string(c), Start: r.i, End: r.i + 1})
			r.i++
		default:
			ru, size := utf8.DecodeRuneInString(s[r.i:])
			emit(Atom{Kind: texRuneKind(ru), Text: s[r.i : r.i+size], Start: r.i, End: r.i + size})
			r.i += size
		}
	}
}

// letter is the atom of the letter c at r.i, in the font a font command gave it.
func (r *texReader) letter(c byte, font string) Atom {
	a := Atom{Kind: AtomIdent, Text: string(c), Start: r.i, End: r.i + 1}
	switch {
	case font == "":
	case texConstFonts[font]:
		a.Kind, a.Text = AtomConst, `\`+font+"{"+string(c)+"}"
	default:
		a.Text = `\` + font + "{" + string(c) + "}"
	}
	return a
}

// control reads the control sequence at r.i inside a formula. It reports done when the
// sequence closed the formula.
func (r *texReader) control(f *Formula, delim string, start int, emit func(Atom), push func(texFrame) error,
	pop func(), frames *[]texFrame, pendFont *string, finish func(end, bodyEnd int) error, pending bool) (bool, error) {
	s := r.src
	at := r.i
	if at+1 >= len(s) {
		return false, r.errAt(TeXScript, at, `\ at the end of the text`)
	}
	n := s[at+1]
	if !texLetter(n) {
		r.i = at + 2
		switch n {
		case '{':
			emit(Atom{Kind: AtomOpen, Text: `\{`, Start: at, End: at + 2})
		case '}':
			emit(Atom{Kind: AtomClose, Text: `\}`, Start: at, End: at + 2})
		case '|':
			emit(Atom{Kind: AtomBar, Text: `\|`, Start: at, End: at + 2})
		case ',', ';', ':', '!', ' ', '>', '\n', '\t':
		case '\\':
			if pending {
				return false, r.errAt(TeXScript, at, `\\ follows a ^ or _ that has no argument`)
			}
			emit(Atom{Kind: AtomPunct, Text: `\\`, Start: at, End: at + 2})
		case ')', ']':
			if (n == ')' && delim == `\(`) || (n == ']' && delim == `\[`) {
				return true, finish(at+2, at)
			}
			return false, r.errAt(TeXStrayDelimiter, at, `\%c inside the formula opened by %s at byte %d`, n, delim, start)
		case '(', '[':
			return false, r.errAt(TeXStrayDelimiter, at, `\%c inside the formula opened by %s at byte %d`, n, delim, start)
		case '$', '%', '&', '#', '_':
			emit(Atom{Kind: AtomConst, Text: s[at : at+2], Start: at, End: at + 2})
		default:
			_, size := utf8.DecodeRuneInString(s[at+1:])
			r.i = at + 1 + size
			emit(Atom{Kind: AtomMacro, Text: s[at:r.i], Start: at, End: r.i})
		}
		return false, nil
	}
	j := at + 1
	for j < len(s) && texLetter(s[j]) {
		j++
	}
	name := s[at+1 : j]
	if (name == "operatorname" || name == "tag" || name == "hspace") && j < len(s) && s[j] == '*' {
		j++
	}
	r.i = j
	r.note(name, at, j)
	switch {
	case name == "begin" || name == "end":
		env, after, ok := texBraceWord(s, j)
		if !ok {
			return false, r.errAt(TeXEnvironment, at, `\%s is not followed by an environment name in braces`, name)
		}
		r.i = after
		if name == "begin" {
			if !katexEnvs[env] && len(r.doc.Unknown) < maxTeXUnknown {
				r.doc.Unknown = append(r.doc.Unknown, Macro{Name: `\begin{` + env + "}", Start: at, End: after})
			}
			if err := push(texFrame{kind: 'e', pos: at, env: env}); err != nil {
				return false, err
			}
			if texColumnEnvs[env] {
				if end, ok := texSkipArg(s, r.i); ok {
					r.i = end
				}
			}
			return false, nil
		}
		top := (*frames)[len(*frames)-1]
		switch top.kind {
		case 'e':
			if top.env != env {
				return false, r.errAt(TeXEnvironment, at, `\end{%s} does not match \begin{%s} at byte %d`, env, top.env, top.pos)
			}
			if len(top.lefts) > 0 {
				return false, r.errAt(TeXLeftRight, top.lefts[len(top.lefts)-1], `\left has no matching \right before \end{%s}`, env)
			}
			pop()
			return false, nil
		case 'r':
			if env == delim {
				return true, finish(after, at)
			}
			return false, r.errAt(TeXEnvironment, at, `\end{%s} has no matching \begin{%s}`, env, env)
		default:
			return false, r.errAt(TeXUnclosedBrace, top.pos, `{ is not closed before \end{%s} at byte %d`, env, at)
		}
	case name == "left" || name == "right" || name == "middle":
		d, end, ok := texDelimiter(s, r.i)
		if !ok {
			return false, r.errAt(TeXLeftRight, at, `\%s is not followed by a delimiter`, name)
		}
		r.i = end
		top := &(*frames)[len(*frames)-1]
		switch name {
		case "left":
			if len(*frames)+len(top.lefts) > r.lim.MaxDepth {
				return false, &TeXLimitError{Pos: at, Limit: "nesting depth", Max: r.lim.MaxDepth}
			}
			top.lefts = append(top.lefts, at)
			if d != "." {
				emit(Atom{Kind: AtomOpen, Text: d, Start: at, End: end})
			}
		case "right":
			if len(top.lefts) == 0 {
				return false, r.errAt(TeXLeftRight, at, `\right has no matching \left in its group`)
			}
			top.lefts = top.lefts[:len(top.lefts)-1]
			if d != "." {
				emit(Atom{Kind: AtomClose, Text: d, Start: at, End: end})
			}
		default:
			if len(top.lefts) == 0 {
				return false, r.errAt(TeXLeftRight, at, `\middle is not inside a \left … \right pair`)
			}
			emit(Atom{Kind: AtomBar, Text: d, Start: at, End: end})
		}
		return false, nil
	case texTextCommands[name]:
		a := texSkipSpace(s, r.i)
		if a >= len(s) || s[a] != '{' {
			return false, nil
		}
		end, ok := texSkipArg(s, a)
		if !ok {
			return false, r.errAt(TeXUnclosedBrace, a, "{ is not closed")
		}
		body := strings.TrimSpace(s[a+1 : end-1])
		kind := AtomText
		if name == "operatorname" || name == "operatorname*" {
			kind = AtomFunc
		}
		emit(Atom{Kind: kind, Text: body, Start: at, End: end})
		r.i = end
		return false, nil
	case texSkipArgs[name] > 0:
		for k := 0; k < texSkipArgs[name]; k++ {
			end, ok := texSkipArg(s, r.i)
			if !ok {
				break
			}
			r.i = end
		}
		return false, nil
	case texDefiners[name]:
		r.define()
		return false, nil
	case texFonts[name]:
		a := texSkipSpace(s, r.i)
		if a < len(s) && s[a] == '{' {
			end, ok := texSkipArg(s, a)
			if !ok {
				return false, r.errAt(TeXUnclosedBrace, a, "{ is not closed")
			}
			body := strings.TrimSpace(s[a+1 : end-1])
			if texPlainWord(body) {
				if texConstFonts[name] {
					k := AtomConst
					if name == "operatorname" {
						k = AtomFunc
					}
					emit(Atom{Kind: k, Text: `\` + name + "{" + body + "}", Start: at, End: end})
				} else {
					for p := 0; p < len(body); p++ {
						if texLetter(body[p]) {
							emit(Atom{Kind: AtomIdent, Text: `\` + name + "{" + body[p:p+1] + "}", Start: at, End: end})
						}
					}
				}
				r.i = end
				return false, nil
			}
		}
		*pendFont = name
		return false, nil
	case texAccents[name]:
		a := texSkipSpace(s, r.i)
		if inner, end, ok := texSimpleArg(s, a); ok {
			emit(Atom{Kind: AtomIdent, Text: `\` + name + "{" + inner + "}", Start: at, End: end})
			r.i = end
		}
		return false, nil
	case texSpacing[name]:
		if texDimensioned[name] {
			r.i = texSkipDimension(s, r.i)
		}
		return false, nil
	}
	text := s[at:j]
	k, ok := texKinds[name]
	switch {
	case ok:
	case texGreek[name]:
		k = AtomIdent
	default:
		k = AtomMacro
	}
	font := *pendFont
	if font == "" {
		font = (*frames)[len(*frames)-1].font
	}
	if font != "" && k == AtomIdent {
		text = `\` + font + "{" + text + "}"
		if texConstFonts[font] {
			k = AtomConst
		}
	}
	*pendFont = ""
	emit(Atom{Kind: k, Text: text, Start: at, End: j})
	return false, nil
}

// note records a control word KaTeX does not render and the field does not define.
func (r *texReader) note(name string, start, end int) {
	if katexKnown[name] || r.defined[name] || len(r.doc.Unknown) >= maxTeXUnknown {
		return
	}
	r.doc.Unknown = append(r.doc.Unknown, Macro{Name: `\` + name, Start: start, End: end})
}

// define records the macro a \newcommand, \def or \let at r.i defines, so that its uses are not
// reported as unknown; its body is skipped.
func (r *texReader) define() {
	s := r.src
	a := texSkipSpace(s, r.i)
	if a < len(s) && s[a] == '{' {
		a = texSkipSpace(s, a+1)
	}
	if a < len(s) && s[a] == '\\' {
		j := a + 1
		for j < len(s) && texLetter(s[j]) {
			j++
		}
		if j > a+1 {
			if r.defined == nil {
				r.defined = map[string]bool{}
			}
			r.defined[s[a+1:j]] = true
		}
		r.i = j
		if j < len(s) && s[j] == '}' {
			r.i = j + 1
		}
	}
	// Parameters ([2] or #1#2) and the body in braces.
	for k := 0; k < 4; k++ {
		a := texSkipSpace(s, r.i)
		switch {
		case a < len(s) && s[a] == '[':
			e := strings.IndexByte(s[a:], ']')
			if e < 0 || e > 8 {
				return
			}
			r.i = a + e + 1
		case a+1 < len(s) && s[a] == '#':
			r.i = a + 2
		case a < len(s) && s[a] == '{':
			if end, ok := texSkipArg(s, a); ok {
				r.i = end
			}
			return
		default:
			return
		}
	}
}

// texWords marks the runs of two or more adjacent letters with the run's text.
func texWords(atoms []Atom) {
	for k := 0; k < len(atoms); {
		if !texPlainLetter(atoms[k]) {
			k++
			continue
		}
		j := k + 1
		for j < len(atoms) && texPlainLetter(atoms[j]) && atoms[j].Start == atoms[j-1].End &&
			atoms[j].Script == atoms[k].Script && atoms[j].Depth == atoms[k].Depth {
			j++
		}
		if j-k >= 2 {
			var b strings.Builder
			for m := k; m < j; m++ {
				b.WriteString(atoms[m].Text)
			}
			for m := k; m < j; m++ {
				atoms[m].Word = b.String()
			}
		}
		k = j
	}
}

func texPlainLetter(a Atom) bool {
	return a.Kind == AtomIdent && len(a.Text) == 1 && texLetter(a.Text[0])
}

func texLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// texPlainWord reports whether s is letters, digits and spaces only (the argument of a font
// command that names something rather than holding a formula).
func texPlainWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !texLetter(c) && !('0' <= c && c <= '9') && c != ' ' && c != '-' && c != '*' && c != '\'' {
			return false
		}
	}
	return true
}

func texSkipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// texSkipArg skips one argument at i (after spaces): a brace group, balanced, or one token.
// It returns the offset after it; ok is false when a brace group is not closed.
func texSkipArg(s string, i int) (int, bool) {
	i = texSkipSpace(s, i)
	if i >= len(s) {
		return i, false
	}
	if s[i] != '{' {
		if s[i] == '\\' {
			j := i + 1
			for j < len(s) && texLetter(s[j]) {
				j++
			}
			if j == i+1 && j < len(s) {
				j++
			}
			return j, true
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		return i + size, true
	}
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j + 1, true
			}
		case '\n':
			if k := texSkipSpace(s, j+1); k > j+1 && strings.Count(s[j:k], "\n") > 1 {
				return j, false
			}
		}
	}
	return len(s), false
}

// texBraceWord reads {name} at i (after spaces), as the argument of \begin or \end.
func texBraceWord(s string, i int) (string, int, bool) {
	i = texSkipSpace(s, i)
	if i >= len(s) || s[i] != '{' {
		return "", i, false
	}
	e := strings.IndexByte(s[i:], '}')
	if e < 0 || e > 40 {
		return "", i, false
	}
	name := strings.TrimSpace(s[i+1 : i+e])
	for k := 0; k < len(name); k++ {
		if !texLetter(name[k]) && name[k] != '*' {
			return "", i, false
		}
	}
	return name, i + e + 1, name != ""
}

// texSimpleArg reads the argument of an accent when it is one letter or one Greek letter.
func texSimpleArg(s string, i int) (string, int, bool) {
	if i >= len(s) {
		return "", i, false
	}
	body, end := "", i
	switch {
	case s[i] == '{':
		e := strings.IndexByte(s[i:], '}')
		if e < 0 || e > 16 {
			return "", i, false
		}
		body, end = strings.TrimSpace(s[i+1:i+e]), i+e+1
	case texLetter(s[i]):
		body, end = s[i:i+1], i+1
	case s[i] == '\\':
		j := i + 1
		for j < len(s) && texLetter(s[j]) {
			j++
		}
		body, end = s[i:j], j
	default:
		return "", i, false
	}
	if len(body) == 1 && texLetter(body[0]) || strings.HasPrefix(body, `\`) && texGreek[body[1:]] {
		return body, end, true
	}
	return "", i, false
}

// texDelimiter reads the delimiter after \left, \right or \middle.
func texDelimiter(s string, i int) (string, int, bool) {
	i = texSkipSpace(s, i)
	if i >= len(s) {
		return "", i, false
	}
	if strings.IndexByte("()[]|/.<>", s[i]) >= 0 {
		return s[i : i+1], i + 1, true
	}
	if s[i] != '\\' || i+1 >= len(s) {
		if s[i] >= utf8.RuneSelf { // ⟨ ⟩ ‖ ⌊ ⌋ …
			ru, size := utf8.DecodeRuneInString(s[i:])
			if strings.ContainsRune("⟨⟩‖⌊⌋⌈⌉∣", ru) {
				return s[i : i+size], i + size, true
			}
		}
		return "", i, false
	}
	if strings.IndexByte("{}|", s[i+1]) >= 0 {
		return s[i : i+2], i + 2, true
	}
	j := i + 1
	for j < len(s) && texLetter(s[j]) {
		j++
	}
	if texDelimiters[s[i+1:j]] {
		return s[i:j], j, true
	}
	return "", i, false
}

// texSkipDimension skips the dimension after \kern, \mkern, \hskip and the like ("3mu", "-1em").
func texSkipDimension(s string, i int) int {
	i = texSkipSpace(s, i)
	if i < len(s) && s[i] == '{' {
		if end, ok := texSkipArg(s, i); ok {
			return end
		}
		return i
	}
	j := i
	for j < len(s) && (s[j] == '-' || s[j] == '+' || s[j] == '.' || '0' <= s[j] && s[j] <= '9') {
		j++
	}
	if j > i && j+1 < len(s) && texLetter(s[j]) && texLetter(s[j+1]) {
		j += 2
	}
	return j
}

// texRuneKind classifies a non-ASCII character of a formula.
func texRuneKind(r rune) AtomKind {
	switch {
	case strings.ContainsRune("ℕℤℚℝℂℙℍ", r) || 0x1D538 <= r && r <= 0x1D56B:
		return AtomConst
	case strings.ContainsRune("∞∅", r):
		return AtomConst
	case unicode.IsLetter(r):
		return AtomIdent
	case strings.ContainsRune("≤≥≠∈∉∋⊂⊆⊃⊇⊊⊋→←↦≡≈∼≅≪≫∣⇒⇔⟹⟺≺≻≍", r):
		return AtomRel
	case strings.ContainsRune("∑∏∫∮⋃⋂⨁⨂", r):
		return AtomBigOp
	case strings.ContainsRune("∀∃∄", r):
		return AtomQuant
	case strings.ContainsRune("…⋯⋮⋱", r):
		return AtomDots
	case strings.ContainsRune("⟨⌊⌈", r):
		return AtomOpen
	case strings.ContainsRune("⟩⌋⌉", r):
		return AtomClose
	case r == '‖':
		return AtomBar
	case unicode.IsDigit(r):
		return AtomNumber
	}
	return AtomOp
}

// texSet makes a set of the space-separated names in s.
func texSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// texKindsOf makes the kind table of the names in each group.
func texKindsOf(groups map[AtomKind]string) map[string]AtomKind {
	m := map[string]AtomKind{}
	for k, names := range groups {
		for _, w := range strings.Fields(names) {
			m[w] = k
		}
	}
	return m
}

var (
	texGreek = texSet(`alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa varkappa
		lambda mu nu xi omicron pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega
		Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega varGamma varDelta varTheta varLambda
		varXi varPi varSigma varUpsilon varPhi varPsi varOmega digamma ell`)

	texKinds = texKindsOf(map[AtomKind]string{
		AtomRel: `le leq ge geq leqslant geqslant lt gt ne neq in notin ni subset subseteq subsetneq supset
			supseteq supsetneq subseteqq supseteqq colon to mapsto rightarrow leftarrow longrightarrow
			longmapsto Rightarrow Leftarrow Leftrightarrow Longrightarrow Longleftrightarrow iff implies
			impliedby equiv cong approx sim simeq asymp propto mid nmid parallel perp ll gg prec succ
			preceq succeq coloneqq eqqcolon coloneq Coloneqq doteq triangleq vdash models hookrightarrow
			twoheadrightarrow leadsto lesssim gtrsim lessapprox gtrapprox nleq ngeq nless ngtr nsim ncong
			lhd rhd unlhd unrhd trianglelefteq trianglerighteq vartriangleleft vartriangleright`,
		AtomOp: `cdot times div pm mp cup cap setminus smallsetminus circ oplus otimes ominus odot wedge vee
			ast star bullet bmod backslash neg lnot land lor sqcup sqcap uplus dagger ddagger prime partial
			nabla not mod amalg wr diamond triangle bigtriangleup bigtriangledown cdotp ldotp`,
		AtomBigOp: `sum prod coprod int iint iiint oint oiint bigcup bigcap bigsqcup bigvee bigwedge bigoplus
			bigotimes bigodot biguplus lim liminf limsup max min sup inf varlimsup varliminf injlim
			projlim argmax argmin`,
		AtomFunc: `log ln lg exp sin cos tan cot sec csc sinh cosh tanh coth arcsin arccos arctan arg deg
			det dim gcd hom ker Pr pmod pod sgn`,
		AtomConst: `infty emptyset varnothing aleph beth gimel hbar hslash top bot Re Im wp complement
			R N Z reals Reals natnums Complex`,
		AtomDots:  `dots ldots cdots vdots ddots dotsc dotsb dotsm dotsi dotso`,
		AtomQuant: `forall exists nexists`,
		AtomOpen:  `langle lvert lVert lfloor lceil lbrace lbrack lang lgroup ulcorner llcorner`,
		AtomClose: `rangle rvert rVert rfloor rceil rbrace rbrack rang rgroup urcorner lrcorner`,
		AtomBar:   `vert Vert`,
	})

	texDelimiters = texSet(`langle rangle lvert rvert lVert rVert vert Vert lfloor rfloor lceil rceil
		lbrace rbrace lbrack rbrack backslash uparrow downarrow updownarrow Uparrow Downarrow Updownarrow
		lgroup rgroup lmoustache rmoustache lang rang ulcorner urcorner llcorner lrcorner lt gt`)

	texSpacing = texSet(`quad qquad enspace enskip thinspace medspace thickspace negthinspace negmedspace
		negthickspace displaystyle textstyle scriptstyle scriptscriptstyle limits nolimits big Big bigg
		Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr bigm Bigm biggm Biggm kern mkern mskip hskip
		space nobreakspace relax allowbreak nobreak tiny scriptsize footnotesize small normalsize large
		Large LARGE huge Huge rm bf it sf tt cal frak Bbb boldsymbol mathstrut`)
	texDimensioned = texSet(`kern mkern mskip hskip`)

	texFonts = texSet(`mathbb mathcal mathscr mathfrak mathbf boldsymbol bm mathit mathrm mathsf mathtt
		mathnormal Bbb bold frak pmb mathsfit`)
	// texConstFonts are the fonts whose letters name fixed objects (ℝ, an upright d, the
	// transpose) rather than variables.
	texConstFonts = texSet(`mathbb Bbb mathrm mathsf mathtt operatorname`)

	texTextCommands = texSet(`text textrm textit textbf textsf texttt textnormal textup textmd emph mbox
		hbox textsc textsl operatorname operatorname*`)
	texAccents = texSet(`hat bar tilde vec dot ddot check breve acute grave widehat widetilde overline
		underline mathring overrightarrow overleftarrow widecheck utilde underbar`)
	texDefiners = texSet(`newcommand renewcommand providecommand def gdef edef xdef let DeclareMathOperator`)

	// texSkipArgs are commands whose first arguments are not mathematics (a colour, a tag, a
	// length, a URL), with how many to skip.
	texSkipArgs = map[string]int{"color": 1, "textcolor": 1, "colorbox": 1, "fcolorbox": 2, "tag": 1,
		"tag*": 1, "label": 1, "ref": 1, "eqref": 1, "hspace": 1, "hspace*": 1, "vspace": 1, "href": 1,
		"url": 1, "rule": 2, "raisebox": 1, "htmlClass": 1, "htmlId": 1, "htmlStyle": 1, "htmlData": 1,
		"includegraphics": 1}

	// texDisplayEnvs are the environments that open a formula in prose.
	texDisplayEnvs = texSet(`equation equation* align align* gather gather* alignat alignat* multline
		multline* eqnarray eqnarray* displaymath math flalign flalign*`)
	// texColumnEnvs take a column specification after \begin{…}.
	texColumnEnvs = texSet(`array darray subarray alignat alignat* alignedat`)
	// katexEnvs are the environments KaTeX renders.
	katexEnvs = texSet(`matrix matrix* pmatrix pmatrix* bmatrix bmatrix* Bmatrix Bmatrix* vmatrix vmatrix*
		Vmatrix Vmatrix* smallmatrix array darray subarray align align* aligned split gathered gather
		gather* alignat alignat* alignedat equation equation* cases dcases rcases drcases CD`)
)

// katexKnown is the set of control words KaTeX renders.
var katexKnown = texSet(katexNames)

// katexNames are the control words KaTeX renders, from its support table (docs/support_table.md
// of github.com/KaTeX/KaTeX, the entries not marked "Not supported"), without the backslash.
const katexNames = `
	AA AE Alpha And Bbb Bbbk Beta Big Bigg Biggl Biggm Biggr Bigl Bigm Bigr Box Bra Braket
	Bumpeq Cap Chi Colonapprox Coloneq Coloneqq Colonsim Complex Cup Dagger Darr Delta Diamond
	Doteq Downarrow Epsilon Eqcolon Eqqcolon Eta Finv Game Gamma H Harr Huge Im Iota Join KaTeX
	Kappa Ket LARGE LaTeX Lambda Large Larr Leftarrow Leftrightarrow Lleftarrow Longleftarrow
	Longleftrightarrow Longrightarrow Lrarr Lsh Mu N Nu O OE Omega Omicron Overrightarrow P Phi Pi
	Pr Psi R Rarr Re Reals Rho Rightarrow Rrightarrow Rsh S Set Sigma Subset Supset Tau TeX Theta
	Uarr Uparrow Updownarrow Upsilon Vdash Vert Vvdash Xi Z Zeta aa above acute ae alef alefsym
	aleph allowbreak alpha amalg angl angle angln approx approxcolon approxcoloncolon approxeq
	arccos arcctg arcsin arctan arctg arg argmax argmin arraystretch ast asymp atop backepsilon
	backprime backsim backsimeq backslash bar barwedge bcancel because begin begingroup beta
	beth between bf big bigcap bigcirc bigcup bigg biggl biggm biggr bigl bigm bigodot bigoplus
	bigotimes bigr bigsqcup bigstar bigtriangledown bigtriangleup biguplus bigvee bigwedge binom
	blacklozenge blacksquare blacktriangle blacktriangledown blacktriangleleft blacktriangleright
	bm bmod bold boldsymbol bot bowtie boxdot boxed boxminus boxplus boxtimes bra brace brack
	braket breve bull bullet bumpeq cal cancel cap cdot cdotp cdots centerdot cfrac ch char check
	checkmark chi choose circ circeq circlearrowleft circlearrowright circledR circledS circledast
	circledcirc circleddash clubs clubsuit cnums colon colonapprox coloncolon coloncolonapprox
	coloncolonequals coloncolonminus coloncolonsim coloneq coloneqq colonequals colonminus
	colonsim color colorbox complement cong coprod copyright cos cosec cosh cot cotg coth cr
	csc ctg cth cup curlyeqprec curlyeqsucc curlyvee curlywedge curvearrowleft curvearrowright
	dArr dag dagger daleth darr dashleftarrow dashrightarrow dashv dbinom dblcolon ddag ddagger
	ddddot dddot ddot ddots def deg degree delta det dfrac diagdown diagup diamond diamonds
	diamondsuit digamma dim displaystyle div divideontimes dot doteq doteqdot dotplus dots
	dotsb dotsc dotsi dotsm dotso doublebarwedge doublecap doublecup downarrow downdownarrows
	downharpoonleft downharpoonright edef ell emph empty emptyset end endgroup enspace epsilon
	eqcirc eqcolon eqqcolon eqsim eqslantgtr eqslantless equalscolon equalscoloncolon equiv
	eta eth exist exists exp expandafter fallingdotseq fbox fcolorbox flat footnotesize forall
	frac frak frown futurelet gamma gcd gdef ge genfrac geq geqq geqslant gets gg ggg gggtr
	gimel global gnapprox gneq gneqq gnsim grave gt gtrapprox gtrdot gtreqless gtreqqless
	gtrless gtrsim gvertneqq hArr harr hat hbar hbox hdashline hearts heartsuit hline hom
	hookleftarrow hookrightarrow hphantom href hskip hslash hspace htmlClass htmlData htmlId
	htmlStyle huge i iff iiint iint image imageof imath impliedby implies in includegraphics
	inf infin infty injlim int intercal intop iota isin it j jmath kappa ker kern ket lArr
	lBrace lVert lambda land lang langle large larr lbrace lbrack lceil ldotp ldots le leadsto
	left leftarrow leftarrowtail leftharpoondown leftharpoonup leftleftarrows leftrightarrow
	leftrightarrows leftrightharpoons leftrightsquigarrow leftthreetimes leq leqq leqslant
	lessapprox lessdot lesseqgtr lesseqqgtr lessgtr lesssim let lfloor lg lgroup lhd lim liminf
	limits limsup ll llap llbracket llcorner lll llless lmoustache ln lnapprox lneq lneqq lnot
	lnsim log long longleftarrow longleftrightarrow longmapsto longrightarrow looparrowleft
	looparrowright lor lozenge lparen lq lrArr lrarr lrcorner lt ltimes lvert lvertneqq
	maltese mapsto mathbb mathbf mathbin mathcal mathchoice mathclap mathclose mathellipsis
	mathfrak mathinner mathit mathllap mathnormal mathop mathopen mathord mathpunct mathrel
	mathring mathrlap mathrm mathscr mathsf mathsterling mathstrut mathtt max measuredangle
	medspace mho mid middle min minuscolon minuscoloncolon minuso mkern mod models mp mskip mu
	multimap nLeftarrow nLeftrightarrow nRightarrow nVDash nVdash nabla natnums natural ncong
	ne nearrow neg negmedspace negthickspace negthinspace neq newcommand newline nexists ngeq
	ngeqq ngeqslant ngtr ni nleftarrow nleftrightarrow nleq nleqq nleqslant nless nmid nobreak
	nobreakspace noexpand nolimits nonumber normalsize not notag notin notni nparallel nprec
	npreceq nrightarrow nshortmid nshortparallel nsim nsubseteq nsubseteqq nsucc nsucceq nsupseteq
	nsupseteqq ntriangleleft ntrianglelefteq ntriangleright ntrianglerighteq nu nvDash nvdash
	nwarrow o odot oe oiiint oiint oint omega omicron ominus operatorname operatornamewithlimits
	oplus origof oslash otimes over overbrace overbracket overgroup overleftarrow overleftharpoon
	overleftrightarrow overline overlinesegment overrightarrow overrightharpoon overset owns
	parallel partial perp phantom phase phi pi pitchfork plim plusmn pm pmb pmod pod pounds
	prec precapprox preccurlyeq preceq precnapprox precneqq precnsim precsim prime prod projlim
	propto providecommand psi qquad quad r rArr rBrace rVert raisebox rang rangle rarr ratio
	rbrace rbrack rceil real reals relax renewcommand restriction rfloor rgroup rhd rho right
	rightarrow rightarrowtail rightharpoondown rightharpoonup rightleftarrows rightleftharpoons
	rightrightarrows rightsquigarrow rightthreetimes risingdotseq rlap rm rmoustache rparen rq
	rrbracket rtimes rule rvert scriptscriptstyle scriptsize scriptstyle sdot searrow sec sect
	set setminus sf sh sharp shortmid shortparallel sigma sim simcolon simcoloncolon simeq sin
	sinh sixptsize small smallfrown smallint smallsetminus smallsmile smash smile sout space
	spades spadesuit sphericalangle sqcap sqcup sqrt sqsubset sqsubseteq sqsupset sqsupseteq
	square ss stackrel star sub sube subset subseteq subseteqq subsetneq subsetneqq substack
	succ succapprox succcurlyeq succeq succnapprox succneqq succnsim succsim sum sup supe
	supset supseteq supseteqq supsetneq supsetneqq surd swarrow tag tag* tan tanh tau
	tbinom text textasciicircum textasciitilde textbackslash textbar textbardbl textbf
	textbraceleft textbraceright textcircled textcolor textdagger textdaggerdbl textdegree
	textdollar textellipsis textemdash textendash textgreater textit textless textmd textnormal
	textquotedblleft textquotedblright textquoteleft textquoteright textregistered textrm textsf
	textsterling textstyle texttt textunderscore textup tfrac tg th therefore theta thetasym
	thickapprox thicksim thickspace thinspace tilde times tiny to top triangle triangledown
	triangleleft trianglelefteq triangleq triangleright trianglerighteq tt twoheadleftarrow
	twoheadrightarrow u uArr uarr ulcorner underbar underbrace underbracket undergroup
	underleftarrow underleftrightarrow underline underlinesegment underrightarrow underset unlhd
	unrhd uparrow updownarrow upharpoonleft upharpoonright uplus upsilon upuparrows urcorner url
	utilde v vDash varDelta varGamma varLambda varOmega varPhi varPi varPsi varSigma varTheta
	varUpsilon varXi varepsilon varinjlim varkappa varliminf varlimsup varnothing varphi varpi
	varprojlim varpropto varrho varsigma varsubsetneq varsubsetneqq varsupsetneq varsupsetneqq
	vartheta vartriangle vartriangleleft vartriangleright vcentcolon vcenter vdash vdots vec
	vee veebar verb vert vphantom wedge weierp widecheck widehat widetilde wp wr xLeftarrow
	xLeftrightarrow xRightarrow xcancel xdef xhookleftarrow xhookrightarrow xi xleftarrow
	xleftharpoondown xleftharpoonup xleftrightarrow xleftrightharpoons xlongequal xmapsto
	xrightarrow xrightharpoondown xrightharpoonup xrightleftharpoons xtofrom xtwoheadleftarrow
	xtwoheadrightarrow yen zeta
`
