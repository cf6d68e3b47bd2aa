package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A title names the dimension it asks about as often as the statement does: "closed contact
// three-manifolds", "a 4-dimensional polytope", "in dimension five". When the statement fixes
// another dimension ("a closed five-dimensional manifold") and never names the title's, the
// title asks another case, even when the title's number occurs elsewhere in the packet for
// another reason (a remark on the case already settled). A title may abbreviate, so the finding
// goes to a person.

// stDimensionRe reads a fixed dimension: a number in digits or words joined to "dimensional",
// "manifold", "fold", "sphere", "polytope" or "space", or after "dimension".
var stDimensionRe = regexp.MustCompile(`(?i)\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*-\s*(?:dimensional|manifolds?|folds?|spheres?|polytopes?)\b|\bdimension\s+\$?(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b`)

// stDimensions returns the dimensions text fixes, with their spans.
func stDimensions(text string) (vals []float64, spans [][2]int) {
	for _, m := range stDimensionRe.FindAllStringSubmatchIndex(text, -1) {
		g := 2
		if m[2] < 0 {
			g = 4
		}
		if v, ok := stCountValue(text[m[g]:m[g+1]]); ok {
			vals = append(vals, v)
			spans = append(spans, [2]int{m[0], m[1]})
		}
	}
	return vals, spans
}

// stTitleDimension finds a dimension the title fixes while the statement fixes only others and
// never names the title's number.
func stTitleDimension(r *Revision, out *Report) bool {
	stmt := strings.ReplaceAll(r.Statement, "$", "")
	fixed, _ := stDimensions(stmt)
	if len(fixed) == 0 {
		return false
	}
	vals, spans := stDimensions(strings.ReplaceAll(r.Title, "$", ""))
	title := strings.ReplaceAll(r.Title, "$", "")
	for i, v := range vals {
		num := strconv.FormatFloat(v, 'f', -1, 64)
		if hasNumber(stmt, num) || stWordNumberIn(stmt, v) {
			continue
		}
		shown := title[spans[i][0]:spans[i][1]]
		sp := Whole(FieldTitle, r.Title)
		if j := strings.Index(r.Title, shown); j >= 0 {
			sp = SpanOf(FieldTitle, r.Title, j, j+len(shown))
		}
		out.NeedsHuman(stCheckTitle, sp,
			fmt.Sprintf("The title names dimension %s (“%s”), but the statement fixes dimension %s and never names %s, so the title may ask another case than the statement; a person must compare them.", num, shown, stCountList(fixed), num),
			"Retitle the problem with the statement's own dimension, or correct the statement if the title names the intended case.")
		return true
	}
	return false
}

// stWordNumberIn reports whether text names v as a number word.
func stWordNumberIn(text string, v float64) bool {
	low := strings.ToLower(text)
	for w, x := range countWords {
		if x == v && stPhrase(low, w) >= 0 {
			return true
		}
	}
	return false
}
