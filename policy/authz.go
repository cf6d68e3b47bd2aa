package policy

import (
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/role"
)

// Who may do what, in one place. Every rule here is about an account's
// roles (and, for a moderation case, who holds it); the operations check
// the rest (state, deadlines) where they act. Transports ask these
// functions to decide what to offer; the policy asks them again to decide
// what to do, so an offer never grants anything.

// CanModerate reports whether an account may work moderation cases.
func CanModerate(a *ent.Account) bool {
	return a != nil && (role.Has(a.Roles, role.Moderator) || role.Has(a.Roles, role.Operator))
}

// CanResolve reports whether a can dismiss c or remove its problem: a
// moderator who holds the claim on it.
func CanResolve(a *ent.Account, c *ent.ModerationCase) bool {
	return CanModerate(a) && resolvable(a, c) == nil
}

// CanReview reports whether an account may record reviewer decisions:
// reviewers on their own authority, operators as staff.
func CanReview(a *ent.Account) bool {
	return a != nil && (role.Has(a.Roles, role.Reviewer) || role.Has(a.Roles, role.Operator))
}

// CanImport reports whether an account may import problems from a public
// data set (trusted imports stake nothing): operators only.
func CanImport(a *ent.Account) bool { return a != nil && role.Has(a.Roles, role.Operator) }

// CanReviseFor reports whether a may revise a problem proposed by someone
// else, on the proposer's behalf and with a note saying why: operators.
func CanReviseFor(a *ent.Account) bool { return a != nil && role.Has(a.Roles, role.Operator) }

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
