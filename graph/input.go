package graph

import (
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// content is the content fields shared by submit and revise.
type content struct {
	Title, Statement string
	Exposition       []*packet.ExpositionEntry
	Acceptance       *packet.Acceptance
	Provenance       *packet.Provenance
	References       []*policy.ReferenceInput
	ReferenceSearch  *packet.ReferenceSearch
	Tags             []string
	HeroBrief        *string
	Hero             *packet.Hero
	OpenStatus       *packet.OpenStatus
	Computation      *packet.Computation
}

func submitContent(in model.SubmitProblemInput) content {
	return content{in.Title, in.Statement, in.Exposition, in.Acceptance, in.Provenance, in.References,
		in.ReferenceSearch, in.Tags, in.HeroBrief, in.Hero, in.OpenStatus, in.Computation}
}

func reviseContent(in model.ReviseProblemInput) content {
	return content{in.Title, in.Statement, in.Exposition, in.Acceptance, in.Provenance, in.References,
		in.ReferenceSearch, in.Tags, in.HeroBrief, in.Hero, in.OpenStatus, in.Computation}
}

// problemInput maps the content to the policy's input; the deprecated heroBrief counts when
// hero is not given.
func (c content) problemInput() policy.ProblemInput {
	in := policy.ProblemInput{Title: c.Title, Statement: c.Statement, Acceptance: c.Acceptance,
		Provenance: c.Provenance, ReferenceSearch: c.ReferenceSearch, Tags: c.Tags,
		Hero: deref(c.Hero), OpenStatus: deref(c.OpenStatus), Computation: c.Computation}
	if c.Hero == nil {
		in.Hero.Brief = deref(c.HeroBrief)
	}
	for _, e := range c.Exposition {
		in.Exposition = append(in.Exposition, *e)
	}
	for _, r := range c.References {
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

func derefAll[T any](ps []*T) []T {
	out := make([]T, 0, len(ps))
	for _, p := range ps {
		out = append(out, *p)
	}
	return out
}
