package seed

import (
	"time"

	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/role"
)

// demoAccount is one account the seed creates.
type demoAccount struct {
	Handle string
	Name   string
	Roles  []role.Role
}

// accounts are the demo accounts: four proposers, two reviewers and an
// operator. Every account is also a member.
var accounts = []demoAccount{
	{"demo-ada", "Ada (demo proposer)", nil},
	{"demo-emmy", "Emmy (demo proposer)", nil},
	{"demo-paul", "Paul (demo proposer)", nil},
	{"demo-sofia", "Sofia (demo proposer)", nil},
	{"demo-reviewer", "Rita (demo reviewer)", []role.Role{role.Reviewer}},
	{"demo-referee", "Ramon (demo reviewer)", []role.Role{role.Reviewer}},
	{"demo-operator", "Otto (demo operator)", []role.Role{role.Operator}},
}

// stepKind is what a timeline step does.
type stepKind int

const (
	stepSubmit stepKind = iota
	stepRevise
	stepDecide
)

// step is one action of the timeline. Ago is how long before the present
// it happens when the challenge window is the policy's seven days; other
// windows scale it, so the spread of states is the same whatever the
// window. Default acceptances are not steps: the replay accepts each
// problem when its deadline passes, as the deadline job would.
type step struct {
	Ago      time.Duration
	Kind     stepKind
	Key      string
	Actor    string // handle; the proposer for submit and revise
	Decision *demoDecision
}

// demoDecision is a reviewer decision; MergeInto names the survivor by key.
type demoDecision struct {
	Action           decision.Action
	ReasonCode       decision.ReasonCode
	Notes            packet.DecisionNotes
	RevisionRequests []string
	MergeInto        string
	// SecondReview makes it the second review of the problem's qualify decision selected for
	// one; a split names its Disagreement.
	SecondReview bool
	Disagreement decision.Disagreement
}

// accountsAgo is when the demo accounts are created, before the first
// submission.
const accountsAgo = 9*day + 4*time.Hour

const day = 24 * time.Hour

func ago(days, hours int) time.Duration {
	return time.Duration(days)*day + time.Duration(hours)*time.Hour
}

func submitAt(a time.Duration, key string) step { return step{Ago: a, Kind: stepSubmit, Key: key} }
func reviseAt(a time.Duration, key string) step { return step{Ago: a, Kind: stepRevise, Key: key} }
func decideAt(a time.Duration, reviewer, key string, d demoDecision) step {
	return step{Ago: a, Kind: stepDecide, Key: key, Actor: reviewer, Decision: &d}
}

// timeline is the demo history in chronological order. With a seven-day
// window it leaves nine problems accepted by default (deadlines between two
// days and six hours ago), five accepted early by a reviewer, one archived,
// one merged, and ten still in their challenge period with deadlines from
// sixteen hours to almost seven days ahead; one of those carries open
// revision requests, and one accepted problem has a second revision.
var timeline = []step{
	submitAt(ago(9, 0), "twin-primes"),
	submitAt(ago(8, 21), "goldbach"),
	submitAt(ago(8, 18), "collatz"),
	submitAt(ago(8, 15), "union-closed"),
	submitAt(ago(8, 10), "riemann"),
	submitAt(ago(8, 4), "odd-perfect"),
	decideAt(ago(8, 2), "demo-reviewer", "union-closed", demoDecision{
		Action: decision.ActionQUALIFY,
		Notes: packet.DecisionNotes{
			StatementAndAcceptance: "The statement fixes the objects (finite families of finite sets), the closure property and the excluded family {∅}; the convention says how the half is counted. The acceptance condition names both outcomes: a proof for all families or an explicit counterexample family, which can be checked by counting.",
			OpenStatus:             "Checked zbMATH Open, arXiv and MathSciNet on the reviewer's side for 'union-closed' and 'Frankl conjecture' through this week: the best constant is about 0.38234, refining the (3 − √5)/2 of the 2022 entropy papers; no accepted proof of 1/2.",
			ReferenceCoverage:      "The strongest neighbouring results, Gilmer's constant bound, its improvement to (3 − √5)/2 and the later refinements, are cited with arXiv identifiers; the relevance notes say what each proves.",
			DuplicateCheck:         "Searched TheoremDB titles and statements for 'union-closed', 'Frankl' and 'intersection-closed': no other problem states this conjecture or an equivalent form.",
			EvidenceIntegrity:      "The example {{1}, {2}, {1, 2}} is union-closed and the counts are right; provenance and rights basis are consistent with a statement in our own words.",
			HeroVisual:             "The hero brief shows the object of the statement, the alt text describes it and the caption states no result; the page uses the neutral generated fallback.",
			Uncertainty:            "The precise improved constant has several independent proofs; citing one of them is enough and does not affect the statement.",
			Reason:                 "Every publication gate passes on this revision; accepted before the deadline.",
		},
	}),
	decideAt(ago(7, 23), "demo-referee", "union-closed", demoDecision{
		SecondReview: true,
		Action:       decision.ActionKEEP_PROSPECTING,
		Disagreement: decision.DisagreementEXPERTISE,
		Notes: packet.DecisionNotes{
			OpenStatus: "The open status rests on the constant 0.38234 and its refinements; whether the entropy method's limit of (3 − √5)/2 is sharp for that method is a specialist's question, and the record should say what is known about it.",
			Reason:     "Second review: the statement and references are right, but judging whether the open-status note describes the strongest known result needs a specialist in the entropy method; the first review's qualification stands unless one says otherwise.",
		},
		RevisionRequests: []string{"Say whether (3 − √5)/2 is known to be the limit of the entropy method, citing the source that says so."},
	}),
	submitAt(ago(7, 22), "legendre"),
	submitAt(ago(7, 18), "brocard"),
	submitAt(ago(7, 16), "erdos-straus"),
	submitAt(ago(7, 12), "jacobian"),
	reviseAt(ago(7, 10), "legendre"),
	submitAt(ago(7, 6), "lehmer"),
	submitAt(ago(6, 20), "sunflower"),
	submitAt(ago(6, 12), "sensitivity"),
	submitAt(ago(6, 8), "hadwiger-nelson"),
	decideAt(ago(6, 0), "demo-referee", "erdos-straus", demoDecision{
		Action: decision.ActionQUALIFY,
		Notes: packet.DecisionNotes{
			StatementAndAcceptance: "Every variable has its domain (n ≥ 2 an integer; x, y, z positive integers) and the convention allows repeated denominators. The acceptance condition accepts a proof or a single n with a rerunnable impossibility certificate.",
			OpenStatus:             "Checked zbMATH Open and arXiv for 'Erdős–Straus' through this week: results are for almost all n and for residue classes; no accepted proof for all n.",
			ReferenceCoverage:      "Elsholtz–Tao is the standard modern reference and records Mordell's residue classes, the strongest elementary partial result.",
			DuplicateCheck:         "No TheoremDB problem mentions 4/n, Egyptian fractions or Erdős–Straus.",
			EvidenceIntegrity:      "Checked 4/5 = 1/2 + 1/4 + 1/20 and the reduction to prime n by scaling a solution.",
			HeroVisual:             "The hero brief shows the object of the statement, the alt text describes it and the caption states no result; the page uses the neutral generated fallback.",
			Uncertainty:            "Computational verification ranges vary between sources and are deliberately not stated; nothing in the statement depends on them.",
			Reason:                 "All publication gates pass; accepted early.",
		},
	}),
	decideAt(ago(5, 20), "demo-reviewer", "sensitivity", demoDecision{
		Action:     decision.ActionARCHIVE,
		ReasonCode: decision.ReasonCodeKNOWN_ANSWER,
		Notes: packet.DecisionNotes{
			StatementAndAcceptance: "The statement itself is precise: sensitivity and block sensitivity are defined and the question is well posed.",
			OpenStatus:             "The problem is not open. H. Huang, Induced subgraphs of hypercubes and a proof of the Sensitivity Conjecture (arXiv:1907.00847, Ann. of Math. 190 (2019)), proved s(f) ≥ √deg(f); with Nisan and Szegedy's bs(f) ≤ 2·deg(f)² this gives bs(f) ≤ 2·s(f)⁴, which answers the question as stated.",
			ReferenceCoverage:      "The submitted search covered surveys up to 2012 only and missed the 2019 resolution.",
			Reason:                 "Known answer: resolved by Huang in 2019. The proposer is welcome to submit a question that is still open in this area, such as the optimal exponent in bs(f) ≤ C·s(f)^k, with the current bounds cited.",
		},
	}),
	submitAt(ago(5, 18), "frankl-intersection"),
	submitAt(ago(5, 12), "unit-distance"),
	decideAt(ago(5, 2), "demo-referee", "sunflower", demoDecision{
		Action: decision.ActionQUALIFY,
		Notes: packet.DecisionNotes{
			StatementAndAcceptance: "The quantifiers are in the right order (r fixed first, the constant independent of w) and the sets are distinct and of equal size; the counterexample form in the acceptance condition is the exact negation.",
			OpenStatus:             "Checked arXiv and zbMATH Open for 'sunflower lemma' through this week: the best bounds are of the form (C r log w)^w; the conjecture is open even for r = 3.",
			ReferenceCoverage:      "Erdős–Rado (source) and Alweiss–Lovett–Wu–Zhang (the breakthrough) are cited with DOI and arXiv identifiers; the later refinements of the bound are cited with identifiers too.",
			DuplicateCheck:         "No TheoremDB problem mentions sunflowers or Δ-systems.",
			EvidenceIntegrity:      "The example is a sunflower with kernel {1}; the Erdős–Rado bound w!(r−1)^w is stated as in the source.",
			HeroVisual:             "The hero brief shows the object of the statement, the alt text describes it and the caption states no result; the page uses the neutral generated fallback.",
			Uncertainty:            "None that affects the statement.",
			Reason:                 "All publication gates pass; accepted early.",
		},
	}),
	submitAt(ago(5, 0), "happy-ending"),
	submitAt(ago(4, 20), "lonely-runner"),
	decideAt(ago(4, 12), "demo-reviewer", "frankl-intersection", demoDecision{
		Action:    decision.ActionMERGE,
		MergeInto: "union-closed",
		Notes: packet.DecisionNotes{
			DuplicateCheck: "This is the union-closed sets conjecture in its dual form. If 𝒢 is intersection-closed with union U, the complements {U ∖ A : A ∈ 𝒢} form a union-closed family; 𝒢 has a member other than U exactly when the complements contain a nonempty set, and an element lies in at most half of the members of 𝒢 exactly when it lies in at least half of the complements. The two statements are therefore equivalent.",
			Reason:         "Direct duplicate by an exact equivalence; merged into the union-closed sets conjecture, which keeps the history. The dual form is worth adding there as a remark.",
		},
	}),
	submitAt(ago(4, 8), "kakeya"),
	submitAt(ago(4, 0), "square-peg"),
	decideAt(ago(3, 12), "demo-referee", "lonely-runner", demoDecision{
		Action: decision.ActionKEEP_PROSPECTING,
		Notes: packet.DecisionNotes{
			Reason: "The statement is correct and the problem is open, but the record has gaps a reader would trip over.",
		},
		RevisionRequests: []string{
			"Say where the code and output of the computer-assisted cases (eight, nine and ten runners) are archived, with an immutable revision or digest.",
			"Add the example with speeds 1, 2, …, k, which shows that the bound 1/(k+1) cannot be improved.",
			"Say whether a proof for integer speeds is accepted, and cite the reduction from real to integer speeds if it is.",
			"Define the norm ‖x‖ in a CONVENTION entry instead of inside the statement.",
		},
	}),
	submitAt(ago(3, 10), "schanuel"),
	decideAt(ago(3, 0), "demo-reviewer", "happy-ending", demoDecision{
		Action: decision.ActionQUALIFY,
		Notes: packet.DecisionNotes{
			StatementAndAcceptance: "ES(n) is defined with its general-position hypothesis and the claimed value is explicit; the acceptance condition asks for exact rational coordinates, so a counterexample can be checked with orientation tests.",
			OpenStatus:             "Checked arXiv and zbMATH Open for 'Erdős–Szekeres' and 'convex position' through this week: the exact value is known only for n ≤ 6; the best general upper bound is of the form 2^{n+o(n)}.",
			ReferenceCoverage:      "Suk's upper bound (the strongest neighbouring result) and the ES(6) = 17 computation are cited with identifiers.",
			DuplicateCheck:         "No TheoremDB problem concerns points in convex position; the Erdős unit distance problem is a different question.",
			EvidenceIntegrity:      "The small values agree with the cited sources; Klein's five-point example is stated correctly.",
			HeroVisual:             "The hero brief shows the object of the statement, the alt text describes it and the caption states no result; the page uses the neutral generated fallback.",
			Uncertainty:            "None that affects the statement.",
			Reason:                 "All publication gates pass; accepted early.",
		},
	}),
	submitAt(ago(2, 14), "singmaster"),
	submitAt(ago(2, 2), "hadamard-668"),
	submitAt(ago(1, 8), "ramsey-r55"),
	decideAt(ago(1, 0), "demo-referee", "square-peg", demoDecision{
		Action: decision.ActionQUALIFY,
		Notes: packet.DecisionNotes{
			StatementAndAcceptance: "Jordan curve is defined; the convention settles the usual ambiguity (only the vertices must lie on the curve) and the four points are required to be distinct, which excludes degenerate squares.",
			OpenStatus:             "Checked arXiv and zbMATH Open for 'square peg' and 'inscribed square' through this week: open for general continuous Jordan curves.",
			ReferenceCoverage:      "Matschke's survey, Tao's Lipschitz case and Greene–Lobb's rectangle theorem (the strongest neighbouring result) are cited with identifiers.",
			DuplicateCheck:         "No TheoremDB problem concerns inscribed polygons in curves.",
			EvidenceIntegrity:      "The special cases listed in the remark match the survey.",
			HeroVisual:             "The hero brief shows the object of the statement, the alt text describes it and the caption states no result; the page uses the neutral generated fallback.",
			Uncertainty:            "None that affects the statement.",
			Reason:                 "All publication gates pass; accepted early.",
		},
	}),
	submitAt(ago(0, 20), "kissing-4d"),
	submitAt(ago(0, 5), "lebesgue-cover"),
}
