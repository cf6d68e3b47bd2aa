package corpusimport

import (
	"regexp"
	"strconv"
	"strings"
)

// OpenLogic's selective typesetting and LaTeX's lists, written out as the
// text and Markdown a page shows. The definitions are the source's
// (open-logic-selective.sty): \iftag{tags}{a}{b} is a when one of the
// comma-separated tags is set, else b; \tagitem{tags}{a}{b} is \item a or
// \item b, or nothing when that text is empty; a tag notX is set exactly
// when X is not. Which tags are set is a book's configuration, which the
// content/ tree does not carry: the complete text sets every one, so its
// items read here as they do there.

// olFormula is \formula, which OpenLogic's ! stands for in math
// (open-logic-formulas.sty): \formula{A} is !A.
var olFormula = regexp.MustCompile(`\\formula\s*(?:\{\s*([A-Z])\s*\}|([A-Z]))`)

// olTagSet says whether a tag is set in the complete text.
func olTagSet(tag string) bool { return !strings.HasPrefix(strings.TrimSpace(tag), "not") }

// olTagged says whether one of a comma-separated list of tags is set.
func olTagged(tags string) bool {
	for _, t := range strings.Split(tags, ",") {
		if strings.TrimSpace(t) != "" && olTagSet(t) {
			return true
		}
	}
	return false
}

// olSelective writes out \iftag and \tagitem in s, their chosen text too.
func olSelective(s string) string { return olSelectiveAt(s, 0) }

func olSelectiveAt(s string, depth int) string {
	if depth > olMacroDepth || (!strings.Contains(s, `\iftag`) && !strings.Contains(s, `\tagitem`)) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		name, j := controlWordAt(s, i)
		if name != "iftag" && name != "tagitem" {
			b.WriteString(s[i:j])
			i = j
			continue
		}
		var args []string
		k := j
		for len(args) < 3 {
			a, next, ok := tokenArg(s, k)
			if !ok {
				break
			}
			args, k = append(args, a), next
		}
		if len(args) < 3 { // too few arguments: leave it as written
			b.WriteString(s[i:j])
			i = j
			continue
		}
		text := args[2]
		if olTagged(args[0]) {
			text = args[1]
		}
		text = olSelectiveAt(text, depth+1)
		if name == "tagitem" && strings.TrimSpace(text) != "" {
			text = `\item ` + text
		}
		b.WriteString(text)
		i = k
	}
	return b.String()
}

// controlWordAt is the name of the control word at i ("" when there is
// none) and where what starts at i ends: after the control sequence, or
// after one byte.
func controlWordAt(s string, i int) (string, int) {
	if s[i] != '\\' {
		return "", i + 1
	}
	name, j := controlSeqAt(s, i)
	if name == "" || !isLetter(name[0]) { // a control symbol
		return "", j
	}
	return name, j
}

// olListEnvs are the list environments, and whether each is numbered.
var olListEnvs = map[string]bool{"enumerate": true, "tagenumerate": true, "itemize": false, "description": false}

var olListBegin = regexp.MustCompile(`\\begin\{(enumerate|tagenumerate|itemize|description)\}`)

// olLists writes LaTeX's lists in s as Markdown lists: each \item a list
// item, numbered in an enumerate, its optional label before its text,
// nested lists indented under their item. An \item that begins a line
// outside any list (which LaTeX refuses) is taken for the list item it was
// meant as.
func olLists(s string) string { return olStrayItem.ReplaceAllString(olListsAt(s, 0), "$1- ") }

var olStrayItem = regexp.MustCompile(`(?m)^([ \t]*)\\item\b[ \t]*`)

func olListsAt(s string, depth int) string {
	if depth > olMacroDepth {
		return s
	}
	var b strings.Builder
	for {
		loc := olListBegin.FindStringSubmatchIndex(s)
		if loc == nil {
			b.WriteString(s)
			return b.String()
		}
		env := s[loc[2]:loc[3]]
		end := matchingEnd(s, loc[1], env)
		if end < 0 {
			b.WriteString(s)
			return b.String()
		}
		inner := s[loc[1]:end]
		if env == "tagenumerate" {
			if _, next, ok := tokenArg(inner, 0); ok {
				inner = inner[next:]
			}
		}
		_, inner = optionalArg(inner)
		b.WriteString(strings.TrimRight(s[:loc[0]], " \t\n"))
		b.WriteString("\n\n" + markdownList(inner, olListEnvs[env], depth) + "\n\n")
		s = strings.TrimLeft(s[end+len(`\end{`+env+`}`):], " \t\n")
	}
}

// markdownList is the Markdown of a list environment's body.
func markdownList(body string, numbered bool, depth int) string {
	var lines []string
	for k, item := range splitItems(body) {
		label, text := optionalArg(item)
		text = strings.TrimSpace(olListsAt(text, depth+1))
		marker := "-"
		if numbered {
			marker = strconv.Itoa(k+1) + "."
		}
		if label = strings.TrimSpace(label); label != "" {
			marker, text = "-", label+" "+text
		}
		pad := strings.Repeat(" ", len(marker)+1)
		var item []string
		for i, l := range strings.Split(text, "\n") {
			l = strings.TrimSpace(l)
			switch {
			case i == 0:
				item = append(item, marker+" "+l)
			case l == "":
				item = append(item, "")
			default:
				item = append(item, pad+l)
			}
		}
		lines = append(lines, strings.Join(item, "\n"))
	}
	return strings.Join(lines, "\n")
}

// splitItems splits a list's body at its own \item, not at those of
// lists nested in it or inside braces; what comes before the first is
// dropped, as LaTeX allows nothing there.
func splitItems(body string) []string {
	var items []string
	start, depth, braces := -1, 0, 0
	for i := 0; i < len(body); {
		name, j := controlWordAt(body, i)
		switch {
		case body[i] == '{':
			braces++
		case body[i] == '}':
			braces--
		case name == "begin" || name == "end":
			if env, _, ok := tokenArg(body, j); ok {
				if _, list := olListEnvs[env]; list {
					if name == "begin" {
						depth++
					} else {
						depth--
					}
				}
			}
		case name == "item" && depth == 0 && braces == 0:
			if start >= 0 {
				items = append(items, body[start:i])
			}
			start = j
		}
		i = j
	}
	if start >= 0 {
		items = append(items, body[start:])
	}
	return items
}
