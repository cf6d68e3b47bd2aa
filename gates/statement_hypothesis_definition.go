package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A statement that defines a term by a condition ("$X$ is *aspherical* if $\pi_k(X) = 0$ for
// every $k \ge 2$") and then supposes an object of that term with the condition denied at an
// index the definition covers ("let $L$ be aspherical … with $\pi_2(L) \ne 0$") supposes what no
// object satisfies, and its question is empty. The reader matches the defining equation
// "Q_k(X) = v" (an index letter with its lower bound in the sentence, or a number) against a
// later "Q_c(Y) ≠ v" in a sentence that calls Y by the term; whether the two are meant as read is a
// person's judgement.

// stDefiningTermRe finds a term a sentence defines in emphasis: "*aspherical*", "\emph{…}",
// "\textit{…}".
var stDefiningTermRe = regexp.MustCompile(`\*([^*]{3,40})\*|\\(?:emph|textit)\{([^}]{3,40})\}`)

// stDefiningEqRe finds "Q_k(X) = v" and stDeniedEqRe "Q_c(Y) \ne v".
var (
	stDefiningEqRe = regexp.MustCompile(`(\\?[A-Za-z]+)_\{?([a-z]|[0-9]{1,3})\}?\s*\(\s*([A-Za-z])\s*\)\s*=\s*([0-9]+)`)
	stDeniedEqRe   = regexp.MustCompile(`(\\?[A-Za-z]+)_\{?([0-9]{1,3})\}?\s*\(\s*([A-Za-z])\s*\)\s*(?:\\ne|\\neq|≠)\s*([0-9]+)`)
)

// stDefinitionHypotheses asks a person about each hypothesis that denies, for an object of a
// defined term, the equation that defines the term. It returns how many it asked about.
func stDefinitionHypotheses(statement string, out *Report) int {
	s := compared(statement)
	sents := stSentenceBounds(s)
	n := 0
	for _, d := range sents {
		sent := s[d[0]:d[1]]
		tm := stDefiningTermRe.FindStringSubmatch(sent)
		if tm == nil || !strings.Contains(sent, " if ") {
			continue
		}
		term := strings.ToLower(strings.TrimSpace(tm[1] + tm[2]))
		for _, eq := range stDefiningEqRe.FindAllStringSubmatch(sent, 4) {
			head, idx, value := eq[1], eq[2], eq[4]
			lo, exact := 0, -1
			if v, err := strconv.Atoi(idx); err == nil {
				exact = v
			} else if m := regexp.MustCompile(`\b` + idx + `\s*(?:\\ge|\\geq|≥)\s*([0-9]+)`).FindStringSubmatch(sent); m != nil {
				lo, _ = strconv.Atoi(m[1])
			} else {
				continue
			}
			for _, h := range sents {
				if h == d || n >= 2 {
					continue
				}
				hs := s[h[0]:h[1]]
				if !strings.Contains(strings.ToLower(hs), term) {
					continue
				}
				for _, m := range stDeniedEqRe.FindAllStringSubmatchIndex(hs, 4) {
					c, _ := strconv.Atoi(hs[m[4]:m[5]])
					if hs[m[2]:m[3]] != head || hs[m[8]:m[9]] != value || exact >= 0 && c != exact || exact < 0 && c < lo {
						continue
					}
					// The object denied the equation is the one called by the term: the term
					// stands between its letter and the formula ("let $L$ be aspherical … with").
					obj := strings.Index(hs, "$"+hs[m[6]:m[7]]+"$")
					if obj < 0 || obj > m[0] || !strings.Contains(strings.ToLower(hs[obj:m[0]]), term) {
						continue
					}
					n++
					sp := SpanOf(FieldStatement, statement, h[0]+m[0], h[0]+m[1])
					out.NeedsHuman(stCheckDomain, sp,
						fmt.Sprintf("The statement defines “%s” by %s and then supposes an object that is %s with %s, which the definition excludes: no object satisfies the hypotheses, so the question may be empty; a person must confirm what is meant.", term, eq[0], term, sp.Quote),
						"Correct the hypothesis or the definition so that some object satisfies the hypotheses.")
					break
				}
			}
		}
	}
	return n
}

// stSentenceBounds splits a text into sentences at ". ", "? " and "! ".
func stSentenceBounds(s string) [][2]int {
	var out [][2]int
	start := 0
	for i := 0; i < len(s); i++ {
		if (s[i] == '.' || s[i] == '?' || s[i] == '!') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n') {
			out = append(out, [2]int{start, i + 1})
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, [2]int{start, len(s)})
	}
	return out
}
