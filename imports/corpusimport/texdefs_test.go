package corpusimport

import (
	"testing"
	"testing/fstest"
)

// A source's own definitions are written out in its items: those of its
// .sty files in every item, those of a .tex file in that file's items
// only, each as TeX reads it; what the reader does not understand stays
// as written.
func TestSourceDefinitions(t *testing.T) {
	t.Parallel()
	sty := `% definitions
\newcommand*{\dom}[1]{\mathrm{dom}(#1)}
\newcommand{\shift}[2][1]{#2 + #1}
\def\pair#1#2{\langle #1, #2\rangle}
\let\seq\Rightarrow
\DeclareMathOperator{\rank}{rk}
\providecommand{\dom}{\mathrm{WRONG}}
\newcommand{\Pow}[1]{\mathcal{P}(#1)}
\newcommand{\nested}[1]{\dom{#1}\seq}
\newcommand{\hash}{\##}
\def\dotted#1.{#1}
\DeclareDocumentCommand \doc { o } { X }
`
	one := `\olfileid{tst}{def}{one}
\begin{defn}[One]\ollabel{defn:one}
\def\local{L}
$\dom{f} \seq \shift{x} \shift[2]{y} \pair{a}{b} \rank A \Pow{X} \nested{g}x \local \dotted a. \doc$ and $\pair{a}$.
\end{defn}
`
	two := `\olfileid{tst}{def}{two}
\begin{defn}[Two]\ollabel{defn:two}
$\local \renewed{z}$
\end{defn}
\renewcommand{\renewed}[1]{R(#1)}
`
	fsys := fstest.MapFS{"sty/defs.sty": {Data: []byte(sty)}, "content/one.tex": {Data: []byte(one)}, "content/two.tex": {Data: []byte(two)}}
	items, _, err := ParseOpenLogic(fsys)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"openlogic:tst/def/one/defn:one": `$\mathrm{dom}(f) \Rightarrow x + 1 y + 2 \langle a, b\rangle \operatorname{rk} A \wp(X) \mathrm{dom}(g)\Rightarrow x L \dotted a. \doc$ and $\pair{a}$.`,
		"openlogic:tst/def/two/defn:two": `$\local R(z)$`,
	}
	if len(items) != len(want) {
		t.Fatalf("%d items; want %d", len(items), len(want))
	}
	for _, it := range items {
		if it.Body != want[it.Key] {
			t.Errorf("%s: body\n%s\nwant\n%s", it.Key, it.Body, want[it.Key])
		}
	}
	defs := TeXDefinitions{}
	readTeXDefs(sty, defs)
	if got := expandTeXDefs(`\hash`, defs); got != `\#` {
		t.Errorf("## in a body = %q; want one #", got)
	}
}

// One reader of control sequences serves the source's definitions, the hand
// table, arguments and lists: a control word is its letters, a control symbol
// its one character, which a definition may name (\def\|{…}) but the hand
// table never does.
func TestControlSequences(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s        string
		name     string
		end      int
		wordName string
	}{
		{`\alpha+1`, "alpha", 6, "alpha"},
		{`\{x\}`, "{", 2, ""},
		{`\\ next`, `\`, 2, ""},
		{`\|`, "|", 2, ""},
		{`\`, "", 1, ""},
		{`\x1`, "x", 2, "x"},
	} {
		name, end := controlSeqAt(c.s, 0)
		if name != c.name || end != c.end {
			t.Errorf("controlSeqAt(%q) = %q, %d; want %q, %d", c.s, name, end, c.name, c.end)
		}
		if w, wend := controlWordAt(c.s, 0); w != c.wordName || wend != c.end {
			t.Errorf("controlWordAt(%q) = %q, %d; want %q, %d", c.s, w, wend, c.wordName, c.end)
		}
	}
	defs := TeXDefinitions{}
	readTeXDefs(`\def\|{\Vert} \newcommand{\nrm}[1]{\|#1\|}`, defs)
	if got, want := expandTeXDefs(`$\nrm{x} \{y\} \\`, defs), `$\Vert x\Vert \{y\} \\`; got != want {
		t.Errorf("expandTeXDefs = %q; want %q", got, want)
	}
	if got, want := expandOLMacros(`\{ \Nat\} \\ \Nat`), `\{ \mathbb{N}\} \\ \mathbb{N}`; got != want {
		t.Errorf("expandOLMacros = %q; want %q", got, want)
	}
}
