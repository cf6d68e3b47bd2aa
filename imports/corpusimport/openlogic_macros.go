package corpusimport

import (
	"regexp"
	"strings"
	"unicode"
)

// OpenLogic's own syntax, which no TeX renderer and none of the gates
// know, expanded to the Markdown and TeX a page shows. The definitions are
// the Open Logic Project's (its sty/ files, which the content/ tree alone
// does not carry):
//
//   - terms: !!{word} is a configurable term, set in the complete text to
//     the word itself; !!a{word} puts an indefinite article before it and
//     a caret (!!^{word}, !!^a{word}) capitalises the first letter;
//   - formula metavariables: in math mode ! is active and !X looks X up in
//     the table \olgreekformulas installs (open-logic-formulas.sty); a
//     letter not in the table stays itself, as \lookup returns its input;
//   - emphasis: \emph, \textit and \textbf outside math become Markdown;
//   - cross-references: \olref to an item becomes a link to its node, to
//     a part, chapter or section a phrase naming it.

// olFormulaLetters is \olgreekformulas's table, the complete text's default.
var olFormulaLetters = map[byte]string{
	'A': `\varphi`, 'B': `\psi`, 'C': `\chi`, 'D': `\theta`, 'E': `\alpha`, 'F': `\beta`, 'G': `\gamma`,
	'H': `\delta`, 'K': `\xi`, 'L': `\zeta`, 'O': `\omega`, 'R': `\rho`, 'S': `\sigma`, 'T': `\tau`,
}

// olDivisionWords name the divisions an \olref may point to.
var olDivisionWords = map[string]string{"part": "part", "chap": "chapter", "sec": "section", "subsec": "subsection",
	"subsubsec": "subsection", "prob": "problem"}

var (
	olTerm = regexp.MustCompile(`!!(\^)?(a)?\{([^{}]*)\}`)
	// olMathEnvs are the environments whose body is math.
	olMathEnvs = []string{"equation", "equation*", "align", "align*", "gather", "gather*", "multline", "multline*",
		"eqnarray", "eqnarray*", "displaymath", "math"}
)

// olLink is how an expansion writes a cross-reference: the label and title
// of the node an item became, or ok false when the reference names no item.
type olLink func(opts, label string) (nodeLabel, title string, ok bool)

// expandOpenLogic rewrites OpenLogic's macros in s, an item's text in the
// file whose part/chapter/section path is here.
func expandOpenLogic(s, here string, link olLink) string {
	s = dropCommentMarks(s)
	s = olLists(olSelective(s))
	s = olFormula.ReplaceAllString(s, "!$1$2")
	s = olDisplayProofs(s)
	s = olRef.ReplaceAllStringFunc(s, func(m string) string {
		sub := olRef.FindStringSubmatch(m)
		if w, ok := olDivisionWords[sub[2]]; ok {
			return w + " " + olDivisionPath(here, sub[1], sub[2]) + " of the Open Logic text"
		}
		if link != nil {
			if label, title, ok := link(sub[1], sub[2]); ok {
				return "[" + strings.NewReplacer("[", `\[`, "]", `\]`).Replace(title) + "](/n/" + label + ")"
			}
		}
		return "(Open Logic " + sub[2] + ")"
	})
	return expandOLMacros(olTextAndMath(expandOLTerms(s)))
}

// expandOLTerms writes out OpenLogic's configurable terms.
func expandOLTerms(s string) string {
	return olTerm.ReplaceAllStringFunc(s, func(m string) string {
		sub := olTerm.FindStringSubmatch(m)
		w := strings.Join(strings.Fields(sub[3]), " ")
		if sub[2] == "a" {
			w = article(w) + " " + w
		}
		if sub[1] == "^" {
			w = capitalise(w)
		}
		return w
	})
}

// olDivisionPath is the path of the part, chapter or section an \olref
// names: its optional arguments fill the last places, empty ones keep the
// current file's.
func olDivisionPath(here, opts, division string) string {
	cur := strings.Split(here, "/")
	var args []string
	for _, m := range olOpt.FindAllStringSubmatch(opts, -1) {
		args = append(args, m[1])
	}
	if len(args) <= 3 {
		for i, a := range args {
			if a != "" {
				cur[3-len(args)+i] = a
			}
		}
	}
	depth := map[string]int{"part": 1, "chap": 2}[division]
	if depth == 0 {
		depth = 3
	}
	return strings.Join(cur[:depth], "/")
}

// olTextAndMath walks s once, knowing whether it is in math: in math a
// formula metavariable becomes its letter, outside math emphasis becomes
// Markdown.
//
// Outside math, OpenLogic's own macros (\indcase, \Subst, \gn, …) set
// their arguments as math, so a metavariable in a macro's argument is one
// too: the walk keeps a stack of the text's brace groups, each marked
// whether it is a macro's argument (it follows \name or another argument).
func olTextAndMath(s string) string {
	var (
		b      strings.Builder
		groups []bool // for each open brace outside math: is it a macro's argument
		prev   byte   // the last byte written outside math that was not a space
	)
	closeMath := "" // the delimiter that ends the math we are in, or ""
	for i := 0; i < len(s); {
		c := s[i]
		if closeMath == "" && c == '!' && i+1 < len(s) && s[i+1] >= 'A' && s[i+1] <= 'Z' &&
			len(groups) > 0 && groups[len(groups)-1] && (i+2 == len(s) || !isLetter(s[i+2])) {
			if sym, ok := olFormulaLetters[s[i+1]]; ok {
				b.WriteString(sym + " ")
				i += 2
				continue
			}
		}
		if closeMath == "" {
			switch c {
			case '{':
				groups = append(groups, isLetter(prev) || prev == '}' || prev == '*' || prev == '!')
			case '}':
				if len(groups) > 0 {
					groups = groups[:len(groups)-1]
				}
			}
			if c != ' ' && c != '\t' {
				prev = c
			}
		}
		if closeMath != "" {
			switch {
			case strings.HasPrefix(s[i:], closeMath):
				b.WriteString(closeMath)
				i += len(closeMath)
				closeMath = ""
			case strings.HasPrefix(s[i:], `\text{`):
				// Text inside math, whose own $…$ are math again.
				end := closingBrace(s, i+len(`\text{`))
				if end < 0 {
					b.WriteString(s[i:])
					i = len(s)
					continue
				}
				b.WriteString(`\text{` + olTextAndMath(s[i+len(`\text{`):end]) + "}")
				i = end + 1
			case c == '\\' && i+1 < len(s):
				b.WriteString(s[i : i+2])
				i += 2
			case c == '!' && i+1 < len(s) && s[i+1] >= 'A' && s[i+1] <= 'Z':
				sym, ok := olFormulaLetters[s[i+1]]
				if !ok {
					sym = s[i+1 : i+2]
				}
				b.WriteString(sym)
				if ok && i+2 < len(s) && isLetter(s[i+2]) {
					b.WriteByte(' ')
				}
				i += 2
			default:
				b.WriteByte(c)
				i++
			}
			continue
		}
		switch {
		case strings.HasPrefix(s[i:], "$$"):
			closeMath = "$$"
			b.WriteString("$$")
			i += 2
		case c == '$':
			closeMath = "$"
			b.WriteByte('$')
			i++
		case strings.HasPrefix(s[i:], `\(`):
			closeMath = `\)`
			b.WriteString(`\(`)
			i += 2
		case strings.HasPrefix(s[i:], `\[`):
			closeMath = `\]`
			b.WriteString(`\[`)
			i += 2
		case strings.HasPrefix(s[i:], `\begin{`):
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				b.WriteString(s[i:])
				i = len(s)
				continue
			}
			env := s[i+len(`\begin{`) : i+end]
			for _, m := range olMathEnvs {
				if env == m {
					closeMath = `\end{` + env + `}`
				}
			}
			b.WriteString(s[i : i+end+1])
			i += end + 1
		case c == '\\':
			if md, arg, next, ok := olEmphasis(s, i); ok {
				b.WriteString(md + olTextAndMath(strings.TrimSpace(arg)) + md)
				i = next
				continue
			}
			if i+1 < len(s) {
				b.WriteString(s[i : i+2])
				i += 2
				continue
			}
			b.WriteByte(c)
			i++
		case c == '~':
			// TeX's tie is a space that does not break; Markdown would read
			// two of them as strikethrough.
			b.WriteString("\u00a0")
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// olEmphasis reads \emph{…}, \textit{…} or \textbf{…} at i: the Markdown
// marker, the argument and the offset after it.
func olEmphasis(s string, i int) (string, string, int, bool) {
	for _, m := range []struct{ cmd, md string }{{`\emph{`, "*"}, {`\textit{`, "*"}, {`\textbf{`, "**"}} {
		if !strings.HasPrefix(s[i:], m.cmd) {
			continue
		}
		start := i + len(m.cmd)
		j := closingBrace(s, start)
		switch {
		case j < 0:
			return "", "", 0, false
		case strings.TrimSpace(s[start:j]) == "":
			return "", "", j + 1, true
		}
		return m.md, s[start:j], j + 1, true
	}
	return "", "", 0, false
}

// article is the indefinite article English puts before w.
func article(w string) string {
	if w == "" {
		return "a"
	}
	switch unicode.ToLower(rune(w[0])) {
	case 'a', 'e', 'i', 'o', 'u':
		return "an"
	}
	return "a"
}

func capitalise(w string) string {
	if w == "" {
		return w
	}
	r := []rune(w)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// olDisplayProofs rewrites a bussproofs tree set as display math, \[ …
// \DisplayProof \], as the prooftree environment that says the same: the
// tree's commands switch to text mode, so the $…$ of its labels are
// formulas of their own, not math inside math.
func olDisplayProofs(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, `\[`)
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], `\]`)
		if j < 0 {
			break
		}
		inner := s[i+2 : i+j]
		b.WriteString(s[:i])
		if k := strings.LastIndex(inner, `\DisplayProof`); k >= 0 && strings.TrimSpace(inner[k+len(`\DisplayProof`):]) == "" {
			b.WriteString(`\begin{prooftree}` + inner[:k] + `\end{prooftree}`)
		} else {
			b.WriteString(s[i : i+j+2])
		}
		s = s[i+j+2:]
	}
	b.WriteString(s)
	return b.String()
}

// closingBrace is the offset of the } that closes a group whose text
// starts at start, or -1.
func closingBrace(s string, start int) int {
	depth := 1
	for j := start; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}
