package lanes

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/tex"
)

// Reworded is the same packet reworded by the system, for the contested detector (AutoQA
// "Verify in lanes": paraphrase flips). The prose of the title, the statement, the exposition
// and the acceptance criterion is rewritten by Reword — fixed synonyms and sentence forms that
// keep the meaning — and the references, the gates' outcomes, the claims and the evidence come
// in the reverse order. Math, code, quotations, citations, links, identifiers and numbers are
// never touched, nor is the order of the setup (a definition may rest on the one before it), so
// a lane whose recommendation differs on it is reading the wording, not the packet: the item is
// contested.
func (in PanelInput) Reworded() PanelInput {
	out := in
	out.Packet.Title = Reword(in.Packet.Title)
	out.Packet.Statement = Reword(in.Packet.Statement)
	out.Packet.Exposition = slices.Clone(in.Packet.Exposition)
	for i := range out.Packet.Exposition {
		out.Packet.Exposition[i].Body = Reword(out.Packet.Exposition[i].Body)
	}
	out.Packet.Acceptance.Criterion = Reword(in.Packet.Acceptance.Criterion)
	out.Packet.References = slices.Clone(in.Packet.References)
	slices.Reverse(out.Packet.References)
	out.Gates = slices.Clone(in.Gates)
	slices.Reverse(out.Gates)
	out.Claims = slices.Clone(in.Claims)
	slices.Reverse(out.Claims)
	out.Evidence = slices.Clone(in.Evidence)
	slices.Reverse(out.Evidence)
	return out
}

// A rewording rule: the words it matches (lower case; "*" stands for any one token, such as a
// formula, and is carried over as written), what it writes for them, and whether it applies
// only at the start of a sentence (an imperative or a question).
type rewording struct {
	from    []string
	to      []string
	opening bool
}

func rule(from, to string, opening bool) rewording {
	return rewording{from: strings.Fields(from), to: strings.Fields(to), opening: opening}
}

// rewordings are the system's rewordings, each of which keeps the meaning of mathematical
// prose. At each place the longest rule that matches applies, once: what one rule wrote is
// never read by another, so rules may swap two phrasings. A rule whose words equal its
// replacement guards an idiom that a shorter rule would change ("each other").
var rewordings = []rewording{
	// Sentence forms.
	rule("prove that", "show that", true),
	rule("show that", "prove that", true),
	rule("prove or disprove", "prove or refute", true),
	rule("is it true that", "does it hold that", true),
	rule("does it hold that", "is it true that", true),
	rule("determine whether", "decide whether", true),
	rule("decide whether", "determine whether", true),
	rule("determine", "find", true),
	rule("find", "determine", true),
	rule("is there", "does there exist", true),
	rule("does there exist", "is there", true),
	rule("let * be", "take * to be", false),
	rule("it is conjectured that", "the conjecture is that", false),
	rule("it is unknown whether", "it is not known whether", false),
	rule("it is not known whether", "it is open whether", false),
	rule("is called", "is said to be", false),
	rule("are called", "are said to be", false),
	// Phrases.
	rule("there exists", "there is", false),
	rule("there exist", "there are", false),
	rule("there is", "there exists", false),
	rule("for all", "for every", false),
	rule("for every", "for each", false),
	rule("for each", "for every", false),
	rule("for every other", "for every other", false),
	rule("for each other", "for each other", false),
	rule("such that", "with the property that", false),
	rule("if and only if", "exactly when", false),
	rule("iff", "if and only if", false),
	rule("precisely when", "exactly when", false),
	rule("whether or not", "whether", false),
	rule("at least", "no fewer than", false),
	rule("at most", "no more than", false),
	rule("in other words", "that is", false),
	rule("for example", "for instance", false),
	rule("for instance", "for example", false),
	// Words.
	rule("moreover", "furthermore", false),
	rule("furthermore", "moreover", false),
	rule("therefore", "hence", false),
	rule("hence", "therefore", false),
	rule("thus", "hence", false),
	rule("however", "nevertheless", false),
	rule("suppose", "assume", false),
	rule("assume", "suppose", false),
	rule("arbitrary", "any", false),
	rule("obtain", "get", false),
	rule("equivalently", "put another way", false),
}

// protected are the spans of prose Reword never touches besides math: code, links and
// addresses, TeX commands with their arguments (\cite, \ref, \emph), bracketed citations,
// quotations and HTML.
var protected = regexp.MustCompile("(?s)```.*?```" + "|`[^`\n]*`" +
	`|https?://[^\s)>\]]+|www\.[^\s)>\]]+|\]\([^)\n]*\)|<[^<>\n]+>` +
	`|\\[A-Za-z@]+\*?(?:\[[^\]\n]*\])?(?:\{[^{}\n]*\})*` +
	`|"[^"\n]*"|“[^”]*”`)

// citation is a bracketed citation ([3], [Guy, D11]); followed by "(" it is a link's text,
// which is prose.
var citation = regexp.MustCompile(`\[[^\[\]\n]*\]`)

// token is one piece of a text as Reword reads it: a word it may reword, a fixed piece (a
// formula, an identifier, a number, anything protected), white space or punctuation.
type token struct {
	text string
	kind byte // 'w' word, 'f' fixed, 's' space, 'p' punctuation
}

// Reword rewrites the prose of s with the system's rewordings, deterministically. Math spans
// (as the TeX reader finds them), code, links, citations, quotations, identifiers and numbers
// come out as they went in; a text whose TeX does not read is returned unchanged, since its
// math cannot be told from its prose.
func Reword(s string) string {
	toks, ok := tokenize(s)
	if !ok {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(toks); {
		r, n := match(toks, i)
		if n == 0 {
			b.WriteString(toks[i].text)
			i++
			continue
		}
		b.WriteString(apply(r, toks[i:i+n]))
		i += n
	}
	return b.String()
}

// tokenize splits s into tokens; ok is false when its TeX does not read.
func tokenize(s string) ([]token, bool) {
	doc, err := tex.Read(s)
	if err != nil {
		return nil, false
	}
	fixed := make([]bool, len(s))
	for _, f := range doc.Formulas {
		for k := f.Start; k < f.End && k < len(s); k++ {
			fixed[k] = true
		}
	}
	for _, m := range protected.FindAllStringIndex(s, -1) {
		for k := m[0]; k < m[1]; k++ {
			fixed[k] = true
		}
	}
	for _, m := range citation.FindAllStringIndex(s, -1) {
		if m[1] < len(s) && s[m[1]] == '(' {
			continue // a link's text is prose; its target is protected above
		}
		for k := m[0]; k < m[1]; k++ {
			fixed[k] = true
		}
	}
	var out []token
	for i := 0; i < len(s); {
		if fixed[i] {
			j := i
			for j < len(s) && fixed[j] {
				j++
			}
			out = append(out, token{s[i:j], 'f'})
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		switch {
		case unicode.IsSpace(r):
			for j < len(s) && !fixed[j] {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				j += n
			}
			out = append(out, token{s[i:j], 's'})
		case isWordRune(r):
			for j < len(s) && !fixed[j] {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(r2) {
					break
				}
				j += n
			}
			out = append(out, token{s[i:j], 'w'})
		default:
			out = append(out, token{s[i:j], 'p'})
		}
		i = j
	}
	return classify(out), true
}

// isWordRune is a rune of a word or of an identifier: a letter, a digit or a joiner.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '\'' || r == '’'
}

// classify marks as fixed every word that may name something rather than say something: one
// holding a digit, an underscore or a capital after its first letter (an identifier, a number,
// an acronym), one joined to its neighbour by a hyphen, and one written against a fixed piece
// or inside a dotted or colon-joined name (e.g., arXiv:1234, $n$-th).
func classify(toks []token) []token {
	for i, t := range toks {
		if t.kind != 'w' {
			continue
		}
		plain := true
		for k, r := range t.text {
			if !unicode.IsLetter(r) || k > 0 && unicode.IsUpper(r) {
				plain = false
				break
			}
		}
		if i > 0 && !attachable(toks[i-1], true) || i+1 < len(toks) && !attachable(toks[i+1], false) ||
			i+2 < len(toks) && toks[i+1].kind == 'p' && strings.ContainsAny(toks[i+1].text, ".:/@") && toks[i+2].kind != 's' {
			plain = false
		}
		if !plain {
			toks[i].kind = 'f'
		}
	}
	return toks
}

// attachable reports whether a word may stand next to t and still be a word of the prose:
// space, or punctuation that opens (before) or closes (after) a phrase.
func attachable(t token, before bool) bool {
	switch t.kind {
	case 's':
		return true
	case 'p':
		if before {
			return strings.ContainsAny(t.text, "([“‘")
		}
		return strings.ContainsAny(t.text, ".,;:!?)]”")
	}
	return false
}

// match finds the longest rule matching the tokens from i, and how many tokens it covers.
func match(toks []token, i int) (rewording, int) {
	if toks[i].kind != 'w' {
		return rewording{}, 0
	}
	best, bestN := rewording{}, 0
	for _, r := range rewordings {
		n, ok := covers(r, toks, i)
		if !ok || n <= bestN || r.opening && !opening(toks, i) {
			continue
		}
		best, bestN = r, n
	}
	return best, bestN
}

// covers reports whether rule r matches the tokens from i (words separated by spaces only)
// and how many tokens it spans.
func covers(r rewording, toks []token, i int) (int, bool) {
	j := i
	for k, w := range r.from {
		if k > 0 {
			// Words of one phrase stand in one paragraph.
			if j >= len(toks) || toks[j].kind != 's' || strings.Count(toks[j].text, "\n") > 1 {
				return 0, false
			}
			j++
		}
		if j >= len(toks) {
			return 0, false
		}
		t := toks[j]
		switch {
		case w == "*":
			if t.kind != 'w' && t.kind != 'f' {
				return 0, false
			}
		case t.kind != 'w' || strings.ToLower(t.text) != w:
			return 0, false
		}
		j++
	}
	return j - i, true
}

// opening reports whether the token at i starts a sentence.
func opening(toks []token, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch toks[k].kind {
		case 's':
			if strings.Contains(toks[k].text, "\n") {
				return true
			}
			continue
		case 'p':
			return strings.ContainsAny(toks[k].text, ".?!:")
		}
		return false
	}
	return true
}

// apply writes rule r for the matched tokens: its words, the tokens its "*" stood for as they
// were, and the first word capitalised when the matched text's was.
func apply(r rewording, matched []token) string {
	var slots []string
	for _, t := range matched {
		if t.kind != 's' {
			slots = append(slots, t.text)
		}
	}
	out := make([]string, 0, len(r.to))
	for _, w := range r.to {
		if w == "*" {
			// The token at the same place in the match.
			out = append(out, slots[slices.Index(r.from, "*")])
			continue
		}
		out = append(out, w)
	}
	first, _ := utf8.DecodeRuneInString(matched[0].text)
	if unicode.IsUpper(first) {
		r0, n := utf8.DecodeRuneInString(out[0])
		out[0] = string(unicode.ToUpper(r0)) + out[0][n:]
	}
	return strings.Join(out, " ")
}
