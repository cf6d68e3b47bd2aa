package policy

import (
	"strings"

	"github.com/theoremdb/theoremdb/ent/reference"
)

// RevisionInput is the inverse of intake: the input that would submit v's current revision as it
// stands, with its references. The revise and suggest forms start from it.
func RevisionInput(v *ProblemView) ProblemInput {
	rev := v.Revision
	acc, prov, search := rev.Acceptance, rev.Provenance, rev.ReferenceSearch
	in := ProblemInput{Title: rev.Title, Statement: rev.Statement, Exposition: rev.Exposition,
		Acceptance: &acc, Provenance: &prov, ReferenceSearch: &search,
		Tags: rev.Tags, Hero: rev.Hero, OpenStatus: rev.OpenStatus, Computation: rev.Computation}
	for _, r := range v.References {
		in.References = append(in.References, ReferenceInput{Identifier: strings.TrimPrefix(r.Source.Identifier, "url:"),
			Citation: r.Citation, Locator: r.Locator, Relevance: r.Relevance, Role: reference.Role(r.Role)})
	}
	return in
}
