package gates

import (
	"fmt"
	"strings"
)

// stQuoteList renders stems for a sentence: "prime" and "gap".
func stQuoteList(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = "\"" + w + "\""
	}
	return stList(q, 6)
}

// stDeferrals are phrases that make the statement depend on a definition or a problem supplied
// elsewhere; stPointers only point elsewhere ("see [3]"), which may or may not carry the target.
var (
	stDeferrals = []string{"as defined in", "defined in [", "defined in the paper", "defined in the reference",
		"defined in the source", "defined in the article", "defined in the survey", "defined in the book",
		"defined in ref", "defined in section", "defined in \\cite", "in the sense of [", "in the sense of \\cite",
		"the problem from the reference", "the problem in the reference", "the problem from the paper",
		"the problem in the paper", "the problem stated in", "the question stated in", "the conjecture stated in",
		"stated in the reference", "stated in the paper", "stated in the source", "in the notation of", "use the notation of", "uses the notation of", "follow the notation of", "follows the notation of",
		"with the notation of", "using the notation of", "notation of the paper", "notation of the reference",
		"notation of the source", "the notation is as in", "defined elsewhere", "defined above", "defined below",
		"as above", "the previous problem", "the previous question", "the same as problem", "as in problem",
		"in the primary reference", "of the primary reference", "the cited paper", "the cited reference",
		"the cited source", "the source file"}
	stPointers = []string{"see [", "see \\cite", "see the paper", "see the reference", "see the source",
		"see the article", "see the survey", "see above", "see below", "as in [", "as in the paper",
		"as in the reference", "as in the source", "as described in", "as given in", "as stated in",
		"as introduced in", "given in [", "given in the table", "listed in [", "listed in the table", "'s table",
		"’s table", "in the table of"}
)

// stLabelWords (stems) name a problem rather than state it.
var stLabelWords = map[string]bool{stStem("conjecture"): true, stStem("hypothesis"): true, stStem("problem"): true,
	stStem("question"): true, stStem("theorem"): true}

// stFiniteVerbs make a short text a statement rather than a label.
var stFiniteVerbs = stWordSet(`is are was were has have holds hold exists exist does do can cannot must will
	equals contains divides lies satisfies implies`)

// stSelfContained checks that the target does not depend on a definition supplied elsewhere and
// is not only a label.
func stSelfContained(a *stAnalysis, out *Report) {
	t := a.stmt
	low := t.prose()
	phraseEnd := func(i, n int) int {
		end := i + n
		for end < len(low) && end < i+n+40 && low[end] != '.' && low[end] != ',' && low[end] != ';' && low[end] != ')' {
			end++
		}
		return end
	}
	for _, p := range stDeferrals {
		if i := strings.Index(low, p); i >= 0 {
			end := phraseEnd(i, len(p))
			out.Fail(stCheckSelf, t.span(i, end),
				fmt.Sprintf("The statement defers to something supplied elsewhere (\"%s\"), so read on its own it does not determine its target.", strings.TrimSpace(t.src[i:end])),
				"State the definition or the problem the statement refers to in the statement itself or in a definition entry, so that the target can be read without the source.")
			return
		}
	}
	for _, p := range stPointers {
		if i := strings.Index(low, p); i >= 0 {
			end := phraseEnd(i, len(p))
			out.NeedsHuman(stCheckSelf, t.span(i, end),
				fmt.Sprintf("The statement points elsewhere (\"%s\"); a person must confirm that the target can be read without what it points to.", strings.TrimSpace(t.src[i:end])),
				"If the statement relies on a definition or a result from the cited work, state it in the statement or in a definition entry; a citation for attribution belongs in the references.")
			return
		}
	}
	// A label alone: "Prove the twin prime conjecture."
	words := t.words(0, len(t.toks))
	asserts := strings.Contains(low, "?")
	for _, w := range words {
		asserts = asserts || stFiniteVerbs[w]
	}
	if len(t.tex.Formulas) == 0 && len(words) <= 12 && !asserts {
		for _, w := range words {
			if stLabelWords[stStem(w)] {
				out.Fail(stCheckSelf, t.whole(),
					fmt.Sprintf("The statement is only a label (\"%s\"): it names the %s without stating it.", strings.TrimSpace(t.src), w),
					"State the problem itself: its object, parameters and the question asked, in standard terms or with definition entries for any coined term.")
				return
			}
		}
	}
	out.Pass(stCheckSelf, t.whole(),
		"The statement states its target itself: it neither defers to a definition supplied elsewhere (\"as defined in …\", \"see the paper\") nor is only a label.")
}
