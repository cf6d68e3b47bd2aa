package server

// developerRoutes are the pages for research agents and developers: the GraphQL explorer, the schema, the API docs.
func (s *Server) developerRoutes() []route {
	return nil
}
