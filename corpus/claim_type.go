package corpus

import (
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/sanity"
)

// mergeClaimTypes is the claim each merge gate's own check judges (gates/claim_type.go says
// why claims are typed); the statement gate's findings come from the problems' statement checks,
// which declare theirs in gates. A test holds the table to every merge gate's checks.
var mergeClaimTypes = map[string]gates.ClaimType{
	inCheckFields:          gates.Completeness,
	inCheckTeX:             gates.Completeness,
	inCheckTargets:         gates.Completeness,
	inCheckEdges:           gates.Completeness,
	inCheckCycle:           gates.Completeness,
	cpCheckMatch:           gates.Grounding,
	srCheckRecord:          gates.Grounding,
	srCheckLocator:         gates.Grounding,
	nmCheckResolves:        gates.Grounding,
	"statement.applies":    gates.Completeness,
	scCheckApplies:         gates.Completeness,
	scCheckProgram:         gates.Completeness,
	sanity.CheckSmallCases: gates.Warrant,
	sanity.CheckSandbox:    gates.Completeness,
	kernelCheckApplies:     gates.Completeness,
	CheckKernelBinding:     gates.Completeness,
	CheckKernelMetamath:    gates.Warrant,
	CheckKernelSecond:      gates.Warrant,
	CheckKernelAgree:       gates.Warrant,
	judgeCheckApplies:      gates.Completeness,
	CheckJudges:            gates.Warrant,
	CheckJudgesAgree:       gates.Warrant,
	rtCheckApplies:         gates.Completeness,
	CheckRoundTrip:         gates.Warrant,
	hyCheckApplies:         gates.Completeness,
	CheckHypotheses:        gates.Warrant,
	dpCheckClosure:         gates.Warrant,
}

// ClaimTypeOf is the claim type of a merge finding: its check's (a merge gate's own, or a
// problems' statement check the statement gate applies), or UNDECIDABLE when the check could not
// decide the item from its inputs.
func ClaimTypeOf(check string, v gates.Verdict) gates.ClaimType {
	if t, ok := mergeClaimTypes[check]; ok && v != gates.Unknown {
		return t
	}
	return gates.ClaimTypeOf(check, v)
}
