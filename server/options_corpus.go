package server

import (
	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/gates"
)

// WithCopies gives the corpus's merge gates, behind GraphQL and the pages,
// the copy check's index; without it the copy check reports UNKNOWN and no
// change request merges above E0.
func WithCopies(c gates.CopyChecker) Option { return func(s *Server) { s.copies = c } }

// WithCorpusQueue makes an opened or revised change request wait, PENDING,
// for a worker to run its merge gates (the job client); without it the
// site runs them in the request that opened it.
func WithCorpusQueue(q corpus.Queue) Option { return func(s *Server) { s.corpusQueue = q } }
