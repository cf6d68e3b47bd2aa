package graph

import (
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// problemInput gathers the content fields shared by submit and revise.
func problemInput(title, statement string, exposition []*packet.ExpositionEntry, acceptance *packet.Acceptance,
	provenance *packet.Provenance, refs []*policy.ReferenceInput, search *packet.ReferenceSearch, tags []string, hero *string) policy.ProblemInput {
	in := policy.ProblemInput{Title: title, Statement: statement, Acceptance: acceptance, Provenance: provenance,
		ReferenceSearch: search, Tags: tags, HeroBrief: deref(hero)}
	for _, e := range exposition {
		in.Exposition = append(in.Exposition, *e)
	}
	for _, r := range refs {
		in.References = append(in.References, *r)
	}
	return in
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
