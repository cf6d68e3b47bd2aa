package server

import "github.com/theoremdb/theoremdb/role"

// reviewerExamples are what the reviewer role allows: decisions on problems, second reviews,
// holds, claims, and the corpus's confirmations.
var reviewerExamples = append([]example{
	{Name: "RecordDecision", Signed: true, Role: role.Reviewer, Use: "Record a reviewer's decision on the current revision. A reviewer; the idempotency key makes a retry safe.",
		Query: `# Record a decision on the revision you read (revisionId: the current revision's
# id, from the Problem example). A retry with the same idempotencyKey replays the
# first result; STALE_REVISION means the problem was revised since.
mutation RecordDecision($input: RecordDecisionInput!) {
  recordDecision(input: $input) {
    decision { id action }
    problem { id state }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "problemId": "TDB-… (a prospecting problem)",
    "revisionId": "rev_…",
    "action": "KEEP_PROSPECTING",
    "notes": {
      "reason": "The statement leaves the range of x, y and z unstated.",
      "uncertainty": "The open-status record cites a 2019 survey; a newer one may exist."
    },
    "revisionRequests": ["State that x, y and z range over all integers, negative ones included."],
    "idempotencyKey": "a UUID you make before sending"
  }
}`},
	{Name: "SecondReview", Signed: true, Role: role.Reviewer, Use: "Review a qualify decision again, as another reviewer, on the revision the first read: qualify agrees, any other action splits and names its class. A reviewer other than the first.",
		Query: `# A second review of a selected qualify decision (secondReviewOf: its dec_…
# ID; the review queue lists them). QUALIFY agrees; any other action splits
# from the first and needs disagreement: ERROR holds the problem for staff.
mutation SecondReview($input: RecordDecisionInput!) {
  recordDecision(input: $input) {
    decision { id action disagreement secondReviewOf { id } }
    problem { id state }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "problemId": "TDB-… (a prospecting problem)",
    "revisionId": "rev_… (the revision the first decision read)",
    "secondReviewOf": "dec_…",
    "action": "KEEP_PROSPECTING",
    "disagreement": "INSTRUCTION",
    "notes": { "reason": "The acceptance criterion does not say what counts as a proof that none exist." },
    "revisionRequests": ["Say what a proof of non-existence must show."],
    "idempotencyKey": "a UUID you make before sending"
  }
}`},
	{Name: "SendToStaff", Signed: true, Role: role.Reviewer, Use: "Hold a prospecting problem for staff, with what you saw; its default acceptance waits. A reviewer or an operator.",
		Query: `# Hold a problem for staff review; the note says what staff should look at.
mutation SendToStaff($input: SendToStaffInput!) {
  sendToStaff(input: $input) {
    hold { id reason note openedAt }
    problem { id state }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "problemId": "TDB-… (a prospecting problem)",
    "note": "The cited survey may list 114 as solved; staff should read its 2023 update."
  }
}`},
	{Name: "ReviewClaim", Signed: true, Role: role.Reviewer, Use: "Review an attached claim: establish, refute or withdraw it, and bind it ADDRESSES or RESOLVES. A reviewer or an operator.",
		Query: `# Review a claim (claimId: clm_…, from the problem's claims). Only a review
# makes a claim ESTABLISHED, REFUTED or WITHDRAWN.
mutation ReviewClaim($input: ReviewClaimInput!) {
  reviewClaim(input: $input) {
    claim { id status }
    problem { id state }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "claimId": "clm_…",
    "status": "ESTABLISHED",
    "relation": "ADDRESSES",
    "note": "Table 1 of the cited paper covers the range the claim states."
  }
}`},
	{Name: "SetPresentation", Signed: true, Role: role.Reviewer, Use: "Choose which reviewed claim the packet presents as its status record (or resolution record). A reviewer or an operator, not the proposer.",
		Query: `# Choose the claims the packet presents: an open problem's status record is a
# claim a review established (clm_…). An omitted selector returns to the
# default selection.
mutation SetPresentation($input: SetPresentationInput!) {
  setPresentation(input: $input) {
    problem { id state }
    userErrors { field message code }
  }
}
`, Variables: `{ "input": { "problemId": "` + explorerExample + `", "statusRecord": "clm_…" } }`},
	{Name: "ReviewHeroArt", Signed: true, Role: role.Reviewer, Use: "Pass or fail a registered pair of bespoke hero art: a pass shows it on the problem page. A reviewer who neither proposed the problem nor registered the pair.",
		Query: `# Check a registered pair (asset: hra_…, from the problem's art page /p/ID/art).
mutation ReviewHeroArt($input: ReviewHeroArtInput!) {
  reviewHeroArt(input: $input) {
    heroArt { id state reviewedAt reviewNote }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "asset": "hra_…",
    "pass": true,
    "note": "Depicts the colouring in the statement; states no bound; the rights basis is the proposer's own drawing."
  }
}`},
}, corpusReviewerExamples...)

// moderatorExamples are the flag queue's operations.
var moderatorExamples = []example{
	{Name: "ModerationQueue", Signed: true, Role: role.Moderator, Use: "Changes to the moderation queue as they happen: cases opened, flags added, cases claimed and resolved. Moderators; send the token in connection_init.",
		Query: `# The moderation queue live, over graphql-transport-ws: authenticate with
# your token in connection_init.
subscription ModerationQueue {
  moderationQueue {
    kind
    case { id reason state openedAt problem { id title } }
    event { seq at kind }
  }
}
`},
	{Name: "ClaimCase", Signed: true, Role: role.Moderator, Use: "Claim an open moderation case, so that no other moderator works it. A moderator.",
		Query: `# Claim an open case (caseId: cas_…, from the moderationCases query).
mutation ClaimCase($input: ClaimCaseInput!) {
  claimCase(input: $input) {
    case { id state claimedAt }
    userErrors { field message code }
  }
}
`, Variables: `{ "input": { "caseId": "cas_…" } }`},
	{Name: "DismissCase", Signed: true, Role: role.Moderator, Use: "Dismiss a claimed case with a note for the public moderation log. A moderator.",
		Query: `# Dismiss a case you claimed; the note goes into the public moderation log.
mutation DismissCase($input: DismissCaseInput!) {
  dismissCase(input: $input) {
    case { id state resolution resolvedAt }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "caseId": "cas_…",
    "note": "The flagged locator is correct in the 2021 edition; nothing to remove."
  }
}`},
	{Name: "HandCaseToMerge", Signed: true, Role: role.Moderator, Use: "Hand a claimed duplicate case to the reviewers, to merge its problem into the one it duplicates. A moderator.",
		Query: `# Hand a DUPLICATE case you claimed to the reviewers; the merge itself is a
# reviewer's recordDecision with action MERGE.
mutation HandCaseToMerge($input: HandCaseToMergeInput!) {
  handCaseToMerge(input: $input) {
    case { id state resolution }
    problem { id state }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "caseId": "cas_…",
    "mergeInto": "` + explorerExample + `",
    "note": "Both ask for the same integers; the survivor has the fuller packet."
  }
}`},
	{Name: "RemoveProblem", Signed: true, Role: role.Moderator, Use: "Remove the problem of a claimed case, with the public reason its tombstone shows. A moderator.",
		Query: `# Remove the problem of a case you claimed; the reason is public.
mutation RemoveProblem($input: RemoveProblemInput!) {
  removeProblem(input: $input) {
    case { id state resolution }
    problem { id state }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "caseId": "cas_…",
    "reason": "The statement reproduces a copyrighted text at length."
  }
}`},
}

// operatorExamples are the audit's and the operators' operations.
var operatorExamples = []example{
	{Name: "RecordAudit", Signed: true, Role: role.Auditor, Use: "Record an auditor's answer on one property of one audit sample, with the time it took. An auditor.",
		Query: `# Answer one property of an audit sample (sample: from the auditSamples
# query). An error needs its class.
mutation RecordAudit($input: RecordAuditInput!) {
  recordAudit(input: $input) {
    sample { id month answers { property error } }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "sample": "aus_…",
    "property": "FIDELITY",
    "error": true,
    "errorClass": "DROPPED_HYPOTHESIS",
    "note": "The source assumes n odd; the node does not.",
    "seconds": 310
  }
}`},
	{Name: "ResolveAppeal", Signed: true, Role: role.Operator, Use: "Answer an appeal: uphold or dismiss it, and propose a criterion's new wording when the appeal shows it wrong. An operator other than the decision's reviewer.",
		Query: `# Answer an appeal (appeal: apl_…, from the appeals query).
mutation ResolveAppeal($input: ResolveAppealInput!) {
  resolveAppeal(input: $input) {
    appeal { id state resolution resolvedAt }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "appeal": "apl_…",
    "upheld": false,
    "resolution": "The known answer cited is for 114 itself: see the paper's Table 1."
  }
}`},
	{Name: "DecideCriterionChange", Signed: true, Role: role.Operator, Use: "Adopt or decline a proposed version of a check's criterion, with a reason published beside it; an adopted version applies to problems submitted after it. An operator.",
		Query: `# Decide a proposed criterion version (criterionChange: crv_…, from /quality/criteria).
mutation DecideCriterionChange($input: DecideCriterionChangeInput!) {
  decideCriterionChange(input: $input) {
    criterionChange { id check version state decisionReason }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "criterionChange": "crv_…",
    "adopt": true,
    "reason": "The upheld appeal showed the old wording fails named equivalences; the new one asks for a named relation."
  }
}`},
	{Name: "SetOperatingProfile", Signed: true, Role: role.Operator, Use: "Put an operating profile in force (STRICT, STANDARD or EXPEDITED) for problems submitted after it, with its public reason. An operator.",
		Query: `# Put an operating profile in force; /quality/profile announces it.
mutation SetOperatingProfile($input: SetOperatingProfileInput!) {
  setOperatingProfile(input: $input) {
    profile { name label since authorisedBy reason current }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "name": "STRICT",
    "reason": "Two reviewers are away until January; fewer problems qualify by default."
  }
}`},
	{Name: "SetLaneRegisterEntry", Signed: true, Role: role.Operator, Use: "Write a lane's register entry: the claim it judges, what it reads, what its answer may do and who answers for it. An operator.",
		Query: `# Write a lane's register entry (laneId: its ID or identity, from the lanes
# query).
mutation SetLaneRegisterEntry($input: LaneRegisterEntryInput!) {
  setLaneRegisterEntry(input: $input) {
    entry { laneId identity status updatedBy updatedAt }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "laneId": "lan_…",
    "claimText": "The statement is well posed: every variable has a domain, every quantifier a range.",
    "unitOfAnalysis": "One revision's statement and setup.",
    "admittedRecord": "The revision's packet.",
    "permittedExternalSources": "None.",
    "outcomeContractVersion": "1",
    "authority": "Advises the reviewer; holds nothing by itself.",
    "falsePositiveConsequence": "A reviewer reads a statement that was fine.",
    "falseNegativeConsequence": "An ill-posed statement reaches a reviewer unmarked.",
    "ambiguityOwner": "The review lead.",
    "accountableOwner": "The operator on duty.",
    "status": "SHADOW"
  }
}`},
	{Name: "LiftConfigurationStop", Signed: true, Role: role.Operator, Use: "Lift a configuration stop once every node it holds is decided, saying what changed in the configuration. An operator.",
		Query: `# Lift a stop (stop: cst_…, from the configurationStops query).
mutation LiftConfigurationStop($input: LiftConfigurationStopInput!) {
  liftConfigurationStop(input: $input) {
    stop { id liftedAt liftReason }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "stop": "cst_…",
    "reason": "The prompt now states every hypothesis of the source (prompt v4)."
  }
}`},
}
