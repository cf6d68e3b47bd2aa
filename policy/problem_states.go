package policy

import "github.com/theoremdb/theoremdb/ent/problem"

// The stored spellings of a problem's states and of its acceptance authorities, for the
// transports that compare a view's State or AcceptanceAuthority with one: pages read them here,
// never from the generated packages.
const (
	StateProspecting = string(problem.StatePROSPECTING)
	StateAccepted    = string(problem.StateACCEPTED)
	StateArchived    = string(problem.StateARCHIVED)
	StateMerged      = string(problem.StateMERGED)
	StateRemoved     = string(problem.StateREMOVED)

	// AcceptedByDefault is the acceptance authority of a problem accepted when its challenge
	// period ended with no decision.
	AcceptedByDefault = string(problem.AcceptanceAuthorityCHALLENGE_WINDOW_ELAPSED)
)
