package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
)

// RevisionRequest is one open request of a keep-prospecting decision.
type RevisionRequest struct {
	Request  string
	Decision *ent.Decision
}

// OpenRevisionRequests are the requests of keep-prospecting decisions made
// on the problem's current revision: a new revision answers them and is
// reviewed afresh.
func OpenRevisionRequests(ctx context.Context, c *ent.Client, p *ent.Problem) ([]RevisionRequest, error) {
	if p.CurrentRevisionID == nil {
		return nil, nil
	}
	ds, err := c.Decision.Query().
		Where(decision.RevisionID(*p.CurrentRevisionID), decision.ActionEQ(decision.ActionKEEP_PROSPECTING)).
		Order(ent.Asc(decision.FieldCreatedAt)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("revision requests of %s: %w", p.ID, err)
	}
	var out []RevisionRequest
	for _, d := range ds {
		for _, r := range d.RevisionRequests {
			out = append(out, RevisionRequest{Request: r, Decision: d})
		}
	}
	return out, nil
}
