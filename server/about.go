package server

import (
	"net/http"

	"github.com/theoremdb/theoremdb/ui"
)

// about is /about: what the challenge period, the stake, acceptance and the checks mean.
func (s *Server) about(w http.ResponseWriter, r *http.Request) error {
	s.render(w, r, http.StatusOK, page(r, "How TheoremDB works"), ui.AboutPage())
	return nil
}
