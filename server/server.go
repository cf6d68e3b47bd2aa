package server

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/theoremdb/theoremdb/policy"
)

// Server is the HTTP handler of the whole site.
type Server struct {
	policy  *policy.Service
	log     *slog.Logger
	mux     *http.ServeMux
	metrics *metrics
}

// New builds the route table.
func New(p *policy.Service, log *slog.Logger) *Server {
	s := &Server{policy: p, log: log, mux: http.NewServeMux(), metrics: newMetrics()}
	gql := authenticate(p, specStatus(graphqlHandler(p, log)))
	s.handle("/graphql", gql)
	s.handle("GET /healthz", http.HandlerFunc(s.healthz))
	s.mux.Handle("GET /metrics", s.metrics.handler())
	return s
}

func (s *Server) handle(pattern string, h http.Handler) {
	s.mux.Handle(pattern, s.metrics.instrument(pattern, h))
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mux.ServeHTTP(w, r)
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
