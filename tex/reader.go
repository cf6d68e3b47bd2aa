package tex

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// reader is the state of one read.
type reader struct {
	src     string
	lim     Limits
	i       int
	tokens  int
	doc     *Document
	defined map[string]bool // macros the field itself defines (\newcommand, \def)
}

func (r *reader) errAt(code ErrorCode, pos int, format string, args ...any) error {
	return &Error{Code: code, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (r *reader) count() error {
	r.tokens++
	if r.tokens > r.lim.MaxTokens {
		return &LimitError{Pos: r.i, Limit: "tokens", Max: r.lim.MaxTokens}
	}
	return nil
}

// text reads prose, opening a formula at each math delimiter.
func (r *reader) text() error {
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
				return r.errAt(StrayDelimiter, r.i, `\%c closes a formula that no %s opened`, n, open)
			case letter(n):
				j := r.i + 1
				for j < len(s) && letter(s[j]) {
					j++
				}
				name := s[r.i+1 : j]
				if name == "begin" || name == "end" {
					env, after, ok := braceWord(s, j)
					if ok && displayEnvs[env] {
						if name == "end" {
							return r.errAt(Environment, r.i, `\end{%s} has no \begin{%s}`, env, env)
						}
						if columnEnvs[env] { // \begin{alignat}{2}: the column count opens the formula too
							if end, ok := skipArg(s, after); ok {
								after = end
							}
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

// frame is one open group of a formula: a brace group or an environment.
type frame struct {
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
func (r *reader) math(start, dlen int, delim string, display bool) error {
	s := r.src
	f := Formula{Start: start, BodyStart: start + dlen, Display: display, Delim: delim}
	frames := []frame{{kind: 'r', pos: start, base: -1}}
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
			return r.errAt(BadScript, pendPos, "%c has nothing after it to attach to", pend)
		}
		if top := frames[len(frames)-1]; top.kind == '{' {
			return r.errAt(UnclosedBrace, top.pos, "{ is not closed before the formula ends at byte %d", bodyEnd)
		} else if top.kind == 'e' {
			return r.errAt(Environment, top.pos, `\begin{%s} is not closed by \end{%s} before the formula ends at byte %d`, top.env, top.env, bodyEnd)
		}
		if l := frames[0].lefts; len(l) > 0 {
			return r.errAt(LeftRight, l[len(l)-1], `\left has no matching \right in its formula`)
		}
		f.BodyEnd, f.End = bodyEnd, end
		f.Source = s[f.Start:f.End]
		words(f.Atoms)
		r.doc.Formulas = append(r.doc.Formulas, f)
		r.i = end
		return nil
	}
	push := func(fr frame) error {
		if len(frames) > r.lim.MaxDepth {
			return &LimitError{Pos: r.i, Limit: "nesting depth", Max: r.lim.MaxDepth}
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
			return r.errAt(BadScript, r.i, "%c follows %c at byte %d, which has no argument yet", c, pend, pendPos)
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
				return r.errAt(BadScript, r.i, "double %s on %s", what, f.Atoms[last].Text)
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
			return r.errAt(UnclosedFormula, start, "the formula opened by %s is not closed", delim)
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
				return r.errAt(UnclosedFormula, start, "the formula opened by %s runs into the paragraph break at byte %d without being closed", delim, r.i)
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
				return r.errAt(StrayDelimiter, r.i, "a single $ inside the display formula opened by $$ at byte %d", start)
			default:
				return r.errAt(StrayDelimiter, r.i, "$ inside the formula opened by %s at byte %d", delim, start)
			}
		case c == '{':
			if err := push(frame{kind: '{', pos: r.i, font: pendFont}); err != nil {
				return err
			}
			pendFont = ""
			r.i++
		case c == '}':
			top := frames[len(frames)-1]
			switch top.kind {
			case 'r':
				return r.errAt(UnmatchedBrace, r.i, "} has no matching {")
			case 'e':
				return r.errAt(UnmatchedBrace, r.i, `} closes a group while \begin{%s} at byte %d is open`, top.env, top.pos)
			}
			if len(top.lefts) > 0 {
				return r.errAt(LeftRight, top.lefts[len(top.lefts)-1], `\left has no matching \right before the group closes at byte %d`, r.i)
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
		case letter(c):
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
				return r.errAt(BadScript, pendPos, "%c has nothing after it to attach to", pend)
			}
			emit(Atom{Kind: k, Text: string(c), Start: r.i, End: r.i + 1})
			r.i++
		default:
			ru, size := utf8.DecodeRuneInString(s[r.i:])
			emit(Atom{Kind: runeKind(ru), Text: s[r.i : r.i+size], Start: r.i, End: r.i + size})
			r.i += size
		}
	}
}

// letter is the atom of the letter c at r.i, in the font a font command gave it.
func (r *reader) letter(c byte, font string) Atom {
	a := Atom{Kind: AtomIdent, Text: string(c), Start: r.i, End: r.i + 1}
	switch {
	case font == "":
	case constFonts[font]:
		a.Kind, a.Text = AtomConst, `\`+font+"{"+string(c)+"}"
	default:
		a.Text = `\` + font + "{" + string(c) + "}"
	}
	return a
}

// control reads the control sequence at r.i inside a formula. It reports done when the
// sequence closed the formula.
func (r *reader) control(f *Formula, delim string, start int, emit func(Atom), push func(frame) error,
	pop func(), frames *[]frame, pendFont *string, finish func(end, bodyEnd int) error, pending bool) (bool, error) {
	s := r.src
	at := r.i
	if at+1 >= len(s) {
		return false, r.errAt(BadScript, at, `\ at the end of the text`)
	}
	n := s[at+1]
	if !letter(n) {
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
				return false, r.errAt(BadScript, at, `\\ follows a ^ or _ that has no argument`)
			}
			emit(Atom{Kind: AtomPunct, Text: `\\`, Start: at, End: at + 2})
		case ')', ']':
			if (n == ')' && delim == `\(`) || (n == ']' && delim == `\[`) {
				return true, finish(at+2, at)
			}
			return false, r.errAt(StrayDelimiter, at, `\%c inside the formula opened by %s at byte %d`, n, delim, start)
		case '(', '[':
			return false, r.errAt(StrayDelimiter, at, `\%c inside the formula opened by %s at byte %d`, n, delim, start)
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
	for j < len(s) && letter(s[j]) {
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
		env, after, ok := braceWord(s, j)
		if !ok {
			return false, r.errAt(Environment, at, `\%s is not followed by an environment name in braces`, name)
		}
		r.i = after
		if name == "begin" {
			if !katexEnvs[env] && len(r.doc.Unknown) < maxUnknown {
				r.doc.Unknown = append(r.doc.Unknown, Macro{Name: `\begin{` + env + "}", Start: at, End: after})
			}
			if err := push(frame{kind: 'e', pos: at, env: env}); err != nil {
				return false, err
			}
			if columnEnvs[env] {
				if end, ok := skipArg(s, r.i); ok {
					r.i = end
				}
			}
			return false, nil
		}
		top := (*frames)[len(*frames)-1]
		switch top.kind {
		case 'e':
			if top.env != env {
				return false, r.errAt(Environment, at, `\end{%s} does not match \begin{%s} at byte %d`, env, top.env, top.pos)
			}
			if len(top.lefts) > 0 {
				return false, r.errAt(LeftRight, top.lefts[len(top.lefts)-1], `\left has no matching \right before \end{%s}`, env)
			}
			pop()
			return false, nil
		case 'r':
			if env == delim {
				return true, finish(after, at)
			}
			return false, r.errAt(Environment, at, `\end{%s} has no matching \begin{%s}`, env, env)
		default:
			return false, r.errAt(UnclosedBrace, top.pos, `{ is not closed before \end{%s} at byte %d`, env, at)
		}
	case name == "left" || name == "right" || name == "middle":
		d, end, ok := delimiter(s, r.i)
		if !ok {
			return false, r.errAt(LeftRight, at, `\%s is not followed by a delimiter`, name)
		}
		r.i = end
		top := &(*frames)[len(*frames)-1]
		switch name {
		case "left":
			if len(*frames)+len(top.lefts) > r.lim.MaxDepth {
				return false, &LimitError{Pos: at, Limit: "nesting depth", Max: r.lim.MaxDepth}
			}
			top.lefts = append(top.lefts, at)
			if d != "." {
				emit(Atom{Kind: AtomOpen, Text: d, Start: at, End: end})
			}
		case "right":
			if len(top.lefts) == 0 {
				return false, r.errAt(LeftRight, at, `\right has no matching \left in its group`)
			}
			top.lefts = top.lefts[:len(top.lefts)-1]
			if d != "." {
				emit(Atom{Kind: AtomClose, Text: d, Start: at, End: end})
			}
		default:
			if len(top.lefts) == 0 {
				return false, r.errAt(LeftRight, at, `\middle is not inside a \left … \right pair`)
			}
			emit(Atom{Kind: AtomBar, Text: d, Start: at, End: end})
		}
		return false, nil
	case textCommands[name]:
		a := skipSpace(s, r.i)
		if a >= len(s) || s[a] != '{' {
			return false, nil
		}
		end, ok := skipArg(s, a)
		if !ok {
			return false, r.errAt(UnclosedBrace, a, "{ is not closed")
		}
		body := strings.TrimSpace(s[a+1 : end-1])
		if name == "operatorname" {
			// An operator is named as written, as \mathrm{Re} is: \operatorname{det},
			// \operatorname*{ess\,sup}.
			emit(Atom{Kind: AtomFunc, Text: s[at:j] + "{" + body + "}", Start: at, End: end})
		} else {
			emit(Atom{Kind: AtomText, Text: body, Start: at, End: end})
		}
		r.i = end
		return false, nil
	case skipArgs[name] > 0:
		for k := 0; k < skipArgs[name]; k++ {
			end, ok := skipArg(s, r.i)
			if !ok {
				break
			}
			r.i = end
		}
		return false, nil
	case definers[name]:
		r.define()
		return false, nil
	case fonts[name]:
		a := skipSpace(s, r.i)
		if a < len(s) && s[a] == '{' {
			end, ok := skipArg(s, a)
			if !ok {
				return false, r.errAt(UnclosedBrace, a, "{ is not closed")
			}
			body := strings.TrimSpace(s[a+1 : end-1])
			if plainWord(body) {
				if constFonts[name] {
					k := AtomConst
					if name == "operatorname" {
						k = AtomFunc
					}
					emit(Atom{Kind: k, Text: `\` + name + "{" + body + "}", Start: at, End: end})
				} else {
					for p := 0; p < len(body); p++ {
						if letter(body[p]) {
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
	case accents[name]:
		a := skipSpace(s, r.i)
		if inner, end, ok := simpleArg(s, a); ok {
			emit(Atom{Kind: AtomIdent, Text: `\` + name + "{" + inner + "}", Start: at, End: end})
			r.i = end
		}
		return false, nil
	case spacing[name]:
		if dimensioned[name] {
			r.i = skipDimension(s, r.i)
		}
		return false, nil
	}
	text := s[at:j]
	k, ok := kinds[name]
	switch {
	case ok:
	case greek[name]:
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
		if constFonts[font] {
			k = AtomConst
		}
	}
	*pendFont = ""
	emit(Atom{Kind: k, Text: text, Start: at, End: j})
	return false, nil
}

// note records a control word KaTeX does not render and the field does not define.
func (r *reader) note(name string, start, end int) {
	if katexKnown[name] || r.defined[name] || len(r.doc.Unknown) >= maxUnknown {
		return
	}
	r.doc.Unknown = append(r.doc.Unknown, Macro{Name: `\` + name, Start: start, End: end})
}

// define records the macro a \newcommand, \def or \let at r.i defines, so that its uses are not
// reported as unknown; its body is skipped.
func (r *reader) define() {
	s := r.src
	a := skipSpace(s, r.i)
	if a < len(s) && s[a] == '{' {
		a = skipSpace(s, a+1)
	}
	if a < len(s) && s[a] == '\\' {
		j := a + 1
		for j < len(s) && letter(s[j]) {
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
		a := skipSpace(s, r.i)
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
			if end, ok := skipArg(s, a); ok {
				r.i = end
			}
			return
		default:
			return
		}
	}
}

// words marks the runs of two or more adjacent letters with the run's text.
func words(atoms []Atom) {
	for k := 0; k < len(atoms); {
		if !plainLetter(atoms[k]) {
			k++
			continue
		}
		j := k + 1
		for j < len(atoms) && plainLetter(atoms[j]) && atoms[j].Start == atoms[j-1].End &&
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

func plainLetter(a Atom) bool {
	return a.Kind == AtomIdent && len(a.Text) == 1 && letter(a.Text[0])
}

func letter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// plainWord reports whether s is letters, digits and spaces only (the argument of a font
// command that names something rather than holding a formula).
func plainWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !letter(c) && !('0' <= c && c <= '9') && c != ' ' && c != '-' && c != '*' && c != '\'' {
			return false
		}
	}
	return true
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// skipArg skips one argument at i (after spaces): a brace group, balanced, or one token.
// It returns the offset after it; ok is false when a brace group is not closed.
func skipArg(s string, i int) (int, bool) {
	i = skipSpace(s, i)
	if i >= len(s) {
		return i, false
	}
	if s[i] != '{' {
		if s[i] == '\\' {
			j := i + 1
			for j < len(s) && letter(s[j]) {
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
			if k := skipSpace(s, j+1); k > j+1 && strings.Count(s[j:k], "\n") > 1 {
				return j, false
			}
		}
	}
	return len(s), false
}

// braceWord reads {name} at i (after spaces), as the argument of \begin or \end.
func braceWord(s string, i int) (string, int, bool) {
	i = skipSpace(s, i)
	if i >= len(s) || s[i] != '{' {
		return "", i, false
	}
	e := strings.IndexByte(s[i:], '}')
	if e < 0 || e > 40 {
		return "", i, false
	}
	name := strings.TrimSpace(s[i+1 : i+e])
	for k := 0; k < len(name); k++ {
		if !letter(name[k]) && name[k] != '*' {
			return "", i, false
		}
	}
	return name, i + e + 1, name != ""
}

// simpleArg reads the argument of an accent when it is one letter or one Greek letter.
func simpleArg(s string, i int) (string, int, bool) {
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
	case letter(s[i]):
		body, end = s[i:i+1], i+1
	case s[i] == '\\':
		j := i + 1
		for j < len(s) && letter(s[j]) {
			j++
		}
		body, end = s[i:j], j
	default:
		return "", i, false
	}
	if len(body) == 1 && letter(body[0]) || strings.HasPrefix(body, `\`) && greek[body[1:]] {
		return body, end, true
	}
	return "", i, false
}

// delimiter reads the delimiter after \left, \right or \middle.
func delimiter(s string, i int) (string, int, bool) {
	i = skipSpace(s, i)
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
	for j < len(s) && letter(s[j]) {
		j++
	}
	if delimiters[s[i+1:j]] {
		return s[i:j], j, true
	}
	return "", i, false
}

// skipDimension skips the dimension after \kern, \mkern, \hskip and the like ("3mu", "-1em").
func skipDimension(s string, i int) int {
	i = skipSpace(s, i)
	if i < len(s) && s[i] == '{' {
		if end, ok := skipArg(s, i); ok {
			return end
		}
		return i
	}
	j := i
	for j < len(s) && (s[j] == '-' || s[j] == '+' || s[j] == '.' || '0' <= s[j] && s[j] <= '9') {
		j++
	}
	if j > i && j+1 < len(s) && letter(s[j]) && letter(s[j+1]) {
		j += 2
	}
	return j
}
