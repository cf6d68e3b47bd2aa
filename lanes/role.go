package lanes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/gates"
)

// Role is what a lane is asked to judge. The values are the GraphQL enum values.
type Role string

// The three panel roles and the audit role.
const (
	PriorArt        Role = "PRIOR_ART"
	MathCritique    Role = "MATH_CRITIQUE"
	FormalReadiness Role = "FORMAL_READINESS"
	Audit           Role = "AUDIT"
)

// PanelRoles are the roles of the qualification panel, in the order the policy names them.
var PanelRoles = []Role{PriorArt, MathCritique, FormalReadiness}

// Roles are every role, panel first.
var Roles = []Role{PriorArt, MathCritique, FormalReadiness, Audit}

// Valid reports whether r is a known role of the panel or the audit.
func (r Role) Valid() bool { return slices.Contains(Roles, r) }

// CheckRoles are the corpus's model checks a registered lane may serve besides the panel and
// the audit: the judges (K09 9.3.3), the formal round trip (9.3.2) and the hypothesis check
// (9.3.4). Each has its own prompts and answer; none takes part in a panel or in blind gold.
var CheckRoles = []Role{JudgeRole, RoundTripRole, HypothesesRole}

// LaneRoles are every role a registered lane may have: the panel's, the audit, then the checks.
var LaneRoles = append(slices.Clone(Roles), CheckRoles...)

// Check reports whether r is one of the corpus's model checks.
func (r Role) Check() bool { return slices.Contains(CheckRoles, r) }

// Panel reports whether r is one of the three panel roles.
func (r Role) Panel() bool { return r.Valid() && r != Audit }

// dir is the folder of the role's prompts under prompts/.
func (r Role) dir() string { return strings.ToLower(string(r)) }

// ParseRole reads a lane's role in any case ("prior_art", "PRIOR_ART", "prior-art", "judge").
func ParseRole(s string) (Role, error) {
	r := Role(strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), "-", "_")))
	if !slices.Contains(LaneRoles, r) {
		return "", fmt.Errorf("lanes: %q is not a role (%s)", s, OneOf(LaneRoles))
	}
	return r, nil
}

// Recommendation is a lane's recommended action: the four actions of review policy v5, spelled
// as the policy's reviewer note template spells them. A lane that is unsure recommends
// keep_prospecting ("Record uncertain cases as keep_prospecting").
type Recommendation string

// Recommendations.
const (
	Qualify         Recommendation = "qualify"
	KeepProspecting Recommendation = "keep_prospecting"
	Archive         Recommendation = "archive"
	Merge           Recommendation = "merge"
)

// Recommendations are the closed set, in the policy's order.
var Recommendations = []Recommendation{Qualify, KeepProspecting, Archive, Merge}

// Valid reports whether r is one of the four.
func (r Recommendation) Valid() bool { return slices.Contains(Recommendations, r) }

// The audit lane's checks the review gate reads by name: a rights, safety or legal concern
// sends the problem to administrator_review with its own reason.
const (
	AuditCheckPanelConsistency = "panel_consistency"
	AuditCheckRights           = "rights"
	AuditCheckSafety           = "safety"
	AuditCheckLegalRisk        = "legal_risk"
)

// RoleCheck is a check every prompt of a role must require, with the deterministic gates whose
// outcomes bear on it. The baseline lane confirms a check only when every one of those gates
// passed; a check with no gate is never confirmed by the baseline.
type RoleCheck struct {
	ID    string
	Gates []gates.Name
}

// roleChecks are the checks the policy's text requires of each role. A prompt version may add
// checks; it may not drop one of these (the prompt loader refuses it).
var roleChecks = map[Role][]RoleCheck{
	PriorArt: {
		{"dated_search", []gates.Name{gates.OpenStatus}},
		{"nearby_formulations", []gates.Name{gates.OpenStatus}},
		{"primary_source", []gates.Name{gates.OpenStatus, gates.References}},
		{"strongest_known_result", []gates.Name{gates.OpenStatus}},
		{"target_absent", []gates.Name{gates.OpenStatus}},
		{"no_known_answer", []gates.Name{gates.Duplicate}},
		{"no_duplicate", []gates.Name{gates.Duplicate}},
		{"claims_sourced", []gates.Name{gates.References, gates.Provenance}},
		{"uncertainty_narrow", []gates.Name{gates.OpenStatus}},
	},
	MathCritique: {
		{"explicit_target", []gates.Name{gates.Statement}},
		{"domains_and_quantifiers", []gates.Name{gates.Statement}},
		{"local_definitions", []gates.Name{gates.Statement}},
		{"title_matches_statement", []gates.Name{gates.Statement}},
		{"determinate_target", []gates.Name{gates.Statement}},
		{"textbook_quality", []gates.Name{gates.Statement}},
		{"objective_acceptance", []gates.Name{gates.Acceptance}},
		{"internal_consistency", []gates.Name{gates.Consistency}},
		{"baseline_not_sufficient", []gates.Name{gates.Consistency}},
	},
	FormalReadiness: {
		{"settling_evidence", []gates.Name{gates.Acceptance}},
		{"independently_checkable", []gates.Name{gates.Acceptance}},
		{"conventions_fixed", []gates.Name{gates.Statement}},
		{"computational_extras", []gates.Name{gates.Computational}},
		{"stable_artifacts", []gates.Name{gates.Consistency, gates.Computational}},
		{"parameter_rationale", []gates.Name{gates.Provenance, gates.Computational}},
	},
	Audit: {
		{AuditCheckPanelConsistency, nil},
		{"open_status_evidence", []gates.Name{gates.OpenStatus}},
		{"source_coverage", []gates.Name{gates.References}},
		{AuditCheckRights, []gates.Name{gates.Provenance, gates.Hero}},
		{AuditCheckSafety, nil},
		{AuditCheckLegalRisk, []gates.Name{gates.Provenance}},
		{"remaining_uncertainty", nil},
	},
}

// RoleChecks are the checks every prompt of role must require.
func RoleChecks(role Role) []RoleCheck { return roleChecks[role] }

func roleCheck(role Role, id string) (RoleCheck, bool) {
	for _, c := range roleChecks[role] {
		if c.ID == id {
			return c, true
		}
	}
	return RoleCheck{}, false
}
