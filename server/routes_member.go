package server

// memberRoutes are proposers' and members' pages: suggested edits, and the similar problems the
// forms show while a draft is typed.
func (s *Server) memberRoutes() []route {
	return []route{
		{"GET /similar", s.similarDrafts},
		{"GET /p/{ref}/suggest", s.suggestForm},
		{"POST /p/{ref}/suggest", s.suggest},
		{"GET /p/{ref}/suggestions/{id}", s.suggestionPage},
		{"POST /p/{ref}/suggestions/{id}/{action}", s.settleSuggestion},
	}
}
