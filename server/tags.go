package server

import (
	"net/http"

	"github.com/theoremdb/theoremdb/ui"
)

// tags is /tags: every tag with its count of public problems.
func (s *Server) tags(w http.ResponseWriter, r *http.Request) error {
	tags, err := s.policy.TagCounts(r.Context())
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Tags"), ui.TagsPage(tags))
	return nil
}
