package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent/event"
)

// EventCountsBy counts the events an account is the actor of, by kind: the record of what it
// did, which a page that acts in its name (the operator's lanes and switches) is held to.
func (s *Service) EventCountsBy(ctx context.Context, actorID string) (map[string]int, error) {
	kinds, err := s.client.Event.Query().Where(event.Actor(actorID)).Select(event.FieldKind).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("events of %s: %w", actorID, err)
	}
	out := make(map[string]int, len(kinds))
	for _, k := range kinds {
		out[k]++
	}
	return out, nil
}
