package server

// readerRoutes are the readers' downloads, feeds, citations, sitemap, tags and help.
func (s *Server) readerRoutes() []route {
	return nil
}
