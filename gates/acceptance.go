package gates

import (
	"context"
	"regexp"

	"github.com/theoremdb/theoremdb/packet"
)

// Check IDs of the acceptance gate.
const (
	checkAcceptanceEvidence       = "acceptance.evidence"
	checkAcceptanceNumerical      = "acceptance.numerical"
	checkAcceptanceSearch         = "acceptance.search"
	checkAcceptanceClassification = "acceptance.classification"
	checkAcceptanceIndependent    = "acceptance.independent-check"
)

// acceptanceGate checks that the acceptance condition says what evidence settles the problem,
// with the parts its kind needs. It reads words, not mathematics: a criterion that names its
// evidence in words a reviewer recognises passes, and whether that evidence really settles the
// target is the statement reviewer's judgement, recorded by the NEEDS_HUMAN check.
var acceptanceGate = &Gate{Name: Acceptance, Version: "1", Checks: []Check{
	{ID: checkAcceptanceEvidence, Criterion: "A reviewer can say exactly what evidence would settle the problem.", Certifies: true},
	{ID: checkAcceptanceNumerical, Criterion: "Numerical targets specify precision and certification requirements.", Certifies: true},
	{ID: checkAcceptanceSearch, Criterion: "Search targets specify the search space and the witness or impossibility certificate.", Certifies: true},
	{ID: checkAcceptanceClassification, Criterion: "Classification targets specify equivalence and completeness.", Certifies: true},
	{ID: checkAcceptanceIndependent, Criterion: "A successful submission can be checked independently."},
}, run: runAcceptance}

// Field paths of the acceptance condition.
const (
	fieldAcceptanceKind        = "acceptance.kind"
	fieldAcceptanceCriterion   = "acceptance.criterion"
	fieldAcceptancePrecision   = "acceptance.precision"
	fieldAcceptanceSearchSpace = "acceptance.searchSpace"
	fieldAcceptanceCertificate = "acceptance.certificate"
	fieldAcceptanceEquivalence = "acceptance.equivalence"
)

// vagueCriterion are the words of a criterion that only restates the task ("solve the
// problem", "a complete and correct solution"): with them and the stopwords removed, a
// criterion that names its evidence has words left.
var vagueCriterion = wordSet("solve", "solves", "solved", "solving", "solution", "solutions", "problem", "problems",
	"question", "questions", "answer", "answers", "answered", "settle", "settles", "settled", "settling",
	"resolve", "resolves", "resolved", "resolution", "statement", "conjecture", "stated", "posed", "complete",
	"completely", "correct", "correctly", "valid", "full", "fully", "submission", "submissions", "accepted",
	"acceptable", "satisfactory", "work", "done", "way", "result", "results", "successful", "success",
	"approach", "attempt", "response", "good", "convincing", "reasonable", "progress", "case", "target",
	"task", "goal", "requested", "original", "final", "entire", "whole", "address", "addresses", "handle",
	"deal", "each", "every", "other", "thing", "things", "something", "anything", "everything")

// numericalEvidence are the stems by which a numerical criterion names numerical evidence; a
// numerical target whose criterion has none of them asks for something else (usually "a
// proof"), not for a value with a precision.
var numericalEvidence = []string{"bound", "value", "digit", "decimal", "precision", "error", "interval",
	"accura", "approximat", "within", "certif", "rigorous", "numeric", "comput", "estimate", "enclos",
	"≤", "<", "±", "≥", ">", "10^", "tolerance", "significant"}

// numericalTeXRelationRe is a relation written as a TeX command ("$a\le b$", "$b-a\leq 1/8$",
// "$c \pm 1/20$"): the spelling in TeX of the ≤, ≥, <, > and ± of numericalEvidence, which
// names numerical evidence as they do. A command that only starts the same ("\left",
// "\lesssim", "\gets") is none.
var numericalTeXRelationRe = regexp.MustCompile(`\\(?:leq?q?|geq?q?|leqslant|geqslant|lt|gt|pm|mp)(?:[^A-Za-z]|$)`)

// numericalComparisonRe is a comparison said in words ("at most", "no less than", "exceeds",
// "below $a$"): a criterion that compares so and names no value, bound or sign may ask for
// numbers in words or only for an argument, which a person reads.
var numericalComparisonRe = regexp.MustCompile(`(?i)\b(?:at most|at least|(?:no|not) (?:more|less|fewer|greater|larger|smaller) than|(?:less|more|fewer|greater|larger|smaller) than|exceed(?:s|ed|ing)?\b|(?:below|above)\s+(?:\$|[0-9]))`)

// criterionNamesNumbers reports whether a numerical criterion names numerical evidence: one of
// the stems of numericalEvidence, or a relation written in TeX.
func criterionNamesNumbers(c string) bool {
	return containsStem(c, numericalEvidence...) || numericalTeXRelationRe.MatchString(scanPart(c))
}

// precisionWords say how precise a numerical answer must be.
var precisionWords = []string{"exact", "decimal", "digit", "significant", "error", "precision", "tolerance",
	"within", "accura", "relative", "absolute", "ulp", "±"}

// asPossibleRe is a precision that asks for as much as can be had ("as accurate as possible"),
// which names no precision a submission can be held to.
var asPossibleRe = regexp.MustCompile(`(?i)\bas (precise|precisely|accurate|accurately|exact|good|close|tight|small|sharp)(ly)? as (possible|feasible|one can|can be)\b`)

// certificationWords say how a numerical or computational answer must be certified.
var certificationWords = []string{"certif", "rigorous", "interval arithmetic", "interval", "exact arithmetic",
	"exact rational", "exact integer", "proof", "proved", "prove", "verif", "rerun", "re-run", "reproduc",
	"checkable", "checked", "independent", "ball arithmetic", "error bound", "formal"}

// completenessWords say what makes a classification complete.
var completenessWords = []string{"complete", "exhaust", "every ", "all ", "no other", "no two", "without repetition",
	"up to", "each "}

// countingWords ask for the number of classes rather than a list of them.
var countingWords = []string{"number of", "exact value", "how many", "count", "counts", "counting", "enumeration", "enumerate"}

// artefactWords name something a second person can take and check.
var artefactWords = []string{"proof", "counterexample", "counter-example", "certificate", "witness", "explicit",
	"construction", "example", "list", "matrix", "colouring", "coloring", "graph", "polynomial", "formula",
	"factorisation", "factorization", "code", "rerun", "re-run", "checkable", "verifiable", "verified",
	"exact arithmetic", "interval arithmetic", "lean", "coq", "isabelle", "formal proof", "formalised", "formalized",
	"formalisation", "formalization", "bound",
	"value", "family", "set of", "sequence", "configuration", "disproof", "refutation", "drat", "table",
	"enumeration", "algorithm", "computation"}

func runAcceptance(_ context.Context, r *Revision, _ Env, out *Report) {
	a := r.Acceptance
	acceptanceEvidence(r, out)
	acceptanceKindFields(out, a, checkAcceptanceNumerical, packet.Numerical, "a numerical target", func() {
		acceptanceNumerical(r, out)
	})
	acceptanceKindFields(out, a, checkAcceptanceSearch, packet.Search, "a search target", func() {
		if acceptanceRequire(out, checkAcceptanceSearch, fieldAcceptanceSearchSpace, a.SearchSpace, 3,
			"the set of objects searched", "Write in acceptance.searchSpace the finite set of candidates the search ranges over (for example “all 668 × 668 matrices with entries ±1”).") {
			if !acceptanceSearchSpaceOpen(a.SearchSpace, out) {
				acceptanceBounded(a.SearchSpace, out)
			}
		}
		acceptanceRequire(out, checkAcceptanceSearch, fieldAcceptanceCertificate, a.Certificate, 3,
			"the witness or impossibility certificate", "Write in acceptance.certificate what a witness must be and how it is checked, and what certificate an impossibility claim must carry (for example a proof, or a DRAT refutation another person can check).")
		acceptanceCertifiedParameters(r, out)
	})
	acceptanceKindFields(out, a, checkAcceptanceClassification, packet.Classification, "a classification target", func() {
		acceptanceClassification(a, out)
		acceptanceEquivalenceNamed(r, out)
		acceptanceEquivalenceOrder(a.Equivalence, out)
	})
	acceptanceHeuristic(a, out)
	acceptanceConsensus(a, out)
	acceptanceReportCertified(r, out)
	acceptanceIndependent(r, out)
}

// acceptanceKindFields runs check only for the kind it belongs to, and otherwise passes it saying why.
func acceptanceKindFields(out *Report, a packet.Acceptance, id string, kind packet.AcceptanceKind, what string, check func()) {
	if a.Kind != kind {
		out.Pass(id, Absent(fieldAcceptanceKind), "The acceptance kind is "+acceptanceKindName(a.Kind)+", not "+what+", so its parts do not apply.")
		return
	}
	check()
}

func acceptanceKindName(k packet.AcceptanceKind) string {
	if k == "" {
		return "not set"
	}
	return string(k)
}

// acceptanceRequire fails id when the field is missing or a placeholder, asks a person when it
// is present but shorter than minWords (unless it names a standard equivalence, for an
// equivalence field), and passes it otherwise. It reports whether the field may be read further.
func acceptanceRequire(out *Report, id, field, text string, minWords int, what, fix string) bool {
	var named []string
	if field == fieldAcceptanceEquivalence || field == fieldComputationEquiv {
		named = standardEquivalences
	}
	switch m, why := measureField(text, minWords, named); m {
	case fieldMissing:
		out.Fail(id, spanOrAbsent(field, text), field+" "+why+", so the record does not state "+what+".", fix)
		return false
	case fieldShortUnsure:
		out.NeedsHuman(id, Whole(field, text), field+" “"+clipText(text, 80)+"” "+why+"; a person must confirm that it states "+what+".", fix)
		return false
	case fieldShortNamed:
		out.Pass(id, Whole(field, text), field+" names "+what+" in standard words: “"+clipText(text, 80)+"”.")
		return true
	}
	out.Pass(id, Whole(field, text), field+" states "+what+".")
	return true
}

func acceptanceEvidence(r *Revision, out *Report) {
	a := r.Acceptance
	if !a.Kind.Valid() {
		out.Fail(checkAcceptanceEvidence, Absent(fieldAcceptanceKind),
			"The acceptance kind is "+kindQuote(string(a.Kind), "missing")+", so the record does not say whether a proof, a value, a search result or a classification settles the problem.",
			"Set acceptance.kind to PROOF, NUMERICAL, SEARCH or CLASSIFICATION, whichever kind of evidence settles the problem.")
	}
	c := a.Criterion
	if why := placeholderReason(c, 3); why != "" {
		sp := Absent(fieldAcceptanceCriterion)
		if c != "" {
			sp = Whole(fieldAcceptanceCriterion, c)
		}
		out.Fail(checkAcceptanceEvidence, sp, "acceptance.criterion "+why+", so a reviewer cannot say what evidence settles the problem.",
			"Write in acceptance.criterion the evidence that settles the problem, for example “a proof of the statement for every n ≥ 1, or an explicit n with a certificate that it fails”.")
		return
	}
	if fieldNorm(c) == fieldNorm(r.Statement) {
		out.Fail(checkAcceptanceEvidence, Whole(fieldAcceptanceCriterion, c), "acceptance.criterion repeats the statement word for word instead of naming the evidence that settles it.",
			"Replace acceptance.criterion with the evidence that settles the statement: what a proof must establish, and what a counterexample or witness must contain and how it is checked.")
		return
	}
	if len(contentWordsOf(c, vagueCriterion)) == 0 {
		out.Fail(checkAcceptanceEvidence, Whole(fieldAcceptanceCriterion, c), "acceptance.criterion “"+clipText(c, 120)+"” only restates the task and names no evidence.",
			"Name in acceptance.criterion the evidence that settles the problem (a proof of what, a counterexample of what form, a value to what precision), not only that it must be solved.")
		return
	}
	if a.Kind.Valid() {
		out.Pass(checkAcceptanceEvidence, Whole(fieldAcceptanceCriterion, c), "acceptance.criterion names the "+string(a.Kind)+" evidence that settles the problem: “"+clipText(c, 160)+"”.")
	}
}

func kindQuote(s, empty string) string {
	if s == "" {
		return empty
	}
	return "“" + s + "”, which is not a kind"
}

func acceptanceNumerical(r *Revision, out *Report) {
	a := r.Acceptance
	ok := !acceptancePrecisionScale(r, out)
	if acceptanceWidthFromBelow(r, out) {
		ok = false
	}
	if !criterionNamesNumbers(a.Criterion) {
		ok = false
		if at := numericalComparisonRe.FindStringIndex(scanPart(a.Criterion)); at != nil {
			out.NeedsHuman(checkAcceptanceNumerical, SpanOf(fieldAcceptanceCriterion, a.Criterion, at[0], at[1]),
				"The target is numerical and acceptance.criterion “"+clipText(a.Criterion, 120)+"” compares in words (“"+a.Criterion[at[0]:at[1]]+"”) but names no value, bound, error or inequality sign; whether it asks for numbers or only for an argument is for a person to read.",
				"Name in acceptance.criterion the numbers asked for and how close they must be, for example “rationals L ≤ U with U − L ≤ 10^{-4}, L witnessed by …, U by a proof”, or change acceptance.kind to PROOF if a proof is what settles the problem.")
		} else {
			out.Fail(checkAcceptanceNumerical, Whole(fieldAcceptanceCriterion, a.Criterion),
				"The target is numerical but acceptance.criterion “"+clipText(a.Criterion, 120)+"” asks for no numerical evidence (a value, bounds or an error), only for an argument.",
				"Rewrite acceptance.criterion as numerical evidence: for example “certified bounds L ≤ x ≤ U with U − L ≤ 10^{-6}”, or change acceptance.kind to PROOF if a proof is what settles the problem.")
		}
	}
	if why := placeholderReason(a.Precision, 3); why != "" {
		ok = false
		sp := Absent(fieldAcceptancePrecision)
		if a.Precision != "" {
			sp = Whole(fieldAcceptancePrecision, a.Precision)
		}
		out.Fail(checkAcceptanceNumerical, sp, "acceptance.precision "+why+", so the record does not say how precise a numerical answer must be.",
			"Write in acceptance.precision the precision required (for example “absolute error at most 10^{-6}”) and how the value must be certified (interval or exact arithmetic, or a proof).")
	} else {
		if !containsStem(a.Precision, precisionWords...) && !textHasDigit(a.Precision) ||
			asPossibleRe.MatchString(a.Precision) && !textHasDigit(a.Precision) {
			ok = false
			out.Fail(checkAcceptanceNumerical, Whole(fieldAcceptancePrecision, a.Precision),
				"acceptance.precision “"+clipText(a.Precision, 120)+"” states no precision: no error, number of digits or exactness.",
				"State in acceptance.precision the required precision, for example “absolute error at most 10^{-6}” or “the exact value”.")
		}
		if !containsStem(a.Precision+" "+a.Certificate+" "+a.Criterion, certificationWords...) {
			ok = false
			out.Fail(checkAcceptanceNumerical, Whole(fieldAcceptancePrecision, a.Precision),
				"acceptance.precision states a precision but neither it, acceptance.certificate nor acceptance.criterion says how a value must be certified.",
				"Add to acceptance.precision how a value must be certified, for example “with a proof whose numerical parts use interval arithmetic and can be rerun”.")
		}
	}
	if ok {
		out.Pass(checkAcceptanceNumerical, Whole(fieldAcceptancePrecision, a.Precision), "The numerical target states its precision and how a value is certified.")
	}
}

func acceptanceClassification(a packet.Acceptance, out *Report) {
	if !acceptanceRequire(out, checkAcceptanceClassification, fieldAcceptanceEquivalence, a.Equivalence, 3,
		"the equivalence under which objects are classified", "Write in acceptance.equivalence when two objects count as the same (for example “equivalent when an orthogonal map carries one onto the other”) and what makes a list complete.") {
		return
	}
	if !containsStem(a.Equivalence+" "+a.Criterion, completenessWords...) {
		if h, ok := findPhrase(a.Criterion, countingWords); ok {
			// A classification answered by the number of classes is complete when the count is
			// right, which no word says; whether the count is asked as a whole is for a person.
			out.NeedsHuman(checkAcceptanceClassification, SpanOf(fieldAcceptanceCriterion, a.Criterion, h.Start, h.End),
				"acceptance.criterion asks for a count (“"+a.Criterion[h.Start:h.End]+"”) and neither it nor acceptance.equivalence says what makes the classification complete; a person must confirm that the count is of every class.",
				"Say in acceptance.equivalence that every object is counted in exactly one class, for example “every topology on X is counted once”.")
			return
		}
		out.Fail(checkAcceptanceClassification, Whole(fieldAcceptanceEquivalence, a.Equivalence),
			"Neither acceptance.equivalence nor acceptance.criterion says what makes a classification complete.",
			"Add to acceptance.equivalence the completeness requirement, for example “every object is equivalent to one on the list, and no two listed objects are equivalent”.")
	}
}

func acceptanceIndependent(r *Revision, out *Report) {
	a := r.Acceptance
	text := a.Criterion + " " + a.Certificate + " " + a.Precision + " " + a.Equivalence
	if h, ok := findPhrase(text, artefactWords); ok && placeholderReason(a.Criterion, 3) == "" {
		field, base := fieldAcceptanceCriterion, a.Criterion
		if h.Start >= len(a.Criterion) {
			field, base, h = acceptancePart(a, h)
		}
		out.Pass(checkAcceptanceIndependent, SpanOf(field, base, h.Start, h.End),
			"The acceptance condition names a checkable artefact (“"+base[h.Start:h.End]+"”) that another person can check.")
		return
	}
	out.NeedsHuman(checkAcceptanceIndependent, Whole(fieldAcceptanceCriterion, a.Criterion),
		"The acceptance condition names no artefact (a proof, a witness, a certificate, code) that a second person could check, so a machine cannot say a submission is independently checkable.",
		"Name in acceptance.criterion the artefact a successful submission hands over, for example “a proof”, “the matrix as a file”, or “code and inputs that reproduce the value”.")
}

// acceptancePart maps a hit in the joined text criterion+" "+certificate+" "+precision+" "+
// equivalence back to the field it stands in.
func acceptancePart(a packet.Acceptance, h phraseHit) (string, string, phraseHit) {
	parts := []struct{ field, text string }{{fieldAcceptanceCriterion, a.Criterion}, {fieldAcceptanceCertificate, a.Certificate},
		{fieldAcceptancePrecision, a.Precision}, {fieldAcceptanceEquivalence, a.Equivalence}}
	off := 0
	for _, p := range parts {
		if h.Start < off+len(p.text) {
			return p.field, p.text, phraseHit{h.Start - off, min(h.End-off, len(p.text)), h.Phrase}
		}
		off += len(p.text) + 1
	}
	return fieldAcceptanceCriterion, a.Criterion, phraseHit{}
}

// unboundedSpace are the words by which a search space says it has no bound.
var unboundedSpace = []string{"infinite", "infinitely", "unbounded", "arbitrary size", "arbitrarily large", "any size",
	"all sizes", "every size", "no bound", "without bound", "all positive integers", "all natural numbers",
	"all integers", "all real", "all graphs", "all finite", "every finite", "every n", "all n"}

// unboundedSpaceRe finds a size left free ("of any length", "every order", "arbitrary
// dimension") or an infinite set searched over ("the positive integers", "the natural numbers").
var unboundedSpaceRe = regexp.MustCompile(`(?i)\b((any|every|arbitrary|all|unlimited)\s+(size|sizes|length|lengths|order|orders|dimension|dimensions|degree|degrees|number of \w+)|(the\s+)?(positive|non-negative|nonnegative|natural)\s+(integers|numbers)|the\s+(integers|reals|real numbers|rationals))\b`)

// boundedSpace are the words by which a search space says it is finite without a number.
var boundedSpace = []string{"finite", "finitely many", "bounded", "at most", "up to", "below", "less than", "fixed"}

// acceptanceBounded asks a person about a search space that names no bound: the policy's search
// targets are finite ("A finite search target may qualify …"), and a space such as "all graphs"
// or "integers of any size" cannot be enumerated or certified complete.
func acceptanceBounded(space string, out *Report) {
	sp := Whole(fieldAcceptanceSearchSpace, space)
	h, ok := findPhrase(space, unboundedSpace)
	if m := unboundedSpaceRe.FindStringIndex(space); !ok && m != nil {
		h, ok = phraseHit{Start: m[0], End: m[1]}, true
	}
	if ok {
		out.NeedsHuman(checkAcceptanceSearch, SpanOf(fieldAcceptanceSearchSpace, space, h.Start, h.End),
			"acceptance.searchSpace says “"+space[h.Start:h.End]+"”, so the space searched is not bounded; a finite search target needs a finite space, and a person must confirm what bounds it.",
			"Bound acceptance.searchSpace (for example “graphs on at most 12 vertices”, “integers n ≤ 10^{12}”), or make the target a PROOF if no finite search settles it.")
		return
	}
	if textHasDigit(space) || containsStem(space, boundedSpace...) {
		return
	}
	out.NeedsHuman(checkAcceptanceSearch, sp,
		"acceptance.searchSpace “"+clipText(space, 120)+"” names no size, range or other bound, so whether the space searched is finite is not stated; a person must confirm it.",
		"State the bound of acceptance.searchSpace: the sizes, orders or ranges searched (for example “all 668 × 668 matrices with entries ±1”).")
}
