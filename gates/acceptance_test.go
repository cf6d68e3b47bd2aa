package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

func TestAcceptanceGate(t *testing.T) {
	t.Parallel()
	lebesgue := func(r *Revision) {
		r.Acceptance = packet.Acceptance{Kind: packet.Numerical,
			Criterion: "Certified bounds L ≤ α ≤ U with U − L ≤ 10^{-3}.",
			Precision: "Absolute error at most 10^{-3}. The lower bound needs a proof whose numerical parts use exact or interval arithmetic and can be rerun."}
	}
	kissing := func(r *Revision) {
		r.Acceptance = packet.Acceptance{Kind: packet.Classification,
			Criterion:   "A complete list of the kissing configurations of 24 unit vectors in ℝ^4, up to equivalence, with a proof that the list is complete.",
			Equivalence: "Two configurations are equivalent when an orthogonal transformation of ℝ^4 maps one onto the other."}
	}
	runGateCases(t, acceptanceGate, clean, []gateCase{
		{"proof criterion", nil, nil, checkAcceptanceEvidence, Pass},
		{"imported criterion", func(r *Revision) { r.Acceptance.Criterion = "A proof of the statement or of its negation" }, nil, checkAcceptanceEvidence, Pass},
		{"placeholder criterion", func(r *Revision) { r.Acceptance.Criterion = "TBD" }, nil, checkAcceptanceEvidence, Fail},
		{"empty criterion", func(r *Revision) { r.Acceptance.Criterion = "" }, nil, checkAcceptanceEvidence, Fail},
		{"two words", func(r *Revision) { r.Acceptance.Criterion = "A proof." }, nil, checkAcceptanceEvidence, Fail},
		{"restates the task", func(r *Revision) { r.Acceptance.Criterion = "A complete and correct solution of the problem." }, nil, checkAcceptanceEvidence, Fail},
		{"copies the statement", func(r *Revision) { r.Acceptance.Criterion = r.Statement }, nil, checkAcceptanceEvidence, Fail},
		{"no kind", func(r *Revision) { r.Acceptance.Kind = "" }, nil, checkAcceptanceEvidence, Fail},

		{"numerical does not apply", nil, nil, checkAcceptanceNumerical, Pass},
		{"numerical complete", lebesgue, nil, checkAcceptanceNumerical, Pass},
		{"numerical without precision", func(r *Revision) { lebesgue(r); r.Acceptance.Precision = "" }, nil, checkAcceptanceNumerical, Fail},
		{"numerical placeholder precision", func(r *Revision) { lebesgue(r); r.Acceptance.Precision = "n/a" }, nil, checkAcceptanceNumerical, Fail},
		{"numerical with a proof criterion", func(r *Revision) { lebesgue(r); r.Acceptance.Criterion = "A proof of the statement." }, nil, checkAcceptanceNumerical, Fail},
		{"numerical without certification", func(r *Revision) {
			r.Acceptance = packet.Acceptance{Kind: packet.Numerical, Criterion: "The value of α to three decimals.", Precision: "Absolute error at most 10^{-3}."}
		}, nil, checkAcceptanceNumerical, Fail},
		{"numerical precision says nothing", func(r *Revision) {
			lebesgue(r)
			r.Acceptance.Precision = "Good enough to convince the community."
		}, nil, checkAcceptanceNumerical, Fail},

		{"search does not apply", nil, nil, checkAcceptanceSearch, Pass},
		{"search complete", func(r *Revision) { *r = *computationalClean() }, nil, checkAcceptanceSearch, Pass},
		{"search without space", func(r *Revision) { *r = *computationalClean(); r.Acceptance.SearchSpace = "" }, nil, checkAcceptanceSearch, Fail},
		{"search space same as statement", func(r *Revision) { *r = *computationalClean(); r.Acceptance.SearchSpace = "Same as statement." }, nil, checkAcceptanceSearch, Fail},
		{"search without certificate", func(r *Revision) { *r = *computationalClean(); r.Acceptance.Certificate = "TBD" }, nil, checkAcceptanceSearch, Fail},

		{"classification does not apply", nil, nil, checkAcceptanceClassification, Pass},
		{"classification complete", kissing, nil, checkAcceptanceClassification, Pass},
		{"classification without equivalence", func(r *Revision) { kissing(r); r.Acceptance.Equivalence = "" }, nil, checkAcceptanceClassification, Fail},
		{"classification usual equivalence", func(r *Revision) { kissing(r); r.Acceptance.Equivalence = "The usual one." }, nil, checkAcceptanceClassification, Fail},
		{"classification equivalence in two standard words", func(r *Revision) { kissing(r); r.Acceptance.Equivalence = "Graph isomorphism." }, nil, checkAcceptanceClassification, Pass},
		{"classification equivalence up to rotation", func(r *Revision) { kissing(r); r.Acceptance.Equivalence = "Up to rotation." }, nil, checkAcceptanceClassification, Pass},
		{"classification short equivalence a machine cannot read", func(r *Revision) { kissing(r); r.Acceptance.Equivalence = "Same colours." }, nil, checkAcceptanceClassification, NeedsHuman},
		{"search space of any size", func(r *Revision) {
			*r = *computationalClean()
			r.Acceptance.SearchSpace = "Square matrices of any size with entries +1 and −1."
		}, nil, checkAcceptanceSearch, NeedsHuman},
		{"search space over all graphs", func(r *Revision) {
			*r = *computationalClean()
			r.Acceptance.SearchSpace = "All graphs, with vertices coloured red or blue."
		}, nil, checkAcceptanceSearch, NeedsHuman},
		{"search space over the positive integers", func(r *Revision) {
			*r = *computationalClean()
			r.Acceptance.SearchSpace = "Colourings of the positive integers with 6 colours."
		}, nil, checkAcceptanceSearch, NeedsHuman},
		{"search space of every length", func(r *Revision) {
			*r = *computationalClean()
			r.Acceptance.SearchSpace = "Sign sequences of every length with 4 distinct autocorrelations."
		}, nil, checkAcceptanceSearch, NeedsHuman},
		{"search space without a bound", func(r *Revision) {
			*r = *computationalClean()
			r.Acceptance.SearchSpace = "Square matrices with entries plus one and minus one."
		}, nil, checkAcceptanceSearch, NeedsHuman},
		{"search space bounded in words", func(r *Revision) {
			*r = *computationalClean()
			r.Acceptance.SearchSpace = "Graphs on finitely many vertices up to the order of the conjectured witness, listed in the certificate."
		}, nil, checkAcceptanceSearch, Pass},
		{"search certificate too short to judge", func(r *Revision) { *r = *computationalClean(); r.Acceptance.Certificate = "The matrix." }, nil, checkAcceptanceSearch, NeedsHuman},
		{"classification without completeness", func(r *Revision) {
			kissing(r)
			r.Acceptance.Criterion = "A classification of the configurations, with a proof."
		}, nil, checkAcceptanceClassification, Fail},

		{"names a proof", nil, nil, checkAcceptanceIndependent, Pass},
		{"names a witness", func(r *Revision) { *r = *computationalClean() }, nil, checkAcceptanceIndependent, Pass},
		{"names nothing checkable", func(r *Revision) { r.Acceptance.Criterion = "A convincing argument accepted by experts in the area." }, nil, checkAcceptanceIndependent, NeedsHuman},
		{"placeholder is not checkable", func(r *Revision) { r.Acceptance.Criterion = "TBD" }, nil, checkAcceptanceIndependent, NeedsHuman},
	})
}
