package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/tag"
)

// TagNames lists every tag by name, for the list page's tag filter.
func (s *Service) TagNames(ctx context.Context) ([]string, error) {
	names, err := s.client.Tag.Query().Order(ent.Asc(tag.FieldName)).Select(tag.FieldName).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("tag names: %w", err)
	}
	return names, nil
}
