package server

import "github.com/theoremdb/theoremdb/gates"

// WithCopies gives the corpus's merge gates, behind GraphQL and the pages,
// the copy check's index; without it the copy check reports UNKNOWN and no
// change request merges above E0.
func WithCopies(c gates.CopyChecker) Option { return func(s *Server) { s.copies = c } }
