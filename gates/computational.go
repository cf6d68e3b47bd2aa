package gates

import (
	"context"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// Check IDs of the computational gate.
const (
	checkCompInstance   = "computational.instance"
	checkCompBruteForce = "computational.brute-force"
	checkCompSmallCases = "computational.small-cases"
	checkCompExact      = "computational.exact-evidence"
	checkCompOrigin     = "computational.parameter-origin"
	checkCompCode       = "computational.code"
)

// computationalGate applies the extra checks for bounded computational problems: a finite search
// target may qualify with mathematical context and a credible certification path, and these
// checks read the record of both. The instance, brute-force, small-case and parameter-origin
// checks apply to search targets only; a numerical target, or another target with a computation
// block, is held only to exact or certified evidence and to naming its code. On other problems
// every check passes with one finding saying so.
var computationalGate = &Gate{Name: Computational, Version: "1", Checks: []Check{
	{ID: checkCompInstance, Criterion: "The instance and equivalence relation are fully specified.", Certifies: true},
	{ID: checkCompBruteForce, Criterion: "The record explains why brute force is insufficient or how a complete enumeration can be certified.", Certifies: true},
	{ID: checkCompSmallCases, Criterion: "At least one small case, incumbent, bound, or checksum tests the formulation.", Certifies: true},
	{ID: checkCompExact, Criterion: "The acceptance condition requires exact or certified evidence.", Certifies: true},
	{ID: checkCompOrigin, Criterion: "The parameter has a documented origin. Arbitrary generated parameters require a stronger explanation of the phenomenon under study.", Certifies: true},
	{ID: checkCompCode, Criterion: "Any executable claim names the code, immutable revision, inputs, and expected output or digest.", Certifies: true},
}, run: runComputational}

// weakEvidence are phrases by which an acceptance condition accepts evidence that is neither
// exact nor certified.
var weakEvidence = []string{"numerical evidence", "suggests", "suggest", "heuristic", "heuristically", "appears to",
	"seems to", "floating-point evidence", "floating point evidence", "monte carlo", "simulation", "simulations",
	"empirical evidence", "empirically", "strong evidence", "high confidence", "with high probability", "probably",
	"likely", "plausibly"}

// negations, in the sentence of a weak-evidence phrase, say that such evidence is not enough.
var compNegations = []string{"not enough", "not sufficient", "insufficient", "does not suffice", "do not suffice",
	"not accepted", "not admissible", "inadmissible", "does not count", "do not count", "is not evidence",
	"cannot settle", "does not settle", "do not settle", "no substitute", "rather than", "instead of", "never"}

// compArbitrary are how an origin says that a parameter has none.
var compArbitrary = wordSet("arbitrary", "arbitrarily", "random", "randomly", "chosen", "picked", "selected", "convenient",
	"conveniently", "round", "nice", "number", "parameter", "value", "because", "interesting", "just", "simply")

// compCodeMentions are words by which a computation record refers to a program it ran.
var compCodeMentions = []string{"our code", "our program", "the program", "a program", "script", "implementation",
	"solver", "github.com", "gitlab", "computer search", "we computed", "we ran", "sat solver", "source code"}

// smallCasesMinWords are the words computation.smallCases needs before its values are read.
const smallCasesMinWords = 2

// smallCasesRead reports whether computational.small-cases reads the values computation.smallCases
// gives against the rest of the packet (compSmallCasesAgree): on a finite search whose small
// cases say enough and give a number. Elsewhere consistency.bounds reports their conflicts.
func smallCasesRead(r *Revision) bool {
	if !r.FiniteSearch() || r.Computation == nil {
		return false
	}
	s := r.Computation.SmallCases
	m, _ := measureField(s, smallCasesMinWords, nil)
	return m == fieldAdequate && textHasDigit(s)
}

func runComputational(_ context.Context, r *Revision, _ Env, out *Report) {
	if !r.Computational() {
		for _, id := range []string{checkCompInstance, checkCompBruteForce, checkCompSmallCases, checkCompExact, checkCompOrigin, checkCompCode} {
			out.Pass(id, Absent(fieldAcceptanceKind), "Not a bounded computational problem: the target is "+acceptanceKindName(r.Acceptance.Kind)+" and the record states no computation.")
		}
		return
	}
	c := r.Computation
	if c == nil {
		c = &packet.Computation{}
	}
	if !r.FiniteSearch() {
		// The extras of a finite search do not apply; what any computational record owes —
		// exact or certified evidence, and code named in full — still does.
		// Small cases given all the same are still read for a count that another field gives
		// otherwise for the same key ("degree 32: …" against the remark's "degree 32 (…)").
		keyed := c.SmallCases != "" && smallCasesKeyedConflicts(r, c, out, maxBoundFindings) > 0
		for _, id := range []string{checkCompInstance, checkCompBruteForce, checkCompSmallCases, checkCompOrigin} {
			if id == checkCompSmallCases && keyed {
				continue
			}
			out.Pass(id, Absent(fieldAcceptanceKind), "Not a finite search target: the target is "+acceptanceKindName(r.Acceptance.Kind)+
				", so the extra checks of a finite search (instance, equivalence, brute force, small cases, parameter origin) do not apply.")
		}
		compExact(r, c, out)
		compCode(c, out)
		return
	}
	a := r.Acceptance
	need := func(id, field, text string, minWords int, what, fix string) bool {
		var named []string
		if field == fieldComputationEquiv || field == fieldAcceptanceEquivalence {
			named = standardEquivalences
		}
		switch m, why := measureField(text, minWords, named); {
		case m == fieldMissing && named != nil && strings.TrimSpace(text) == "" && searchesNumbers(c.Instance):
			// No equivalence, for an instance of numbers (a prime of a form, integers with a
			// property): distinct values are distinct answers, so there may be none to state,
			// where a search for structures up to symmetry lacks one. A person confirms.
			out.NeedsHuman(id, Absent(field), field+" is empty, and computation.instance searches numbers (“"+clipText(c.Instance, 80)+
				"”), for which distinct values are distinct answers; a person must confirm that no two candidates count as the same.", fix)
			return false
		case m == fieldMissing:
			out.Fail(id, spanOrAbsent(field, text), field+" "+why+", so the record does not state "+what+".", fix)
			return false
		case m == fieldShortUnsure:
			out.NeedsHuman(id, Whole(field, text), field+" “"+clipText(text, 80)+"” "+why+"; a person must confirm that it states "+what+".", fix)
			return false
		}
		return true
	}

	// The instance may be stated in the computation record or, for a search, as its space.
	instField, inst := fieldComputationInstance, c.Instance
	if strings.TrimSpace(inst) == "" && strings.TrimSpace(a.SearchSpace) != "" {
		instField, inst = fieldAcceptanceSearchSpace, a.SearchSpace
	}
	eqField, eq := fieldComputationEquiv, c.Equivalence
	if strings.TrimSpace(eq) == "" && strings.TrimSpace(a.Equivalence) != "" {
		eqField, eq = fieldAcceptanceEquivalence, a.Equivalence
	}
	okInst := need(checkCompInstance, instField, inst, 4, "the finite instance",
		"Write in computation.instance the exact finite instance: the objects, the parameter values and the ranges searched or computed.")
	okEq := need(checkCompInstance, eqField, eq, 3, "when two candidate answers count as the same",
		"Write in computation.equivalence the equivalence relation on candidates (for example “matrices equivalent under row and column permutations and negations”), or “none: distinct objects are distinct answers”.")
	if okInst && okEq {
		out.Pass(checkCompInstance, Whole(instField, inst), "The instance ("+instField+") and its equivalence relation ("+eqField+") are stated.")
	}

	brute, cert := placeholderReason(c.WhyNotBruteForce, 5), placeholderReason(c.Certification, 5)
	switch {
	case brute == "":
		out.Pass(checkCompBruteForce, Whole(fieldComputationBrute, c.WhyNotBruteForce), "computation.whyNotBruteForce explains why brute force is insufficient.")
	case cert == "":
		out.Pass(checkCompBruteForce, Whole(fieldComputationCert, c.Certification), "computation.certification explains how a complete enumeration is certified.")
	default:
		out.Fail(checkCompBruteForce, spanOrAbsent(fieldComputationBrute, c.WhyNotBruteForce),
			"computation.whyNotBruteForce "+brute+" and computation.certification "+cert+", so the record neither says why brute force is insufficient nor how an enumeration is certified.",
			"Write in computation.whyNotBruteForce the size of the search space and why enumerating it is out of reach, or in computation.certification how a complete enumeration is certified (symmetry breaking with a proof, DRAT certificates, independent reruns).")
	}

	if need(checkCompSmallCases, fieldComputationSmallCases, c.SmallCases, smallCasesMinWords, "a small case, incumbent, bound or checksum",
		"Write in computation.smallCases at least one small case with its known answer, an incumbent, a bound or a checksum that tests the formulation (for example “R(3,3) = 6”).") {
		if textHasDigit(c.SmallCases) && compSmallCasesAgree(r, c, out) {
			out.Pass(checkCompSmallCases, Whole(fieldComputationSmallCases, c.SmallCases), "computation.smallCases gives a tested value: “"+clipText(c.SmallCases, 120)+"”.")
		} else if !textHasDigit(c.SmallCases) {
			out.Fail(checkCompSmallCases, Whole(fieldComputationSmallCases, c.SmallCases),
				"computation.smallCases “"+clipText(c.SmallCases, 80)+"” gives no value, bound or checksum that a computation could reproduce.",
				"Write in computation.smallCases a small case with its value, an incumbent, a bound or a checksum (for example “n = 4: 2 solutions; n = 5: 10 solutions”).")
		}
	}

	compExact(r, c, out)
	compOrigin(r, c, out)
	compCode(c, out)
}

// compSentence returns the sentence of s around s[start:end], ending at ". ", ";" or the
// text's ends.
func compSentence(s string, start, end int) string {
	a := strings.LastIndexAny(s[:start], ".;")
	b := strings.IndexAny(s[end:], ".;")
	if b < 0 {
		b = len(s)
	} else {
		b += end
	}
	return s[a+1 : b]
}

func compExact(r *Revision, c *packet.Computation, out *Report) {
	a := r.Acceptance
	parts := []Text{{fieldAcceptanceCriterion, a.Criterion}, {fieldAcceptanceCertificate, a.Certificate},
		{fieldAcceptancePrecision, a.Precision}, {fieldComputationCert, c.Certification}}
	weak := false
	for _, p := range parts {
		for _, h := range findPhrases(p.Body, weakEvidence, 10) {
			if _, neg := findPhrase(compSentence(p.Body, h.Start, h.End), compNegations); neg {
				continue
			}
			weak = true
			out.Fail(checkCompExact, SpanOf(p.Field, p.Body, h.Start, h.End),
				p.Field+" accepts “"+p.Body[h.Start:h.End]+"”, evidence that is neither exact nor certified.",
				"Rewrite "+p.Field+" to require exact evidence (an explicit witness checked in exact arithmetic) or certified evidence (interval arithmetic, a proof, checkable certificates); numerical evidence alone cannot settle a bounded computational problem.")
			break
		}
	}
	if weak {
		return
	}
	for _, p := range parts {
		if h, ok := findPhrase(p.Body, append([]string{"exact", "exactly"}, certificationWords...)); ok {
			out.Pass(checkCompExact, SpanOf(p.Field, p.Body, h.Start, h.End), p.Field+" requires exact or certified evidence (“"+p.Body[h.Start:h.End]+"”).")
			return
		}
		if containsStem(p.Body, "certif", "verif", "reproduc") {
			out.Pass(checkCompExact, Whole(p.Field, p.Body), p.Field+" requires certified evidence.")
			return
		}
	}
	out.Fail(checkCompExact, spanOrAbsent(fieldAcceptanceCertificate, a.Certificate),
		"Neither the acceptance condition nor computation.certification requires exact or certified evidence.",
		"State in acceptance.certificate (or acceptance.precision for a numerical target) that an answer needs exact evidence or a certificate another person can check, for example “the witness, checked in exact integer arithmetic”.")
}

func compOrigin(r *Revision, c *packet.Computation, out *Report) {
	o := c.ParameterOrigin
	minWords := 4
	if r.Generated {
		minWords = 10
	}
	if why := placeholderReason(o, minWords); why != "" {
		behaviour := "computation.parameterOrigin " + why + ", so the record does not document where the parameter comes from."
		fix := "Write in computation.parameterOrigin where the parameter comes from: the earlier result it extends, the smallest open case, or the table it continues."
		if r.Generated {
			behaviour = "The record is generated and computation.parameterOrigin " + why + "; an arbitrary generated parameter needs a stronger explanation of the phenomenon under study."
			fix = "Write in computation.parameterOrigin, in at least a full sentence, the phenomenon the parameter probes and the earlier work it continues (for example “668 is the smallest order for which no Hadamard matrix is published, after order 428 was settled in 2005”)."
		}
		out.Fail(checkCompOrigin, spanOrAbsent(fieldComputationOrigin, o), behaviour, fix)
		return
	}
	if r.Generated && len(contentWordsOf(o, compArbitrary)) < 5 {
		out.Fail(checkCompOrigin, Whole(fieldComputationOrigin, o),
			"The record is generated and computation.parameterOrigin “"+clipText(o, 120)+"” says how the parameter was picked but names no phenomenon it probes.",
			"Explain in computation.parameterOrigin the phenomenon the parameter probes and the earlier work it continues, not only how it was chosen.")
		return
	}
	out.Pass(checkCompOrigin, Whole(fieldComputationOrigin, o), "computation.parameterOrigin documents where the parameter comes from.")
}

func compCode(c *packet.Computation, out *Report) {
	code := c.Code
	if code == nil {
		text := c.Instance + " " + c.SmallCases + " " + c.Certification + " " + c.WhyNotBruteForce
		if h, ok := findPhrase(text, compCodeMentions); ok {
			out.NeedsHuman(checkCompCode, Absent("computation.code"),
				"The computation record mentions “"+text[h.Start:h.End]+"” but names no code, so a person must decide whether it makes an executable claim.",
				"If the record rests on a program's output, fill computation.code with the repository, the immutable revision, the inputs and the expected output or its digest.")
			return
		}
		out.Pass(checkCompCode, Absent("computation.code"), "The record makes no executable claim, so it names no code.")
		return
	}
	ok := true
	for _, f := range []struct{ field, text, fix string }{
		{fieldCodeRepository, code.Repository, "Write in computation.code.repository where the code is (a repository URL or an archive DOI)."},
		{fieldCodeRevision, code.Revision, "Write in computation.code.revision the full commit hash of the code that produced the result."},
		{fieldCodeInputs, code.Inputs, "Write in computation.code.inputs the inputs the code was run on (parameters, files with their digests, the command line)."},
		{fieldCodeDigest, code.ExpectedDigest, "Write in computation.code.expectedDigest the expected output or its sha256 digest."},
	} {
		if why := placeholderReason(f.text, 1); why != "" {
			ok = false
			out.Fail(checkCompCode, spanOrAbsent(f.field, f.text), f.field+" "+why+", so the executable claim cannot be rerun and compared.", f.fix)
		}
	}
	if strings.TrimSpace(code.Revision) != "" && placeholderReason(code.Revision, 1) == "" && !immutableRevision(code.Revision) {
		ok = false
		out.Fail(checkCompCode, Whole(fieldCodeRevision, code.Revision),
			"computation.code.revision “"+clipText(code.Revision, 60)+"” is not an immutable revision (a commit hash or digest) but a name that can move.",
			"Set computation.code.revision to the full commit hash (40 hexadecimal characters) of the code that produced the result.")
	}
	if ok {
		out.Pass(checkCompCode, Whole(fieldCodeRevision, code.Revision), "The executable claim names its code, immutable revision, inputs and expected output or digest.")
	}
}

// numberWords and structureWords tell an instance of numbers from one of structures.
var (
	numberWords    = []string{"integer", "number", "prime", "natural"}
	structureWords = []string{"matri", "graph", "colouring", "coloring", "design", "factoris", "factoriz", "tiling", "polytope",
		"polyhedr", "group", "code", "configuration", "arrangement", "permutation", "latin", "network", "string", "tournament",
		"lattice", "hypergraph", "poset"}
)

// searchesNumbers reports whether an instance names numbers as what is searched (integers,
// primes) and no structure (a matrix, a graph, a colouring), whose candidates may be the same up
// to a symmetry.
func searchesNumbers(instance string) bool {
	low := strings.ToLower(instance)
	if strings.TrimSpace(low) == "" {
		return false
	}
	for _, w := range structureWords {
		if strings.Contains(low, w) {
			return false
		}
	}
	for _, w := range numberWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}
