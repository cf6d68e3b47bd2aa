package gates

// ClaimType is the kind of claim a check judges (AutoQA, "Different claims need different
// proof"); the type picks the machinery. The values are the GraphQL enum values.
type ClaimType string

// Claim types.
const (
	// Grounding: does the cited evidence say this? Span-level; its fail class is measured
	// directly (a grounding check that may fail has a planted-defect recall in calibration.json).
	Grounding ClaimType = "GROUNDING"
	// Warrant: does the evidence justify this strength of conclusion? Reasoning confined to the
	// record.
	Warrant ClaimType = "WARRANT"
	// Completeness: is anything required missing? "No defect found" is not-contradicted, never
	// verified, until planted-defect recall is measured.
	Completeness ClaimType = "COMPLETENESS"
	// Opinion: is the stance consistent with its cited support? Never truth-scored: contradiction
	// and proportion only.
	Opinion ClaimType = "OPINION"
	// Undecidable: the inputs do not decide the item. It goes to the owner of the criteria as an
	// instructions problem, never against the submitter.
	Undecidable ClaimType = "UNDECIDABLE"
)

// ClaimTypes lists the types in the order pages and the schema list them.
var ClaimTypes = []ClaimType{Grounding, Warrant, Completeness, Opinion, Undecidable}

// checkClaimTypes is the one table of the claim each check judges, by check ID. A test holds it
// to every check of every gate, in both directions. No check declares UNDECIDABLE: that is a
// property of one item (the check could not decide it from its inputs), not of a criterion.
var checkClaimTypes = map[string]ClaimType{
	// Statement.
	stCheckTeX:        Completeness,
	stCheckDomain:     Completeness,
	stCheckTerms:      Completeness,
	stCheckDefinition: Completeness,
	stCheckKinds:      Completeness,
	stCheckRecurrence: Completeness,
	stCheckTarget:     Completeness,
	stCheckTitle:      Grounding,
	stCheckSelf:       Completeness,
	stCheckExplicit:   Completeness,
	// Acceptance.
	checkAcceptanceEvidence:       Completeness,
	checkAcceptanceNumerical:      Completeness,
	checkAcceptanceSearch:         Completeness,
	checkAcceptanceClassification: Completeness,
	checkAcceptanceIndependent:    Warrant,
	// Provenance and rights.
	checkProvenanceKind:      Completeness,
	checkProvenanceFields:    Completeness,
	checkProvenanceGenerated: Completeness,
	checkProvenanceCopy:      Grounding,
	checkProvenanceRecord:    Grounding,
	// Open status.
	checkOpenSearchRecord:    Completeness,
	checkOpenDated:           Completeness,
	checkOpenPrimary:         Grounding,
	checkOpenAlternatives:    Completeness,
	checkOpenStrongest:       Completeness,
	checkOpenUnresolved:      Grounding,
	checkOpenDatabaseSilence: Warrant,
	checkOpenTargetAbsent:    Grounding,
	checkOpenUncertainty:     Warrant,
	// Duplicate and known answer.
	"duplicate.near-duplicate":          Grounding,
	"duplicate.known-answer":            Grounding,
	"duplicate.answer-claim":            Grounding,
	"duplicate.equivalent-formulations": Grounding,
	// References.
	checkRefsPresent:    Completeness,
	checkRefsRow:        Completeness,
	checkRefsRelevance:  Opinion,
	checkRefsDuplicates: Completeness,
	checkRefsCited:      Completeness,
	checkRefsRecord:     Grounding,
	// Internal consistency.
	checkConsistencyBounds:      Warrant,
	checkConsistencyArtifacts:   Completeness,
	checkConsistencyIncumbent:   Warrant,
	checkConsistencyComputation: Grounding,
	// Hero visual.
	checkHeroBrief:   Completeness,
	checkHeroSource:  Completeness,
	checkHeroAlt:     Grounding,
	checkHeroCaption: Opinion,
	checkHeroDepicts: Opinion,
	// Bounded computation.
	checkCompInstance:   Completeness,
	checkCompBruteForce: Warrant,
	checkCompSmallCases: Completeness,
	checkCompExact:      Warrant,
	checkCompOrigin:     Warrant,
	checkCompCode:       Completeness,
}

// ClaimTypeOfCheck is the claim type a check declares ("" for an unknown check ID).
func ClaimTypeOfCheck(checkID string) ClaimType { return checkClaimTypes[checkID] }

// ClaimTypeOf is the claim type of one finding: its check's, except that a finding the check
// could not decide from its inputs (UNKNOWN) is UNDECIDABLE, whatever the check judges.
func ClaimTypeOf(checkID string, v Verdict) ClaimType {
	if v == Unknown {
		return Undecidable
	}
	if t, ok := checkClaimTypes[checkID]; ok {
		return t
	}
	return Undecidable // a check nobody typed decides nothing on its own
}

// Label is the claim type in words.
func (t ClaimType) Label() string {
	switch t {
	case Grounding:
		return "Grounding"
	case Warrant:
		return "Warrant"
	case Completeness:
		return "Completeness"
	case Opinion:
		return "Opinion"
	case Undecidable:
		return "Undecidable"
	}
	return string(t)
}

// Question is what a claim of the type asks.
func (t ClaimType) Question() string {
	switch t {
	case Grounding:
		return "Does the cited evidence say this?"
	case Warrant:
		return "Does the evidence justify this strength of conclusion?"
	case Completeness:
		return "Is anything required missing?"
	case Opinion:
		return "Is the stance consistent with its cited support? Never truth-scored."
	case Undecidable:
		return "Do the inputs decide this at all? If not, the criteria's owner answers, never the submitter."
	}
	return ""
}
