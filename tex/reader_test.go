package tex

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var kindNames = map[AtomKind]string{
	AtomIdent: "ident", AtomConst: "const", AtomNumber: "num", AtomRel: "rel", AtomOp: "op",
	AtomPunct: "punct", AtomOpen: "open", AtomClose: "close", AtomBar: "bar", AtomBigOp: "bigop",
	AtomQuant: "quant", AtomDots: "dots", AtomText: "text", AtomFunc: "func", AtomMacro: "macro",
}

// atomsOf reads src, which must hold exactly one formula, and lists its atoms as "kind text".
func atomsOf(t *testing.T, src string) []string {
	t.Helper()
	doc, err := Read(src)
	if err != nil || len(doc.Formulas) != 1 {
		t.Fatalf("Read(%q) = %d formulas, %v; want 1 formula", src, len(doc.Formulas), err)
	}
	var out []string
	for _, a := range doc.Formulas[0].Atoms {
		if src[a.Start:a.End] == "" {
			t.Errorf("Read(%q): atom %q has an empty span [%d, %d)", src, a.Text, a.Start, a.End)
		}
		out = append(out, kindNames[a.Kind]+" "+a.Text)
	}
	return out
}

// TestAtomKinds: each token of a formula is classified by the part it plays.
func TestAtomKinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"quantifier relation const", `$\forall x \in \mathbb{R}, x \le \infty$`,
			[]string{`quant \forall`, "ident x", `rel \in`, `const \mathbb{R}`, "punct ,", "ident x", `rel \le`, `const \infty`}},
		{"big operator and function", `$\sum_{k} \log k$`, []string{`bigop \sum`, "ident k", `func \log`, "ident k"}},
		{"numbers with a decimal point", `$3.14 + 2. + 10$`, []string{"num 3.14", "op +", "num 2", "op .", "op +", "num 10"}},
		{"script takes one digit", `$x^23$`, []string{"ident x", "num 2", "num 3"}},
		{"dots", `$1, ..., n \cdots m$`, []string{"num 1", "punct ,", "dots ...", "punct ,", "ident n", `dots \cdots`, "ident m"}},
		{"brackets and bars", `$[a, b) |x| \langle u \rangle$`,
			[]string{"open [", "ident a", "punct ,", "ident b", "close )", "bar |", "ident x", "bar |", `open \langle`, "ident u", `close \rangle`}},
		{"control symbols", `$\{ x \} \| \$ \% \& \# \_ \, \; \! \ y$`,
			[]string{`open \{`, "ident x", `close \}`, `bar \|`, `const \$`, `const \%`, `const \&`, `const \#`, `const \_`, "ident y"}},
		{"row separator and alignment", `$\begin{matrix} a & b \\ c & d \end{matrix}$`,
			[]string{"ident a", "punct &", "ident b", `punct \\`, "ident c", "punct &", "ident d"}},
		{"text and operatorname", `$\text{ for all } n \operatorname{Li}(x) \operatorname*{ess\,sup}$`,
			[]string{"text for all", "ident n", `func \operatorname{Li}`, "open (", "ident x", "close )", `func \operatorname*{ess\,sup}`}},
		{"unknown macro", `$\frac{a}{b} \foo$`, []string{`macro \frac`, "ident a", "ident b", `macro \foo`}},
		{"greek", `$\alpha \Omega \ell$`, []string{`ident \alpha`, `ident \Omega`, `ident \ell`}},
		{"comment runs to the end of the line", "$a % b c\n d$", []string{"ident a", "ident d"}},
		{"tilde and spacing are not atoms", `$a~b \quad c \kern3mu d \hspace{1em} e$`,
			[]string{"ident a", "ident b", "ident c", "ident d", "ident e"}},
		{"colour argument is skipped", `$\color{red} x \textcolor{blue}{y}$`, []string{"ident x", "ident y"}},
		{"unicode", "$∀ x ∈ ℝ, x ≤ ∞ ⟨é⟩ ‖ ∑ … 5 ÷$",
			[]string{"quant ∀", "ident x", "rel ∈", "const ℝ", "punct ,", "ident x", "rel ≤", "const ∞", "open ⟨", "ident é", "close ⟩", "bar ‖", "bigop ∑", "dots …", "num 5", "op ÷"}},
		{"unicode digit", "$٣$", []string{"num ٣"}},
		{"double-struck unicode", "$𝔸$", []string{"const 𝔸"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, atomsOf(t, tt.in)); diff != "" {
				t.Errorf("atoms of %q (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestFonts: a letter in a font is an identifier or, in an upright or blackboard font, a
// constant; a font command reaches one token, or every letter of its group.
func TestFonts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"blackboard letter", `$\mathbb{Z}$`, []string{`const \mathbb{Z}`}},
		{"blackboard without braces", `$\mathbb R x$`, []string{`const \mathbb{R}`, "ident x"}},
		{"bold word is one identifier per letter", `$\mathbf{xy}$`, []string{`ident \mathbf{x}`, `ident \mathbf{y}`}},
		{"upright word is one constant", `$\mathrm{Re}$`, []string{`const \mathrm{Re}`}},
		{"font over a formula reaches every letter", `$\mathbf{x + y}$`, []string{`ident \mathbf{x}`, "op +", `ident \mathbf{y}`}},
		{"font over a nested group", `$\mathcal{ {A} }$`, []string{`ident \mathcal{A}`}},
		{"font over greek", `$\boldsymbol\alpha \mathrm{\pi}$`, []string{`ident \boldsymbol{\alpha}`, `const \mathrm{\pi}`}},
		{"font ends with its group", `$\mathbf{u+v} w$`, []string{`ident \mathbf{u}`, "op +", `ident \mathbf{v}`, "ident w"}},
		{"accent on a letter", `$\hat x \bar{y} \vec{\alpha}$`, []string{`ident \hat{x}`, `ident \bar{y}`, `ident \vec{\alpha}`}},
		{"accent on a formula is not one identifier", `$\widehat{xy}$`, []string{"ident x", "ident y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, atomsOf(t, tt.in)); diff != "" {
				t.Errorf("atoms of %q (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestDisplayAndDelimiters: which delimiters open a formula, whether it is displayed, and the
// offsets of the span and its body.
func TestDisplayAndDelimiters(t *testing.T) {
	t.Parallel()
	type span struct {
		Delim                          string
		Display                        bool
		Start, BodyStart, BodyEnd, End int
	}
	tests := []struct {
		name string
		in   string
		want []span
	}{
		{"inline dollar", "a $x$ b", []span{{"$", false, 2, 3, 4, 5}}},
		{"display dollars", "$$x$$", []span{{"$$", true, 0, 2, 3, 5}}},
		{"parentheses", `\(x\)`, []span{{`\(`, false, 0, 2, 3, 5}}},
		{"brackets", `\[x\]`, []span{{`\[`, true, 0, 2, 3, 5}}},
		{"starred environment", `\begin{align*}x\end{align*}`, []span{{"align*", true, 0, 14, 15, 27}}},
		{"environment name with spaces", `\begin{ equation }x\end{equation}`, []span{{"equation", true, 0, 18, 19, 33}}},
		{"text environment is prose", `\begin{itemize} \item $x$ \end{itemize}`, []span{{"$", false, 22, 23, 24, 25}}},
		{"empty formula", "$$ $$", []span{{"$$", true, 0, 2, 3, 5}}},
		{"line break inside a formula", "$a\nb$", []span{{"$", false, 0, 1, 4, 5}}},
		{"blank line of spaces ends nothing in prose", "a\n \nb $x$", []span{{"$", false, 6, 7, 8, 9}}},
		{"backslash at the end of prose", `$x$ \`, []span{{"$", false, 0, 1, 2, 3}}},
		{"control symbol in prose", `\é \\ $x$`, []span{{"$", false, 7, 8, 9, 10}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			doc, err := Read(tt.in)
			if err != nil {
				t.Fatalf("Read(%q) = %v", tt.in, err)
			}
			var got []span
			for _, f := range doc.Formulas {
				got = append(got, span{f.Delim, f.Display, f.Start, f.BodyStart, f.BodyEnd, f.End})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Read(%q) formulas (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestReadMalformedMore: the malformed TeX that TestReadMalformed leaves out, each with its
// code and the byte a proposer goes to.
func TestReadMalformedMore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		code ErrorCode
		pos  int
	}{
		{"closing bracket in parentheses", `\(x\]`, StrayDelimiter, 3},
		{"opening parenthesis in brackets", `\[x \( y\]`, StrayDelimiter, 4},
		{"opening bracket in dollars", `$x \[ y$`, StrayDelimiter, 3},
		{"stray closing parenthesis in prose", `a \) b`, StrayDelimiter, 2},
		{"dollar in an environment", `\begin{equation} $ \end{equation}`, StrayDelimiter, 17},
		{"wrong end of a display environment", `\begin{equation} x \end{align}`, Environment, 19},
		{"end of a matrix without begin", `$x \end{matrix}$`, Environment, 3},
		{"begin without a name", `$\begin x$`, Environment, 1},
		{"end without a name", `$\end{}$`, Environment, 1},
		{"brace closes inside an environment", `$\begin{matrix} } \end{matrix}$`, UnmatchedBrace, 16},
		{"brace open at the end of an environment", `$\begin{matrix} { \end{matrix}$`, UnclosedBrace, 16},
		{"left open at the end of a group", `${\left( x}$`, LeftRight, 2},
		{"left open at the end of an environment", `$\begin{matrix} \left[ x \end{matrix}$`, LeftRight, 16},
		{"right of an outer left", `$\left( {x \right)}$`, LeftRight, 11},
		{"middle outside left right", `$a \middle| b$`, LeftRight, 3},
		{"right without a delimiter", `$\left( x \right$`, LeftRight, 10},
		{"double subscript", `$x_1_2$`, BadScript, 4},
		{"double subscript around a superscript", `$x_1^2_3$`, BadScript, 6},
		{"superscript then subscript marker", `$x^_$`, BadScript, 3},
		{"script before an alignment", `$\begin{matrix} a^ & b \end{matrix}$`, BadScript, 17},
		{"script before a comma", `$x_, y$`, BadScript, 2},
		{"script before a row break", `$\begin{matrix} a^ \\ b \end{matrix}$`, BadScript, 19},
		{"script at the end of a group", `${x^}$`, BadScript, 3},
		{"backslash at the end of a formula", `$x\`, BadScript, 2},
		{"unclosed parentheses", `\( x`, UnclosedFormula, 0},
		{"unclosed display dollars", `$$ x $`, StrayDelimiter, 5},
		{"unclosed environment in prose", `\begin{align} x`, UnclosedFormula, 0},
		{"paragraph break with spaces", "$x\n \t \n y$", UnclosedFormula, 0},
		{"paragraph break with carriage returns", "$x\r\n\r\ny$", UnclosedFormula, 0},
		{"unclosed font argument", `$\mathbf{x$`, UnclosedBrace, 8},
		{"unclosed brace of a group", `${x$`, UnclosedBrace, 1},
		{"unclosed text argument across a paragraph", "$\\text{a\n\nb}$", UnclosedBrace, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Read(tt.in)
			var te *Error
			if !errors.As(err, &te) {
				t.Fatalf("Read(%q) = %v; want a *Error", tt.in, err)
			}
			if te.Code != tt.code || te.Pos != tt.pos {
				t.Errorf("Read(%q) = %s at %d (%q); want %s at %d", tt.in, te.Code, te.Pos, te.Msg, tt.code, tt.pos)
			}
		})
	}
}

// TestReadKeepsFormulasBeforeAnError: a malformed field still yields the formulas read before
// the error, so that a check can report on them.
func TestReadKeepsFormulasBeforeAnError(t *testing.T) {
	t.Parallel()
	doc, err := Read(`$a$ and $b$ then $c`)
	var te *Error
	if !errors.As(err, &te) || te.Code != UnclosedFormula || te.Pos != 17 {
		t.Fatalf("Read = %v; want an unclosed formula at byte 17", err)
	}
	var got []string
	for _, f := range doc.Formulas {
		got = append(got, f.Body())
	}
	if diff := cmp.Diff([]string{"a", "b"}, got); diff != "" {
		t.Errorf("formulas before the error (-want +got):\n%s", diff)
	}
}

// TestReadWithLimits: each limit admits a field exactly at it and refuses one past it, at the
// byte where the reader stopped.
func TestReadWithLimits(t *testing.T) {
	t.Parallel()
	roomy := Limits{MaxBytes: 1000, MaxDepth: 100, MaxTokens: 1000}
	with := func(f func(*Limits)) Limits { l := roomy; f(&l); return l }
	tests := []struct {
		name  string
		in    string
		lim   Limits
		limit string // "" when the field is read
		pos   int
	}{
		{"bytes at the limit", "$x$", with(func(l *Limits) { l.MaxBytes = 3 }), "", 0},
		{"bytes past the limit", "$x$ ", with(func(l *Limits) { l.MaxBytes = 3 }), "bytes", 3},
		// $ x y $: the opening dollar, x, y and the closing dollar are four tokens.
		{"tokens at the limit", "$xy$", with(func(l *Limits) { l.MaxTokens = 4 }), "", 0},
		{"tokens past the limit", "$xy$", with(func(l *Limits) { l.MaxTokens = 3 }), "tokens", 3},
		{"prose costs no tokens", strings.Repeat("word ", 100), with(func(l *Limits) { l.MaxTokens = 1 }), "", 0},
		{"depth at the limit", "${{x}}$", with(func(l *Limits) { l.MaxDepth = 2 }), "", 0},
		{"depth past the limit", "${{{x}}}$", with(func(l *Limits) { l.MaxDepth = 2 }), "nesting depth", 3},
		{"environments count as depth", `$\begin{matrix}\begin{matrix}\begin{matrix} x \end{matrix}\end{matrix}\end{matrix}$`,
			with(func(l *Limits) { l.MaxDepth = 2 }), "nesting depth", 43},
		{"left right counts as depth", `$\left(\left(\left( x \right)\right)\right)$`,
			with(func(l *Limits) { l.MaxDepth = 2 }), "nesting depth", 13},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := ReadWith(tt.in, tt.lim)
			if tt.limit == "" {
				if err != nil {
					t.Errorf("ReadWith(%q, %+v) = %v; want it read", tt.in, tt.lim, err)
				}
				return
			}
			var le *LimitError
			if !errors.As(err, &le) {
				t.Fatalf("ReadWith(%q, %+v) = %v; want the %s limit", tt.in, tt.lim, err, tt.limit)
			}
			if le.Limit != tt.limit || le.Pos != tt.pos {
				t.Errorf("ReadWith(%q) = %s limit at %d; want %s at %d", tt.in, le.Limit, le.Pos, tt.limit, tt.pos)
			}
		})
	}
}

func TestErrorStrings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err  error
		want string
	}{
		{&Error{Code: UnmatchedBrace, Pos: 7, Msg: "} has no matching {"}, "tex: } has no matching { (byte 7)"},
		{&LimitError{Pos: 3, Limit: "bytes", Max: 3}, "tex: the text passes the reader's limit of 3 bytes at byte 3"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q; want %q", got, tt.want)
		}
	}
	_, err := Read("$x}$")
	if got, want := fmt.Sprint(err), "tex: } has no matching { (byte 2)"; got != want {
		t.Errorf("Read($x}$) = %q; want %q", got, want)
	}
}

func TestDescribe(t *testing.T) {
	t.Parallel()
	src := "ab\ncd\nef"
	tests := []struct {
		msg, want string
	}{
		{"no offset here", "no offset here"},
		{"opened at byte 0", "opened at line 1, character 1"},
		{"from at byte 4 to at byte 7", "from at line 2, character 2 to at line 3, character 2"},
		{"past the end at byte 99", "past the end at line 3, character 3"},
		{"byte 4 without at", "byte 4 without at"},
	}
	for _, tt := range tests {
		if got := (&Error{Msg: tt.msg}).Describe(src); got != tt.want {
			t.Errorf("Describe(%q) = %q; want %q", tt.msg, got, tt.want)
		}
	}
}

func TestPositionEdges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src        string
		pos        int
		line, char int
	}{
		{"", 0, 1, 1},
		{"", 3, 1, 1},
		{"abc", -4, 1, 1},
		{"\n\n", 2, 3, 1},
		{"éé", 2, 1, 2}, // a character counts once, whatever its bytes
		{"éé", 4, 1, 3},
		{"🙂x", 4, 1, 2},
		{"a\r\nb", 3, 2, 1},
	}
	for _, tt := range tests {
		if line, char := Position(tt.src, tt.pos); line != tt.line || char != tt.char {
			t.Errorf("Position(%q, %d) = %d, %d; want %d, %d", tt.src, tt.pos, line, char, tt.line, tt.char)
		}
	}
}

func TestDollarAmountEdges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		err  *Error
		want bool
	}{
		{"amount at the end", "costs $5", &Error{Code: UnclosedFormula, Pos: 6}, true},
		{"amount before a parenthesis", "($20) then", &Error{Code: UnclosedFormula, Pos: 1}, true},
		{"amount with cents", "pay $3.50 now", &Error{Code: UnclosedFormula, Pos: 4}, true},
		{"another kind of error", "costs $5", &Error{Code: UnclosedBrace, Pos: 6}, false},
		{"digits then letters", "$5x is", &Error{Code: UnclosedFormula, Pos: 0}, false},
		{"position past the text", "$5", &Error{Code: UnclosedFormula, Pos: 2}, false},
		{"negative position", "$5", &Error{Code: UnclosedFormula, Pos: -1}, false},
		{"not at a dollar", "a 5 b", &Error{Code: UnclosedFormula, Pos: 2}, false},
		{"a later dollar", "$5 and é$", &Error{Code: UnclosedFormula, Pos: 0}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.err.DollarAmount(tt.src); got != tt.want {
				t.Errorf("DollarAmount(%q) at %d = %v; want %v", tt.src, tt.err.Pos, got, tt.want)
			}
		})
	}
}

func TestKaTeXKnown(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"frac": true, "mathbb": true, "tag*": true, "operatorname": true, "zeta": true,
		"lcm": false, "mbox": false, "": false, `\frac`: false, "Frac": false,
	} {
		if got := KaTeXKnown(name); got != want {
			t.Errorf("KaTeXKnown(%q) = %v; want %v", name, got, want)
		}
	}
}

// TestDefinitions: a macro the field defines is not unknown, however it is defined; its
// body is skipped.
func TestDefinitions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		in      string
		unknown []string
	}{
		{"newcommand in braces", `$\newcommand{\Q}{\mathbb{Q}} \Q$`, nil},
		{"newcommand without braces", `$\newcommand\Q{\mathbb{Q}} \Q$`, nil},
		{"newcommand with arguments", `$\newcommand{\pair}[2]{(#1,#2)} \pair{a}{b}$`, nil},
		{"def with parameters", `$\def\abs#1{|#1|} \abs{x}$`, nil},
		{"let", `$\let\phi\varphi \phi$`, nil},
		// KaTeX has no \DeclareMathOperator, but the operator it declares is not unknown.
		{"DeclareMathOperator", `$\DeclareMathOperator{\lcm}{lcm} \lcm(a,b)$`, []string{`\DeclareMathOperator`}},
		{"defined in one formula, used in another", `$\newcommand{\Q}{\mathbb{Q}}$ and $\Q$`, nil},
		{"body is not read", `$\newcommand{\Q}{\unknownthing} \Q$`, nil},
		{"use before the definition is unknown", `$\Q \newcommand{\Q}{\mathbb{Q}}$`, []string{`\Q`}},
		{"a definition names only its own macro", `$\newcommand{\Q}{x} \R \Qq$`, []string{`\Qq`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			doc, err := Read(tt.in)
			if err != nil {
				t.Fatalf("Read(%q) = %v", tt.in, err)
			}
			var got []string
			for _, m := range doc.Unknown {
				got = append(got, m.Name)
				if tt.in[m.Start:m.End] != m.Name {
					t.Errorf("unknown %q spans %q", m.Name, tt.in[m.Start:m.End])
				}
			}
			if diff := cmp.Diff(tt.unknown, got); diff != "" {
				t.Errorf("Read(%q).Unknown (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestUnknownBounded: the unknown macros of a field are recorded up to maxUnknown.
func TestUnknownBounded(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("$")
	for k := 0; k < maxUnknown+10; k++ {
		fmt.Fprintf(&b, `\zz%c%c `, 'a'+k/26, 'a'+k%26)
	}
	b.WriteString(`\begin{weird} x \end{weird}$`)
	doc, err := Read(b.String())
	if err != nil {
		t.Fatalf("Read = %v", err)
	}
	if len(doc.Unknown) != maxUnknown {
		t.Fatalf("len(Unknown) = %d; want %d", len(doc.Unknown), maxUnknown)
	}
	if first, last := doc.Unknown[0].Name, doc.Unknown[maxUnknown-1].Name; first != `\zzaa` || last != `\zzbf` {
		t.Errorf("Unknown runs from %s to %s; want the first %d in order, \\zzaa to \\zzbf", first, last, maxUnknown)
	}
}

// TestWords: adjacent letters at the same level form a word; scripts, groups and spaces in
// the source end it.
func TestWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string // the Word of each atom
	}{
		{`$abc$`, []string{"abc", "abc", "abc"}},
		{`$a b$`, []string{"", ""}},
		{`$ab_cd$`, []string{"ab", "ab", "", ""}},
		{`$x_{ij}$`, []string{"", "ij", "ij"}},
		{`$a{b}$`, []string{"", ""}},
		{`$\alpha b$`, []string{"", ""}},
		{`$a1b$`, []string{"", "", ""}},
		{`$\mathbf{ab}$`, []string{"", ""}},
	}
	for _, tt := range tests {
		doc, err := Read(tt.in)
		if err != nil || len(doc.Formulas) != 1 {
			t.Fatalf("Read(%q) = %v", tt.in, err)
		}
		var got []string
		for _, a := range doc.Formulas[0].Atoms {
			got = append(got, a.Word)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("words of %q (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestScriptsMore: scripts on groups, nested scripts, primes and big operators.
func TestScriptsMore(t *testing.T) {
	t.Parallel()
	type atom struct {
		Text     string
		Script   string
		Base     int
		Sub, Sup string
		Depth    int
	}
	tests := []struct {
		name string
		in   string
		want []atom
	}{
		{"script on a group", `${(a+b)}^2$`, []atom{
			{"(", "", -1, "", "", 1}, {"a", "", -1, "", "", 1}, {"+", "", -1, "", "", 1}, {"b", "", -1, "", "", 1},
			{")", "", -1, "", "", 1}, {"2", "^", -1, "", "", 0}}},
		{"nested scripts", `$e^{x_1}$`, []atom{
			{"e", "", -1, "", "x_1", 0}, {"x", "^", 0, "1", "", 1}, {"1", "_", 1, "", "", 1}}},
		{"limits of a sum", `$\sum_{i=1}^{n} i$`, []atom{
			{`\sum`, "", -1, "i=1", "n", 0}, {"i", "_", 0, "", "", 1}, {"=", "_", 0, "", "", 1}, {"1", "_", 0, "", "", 1},
			{"n", "^", 0, "", "", 1}, {"i", "", -1, "", "", 0}}},
		{"script of a macro argument", `$x^\alpha y$`, []atom{
			{"x", "", -1, "", `\alpha`, 0}, {`\alpha`, "^", 0, "", "", 0}, {"y", "", -1, "", "", 0}}},
		{"empty script group", `$x^{} y$`, []atom{{"x", "", -1, "", "", 0}, {"y", "", -1, "", "", 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			doc, err := Read(tt.in)
			if err != nil || len(doc.Formulas) != 1 {
				t.Fatalf("Read(%q) = %v", tt.in, err)
			}
			f := &doc.Formulas[0]
			var got []atom
			for k, a := range f.Atoms {
				sc := ""
				if a.Script != 0 {
					sc = string(a.Script)
				}
				got = append(got, atom{a.Text, sc, a.Base, f.ScriptOf(k, '_'), f.ScriptOf(k, '^'), a.Depth})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("atoms of %q (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestRuneKind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		r    rune
		want AtomKind
	}{
		{'ℕ', AtomConst}, {'∅', AtomConst}, {'𝕏', AtomConst}, {'λ', AtomIdent}, {'ж', AtomIdent},
		{'≠', AtomRel}, {'⇒', AtomRel}, {'∏', AtomBigOp}, {'∄', AtomQuant}, {'⋮', AtomDots},
		{'⌈', AtomOpen}, {'⌉', AtomClose}, {'‖', AtomBar}, {'²', AtomOp}, {'٣', AtomNumber},
		{'×', AtomOp}, {'→', AtomRel},
	}
	for _, tt := range tests {
		if got := runeKind(tt.r); got != tt.want {
			t.Errorf("runeKind(%q) = %s; want %s", tt.r, kindNames[got], kindNames[tt.want])
		}
	}
}

func TestHelpers(t *testing.T) {
	t.Parallel()
	t.Run("skipArg", func(t *testing.T) {
		for _, tt := range []struct {
			s   string
			i   int
			end int
			ok  bool
		}{
			{"{a{b}c}d", 0, 7, true},
			{"  {a}", 0, 5, true},
			{`{a\}b}`, 0, 6, true},
			{`\alpha x`, 0, 6, true},
			{`\,x`, 0, 2, true},
			{"é", 0, 2, true},
			{"{a", 0, 2, false},
			{"{a\n\nb}", 0, 2, false},
			{"   ", 0, 3, false},
		} {
			if end, ok := skipArg(tt.s, tt.i); end != tt.end || ok != tt.ok {
				t.Errorf("skipArg(%q, %d) = %d, %v; want %d, %v", tt.s, tt.i, end, ok, tt.end, tt.ok)
			}
		}
	})
	t.Run("braceWord", func(t *testing.T) {
		for _, tt := range []struct {
			s    string
			name string
			end  int
			ok   bool
		}{
			{"{align*}", "align*", 8, true},
			{" { cases } x", "cases", 10, true},
			{"{}", "", 2, false},
			{"{a1}", "", 0, false},
			{"cases", "", 0, false},
			{"{" + strings.Repeat("a", 50) + "}", "", 0, false},
			{"{open", "", 0, false},
		} {
			if name, end, ok := braceWord(tt.s, 0); name != tt.name || end != tt.end || ok != tt.ok {
				t.Errorf("braceWord(%q) = %q, %d, %v; want %q, %d, %v", tt.s, name, end, ok, tt.name, tt.end, tt.ok)
			}
		}
	})
	t.Run("delimiter", func(t *testing.T) {
		for _, tt := range []struct {
			s   string
			d   string
			end int
			ok  bool
		}{
			{"(", "(", 1, true},
			{" .", ".", 2, true},
			{`\{`, `\{`, 2, true},
			{`\langle x`, `\langle`, 7, true},
			{"⟨", "⟨", 3, true},
			{`\alpha`, "", 0, false},
			{"x", "", 0, false},
			{"é", "", 0, false},
			{`\`, "", 0, false},
			{"", "", 0, false},
		} {
			if d, end, ok := delimiter(tt.s, 0); d != tt.d || end != tt.end || ok != tt.ok {
				t.Errorf("delimiter(%q) = %q, %d, %v; want %q, %d, %v", tt.s, d, end, ok, tt.d, tt.end, tt.ok)
			}
		}
	})
	t.Run("skipDimension", func(t *testing.T) {
		for _, tt := range []struct {
			s   string
			end int
		}{
			{"3mu x", 3}, {" -1.5em", 7}, {"{2pt}x", 5}, {"12", 2}, {"x", 0}, {"{2pt", 0},
		} {
			if end := skipDimension(tt.s, 0); end != tt.end {
				t.Errorf("skipDimension(%q) = %d; want %d", tt.s, end, tt.end)
			}
		}
	})
	t.Run("plainWord", func(t *testing.T) {
		for s, want := range map[string]bool{"Aut": true, "ess sup": true, "x-1'": true, "": false, "a+b": false, `\pi`: false, "é": false} {
			if got := plainWord(s); got != want {
				t.Errorf("plainWord(%q) = %v; want %v", s, got, want)
			}
		}
	})
}

// TestEnvironmentArguments: the column specification of an alignment is not mathematics,
// whether the environment opens the formula in prose or sits inside one.
func TestEnvironmentArguments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		in    string
		body  string
		atoms []string
	}{
		{"alignat in prose", `\begin{alignat}{2} a &= b \end{alignat}`, " a &= b ", []string{"ident a", "punct &", "rel =", "ident b"}},
		{"starred alignat in prose", `\begin{alignat*}{3}x\end{alignat*}`, "x", []string{"ident x"}},
		{"alignat inside a formula", `$\begin{alignat}{2} a &= b \end{alignat}$`, `\begin{alignat}{2} a &= b \end{alignat}`,
			[]string{"ident a", "punct &", "rel =", "ident b"}},
		{"array inside a formula", `$\begin{array}{c|c} 1 & 2 \end{array}$`, `\begin{array}{c|c} 1 & 2 \end{array}`, []string{"num 1", "punct &", "num 2"}},
		{"equation takes no argument", `\begin{equation}{2} x\end{equation}`, "{2} x", []string{"num 2", "ident x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			doc, err := Read(tt.in)
			if err != nil || len(doc.Formulas) != 1 {
				t.Fatalf("Read(%q) = %v", tt.in, err)
			}
			if got := doc.Formulas[0].Body(); got != tt.body {
				t.Errorf("Body() = %q; want %q", got, tt.body)
			}
			if diff := cmp.Diff(tt.atoms, atomsOf(t, tt.in)); diff != "" {
				t.Errorf("atoms of %q (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestDelimiterAtoms: \left, \middle and \right give the delimiters they name, a null
// delimiter none; primes and \limits are no atoms of their own kind.
func TestDelimiterAtoms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string
	}{
		{`$\left\{ x \middle| y \right.$`, []string{`open \{`, "ident x", "bar |", "ident y"}},
		{`$\left. x \right|$`, []string{"ident x", "close |"}},
		{`$\left\langle u \right\rangle$`, []string{`open \langle`, "ident u", `close \rangle`}},
		{`$\left⌊ x \right⌋$`, []string{"open ⌊", "ident x", "close ⌋"}},
		{`$f'(x)$`, []string{"ident f", "op '", "open (", "ident x", "close )"}},
		{`$\sum\limits_{i} x$`, []string{`bigop \sum`, "ident i", "ident x"}},
		{`$\tag*{1} \hspace*{2em} \label{eq} x$`, []string{"ident x"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, atomsOf(t, tt.in)); diff != "" {
			t.Errorf("atoms of %q (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestScriptAtomsSuperscript: ScriptAtoms finds a superscript's atoms as it finds a
// subscript's, whichever is written first.
func TestScriptAtomsSuperscript(t *testing.T) {
	t.Parallel()
	doc, err := Read(`$x^{a+1}_{b} y$`)
	if err != nil {
		t.Fatal(err)
	}
	f := &doc.Formulas[0]
	span := func(c byte) []string {
		lo, hi := f.ScriptAtoms(0, c)
		var out []string
		for _, a := range f.Atoms[lo:hi] {
			out = append(out, a.Text)
		}
		return out
	}
	if diff := cmp.Diff([]string{"a", "+", "1"}, span('^')); diff != "" {
		t.Errorf("ScriptAtoms(x, ^) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"b"}, span('_')); diff != "" {
		t.Errorf("ScriptAtoms(x, _) (-want +got):\n%s", diff)
	}
	if lo, hi := f.ScriptAtoms(len(f.Atoms)-1, '^'); lo != hi {
		t.Errorf("ScriptAtoms(y, ^) = [%d, %d); want empty", lo, hi)
	}
	if got := f.ScriptOf(0, '^'); got != "a+1" {
		t.Errorf("ScriptOf(x, ^) = %q; want a+1", got)
	}
}
