package copycheck

import (
	"bytes"
	"hash/fnv"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Format says how a text is marked up.
type Format int

// The formats the check reads.
const (
	LaTeX Format = iota
	Markdown
)

// FormatOf guesses the format from a file name: .md and .markdown are Markdown, the rest LaTeX.
func FormatOf(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".markdown":
		return Markdown
	}
	return LaTeX
}

// Placeholder is the byte that stands for a whole formula in normalised text, so that a standard
// formula never counts as a copied run.
const Placeholder = '$'

// Normalized is a text after normalisation: lower case, white space collapsed, macros canonical,
// formulas masked. Every byte of Text maps back to the original through Map.
type Normalized struct {
	Text       []byte
	Map        OffsetMap
	Formulas   []Formula // one per Placeholder byte, in order
	Paragraphs []int32   // start of each paragraph in Text, ascending, the first is 0
	Sections   []Section // sectioning commands and headings, in order
}

// Formula is a masked formula: where its placeholder stands and the shape of its structure with
// variables renamed canonically, so that renaming a variable does not hide a copied formula.
type Formula struct {
	Pos   int32
	Shape uint32
}

// Section is a section heading of the original text.
type Section struct {
	Title string
	Start int32 // in Text
}

// Normalize normalises a LaTeX or Markdown text. The LaTeX preamble (everything up to
// \begin{document}, when there is one) and comments are dropped.
func Normalize(src []byte, f Format) *Normalized {
	n := &normalizer{src: src, md: f == Markdown, out: make([]byte, 0, len(src)*3/4+16)}
	n.res.Map.segs = make([]segment, 0, len(src)/16+4)
	start, end := 0, len(src)
	if f == LaTeX {
		if i := bytes.Index(src, []byte(`\begin{document}`)); i >= 0 {
			start = i + len(`\begin{document}`)
			if j := bytes.Index(src[start:], []byte(`\end{document}`)); j >= 0 {
				end = start + j
			}
		}
	}
	n.end = end
	n.run(start)
	n.res.Text = n.out
	n.res.Map.n = len(n.out)
	if len(n.out) > 0 && (len(n.res.Paragraphs) == 0 || n.res.Paragraphs[0] != 0) {
		n.res.Paragraphs = append([]int32{0}, n.res.Paragraphs...)
	}
	return &n.res
}

type normalizer struct {
	src  []byte
	end  int
	md   bool
	out  []byte
	res  Normalized
	tmp  []byte
	vars [128]int8

	space      bool // white space seen since the last byte
	spaceStart int
	spaceEnd   int
	para       bool // a paragraph starts with the next byte
	section    *Section
}

func (n *normalizer) white(start, end int) {
	if !n.space {
		n.space = true
		n.spaceStart = start
	}
	n.spaceEnd = end
}

func (n *normalizer) paragraph() { n.para = true }

// flush writes the pending space and records a pending paragraph or section start.
func (n *normalizer) flush() {
	if n.space {
		n.space = false
		if len(n.out) > 0 && n.out[len(n.out)-1] != ' ' {
			l := n.spaceEnd - n.spaceStart
			n.res.Map.add(len(n.out), n.spaceStart, l, l != 1)
			n.out = append(n.out, ' ')
		}
	}
	if n.para {
		n.para = false
		p := int32(len(n.out))
		if k := len(n.res.Paragraphs); k == 0 || n.res.Paragraphs[k-1] != p {
			n.res.Paragraphs = append(n.res.Paragraphs, p)
		}
	}
	if n.section != nil {
		n.section.Start = int32(len(n.out))
		n.res.Sections = append(n.res.Sections, *n.section)
		n.section = nil
	}
}

// one writes a byte that stands for the original byte at o.
func (n *normalizer) one(b byte, o int) {
	n.flush()
	n.res.Map.add(len(n.out), o, 1, false)
	n.out = append(n.out, b)
}

// block writes bytes that stand together for the original range [start, end).
func (n *normalizer) block(b string, start, end int) {
	if b == "" {
		return
	}
	n.flush()
	n.res.Map.add(len(n.out), start, end-start, b != string(n.src[start:end]))
	n.out = append(n.out, b...)
}

func (n *normalizer) run(i int) {
	src, end := n.src, n.end
	if n.md {
		i = n.lineStart(i)
	}
	for i < end {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			j, lines := i, 0
			for j < end && isSpace(src[j]) {
				if src[j] == '\n' {
					lines++
				}
				j++
			}
			n.white(i, j)
			if lines >= 2 {
				n.paragraph()
			}
			if n.md && lines > 0 && j < end {
				j = n.lineStart(j)
			}
			i = j
		case c == '%' && !n.md:
			for i < end && src[i] != '\n' {
				i++
			}
		case c == '\\':
			i = n.macro(i)
		case c == '$':
			i = n.dollar(i)
		case c == '{' || c == '}':
			i++
		case c == '~' && !n.md:
			n.white(i, i+1)
			i++
		case (c == '`' || c == '\'') && i+1 < end && src[i+1] == c:
			n.block(`"`, i, i+2)
			i += 2
		case n.md && (c == '*' || c == '_'):
			i++
		case n.md && c == '<' && bytes.HasPrefix(src[i:end], []byte("<!--")):
			j := bytes.Index(src[i:end], []byte("-->"))
			if j < 0 {
				i = end
			} else {
				i += j + 3
			}
		case n.md && c == '[':
			i++
		case n.md && c == ']' && i+1 < end && src[i+1] == '(':
			j := bytes.IndexByte(src[i:end], ')')
			if j < 0 {
				j = end - i - 1
			}
			i += j + 1
		case c < 0x20 || c == 0x7f:
			i++
		case c < 0x80:
			// A run of bytes that stand for themselves, lower-cased, is one segment of the map.
			plain := &plainLaTeX
			if n.md {
				plain = &plainMarkdown
			}
			n.flush()
			j := i + 1
			for j < end && plain[src[j]] {
				j++
			}
			n.res.Map.add(len(n.out), i, j-i, false)
			for _, b := range src[i:j] {
				n.out = append(n.out, lowerASCII[b])
			}
			i = j
		default:
			i = n.nonASCII(i)
		}
	}
	n.space, n.para = false, false
	n.flush()
}

// plainLaTeX and plainMarkdown tell the printable ASCII bytes that run writes as themselves
// (lower-cased) in each format, whatever the bytes around them; lowerASCII lower-cases a byte.
var (
	plainLaTeX, plainMarkdown = plainTables()
	lowerASCII                = func() (t [256]byte) {
		for c := range t {
			t[c] = byte(c)
			if 'A' <= c && c <= 'Z' {
				t[c] += 'a' - 'A'
			}
		}
		return t
	}()
)

func plainTables() (latex, md [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		latex[c], md[c] = true, true
	}
	for _, c := range " \\$`'{}" {
		latex[c], md[c] = false, false
	}
	latex['%'], latex['~'] = false, false
	for _, c := range "*_<[]" {
		md[c] = false
	}
	return latex, md
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isLetter(c byte) bool { return 'A' <= c&^0x20 && c&^0x20 <= 'Z' }

func (n *normalizer) nonASCII(i int) int {
	r, size := utf8.DecodeRune(n.src[i:n.end])
	if r == utf8.RuneError && size <= 1 {
		n.one(n.src[i], i)
		return i + 1
	}
	switch r {
	case '“', '”', '„':
		n.block(`"`, i, i+size)
		return i + size
	case '‘', '’':
		n.block(`'`, i, i+size)
		return i + size
	case '\u00a0', '\u2009', '\u202f':
		n.white(i, i+size)
		return i + size
	}
	lr := unicode.ToLower(r)
	n.tmp = utf8.AppendRune(n.tmp[:0], lr)
	if len(n.tmp) == size {
		for k, b := range n.tmp {
			n.one(b, i+k)
		}
	} else {
		n.block(string(n.tmp), i, i+size)
	}
	return i + size
}

// lineStart handles Markdown syntax that only counts at the start of a line: headings and
// fenced code, which is dropped.
func (n *normalizer) lineStart(i int) int {
	src, end := n.src, n.end
	if bytes.HasPrefix(src[i:end], []byte("```")) {
		j := bytes.Index(src[i+3:end], []byte("\n```"))
		if j < 0 {
			return end
		}
		j = i + 3 + j + 4
		for j < end && src[j] != '\n' {
			j++
		}
		n.paragraph()
		return j
	}
	j := i
	for j < end && j-i < 6 && src[j] == '#' {
		j++
	}
	if j > i && j < end && (src[j] == ' ' || src[j] == '\t') {
		k := bytes.IndexByte(src[j:end], '\n')
		if k < 0 {
			k = end - j
		}
		n.paragraph()
		n.section = &Section{Title: strings.TrimSpace(string(src[j : j+k]))}
		return j
	}
	return i
}

func (n *normalizer) macroName(i int) (name string, j int) {
	j = i + 1
	for j < n.end && isLetter(n.src[j]) {
		j++
	}
	return string(n.src[i+1 : j]), j
}

func (n *normalizer) macro(i int) int {
	src, end := n.src, n.end
	if i+1 >= end {
		return end
	}
	c := src[i+1]
	if c >= 0x80 {
		n.white(i, i+1)
		return i + 1
	}
	if !isLetter(c) {
		switch c {
		case '(':
			return n.math(i, i+2, `\)`)
		case '[':
			return n.math(i, i+2, `\]`)
		case '$':
			n.block("dollar", i, i+2)
		case '%', '&', '#', '_', '{', '}', '*', ']', '`', '\'', '"', '!', '.', '-', '+', '<', '>', '|', '/':
			if n.md || strings.IndexByte("%&#_{}", c) >= 0 {
				n.one(c, i+1)
			}
		default:
			// \\, \, \; \: \ and the like are spacing.
			n.white(i, i+2)
		}
		return i + 2
	}
	name, j := n.macroName(i)
	if j < end && src[j] == '*' {
		j++
	}
	switch name {
	case "begin", "end":
		env, k := n.group(j)
		if name == "begin" {
			if MathEnvironment(env) {
				return n.math(i, k, `\end{`+env+`}`)
			}
			if skipEnvs[strings.TrimSuffix(env, "*")] {
				e := bytes.Index(src[k:end], []byte(`\end{`+env+`}`))
				n.paragraph()
				if e < 0 {
					return end
				}
				return k + e + len(`\end{`+env+`}`)
			}
		}
		n.paragraph()
		return k
	case "par", "item":
		n.white(i, j)
		if name == "par" {
			n.paragraph()
		}
		return j
	}
	if sectioning[name] {
		k := n.skipOpt(j)
		title, _ := n.group(k)
		n.paragraph()
		n.section = &Section{Title: strings.Join(strings.Fields(title), " ")}
		return k
	}
	if args, ok := dropArgs[name]; ok {
		k := j
		for a := 0; a < args; a++ {
			k = n.skipOpt(k)
			_, k = n.group(k)
		}
		return n.skipOpt(k)
	}
	if name == "def" || name == "gdef" {
		k := j
		for k < end && src[k] != '{' {
			k++
		}
		_, k = n.group(k)
		return k
	}
	if dropName[name] {
		n.white(i, j)
		return j
	}
	if s, ok := textSymbols[name]; ok {
		n.block(s, i, j)
		return j
	}
	n.block(`\`+canonical(name), i, j)
	return j
}

// skipOpt skips white space and optional [arguments].
func (n *normalizer) skipOpt(i int) int {
	for {
		j := n.skipOne(i)
		if j == i {
			return i
		}
		i = j
	}
}

func (n *normalizer) skipOne(i int) int {
	src, end := n.src, n.end
	k := i
	for k < end && isSpace(src[k]) {
		k++
	}
	if k >= end || src[k] != '[' {
		return i
	}
	depth := 0
	for ; k < end; k++ {
		switch src[k] {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return k + 1
			}
		}
	}
	return end
}

// group reads a {group}, a macro or a character after white space and returns its contents.
func (n *normalizer) group(i int) (string, int) {
	src, end := n.src, n.end
	for i < end && isSpace(src[i]) {
		i++
	}
	if i >= end {
		return "", end
	}
	switch src[i] {
	case '{':
		depth := 0
		for k := i; k < end; k++ {
			switch src[k] {
			case '\\':
				k++
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return string(src[i+1 : k]), k + 1
				}
			}
		}
		return string(src[i+1 : end]), end
	case '\\':
		name, j := n.macroName(i)
		if j == i+1 && j < end {
			j++
		}
		return `\` + name, j
	}
	return string(src[i : i+1]), i + 1
}

// dollar handles $...$ and $$...$$.
func (n *normalizer) dollar(i int) int {
	if i+1 < n.end && n.src[i+1] == '$' {
		return n.math(i, i+2, "$$")
	}
	return n.math(i, i+1, "$")
}

// math masks the formula that starts at i, whose content starts at cs and ends with close.
// A formula without its closing delimiter is no formula: its opening delimiter is dropped and
// the text goes on. A $ or $$ formula cannot reach past a blank line, as in TeX, so that one
// unclosed $$ does not swallow the rest of a document.
func (n *normalizer) math(i, cs int, close string) int {
	src, end := n.src, n.end
	ce := -1
	for k := cs; k < end; k++ {
		if bytes.HasPrefix(src[k:end], []byte(close)) {
			ce = k
			break
		}
		if src[k] == '\\' {
			k++
			continue
		}
		if (close == "$" || close == "$$") && src[k] == '\n' && k+1 < end && bytes.IndexByte([]byte("\n\r"), src[k+1]) >= 0 {
			break
		}
	}
	if ce < 0 {
		n.white(i, cs)
		return cs
	}
	stop := ce + len(close)
	n.block(string(Placeholder), i, stop)
	n.res.Formulas = append(n.res.Formulas, Formula{Pos: int32(len(n.out) - 1), Shape: n.shape(src[cs:ce])})
	return stop
}

// shape hashes the structure of a formula: canonical macros, operators and digits as they are,
// and variables renamed in order of first appearance.
func (n *normalizer) shape(f []byte) uint32 {
	h := fnv.New32a()
	for k := range n.vars {
		n.vars[k] = -1
	}
	next := int8(0)
	var tok [2]byte
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case isSpace(c) || c == '{' || c == '}':
		case c == '\\':
			if i+1 < len(f) && isLetter(f[i+1]) {
				j := i + 1
				for j < len(f) && isLetter(f[j]) {
					j++
				}
				name := canonical(string(f[i+1 : j]))
				i = j - 1
				if mathSpacing[name] {
					continue
				}
				h.Write([]byte{'\\'})
				h.Write([]byte(name))
				h.Write([]byte{' '})
			} else if i+1 < len(f) {
				i++
				if !strings.ContainsRune(",;:! ", rune(f[i])) {
					tok[0], tok[1] = '\\', f[i]
					h.Write(tok[:])
				}
			}
		case isLetter(c):
			if n.vars[c] < 0 && next < 100 {
				n.vars[c] = next
				next++
			}
			tok[0], tok[1] = 'v', byte(n.vars[c])
			h.Write(tok[:])
		default:
			h.Write([]byte{c})
		}
	}
	return h.Sum32()
}

func canonical(name string) string {
	if a, ok := aliases[name]; ok {
		return a
	}
	return name
}

var aliases = map[string]string{
	"le": "leq", "leqslant": "leq", "ge": "geq", "geqslant": "geq", "ne": "neq",
	"to": "rightarrow", "gets": "leftarrow", "land": "wedge", "lor": "vee", "lnot": "neg",
	"owns": "ni", "varnothing": "emptyset", "varepsilon": "epsilon", "varphi": "phi",
	"vartheta": "theta", "dots": "ldots", "dotsc": "ldots", "dotsb": "cdots", "colon": ":",
	"implies": "Longrightarrow", "iff": "Longleftrightarrow", "lbrace": "{", "rbrace": "}",
	"textbackslash": "backslash", "bigcup": "cup", "bigcap": "cap", "vert": "|",
	"rightarrow": "rightarrow", "longrightarrow": "rightarrow", "mathbb": "mathbb",
	"bold": "mathbf", "boldsymbol": "mathbf", "bm": "mathbf", "emph": "emph",
}

var mathSpacing = map[string]bool{
	"quad": true, "qquad": true, "left": true, "right": true, "big": true, "Big": true,
	"bigg": true, "Bigg": true, "bigl": true, "bigr": true, "Bigl": true, "Bigr": true,
	"displaystyle": true, "textstyle": true, "limits": true, "nolimits": true, "label": true,
	"nonumber": true, "notag": true, "middle": true,
}

// MathEnvironment says whether normalisation reads the LaTeX environment env, starred or not,
// as displayed mathematics.
func MathEnvironment(env string) bool { return mathEnvs[strings.TrimSuffix(env, "*")] }

var mathEnvs = setOf("equation", "align", "alignat", "gather", "multline", "eqnarray",
	"displaymath", "math", "flalign", "xy", "xymatrix", "tikzcd", "CD", "split", "dmath")

var skipEnvs = setOf("comment", "verbatim", "lstlisting", "minted", "tikzpicture", "thebibliography",
	"filecontents", "figure", "table", "picture", "tabular")

var sectioning = setOf("part", "chapter", "section", "subsection", "subsubsection", "paragraph",
	"subparagraph", "olpart", "olchapter", "olsection", "olsubsection")

var dropName = setOf("emph", "textbf", "textit", "textrm", "textsf", "texttt", "textsc", "textup",
	"textsl", "textnormal", "text", "mbox", "underline", "enquote", "footnote", "it", "bf", "em",
	"rm", "sf", "tt", "sc", "sl", "itshape", "bfseries", "upshape", "normalfont", "noindent", "indent",
	"medskip", "smallskip", "bigskip", "newline", "linebreak", "pagebreak", "nopagebreak", "newpage",
	"clearpage", "hfill", "vfill", "centering", "phantomsection", "maketitle", "tableofcontents",
	"relax", "protect", "quad", "qquad", "noalign", "footnotesize", "small", "large", "Large",
	"normalsize", "appendix", "frontmatter", "mainmatter", "backmatter", "allowbreak", "xspace",
	"index", "ignorespaces", "unskip")

// dropArgs lists macros dropped together with their arguments.
var dropArgs = map[string]int{
	"label": 1, "index": 1, "indexsee": 2, "indexdef": 1, "cite": 1, "citep": 1, "citet": 1,
	"ref": 1, "eqref": 1, "cref": 1, "Cref": 1, "autoref": 1, "pageref": 1, "url": 1, "input": 1,
	"include": 1, "includegraphics": 1, "bibliography": 1, "bibliographystyle": 1, "vspace": 1,
	"hspace": 1, "setcounter": 2, "addtocounter": 2, "newcommand": 2, "renewcommand": 2,
	"providecommand": 2, "DeclareMathOperator": 2, "newtheorem": 2, "usepackage": 1,
	"documentclass": 1, "olfileid": 3, "href": 1, "newenvironment": 3, "renewenvironment": 3,
	"hyperref": 0, "addcontentsline": 3, "markboth": 2, "markright": 1, "let": 2, "newcounter": 1,
	"numberwithin": 2, "theoremstyle": 1, "setlength": 2, "addtolength": 2, "olref": 1,
	"iflabelexists": 1, "title": 1, "author": 1, "date": 1, "thanks": 1, "subfile": 1, "ifdefined": 1, "tag": 1, "typeout": 1,
}

var textSymbols = map[string]string{
	"ldots": "...", "dots": "...", "textellipsis": "...", "LaTeX": "latex", "TeX": "tex",
	"S": "§", "textendash": "--", "textemdash": "---", "ie": "i.e.", "eg": "e.g.",
}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, s := range names {
		m[s] = true
	}
	return m
}
