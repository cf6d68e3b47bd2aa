// Package lanes owns the model lanes of agent-assisted exception review (POLICY.md section 3):
// the roles and their required checks, the versioned prompts, the strict answer schema, the
// provider adapters (the OpenAI-compatible chat-completions API and Anthropic's Messages API),
// the deterministic local baseline lane and the three-role panel.
//
// A lane is one provider, model version, prompt version and role with a distinct reviewer
// identity. A role's request is built from the packet and the evidence the submitter had and
// nothing else: PanelInput has no place for another role's answer, so a panel role cannot see
// one. Only the audit lane reads the panel's answers (AuditInput), because it checks their
// consistency.
//
// A model's output is parsed strictly into an Answer: prose around the JSON, malformed JSON,
// unknown or duplicated fields, a missing or unknown check, a wrong type, a refusal or a
// truncated answer is each a distinct Failure, and so is every way the provider can fail
// (missing key, timeout, rate limit, server error, oversized or unintelligible response).
// Each Failure has a Class the review gate routes on; none of them is ever read as a pass.
//
// Keys come from the environment: THEOREMDB_LANE_KEY_<ID>, where ID is the lane's reviewer
// identity upper-cased with every character other than A-Z and 0-9 replaced by an underscore
// (identity "panel.prior-art-1" reads THEOREMDB_LANE_KEY_PANEL_PRIOR_ART_1). KeyEnvName
// computes it.
//
// Nothing here touches the database or decides a route: the LaneReview records, the switches
// and the review gate belong to policy/ and the job that runs the panel to workers/. A lane's
// answer is a recommendation, never evidence or a review; the baseline lane can never publish.
package lanes
