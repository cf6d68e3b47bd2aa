package gates

import (
	"fmt"
	"regexp"
	"strings"
)

// A remark or an example retells who proved what as often as the references do, and it may
// credit a result to another author than the row that proves it: "Schwartz proved … that every
// obtuse angle of at most 112.3° does" beside a row of Garber, Marinov, Moore and Tokarsky whose
// note proves the 112.3° bound. The shape is a value with a decimal point that a row's relevance
// note gives after a verb by which the work obtains a result, and a sentence of the exposition
// that gives the same value, credits it to a name that is none of the row's authors ("Schwartz
// gave", "Lee showed") and names none of them. The row may retell another author's result, so
// the finding goes to a person.

// refCreditRe finds a name credited with a result in prose: "Schwartz gave", "Lee and Park
// showed".
var refCreditRe = regexp.MustCompile(`\b(\p{Lu}[\p{Ll}'’-]{2,})(?:\s+(?:and|&)\s+\p{Lu}[\p{Ll}'’-]{2,})?\s+(?:proved|proves|showed|shows|gave|gives|established|establishes|obtained|obtains|found)\b`)

// refProvesRe finds a verb by which a work obtains a result itself ("proves by a different
// method that …"); "recounts" or "surveys" retell the results of others.
var refProvesRe = regexp.MustCompile(`(?i)\b(?:proves|proved|proven|establishes|established|obtains|obtained)\b`)

// refDecimalRe finds a value with a decimal point, specific enough to name one result.
var refDecimalRe = regexp.MustCompile(`\b\d+\.\d+\b`)

// refCapitalRe finds a capitalised word, which may be a name.
var refCapitalRe = regexp.MustCompile(`\p{Lu}[\p{L}'’-]+`)

// refsResultCredits asks a person about each sentence of the exposition that credits a value a
// row proves to a name that is none of the row's authors. It returns how many it asked about.
func refsResultCredits(r *Revision, out *Report) int {
	n := 0
	for _, ref := range r.References {
		authors, _ := citationAuthors(ref.Citation)
		if len(authors) == 0 {
			continue
		}
		isAuthor := map[string]bool{}
		for _, a := range authors {
			isAuthor[a] = true
		}
		loc := refProvesRe.FindStringIndex(ref.Relevance)
		if loc == nil {
			continue
		}
		values := refDecimalRe.FindAllString(ref.Relevance[loc[1]:], 4)
		for j, e := range r.Exposition {
			for _, b := range stSentenceBounds(e.Body) {
				s := e.Body[b[0]:b[1]]
				names := false
				for _, w := range refCapitalRe.FindAllString(s, -1) {
					names = names || isAuthor[refNameKey(w)]
				}
				if names {
					continue
				}
				for _, v := range values {
					at := strings.Index(s, v)
					if at < 0 || !hasNumber(s, v) {
						continue
					}
					m := refCreditRe.FindStringSubmatchIndex(s)
					if m == nil || m[0] > at || stStopWords[strings.ToLower(s[m[2]:m[3]])] {
						continue
					}
					n++
					field := ExpositionField(j, "body")
					out.NeedsHuman(checkRefsRow, SpanOf(field, e.Body, b[0]+m[0], b[0]+m[1]),
						fmt.Sprintf("%s credits the result with %s to %s, but the row of %s proves it (“%s”) and the sentence names none of its authors; a person must confirm who proved it.",
							field, v, s[m[2]:m[3]], clipText(ref.Citation, 60), clipText(ref.Relevance[loc[0]:], 80)),
						"Credit the result to the authors of the work that proves it, or cite the work of the author named.")
					if n >= maxRefFindings {
						return n
					}
					break
				}
			}
		}
	}
	return n
}
