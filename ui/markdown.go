package ui

import (
	"bytes"
	"context"
	"html"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/hashicorp/golang-lru/v2/simplelru"
	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Markdown renders user text — a statement, a setup entry, a note — as Markdown with TeX.
//
// The math spans ($…$, $$…$$, \(…\), \[…\]) are set aside before Markdown reads the text, so
// that an underscore or asterisk in a formula is not emphasis, and put back afterwards as text
// for KaTeX's auto-render in the browser (ui/static/math.js renders elements marked data-math,
// and Markdown marks its own output so). Markdown is CommonMark with bare URLs linked; raw
// HTML is not parsed, so a tag in the text shows as text; headings and images are not part of
// it. The result is sanitised: links are http, https, mailto or same-site only and carry
// rel="nofollow ugc". A $ that opens no formula is kept in an element of its own, so that the
// browser's auto-render cannot pair it with a later one and swallow the text between them.
//
// The work is linear in the length of s.
func Markdown(s string) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		_, err := io.WriteString(w, MarkdownHTML(s))
		return err
	})
}

// MarkdownHTML is Markdown's output as a string.
func MarkdownHTML(s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	if out, ok := rendered.get(s); ok {
		return out
	}
	out := renderMarkdown(s)
	rendered.add(s, out)
	return out
}

// rendered keeps Markdown's recent outputs by their source: the same text
// always renders the same, and a page read again shows the same texts.
var rendered = newMarkdownMemo(16 << 20)

// markdownMemo is a least-recently-used map of sources to outputs, within
// a bound on the bytes of both.
type markdownMemo struct {
	max int

	mu    sync.Mutex
	bytes int
	lru   *simplelru.LRU[string, string]
}

func newMarkdownMemo(max int) *markdownMemo {
	m := &markdownMemo{max: max}
	m.lru, _ = simplelru.NewLRU(math.MaxInt, func(src, out string) { m.bytes -= len(src) + len(out) })
	return m
}

func (m *markdownMemo) get(src string) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lru.Get(src)
}

func (m *markdownMemo) add(src, out string) {
	n := len(src) + len(out)
	if n > m.max/64 {
		return // a long text may not crowd out the rest
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lru.Remove(src)
	m.lru.Add(strings.Clone(src), out) // not the caller's string, which may hold a larger value alive
	m.bytes += n
	for m.bytes > m.max {
		m.lru.RemoveOldest()
	}
}

func renderMarkdown(s string) string {
	src, spans := protectTeX(s)
	var buf bytes.Buffer
	buf.WriteString(`<div class="md" data-math>`)
	doc := markdownParser.Parser().Parse(text.NewReader([]byte(src)))
	var images []*ast.Image
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if linkAllowed(n.Destination) {
				n.SetAttributeString("rel", []byte("nofollow ugc"))
			}
		case *ast.AutoLink:
			if linkAllowed(n.URL([]byte(src))) {
				n.SetAttributeString("rel", []byte("nofollow ugc"))
			}
		case *ast.Image:
			images = append(images, n)
		}
		return ast.WalkContinue, nil
	})
	// An image is shown as a link to it, under its alternative text.
	for _, im := range images {
		l := ast.NewLink()
		l.Destination, l.Title = im.Destination, im.Title
		if linkAllowed(im.Destination) {
			l.SetAttributeString("rel", []byte("nofollow ugc"))
		}
		for c := im.FirstChild(); c != nil; {
			next := c.NextSibling()
			l.AppendChild(l, c)
			c = next
		}
		im.Parent().ReplaceChild(im.Parent(), im, l)
	}
	if err := markdownParser.Renderer().Render(&buf, []byte(src), doc); err != nil {
		return `<div class="md" data-math><p>` + html.EscapeString(s) + `</p></div>`
	}
	buf.WriteString(`</div>`)
	return restoreTeX(markdownPolicy.Sanitize(buf.String()), spans)
}

// linkAllowed says whether a link may keep its destination: http, https, mailto, or a path on
// this site. Anything else (javascript:, data:) loses its link and keeps its text.
func linkAllowed(dest []byte) bool {
	d := strings.ToLower(strings.TrimSpace(string(dest)))
	if i := strings.IndexAny(d, ":/?#"); i < 0 || d[i] != ':' {
		return true
	}
	return strings.HasPrefix(d, "http:") || strings.HasPrefix(d, "https:") || strings.HasPrefix(d, "mailto:")
}

var markdownParser = goldmark.New(
	goldmark.WithParser(parser.NewParser(
		// CommonMark without HTML blocks, raw inline HTML and headings.
		parser.WithBlockParsers(
			util.Prioritized(parser.NewThematicBreakParser(), 200),
			util.Prioritized(parser.NewListParser(), 300),
			util.Prioritized(parser.NewListItemParser(), 400),
			util.Prioritized(parser.NewCodeBlockParser(), 500),
			util.Prioritized(parser.NewFencedCodeBlockParser(), 700),
			util.Prioritized(parser.NewBlockquoteParser(), 800),
			util.Prioritized(parser.NewParagraphParser(), 1000),
		),
		parser.WithInlineParsers(
			util.Prioritized(parser.NewCodeSpanParser(), 100),
			util.Prioritized(parser.NewLinkParser(), 200),
			util.Prioritized(parser.NewAutoLinkParser(), 300),
			util.Prioritized(parser.NewEmphasisParser(), 500),
		),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)),
	goldmark.WithExtensions(extension.Linkify, extension.Strikethrough),
)

var markdownPolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "em", "strong", "del", "code", "pre", "ul", "ol", "li", "blockquote", "hr")
	p.AllowAttrs("start").Matching(regexp.MustCompile(`^[0-9]{1,9}$`)).OnElements("ol")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^md$`)).OnElements("div")
	p.AllowAttrs("data-math").Matching(regexp.MustCompile(`^$`)).OnElements("div")
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("title").OnElements("a")
	p.AllowAttrs("rel").Matching(regexp.MustCompile(`^nofollow ugc$`)).OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)
	p.RequireNoFollowOnLinks(true)
	return p
}()

// Private-use characters mark where a protected span stood; they never reach the page.
const (
	texOpen  = '\uE000'
	texClose = '\uE001'
)

// texSpan is a piece of the text that Markdown must not read: a formula, or a delimiter that
// opens none (lone), which is put back on its own.
type texSpan struct {
	src  string
	lone bool
}

// protectTeX replaces the math spans of s, and the delimiters that open none, by markers.
// Code spans are left to Markdown. A formula does not run past a blank line, as in TeX.
// Each failed search for a closing delimiter remembers where it stopped, so that a text of
// many unclosed delimiters costs one pass, not one per delimiter.
func protectTeX(s string) (string, []texSpan) {
	s = strings.NewReplacer(string(texOpen), "\uFFFD", string(texClose), "\uFFFD").Replace(s)
	var (
		b     strings.Builder
		spans []texSpan
		fail  = map[string]int{} // closing delimiter → the offset its last failed search reached
	)
	mark := func(sp texSpan) {
		b.WriteRune(texOpen)
		b.WriteString(strconv.Itoa(len(spans)))
		b.WriteRune(texClose)
		spans = append(spans, sp)
	}
	// find returns the offset of close at or after i, before a blank line; -1 when none.
	find := func(i int, close string, skipEscapes bool) int {
		if f, ok := fail[close]; ok && i <= f {
			return -1
		}
		for j := i; j < len(s); j++ {
			switch {
			case skipEscapes && s[j] == '\\' && j+1 < len(s) && !strings.HasPrefix(s[j:], close):
				j++
			case strings.HasPrefix(s[j:], close):
				return j
			case s[j] == '\n' && blankLineAt(s, j+1):
				fail[close] = j
				return -1
			}
		}
		fail[close] = len(s)
		return -1
	}
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '`':
			n := runLength(s, i, '`')
			fence := strings.Repeat("`", n)
			j := find(i+n, fence, false)
			for j >= 0 && runLength(s, j, '`') != n {
				j = find(j+runLength(s, j, '`'), fence, false)
			}
			if j < 0 {
				b.WriteString(fence)
				i += n
				continue
			}
			b.WriteString(s[i : j+n])
			i = j + n
		case c == '\\' && i+1 < len(s) && s[i+1] == '$':
			// TeX's literal dollar: shown as one, alone, so that it opens no formula.
			mark(texSpan{src: "$", lone: true})
			i += 2
		case c == '\\' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '['):
			close := `\)`
			if s[i+1] == '[' {
				close = `\]`
			}
			if j := find(i+2, close, true); j >= 0 {
				mark(texSpan{src: s[i : j+2]})
				i = j + 2
			} else {
				mark(texSpan{src: s[i : i+2], lone: true})
				i += 2
			}
		case c == '\\' && i+1 < len(s) && (s[i+1] == ')' || s[i+1] == ']'):
			mark(texSpan{src: s[i : i+2], lone: true})
			i += 2
		case c == '\\' && i+1 < len(s):
			// Any other escape is Markdown's; keep the pair together.
			b.WriteString(s[i : i+2])
			i += 2
		case c == '$':
			open := "$"
			if i+1 < len(s) && s[i+1] == '$' {
				open = "$$"
			}
			if j := find(i+len(open), open, true); j >= 0 && j > i+len(open) {
				mark(texSpan{src: s[i : j+len(open)]})
				i = j + len(open)
			} else {
				for range open {
					mark(texSpan{src: "$", lone: true})
				}
				i += len(open)
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), spans
}

// blankLineAt says whether the line starting at i holds only spaces and tabs.
func blankLineAt(s string, i int) bool {
	for ; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

func runLength(s string, i int, c byte) int {
	n := 0
	for i+n < len(s) && s[i+n] == c {
		n++
	}
	return n
}

// restoreTeX puts the protected spans back into the sanitised HTML, escaped as text.
func restoreTeX(h string, spans []texSpan) string {
	if len(spans) == 0 {
		return h
	}
	var b strings.Builder
	for {
		i := strings.IndexRune(h, texOpen)
		if i < 0 {
			b.WriteString(h)
			return b.String()
		}
		j := strings.IndexRune(h[i:], texClose)
		if j < 0 {
			b.WriteString(h)
			return b.String()
		}
		b.WriteString(h[:i])
		n, err := strconv.Atoi(h[i+len(string(texOpen)) : i+j])
		if err != nil || n < 0 || n >= len(spans) {
			b.WriteString("\uFFFD")
		} else if sp := spans[n]; sp.lone {
			b.WriteString(`<span class="tex-literal">` + html.EscapeString(sp.src) + `</span>`)
		} else {
			b.WriteString(html.EscapeString(sp.src))
		}
		h = h[i+j+len(string(texClose)):]
	}
}
