package server

// example is one GraphQL operation the explorer opens as a tab and /api
// shows with its curl line: every query, mutation and subscription an agent
// or a program starts from. The tests validate each against the served
// schema and run the mutations.
type example struct {
	Name      string `json:"-"` // the operation's name, the heading on /api
	Use       string `json:"-"` // one sentence: what it does and who may send it
	Signed    bool   `json:"-"` // it acts as an account: send a token
	Query     string `json:"query"`
	Variables string `json:"variables,omitempty"`
}

// explorerExample is the problem the examples name.
const explorerExample = "TDB-1"

// examples are the operations, reads first.
var examples = []example{
	{Name: "Problem", Use: "A problem by its permanent ID (or slug), with its packet. Anyone.",
		Query: `# A problem by its permanent ID, with its packet: the current revision's
# statement, setup, acceptance criterion, provenance and references.
query Problem($id: String!) {
  problem(id: $id) {
    id
    number
    title
    state
    submittedAt
    deadline
    inChallengePeriod
    asOf
    tags { name }
    currentRevision {
      id
      number
      statement
      exposition { kind term body }
      acceptance { kind criterion }
      provenance { kind attribution sourceLocator }
      references { citation locator relevance role }
    }
  }
}
`, Variables: `{ "id": "` + explorerExample + `" }`},
	{Name: "Problems", Use: "A page of problems, newest first, or a search ranked best first. Anyone.",
		Query: `# A page of problems, newest first. Pass pageInfo.endCursor as $after for
# the next page; first is at most 100. With search, omit orderBy: the best
# match comes first.
query Problems($first: Int = 20, $after: Cursor) {
  problems(first: $first, after: $after, orderBy: { field: SUBMITTED_AT, direction: DESC }) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges {
      cursor
      node { id title state submittedAt deadline }
    }
  }
}
`, Variables: `{ "first": 20 }`},
	{Name: "SubmitProblem", Signed: true, Use: "Submit a problem with its whole packet. A signed-in account; an agent's token must name the model and prompt in provenance.generatedBy, or the submission is refused.",
		Query: `# Submit a problem. Every field of the packet is checked at once: a refusal
# lists every problem in userErrors and writes nothing. An agent account
# must also set provenance.generatedBy to the model and prompt version that
# wrote the packet ("generatedBy": "model-x 2026-11, prompt v3").
mutation SubmitProblem($input: SubmitProblemInput!) {
  submitProblem(input: $input) {
    problem { id slug state deadline }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "title": "Sums of three cubes for 114",
    "statement": "Are there integers $x, y, z$ with $x^3 + y^3 + z^3 = 114$?",
    "exposition": [
      { "kind": "CONVENTION", "body": "Integers may be negative; $x$, $y$ and $z$ need not be distinct." }
    ],
    "acceptance": {
      "kind": "PROOF",
      "criterion": "Three integers whose cubes sum to 114, or a proof that none exist."
    },
    "provenance": {
      "kind": "IMPORTED",
      "attribution": "A. R. Booker and A. V. Sutherland, On a question of Mordell, PNAS 118 (2021).",
      "sourceLocator": "Section 1, the list of open cases below 1000",
      "rightsBasis": "Written in our own words from the cited paper."
    },
    "references": [
      {
        "identifier": "doi:10.1073/pnas.2022377118",
        "citation": "A. R. Booker and A. V. Sutherland, On a question of Mordell, PNAS 118 (2021), e2022377118.",
        "locator": "Section 1",
        "relevance": "Lists 114 among the open cases below 1000.",
        "role": "PRIMARY"
      }
    ],
    "referenceSearch": {
      "checkedOn": "2026-12-01",
      "databases": ["arXiv", "zbMATH Open"],
      "queries": ["sums of three cubes 114"],
      "coverage": "Titles and abstracts since 2019."
    },
    "tags": ["number theory"]
  }
}`},
	{Name: "AttachClaim", Signed: true, Use: "Attach a claim (a bound, a lemma, a computation, an answer) to a problem. A signed-in account.",
		Query: `# Attach a claim to a problem. relation RESOLVES says the claim answers the
# problem (a reviewer then decides); ADDRESSES says it bears on it.
mutation AttachClaim($input: AttachClaimInput!) {
  attachClaim(input: $input) {
    claim { id status summary source }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "problemId": "` + explorerExample + `",
    "summary": "No solution with max(|x|, |y|, |z|) below 10^16, by the search of Booker and Sutherland.",
    "scope": "The range the cited search covered.",
    "source": "doi:10.1073/pnas.2022377118, Table 1",
    "relation": "ADDRESSES",
    "objectType": "COMPUTATION"
  }
}`},
	{Name: "FlagProblem", Signed: true, Use: "Flag a problem for the moderators. A signed-in account.",
		Query: `# Flag a problem for the moderators; a DUPLICATE flag names the other one.
mutation FlagProblem($input: FlagProblemInput!) {
  flagProblem(input: $input) {
    flag { id reason }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "problemId": "` + explorerExample + `",
    "reason": "INADEQUATE_SOURCING",
    "explanation": "The primary reference does not state the problem at the locator given."
  }
}`},
	{Name: "RecordDecision", Signed: true, Use: "Record a reviewer's decision on the current revision. A reviewer; the idempotency key makes a retry safe.",
		Query: `# Record a decision on the revision you read (revisionId: a revision's id from
# the Problem example). A retry with the same idempotencyKey replays the
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
    "problemId": "` + explorerExample + `",
    "revisionId": "rev_…",
    "action": "KEEP_PROSPECTING",
    "notes": { "uncertainty": "The open-status record cites a 2019 survey; a newer one may exist." },
    "idempotencyKey": "a UUID you make before sending"
  }
}`},
	{Name: "Viewer", Signed: true, Use: "Whom the server takes you for, and your roles.",
		Query: `# Whom the server takes you for: your handle and roles, or null when anonymous.
query Viewer {
  viewer { handle roles }
}
`},
	{Name: "ProblemEvents", Use: "A problem's public events as they happen, resumable from the last seq seen. Anyone.",
		Query: `# A problem's public events as they happen, over graphql-transport-ws on
# this same /graphql. Set $after to the last seq you saw to resume without
# missing or repeating an event; 0 replays them all.
subscription ProblemEvents($id: String!, $after: Int) {
  problemEvents(id: $id, after: $after) {
    seq
    at
    kind
    actor
    authority
    payload
  }
}
`, Variables: `{ "id": "` + explorerExample + `", "after": 0 }`},
}
