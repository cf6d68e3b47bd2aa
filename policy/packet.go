package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
)

// RevisionRequest is one open request of a keep-prospecting decision.
type RevisionRequest struct {
	Request  string
	Decision *ent.Decision
}

// OpenRevisionRequests returns, per revision ID, the requests of the
// keep-prospecting decisions made on it. Asked with problems' current
// revisions it gives their open requests: a new revision answers them and
// is reviewed afresh.
func OpenRevisionRequests(ctx context.Context, c *ent.Client, revisionIDs []string) (map[string][]RevisionRequest, error) {
	ds, err := c.Decision.Query().
		Where(decision.RevisionIDIn(revisionIDs...), decision.ActionEQ(decision.ActionKEEP_PROSPECTING)).
		Order(ent.Asc(decision.FieldCreatedAt), ent.Asc(decision.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("revision requests: %w", err)
	}
	out := make(map[string][]RevisionRequest, len(revisionIDs))
	for _, d := range ds {
		for _, r := range d.RevisionRequests {
			out[d.RevisionID] = append(out[d.RevisionID], RevisionRequest{Request: r, Decision: d})
		}
	}
	return out, nil
}

// ReputationOf derives the reputation of several accounts with one query.
func ReputationOf(ctx context.Context, c *ent.Client, accountIDs []string) (map[string]*Reputation, error) {
	entries, err := c.ReputationEntry.Query().Where(reputationentry.AccountIDIn(accountIDs...)).
		Order(ent.Desc(reputationentry.FieldAt), ent.Desc(reputationentry.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reputation: %w", err)
	}
	by := map[string][]*ent.ReputationEntry{}
	for _, e := range entries {
		by[e.AccountID] = append(by[e.AccountID], e)
	}
	out := make(map[string]*Reputation, len(accountIDs))
	for _, id := range accountIDs {
		out[id] = Tally(by[id])
	}
	return out, nil
}
