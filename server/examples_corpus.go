package server

import "github.com/theoremdb/theoremdb/role"

// corpusDraft is the change request the corpus examples send: one definition, with its source.
const corpusDraft = `{
  "input": {
    "note": "Adds the definition the perfect-number problems rest on.",
    "nodes": [
      {
        "kind": "DEFINITION",
        "label": "perfect-number-example",
        "term": "perfect number",
        "title": "Perfect number",
        "body": "A positive integer $n$ is *perfect* when the sum of its divisors is $2n$, that is $\\sigma(n) = 2n$.",
        "references": [
          {
            "identifier": "isbn:9780199219865",
            "citation": "G. H. Hardy and E. M. Wright, An Introduction to the Theory of Numbers, 6th ed., Oxford University Press (2008).",
            "locator": "Section 16.8",
            "relevance": "States the definition.",
            "role": "PRIMARY"
          }
        ]
      }
    ]
  }
}`

// corpusMemberExamples are the corpus's operations a signed-in account sends: writing
// through change requests, following them, checking and reporting.
var corpusMemberExamples = []example{
	{Name: "CheckChangeRequest", Signed: true, Use: "Run the corpus's merge gates on drafts without opening a request: nothing is written. A signed-in account.",
		Query: `# The merge gates' answer on drafts at once, in the fixed order of the corpus
# policy: a failure at intake comes back as userErrors naming each field,
# a gate's failure as failedGate with its findings. Nothing is written.
mutation CheckChangeRequest($input: OpenChangeRequestInput!) {
  checkChangeRequest(input: $input) {
    changeRequest {
      state
      failedGate
      gates { gate outcome findings { check verdict behaviour fix } }
    }
    userErrors { field message code }
  }
}
`, Variables: corpusDraft},
	{Name: "OpenChangeRequest", Signed: true, Use: "Open a change request of node drafts: the only way a body enters the corpus or changes. A signed-in account; an agent names its model and prompt version.",
		Query: `# Open a change request. It comes back PENDING; a worker runs the merge
# gates and merges it or leaves it FAILED with its findings: follow it with
# the ChangeRequestEvents subscription. An agent account also sends model,
# promptVersion and layer, which name the stratum its output is audited in.
mutation OpenChangeRequest($input: OpenChangeRequestInput!) {
  openChangeRequest(input: $input) {
    changeRequest { id state nodes { id label } }
    userErrors { field message code }
  }
}
`, Variables: corpusDraft},
	{Name: "ChangeRequestEvents", Use: "A change request as it stands, then each change of its state or gates, until it is merged or withdrawn. Anyone with its ID.",
		Query: `# A change request now, then again whenever its state or gate results change.
# The stream ends when it is merged or withdrawn.
subscription ChangeRequestEvents($id: ID!) {
  changeRequestEvents(id: $id) {
    id
    state
    failedGate
    gates { gate position outcome findings { check verdict behaviour fix } }
    nodes { id label level }
    mergedAt
  }
}
`, Variables: `{ "id": "chr_…" }`},
	{Name: "ReviseChangeRequest", Signed: true, Use: "Replace the drafts of your open change request and run the gates again. Its writer.",
		Query: `# Replace the drafts of your open change request (id: its chr_… ID); the gates
# run again, and the earlier run's findings stay in its record.
mutation ReviseChangeRequest($id: ID!, $input: OpenChangeRequestInput!) {
  reviseChangeRequest(id: $id, input: $input) {
    changeRequest { id state failedGate }
    userErrors { field message code }
  }
}
`, Variables: `{
  "id": "chr_…",
  "input": {
    "note": "States the divisor sum with its notation.",
    "nodes": [
      {
        "kind": "DEFINITION",
        "label": "perfect-number-example",
        "term": "perfect number",
        "title": "Perfect number",
        "body": "A positive integer $n$ is *perfect* when $\\sigma(n) = 2n$, where $\\sigma(n)$ is the sum of the positive divisors of $n$."
      }
    ]
  }
}`},
	{Name: "WithdrawChangeRequest", Signed: true, Use: "Withdraw your open change request; it stays in the record. Its writer.",
		Query: `# Withdraw your open change request (id: its chr_… ID).
mutation WithdrawChangeRequest($id: ID!) {
  withdrawChangeRequest(id: $id) {
    changeRequest { id state }
    userErrors { field message code }
  }
}
`, Variables: `{ "id": "chr_…" }`},
	{Name: "ReportProblem", Signed: true, Use: "Report that a property of a corpus node is wrong. A signed-in account; a reviewer or an auditor decides it.",
		Query: `# Report a corpus node's property as wrong (node: N-n or its label).
mutation ReportProblem($input: ReportProblemInput!) {
  reportProblem(input: $input) {
    report { id node property state }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "node": "N-…",
    "property": "FIDELITY",
    "explanation": "The statement drops the hypothesis that n is odd, which the source states."
  }
}`},
}

// corpusReviewerExamples are the corpus's operations a reviewer sends.
var corpusReviewerExamples = []example{
	{Name: "ConfirmPeopleCheck", Signed: true, Role: role.Reviewer, Use: "Confirm sections of a people's check (proof steps, a statement against its reference, a binding), each recorded on its own. A reviewer who did not write the node.",
		Query: `# Confirm the sections you checked of a people's check (check: its ID from
# the peopleChecks query; revision: the check's revision you read).
mutation ConfirmPeopleCheck($input: ConfirmPeopleCheckInput!) {
  confirmPeopleCheck(input: $input) {
    check { id kind revision }
    node { id label level }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "check": "the check's ID (…)",
    "sections": ["step-1", "step-2"],
    "revision": 1,
    "seconds": 240
  }
}`},
	{Name: "ConfirmCorpusNode", Signed: true, Role: role.Reviewer, Use: "Confirm one section of a node's current revision: its statement against its source, its proof's steps, or a formal binding. A reviewer who did not write it.",
		Query: `# Confirm a section of a corpus node (node: N-n or its label); its levels and
# those of every node resting on it are computed again.
mutation ConfirmCorpusNode($input: ConfirmCorpusNodeInput!) {
  confirmCorpusNode(input: $input) {
    node { id label level fidelity }
    userErrors { field message code }
  }
}
`, Variables: `{ "input": { "node": "N-…", "kind": "STATEMENT_SOURCE", "blind": true } }`},
	{Name: "CiteCorpusNode", Signed: true, Role: role.Reviewer, Use: "Record that a problem cites a corpus node, or bind one of its claims to a theorem node. A reviewer; a claim's author binds their own claim.",
		Query: `# Record a problem's citation of a corpus node; with claim (clm_…), bind that
# claim of the problem to a theorem, lemma or proposition node instead.
mutation CiteCorpusNode($input: CiteCorpusNodeInput!) {
  citeCorpusNode(input: $input) {
    citation { id problem claim node { id label } }
    userErrors { field message code }
  }
}
`, Variables: `{ "input": { "problem": "` + explorerExample + `", "node": "N-…" } }`},
	{Name: "CloseCorpusTask", Signed: true, Role: role.Reviewer, Use: "Close an open job of the queue for people, saying what was found. A reviewer.",
		Query: `# Close a job of the queue for people (id: from the corpusTasks query).
mutation CloseCorpusTask($input: CloseCorpusTaskInput!) {
  closeCorpusTask(input: $input) {
    task { id kind state }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "id": "ntk_…",
    "note": "The small-case program counted 1 as perfect; the statement holds."
  }
}`},
	{Name: "DecideReport", Signed: true, Role: role.Reviewer, Use: "Confirm or dismiss a reader's report on a corpus node. A reviewer or an auditor, never the reporter.",
		Query: `# Confirm (true) or dismiss (false) an open report (report: from the
# problemReports query). A confirmed report drops the node to E0.
mutation DecideReport($input: DecideReportInput!) {
  decideReport(input: $input) {
    report { id node state level }
    userErrors { field message code }
  }
}
`, Variables: `{ "input": { "report": "rrp_…", "confirm": false } }`},
	{Name: "DecideQuarantine", Signed: true, Role: role.Reviewer, Use: "Decide what becomes of a node a configuration stop holds: fix, rerun or retire. A reviewer.",
		Query: `# Decide a held node (node: N-n or its label): FIX, RERUN or RETIRE, with an
# optional successor when retiring.
mutation DecideQuarantine($input: DecideQuarantineInput!) {
  decideQuarantine(input: $input) {
    stop { id liftedAt held { node resolution released } }
    userErrors { field message code }
  }
}
`, Variables: `{ "input": { "node": "N-…", "resolution": "FIX" } }`},
}
