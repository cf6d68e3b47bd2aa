package corpusimport

import (
	"strings"
	"unicode"
)

// OpenLogic's notation macros (its sty/ files, which the content/ tree
// does not carry), written out as the standard TeX a renderer knows, so
// that a page shows ∀x φ → ψ rather than \lforall[x][!A] \lif !B. Each is
// the notation the complete Open Logic text typesets; a macro not in the
// table stays as written.
//
// A macro's arguments are read as TeX reads them: optional ones in
// brackets, then braced ones (or one token). A slash right after a
// relation's name negates it, as OpenLogic writes \Sat/{M}{A} for "M does
// not satisfy A".

// olMacro is one macro: how many bracketed and braced arguments it takes,
// and what it becomes given them (opts may be shorter than nopt when the
// text leaves optional arguments out).
type olMacro struct {
	nopt, nargs int
	// trailing takes one more optional argument after the braced ones.
	trailing bool
	out      func(opts, args []string, trail string, negated bool) string
}

func fixed(s string) olMacro {
	return olMacro{out: func([]string, []string, string, bool) string { return s }}
}

// wrap is a macro of n braced arguments, written out by a template with
// #1 … #n.
func wrap(n int, tmpl string) olMacro {
	return olMacro{nargs: n, out: func(_ []string, args []string, _ string, _ bool) string {
		s := tmpl
		for i, a := range args {
			s = strings.ReplaceAll(s, "#"+string(rune('1'+i)), a)
		}
		return s
	}}
}

// quantifier is \lforall[x][A]: ∀x A, or the bare symbol.
func quantifier(sym string) olMacro {
	return olMacro{nopt: 2, out: func(opts, _ []string, _ string, _ bool) string {
		switch len(opts) {
		case 0:
			return sym
		case 1:
			return sym + " " + opts[0]
		}
		return sym + " " + opts[0] + "\\, " + opts[1]
	}}
}

// relation is \Proves[L] and the like: the symbol, subscripted by the
// optional argument, negated by a slash.
func relation(sym, not string) olMacro {
	return olMacro{nopt: 1, out: func(opts, _ []string, _ string, negated bool) string {
		s := sym
		if negated {
			s = not
		}
		if len(opts) > 0 && opts[0] != "" {
			s += "_{" + opts[0] + "}"
		}
		return s
	}}
}

// satisfies is \Sat[L]{M}{A}[s]: 𝔐 ⊨ A, with the assignment after it.
func satisfies(structure func(string) string) olMacro {
	return olMacro{nopt: 1, nargs: 2, trailing: true, out: func(opts, args []string, trail string, negated bool) string {
		s := `\vDash`
		if negated {
			s = `\nvDash`
		}
		if len(opts) > 0 && opts[0] != "" {
			s += "_{" + opts[0] + "}"
		}
		out := structure(args[0]) + " " + s + " " + args[1]
		if trail != "" {
			out += "\\,[" + trail + "]"
		}
		return out
	}}
}

func fraktur(m string) string {
	if isWord(m) {
		return `\mathfrak{` + m + `}`
	}
	return m
}

func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// olMacros is the table.
var olMacros = map[string]olMacro{
	"lif": fixed(`\rightarrow`), "liff": fixed(`\leftrightarrow`), "lfalse": fixed(`\bot`), "ltrue": fixed(`\top`),
	"lforall": quantifier(`\forall`), "lexists": quantifier(`\exists`),
	"Proves": relation(`\vdash`, `\nvdash`), "Entails": relation(`\vDash`, `\nvDash`),
	"Sat": satisfies(fraktur), "mSat": satisfies(fraktur), "pSat": satisfies(func(v string) string { return v }),
	"equal": fixed("="), "ident": fixed(`\equiv`),
	"eq": {nopt: 2, out: func(opts, _ []string, _ string, negated bool) string {
		rel := "="
		if negated {
			rel = `\neq`
		}
		if len(opts) < 2 {
			return rel
		}
		return opts[0] + " " + rel + " " + opts[1]
	}},
	"lambd": {nopt: 2, out: func(opts, _ []string, _ string, _ bool) string {
		switch len(opts) {
		case 0:
			return `\lambda`
		case 1:
			return `\lambda ` + opts[0] + `.`
		}
		return `\lambda ` + opts[0] + `.\, ` + opts[1]
	}},
	"Obj": {nargs: 1, out: func(_ []string, args []string, _ string, _ bool) string {
		if len([]rune(args[0])) > 1 && isWord(args[0]) {
			return `\mathrm{` + args[0] + `}`
		}
		return args[0]
	}},
	"Struct": wrap(1, `\mathfrak{#1}`), "Domain": {nargs: 1, out: func(_ []string, a []string, _ string, _ bool) string {
		return `\left|` + fraktur(a[0]) + `\right|`
	}},
	"Atom": wrap(2, `#1(#2)`), "Subst": wrap(3, `#1[#2/#3]`),
	"Assign": {nargs: 2, out: func(_ []string, a []string, _ string, _ bool) string { return "{" + a[0] + "}^{" + fraktur(a[1]) + "}" }},
	"Value": {nargs: 2, trailing: true, out: func(_ []string, a []string, trail string, _ bool) string {
		s := `\mathrm{Val}^{` + fraktur(a[1]) + `}`
		if trail != "" {
			s += "_{" + trail + "}"
		}
		return s + "(" + a[0] + ")"
	}},
	"cfind": wrap(1, `\varphi_{#1}`), "fdefined": fixed(`\downarrow`), "fundefined": fixed(`\uparrow`),
	"num": wrap(1, `\overline{#1}`), "fn": wrap(1, `\mathrm{#1}`), "tuple": wrap(1, `\langle #1\rangle`),
	"Th": wrap(1, `\mathbf{#1}`), "Lang": wrap(1, `\mathcal{#1}`), "Log": wrap(1, `\mathbf{#1}`),
	"Pow": wrap(1, `\wp(#1)`), "card": wrap(1, `\left|#1\right|`), "Setabs": wrap(2, `\{#1 : #2\}`),
	"gn": wrap(1, `\ulcorner #1\urcorner`), "Gn": wrap(1, `\ulcorner #1\urcorner`),
	"True": fixed(`\mathbb{T}`), "False": fixed(`\mathbb{F}`), "Undef": fixed(`\mathbb{U}`),
	"Nat": fixed(`\mathbb{N}`), "Int": fixed(`\mathbb{Z}`), "Rat": fixed(`\mathbb{Q}`), "Real": fixed(`\mathbb{R}`),
	"PosInt": fixed(`\mathbb{Z}^+`), "Sequent": fixed(`\Rightarrow`), "concat": fixed(`\frown`),
	"emptyseq": fixed(`\emptyset`), "defis": fixed(`\coloneqq`), "ext": fixed(`\mathrm{ext}`),
}

// olMacroDepth bounds how deep arguments are expanded.
const olMacroDepth = 8

// expandOLMacros writes out the table's macros in s.
func expandOLMacros(s string) string { return expandOLMacrosAt(s, 0) }

func expandOLMacrosAt(s string, depth int) string { return expandMacros(s, depth, expandOLMacro) }

// expandOLMacro writes out the table's macro name whose arguments start at s[j:]: its optional
// arguments, its arguments and a trailing optional one, each written out first, and "/" after
// the name for the negated form.
func expandOLMacro(name, s string, j, depth int) (string, int, bool) {
	m, ok := olMacros[name]
	if !ok {
		return "", 0, false
	}
	negated := j < len(s) && s[j] == '/'
	if negated {
		j++
	}
	var opts, args []string
	k := j
	for len(opts) < m.nopt {
		a, next, ok := bracketArg(s, k)
		if !ok {
			break
		}
		opts, k = append(opts, expandOLMacrosAt(a, depth+1)), next
	}
	for len(args) < m.nargs {
		a, next, ok := tokenArg(s, k)
		if !ok {
			return "", 0, false // too few arguments: leave it as written
		}
		args, k = append(args, expandOLMacrosAt(a, depth+1)), next
	}
	trail := ""
	if m.trailing {
		if a, next, ok := bracketArg(s, k); ok {
			trail, k = expandOLMacrosAt(a, depth+1), next
		}
	}
	return m.out(opts, args, trail, negated), k, true
}

// expandMacros writes out in s, to olMacroDepth levels, the control sequences expand knows.
// expand is given a sequence's name and the index in s just after it, and answers the text
// that replaces the sequence with its arguments and the index where they end, or false to leave
// the sequence as written.
func expandMacros(s string, depth int, expand func(name, s string, j, depth int) (string, int, bool)) string {
	if depth > olMacroDepth || !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			i++
			continue
		}
		name, j := controlSeqAt(s, i)
		out, k, ok := expand(name, s, j, depth)
		if !ok {
			b.WriteString(s[i:j])
			i = j
			continue
		}
		b.WriteString(out)
		// A control word written out must not run into a letter after it.
		if k < len(s) && isLetter(s[k]) && endsInControlWord(out) {
			b.WriteByte(' ')
		}
		i = k
	}
	return b.String()
}

func endsInControlWord(s string) bool {
	i := len(s)
	for i > 0 && isLetter(s[i-1]) {
		i--
	}
	return i < len(s) && i > 0 && s[i-1] == '\\'
}

// bracketArg reads [ … ] at i (after spaces), balanced in brackets and
// braces.
func bracketArg(s string, i int) (string, int, bool) {
	j := skipSpaces(s, i)
	if j >= len(s) || s[j] != '[' {
		return "", i, false
	}
	depth, brace := 0, 0
	for k := j; k < len(s); k++ {
		switch s[k] {
		case '\\':
			k++
		case '{':
			brace++
		case '}':
			brace--
		case '[':
			if brace == 0 {
				depth++
			}
		case ']':
			if brace == 0 {
				if depth--; depth == 0 {
					return s[j+1 : k], k + 1, true
				}
			}
		}
	}
	return "", i, false
}

// tokenArg reads a braced group, a control sequence or one character at i
// (after spaces).
func tokenArg(s string, i int) (string, int, bool) {
	j := skipSpaces(s, i)
	if j >= len(s) || strings.IndexByte("}]$&", s[j]) >= 0 {
		return "", i, false // the end of a group, of math or of a cell takes no argument
	}
	switch {
	case s[j] == '{':
		depth := 0
		for k := j; k < len(s); k++ {
			switch s[k] {
			case '\\':
				k++
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					return s[j+1 : k], k + 1, true
				}
			}
		}
		return "", i, false
	case s[j] == '\\':
		_, k := controlSeqAt(s, j)
		return s[j:k], k, true
	}
	return s[j : j+1], j + 1, true
}

// controlSeqAt reads the control sequence whose backslash is at s[i]: its name
// (the letters of a control word, or the one character of a control symbol
// such as \{ or \\; "" for a backslash that ends s) and where it ends.
func controlSeqAt(s string, i int) (string, int) {
	j := i + 1
	for j < len(s) && isLetter(s[j]) {
		j++
	}
	if j == i+1 {
		j = min(len(s), i+2)
	}
	return s[i+1 : j], j
}

func skipSpaces(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	return i
}
