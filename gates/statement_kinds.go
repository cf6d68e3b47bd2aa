package gates

import (
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// stExpositionKinds checks that every entry has one of the four kinds and keeps its label.
func stExpositionKinds(a *stAnalysis, out *Report) {
	r := a.r
	if len(r.Exposition) == 0 {
		out.Pass(stCheckKinds, Absent("exposition"), "The record has no exposition entries, so there is no kind to check.")
		return
	}
	bad := 0
	for i, e := range r.Exposition {
		field := ExpositionField(i, "kind")
		switch {
		case !e.Kind.Valid():
			bad++
			out.Fail(stCheckKinds, Span{Field: field, Quote: string(e.Kind)},
				fmt.Sprintf("Exposition entry %d has kind %q, which is not one of DEFINITION, CONVENTION, REMARK and EXAMPLE.", i+1, string(e.Kind)),
				fmt.Sprintf("Give exposition entry %d exactly one of the kinds DEFINITION, CONVENTION, REMARK or EXAMPLE, whichever says what the entry does.", i+1))
		case e.Kind != packet.Definition && strings.TrimSpace(e.Term) != "":
			bad++
			out.NeedsHuman(stCheckKinds, Whole(ExpositionField(i, "term"), e.Term),
				fmt.Sprintf("Exposition entry %d is %s but carries the term \"%s\", as a definition would; a person must decide whether it is a definition with the wrong label.", i+1, stKindName(e.Kind), strings.TrimSpace(e.Term)),
				fmt.Sprintf("Relabel exposition entry %d as a DEFINITION if it assigns meaning to \"%s\", or remove the term.", i+1, strings.TrimSpace(e.Term)))
		case e.Kind == packet.Remark || e.Kind == packet.Example:
			low := strings.ToLower(e.Body)
			for _, cue := range stDefinitionCues {
				if j := strings.Index(low, cue); j >= 0 {
					bad++
					out.NeedsHuman(stCheckKinds, SpanOf(ExpositionField(i, "body"), e.Body, j, j+len(cue)),
						fmt.Sprintf("Exposition entry %d is %s but reads like a definition (\"%s\"); a person must decide whether it should be a DEFINITION entry naming its term.", i+1, stKindName(e.Kind), cue),
						fmt.Sprintf("If exposition entry %d assigns meaning to a term the statement uses, make it a DEFINITION entry that names the term; otherwise keep it as it is.", i+1))
					break
				}
			}
		}
	}
	if bad == 0 {
		kinds := map[packet.ExpositionKind]int{}
		for _, e := range r.Exposition {
			kinds[e.Kind]++
		}
		var parts []string
		for _, k := range []packet.ExpositionKind{packet.Definition, packet.Convention, packet.Remark, packet.Example} {
			if kinds[k] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", kinds[k], k))
			}
		}
		out.Pass(stCheckKinds, Absent("exposition"),
			fmt.Sprintf("Every exposition entry (%s) has one of the four kinds and keeps its label.", strings.Join(parts, ", ")))
	}
}
