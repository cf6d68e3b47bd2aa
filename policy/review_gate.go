package policy

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/lanes"
)

// The review gate of agent-assisted exception review (POLICY.md section 3; the seed's
// "Agent-assisted exception review"): one pure function that says whether the panel's
// recommendation may be recorded as an early-acceptance recommendation or the problem goes to
// administrator_review. It reads no database and no clock; the job gives it everything, as plain
// values, and stores what it returns in the publication_gate record. Every condition is checked
// every time and each failed one names its own reason code, so that the record says everything
// that stood in the way, not the first thing.
//
// Under policy v5 a passing gate does not accept the problem: the recommendation stays attached
// to the public challenge-period record until the deadline.

// ReviewGateVersion versions the gate's rules; the publication_gate record stores it.
const ReviewGateVersion = "review-gate-1"

// ReviewRoute is where the gate sends a problem.
type ReviewRoute string

// Routes.
const (
	RouteEarlyAcceptance     ReviewRoute = "RECOMMEND_EARLY_ACCEPTANCE"
	RouteAdministratorReview ReviewRoute = "ADMINISTRATOR_REVIEW"
)

// ReviewSwitches are the switches of automated review, true when on (open). The master switch
// and the agent-review switch each close the gate; the audit-lane switch stops a selected
// sample from publishing.
type ReviewSwitches struct {
	Master, AgentReview, AuditLane bool
}

// GateReview is one stored lane review as the gate reads it.
type GateReview struct {
	LaneID   string
	Role     lanes.Role
	Identity string
	// Provider is the provider's identity (lanes.Config.ProviderIdentity: protocol and host).
	Provider      string
	Model         string
	ModelVersion  string
	PromptVersion string
	PromptDigest  string
	// Approved: an operator approved this provider and model-version lane, and the approval
	// stands.
	Approved bool
	// Baseline marks the deterministic local lane.
	Baseline bool
	// PacketDigest is the digest of the packet the review read (lanes.PanelInput.Digest).
	PacketDigest string
	// ServedModel is the model the provider said answered ("" when it said nothing).
	ServedModel string
	// Failure is the lane's failure code, "" when it answered.
	Failure lanes.Failure
	Answer  *lanes.Answer
}

// ReviewGateInput is everything the review gate reads.
type ReviewGateInput struct {
	// Now is the time of the decision; the search window is measured from it.
	Now time.Time
	// FreshnessWindow is how old the dated search may be (gates.DefaultFreshnessWindow by policy).
	FreshnessWindow time.Duration
	Switches        ReviewSwitches
	// BatchStopped: repeated defects sharing this problem's generator, importer, reviewer lane
	// or prompt version have stopped the batch.
	BatchStopped bool
	// Disputed: an appeal or a disputed decision is open on the problem; that is human work.
	Disputed bool
	// PacketDigest is the digest of the current revision's packet and evidence.
	PacketDigest string

	// Panel holds the three panel reviews.
	Panel []GateReview

	// The record.
	IntakeValid          bool
	StructuredReferences int // rows in the structured bibliography
	PrimarySource        bool
	DatedSearch          bool // a structured reference_search record exists
	SearchCheckedOn      time.Time
	RightsBasis          string
	// Gates are the current runs of the nine deterministic gates on the reviewed revision.
	Gates               []GateRunInput
	UnresolvedPriorArt  int // prior-art candidates nobody has resolved
	ResolvingClaim      bool
	DirectDuplicate     bool
	FinancialCommitment bool
	// NeutralVisualAssigned: the page shows the neutral generated visual; BespokeArtReviewed:
	// reviewed bespoke art exists instead.
	NeutralVisualAssigned bool
	BespokeArtReviewed    bool

	// AuditSelected is the audit selector's verdict (SelectAudit); Audit the audit lane's review.
	AuditSelected bool
	Audit         *GateReview
}

// ReviewReasonCode is one condition of the gate that failed.
type ReviewReasonCode string

// The reason codes: one per condition, ReviewGateReasons in order.
const (
	ReasonGateConfigInvalid   ReviewReasonCode = "GATE_CONFIG_INVALID"
	ReasonMasterSwitchOff     ReviewReasonCode = "MASTER_SWITCH_OFF"
	ReasonAgentReviewOff      ReviewReasonCode = "AGENT_REVIEW_SWITCH_OFF"
	ReasonBatchStopped        ReviewReasonCode = "BATCH_STOPPED"
	ReasonDisputed            ReviewReasonCode = "DISPUTED"
	ReasonPanelIncomplete     ReviewReasonCode = "PANEL_INCOMPLETE"
	ReasonPanelMalformed      ReviewReasonCode = "PANEL_MALFORMED"
	ReasonReviewUnidentified  ReviewReasonCode = "REVIEW_UNIDENTIFIED"
	ReasonIdentityReused      ReviewReasonCode = "IDENTITY_REUSED"
	ReasonLaneUnapproved      ReviewReasonCode = "LANE_UNAPPROVED"
	ReasonLaneBaseline        ReviewReasonCode = "LANE_BASELINE"
	ReasonModelMismatch       ReviewReasonCode = "MODEL_VERSION_MISMATCH"
	ReasonPromptUnknown       ReviewReasonCode = "PROMPT_UNKNOWN"
	ReasonReviewStale         ReviewReasonCode = "REVIEW_STALE"
	ReasonLaneConfigInvalid   ReviewReasonCode = "LANE_CONFIG_INVALID"
	ReasonProviderFailure     ReviewReasonCode = "PROVIDER_FAILURE"
	ReasonReviewRefused       ReviewReasonCode = "REVIEW_REFUSED"
	ReasonOutputInvalid       ReviewReasonCode = "OUTPUT_INVALID"
	ReasonCheckMissing        ReviewReasonCode = "CHECK_MISSING"
	ReasonCheckNotConfirmed   ReviewReasonCode = "CHECK_NOT_CONFIRMED"
	ReasonNotQualify          ReviewReasonCode = "RECOMMENDATION_NOT_QUALIFY"
	ReasonReviewBlocker       ReviewReasonCode = "REVIEW_BLOCKER"
	ReasonReviewConcern       ReviewReasonCode = "REVIEW_CONCERN"
	ReasonReviewUnknown       ReviewReasonCode = "REVIEW_UNKNOWN"
	ReasonIntakeInvalid       ReviewReasonCode = "INTAKE_INVALID"
	ReasonNoReferences        ReviewReasonCode = "NO_STRUCTURED_REFERENCES"
	ReasonNoPrimarySource     ReviewReasonCode = "NO_PRIMARY_SOURCE"
	ReasonNoDatedSearch       ReviewReasonCode = "NO_DATED_SEARCH"
	ReasonNoRightsBasis       ReviewReasonCode = "NO_RIGHTS_BASIS"
	ReasonStatementGate       ReviewReasonCode = "STATEMENT_GATE_NOT_PASSED"
	ReasonHeroGate            ReviewReasonCode = "HERO_GATE_NOT_PASSED"
	ReasonGateFailed          ReviewReasonCode = "GATE_FAILED"
	ReasonGateNeedsPerson     ReviewReasonCode = "GATE_NEEDS_PERSON"
	ReasonGateNotRun          ReviewReasonCode = "GATE_NOT_RUN"
	ReasonSearchOutsideWindow ReviewReasonCode = "SEARCH_OUTSIDE_WINDOW"
	ReasonPriorArtUnresolved  ReviewReasonCode = "PRIOR_ART_UNRESOLVED"
	ReasonResolvingClaim      ReviewReasonCode = "RESOLVING_CLAIM"
	ReasonDirectDuplicate     ReviewReasonCode = "DIRECT_DUPLICATE"
	ReasonFinancialCommitment ReviewReasonCode = "FINANCIAL_COMMITMENT"
	ReasonVisualNotAssigned   ReviewReasonCode = "VISUAL_NOT_ASSIGNED"
	ReasonAuditSwitchOff      ReviewReasonCode = "AUDIT_LANE_SWITCH_OFF"
	ReasonAuditMissing        ReviewReasonCode = "AUDIT_MISSING"
	ReasonAuditRoleInvalid    ReviewReasonCode = "AUDIT_ROLE_INVALID"
	ReasonAuditNotDistinct    ReviewReasonCode = "AUDIT_LANE_NOT_DISTINCT"
	ReasonAuditDisagrees      ReviewReasonCode = "AUDIT_DISAGREES"
	ReasonAuditRights         ReviewReasonCode = "AUDIT_RIGHTS_CONCERN"
	ReasonAuditSafety         ReviewReasonCode = "AUDIT_SAFETY_CONCERN"
	ReasonAuditLegal          ReviewReasonCode = "AUDIT_LEGAL_CONCERN"
)

// ReviewGateReasons is the closed vocabulary of the gate's reason codes, in the order the
// record lists them.
var ReviewGateReasons = Vocabulary{
	{string(ReasonGateConfigInvalid), "Gate configuration invalid", "The gate was run without its clock, freshness window or packet digest."},
	{string(ReasonMasterSwitchOff), "Automated review off", "The master feature switch of automated review is off."},
	{string(ReasonAgentReviewOff), "Agent review off", "The agent-review switch is off."},
	{string(ReasonBatchStopped), "Batch stopped", "Repeated defects share this problem's generator, importer, reviewer lane or prompt version."},
	{string(ReasonDisputed), "Disputed", "An appeal or a disputed decision is open; that is human work."},
	{string(ReasonPanelIncomplete), "Panel incomplete", "A panel role has no review."},
	{string(ReasonPanelMalformed), "Panel malformed", "A panel role was reviewed more than once, or a review is not a panel role's."},
	{string(ReasonReviewUnidentified), "Review unidentified", "A review does not name its lane, provider, model version, prompt version and reviewer identity."},
	{string(ReasonIdentityReused), "Reviewer identity reused", "Two reviews share a reviewer identity."},
	{string(ReasonLaneUnapproved), "Lane not approved", "No operator approved this provider and model-version lane."},
	{string(ReasonLaneBaseline), "Baseline lane", "The deterministic local baseline can recommend but never publish."},
	{string(ReasonModelMismatch), "Model version mismatch", "The provider reports serving a model other than the approved one."},
	{string(ReasonPromptUnknown), "Prompt unknown", "The review's prompt version or digest is not one of the role's prompts."},
	{string(ReasonReviewStale), "Review of another packet", "The review read another packet than the current revision's."},
	{string(ReasonLaneConfigInvalid), "Lane configuration invalid", "The lane could not be called as configured (a missing key, an invalid setting)."},
	{string(ReasonProviderFailure), "Provider failure", "The provider failed or its response could not be read."},
	{string(ReasonReviewRefused), "Review refused", "The model declined to review."},
	{string(ReasonOutputInvalid), "Invalid output", "The model's answer is not in the strict answer schema."},
	{string(ReasonCheckMissing), "Required check missing", "A review does not report a required check."},
	{string(ReasonCheckNotConfirmed), "Check not confirmed", "A required check failed or could not be confirmed."},
	{string(ReasonNotQualify), "Not a qualify recommendation", "A panel role did not recommend qualify."},
	{string(ReasonReviewBlocker), "Blocker", "A review names a blocker."},
	{string(ReasonReviewConcern), "Concern", "A review names a concern."},
	{string(ReasonReviewUnknown), "Unknown", "A review names something it could not determine."},
	{string(ReasonIntakeInvalid), "Intake invalid", "The current submission does not pass intake validation."},
	{string(ReasonNoReferences), "No structured references", "The record has no structured references."},
	{string(ReasonNoPrimarySource), "No primary source", "No primary source supports the state of the art."},
	{string(ReasonNoDatedSearch), "No dated search", "The record has no dated structured search record."},
	{string(ReasonNoRightsBasis), "No rights basis", "The record states no license or rights basis."},
	{string(ReasonStatementGate), "Statement gate not passed", "The title and statement do not pass the problem-display standard."},
	{string(ReasonHeroGate), "Hero gate not passed", "The public visual does not pass the problem-display standard."},
	{string(ReasonGateFailed), "Gate failed", "A check of another publication gate fails on the current revision."},
	{string(ReasonGateNeedsPerson), "Gate needs a person", "A check a machine cannot certify is not one a panel role may confirm, or the role that may did not confirm it."},
	{string(ReasonGateNotRun), "Gate not run", "A gate, or one of its checks, has not run or could not run on the current revision."},
	{string(ReasonSearchOutsideWindow), "Search outside the window", "The dated search is older than the freshness window, or dated in the future."},
	{string(ReasonPriorArtUnresolved), "Prior-art candidate unresolved", "A prior-art candidate needs staff judgment."},
	{string(ReasonResolvingClaim), "Resolving claim attached", "An established claim bound by resolves is attached."},
	{string(ReasonDirectDuplicate), "Direct duplicate", "The problem directly duplicates another record."},
	{string(ReasonFinancialCommitment), "Financial commitment", "A financial commitment requires staff judgment."},
	{string(ReasonVisualNotAssigned), "Visual not assigned", "Neither the neutral visual nor reviewed bespoke art is assigned."},
	{string(ReasonAuditSwitchOff), "Audit lane off", "The problem was selected for audit and the audit-lane switch is off."},
	{string(ReasonAuditMissing), "Audit missing", "The problem was selected for audit and no audit review is there."},
	{string(ReasonAuditRoleInvalid), "Audit role invalid", "The audit review is not an audit lane's."},
	{string(ReasonAuditNotDistinct), "Audit lane not distinct", "The audit lane shares a provider or model version with the panel."},
	{string(ReasonAuditDisagrees), "Audit disagrees", "The audit did not affirm the panel's recommendation."},
	{string(ReasonAuditRights), "Audit: rights concern", "The audit did not confirm the rights check."},
	{string(ReasonAuditSafety), "Audit: safety concern", "The audit did not confirm the safety check."},
	{string(ReasonAuditLegal), "Audit: legal concern", "The audit did not confirm the legal-risk check."},
}

// ReviewReason is one failed condition, with the role whose review it concerns (empty for the
// record and the configuration) and one line of detail. Details quote the lane's answer only by
// check ID and count, never its text: the record holds no model reasoning.
type ReviewReason struct {
	Code   ReviewReasonCode
	Role   lanes.Role
	Detail string
}

// AuditState is where the audit of a recommendation stands.
type AuditState string

// Audit states.
const (
	AuditNotSelected AuditState = "NOT_SELECTED"
	AuditAffirmed    AuditState = "AFFIRMED"
	AuditFailed      AuditState = "FAILED"
	AuditMissing     AuditState = "MISSING"
	AuditLaneClosed  AuditState = "LANE_CLOSED"
)

// SearchWindow is the freshness window the gate applied to the dated search.
type SearchWindow struct {
	CheckedOn time.Time
	Days      int
	From      time.Time // the oldest date the window admits
	Within    bool
}

// ReviewGateResult is the gate's answer and what the publication_gate record keeps of it.
type ReviewGateResult struct {
	Version      string
	Route        ReviewRoute
	Reasons      []ReviewReason
	AuditState   AuditState
	SearchWindow SearchWindow
	// StaffAudit is the top-level staff-audit flag: true exactly when a person must act
	// (administrator_review); an affirmed audit leaves it false.
	StaffAudit bool
}

// ReasonCodes are the distinct codes of r's reasons, in the vocabulary's order.
func (r ReviewGateResult) ReasonCodes() []string {
	var out []string
	for _, t := range ReviewGateReasons {
		if slices.ContainsFunc(r.Reasons, func(x ReviewReason) bool { return string(x.Code) == t.Value }) {
			out = append(out, t.Value)
		}
	}
	return out
}

// searchFutureSkew is how far in the future a search date may lie (clock skew, time zones),
// as the open-status gate allows.
const searchFutureSkew = 24 * time.Hour

// ReviewGate decides the route of a panel recommendation. It recommends early acceptance only
// when every condition of the policy holds; any other state of any input — uncertainty, a
// provider failure, malformed output, a reused identity, an unapproved model version, an
// invalid configuration, a closed switch — routes to administrator_review with its reason.
func ReviewGate(in ReviewGateInput) ReviewGateResult {
	g := reviewGate{in: in}
	g.configuration()
	g.panel()
	g.record()
	state := g.audit()
	res := ReviewGateResult{Version: ReviewGateVersion, Reasons: g.reasons, AuditState: state, SearchWindow: g.window,
		Route: RouteEarlyAcceptance}
	if len(g.reasons) > 0 {
		res.Route, res.StaffAudit = RouteAdministratorReview, true
	}
	return res
}

// OtherwiseQualifies reports whether the recommendation passes the gate before any audit: the
// question the audit selector asks. The job calls it after the panel, calls SelectAudit when it
// holds, runs the audit lane on a selected recommendation, and then calls ReviewGate with the
// selection and the audit.
func OtherwiseQualifies(in ReviewGateInput) bool {
	in.AuditSelected, in.Audit = false, nil
	return ReviewGate(in).Route == RouteEarlyAcceptance
}

type reviewGate struct {
	in      ReviewGateInput
	reasons []ReviewReason
	window  SearchWindow
}

func (g *reviewGate) add(code ReviewReasonCode, role lanes.Role, format string, args ...any) {
	g.reasons = append(g.reasons, ReviewReason{Code: code, Role: role, Detail: fmt.Sprintf(format, args...)})
}

func (g *reviewGate) configuration() {
	in := g.in
	var missing []string
	if in.Now.IsZero() {
		missing = append(missing, "the time")
	}
	if in.FreshnessWindow <= 0 {
		missing = append(missing, "a freshness window")
	}
	if strings.TrimSpace(in.PacketDigest) == "" {
		missing = append(missing, "the packet digest")
	}
	if in.UnresolvedPriorArt < 0 || in.StructuredReferences < 0 {
		missing = append(missing, "non-negative counts")
	}
	if len(missing) > 0 {
		g.add(ReasonGateConfigInvalid, "", "the gate was run without %s", strings.Join(missing, ", "))
	}
	if !in.Switches.Master {
		g.add(ReasonMasterSwitchOff, "", "the master switch of automated review is off")
	}
	if !in.Switches.AgentReview {
		g.add(ReasonAgentReviewOff, "", "the agent-review switch is off")
	}
	if in.BatchStopped {
		g.add(ReasonBatchStopped, "", "the batch is stopped for repeated defects")
	}
	if in.Disputed {
		g.add(ReasonDisputed, "", "an appeal or disputed decision is open")
	}
}

// panel checks the three panel reviews and the distinctness of every reviewer identity.
func (g *reviewGate) panel() {
	count := map[lanes.Role]int{}
	for _, r := range g.in.Panel {
		count[r.Role]++
		if !r.Role.Panel() {
			g.add(ReasonPanelMalformed, r.Role, "a %q review is not a panel role's", r.Role)
		}
	}
	for _, role := range lanes.PanelRoles {
		switch n := count[role]; {
		case n == 0:
			g.add(ReasonPanelIncomplete, role, "no %s review", role)
		case n > 1:
			g.add(ReasonPanelMalformed, role, "%d %s reviews; the panel has one per role", n, role)
		}
	}
	for _, r := range g.in.Panel {
		if r.Role.Panel() {
			g.review(r, r.Role, false)
		}
	}
	g.identities(g.in.Panel, nil)
}

// identities reports each review in rs whose reviewer identity an earlier review in rs, or one
// in prior, already used.
func (g *reviewGate) identities(rs, prior []GateReview) {
	for j, r := range rs {
		earlier := append(slices.Clone(prior), rs[:j]...)
		for _, e := range earlier {
			if strings.TrimSpace(r.Identity) != "" && lanes.SameIdentity(e.Identity, r.Identity) {
				g.add(ReasonIdentityReused, r.Role, "the %s and %s reviews share reviewer identity %q", e.Role, r.Role, r.Identity)
				break
			}
		}
	}
}

// review checks one review: who made it, on what, and what it answered. For the audit, a
// disagreement and a failed rights, safety or legal check have reasons of their own.
func (g *reviewGate) review(r GateReview, role lanes.Role, audit bool) {
	var unnamed []string
	for _, f := range []struct{ name, v string }{{"lane", r.LaneID}, {"reviewer identity", r.Identity},
		{"provider", r.Provider}, {"model version", r.ModelVersion}, {"prompt version", r.PromptVersion}} {
		if strings.TrimSpace(f.v) == "" {
			unnamed = append(unnamed, f.name)
		}
	}
	if len(unnamed) > 0 {
		g.add(ReasonReviewUnidentified, role, "the review names no %s", strings.Join(unnamed, ", "))
	}
	if r.Baseline {
		g.add(ReasonLaneBaseline, role, "lane %s is the deterministic baseline", r.LaneID)
	}
	if !r.Approved {
		g.add(ReasonLaneUnapproved, role, "lane %s (%s, %s) is not approved", r.LaneID, r.Provider, r.ModelVersion)
	}
	if r.ServedModel != "" && !sameModel(r.ServedModel, r.Model) && !sameModel(r.ServedModel, r.ModelVersion) {
		g.add(ReasonModelMismatch, role, "the provider served %q, not the approved %q", OneLine(r.ServedModel, 80), r.ModelVersion)
	}
	if g.in.PacketDigest != "" && r.PacketDigest != g.in.PacketDigest {
		g.add(ReasonReviewStale, role, "the review read packet %s, not the current %s", short(r.PacketDigest), short(g.in.PacketDigest))
	}
	prompt, err := lanes.LookupPrompt(role, r.PromptVersion)
	promptKnown := err == nil && prompt.Digest == r.PromptDigest
	if !promptKnown {
		g.add(ReasonPromptUnknown, role, "prompt %s %q with digest %s is not one of the role's prompts", role, r.PromptVersion, short(r.PromptDigest))
	}
	if r.Failure != "" {
		code := ReasonProviderFailure
		switch r.Failure.Class() {
		case lanes.ClassConfig:
			code = ReasonLaneConfigInvalid
		case lanes.ClassRefusal:
			code = ReasonReviewRefused
		case lanes.ClassOutput:
			code = ReasonOutputInvalid
		}
		g.add(code, role, "the lane failed: %s", r.Failure)
		return
	}
	a := r.Answer
	if a == nil {
		g.add(ReasonOutputInvalid, role, "the review holds no answer")
		return
	}
	if !a.Recommendation.Valid() {
		g.add(ReasonOutputInvalid, role, "the recommendation %q is not one of the four", OneLine(string(a.Recommendation), 40))
	}
	if promptKnown {
		for _, c := range a.Checks {
			if !slices.Contains(prompt.Checks, c.ID) {
				g.add(ReasonOutputInvalid, role, "the answer reports check %q, which the prompt does not require", OneLine(c.ID, 40))
			}
		}
		var unconfirmed []string
		for _, id := range prompt.Checks {
			c, ok := a.Check(id)
			switch {
			case !ok:
				g.add(ReasonCheckMissing, role, "check %s is not reported", id)
			case c.Confirmed:
			case audit && id == lanes.AuditCheckRights:
				g.add(ReasonAuditRights, role, "the audit did not confirm %s", id)
			case audit && id == lanes.AuditCheckSafety:
				g.add(ReasonAuditSafety, role, "the audit did not confirm %s", id)
			case audit && id == lanes.AuditCheckLegalRisk:
				g.add(ReasonAuditLegal, role, "the audit did not confirm %s", id)
			default:
				unconfirmed = append(unconfirmed, id)
			}
		}
		if len(unconfirmed) > 0 {
			g.add(ReasonCheckNotConfirmed, role, "not confirmed: %s", strings.Join(unconfirmed, ", "))
		}
	}
	if a.Recommendation.Valid() && a.Recommendation != lanes.Qualify {
		if audit {
			g.add(ReasonAuditDisagrees, role, "the audit recommends %s", a.Recommendation)
		} else {
			g.add(ReasonNotQualify, role, "the review recommends %s", a.Recommendation)
		}
	}
	for _, l := range []struct {
		code  ReviewReasonCode
		items []string
		what  string
	}{{ReasonReviewBlocker, a.Blockers, "blocker"}, {ReasonReviewConcern, a.Concerns, "concern"}, {ReasonReviewUnknown, a.Unknowns, "unknown"}} {
		if n := len(l.items); n > 0 {
			g.add(l.code, role, "the review names %d %s", n, plural(n, l.what, l.what+"s"))
		}
	}
}

// record checks the submission and the page.
func (g *reviewGate) record() {
	in := g.in
	if !in.IntakeValid {
		g.add(ReasonIntakeInvalid, "", "the current submission does not pass intake validation")
	}
	if in.StructuredReferences <= 0 {
		g.add(ReasonNoReferences, "", "the record has no structured references")
	}
	if !in.PrimarySource {
		g.add(ReasonNoPrimarySource, "", "no primary source is cited")
	}
	days := int(in.FreshnessWindow / (24 * time.Hour))
	g.window = SearchWindow{CheckedOn: in.SearchCheckedOn, Days: days}
	if !in.Now.IsZero() {
		g.window.From = in.Now.Add(-in.FreshnessWindow).UTC()
	}
	switch {
	case !in.DatedSearch || in.SearchCheckedOn.IsZero():
		g.add(ReasonNoDatedSearch, "", "the record has no dated structured search")
	case in.Now.IsZero() || in.FreshnessWindow <= 0:
		// The configuration reason says why the window cannot be applied.
	default:
		age := in.Now.Sub(in.SearchCheckedOn)
		g.window.Within = age <= in.FreshnessWindow && age >= -searchFutureSkew
		if !g.window.Within {
			g.add(ReasonSearchOutsideWindow, "", "the search is dated %s, outside the %d-day window from %s",
				in.SearchCheckedOn.UTC().Format("2006-01-02"), days, g.window.From.Format("2006-01-02"))
		}
	}
	if strings.TrimSpace(in.RightsBasis) == "" {
		g.add(ReasonNoRightsBasis, "", "the record states no rights basis")
	}
	g.gateRuns()
	if n := in.UnresolvedPriorArt; n > 0 {
		g.add(ReasonPriorArtUnresolved, "", "%d unresolved prior-art %s", n, plural(n, "candidate", "candidates"))
	}
	if in.ResolvingClaim {
		g.add(ReasonResolvingClaim, "", "an established claim bound by resolves is attached")
	}
	if in.DirectDuplicate {
		g.add(ReasonDirectDuplicate, "", "the problem directly duplicates another record")
	}
	if in.FinancialCommitment {
		g.add(ReasonFinancialCommitment, "", "a financial commitment needs staff judgment")
	}
	if !in.NeutralVisualAssigned && !in.BespokeArtReviewed {
		g.add(ReasonVisualNotAssigned, "", "neither the neutral visual nor reviewed bespoke art is assigned")
	}
}

// audit checks the audit path. A selected recommendation needs the audit-lane switch on and an
// affirming audit, on a lane whose provider and model version both differ from every panel
// lane's. An audit that is there is read even when it was not required: what it says is
// evidence either way.
func (g *reviewGate) audit() AuditState {
	in := g.in
	before := len(g.reasons)
	switch {
	case in.Audit == nil && !in.AuditSelected:
		return AuditNotSelected
	case in.AuditSelected && !in.Switches.AuditLane:
		g.add(ReasonAuditSwitchOff, lanes.Audit, "the audit-lane switch is off")
	}
	if in.Audit == nil {
		g.add(ReasonAuditMissing, lanes.Audit, "the recommendation was selected for audit and has no audit review")
		return AuditMissing
	}
	a := *in.Audit
	if a.Role != lanes.Audit {
		g.add(ReasonAuditRoleInvalid, lanes.Audit, "the audit review is a %q review", a.Role)
	}
	for _, p := range in.Panel {
		if !p.Role.Panel() {
			continue
		}
		if strings.TrimSpace(p.Provider) != "" && strings.EqualFold(strings.TrimSpace(p.Provider), strings.TrimSpace(a.Provider)) {
			g.add(ReasonAuditNotDistinct, lanes.Audit, "the audit lane's provider %s is the %s lane's", a.Provider, p.Role)
		}
		if sameModel(p.ModelVersion, a.ModelVersion) || (p.ServedModel != "" && sameModel(p.ServedModel, a.ServedModel)) {
			g.add(ReasonAuditNotDistinct, lanes.Audit, "the audit lane's model %s is the %s lane's", a.ModelVersion, p.Role)
		}
	}
	g.identities([]GateReview{a}, in.Panel)
	g.review(a, lanes.Audit, true)
	switch {
	case in.AuditSelected && !in.Switches.AuditLane:
		return AuditLaneClosed
	case len(g.reasons) > before:
		return AuditFailed
	}
	return AuditAffirmed
}

func sameModel(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	return a != "" && strings.EqualFold(a, b)
}

func short(digest string) string {
	if digest == "" {
		return "(none)"
	}
	return Clip(digest, 12)
}

// The audit selector (POLICY.md section 3): at least one in AuditEvery otherwise qualifying
// recommendations of each UTC week, the first of the week always, goes to the audit lane.
// Which others go is drawn from a secret seed, so that a generator cannot learn which of its
// records will be audited, and is still reproducible by anyone who holds the seed.
const AuditEvery = 10

// AuditCandidate is an otherwise qualifying recommendation, in the order they were recorded.
type AuditCandidate struct {
	ID string
	At time.Time
}

// AuditSelection is the selector's verdict on one candidate, with the rule that made it.
type AuditSelection struct {
	Selected bool
	Week     time.Time // Monday 00:00 UTC
	Ordinal  int       // the candidate's number in its week, from 1
	Rule     string
}

// SelectAudit decides whether next goes to the audit lane, given the otherwise qualifying
// recommendations recorded before it (week; entries from other weeks are ignored) and the
// seed. It is pure and idempotent: a candidate already in week keeps its number and its
// verdict.
//
// The schedule (AuditSchedule) selects the week's first candidate and then, for each i ≥ 2,
// the i-th selection at a seeded position no later than number (i-1)·AuditEvery + 1. So by the
// n-th candidate at least ⌈n/AuditEvery⌉ are selected: at least 10% at every point of the week,
// not only at its end.
func SelectAudit(week []AuditCandidate, next AuditCandidate, seed []byte) AuditSelection {
	start := WeekOf(next.At)
	n := 0
	for _, c := range week {
		if !WeekOf(c.At).Equal(start) {
			continue
		}
		n++
		if c.ID == next.ID {
			break
		}
	}
	if !slices.ContainsFunc(week, func(c AuditCandidate) bool { return c.ID == next.ID && WeekOf(c.At).Equal(start) }) {
		n++
	}
	selected := slices.Contains(AuditSchedule(seed, start, n), n)
	rule := fmt.Sprintf("otherwise qualifying recommendation number %d of the UTC week from %s; the first of each week and, "+
		"for every i ≥ 2, the i-th selection at a seeded number no later than (i−1)·%d+1 go to the audit lane",
		n, start.Format("2006-01-02"), AuditEvery)
	return AuditSelection{Selected: selected, Week: start, Ordinal: n, Rule: rule}
}

// AuditSchedule lists the numbers, up to n, that the seed selects in the week starting at week.
func AuditSchedule(seed []byte, week time.Time, n int) []int {
	if n < 1 {
		return nil
	}
	out := []int{1}
	for i := 2; ; i++ {
		prev := out[len(out)-1]
		latest := (i-1)*AuditEvery + 1
		span := latest - prev // positions prev+1 … latest
		mac := hmac.New(sha256.New, seed)
		mac.Write([]byte("audit|" + WeekOf(week).Format("2006-01-02") + "|" + strconv.Itoa(i)))
		draw := binary.BigEndian.Uint64(mac.Sum(nil)[:8])
		next := prev + 1 + int(draw%uint64(span))
		if next > n {
			return out
		}
		out = append(out, next)
	}
}
