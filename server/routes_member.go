package server

// memberRoutes are proposers' and members' pages: suggested edits.
func (s *Server) memberRoutes() []route {
	return nil
}
