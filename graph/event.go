package graph

import (
	"context"

	"github.com/theoremdb/theoremdb/ent"
)

// wholeEvent is ev with every column, read again when a partial read (node(id:), which selects
// only the fields asked for) left out those that Event.actor and Event.actorCommitment derive
// from: who acted, by what right, the hash version and the actor's salt.
func (r *Resolver) wholeEvent(ctx context.Context, ev *ent.Event) (*ent.Event, error) {
	if ev.Actor != "" && ev.Authority != "" && ev.HashVersion != 0 {
		return ev, nil
	}
	return r.client.Event.Get(ctx, ev.ID)
}
