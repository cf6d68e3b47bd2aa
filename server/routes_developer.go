package server

// developerRoutes are the pages for research agents and developers: the GraphQL explorer, the schema, the API docs.
func (s *Server) developerRoutes() []route {
	return []route{
		{"GET " + schemaPath, s.schemaFile},
		{"GET /api", s.apiDocs},
		{"GET /favicon.ico", s.favicon},
		{"POST /account/tokens", s.createToken},
		{"POST /account/tokens/{id}/revoke", s.revokeToken},
	}
}
