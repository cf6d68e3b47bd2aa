package policy

import (
	"fmt"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/role"
)

// Who may do what, in one place. Every rule here is about an account's
// roles (and, for a moderation case, who holds it); the operations check
// the rest (state, deadlines) where they act. Transports ask these
// functions to decide what to offer; the policy asks them again to decide
// what to do, so an offer never grants anything.

// CanModerate reports whether an account may work moderation cases: a moderator or operator
// that is not an agent (a flag opens a human moderation case).
func CanModerate(a *ent.Account) bool {
	return a != nil && !IsAgent(a) && (role.Has(a.Roles, role.Moderator) || role.Has(a.Roles, role.Operator))
}

// CanResolve reports whether a can dismiss c or remove its problem: a
// moderator who holds the claim on it.
func CanResolve(a *ent.Account, c *ent.ModerationCase) bool {
	return CanModerate(a) && resolvable(a, c) == nil
}

// CanReview reports whether an account may record reviewer decisions:
// reviewers on their own authority, operators as staff. An agent account may not, whatever
// other role it holds: what agents may not do, they may not do under a second role (agents
// take part in review only as lanes of the panel).
func CanReview(a *ent.Account) bool {
	return a != nil && !IsAgent(a) && (role.Has(a.Roles, role.Reviewer) || role.Has(a.Roles, role.Operator))
}

// CanImport reports whether an account may import problems from a public
// data set (trusted imports stake nothing): operators only.
func CanImport(a *ent.Account) bool { return a != nil && role.Has(a.Roles, role.Operator) }

// CanReviseFor reports whether a may revise a problem proposed by someone
// else, on the proposer's behalf and with a note saying why: operators.
func CanReviseFor(a *ent.Account) bool { return a != nil && role.Has(a.Roles, role.Operator) }

// CanStaff reports whether a may work the staff console (administrator_review): operators that
// are not agents.
func CanStaff(a *ent.Account) bool {
	return a != nil && !IsAgent(a) && role.Has(a.Roles, role.Operator)
}

// IsAgent reports whether an account is a machine agent, whose submissions
// must say what generated them.
func IsAgent(a *ent.Account) bool { return a != nil && role.Has(a.Roles, role.Agent) }

// AuthorityOf names the authority an account acts on when it writes as
// itself: reviewer, staff, or submitter for everyone else.
func AuthorityOf(a *ent.Account) string {
	switch {
	case role.Has(a.Roles, role.Reviewer):
		return AuthorityReviewer
	case role.Has(a.Roles, role.Operator):
		return AuthorityStaff
	}
	return AuthoritySubmitter
}

// Permissions are what a viewer may do with one problem now. Pages and the
// API offer exactly these; the operations decide again, with the problem
// locked, through the same functions.
type Permissions struct {
	// Revise: the proposer, or an operator on the proposer's behalf, while
	// the problem is neither archived, merged nor removed.
	Revise bool
	// Review: a reviewer or operator, while the problem is in its
	// challenge period (or has a proposed revision); staff alone while it
	// is held for staff.
	Review bool
	// SendToStaff: a reviewer or operator, while the problem is in its
	// challenge period and not held already.
	SendToStaff bool
	// Flag: anyone signed in, unless the problem was removed or merged.
	Flag bool
	// AttachClaim: anyone signed in, unless the problem was removed or merged.
	AttachClaim bool
	// Moderate: a moderator or operator (the moderation queue).
	Moderate bool
	// ReviewClaims: a reviewer or operator other than the proposer, unless the problem was
	// removed or merged — reviewing the attached claims and choosing what the packet presents.
	ReviewClaims bool
	// Suggest: anyone signed in who may not revise, while the problem could be revised — a
	// suggested edit the proposer accepts as a revision or declines.
	Suggest bool
	// ReviseOnConsole: Revise, as an operator for an imported problem's absent proposer, which
	// happens on the staff console.
	ReviseOnConsole bool
	// SettleGateHold: Review by a reviewer on a problem held only by a failing duplicate or
	// known-answer check: an archive or merge the finding supports settles it, qualify waits for
	// staff.
	SettleGateHold bool
}

// PermissionsOn computes a's permissions on p at now; a may be nil.
func PermissionsOn(a *ent.Account, p *ent.Problem, now time.Time) Permissions {
	held := Held(p)
	return Permissions{
		Revise: a != nil && reviseRefusal(a, p) == nil,
		Review: CanReview(a) && p.ProposerID != a.ID && (decideRefusal(p, now) == nil || PendingReview(p) || held) &&
			(!held || CanStaff(a) || ReviewerMaySettle(p)),
		SendToStaff:     CanReview(a) && p.ProposerID != a.ID && !held && p.State == problem.StatePROSPECTING && decideRefusal(p, now) == nil,
		Flag:            a != nil && flagRefusal(p) == nil,
		AttachClaim:     a != nil && claimRefusal(p) == nil,
		Moderate:        CanModerate(a),
		ReviewClaims:    CanReview(a) && p.ProposerID != a.ID && claimRefusal(p) == nil,
		ReviseOnConsole: a != nil && p.ProposerID != a.ID && reviseRefusal(a, p) == nil,
		Suggest:         a != nil && reviseRefusal(a, p) != nil && revisableRefusal(p) == nil,
		SettleGateHold:  CanReview(a) && p.ProposerID != a.ID && !CanStaff(a) && ReviewerMaySettle(p),
	}
}

// OfferedOnSignIn is what a reader who is not signed in is offered, through
// the sign-in page, on p: what its state still allows anyone signed in
// (revising is then decided by who signs in).
func OfferedOnSignIn(p *ent.Problem) Permissions {
	return Permissions{Revise: revisableRefusal(p) == nil, Flag: flagRefusal(p) == nil,
		AttachClaim: claimRefusal(p) == nil}
}

// reviseRefusal says why a may not revise p, or nil. Besides the proposer, an operator may apply
// a revision only to an imported problem, whose source account is not here to do it; on anyone
// else's problem the proposer revises.
func reviseRefusal(a *ent.Account, p *ent.Problem) error {
	switch {
	case p.ProposerID == a.ID:
	case !CanReviseFor(a):
		return refuse(CodeForbidden, "only the proposer, or an operator for an imported problem, may revise this problem", "problemId")
	case p.ImportKey == nil:
		return refuse(CodeForbidden, "an operator revises only imported problems, whose source account is unavailable; the proposer revises this one", "problemId")
	}
	return revisableRefusal(p)
}

// revisableRefusal says why p's state allows no revision, or nil.
func revisableRefusal(p *ent.Problem) error {
	switch p.State {
	case problem.StateARCHIVED, problem.StateMERGED, problem.StateREMOVED:
		return refuse(CodeConflict, fmt.Sprintf("%s is %s and can no longer be revised", p.ID, strings.ToLower(string(p.State))), "problemId")
	}
	return nil
}

// decideRefusal says why no decision may be recorded on p at now, or nil.
func decideRefusal(p *ent.Problem, now time.Time) error {
	if p.State != problem.StatePROSPECTING {
		return refuse(CodeConflict, fmt.Sprintf("%s is %s; decisions are recorded only while a problem is prospecting",
			p.ID, strings.ToLower(string(p.State))), "problemId")
	}
	if !now.Before(p.Deadline) {
		return refuse(CodeConflict, fmt.Sprintf("the challenge period of %s ended at %s; it is being accepted by default",
			p.ID, p.Deadline.Format("2006-01-02 15:04 UTC")), "problemId")
	}
	return nil
}

// flagRefusal says why p takes no flags, or nil.
func flagRefusal(p *ent.Problem) error {
	switch p.State {
	case problem.StateREMOVED:
		return refuse(CodeConflict, fmt.Sprintf("%s was removed; it takes no more flags", p.ID), "problemId")
	case problem.StateMERGED:
		return refuse(CodeConflict, fmt.Sprintf("%s was merged into %s; flag that problem instead", p.ID, deref(p.MergedIntoID)), "problemId")
	}
	return nil
}

// claimRefusal says why p takes no claims, or nil.
func claimRefusal(p *ent.Problem) error {
	switch p.State {
	case problem.StateREMOVED, problem.StateMERGED:
		return refuse(CodeConflict, fmt.Sprintf("%s is %s; attach claims to the problem that stands", p.ID,
			strings.ToLower(string(p.State))), "problemId")
	}
	return nil
}

// Viewer is who reads a page, as the page frame shows them: their handle,
// their roles, and the parts of the site those roles open.
type Viewer struct {
	ID, Handle             string
	Roles                  []role.Role
	CanReview, CanModerate bool
	CanStaff               bool
}

// ViewerOf is a's viewer; nil for an anonymous reader.
func ViewerOf(a *ent.Account) *Viewer {
	if a == nil {
		return nil
	}
	return &Viewer{ID: a.ID, Handle: a.Handle, Roles: a.Roles, CanReview: CanReview(a), CanModerate: CanModerate(a),
		CanStaff: CanStaff(a)}
}

// ContentWithheld reports whether a problem's content (statement, revisions, references) is
// withheld from every transport: a removed problem is a tombstone with its ID, state and the
// public reason and date of its removal.
func ContentWithheld(p *ent.Problem) bool { return StateWithheld(string(p.State)) }

// StateWithheld is ContentWithheld for a problem known by its stored state alone, as an index
// or a feed row carries it.
func StateWithheld(state string) bool { return state == string(problem.StateREMOVED) }

// resolveRefusal says why a may not write a RESOLVES binding, or nil: the relation comes from a
// review (reviewers and staff), never from an account with the agent role, even one that also
// holds the reviewer role.
func resolveRefusal(a *ent.Account) error {
	switch {
	case IsAgent(a):
		return refuse(CodeAgentCannotResolve, "an agent account cannot bind a claim as RESOLVES; attach it as ADDRESSES and a reviewer decides", "relation")
	case !CanReview(a):
		return refuse(CodeForbidden, "a RESOLVES binding comes from a review; attach the claim as ADDRESSES", "relation")
	}
	return nil
}

// PendingReview reports whether p is an accepted problem with a proposed revision waiting for a
// reviewer to adopt or decline it.
func PendingReview(p *ent.Problem) bool {
	return p.State == problem.StateACCEPTED && p.PendingRevisionID != nil
}

// ReviewerMaySettle reports whether p, read with its open holds, is held only by a failing
// duplicate or known-answer check, which a reviewer's archive or merge that the finding supports
// settles (qualify still needs staff).
func ReviewerMaySettle(p *ent.Problem) bool {
	if !Held(p) || p.State != problem.StatePROSPECTING {
		return false
	}
	for _, h := range p.Edges.Holds {
		if _, ok := reviewerSettleable[h.Reason]; !ok || h.Authority != AuthorityGate {
			return false
		}
	}
	return true
}

// Held reports whether p, read with its open holds (the packet reads them), is held for staff.
func Held(p *ent.Problem) bool { return len(p.Edges.Holds) > 0 }
