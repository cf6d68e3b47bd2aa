package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
)

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

// AuthorityWriter is the right a change request's writer acts by in the corpus's events.
const AuthorityWriter = "writer"

// authorAuthorities are the rights an account acts by as an author: the pages name a problem's
// proposer, a claim's author and a change request's writer beside what they wrote.
var authorAuthorities = map[string]bool{AuthoritySubmitter: true, AuthorityWriter: true}

// ActorShown is the handle an event's actor is shown with to viewer, or "" for none: the one
// rule the pages (the account's activity) and GraphQL (Event.actor) follow, so that a raw
// account ID is never shown. An account acting as an author (submitting, revising, attaching a
// claim, writing to the corpus) is named to anyone, as the pages name a problem's proposer;
// acting with any other right (reviewer, staff, moderation, operator, auditor, reader) it is
// named to those who see reviewers (SeesReviewers) and to itself. actor is the acting account,
// nil when no account acted: the site by itself (system) or the community's flags, which the
// event's authority describes.
func ActorShown(viewer *ent.Account, authority string, actor *ent.Account) string {
	switch {
	case actor == nil:
		return ""
	case authorAuthorities[authority], SeesReviewers(viewer), viewer != nil && viewer.ID == actor.ID:
		return actor.Handle
	}
	return ""
}

// ActingAccounts reads the accounts of the actor IDs given, in one statement; the site's own
// actor and the community's are no account and are absent.
func ActingAccounts(ctx context.Context, c *ent.Client, ids []string) (map[string]*ent.Account, error) {
	out := make(map[string]*ent.Account, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	as, err := c.Account.Query().Where(account.IDIn(ids...)).Select(account.FieldID, account.FieldHandle).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("acting accounts: %w", err)
	}
	for _, a := range as {
		out[a.ID] = a
	}
	return out, nil
}
