package server

import (
	"context"
	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/graph"
	"log/slog"
	"net/http"
	"time"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/similar"
	"github.com/theoremdb/theoremdb/throttle"
)

// Server is the HTTP handler of the whole site.
type Server struct {
	policy  *policy.Service
	reads   reads
	corpus  corpusReads
	audits  auditStore
	checks  checkStore
	live    *live.Broker
	log     *slog.Logger
	mux     *http.ServeMux
	handler http.Handler
	metrics *metrics
	limiter *limiter
	guard   *guard
	// similar finds the problems most like a draft: the duplicate gate's index.
	similar gates.Similar
	// copies is the copy check's index the corpus's merge gates read, or nil.
	copies gates.CopyChecker
	// corpusQueue runs an opened change request's gates on a worker, or is nil.
	corpusQueue corpus.Queue
	// base is the site's public address, without a trailing slash (WithBaseURL).
	base string
	// answersBytes bounds the GraphQL answers the transport keeps
	// (WithResponseCache).
	answersBytes int
	// sitemapURLs is the most URLs a sitemap file lists (sitemapFileURLs when zero).
	sitemapURLs int
}

// New builds the route table. b delivers live events to subscriptions; its
// Run must be going.
func New(p *policy.Service, b *live.Broker, log *slog.Logger, opts ...Option) *Server {
	s := &Server{policy: p, reads: p, live: b, log: log, mux: http.NewServeMux(), metrics: newMetrics(p),
		guard: newGuard(throttle.Limits{})}
	for _, o := range opts {
		o(s)
	}
	s.limiter = newLimiter(s.guard.Limits)
	if s.similar == nil {
		s.similar = similar.NewProblemIndex(p)
	}
	// The model checks call the lanes operators registered and approved for them.
	copies := []corpus.Option{corpus.WithRegisteredLanes()}
	if s.copies != nil {
		copies = append(copies, corpus.WithCopies(s.copies))
	}
	if s.corpusQueue != nil {
		copies = append(copies, corpus.WithQueue(s.corpusQueue))
	}
	cs := corpus.New(p, copies...)
	s.corpus, s.audits, s.checks = cs, cs, cs
	b.OnEvent(p.InvalidatePackets) // other instances' commits; this one's invalidate as they commit
	gql := api.New(api.Config{Policy: p, Live: b, Log: log, Accounts: p.Identity(), Limits: s.guard.Limits, Writes: s.guard.writes,
		ResponseCacheBytes: s.answersBytes, Resolver: []graph.ResolverOption{graph.WithCorpus(cs)}})
	s.metrics.transport(gql)
	s.handle("/graphql", withSession(p, withExplorer(p, gql)))
	s.handle("GET /healthz", http.HandlerFunc(s.healthz))
	s.install()
	// Every state-changing request from a browser must come from this
	// site; requests without browser headers (API clients) pass.
	s.handler = withClientAddr(s.guard.Proxies, http.NewCrossOriginProtection().Handler(s.mux))
	return s
}

func (s *Server) handle(pattern string, h http.Handler) {
	s.mux.Handle(pattern, s.metrics.instrument(pattern, h))
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.handler.ServeHTTP(w, r)
}

// healthz reports whether the database answers.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.policy.DB().PingContext(ctx); err != nil {
		s.log.WarnContext(ctx, "health check failed", "err", err)
		http.Error(w, "database unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}
