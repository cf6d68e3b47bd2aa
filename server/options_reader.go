package server

import "strings"

// DefaultBaseURL is the site's address when none is configured.
const DefaultBaseURL = "http://localhost:8080"

// WithBaseURL sets the site's public address (THEOREMDB_BASE_URL): permanent URLs in feeds,
// exports, citations, the sitemap and canonical links are made under it, never from a
// request's Host header.
func WithBaseURL(u string) Option {
	return func(s *Server) { s.base = strings.TrimRight(u, "/") }
}

// baseURL is the server's public address, without a trailing slash.
func (s *Server) baseURL() string {
	if s.base != "" {
		return s.base
	}
	return DefaultBaseURL
}
