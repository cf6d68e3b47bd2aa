package gates

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/theoremdb/theoremdb/packet"
)

// Revision is the packet of one revision as the gates read it: the content the proposer wrote and
// the few facts about the problem a check needs. Field paths in spans name its JSON fields.
type Revision struct {
	ProblemID  string `json:"problemId"`
	RevisionID string `json:"revisionId"`
	Number     int    `json:"number"`

	Title           string                   `json:"title"`
	Statement       string                   `json:"statement"`
	Exposition      []packet.ExpositionEntry `json:"exposition"`
	Acceptance      packet.Acceptance        `json:"acceptance"`
	Provenance      packet.Provenance        `json:"provenance"`
	ReferenceSearch packet.ReferenceSearch   `json:"referenceSearch"`
	References      []Reference              `json:"references"`
	// Rejected are an agent's references whose sources the record plane found fabricated: they
	// left the bibliography, so no other gate reads them, but a provenance resting on one of
	// them rests on a source that does not exist.
	Rejected    []Reference         `json:"rejectedReferences,omitempty"`
	OpenStatus  packet.OpenStatus   `json:"openStatus"`
	Hero        packet.Hero         `json:"hero"`
	Computation *packet.Computation `json:"computation,omitempty"`
	Tags        []string            `json:"tags"`

	// Generated is true when the proposer is an agent account.
	Generated bool `json:"generated"`
	// ImportKey is set on a trusted import ("erdos:42", "formal-conjectures:…").
	ImportKey   string    `json:"importKey,omitempty"`
	SubmittedAt time.Time `json:"submittedAt"`
}

// Reference is one bibliography row with its parsed identifier.
type Reference struct {
	// Identifier is the normalised identity ("doi:10.…", "arxiv:…", "url:https://…").
	Identifier string `json:"identifier"`
	// Kind is DOI, ARXIV, ZBMATH, ISBN or URL.
	Kind      string `json:"kind"`
	Citation  string `json:"citation"`
	Locator   string `json:"locator"`
	Relevance string `json:"relevance"`
	// Role is PRIMARY, SECONDARY or STATUS_EVIDENCE.
	Role string `json:"role"`
	// Confirmation is what the record plane found of the source against what was claimed of it:
	// PENDING (not yet resolved), CONFIRMED, MISMATCH or NOT_FOUND (both fabricated), with the
	// plane's reason. Empty when nobody asked (a packet outside the platform).
	Confirmation       string `json:"confirmation,omitempty"`
	ConfirmationReason string `json:"confirmationReason,omitempty"`
	// LocatorConfirmed says the cited place was found in the source, by the plane or a person.
	LocatorConfirmed bool `json:"locatorConfirmed,omitempty"`
}

// Computational reports whether the revision is a bounded computational problem: a search or
// numerical target, or one that states a computation.
func (r *Revision) Computational() bool {
	return r.Acceptance.Kind == packet.Search || r.Acceptance.Kind == packet.Numerical || r.Computation != nil
}

// FiniteSearch reports whether the revision's target is a search, the only kind the policy's
// extra checks for bounded computational problems read in full ("A finite search target may
// qualify when …"): a numerical target states its precision and certification instead
// (acceptance.numerical), and a proof or a classification with a computation block is not asked
// for an instance, a brute-force argument, small cases or a parameter origin.
func (r *Revision) FiniteSearch() bool { return r.Acceptance.Kind == packet.Search }

// Digest is the SHA-256 of the revision's content as the gates read it, recorded with each run
// so that a rerun on the same input can be recognised.
func (r *Revision) Digest() string {
	b, err := json.Marshal(r)
	if err != nil { // every field marshals; a failure is a programming error
		panic("gates: digest: " + err.Error())
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
