package policy

// EventKind is one kind of event the log holds: what it records and the keys of its JSON
// payload. EventKinds is the one table of them, which /api prints and event_kinds_test.go
// holds to the code: every kind the policy or the corpus appends is in it, with every payload
// key the code writes for it.
type EventKind struct {
	Kind    string
	Meaning string
	Payload []PayloadKey
	// MachineVerdict says the event records a machine's provisional verdict on an item (a lane's
	// review, the review gate's record, a contested panel): a blind page, such as a gold item a
	// reviewer grades, lists none of them.
	MachineVerdict bool
}

// PayloadKey is one key of an event's payload and what its value is.
type PayloadKey struct{ Key, Meaning string }

// eventKind builds a table row from the kind, its meaning and key, meaning pairs.
func eventKind(name, meaning string, keys ...string) EventKind {
	k := EventKind{Kind: name, Meaning: meaning}
	for i := 0; i+1 < len(keys); i += 2 {
		k.Payload = append(k.Payload, PayloadKey{keys[i], keys[i+1]})
	}
	return k
}

// machine marks a kind as recording a machine's provisional verdict.
func machine(k EventKind) EventKind {
	k.MachineVerdict = true
	return k
}

// MachineVerdict says events of kind record a machine's provisional verdict (EventKind.MachineVerdict).
func MachineVerdict(kind string) bool { return machineKinds[kind] }

var machineKinds = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range EventKinds {
		if k.MachineVerdict {
			m[k.Kind] = true
		}
	}
	return m
}()

// Payload keys several kinds share, spelled once.
const (
	pvMeaning       = "the review policy's version the event was recorded under"
	revisionMeaning = "the revision's ID (rev_…)"
	stakeMeaning    = "what happened to the proposer's escrowed point: RETURN or FORFEIT"
	decisionMeaning = "the decision's ID (dec_…)"
	laneMeaning     = "the lane's ID (lane_…)"
)

// EventKinds lists every kind of event, grouped by what it is about. The subject of an event is
// a problem's TDB-n unless the meaning says otherwise.
var EventKinds = []EventKind{
	// Problems.
	eventKind(KindProblemSubmitted, "A member or agent submitted a problem: it has its ID and public page, and its challenge period runs.",
		"revision", revisionMeaning, "title", "the title", "slug", "the slug its page answers to", "deadline", "when it is accepted by default",
		"escrowed", "reputation points escrowed (1)", "granted", "the one-time grant given with a first submission (0 or 20)", "policyVersion", pvMeaning),
	eventKind(KindProblemImported, "An importer created a problem from a public source.",
		"revision", revisionMeaning, "title", "the title", "slug", "the slug", "deadline", "when it is accepted by default",
		"importKey", "the source's stable key for the record", "source", "the source imported from", "policyVersion", pvMeaning),
	eventKind(KindProblemRestored, "theoremdb import export restored a problem from an export file.",
		"format", "the export's format name", "version", "the export format's version", "exportedAt", "when the file was exported",
		"state", "the state restored", "revision", "the current revision's number"),
	eventKind(KindProblemRevised, "A new revision became current: the proposer's, the staff console's, or an adopted proposed revision.",
		"revision", revisionMeaning, "number", "the revision's number", "title", "its title", "slug", "the new slug, when the title changed it",
		"note", "the revision note", "adoptedBy", "the decision that adopted a proposed revision"),
	eventKind(KindRevisionProposed, "A revision of an accepted problem was proposed; the accepted revision stays current until a reviewer adopts or declines it.",
		"revision", revisionMeaning, "number", "its number", "title", "its title", "note", "the revision note",
		"replaces", "the earlier proposed revision it replaces"),
	eventKind(KindRevisionDeclined, "A reviewer declined a proposed revision with keep-prospecting.",
		"revision", "the declined revision's ID", "decision", decisionMeaning, "reasons", "the revision requests, as a list"),
	eventKind(KindDecisionRecorded, "A reviewer or staff recorded a decision: qualify, keep prospecting, archive or merge, or a second review.",
		"decision", decisionMeaning, "action", "QUALIFY, KEEP_PROSPECTING, ARCHIVE or MERGE", "authority", "REVIEWER, STAFF or the authority recorded",
		"revision", "the revision decided on", "state", "the problem's state after it", "reasonCode", "an archive's reason code",
		"mergeInto", "a merge's surviving problem", "revisionRequests", "keep-prospecting's requests", "deadline", "a new deadline staff set when keeping a held problem past its old one",
		"stake", stakeMeaning, "pending", "true when it decided a proposed revision of an accepted problem",
		"secondReviewOf", "the first decision a second review reviews", "agrees", "whether the second review agrees with the first",
		"disagreement", "the class of a split: INSTRUCTION, ERROR, EXPERTISE or LEGITIMATE_SPLIT", "policyVersion", pvMeaning),
	eventKind(KindProblemAccepted, "The challenge period ended with no archive or merge: accepted by default (authority challenge_window_elapsed).",
		"deadline", "the deadline that passed", "state", "ACCEPTED", "stake", stakeMeaning, "policyVersion", pvMeaning),
	eventKind(KindSecondReviewSelected, "A qualify decision was selected for a second review (every tenth of a UTC week, from the first).",
		"decision", "the selected qualify decision", "week", "the Monday the UTC week starts", "ordinal", "its number among the week's qualify decisions",
		"rule", "the selection rule in words", "policyVersion", pvMeaning),
	eventKind(KindPresentationSet, "A reviewer chose which claims the packet presents as its status, resolution and headline records.",
		"statusRecord", "the status record's claim ID", "resolutionRecord", "the resolution record's claim ID", "headlineRecord", "the headline record's claim ID",
		"policyVersion", pvMeaning),
	eventKind(KindGateCompleted, "A publication gate finished on a revision; read Revision.checks again.",
		"revision", revisionMeaning, "run", "the gate run's ID", "gate", "the gate's name", "version", "the gate's version",
		"outcome", "PASS, FAIL, NEEDS_HUMAN or UNKNOWN", "failing", "findings that fail", "needsHuman", "findings a person answers",
		"unknown", "checks that could not run", "policyVersion", pvMeaning, "profile", "the operating profile the run judged under"),
	eventKind(KindHoldOpened, "The problem was held for staff: its default acceptance waits until staff decide.",
		"hold", "the hold's ID", "reason", "ANSWER_CLAIM, DUPLICATE, KNOWN_ANSWER, REVIEWER, DISAGREEMENT, SOURCE_STATUS or AGENT_PANEL",
		"authority", "by what right it was opened: publication_gate (a check or the panel), reviewer, staff, trusted_import", "claim", "the claim that opened it, if one did",
		"note", "why, in words", "policyVersion", pvMeaning),
	eventKind(KindHoldReleased, "A decision settled the problem's open holds.",
		"holds", "the released holds' IDs", "decision", "the decision that settled them"),
	// Claims, references and suggestions.
	eventKind(KindClaimAttached, "A claim (a result, lemma, bound, example or computation) was attached to the problem.",
		"claim", "the claim's ID", "objectType", "CLAIM, LEMMA, BOUND, EXAMPLE or COMPUTATION", "status", "its status", "supersedes", "the earlier claim it replaces",
		"source", "where the claim is stated or proved, as its author gave it", "binding", "the binding's ID", "relation", "ADDRESSES or RESOLVES"),
	eventKind(KindClaimReviewed, "A reviewer established, refuted or withdrew a claim.",
		"claim", "the claim's ID", "status", "ESTABLISHED, REFUTED or WITHDRAWN", "relation", "ADDRESSES or RESOLVES",
		"note", "the reviewer's note", "policyVersion", pvMeaning),
	eventKind(KindReferenceConfirmed, "The record plane resolved a reference's source: found, not found or a mismatch.",
		"reference", "the reference's ID", "source", "the source's identifier (doi:…, arxiv:…)", "sourceId", "the source's ID",
		"revision", "the citing revision", "confirmation", "CONFIRMED, NOT_FOUND, MISMATCH, …", "reason", "what the catalogue said"),
	eventKind(KindReferenceRejected, "An agent's reference was dropped: its source is fabricated.",
		"reference", "the reference's ID", "source", "the source's identifier", "sourceId", "the source's ID",
		"revision", "the citing revision", "confirmation", "the catalogue's answer", "reason", "what the catalogue said"),
	eventKind(KindLocatorConfirmed, "The cited place in a source was found, by the record plane in a reference text or by a reviewer.",
		"reference", "the reference's ID", "locator", "the locator", "by", "record plane, when it found it",
		"note", "the reviewer's note", "recordPlane", "what the record plane had said"),
	eventKind(KindSuggestionOpened, "A member suggested an edit to the problem.",
		"suggestion", "the suggestion's ID", "revision", "the revision it edits"),
	eventKind(KindSuggestionAccepted, "The proposer or staff accepted a suggested edit as a new revision.",
		"suggestion", "the suggestion's ID", "revision", "the revision it became"),
	eventKind(KindSuggestionDeclined, "A suggested edit was declined.", "suggestion", "the suggestion's ID", "reason", "why"),
	// Moderation.
	eventKind(KindCaseOpened, "A first flag opened a moderation case; the flagger is never named.",
		"case", "the case's ID", "reason", "the flags' reason"),
	eventKind(KindFlagRaised, "A signed-in member flagged the problem (the actor is community, never the flagger).",
		"flag", "the flag's ID", "case", "the case it joined", "reason", "the flag's reason", "openFlags", "flags open on the problem now"),
	eventKind(KindCaseClaimed, "A moderator claimed a case.", "case", "the case's ID", "moderator", "the moderator's handle"),
	eventKind(KindCaseDismissed, "A moderator dismissed a case; the problem stays as it was.",
		"case", "the case's ID", "moderator", "the moderator's handle", "reason", "the flags' reason", "note", "the dismissal note"),
	eventKind(KindCaseHandedToMerge, "A moderator handed a duplicate case to the reviewers to merge the problem into the one the flags name; the merge itself is a reviewer's decision.recorded.",
		"case", "the case's ID", "moderator", "the moderator's handle", "mergeInto", "the problem proposed as the survivor", "note", "the moderator's note"),
	eventKind(KindProblemRemoved, "A moderator removed the problem: its page is a tombstone and its ID stays reserved.",
		"case", "the case's ID", "moderator", "the moderator's handle", "reason", "the public reason",
		"previousState", "its state before", "stake", stakeMeaning),
	// Accounts (subject: the account's ID).
	eventKind(KindAccountCreated, "An account was created.", "handle", "its handle", "roles", "its roles", "restored", "true when an export restore created it"),
	eventKind(KindPasswordSet, "An operator set an account's password; its sessions ended.", "sessionsEnded", "how many sessions ended"),
	eventKind(KindTokenCreated, "An API token was created.", "token", "the token's ID (never the token)", "label", "its label"),
	eventKind(KindTokenRevoked, "An API token was revoked.", "token", "the token's ID", "label", "its label"),
	// Batches and agent-assisted review (subject: batch:SOURCE, lane:ID or switch:NAME).
	eventKind(KindBatchStopProposed, "Repeated defects of one source in a week proposed stopping its batch.",
		"source", "the generator or importer", "check", "the check that failed", "failures", "how many times", "week", "the UTC week's Monday",
		"policyVersion", pvMeaning),
	eventKind(KindBatchStopped, "Staff stopped a source's batch: its qualify decisions are refused.",
		"stop", "the stop's ID", "source", "the source", "reason", "why"),
	eventKind(KindBatchLifted, "Staff lifted a batch stop.", "stop", "the stop's ID", "source", "the source"),
	eventKind(KindSourcesStopped, "An agent configuration's fabricated-source rate passed 2%: its source proposals stop.",
		"stop", "the stop's ID", "source", "the configuration", "account", "the account", "reason", "the rate and its count"),
	eventKind(KindLaneAdded, "An operator registered a lane.",
		"lane", laneMeaning, "identity", "its reviewer identity", "role", "PRIOR_ART, MATH_CRITIQUE or FORMAL_READINESS", "provider", "its provider",
		"model", "its model", "modelVersion", "its model version", "promptVersion", "its prompt version", "register", "the claim lane register entry written with it"),
	eventKind(KindLaneApproved, "An operator approved a lane's provider and model version.",
		"lane", laneMeaning, "identity", "its reviewer identity", "role", "its role", "provider", "its provider",
		"model", "its model", "modelVersion", "its model version", "promptVersion", "its prompt version"),
	eventKind(KindLaneDisabled, "A lane was disabled.",
		"lane", laneMeaning, "identity", "its reviewer identity", "role", "its role", "provider", "its provider",
		"model", "its model", "modelVersion", "its model version", "promptVersion", "its prompt version"),
	eventKind(KindSwitchSet, "A switch of agent-assisted review was turned on or off.",
		"switch", "the switch's name", "on", "true when on", "reason", "why"),
	machine(eventKind(KindLaneReviewed, "A lane reviewed a revision as one role of the panel.",
		"review", "the lane review's ID", "problem", "the problem", "revision", "the revision", "role", "the lane's role",
		"identity", "the lane's identity", "failure", "why the call failed, or empty", "recommendation", "what it recommends", "audit", "whether it was the audit lane")),
	machine(eventKind(KindPublicationGateRecorded, "The review gate wrote a version of the public publication_gate record.",
		"record", "the record's ID", "version", "its version", "revision", "the revision", "recommendation", "the machine recommendation",
		"auditState", "the audit's state", "reasonCodes", "the reasons it did not recommend", "policyVersion", pvMeaning)),
	machine(eventKind(KindGoldRequested, "An operator asked for a run of blind gold now, besides the schedule (subject gold).",
		"perLane", "how many gold packets each enabled lane gets")),
	machine(eventKind(KindGoldReviewed, "A lane reviewed a blind gold packet; the grade says whether it was right.",
		"gold", "the gold packet's ID", "kind", "the planted defect's kind", "role", "the lane's role", "identity", "the lane's identity",
		"failure", "why the call failed, or empty", "recommendation", "what it recommended", "right", "whether it was right",
		"grade", "why it was graded so", "review", "the lane review's ID")),
	// The corpus (subject: a node's N-n, a change request's ID, a task's ID, audit:MONTH or release:R).
	eventKind("corpus.change_request.opened", "A writer opened a change request to the corpus.",
		"writer", "PERSON, IMPORTER or AGENT", "model", "the model, for an agent", "promptVersion", "the prompt version", "drafts", "how many drafts"),
	eventKind("corpus.change_request.revised", "The writer replaced a change request's drafts; the gates run again.", "drafts", "how many drafts"),
	eventKind("corpus.change_request.withdrawn", "The writer withdrew a change request, or the system did when a statement it takes up was retired at its month's end."),
	eventKind("corpus.change_request.failed", "A merge gate stopped a change request.", "gate", "the gate that stopped it", "failures", "its failing findings"),
	eventKind("corpus.change_request.merged", "Every merge gate passed and the request merged.", "nodes", "the node IDs it created or revised"),
	eventKind("corpus.node.created", "A merge created a node.", "changeRequest", "the change request", "revision", "the node revision's ID",
		"number", "the revision's number", "kind", "the node's kind"),
	eventKind("corpus.node.revised", "A merge revised a node.", "changeRequest", "the change request", "revision", "the node revision's ID",
		"number", "the revision's number", "kind", "the node's kind"),
	eventKind("corpus.node.level_changed", "A node's evidence level, fidelity or flags changed.",
		"from", "the level before", "to", "the level now", "fidelity", "the fidelity now", "sorryInClosure", "whether its closure holds a gap",
		"locatorUnconfirmed", "whether a locator is unconfirmed"),
	eventKind("corpus.node.confirmed", "A person confirmed a section of a node, or a source's locator.",
		"kind", "STATEMENT, PROOF, BINDING or LOCATOR", "section", "the section confirmed", "blind", "whether blind to an earlier confirmation",
		"reference", "the reference's position, for a locator", "revision", "the node revision confirmed",
		"check", "the people's check it was recorded from", "seconds", "the time the person took, in seconds"),
	eventKind("corpus.node.cited", "A problem, or one of its claims, cites the node.",
		"citation", "the citation", "problem", "the problem", "claim", "the claim bound to the node, or empty"),
	eventKind("corpus.node.bound", "A formal statement was bound to a node.",
		"binding", "the binding's ID", "system", "the formal system", "database", "the formal database", "label", "the formal label",
		"formal", "the formal statement", "roundTrip", "whether the round trip passed", "checkers", "the checkers that passed"),
	eventKind("corpus.node.retired", "A node was retired (by a person, or by the system at the end of a canary's month); its page is a tombstone naming its successor.", "successor", "the successor node"),
	eventKind("corpus.node.quarantined", "A stopped configuration's unconfirmed node was quarantined.", "stop", "the configuration stop", "changeRequest", "the change request holding the stop's output"),
	eventKind("corpus.node.flagged", "A node depends on a quarantined one.", "stop", "the configuration stop", "changeRequest", "the change request holding the stop's output"),
	eventKind("corpus.kernel.checked", "A nightly re-check changed what the proof checkers say of a binding.",
		"binding", "the binding", "before", "the checkers that passed before", "after", "the checkers that pass now"),
	eventKind("corpus.kernel.disagreement", "The two proof checkers disagree on a binding's proof.",
		"binding", "the binding", "database", "the formal database", "label", "the label", "metamath", "metamath's verdict",
		"metamathReason", "why", "second", "the second checker's verdict", "secondReason", "why"),
	eventKind("corpus.task.opened", "A task for a person was opened: a counterexample to check, or a checkers' disagreement.",
		"kind", "the task's kind", "subject", "what it is about", "computation", "the computation node", "witness", "the counterexample found"),
	eventKind("corpus.task.closed", "A person closed a task, or the system did when its change request was withdrawn.", "note", "their note"),
	eventKind("corpus.canary.planted", "Private: a canary, a false statement made by one small change to a true corpus statement, entered the corpus (subject: its node); no reader is shown it.",
		"source", "the true statement it was made from", "mutation", "the change: flipped-inequality, dropped-hypothesis, shifted-index or changed-constant",
		"from", "the text replaced", "to", "what replaced it", "month", "the canaries' month", "changeRequest", "the request that merged it"),
	eventKind("corpus.canary.taken", "Private: a change request took up a canary (subject: the canary's node).",
		"changeRequest", "the request", "stratum", "the configuration's proof stratum", "month", "the canary's month",
		"proved", "whether the request holds a proof of it"),
	eventKind("corpus.canary.report", "Private: one configuration's line of the weekly canary report (subject canaries:MONTH).",
		"month", "the month", "stratum", "the configuration's proof stratum", "taken", "canaries it took up",
		"proved", "of those, canaries it \"proved\"", "share", "proved / taken", "stopped", "whether the share, over 5%, stopped it"),
	eventKind("corpus.canary.retired", "Private: a canary was retired when its month ended (subject: its node); the open change requests that took it up were withdrawn and their open tasks closed.",
		"month", "the canary's month", "withdrawn", "the change requests withdrawn", "tasksClosed", "the tasks closed"),
	eventKind("corpus.judge.measured", "A model judge lane was measured on the labelled set of planted wrong steps (subject judge:IDENTITY); it may judge only when it rejected at least 75% of them.",
		"identity", "the judge lane", "provider", "its provider", "model", "its model", "modelVersion", "its pinned model version",
		"promptVersion", "its judge prompt", "promptDigest", "the prompt's SHA-256", "set", "the labelled set's version",
		"digest", "the set's content digest", "wrong", "items with a planted wrong step", "caught", "of those, rejected",
		"clean", "untouched proofs", "flagged", "of those, rejected all the same", "failed", "calls that gave no verdict",
		"low", "the 95% Wilson interval's lower end of caught/wrong", "high", "its upper end", "qualified", "whether the lane may judge"),
	eventKind("corpus.judge.verdict", "A qualified model judge read a draft of a change request (subject: the request); a verdict never raises a level.",
		"draft", "the draft's place, from 1", "judge", "the judge lane", "provider", "its provider", "model", "its model",
		"modelVersion", "its pinned model version", "servedModel", "the model the provider says answered",
		"promptVersion", "its judge prompt", "promptDigest", "the prompt's SHA-256", "input", "the SHA-256 of what the judge read",
		"verdict", "FOLLOWED, REJECTED or NO_VERDICT", "steps", "the steps judged", "rejected", "the steps it could not follow",
		"failure", "why a call gave no verdict"),
	eventKind("corpus.audit.drawn", "The month's audit samples were drawn (subject audit:MONTH), reproducibly from the seed.",
		"month", "the month", "seed", "the seed", "thresholds", "the thresholds' version", "strata", "each stratum's sample"),
	eventKind("corpus.audit.answered", "An auditor answered one property of a sample.",
		"month", "the month", "property", "CORRECTNESS, FIDELITY, SOURCING or STYLE", "error", "whether it is wrong",
		"errorClass", "the error's class", "seconds", "the time taken"),
	eventKind("corpus.report.filed", "A reader reported a property of a node as wrong.",
		"report", "the report's ID", "property", "the property", "level", "the node's level then"),
	eventKind("corpus.report.decided", "A person confirmed or dismissed a report.", "report", "the report's ID", "state", "CONFIRMED or DISMISSED", "property", "the property"),
	eventKind("corpus.configuration.stopped", "A configuration's error bound passed its threshold: it stops.",
		"month", "the month", "stratum", "the stratum", "property", "the property", "errors", "errors found", "n", "samples audited",
		"high", "the interval's upper bound", "threshold", "the threshold", "thresholds", "the thresholds' version",
		"changeRequest", "the change request the stop generated to hold its output"),
	eventKind("corpus.rates.published", "A release's error rates were frozen (subject release:R).",
		"month", "the month", "sha256", "the snapshot's hash", "rows", "how many rows"),
	eventKind("corpus.quarantine.opened", "A stop generated the change request holding its unconfirmed output (subject: the request).",
		"stratum", "the stratum", "month", "the month", "property", "the property", "nodes", "the quarantined nodes",
		"flagged", "how many dependants were flagged"),
	eventKind("corpus.quarantine.decided", "A reviewer decided what becomes of a quarantined node: FIX, RERUN or RETIRE.",
		"stop", "the configuration stop", "resolution", "FIX, RERUN or RETIRE", "successor", "with RETIRE, the node that replaces it"),
	eventKind("corpus.quarantine.released", "A stop's hold on a node ended: it was revised, rerun or retired, or the last node it depended on was.",
		"stop", "the configuration stop"),
	eventKind("corpus.quarantine.closed", "Every node a stop held was released: its generated change request closed.",
		"stop", "the configuration stop"),
	eventKind("corpus.configuration.lifted", "An operator lifted a configuration stop (subject: the stop).",
		"stratum", "the stratum", "property", "the property", "reason", "what changed in the configuration"),
	eventKind("corpus.budget.set", "An operator set a month's review budget (subject budget:YYYY-MM).",
		"month", "the month", "hours", "the budget in reviewer hours"),
	eventKind("corpus.thresholds.decided", "A version of the audit thresholds came into force (subject thresholds:V).",
		"version", "the version", "rates", "the threshold of each property", "decided", "the day it was decided", "reason", "why"),
	eventKind("problem.hero.registered", "Someone registered a pair of bespoke hero art (an SVG drawing and its WebP rendering) for a problem; it is shown nowhere public until a reviewer passes it.",
		"asset", "the pair", "slug", "the problem's slug it was registered for", "depicts", "what it depicts", "rightsBasis", "its rights basis",
		"title", "the drawing's own title", "width", "the rendering's width in pixels", "height", "the rendering's height in pixels"),
	eventKind("problem.hero.reviewed", "A reviewer checked a pair of bespoke hero art: PASSED shows it on the problem page, FAILED keeps the neutral figure.",
		"asset", "the pair", "slug", "the slug it was registered for", "state", "PASSED or FAILED", "note", "what the reviewer checked"),
	eventKind("appeal.opened", "A proposer appealed a decision.",
		"appeal", "the appeal", "decision", "the decision appealed", "action", "the decision's action", "reason", "the proposer's reason"),
	eventKind("appeal.resolved", "An operator answered an appeal.",
		"appeal", "the appeal", "decision", "the decision appealed", "state", "UPHELD or DISMISSED", "resolution", "the operator's answer", "criterionChange", "the criterion version an upheld appeal proposed"),
	eventKind("criterion.adopted", "The owner of the criteria adopted a proposed version of a check's criterion; it applies to problems submitted after it. The subject is criterion:<check>.",
		"change", "the version adopted", "check", "the check", "version", "the version's number", "reason", "the owner's reason",
		"previous", "the criterion it replaces", "proposed", "the criterion in force from now on", "appliesTo", "which problems it applies to"),
	eventKind("criterion.declined", "The owner of the criteria declined a proposed version of a check's criterion. The subject is criterion:<check>.",
		"change", "the version declined", "check", "the check", "version", "the version's number", "reason", "the owner's reason",
		"previous", "the criterion in force, which stays", "proposed", "the criterion declined", "appliesTo", "nothing: the criterion in force stays"),
	eventKind("criterion.proposed", "An upheld appeal proposed a new version of a check's criterion.",
		"check", "the check", "version", "the proposed version", "previous", "the version it replaces", "proposed", "the proposed criterion", "why", "why it changes", "appeal", "the appeal that showed it"),
	machine(eventKind("review.contested", "The panel's lanes disagreed, or a lane's verdict flipped under a paraphrase: the item goes to the criteria's owner.",
		"revision", revisionMeaning, "recommendations", "each role's recommendation", "flips", "the roles whose recommendation flipped under the paraphrase", "route", "where the item goes", "why", "why it is contested")),
	eventKind("quality.drift_alert", "Agreement between a criterion's machine verdicts and people's dropped by more than the margin.",
		"criterion", "the criterion (a panel role)", "since", "the window's start", "until", "the window's end", "agreed", "items machine and people agreed on", "compared", "items compared", "previousAgreed", "agreed in the window before", "previousCompared", "compared in the window before", "drop", "the drop in agreement", "margin", "the configured margin"),
	eventKind("lane.register_set", "An operator set a lane's entry in the claim lane register.",
		"lane", laneMeaning, "claimText", "the claim the lane judges", "unitOfAnalysis", "what one judgement covers", "admittedRecord", "the record it may read", "permittedExternalSources", "the outside sources it may use", "outcomeContractVersion", "the outcome contract's version", "authority", "what its verdict may do", "falsePositiveConsequence", "what a false positive costs", "falseNegativeConsequence", "what a false negative costs", "ambiguityOwner", "who resolves ambiguity", "accountableOwner", "who answers for the lane", "status", "DRAFT, SHADOW, ACTIVE or RETIRED"),
	eventKind("quality.profile.set", "An operator changed the operating profile; it applies to submissions after it.",
		"profile", "the profile now in force", "previous", "the profile before", "recall", "its measured recall", "falseFail", "its measured false-fail rate", "rule", "its bar", "appliesTo", "the submissions it applies to", "reason", "the operator's reason"),
}

// EventKindOf is the table's row for a kind, and whether it has one.
func EventKindOf(name string) (EventKind, bool) {
	for _, k := range EventKinds {
		if k.Kind == name {
			return k, true
		}
	}
	return EventKind{}, false
}
