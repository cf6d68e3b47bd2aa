package corpus

import (
	"context"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/gates"
)

const cpCheckMatch = "copy.match"

// copyGate is merge gate 2: the copy check of K9.4 over every body. A
// match with a record, verbatim, share-alike-nc or GFDL source blocks the
// merge with the locations to rewrite; a match with a compatible source
// (open, or share-alike as TheoremDB's own text is) passes and records the
// attribution the merged node carries.
var copyGate = &mergeGate{
	name: GateCopy, position: 2, version: "1",
	checks: map[string]string{
		cpCheckMatch: "No body matches a reference text whose licence class blocks it (record, verbatim, share-alike-nc, gfdl); a match with a compatible source is attributed.",
	},
	run: runCopy,
}

func runCopy(ctx context.Context, st *state) error {
	st.attributions = make([][]string, len(st.req.Drafts))
	for i, d := range st.req.Drafts {
		field := draftField(i, "body")
		if st.s.copies == nil {
			st.rep.unknown(cpCheckMatch, gates.Whole(field, d.Body),
				"No copy-check index is built on this server, so whether the body copies a reference text is not known.")
			continue
		}
		res, err := st.s.copies.Check(ctx, []byte(d.Body), copycheck.Markdown)
		if err != nil {
			st.rep.unknown(cpCheckMatch, gates.Whole(field, d.Body), fmt.Sprintf("The copy check did not run: %v.", err))
			continue
		}
		switch res.Verdict {
		case copycheck.VerdictBlock:
			for _, m := range res.Matches {
				if m.Verdict != copycheck.VerdictBlock {
					continue
				}
				st.rep.fail(cpCheckMatch, gates.SpanOf(field, d.Body, m.BodyStart, m.BodyEnd), "",
					fmt.Sprintf("Bytes %d to %d of draft %d's body match %s (%s, licence class %s) at bytes %d to %d (%s stage).",
						m.BodyStart, m.BodyEnd, i+1, m.Source, m.URI, m.Licence, m.SourceStart, m.SourceEnd, m.Stage),
					"Rewrite this passage in your own words; the source's licence does not allow its text here.")
			}
		case copycheck.VerdictAttribute:
			var names []string
			for _, m := range res.Matches {
				if m.Verdict == copycheck.VerdictAttribute {
					a := fmt.Sprintf("%s (%s, %s)", m.Source, m.URI, m.Licence)
					if !containsString(names, a) {
						names = append(names, a)
					}
				}
			}
			st.attributions[i] = names
			st.rep.pass(cpCheckMatch, gates.Whole(field, d.Body),
				fmt.Sprintf("Draft %d's body matches compatible sources, recorded as its attribution: %s.", i+1, strings.Join(names, "; ")))
		default:
			st.rep.pass(cpCheckMatch, gates.Whole(field, d.Body),
				fmt.Sprintf("Draft %d's body matches no reference text (thresholds %s).", i+1, res.ThresholdsVersion))
		}
	}
	return nil
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
