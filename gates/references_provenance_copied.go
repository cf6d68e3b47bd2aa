package gates

import (
	"regexp"

	"github.com/theoremdb/theoremdb/packet"
)

// A provenance of kind ORIGINAL says the record's text was written for it; one whose attribution
// or rights basis says the statement reproduces a source ("copied verbatim from …", "word for
// word the open question of …") is an imported or reformulated problem under the wrong kind,
// with a copy under an original-text rights basis. The words go to a person with their span.

// provCopiedRe finds the words by which a provenance says the text reproduces a source.
var provCopiedRe = regexp.MustCompile(`(?i)\b(?:word for word|verbatim|copied (?:from|out of)|(?:is|are) copied|reproduces?\s+(?:\p{L}+\s+){0,3}?(?:text|statement|wording|words|question|problem|conjecture)|quoted (?:from|as in)|taken (?:word|verbatim|unchanged) from|in (?:the|its) (?:source's|author's|authors') own words)\b`)

// refsProvenanceCopied asks a person about an ORIGINAL provenance that says its text is
// copied from a source. It returns the number of findings.
func refsProvenanceCopied(r *Revision, out *Report) int {
	if r.Provenance.Kind != packet.Original {
		return 0
	}
	for _, t := range []Text{{fieldProvenanceAttribution, r.Provenance.Attribution}, {fieldProvenanceRights, r.Provenance.RightsBasis}} {
		m := provCopiedRe.FindStringIndex(t.Body)
		if m == nil {
			continue
		}
		sp := SpanOf(t.Field, t.Body, m[0], m[1])
		out.NeedsHuman(checkRefsRow, sp,
			t.Field+" says “"+sp.Quote+"”, that the record's text reproduces a source, while the provenance's kind is ORIGINAL, text written for this record; a person must confirm which it is.",
			"If the statement is a source's, make the provenance IMPORTED or REFORMULATION with that source and a rights basis that allows the copy; otherwise drop the words that say it is copied.")
		return 1
	}
	return 0
}
