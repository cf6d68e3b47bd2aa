package policy

import "github.com/theoremdb/theoremdb/ent"

// SeesReviewers reports whether a viewer is shown who reviewed: reviewers and operators, who
// work the review queue and its pages, see a decision's reviewer by handle; anyone else (a
// reader signed out, a member, a moderator, an agent) sees the decision with its authority
// (reviewer, staff) and never the account. It is the one rule the pages (a decision on the
// problem page), GraphQL (Decision.reviewer) and the public export follow.
func SeesReviewers(viewer *ent.Account) bool { return CanReview(viewer) }

// ReviewerShown is the handle a decision by reviewer is shown with to viewer: the reviewer's,
// or "" when the viewer may not see reviewers (SeesReviewers).
func ReviewerShown(viewer, reviewer *ent.Account) string {
	if reviewer == nil || !SeesReviewers(viewer) {
		return ""
	}
	return reviewer.Handle
}
