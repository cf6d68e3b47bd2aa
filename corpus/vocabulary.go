package corpus

import (
	"slices"

	"github.com/theoremdb/theoremdb/policy"
)

// Kinds of a corpus node; the values are the GraphQL enum values.
const (
	Definition  = "DEFINITION"
	Theorem     = "THEOREM"
	Lemma       = "LEMMA"
	Proposition = "PROPOSITION"
	Proof       = "PROOF"
	Example     = "EXAMPLE"
	Remark      = "REMARK"
	Computation = "COMPUTATION"
)

// Kinds are every node kind, in the order pages list them.
var Kinds = []string{Definition, Theorem, Lemma, Proposition, Proof, Example, Remark, Computation}

// Edge kinds.
const (
	EdgeUses      = "USES"
	EdgeProves    = "PROVES"
	EdgeDefines   = "DEFINES"
	EdgeExampleOf = "EXAMPLE_OF"
)

// Writer kinds: who wrote a draft.
const (
	WriterPerson   = "PERSON"
	WriterImporter = "IMPORTER"
	WriterAgent    = "AGENT"
)

// Change request states.
const (
	StatePending   = "PENDING"
	StateFailed    = "FAILED"
	StateMerged    = "MERGED"
	StateWithdrawn = "WITHDRAWN"
)

// statementKinds are the kinds that state something a proof, an example or
// a person can check against a source: the statement checks read them.
var statementKinds = []string{Definition, Theorem, Lemma, Proposition}

// provable are the kinds a proof may prove.
var provable = []string{Theorem, Lemma, Proposition}

// usable are the kinds a uses edge may point to: what a statement or a
// proof can depend on. A proof is used through the statement it proves; a
// remark asserts nothing to depend on.
var usable = []string{Definition, Theorem, Lemma, Proposition, Example, Computation}

// illustrable are the kinds an example may be an example of.
var illustrable = []string{Definition, Theorem, Lemma, Proposition}

// mayTake says whether a node of kind from may have an edge of kind edge to
// a node of kind to ("" when the edge has no target), and if not, why.
func mayTake(from, edge, to string) (bool, string) {
	switch edge {
	case EdgeUses:
		if !slices.Contains(usable, to) {
			return false, "a uses edge points to a definition, theorem, lemma, proposition, example or computation, not to a " + lower(to)
		}
	case EdgeProves:
		if from != Proof {
			return false, "only a proof proves something; a " + lower(from) + " has no proves edge"
		}
		if !slices.Contains(provable, to) {
			return false, "a proof proves a theorem, lemma or proposition, not a " + lower(to)
		}
	case EdgeExampleOf:
		if from != Example {
			return false, "only an example is an example of something; a " + lower(from) + " has no example_of edge"
		}
		if !slices.Contains(illustrable, to) {
			return false, "an example illustrates a definition, theorem, lemma or proposition, not a " + lower(to)
		}
	case EdgeDefines:
		if from != Definition {
			return false, "only a definition defines a term; a " + lower(from) + " has no defines edge"
		}
	}
	return true, ""
}

// lower is a kind as prose says it.
func lower(kind string) string {
	b := []byte(kind)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// Levels: E0 to E5 are 0 to 5 and F0 to F3 are 0 to 3, as stored.
const (
	E0 = iota
	E1
	E2
	E3
	E4
	E5
)

// LevelName is E0…E5.
func LevelName(l int) string { return "E" + string(rune('0'+l)) }

// FidelityName is F0…F3.
func FidelityName(f int) string { return "F" + string(rune('0'+f)) }

// Flags a node can show.
const (
	FlagSorryInClosure     = "SORRY_IN_CLOSURE"
	FlagLocatorUnconfirmed = "LOCATOR_UNCONFIRMED"
)

// Properties of K9.1, each with its own checks and status.
const (
	PropertyCorrectness = "CORRECTNESS"
	PropertyFidelity    = "FIDELITY"
	PropertySourcing    = "SOURCING"
	PropertyStyle       = "STYLE"
)

// Event kinds the corpus writes.
const (
	KindRequestOpened    = "corpus.change_request.opened"
	KindRequestChecked   = "corpus.change_request.checked"
	KindRequestFailed    = "corpus.change_request.failed"
	KindRequestMerged    = "corpus.change_request.merged"
	KindRequestRevised   = "corpus.change_request.revised"
	KindRequestWithdrawn = "corpus.change_request.withdrawn"
	KindNodeCreated      = "corpus.node.created"
	KindNodeRevised      = "corpus.node.revised"
	KindNodeRetired      = "corpus.node.retired"
	KindLevelChanged     = "corpus.node.level_changed"
	KindConfirmed        = "corpus.node.confirmed"
)

// Authorities of the corpus's events.
const (
	AuthorityWriter = policy.AuthorityWriter
	AuthorityGates  = "merge_gates"
	AuthorityRecord = "record"
	AuthorityPerson = "reviewer"
)
