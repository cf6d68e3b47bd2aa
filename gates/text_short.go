package gates

// A field that is present and no placeholder but shorter than a check expects is not certainly
// empty of meaning: "Graph isomorphism." names an equivalence in two standard words. Such a field
// is a FAIL only when it is empty or a placeholder; a short one that names a standard notion
// passes, and any other short one goes to a person with its span (NEEDS_HUMAN), never FAIL.

// shortness says how a field measures against the words a check expects of it.
type shortness int

const (
	fieldAdequate    shortness = iota // long enough
	fieldMissing                      // empty or a placeholder: a certain FAIL
	fieldShortNamed                   // short, but names a standard notion: a PASS
	fieldShortUnsure                  // short, and a machine cannot tell whether it says enough
)

// measureField returns how s measures against minWords and, for a missing or short field, the
// reason in words ("is empty", "has only 2 words, too few to say anything definite"). named
// lists the stems of the standard notions that let a short field stand.
func measureField(s string, minWords int, named []string) (shortness, string) {
	if why := placeholderReason(s, 0); why != "" {
		return fieldMissing, why
	}
	why := placeholderReason(s, minWords)
	if why == "" {
		return fieldAdequate, ""
	}
	if len(named) > 0 && containsStem(s, named...) {
		return fieldShortNamed, why
	}
	return fieldShortUnsure, why
}

// standardEquivalences are the stems of the equivalence relations mathematics names in a word or
// two ("graph isomorphism", "conjugacy", "up to rotation"), and of "none", which says that
// distinct objects are distinct answers.
var standardEquivalences = []string{"isomorph", "isometr", "congruen", "conjuga", "homeomorph", "diffeomorph",
	"homotop", "similar", "permut", "relabel", "automorph", "symmetr", "equal", "identit", "none", "orthogonal",
	"unitary", "rotation", "reflection", "translation", "equivalen", "switching", "dual", "complement",
	"monomial", "affine", "projective", "birational", "bijection", "reorder", "order-preserving", "scaling",
	"gauge", "unimodular", "row and column", "sign change", "negation", "transpos", "up to"}
