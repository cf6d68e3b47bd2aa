package policy

import (
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/packet"
)

// The closed vocabularies of the record, one table each: the value as it
// is stored and as the API spells it, the label pages show, and one
// sentence of help. Validation, decoding, labels and templates loop over
// these tables; a test checks each against the database's enum, so a
// value cannot be added in one place only.

// Term is one value of a vocabulary.
type Term struct {
	Value string
	Label string
	Help  string
}

// Vocabulary is a closed set of values, in the order pages offer them.
type Vocabulary []Term

// Label is the label of value, or value itself when it is not in v.
func (v Vocabulary) Label(value string) string {
	if t, ok := v.Term(value); ok {
		return t.Label
	}
	return value
}

// Help is the explanation of value, or "" when it is not in v.
func (v Vocabulary) Help(value string) string {
	t, _ := v.Term(value)
	return t.Help
}

// Term looks value up.
func (v Vocabulary) Term(value string) (Term, bool) {
	for _, t := range v {
		if t.Value == value {
			return t, true
		}
	}
	return Term{}, false
}

// Has reports whether value is in v.
func (v Vocabulary) Has(value string) bool { _, ok := v.Term(value); return ok }

// Values are v's values in order.
func (v Vocabulary) Values() []string {
	out := make([]string, len(v))
	for i, t := range v {
		out[i] = t.Value
	}
	return out
}

var (
	// States of a problem.
	States = Vocabulary{
		{"PROSPECTING", "Prospecting", "Published and open to challenge; accepted by default when the challenge period ends unless a reviewer archives or merges it."},
		{"ACCEPTED", "Accepted", "Accepted by a reviewer's qualification, by staff, or by default at the end of the challenge period."},
		{"ARCHIVED", "Archived", "Closed by a reviewer with a reason code: it stays readable, with the reason."},
		{"MERGED", "Merged", "A duplicate: its ID leads to the problem it was merged into."},
		{"REMOVED", "Removed", "Taken down by moderation; a tombstone with the reason remains."},
	}
	// ListedStates are the states the public list shows (never REMOVED).
	ListedStates = States[:4]

	// AcceptanceKinds say what settles a problem.
	AcceptanceKinds = Vocabulary{
		{"PROOF", "Proof", "A proof or a disproof settles it."},
		{"NUMERICAL", "Numerical", "A value to a stated precision settles it."},
		{"SEARCH", "Search", "An object found in, or excluded from, a stated search space settles it."},
		{"CLASSIFICATION", "Classification", "A complete list up to a stated equivalence settles it."},
	}

	// ProvenanceKinds say where a statement comes from.
	ProvenanceKinds = Vocabulary{
		{"IMPORTED", "Imported", "Taken from a published source, which is cited."},
		{"REFORMULATION", "Reformulation", "A published problem restated; the original is cited."},
		{"ORIGINAL", "Original", "Posed here for the first time."},
	}

	// ExpositionKinds are the kinds of entries that set a statement up.
	ExpositionKinds = Vocabulary{
		{"DEFINITION", "Definition", "Gives a term or symbol its meaning."},
		{"CONVENTION", "Convention", "Fixes notation or a standing assumption."},
		{"REMARK", "Remark", "Context that the statement does not depend on."},
		{"EXAMPLE", "Example", "A worked instance."},
	}

	// ReferenceRoles say what a reference is cited for.
	ReferenceRoles = Vocabulary{
		{"PRIMARY", "Primary source", "Where the problem was posed or first stated."},
		{"SECONDARY", "Secondary", "Surveys, partial results and related work."},
		{"STATUS_EVIDENCE", "Status evidence", "Cited for the state of the art and the open status the record claims."},
	}

	// FlagReasons are the reasons of a community report.
	FlagReasons = Vocabulary{
		{"INCORRECT_STATEMENT", "Incorrect statement", "The statement is wrong, ill-posed or does not say what its source says."},
		{"KNOWN_ANSWER", "Known answer", "The problem has been solved; cite where."},
		{"DUPLICATE", "Duplicate", "Another problem here states the same thing; name it."},
		{"INADEQUATE_SOURCING", "Inadequate sourcing", "A reference is missing, wrong or does not support what it is cited for."},
		{"ABUSE", "Abuse", "Spam, harassment or material that must not be published."},
		{"OTHER", "Other", "Anything else a moderator should look at."},
	}

	// ReasonCodes are the stable reason codes of an archive decision.
	ReasonCodes = Vocabulary{
		{"KNOWN_ANSWER", "Known answer", "The problem has been solved."},
		{"DIRECT_DUPLICATE", "Direct duplicate", "Another problem states the same thing."},
		{"ILL_DEFINED_STATEMENT", "Ill-defined statement", "The statement cannot be read one way only."},
		{"UNEVALUABLE_ACCEPTANCE", "Unevaluable acceptance", "No answer could be checked against the acceptance condition."},
		{"UNSUPPORTED_OPEN_STATUS", "Unsupported open status", "Nothing supports that the problem is open."},
		{"UNRELIABLE_PROVENANCE", "Unreliable provenance", "The source cannot be traced or does not say this."},
		{"INTERNAL_INCONSISTENCY", "Internal inconsistency", "Parts of the packet contradict each other."},
		{"PARAMETER_WITHOUT_RATIONALE", "Parameter without rationale", "A bound or constant is chosen without a reason."},
		{"OTHER", "Other", "None of the above fits; the note's reason section explains the ground, which is never popularity, importance, difficulty, whether agents can solve it, retrieval fit or the lack of a formal statement."},
	}

	// Actions are a reviewer's four decisions.
	Actions = Vocabulary{
		{"QUALIFY", "Qualify", "Accept now: every section of the note template is stated."},
		{"KEEP_PROSPECTING", "Keep prospecting", "Leave it open with concrete revision requests; the challenge period runs on."},
		{"ARCHIVE", "Archive", "Close it with a reason code; the stake is forfeited."},
		{"MERGE", "Merge", "Fold it into the problem that survives; the stake is forfeited."},
	}

	// ClaimStatuses are the statuses of a claim.
	ClaimStatuses = Vocabulary{
		{"PROPOSED", "Proposed", "Attached, not yet reviewed."},
		{"ESTABLISHED", "Established", "Confirmed by a review."},
		{"REFUTED", "Refuted", "Shown wrong by a review."},
		{"WITHDRAWN", "Withdrawn", "No longer stands, as a review recorded."},
	}

	// ClaimObjectTypes are what a claim is; only a claim (not a lemma, bound, example or
	// computation) can be an answer to the problem.
	ClaimObjectTypes = Vocabulary{
		{"CLAIM", "Claim", "A statement about the problem as a whole; only a claim can answer it."},
		{"LEMMA", "Lemma", "A step toward the problem."},
		{"BOUND", "Bound", "A bound on what the problem asks about."},
		{"EXAMPLE", "Example", "An example or a counterexample for a case."},
		{"COMPUTATION", "Computation", "A computation, with how it was done."},
	}

	// SuggestionStates are the states of a suggested edit.
	SuggestionStates = Vocabulary{
		{"OPEN", "Waiting for the proposer", "The proposer accepts it as a revision or declines it."},
		{"ACCEPTED", "Accepted", "It became a revision of the problem."},
		{"DECLINED", "Declined", "The proposer declined it, with the reason on the record."},
	}

	// ReferenceConfirmations are what the record plane found of a reference's source.
	ReferenceConfirmations = Vocabulary{
		{"PENDING", "Unconfirmed", "Not yet confirmed: the record plane has not resolved the source, or could not reach its catalogue."},
		{"CONFIRMED", "Confirmed", "The source's record exists and its title, authors and year match what was claimed."},
		{"MISMATCH", "Does not match its record", "The record exists but its title, authors or year differ from what was claimed: counted as fabricated."},
		{"NOT_FOUND", "No such record", "The catalogue has no record for the identifier: counted as fabricated."},
	}

	// PresentedRecords are the records a packet presents (policy v5): an open packet's status
	// record and a resolved packet's resolution record.
	PresentedRecords = Vocabulary{
		{"status", "Status record", "A current claim a review has established; it cannot declare a resolution."},
		{"resolution", "Resolution record", "The answer claim: established, bound RESOLVES by a review, covering the whole statement."},
	}

	// Relations bind a claim to a problem.
	Relations = Vocabulary{
		{"ADDRESSES", "Addresses", "Bears on the problem without settling it."},
		{"RESOLVES", "Resolves", "Settles the problem; only a review records it."},
	}

	// StakeStates are the states of a submitter's reputation stake.
	// Gates are the publication gates of gates/.
	Gates = Vocabulary{
		{"STATEMENT", "Statement", "The object, parameters and requested conclusion are explicit; every variable has a domain; the TeX is well formed."},
		{"ACCEPTANCE", "Acceptance", "A reviewer can say exactly what evidence settles the problem, with what each kind of target requires."},
		{"PROVENANCE", "Provenance and rights", "Kind, attribution, locator and rights basis are present, and no text is copied from a source whose licence forbids it."},
		{"OPEN_STATUS", "Open status", "A dated search with alternative formulations, a primary source, the strongest known result and the exact open remainder."},
		{"DUPLICATE", "Duplicate and known answer", "No live problem states the same target, no solved record answers it, and no attached claim resolves it."},
		{"REFERENCES", "References", "Every row has a citation, a stable identifier or exact locator and a relevance note; every source used is cited."},
		{"CONSISTENCY", "Internal consistency", "Bounds and index ranges agree across the packet; code and certificates name immutable revisions."},
		{"HERO", "Hero visual", "A brief exists, the page says what it shows, the alt text describes it and the caption claims no result."},
		{"COMPUTATIONAL", "Bounded computation", "For finite search or numerical targets: the instance, the certification path, a small case and the parameter's origin."},
	}
	// Disagreements are the kinds of split between a second review and the first (AutoQA).
	Disagreements = Vocabulary{
		{"INSTRUCTION", "Instruction", "The policy or the template was read two ways: it goes to the contract queue."},
		{"ERROR", "Error", "One review missed something the record shows: staff confirm before any adverse action."},
		{"EXPERTISE", "Expertise", "Deciding needs a specialist: it goes to the specialist queue."},
		{"LEGITIMATE_SPLIT", "Legitimate split", "Both readings are defensible: the split is recorded."},
	}
	// HoldReasons are why a problem is held for staff.
	HoldReasons = Vocabulary{
		{"ANSWER_CLAIM", "An attached answer", "A claim attached to the problem is a machine-readable answer: staff compare its scope with the statement."},
		{"DUPLICATE", "A likely duplicate", "The duplicate check found a live problem stating the same target."},
		{"KNOWN_ANSWER", "A likely known answer", "The known-answer check found a record its source says is solved."},
		{"REVIEWER", "Sent by a reviewer", "A reviewer asked staff to decide, with the reason in the note."},
		{"DISAGREEMENT", "Reviewers disagree", "A second review found an error in the first; staff confirm before any adverse action."},
		{"SOURCE_STATUS", "The source's status changed", "The problem's source now says it is solved, or two sources disagree."},
		{"AGENT_PANEL", "The review panel was unsure", "The agent-assisted review could not recommend, and sent it to staff."},
	}
	// Outcomes of a gate run, and verdicts of a finding.
	Outcomes = Vocabulary{
		{"PENDING", "Running", "The check has not finished yet."},
		{"PASS", "Passes", "Every check of the gate holds."},
		{"FAIL", "Fails", "A check fails: the finding says what to change."},
		{"NEEDS_HUMAN", "Needs a reviewer", "A machine cannot certify a check; a reviewer reads the spans and answers it."},
		{"UNKNOWN", "Could not run", "A check could not run; a reviewer answers it by hand, or it is run again."},
	}
	StakeStates = Vocabulary{
		{"ESCROWED", "In escrow", "Held until the problem is decided."},
		{"RETURNED", "Returned", "Given back when the problem was accepted."},
		{"FORFEITED", "Forfeited", "Lost when the problem was archived or merged."},
	}
)

// NoteSection is one section of the reviewer note template.
type NoteSection struct {
	// Key is its name in the API and its form field, after "notes.".
	Key   string
	Label string
	// Help says what the section states; a required section left empty is
	// refused with it.
	Help string
	// RequiredFor are the actions whose note must state it.
	RequiredFor []decision.Action
	// Text is the section in a note.
	Text func(*packet.DecisionNotes) *string
}

// NoteSections are the reviewer note template, in order.
var NoteSections = []NoteSection{
	{"statementAndAcceptance", "Statement and acceptance", "why the statement and acceptance test are complete",
		[]decision.Action{decision.ActionQUALIFY}, func(n *packet.DecisionNotes) *string { return &n.StatementAndAcceptance }},
	{"openStatus", "Open status and prior art", "which sources were checked for open status",
		[]decision.Action{decision.ActionQUALIFY}, func(n *packet.DecisionNotes) *string { return &n.OpenStatus }},
	{"referenceCoverage", "Reference coverage", "the strongest known neighbouring result and the reference coverage",
		[]decision.Action{decision.ActionQUALIFY}, func(n *packet.DecisionNotes) *string { return &n.ReferenceCoverage }},
	{"duplicateCheck", "Duplicate check", "the duplicate-search result",
		[]decision.Action{decision.ActionQUALIFY, decision.ActionMERGE}, func(n *packet.DecisionNotes) *string { return &n.DuplicateCheck }},
	{"evidenceIntegrity", "Evidence integrity", "the consistency of examples, computations and provenance",
		nil, func(n *packet.DecisionNotes) *string { return &n.EvidenceIntegrity }},
	{"heroVisual", "Hero visual", "which hero visual and rights basis were checked, or why the neutral fallback is used",
		[]decision.Action{decision.ActionQUALIFY}, func(n *packet.DecisionNotes) *string { return &n.HeroVisual }},
	{"uncertainty", "Uncertainty", "the remaining uncertainty and why it does not undermine publication",
		[]decision.Action{decision.ActionQUALIFY}, func(n *packet.DecisionNotes) *string { return &n.Uncertainty }},
	{"reason", "Reason", "the concrete basis for this decision",
		[]decision.Action{decision.ActionQUALIFY, decision.ActionKEEP_PROSPECTING, decision.ActionARCHIVE, decision.ActionMERGE},
		func(n *packet.DecisionNotes) *string { return &n.Reason }},
}

// FilledSection is a section a note states.
type FilledSection struct{ Key, Label, Text string }

// FilledSections are the sections n states, in template order.
func FilledSections(n packet.DecisionNotes) []FilledSection {
	var out []FilledSection
	for _, s := range NoteSections {
		if t := *s.Text(&n); t != "" {
			out = append(out, FilledSection{s.Key, s.Label, t})
		}
	}
	return out
}
