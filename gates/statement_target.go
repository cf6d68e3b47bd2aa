package gates

import (
	"fmt"
	"strings"
)

// stTargetPhrases ask for a truth value or a value.
var stTargetPhrases = []string{"prove", "disprove", "show that", "show there", "determine", "find", "compute",
	"calculate", "evaluate", "decide", "classify", "characterize", "characterise", "construct", "exhibit",
	"establish", "settle", "is it true", "is it the case", "does there exist", "do there exist",
	"is there", "are there", "what is", "what are", "how many", "how large", "how small",
	"how big", "how fast", "whether", "give an example", "give an explicit", "give a proof", "give a formula",
	"give a construction", "conjecture:", "conjecture that", "conjectured that"}

// stOpenEndedPhrases ask for something whose completion is a matter of degree.
var stOpenEndedPhrases = []string{"estimate", "improve", "propose", "give a better", "find a better",
	"obtain a better", "better bound", "sharpen"}

// stVaguePhrases ask only to look at something.
var stVaguePhrases = []string{"study", "studies", "studied", "investigate", "investigates", "investigated",
	"investigation", "explore", "explores", "explored", "exploration", "understand", "understanding", "examine", "examines", "discuss", "discusses",
	"analyze", "analyse", "look at", "consider the behaviour", "consider the behavior", "concerns",
	"is about", "the aim", "we are interested"}

// stAssertionWords make a sentence assert something ("… is prime", "there are infinitely many").
var stAssertionWords = stWordSet(`is are has have holds hold exists exist contains contain equals equal
	divides satisfies satisfy implies imply lies lie belongs belong converges diverges tends grows admits
	attains vanishes exceeds agrees coincides occurs appears remains becomes can cannot must will does do
	should would may behaves behave reaches reach comes come determines determine suffices suffice differs
	differ forms gives give goes approaches approach terminates terminate represents represent generates
	generate covers cover includes include avoids avoid meets meet intersects intersect`)

// stPhrase finds a phrase of whole words in low (a lower-cased prose) and returns its offset.
func stPhrase(low, phrase string) int {
	for from := 0; from < len(low); {
		i := strings.Index(low[from:], phrase)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(phrase)
		before := i == 0 || !stWordByte(low[i-1])
		after := end >= len(low) || !stWordByte(low[end]) || strings.HasSuffix(phrase, ":")
		if before && after {
			return i
		}
		from = i + 1
	}
	return -1
}

func stWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

// stDeterminateTarget checks that the statement asks for a truth value or a value.
func stDeterminateTarget(a *stAnalysis, out *Report) {
	t := a.stmt
	if strings.TrimSpace(t.src) == "" {
		out.Fail(stCheckTarget, Absent(FieldStatement), "The statement is empty, so it asks for nothing.",
			"Write the statement: the object, its parameters and the question it asks (\"Prove that …\", \"Determine …\").")
		return
	}
	low := stHideLinks(t.prose())
	if i := strings.IndexByte(low, '?'); i >= 0 {
		out.Pass(stCheckTarget, t.span(stSentenceStart(low, i), i+1), "The statement asks a question, whose answer is the target.")
		return
	}
	for _, p := range stTargetPhrases {
		i := stPhrase(low, p)
		governed := -1 // the sentence of the last governed "whether"
		for i >= 0 && p == "whether" && (stGoverned(low, i) || stSentenceStart(low, i) == governed) {
			// "investigate whether … and whether …" asks to look, not to settle.
			governed = stSentenceStart(low, i)
			next := stPhrase(low[i+len(p):], p)
			if next < 0 {
				i = -1
				break
			}
			i += len(p) + next
		}
		if i >= 0 {
			out.Pass(stCheckTarget, t.span(i, i+len(p)),
				fmt.Sprintf("The statement asks for a determinate answer: \"%s\".", strings.TrimSpace(t.src[i:i+len(p)])))
			return
		}
	}
	for _, p := range stOpenEndedPhrases {
		if i := stPhrase(low, p); i >= 0 {
			out.NeedsHuman(stCheckTarget, t.span(i, i+len(p)),
				fmt.Sprintf("The statement asks to \"%s\", which may be an open-ended request rather than a determinate value; a person must decide whether an answer would settle it.", strings.TrimSpace(t.src[i:i+len(p)])),
				"State the determinate target: the exact value or order of growth asked for (\"Determine …\"), or a bound to prove (\"Prove that … ≤ …\").")
			return
		}
	}
	for _, p := range stVaguePhrases {
		if i := stPhrase(low, p); i >= 0 {
			out.Fail(stCheckTarget, t.span(i, i+len(p)),
				fmt.Sprintf("The statement only asks to %s (\"%s\") and never asks for a truth value or a value, so no answer would settle it.", strings.Fields(p)[0], strings.TrimSpace(t.src[i:i+len(p)])),
				"Rewrite the statement as a determinate target: \"Prove or disprove that …\", \"Determine …\" or \"Find all …\", saying exactly what would settle it.")
			return
		}
	}
	// A statement without a request may still assert a proposition: its truth value is the target.
	for _, tok := range t.toks {
		if tok.kind == 'w' && stAssertionWords[tok.text] {
			out.Pass(stCheckTarget, t.whole(), "The statement asserts a proposition (it has no request, but its truth value is a determinate target).")
			return
		}
	}
	for fi := range t.tex.Formulas {
		f := &t.tex.Formulas[fi]
		if _, rels := stChain(f, stLevel(f, 0, -1).idx); len(rels) > 0 {
			out.Pass(stCheckTarget, t.span(f.Start, f.End), "The statement asserts a relation, whose truth value is the target.")
			return
		}
	}
	for _, p := range []string{"existence of", "nonexistence of", "non-existence of"} {
		if i := stPhrase(low, p); i >= 0 {
			out.Pass(stCheckTarget, t.span(i, i+len(p)),
				"The statement names an existence question (\""+strings.TrimSpace(t.src[i:i+len(p)])+" …\"), whose yes-or-no answer is the target.")
			return
		}
	}
	out.Fail(stCheckTarget, t.whole(),
		"The statement only describes: it has no question, no request such as \"prove\" or \"determine\", and asserts no proposition, so it has no truth value or requested value.",
		"Rewrite the statement as a determinate target: \"Prove or disprove that …\", \"Determine …\" or \"Find all …\", saying exactly what would settle it.")
}

// stGoverned reports whether the word at i ("whether") is the object of a vague verb earlier in
// its sentence ("we study whether").
func stGoverned(low string, i int) bool {
	from := max(stSentenceStart(low, i), i-60)
	for _, p := range stVaguePhrases {
		if stPhrase(low[from:i], p) >= 0 {
			return true
		}
	}
	return false
}

// stHideLinks blanks the URLs of a prose (bare, or the targets of Markdown links), keeping
// offsets, so that words inside an address ("…/research/…") are not read as prose.
func stHideLinks(s string) string {
	b := []byte(s)
	for _, m := range stURLRe.FindAllStringIndex(s, -1) {
		for i := m[0]; i < m[1]; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// stSentenceStart returns the offset where the sentence containing byte i starts.
func stSentenceStart(s string, i int) int {
	for j := i - 1; j > 0; j-- {
		if (s[j] == '.' || s[j] == '?' || s[j] == '!' || s[j] == '\n') && j+1 < len(s) && (s[j+1] == ' ' || s[j+1] == '\n') {
			return j + 2
		}
	}
	return 0
}
