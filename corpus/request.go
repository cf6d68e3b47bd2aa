package corpus

import (
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/gates"
)

// Writer is who writes a change request: a person (an account), an
// importer, or an agent lane with its model and prompt version. With the
// kinds of its nodes and its layer it is the stratum of what it merges.
type Writer struct {
	Kind          string // WriterPerson, WriterImporter or WriterAgent
	ID            string // the account, importer or lane
	Model         string
	PromptVersion string
	Layer         string
}

// Reference is a source a draft cites, as its writer gave it.
type Reference = schema.DraftReference

// Draft is one node of a change request: a new node, or a revision of the
// node Revises names. Targets (Uses, Proves, ExampleOf, Revises) are N-<n>
// IDs or labels, of existing nodes or of other drafts of the same request.
type Draft struct {
	Kind       string
	Title      string
	Body       string
	Label      string
	Term       string // a definition's defined term
	Uses       []string
	Proves     string
	ExampleOf  string
	References []Reference
	Revises    string
	// Licence and Attribution are the imported text's, recorded with it.
	Licence     string
	Attribution string
	// ImportKey is the importer's stable key of the node it imports.
	ImportKey string
	// SmallCases is the statement's small-case test, which merge gate 6 runs.
	SmallCases *SmallCases
	// Formal is the statement's formal binding, which merge gate 7 checks.
	Formal *Formal
}

// SmallCases is a statement's small-case test as its writer gave it:
// Language is SmallCasesPython or SmallCasesGP.
type SmallCases = schema.DraftSmallCases

// Formal is a statement's formal binding as its writer gave it: System is
// FormalMetamath, Database a file name of the configured formal library.
type Formal = schema.DraftFormal

// The languages of a small-case program and the formal systems a binding
// may name, as the GraphQL enums spell them.
const (
	SmallCasesPython = "PYTHON"
	SmallCasesGP     = "GP"
	FormalMetamath   = "METAMATH"
)

// Request is a change request as opened.
type Request struct {
	Writer Writer
	Note   string
	Drafts []Draft
}

// Finding is a merge gate's auditable unit: a problem gate's finding, with
// the stable code of an intake failure a caller can act on (CYCLE,
// MISSING_TARGET, …). Span fields are paths into the request's input:
// nodes[0].body, nodes[1].uses[2].
type Finding struct {
	gates.Finding
	Code string `json:"code,omitempty"`
}

// GateResult is one merge gate's run on a change request.
type GateResult struct {
	Gate     string
	Position int // the gate's number in POLICY.md section 5's order
	Version  string
	Outcome  gates.Outcome
	Findings []Finding
}

// Codes of intake failures; the GraphQL userErrors carry them.
const (
	CodeRequired      = "REQUIRED"
	CodeInvalid       = "INVALID"
	CodeBrokenTeX     = "BROKEN_TEX"
	CodeOversize      = "OVERSIZE"
	CodeMissingTarget = "MISSING_TARGET"
	CodeEdgeKind      = "EDGE_KIND"
	CodeCycle         = "CYCLE"
	CodeRetired       = "RETIRED_NODE"
	CodeLabelTaken    = "LABEL_TAKEN"
	CodeStale         = "STALE_REVISION"
)

// Bounds of a draft.
const (
	MaxBody   = 64 << 10
	MaxTitle  = 300
	MaxLabel  = 120
	MaxDrafts = 200
	MaxUses   = 500
)
