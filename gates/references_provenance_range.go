package gates

import (
	"regexp"
	"strings"
)

// A provenance that credits a work with an object the work's own range leaves out ("the groups
// of degree 4096, classified by A and B" beside their "groups of degree less than 4096") rests
// on a source that does not cover it. The reader finds, in the provenance's attribution and
// source locator, a range that excludes a number N ("less than N", "below N", "smaller than
// N", "fewer than N") and a sentence that names a quantity at exactly N ("of degree N", "for
// order N") without asking for it ("this record asks for …", "the next degree", "beyond"),
// and asks a person whether the work covers N.

// provRangeRe finds an exclusive range; provAtRe a quantity at a number.
var (
	provRangeRe = regexp.MustCompile(`(?i)\b(?:less than|below|smaller than|fewer than|under)\s+\$?(\d[\d,]*)\b`)
	provAtRe    = regexp.MustCompile(`(?i)\b(degree|degrees|order|orders|dimension|dimensions|size|sizes|rank|ranks|genus|length|lengths|weight|level|conductor|height|characteristic|n\s*=)\s+\$?(\d[\d,]*)\b`)
	provAskRe   = regexp.MustCompile(`(?i)\b(asks?|asking|open|next|beyond|extends?|extending|remains?|target|question|problem|whether|not|no|unknown|unsettled|conjectur\w*)\b`)
)

func refsProvenanceRange(r *Revision, out *Report) int {
	texts := []Text{{fieldProvenanceAttribution, r.Provenance.Attribution}, {fieldProvenanceLocator, r.Provenance.SourceLocator}}
	excluded := map[string]bool{}
	for _, t := range texts {
		for _, m := range provRangeRe.FindAllStringSubmatch(compared(t.Body), 10) {
			excluded[strings.ReplaceAll(m[1], ",", "")] = true
		}
	}
	if len(excluded) == 0 {
		return 0
	}
	for _, t := range texts {
		body := compared(t.Body)
		for _, m := range provAtRe.FindAllStringSubmatchIndex(body, 10) {
			n := strings.ReplaceAll(body[m[4]:m[5]], ",", "")
			if !excluded[n] {
				continue
			}
			from, to := sentenceAround(body, m[0])
			if provAskRe.MatchString(body[from:to]) {
				continue
			}
			q := body[m[0]:m[1]]
			out.NeedsHuman(checkRefsRow, SpanOf(t.Field, body, m[0], m[1]),
				t.Field+" credits the source with “"+q+"”, but the provenance also gives the work's range as excluding "+n+" (“less than”, “below”); a person must confirm that the cited work covers "+n+".",
				"Name in the provenance a source that covers "+n+", or say that the record extends the work beyond its range.")
			return 1
		}
	}
	return 0
}
