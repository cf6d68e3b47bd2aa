package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A title counts what the problem divides or collects as often as the statement does: "into
// four parts", "with three colours", "five sixth powers". When the packet counts the same kind
// of thing with another number and never with the title's, the title asks another case ("into
// four parts" over a statement and a remark about five parts), even when the title's number
// occurs elsewhere in the packet for another reason ("dimension four"). A title may abbreviate,
// so the finding goes to a person.

// stCountRe reads a count of a plural noun: a number in digits or words, not part of a
// compound number ("twenty-eight") or of a sum ("n + 1 parts"), right before the noun.
var stCountRe = regexp.MustCompile(`(?i)\b()(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\s+(\p{L}{3,}s)\b`)

// stCountAt reports whether the match m of stCountRe in text is a count standing alone: no
// hyphen, dash, point or comma joins its number to the word or number before or after it, and
// no operator precedes it.
func stCountAt(text string, m []int) bool {
	if m[5] < len(text) && (text[m[5]] == '-' || strings.HasPrefix(text[m[5]:], "–")) {
		return false
	}
	if m[4] > 0 && strings.ContainsAny(text[m[4]-1:m[4]], "-.,") || strings.HasSuffix(text[:m[4]], "–") {
		return false
	}
	before := strings.TrimRight(text[:m[4]], " ")
	return before == "" || !strings.ContainsAny(before[len(before)-1:], "+-*/^") && !strings.HasSuffix(before, "·") &&
		!strings.HasSuffix(before, "×") && !strings.HasSuffix(before, "−")
}

// stExponentRe finds an exponent in TeX: "^4", "^{12}".
var stExponentRe = regexp.MustCompile(`\^\s*\{?\s*\d+\s*\}?`)

// stCounts returns the counts text gives to the stems of plural nouns.
func stCounts(text string) map[string][]float64 {
	out := map[string][]float64{}
	text = strings.ReplaceAll(text, "$", "")
	for _, m := range stCountRe.FindAllStringSubmatchIndex(text, -1) {
		if !stCountAt(text, m) {
			continue
		}
		n, ok := stCountValue(text[m[4]:m[5]])
		if !ok {
			continue
		}
		stem := stStem(text[m[6]:m[7]])
		out[stem] = append(out[stem], n)
	}
	return out
}

// stCountValue reads a count written in digits or in words.
func stCountValue(s string) (float64, bool) {
	if v, ok := countWords[strings.ToLower(s)]; ok {
		return v, true
	}
	v, err := strconv.Atoi(s)
	return float64(v), err == nil
}

// stTitleCount finds a count in the title of a noun that the statement, the exposition, the
// acceptance and the open status count with another number and never with the title's, when
// the statement does not name the title's number at all (a parameter it may count by, outside an
// exponent).
func stTitleCount(r *Revision, out *Report) bool {
	var rest strings.Builder
	rest.WriteString(r.Statement + " \n ")
	for _, e := range r.Exposition {
		rest.WriteString(e.Body + " \n ")
	}
	rest.WriteString(r.Acceptance.Criterion + " \n " + r.OpenStatus.UnresolvedTarget + " \n " + r.OpenStatus.StrongestKnown)
	counts := stCounts(rest.String())
	// An exponent names a dimension or a power ("$\mathbb{R}^4$"), not a count.
	stmt := stExponentRe.ReplaceAllString(r.Statement, " ")
	title := strings.ReplaceAll(r.Title, "$", "")
	for _, m := range stCountRe.FindAllStringSubmatchIndex(title, 5) {
		if !stCountAt(title, m) {
			continue
		}
		n, ok := stCountValue(title[m[4]:m[5]])
		if !ok {
			continue
		}
		if num := strconv.FormatFloat(n, 'f', -1, 64); hasNumber(stmt, num) || stPhrase(strings.ToLower(stmt), strings.ToLower(title[m[4]:m[5]])) >= 0 {
			continue // the statement names the number, perhaps as a parameter ("(65, 32, 15, 16)")
		}
		noun := title[m[6]:m[7]]
		others := counts[stStem(noun)]
		if len(others) == 0 {
			continue
		}
		same := false
		for _, v := range others {
			same = same || v == n
		}
		if same {
			continue
		}
		shown := title[m[4]:m[7]]
		sp := Whole(FieldTitle, r.Title)
		if i := strings.Index(r.Title, shown); i >= 0 {
			sp = SpanOf(FieldTitle, r.Title, i, i+len(shown))
		}
		out.NeedsHuman(stCheckTitle, sp,
			fmt.Sprintf("The title counts “%s”, but the statement and its exposition count %s with %s and never with %s, so the title may ask another case than the statement; a person must compare them.", shown, noun, stCountList(others), strconv.FormatFloat(n, 'f', -1, 64)),
			"Retitle the problem with the statement's own count, or correct the statement if the title names the intended case.")
		return true
	}
	return false
}

// stCountList shows the numbers a packet counts a noun with.
func stCountList(vs []float64) string {
	seen := map[float64]bool{}
	var parts []string
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			parts = append(parts, strconv.FormatFloat(v, 'f', -1, 64))
		}
	}
	return strings.Join(parts, " or ")
}
