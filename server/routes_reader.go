package server

// readerRoutes are the readers' downloads, feeds, citations, sitemap, tags and help.
func (s *Server) readerRoutes() []route {
	return []route{
		{"GET /export/problems.jsonl", s.exportJSONL},
		{"GET /export/problems.csv", s.exportCSV},
		{"GET /feeds/new.atom", s.feedNew},
		{"GET /feeds/accepted.atom", s.feedAccepted},
		{"GET /feeds/closing.atom", s.feedClosing},
		{"GET /feeds/tag/{file}", s.feedTag},
		{"GET /p/{ref}/feed.atom", s.feedProblem},
		{"GET /p/{ref}/cite.bib", s.citeBib},
		{"GET /sitemap.xml", s.sitemap},
		{"GET /robots.txt", s.robots},
		{"GET /tags", s.tags},
		{"GET /about", s.about},
	}
}
