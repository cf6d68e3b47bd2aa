package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

func TestComputationalGate(t *testing.T) {
	t.Parallel()
	comp := func(f func(c *packet.Computation)) func(r *Revision) { return func(r *Revision) { f(r.Computation) } }
	var cases []gateCase
	for _, id := range []string{checkCompInstance, checkCompBruteForce, checkCompSmallCases, checkCompExact, checkCompOrigin, checkCompCode} {
		cases = append(cases, gateCase{"not computational " + id, func(r *Revision) { *r = *clean() }, nil, id, Pass})
	}
	runGateCases(t, computationalGate, computationalClean, append(cases, []gateCase{
		{"instance and equivalence", nil, nil, checkCompInstance, Pass},
		{"instance from the search space", comp(func(c *packet.Computation) { c.Instance = "" }), nil, checkCompInstance, Pass},
		{"no instance", func(r *Revision) { r.Computation.Instance, r.Acceptance.SearchSpace = "", "" }, nil, checkCompInstance, Fail},
		{"placeholder instance", comp(func(c *packet.Computation) { c.Instance = "see statement" }), nil, checkCompInstance, Fail},
		{"no equivalence", comp(func(c *packet.Computation) { c.Equivalence = "" }), nil, checkCompInstance, Fail},
		{"equivalence in two standard words", comp(func(c *packet.Computation) { c.Equivalence = "Graph isomorphism." }), nil, checkCompInstance, Pass},
		{"short equivalence a machine cannot read", comp(func(c *packet.Computation) { c.Equivalence = "Same colours." }), nil, checkCompInstance, NeedsHuman},
		{"search without computation record", func(r *Revision) { r.Computation = nil }, nil, checkCompInstance, Fail},
		{"numerical target without computation record", numericalTarget(func(r *Revision) { r.Computation = nil }), nil, checkCompInstance, Pass},
		{"numerical target with a bare computation record", numericalTarget(func(r *Revision) {
			r.Computation = &packet.Computation{Certification: "Interval arithmetic that another person can rerun."}
		}), nil, checkCompInstance, Pass},
		{"numerical target needs no brute-force argument", numericalTarget(nil), nil, checkCompBruteForce, Pass},
		{"numerical target needs no small cases", numericalTarget(nil), nil, checkCompSmallCases, Pass},
		{"numerical target needs no parameter origin", numericalTarget(nil), nil, checkCompOrigin, Pass},
		{"numerical target still needs certified evidence", numericalTarget(func(r *Revision) {
			r.Acceptance.Precision = "A Monte Carlo estimate with high confidence."
		}), nil, checkCompExact, Fail},
		{"numerical target still names its code", numericalTarget(func(r *Revision) {
			r.Computation = &packet.Computation{Code: &packet.CodeRef{Repository: "https://github.com/x/y", Revision: "main", Inputs: "n = 3", ExpectedDigest: "sha256:00"}}
		}), nil, checkCompCode, Fail},

		{"why not brute force", nil, nil, checkCompBruteForce, Pass},
		{"certified enumeration", comp(func(c *packet.Computation) { c.WhyNotBruteForce = "" }), nil, checkCompBruteForce, Pass},
		{"neither", comp(func(c *packet.Computation) { c.WhyNotBruteForce, c.Certification = "Too big.", "" }), nil, checkCompBruteForce, Fail},

		{"small cases", nil, nil, checkCompSmallCases, Pass},
		{"no small cases", comp(func(c *packet.Computation) { c.SmallCases = "" }), nil, checkCompSmallCases, Fail},
		{"small cases without a value", comp(func(c *packet.Computation) { c.SmallCases = "The small cases are easy to check by hand." }), nil, checkCompSmallCases, Fail},

		{"exact evidence", nil, nil, checkCompExact, Pass},
		{"numerical evidence suggests", func(r *Revision) {
			r.Acceptance.Certificate = "Numerical evidence suggests that no such matrix exists."
		}, nil, checkCompExact, Fail},
		{"monte carlo", comp(func(c *packet.Computation) { c.Certification = "A Monte Carlo search with high confidence." }), nil, checkCompExact, Fail},
		{"numerical evidence refused", func(r *Revision) {
			r.Acceptance.Certificate = "Numerical evidence is not enough: the witness is checked in exact integer arithmetic."
		}, nil, checkCompExact, Pass},
		{"nothing about evidence", func(r *Revision) {
			r.Acceptance.Certificate, r.Acceptance.Criterion, r.Computation.Certification = "The matrix.", "A matrix of order 668.", ""
		}, nil, checkCompExact, Fail},

		{"documented origin", nil, nil, checkCompOrigin, Pass},
		{"no origin", comp(func(c *packet.Computation) { c.ParameterOrigin = "" }), nil, checkCompOrigin, Fail},
		{"generated with a sentence of origin", func(r *Revision) { r.Generated = true }, nil, checkCompOrigin, Pass},
		{"generated and arbitrary", func(r *Revision) {
			r.Generated = true
			r.Computation.ParameterOrigin = "The parameter was chosen at random by the generator."
		}, nil, checkCompOrigin, Fail},
		{"generated with a short origin", func(r *Revision) {
			r.Generated = true
			r.Computation.ParameterOrigin = "Continues the 2005 construction."
		}, nil, checkCompOrigin, Fail},

		{"code named in full", nil, nil, checkCompCode, Pass},
		{"no code and no program", comp(func(c *packet.Computation) { c.Code = nil }), nil, checkCompCode, Pass},
		{"program without code", comp(func(c *packet.Computation) {
			c.Code = nil
			c.SmallCases = "Orders up to 64 were checked by our program."
		}), nil, checkCompCode, NeedsHuman},
		{"code on a branch", comp(func(c *packet.Computation) { c.Code.Revision = "main" }), nil, checkCompCode, Fail},
		{"code on a tag", comp(func(c *packet.Computation) { c.Code.Revision = "v1.0" }), nil, checkCompCode, Fail},
		{"code by digest", comp(func(c *packet.Computation) {
			c.Code.Revision = "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
		}), nil, checkCompCode, Pass},
		{"code without inputs", comp(func(c *packet.Computation) { c.Code.Inputs = "" }), nil, checkCompCode, Fail},
		{"code without expected output", comp(func(c *packet.Computation) { c.Code.ExpectedDigest = "TBD" }), nil, checkCompCode, Fail},
		{"code without repository", comp(func(c *packet.Computation) { c.Code.Repository = "" }), nil, checkCompCode, Fail},
	}...))
}

// numericalTarget turns the computational fixture into a numerical target with a certified
// precision and an empty computation record, then applies change.
func numericalTarget(change func(r *Revision)) func(r *Revision) {
	return func(r *Revision) {
		r.Acceptance = packet.Acceptance{Kind: packet.Numerical, Criterion: "Certified bounds L ≤ c ≤ U with U − L ≤ 10^{-3}.",
			Precision: "Absolute error at most 10^{-3}, certified by interval arithmetic that can be rerun."}
		r.Computation = &packet.Computation{}
		if change != nil {
			change(r)
		}
	}
}
