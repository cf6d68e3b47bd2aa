package policy

import (
	"strings"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
)

// The closed sets of agent-assisted review, one table each, as vocabulary.go keeps those of
// the record: the lane roles and providers (whose values are lanes'), the switches with their
// command-line spelling, the audit states and the recommendations of a publication_gate
// record. Pages, the command line and validation read these tables; a test holds each to the
// database's enum, or to the constants that are stored where the column is plain text.

var (
	// LaneRoles are what a lane is asked to judge: the panel's three roles first, then the
	// audit, then the corpus's model checks (lanes.LaneRoles, in its order). A lane review is
	// only ever of the first four (lanes.Roles).
	LaneRoles = Vocabulary{
		{string(lanes.PriorArt), "Prior art", "Is the problem open and new: the dated search, the primary source, the strongest known result, no known answer and no duplicate."},
		{string(lanes.MathCritique), "Mathematical critique", "Is the statement explicit, determinate and consistent, with an objective acceptance test."},
		{string(lanes.FormalReadiness), "Formal readiness", "Can the settling evidence be checked independently: fixed conventions, stable artifacts, parameters with a rationale."},
		{string(lanes.Audit), "Audit", "A sampled second look at a qualifying recommendation: the panel's consistency, rights, safety and legal risk."},
		{string(lanes.JudgeRole), "Model judge", "Reads a corpus statement or proof one step at a time and names each step it cannot follow; judges only once its measured rate qualifies it."},
		{string(lanes.RoundTripRole), "Formal round trip", "Translates a node's formal statement back into prose and names each difference from its informal statement."},
		{string(lanes.HypothesesRole), "Hypothesis check", "Asks of each hypothesis of a corpus statement whether a known counterexample shows it is needed."},
	}

	// LaneProviders are the protocols a lane speaks (lanes.Providers, in its order).
	LaneProviders = Vocabulary{
		{string(lanes.OpenAI), "OpenAI-compatible API", "The chat-completions API that OpenAI, vLLM, llama.cpp, Ollama and most gateways speak."},
		{string(lanes.Anthropic), "Anthropic Messages API", "Anthropic's Messages API."},
		{string(lanes.Baseline), "Deterministic baseline", "Runs the gates only and calls nothing; it can recommend but never publish."},
	}

	// AuditStates are where the audit of a recommendation stands, as a publication_gate
	// record stores them.
	AuditStates = Vocabulary{
		{string(AuditNotEligible), "Not considered: the recommendation did not otherwise qualify", "The audit selector only considers a recommendation that passes every other condition."},
		{string(AuditNotSelected), "Not selected for audit", "The audit selector did not pick this recommendation."},
		{string(AuditAffirmed), "Audited: the audit lane affirmed every check", "The audit lane confirmed the panel's recommendation and every audit check."},
		{string(AuditFailed), "Audited: the audit lane did not affirm", "The audit lane disagreed or did not confirm a check: the problem goes to administrator review."},
		{string(AuditMissing), "Selected for audit; no audit review was recorded", "The audit lane did not answer: the problem goes to administrator review."},
		{string(AuditLaneClosed), "Selected for audit while the audit lane's switch was off", "A selected recommendation cannot be recorded without staff while the audit-lane switch is off."},
	}

	// GateRecommendations are what a publication_gate record recommends: the review gate's two
	// routes, and NONE when a switch had closed the gate.
	GateRecommendations = Vocabulary{
		{string(RouteEarlyAcceptance), "Recommended for early acceptance — under policy " + gates.PolicyNumber + " this does not accept early; the problem stays in its challenge period until the deadline",
			"Every condition of the review gate holds; the recommendation stays on the record."},
		{string(RouteAdministratorReview), "Sent to administrator review", "A condition of the review gate failed: the problem is held for staff with the reasons."},
		{RecommendationNone, "Automated review closed (a switch is off)", "The master or the agent-review switch was off: the problem takes the ordinary human path."},
	}
)

// GateSwitch is one switch of automated review: its Value as the database and GraphQL spell
// it (AGENT_REVIEW), and Arg as the command line and the page's address do (agent-review).
type GateSwitch struct {
	Term
	Arg string
}

// GateSwitches are the switches, in the order pages and the command line list them.
var GateSwitches = []GateSwitch{
	{Term{SwitchMaster, "Master switch", "The feature switch of automated review. Off closes the gate: no lane is called, and every revision takes the ordinary human path."}, "master"},
	{Term{SwitchAgentReview, "Agent-review switch", "Off closes the gate as the master switch does. Repeated defects of one lane or prompt version turn it off by themselves."}, "agent-review"},
	{Term{SwitchAuditLane, "Audit-lane switch", "Off, a recommendation the audit selector picks cannot be recorded without staff: it goes to administrator review."}, "audit-lane"},
}

// SwitchNamed finds a switch by either spelling, in any case, with - or _ ("agent-review",
// "AGENT_REVIEW").
func SwitchNamed(name string) (GateSwitch, bool) {
	n := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(name), "-", "_"))
	for _, sw := range GateSwitches {
		if sw.Value == n {
			return sw, true
		}
	}
	return GateSwitch{}, false
}

// SwitchArgs are the switches as the command line spells them, in a sentence: "master,
// agent-review or audit-lane".
func SwitchArgs() string {
	args := make([]string, len(GateSwitches))
	for i, sw := range GateSwitches {
		args[i] = sw.Arg
	}
	return orList(args)
}

// ProviderLabel is a lane's provider in words; a provider identity (openai@host, as a review
// records it) adds the host.
func ProviderLabel(p string) string {
	proto, host, _ := strings.Cut(p, "@")
	out := LaneProviders.Label(proto)
	if host != "" {
		out += " (" + host + ")"
	}
	return out
}
