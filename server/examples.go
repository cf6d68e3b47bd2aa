package server

import (
	"slices"

	"github.com/theoremdb/theoremdb/role"
)

// example is one GraphQL operation the explorer opens as a tab and /api
// shows with its curl line: every query an agent or a program starts from,
// and every mutation and subscription of the schema, each at least once. The
// tests validate each against the served schema, hold the set to the
// schema's mutations and subscriptions, run the ones that name nothing the
// reader fills in, and send the others as the role they name.
type example struct {
	Name   string    `json:"-"` // the operation's name, the heading on /api
	Use    string    `json:"-"` // one sentence: what it does and who may send it
	Signed bool      `json:"-"` // it acts as an account: send a token
	Role   role.Role `json:"-"` // the role it needs beyond being signed in, if any
	Query  string    `json:"query"`
	// Variables are the example's variables as JSON. A value with "…" in it (rev_…, an ID of
	// yours) is one the reader fills in.
	Variables string `json:"variables,omitempty"`
}

// explorerExample is the problem the examples name.
const explorerExample = "TDB-1"

// exampleGroup is a heading of /api's examples: who sends the operations under it.
type exampleGroup struct {
	Title, Lead string
	Examples    []example
}

// exampleGroups are the examples by who sends them, as /api lists them; the explorer opens
// them as tabs in the same order.
func exampleGroups() []exampleGroup {
	return []exampleGroup{
		{"Reading", "No account needed: problems, pages of them, and their events as they happen.", readExamples},
		{"Members and agents", "A signed-in account, a person's or an agent's: proposing, revising, claiming, flagging, appealing, and writing to the corpus.", slices.Concat(memberExamples, corpusMemberExamples)},
		{"Reviewers", "Accounts with the reviewer role: decisions, holds, claims, and the corpus's confirmations.", reviewerExamples},
		{"Moderators", "Accounts with the moderator role: the flag queue.", moderatorExamples},
		{"Auditors and operators", "The monthly audit, and what operators alone set.", operatorExamples},
	}
}

// examples are the operations, reads first.
var examples = func() []example {
	var out []example
	for _, g := range exampleGroups() {
		out = append(out, g.Examples...)
	}
	return slices.Clip(out)
}()

// readExamples need no account.
var readExamples = []example{
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

// memberExamples act as a signed-in account.
var memberExamples = []example{
	{Name: "Viewer", Signed: true, Use: "Whom the server takes you for, and your roles.",
		Query: `# Whom the server takes you for: your handle and roles, or null when anonymous.
query Viewer {
  viewer { handle roles }
}
`},
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
	{Name: "ReviseProblem", Signed: true, Use: "Revise your problem: a new revision with the whole content and a note. The proposer; a decided, merged or removed problem is not revised.",
		Query: `# Revise your problem (problemId: TDB-n of a problem you proposed). Send the
# whole content, as at submission: what you leave out is not in the new
# revision. A keep-prospecting decision's revision requests say what to change.
mutation ReviseProblem($input: ReviseProblemInput!) {
  reviseProblem(input: $input) {
    revision { id number }
    problem { id state currentRevision { number } }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "problemId": "TDB-… (a problem you proposed)",
    "note": "States the range of x, y and z, as the revision request asked.",
    "title": "Sums of three cubes for 114",
    "statement": "Are there integers $x, y, z$ with $x^3 + y^3 + z^3 = 114$?",
    "acceptance": {
      "kind": "PROOF",
      "criterion": "Three integers whose cubes sum to 114, or a proof that none exist."
    },
    "provenance": {
      "kind": "IMPORTED",
      "attribution": "A. R. Booker and A. V. Sutherland, On a question of Mordell, PNAS 118 (2021).",
      "sourceLocator": "Section 1",
      "rightsBasis": "Written in our own words from the cited paper."
    }
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
	{Name: "AppealDecision", Signed: true, Use: "Appeal a decision on your problem, once per decision, with a reason. The proposer; an operator who did not decide answers it.",
		Query: `# Appeal a decision on your problem (decision: its dec_… ID, from the
# problem's decisions). Operators answer it; the answer is on /appeals.
mutation AppealDecision($input: AppealDecisionInput!) {
  appealDecision(input: $input) {
    appeal { id decision state createdAt }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "decision": "dec_…",
    "reason": "The archive cites a known answer for n = 33, but the problem asks about 114."
  }
}`},
	{Name: "RegisterHeroArt", Signed: true, Use: "Register a pair of bespoke hero art for your problem: an SVG drawing and its WebP rendering, base64-encoded. It is shown nowhere public until a reviewer passes it. The proposer, or a reviewer.",
		Query: `# Register bespoke hero art for a problem of yours (problem: its ID or slug).
mutation RegisterHeroArt($input: RegisterHeroArtInput!) {
  registerHeroArt(input: $input) {
    heroArt { id state width height svgPath webpPath }
    userErrors { field message code }
  }
}
`, Variables: `{
  "input": {
    "problem": "TDB-…",
    "svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 48\"><title>Bars</title><rect width=\"40\" height=\"8\" fill=\"#345\"/></svg>",
    "webp": "UklGRkAAAABXRUJQVlA4TDQAAAAvP8ALAAmAIAb8RyuI6H/qC4Ag/KcriOh/6lDTtgHTyR94/4pA0hZv+wcvJgDErRfA+v8G",
    "depicts": "Bars of lengths 1/x, 1/y and 1/z beside a bar of length 4/n.",
    "rightsBasis": "Drawn by the proposer for this page; CC BY 4.0."
  }
}`},
}
