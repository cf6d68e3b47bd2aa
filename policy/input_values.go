package policy

import (
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/schema/gid"
)

// The enumerated values of the policy's inputs, by the names a transport uses: a page turns a
// form's text into them (DecisionAction(f.Get("action"))) without reaching for the generated
// packages. The policy validates them; an unknown spelling is a field error.
type (
	DecisionAction  = decision.Action
	ReasonCode      = decision.ReasonCode
	Disagreement    = decision.Disagreement
	ClaimStatus     = claim.Status
	BindingRelation = binding.Relation
	FlagReason      = flag.Reason
)

// NewIdempotencyKey is a fresh key for a form that records a decision: the form carries it, so
// submitting it twice records one decision.
func NewIdempotencyKey(prefix string) string { return prefix + gid.New("key") }
