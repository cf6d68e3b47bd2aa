package server

import "github.com/theoremdb/theoremdb/gates"

// WithSimilar sets what finds the problems most like a draft on the submit and revise forms; by
// default an index of the database's current statements, loaded on the first search.
func WithSimilar(x gates.Similar) Option { return func(s *Server) { s.similar = x } }
