package imports

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Location is where an entry starts in its source, printed file:line.
type Location struct {
	File string
	Line int
}

func (l Location) String() string { return l.File + ":" + strconv.Itoa(l.Line) }

// Issue is a malformed entry that was left out of the records.
type Issue struct {
	Loc Location
	Msg string
}

func (i Issue) String() string { return i.Loc.String() + ": " + i.Msg }

// Link is a URL a source cites, with the text it was cited with, if any.
type Link struct {
	Text string
	URL  string
}

// LeanFile is what a formal-conjectures source file says about its problems.
type LeanFile struct {
	// Path is the file's slash-separated path below the FormalConjectures
	// directory, as in ErdosProblems/1.lean.
	Path string
	// Heading is the first "# " line of the module docstring.
	Heading string
	// Intro is the module docstring without its heading and reference list.
	Intro string
	// Links are the URLs the module docstring cites, in order, once each.
	Links    []Link
	Theorems []Theorem
}

// Theorem is one theorem or lemma with its docstring and attributes.
type Theorem struct {
	Name string
	Line int
	// Doc is the docstring as written, delimiters removed; empty when the
	// theorem has none.
	Doc string
	// Category is the category attribute's value: "research open",
	// "research solved", "test", "API", "textbook"; empty when absent.
	Category string
	// AMS are the AMS subject classification numbers.
	AMS []int
}

// Research returns "open" or "solved" for a research theorem, else "".
func (t Theorem) Research() string {
	s, ok := strings.CutPrefix(t.Category, "research ")
	if !ok {
		return ""
	}
	return s
}

// declModifiers may stand between a docstring or attribute and the
// declaration keyword.
var declModifiers = map[string]bool{"private": true, "protected": true, "noncomputable": true,
	"nonrec": true, "unsafe": true, "partial": true}

// ParseLean reads one Lean source file. It understands just enough Lean to
// find docstrings, attributes and the theorems they belong to: nested block
// comments, line comments and string literals are skipped. An unterminated
// comment or attribute ends the file with an issue, keeping what came
// before; a theorem with a malformed category or AMS attribute is reported
// and left out.
func ParseLean(path string, src []byte) (LeanFile, []Issue) {
	p := leanParser{src: string(src), line: 1, file: LeanFile{Path: path}}
	p.run()
	return p.file, p.issues
}

type leanParser struct {
	src    string
	i      int
	line   int
	file   LeanFile
	issues []Issue

	moduleDocSeen bool
	// pending docstring and attributes wait for the declaration they precede.
	doc, attrs       string
	hasDoc           bool
	attrLine         int
	afterMarker      bool
	attrsUnparseable bool
}

func (p *leanParser) issue(line int, format string, args ...any) {
	p.issues = append(p.issues, Issue{Location{p.file.Path, line}, fmt.Sprintf(format, args...)})
}

func (p *leanParser) clearPending() {
	p.doc, p.attrs, p.hasDoc, p.afterMarker, p.attrsUnparseable = "", "", false, false, false
}

// advance moves to byte offset j, counting lines.
func (p *leanParser) advance(j int) {
	p.line += strings.Count(p.src[p.i:j], "\n")
	p.i = j
}

func (p *leanParser) run() {
	for p.i < len(p.src) {
		rest := p.src[p.i:]
		col0 := p.i == 0 || p.src[p.i-1] == '\n'
		switch {
		case strings.HasPrefix(rest, "/--"):
			start := p.line
			body, ok := p.comment(3)
			if !ok {
				p.issue(start, "docstring is never closed with -/")
				return
			}
			p.doc, p.hasDoc, p.afterMarker = body, true, true
		case strings.HasPrefix(rest, "/-!"):
			start := p.line
			body, ok := p.comment(3)
			if !ok {
				p.issue(start, "module docstring is never closed with -/")
				return
			}
			if !p.moduleDocSeen {
				p.moduleDocSeen = true
				p.setModuleDoc(body)
			}
		case strings.HasPrefix(rest, "/-"):
			start := p.line
			if _, ok := p.comment(2); !ok {
				p.issue(start, "comment is never closed with -/")
				return
			}
		case strings.HasPrefix(rest, "--"):
			j := strings.IndexByte(rest, '\n')
			if j < 0 {
				j = len(rest)
			}
			p.advance(p.i + j)
		case rest[0] == '"':
			p.advance(p.i + stringEnd(rest))
		case strings.HasPrefix(rest, "@["):
			start := p.line
			j, ok := bracketEnd(rest)
			if !ok {
				p.issue(start, "attribute is never closed with ]")
				return
			}
			if p.attrs == "" {
				p.attrLine = start
			} else {
				p.attrs += ", "
			}
			p.attrs += rest[2 : j-1]
			p.afterMarker = true
			p.advance(p.i + j)
		case rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\r' || rest[0] == '\n':
			p.advance(p.i + 1)
		default:
			r, size := utf8.DecodeRuneInString(rest)
			if !isIdentRune(r) {
				if col0 || p.afterMarker {
					p.clearPending()
				}
				p.advance(p.i + size)
				continue
			}
			word := rest[:identEnd(rest)]
			if !(col0 || p.afterMarker) {
				p.advance(p.i + len(word))
				continue
			}
			line := p.line
			p.advance(p.i + len(word))
			switch {
			case declModifiers[word]:
				p.afterMarker = true
			case word == "theorem" || word == "lemma":
				p.theorem(line)
			default:
				p.clearPending()
			}
		}
	}
}

// comment skips a block comment whose opening is n bytes long, honouring
// nesting, and returns its body.
func (p *leanParser) comment(n int) (string, bool) {
	depth, j := 1, p.i+n
	for j < len(p.src) {
		switch {
		case strings.HasPrefix(p.src[j:], "/-"):
			depth++
			j += 2
		case strings.HasPrefix(p.src[j:], "-/"):
			depth--
			j += 2
			if depth == 0 {
				body := p.src[p.i+n : j-2]
				p.advance(j)
				return body, true
			}
		default:
			j++
		}
	}
	p.advance(len(p.src))
	return "", false
}

// theorem reads the name after the keyword and records the theorem with
// the pending docstring and attributes.
func (p *leanParser) theorem(line int) {
	rest := p.src[p.i:]
	k := len(rest) - len(strings.TrimLeft(rest, " \t"))
	name := rest[k:]
	if j := strings.IndexFunc(name, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(":({[⦃", r)
	}); j >= 0 {
		name = name[:j]
	}
	doc, hasDoc, attrs, attrLine := p.doc, p.hasDoc, p.attrs, p.attrLine
	p.clearPending()
	if name == "" {
		p.issue(line, "theorem without a name")
		return
	}
	p.advance(p.i + k + len(name))
	th := Theorem{Name: name, Line: line}
	if hasDoc {
		th.Doc = doc
	}
	if attrs != "" {
		if err := parseAttributes(attrs, &th); err != nil {
			p.issue(attrLine, "theorem %s: %v", name, err)
			return
		}
	}
	p.file.Theorems = append(p.file.Theorems, th)
}

// parseAttributes reads the category and AMS attributes of an attribute
// list (the text between @[ and ]) into th; the others are Lean's own.
func parseAttributes(attrs string, th *Theorem) error {
	for _, item := range splitTopLevel(attrs) {
		f := strings.Fields(item)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "category":
			if th.Category != "" {
				return fmt.Errorf("two category attributes")
			}
			if len(f) == 1 {
				return fmt.Errorf("category attribute without a value")
			}
			if f[1] == "research" {
				if len(f) != 3 || (f[2] != "open" && f[2] != "solved") {
					return fmt.Errorf("category research %q: want research open or research solved", strings.Join(f[2:], " "))
				}
			}
			th.Category = strings.Join(f[1:], " ")
		case "AMS":
			if len(f) == 1 {
				return fmt.Errorf("AMS attribute without a subject number")
			}
			for _, s := range f[1:] {
				n, err := strconv.Atoi(s)
				if err != nil || n < 0 || n > 99 {
					return fmt.Errorf("AMS subject %q: want a number from 0 to 99", s)
				}
				th.AMS = append(th.AMS, n)
			}
		}
	}
	return nil
}

// splitTopLevel splits an attribute list at commas outside strings and
// brackets.
func splitTopLevel(s string) []string {
	var (
		out   []string
		depth int
		start int
	)
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			i += stringEnd(s[i:]) - 1
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// stringEnd returns the length of the string literal s starts with, or
// len(s) when it is not closed.
func stringEnd(s string) int {
	for j := 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s)
}

// bracketEnd returns the length of the attribute "@[…]" s starts with.
func bracketEnd(s string) (int, bool) {
	depth := 0
	for j := 1; j < len(s); j++ {
		switch s[j] {
		case '"':
			j += stringEnd(s[j:]) - 1
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return j + 1, true
			}
		}
	}
	return 0, false
}

func isIdentRune(r rune) bool {
	return r == '_' || r == '\'' || r == '.' || r == '«' || r == '»' || r == '!' || r == '?' ||
		unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Greek, r) || unicode.IsMark(r)
}

func identEnd(s string) int {
	for j, r := range s {
		if !isIdentRune(r) {
			return j
		}
	}
	return len(s)
}

var headingRe = regexp.MustCompile(`^#\s+(.+)$`)

// setModuleDoc takes the heading, introduction and links of the file's
// module docstring.
func (p *leanParser) setModuleDoc(body string) {
	text := dedent(body)
	p.file.Links = links(text)
	var intro []string
	inRefs := false
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if m := headingRe.FindStringSubmatch(t); m != nil && p.file.Heading == "" {
			p.file.Heading = strings.TrimSpace(m[1])
			continue
		}
		if strings.HasPrefix(t, "*Reference") {
			inRefs = true
			continue
		}
		if inRefs {
			if t == "" {
				inRefs = false
			}
			continue
		}
		intro = append(intro, l)
	}
	p.file.Intro = strings.TrimSpace(strings.Join(intro, "\n"))
}

var (
	mdLinkRe   = regexp.MustCompile(`\[([^\[\]]*)\]\((https?://[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)\)`)
	bareLinkRe = regexp.MustCompile(`https?://[^\s<>"\x60\]\[]+`)
)

// links finds the URLs in Markdown text: [text](url), <url> and bare, in
// the order they appear, once each.
func links(text string) []Link {
	type hit struct {
		at int
		l  Link
	}
	var hits []hit
	covered := map[int]bool{}
	for _, m := range mdLinkRe.FindAllStringSubmatchIndex(text, -1) {
		hits = append(hits, hit{m[0], Link{Text: strings.TrimSpace(text[m[2]:m[3]]), URL: text[m[4]:m[5]]}})
		covered[m[4]] = true
	}
	for _, m := range bareLinkRe.FindAllStringIndex(text, -1) {
		if covered[m[0]] {
			continue
		}
		u := strings.TrimRight(text[m[0]:m[1]], ".,;:!?)*_'")
		if strings.Count(text[m[0]:m[1]], "(") > strings.Count(u, "(") {
			u = text[m[0]:m[1]]
		}
		hits = append(hits, hit{m[0], Link{URL: u}})
	}
	// Order by position; few hits, so insertion sort is plenty.
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && hits[j].at < hits[j-1].at; j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	var out []Link
	seen := map[string]bool{}
	for _, h := range hits {
		if !seen[h.l.URL] {
			seen[h.l.URL] = true
			out = append(out, h.l)
		}
	}
	return out
}

// dedent removes the indentation common to the non-blank lines of s and
// the blank lines around it.
func dedent(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || n < common {
			common = n
		}
	}
	for i, l := range lines {
		if len(l) >= common && common > 0 {
			lines[i] = l[common:]
		} else if strings.TrimSpace(l) == "" {
			lines[i] = ""
		}
		lines[i] = strings.TrimRight(lines[i], " \t")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

var crossRefRe = regexp.MustCompile("\\{(?:name|lean|given|lit|module|tactic|attr|option|keyword|syntax|kw)\\}(`[^`]*`)")

// Statement turns a docstring into statement text: LaTeX and Markdown kept;
// indentation, Lean doc-gen roles ({name}`x` is `x`) and TODO lines of the
// maintainers removed.
func Statement(doc string) string {
	text := crossRefRe.ReplaceAllString(dedent(doc), "$1")
	lines := strings.Split(text, "\n")
	out := lines[:0]
	for _, l := range lines {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "TODO") || strings.HasPrefix(t, "-- TODO") {
			continue
		}
		out = append(out, l)
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// sourceLeadRe matches the start of a line that cites rather than states: "See: …",
// "See also …", "Reference: …", "*References:*", "Source: …".
var sourceLeadRe = regexp.MustCompile(`^[*_\s]*(?i:see(?:\s+also)?\s*:|see\s+also\b|references?\s*:|sources?\s*:)`)

// SplitSources takes out of statement text what cites its sources rather than states the
// problem: from a line that starts "See:", "See also", "Reference:" or "Source:" to the end
// of its paragraph, and a line that is only a link with a label (such as
// "WOWII [Conjecture 61](http://…)") standing as a paragraph or before a colon. It returns the statement and the passages taken
// out, in order. The links in them stay among the record's references (links(th.Doc)).
// When nothing would be left of the statement, it is returned as given.
func SplitSources(text string) (string, []string) {
	var (
		kept  []string
		cited []string
	)
	for _, para := range strings.Split(text, "\n\n") {
		lines := strings.Split(para, "\n")
		// A label line goes when it is the paragraph, or introduces what follows with a
		// colon; one that begins a sentence ("WOWII [Conjecture 63](…)\nasked whether …")
		// stays.
		for len(lines) > 0 && linkLabelOnly(lines[0]) &&
			(len(lines) == 1 || strings.HasSuffix(strings.TrimSpace(lines[0]), ":")) {
			cited = append(cited, strings.TrimSpace(lines[0]))
			lines = lines[1:]
		}
		for i, l := range lines {
			if sourceLeadRe.MatchString(l) {
				cited = append(cited, oneLine(strings.Join(lines[i:], " ")))
				lines = lines[:i]
				break
			}
		}
		if p := strings.TrimSpace(strings.Join(lines, "\n")); p != "" {
			kept = append(kept, strings.Join(lines, "\n"))
		}
	}
	if len(kept) == 0 {
		return text, nil
	}
	return strings.TrimSpace(strings.Join(kept, "\n\n")), cited
}

// linkLabelOnly says whether a line is one or more links with at most two words around them
// and no formula: a source label, not a sentence.
func linkLabelOnly(line string) bool {
	if strings.Contains(line, "$") || strings.Contains(line, `\(`) {
		return false
	}
	rest := mdLinkRe.ReplaceAllString(line, "")
	if rest == line {
		rest = bareLinkRe.ReplaceAllString(line, "")
		if rest == line {
			return false
		}
	}
	words := strings.FieldsFunc(rest, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsPunct(r)
	})
	return len(words) <= 2
}
