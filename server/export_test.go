package server

// WithSitemapFileSize makes sitemap files of n numbers each, so that a test divides a few
// problems into several files.
func WithSitemapFileSize(n int) Option { return func(s *Server) { s.sitemapURLs = n } }
