package server

import (
	"net/http"

	"github.com/theoremdb/theoremdb/ui"
)

// about is /about: what the challenge period, the stake, acceptance and the checks mean, and
// whether sources wait for catalogues this server could not reach.
func (s *Server) about(w http.ResponseWriter, r *http.Request) error {
	catalogues, err := s.reads.CatalogueStatus(r.Context())
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "How TheoremDB works"), ui.AboutPage(catalogues))
	return nil
}
