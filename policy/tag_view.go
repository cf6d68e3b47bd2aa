package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/tag"
)

// TagNames lists every tag by name, for the list page's tag filter. The list is kept until the
// next event, as pages are: a tag is written only with a revision, and every revision is an
// event. The caller must not change the slice.
func (s *Service) TagNames(ctx context.Context) ([]string, error) {
	if names, _, ok := s.pages.tagNames(); ok {
		return names, nil
	}
	seq := s.pages.heard()
	names, err := s.client.Tag.Query().Order(ent.Asc(tag.FieldName)).Select(tag.FieldName).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("tag names: %w", err)
	}
	s.pages.putTagNames(seq, names)
	return names, nil
}
