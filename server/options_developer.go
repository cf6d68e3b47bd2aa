package server

// WithResponseCache bounds the memory for GraphQL answers kept beside the
// packet cache (THEOREMDB_RESPONSE_CACHE_MB); zero or less means
// api.DefaultResponseCacheBytes.
func WithResponseCache(bytes int) Option { return func(s *Server) { s.answersBytes = bytes } }
