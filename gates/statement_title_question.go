package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A title may share every subject word with the statement and still ask another question: it
// asks for a value ("How many models …?", "The least degree for which … fails") while the
// statement asks to prove or disprove, or it names as included the endpoints of a range the
// statement excludes ("… in dimensions four to eight" over "4 < n < 8"). Both go to a person
// with the span that differs: a title may abbreviate.

// stTitleValueRe finds a title that asks for a value: a count ("How many …"), a value ("What is
// the …", "The exact value of …"), or an extremum at which something happens ("the least degree for which …", "the
// smallest n such that …").
var stTitleValueRe = regexp.MustCompile(`(?i)\bhow\s+(?:many|large|small|big)\b|\bthe\s+exact\s+value\s+of\b|\bwhat\s+is\s+the\s+(?:value|number|size|order|least|smallest|largest|greatest|maximum|minimum)\b|\bthe\s+(?:least|smallest|largest|greatest|first|minimal|maximal|minimum|maximum)\s+(?:[\p{L}$\\{}_'’-]+\s+){0,3}?(?:for\s+which|at\s+which|in\s+which|such\s+that|where|with\s+which|whose)\b`)

// stTitleValueWords are words by which the target fields ask for a value themselves.
var stTitleValueWords = []string{"how many", "number of", "the least", "the smallest", "the largest", "the greatest",
	"the first", "the minimal", "the maximal", "the minimum", "the maximum", "the value", "the size", "count"}

// stTitleValueQuestion asks a person about a title that asks for a value while the statement
// asks only whether something holds and the target fields ask for no value. It reports whether
// it asked.
func stTitleValueQuestion(r *Revision, out *Report) bool {
	m := stTitleValueRe.FindStringIndex(r.Title)
	if m == nil || !stYesNoQuestion(strings.ToLower(stPlainWords(r.Statement))) {
		return false
	}
	if _, asks := findPhrase(stPlainWords(stTitleTarget(r)), stTitleValueWords); asks {
		return false
	}
	out.NeedsHuman(stCheckTitle, SpanOf(FieldTitle, r.Title, m[0], m[1]),
		fmt.Sprintf("The title asks for a value (“%s”), while the statement asks only whether something holds and the statement, acceptance criterion and unresolved target ask for no value, so the two may ask different questions (a title asking for the least case that fails presupposes that one does); a person must compare them.", r.Title[m[0]:m[1]]),
		"Retitle the problem after the statement's question, or ask for the value in the statement if the title names the intended problem.")
	return true
}

// stTitleRangeRe finds a range a title names with its endpoints included: "four to eight",
// "from 4 to 8", "3 through 10", "5–9", "up to 24", "at most 12".
var stTitleRangeRe = regexp.MustCompile(`(?i)\b(?:up\s+to|at\s+most|at\s+least)\s+([0-9]+|[a-z]+)\b|\b(?:from\s+)?([0-9]+|[a-z]+)\s*(?:to|through|thru|–|-)\s*([0-9]+|[a-z]+)\b`)

// stStrictRe finds a strict comparison of a letter (or a function's value) with a number in the
// statement, on either side: "4 < n", "n < 8", "c(K) < 24", "8 > n" (TeX's \lt and \gt read as
// the signs).
var stStrictRe = regexp.MustCompile(`([0-9]+)\s*(<|>)\s*[A-Za-z](?:_[A-Za-z0-9]|\b)|[A-Za-z)](?:_[A-Za-z0-9])?\s*(<|>)\s*([0-9]+)`)

// stTitleNumber reads a number a title writes in digits or in words ("eight").
func stTitleNumber(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	if strings.Trim(s, "0123456789") == "" {
		return s, true
	}
	if v, ok := countWords[strings.ToLower(s)]; ok && v >= 1 {
		return strconv.Itoa(int(v)), true
	}
	return "", false
}

// stTitleRange asks a person about a statement that excludes, by a strict inequality, an
// endpoint the title names as included ("dimensions four to eight" over "4 < n < 8", "up to 24
// crossings" over "c < 24"), when the statement never includes that endpoint otherwise. It
// reports whether it asked.
func stTitleRange(r *Revision, out *Report) bool {
	if strings.ContainsAny(r.Title, "$\\`") {
		return false
	}
	var ends []string
	for _, m := range stTitleRangeRe.FindAllStringSubmatch(r.Title, 5) {
		if c, ok := stTitleNumber(m[1]); ok {
			ends = append(ends, c) // a bound ("up to 24")
		}
		a, okA := stTitleNumber(m[2])
		b, okB := stTitleNumber(m[3])
		if okA && okB {
			ends = append(ends, a, b) // both ends of a range ("four to eight")
		}
	}
	if len(ends) == 0 {
		return false
	}
	stmt := stStatementSigns(r.Statement)
	for _, m := range stStrictRe.FindAllStringSubmatchIndex(stmt.text, 10) {
		num := ""
		if m[2] >= 0 {
			num = stmt.text[m[2]:m[3]]
		} else {
			num = stmt.text[m[8]:m[9]]
		}
		included := false
		for _, e := range ends {
			if e == num {
				included = true
			}
		}
		if !included || stIncludes(stmt.text, num) {
			continue
		}
		start := m[0]
		if stmt.text[start] == ')' {
			// A function's value ("c(K) < 24"): the span takes the function and its argument.
			if open := strings.LastIndexByte(stmt.text[:start], '('); open > 0 {
				start = open
				for start > 0 && isLetterByte(stmt.text[start-1]) {
					start--
				}
			}
		}
		from, to := stmt.offsets[start], stmt.offsets[m[1]-1]+1
		out.NeedsHuman(stCheckTitle, SpanOf(FieldStatement, r.Statement, from, to),
			fmt.Sprintf("The statement excludes %s by a strict inequality (“%s”), while the title names %s as an end of its range (“%s”), so the statement may leave out a case the title asks about; a person must compare them.",
				num, r.Statement[from:to], num, r.Title),
			"Write the statement's range with the endpoints the problem asks about (≤ rather than <), or retitle the problem after the statement's range.")
		return true
	}
	return false
}

// stSigns is a statement with TeX's comparison commands written as signs, and the offset in the
// statement of each byte of the text.
type stSigns struct {
	text    string
	offsets []int
}

var stSignCommands = []struct{ tex, sign string }{{`\leqslant`, "≤"}, {`\geqslant`, "≥"}, {`\leq`, "≤"}, {`\geq`, "≥"},
	{`\le`, "≤"}, {`\ge`, "≥"}, {`\lt`, "<"}, {`\gt`, ">"}, {"&lt;", "<"}, {"&gt;", ">"}}

func stStatementSigns(s string) stSigns {
	var b strings.Builder
	var offs []int
	for i := 0; i < len(s); {
		matched := false
		if s[i] == '\\' || s[i] == '&' {
			for _, c := range stSignCommands {
				if strings.HasPrefix(s[i:], c.tex) && (i+len(c.tex) == len(s) || !isLetterByte(s[i+len(c.tex)])) {
					b.WriteString(c.sign)
					for range len(c.sign) {
						offs = append(offs, i)
					}
					i += len(c.tex)
					matched = true
					break
				}
			}
		}
		if matched {
			continue
		}
		if s[i] == '{' || s[i] == '}' || s[i] == '$' {
			i++
			continue
		}
		b.WriteByte(s[i])
		offs = append(offs, i)
		i++
	}
	// The span ends on a whole character of the statement.
	return stSigns{text: b.String(), offsets: offs}
}

// stIncludesRes compare a letter with a number by a sign that includes it, on either side:
// "n ≤ 8", "n = 8", "4 ≤ n", "n ≥ 4", "4 ≥ n"; group 1 is the number.
var stIncludesRes = []*regexp.Regexp{
	regexp.MustCompile(`[A-Za-z](?:_[A-Za-z0-9])?\s*(?:≤|=|⩽)\s*([0-9]+)\b`),
	regexp.MustCompile(`\b([0-9]+)\s*(?:≤|=|⩽)\s*[A-Za-z]`),
	regexp.MustCompile(`[A-Za-z]\s*≥\s*([0-9]+)\b`),
	regexp.MustCompile(`\b([0-9]+)\s*≥\s*[A-Za-z]`),
}

// stIncludes reports whether text compares a letter with num (digits) by a sign that includes
// it ("n ≤ 8", "4 ≤ n", "n = 8") or names it as a case ("n = 4").
func stIncludes(text, num string) bool {
	for _, re := range stIncludesRes {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if m[1] == num {
				return true
			}
		}
	}
	return false
}
