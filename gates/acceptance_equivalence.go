package gates

import (
	"regexp"
	"strings"
)

// A classification lists objects up to an equivalence, and the statement read on its own must
// say which: "classify the complex Hadamard matrices of order 6" without "up to equivalence" (or
// an isomorphism, a symmetry group, a relabelling) has no determinate answer, since the list of
// matrices and the list of their classes differ. The acceptance condition must name it too. A
// relation is recognised by the words and signs that name one; a field that names none goes to
// a person, who may find one in other words.

// equivalenceNamedRe finds a named equivalence relation.
var equivalenceNamedRe = regexp.MustCompile(`(?i)equivalen|isomorph|\bup to\b|conjugat|congruen|similarit|\bidentif(?:y|ies|ied|ying|ication)\b|\bthe same\b|symmetr|automorph|\borbits?\b|\bmodulo\b|relabel|isometr|homeomorph|diffeomorph|\s~\s|\\sim\b|\\cong|≅|≃|\\simeq|\bcount(?:s|ed)? as one\b|\bregarded as\b|permut|\bact(?:s|ing)? on\b|\baction of\b`)

// acceptanceEquivalenceNamed asks a person when the statement, or the acceptance condition,
// of a classification names no equivalence. It reports whether it asked.
func acceptanceEquivalenceNamed(r *Revision, out *Report) bool {
	a := r.Acceptance
	asked := false
	// An empty acceptance.equivalence has failed already (acceptanceClassification).
	if strings.TrimSpace(a.Equivalence) != "" && !equivalenceNamedRe.MatchString(a.Equivalence) && !equivalenceNamedRe.MatchString(a.Criterion) {
		asked = true
		out.NeedsHuman(checkAcceptanceClassification, Whole(fieldAcceptanceEquivalence, a.Equivalence),
			"acceptance.equivalence “"+clipText(a.Equivalence, 100)+"” names no equivalence relation (no isomorphism, symmetry, relabelling or “up to”), so it may say what makes the list complete but not when two objects count as one; a person must confirm.",
			"Write in acceptance.equivalence when two objects count as the same (for example “H ~ H′ when H′ = P D H D′ P′ with permutation matrices P, P′ and diagonal unitary D, D′”).")
	}
	if !equivalenceNamedRe.MatchString(r.Statement) {
		asked = true
		out.NeedsHuman(checkAcceptanceClassification, Whole(FieldStatement, r.Statement),
			"The statement asks for a classification but names no equivalence (no “up to”, isomorphism or symmetry), so read on its own it does not say when two objects count as one; a person must confirm that the classification is determinate.",
			"Say in the statement up to which equivalence the objects are classified (for example “classify, up to isomorphism, …”).")
	}
	return asked
}
