package server

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/throttle"
	"github.com/theoremdb/theoremdb/workers"
)

// Server is the HTTP handler of the whole site.
type Server struct {
	policy  *policy.Service
	live    *live.Broker
	log     *slog.Logger
	mux     *http.ServeMux
	handler http.Handler
	metrics *metrics
	limiter *limiter
	guard   *guard
	// similar finds the problems most like a draft: the duplicate gate's index.
	similar gates.Similar
	// base is the site's public address, without a trailing slash (WithBaseURL).
	base string
	// answersBytes bounds the GraphQL answers the transport keeps
	// (WithResponseCache).
	answersBytes int
}

// New builds the route table. b delivers live events to subscriptions; its
// Run must be going.
func New(p *policy.Service, b *live.Broker, log *slog.Logger, opts ...Option) *Server {
	s := &Server{policy: p, live: b, log: log, mux: http.NewServeMux(), metrics: newMetrics(p), limiter: newLimiter(),
		guard: newGuard(throttle.Limits{})}
	for _, o := range opts {
		o(s)
	}
	if s.similar == nil {
		s.similar = workers.NewProblemIndex(p)
	}
	b.OnEvent(p.InvalidatePackets) // other instances' commits; this one's invalidate as they commit
	gql := api.New(api.Config{Policy: p, Live: b, Log: log, Accounts: p, Limits: s.guard.Limits, Writes: s.guard.writes,
		ResponseCacheBytes: s.answersBytes})
	s.metrics.transport(gql)
	s.handle("/graphql", withSession(p, withExplorer(p, gql)))
	s.handle("GET /healthz", http.HandlerFunc(s.healthz))
	s.mux.Handle("GET /metrics", s.metrics.handler())
	s.mux.Handle("GET /static/", securityHeaders(staticHandler()))

	pages := []route{
		{"GET /{$}", s.home},
		{"GET /problems", s.list},
		{"GET /p/{ref}", s.problemPage},
		{"GET /p/{ref}/revise", s.reviseForm},
		{"POST /p/{ref}/revise", s.revise},
		{"GET /submit", s.submitForm},
		{"POST /submit", s.submit},
		{"GET /signin", s.signinForm},
		{"POST /signin", s.signin},
		{"GET /signup", s.signupForm},
		{"POST /signup", s.signup},
		{"POST /signout", s.signout},
		{"GET /account", s.account},
		{"GET /review", s.reviewQueue},
		{"GET /review/disagreements", s.disagreements},
		{"GET /review/disagreements/{class}", s.disagreements},
		{"GET /review/{ref}", s.reviewPage},
		{"POST /review/{ref}", s.decide},
		{"POST /review/{ref}/staff", s.sendToStaff},
		{"POST /review/{ref}/claims/{claim}", s.reviewClaim},
		{"POST /review/{ref}/presentation", s.setPresentation},
		{"POST /review/{ref}/locators/{reference}", s.confirmLocator},
		{"GET /admin/review", s.staffQueue},
		{"GET /admin/review/{ref}", s.staffPage},
		{"GET /admin/revise", s.consoleRevise},
		{"GET /admin/revise/{ref}", s.reviseForm},
		{"POST /admin/revise/{ref}", s.revise},
		{"POST /admin/batch-stops", s.stopBatch},
		{"POST /admin/batch-stops/{id}/lift", s.liftBatch},
		{"GET /admin/lanes", s.lanesPage},
		{"POST /admin/lanes", s.addLane},
		{"POST /admin/lanes/{lane}/approve", s.approveLane},
		{"POST /admin/lanes/{lane}/disable", s.disableLane},
		{"POST /admin/switches/{name}", s.setSwitch},
		{"GET /admin/lanes/report", s.laneReport},
		{"GET /p/{ref}/flag", s.flagForm},
		{"POST /p/{ref}/flag", s.flag},
		{"GET /moderate", s.moderate},
		{"POST /moderate/{case}/{action}", s.moderateAction},
		{"GET /moderation/log", s.moderationLog},
	}
	pages = append(pages, s.developerRoutes()...)
	pages = append(pages, s.readerRoutes()...)
	pages = append(pages, s.memberRoutes()...)
	for _, pg := range pages {
		h := pg.h
		if strings.HasPrefix(pg.pattern, "POST ") && !selfLimited[pg.pattern] {
			h = s.limitWrites(h)
		}
		s.handle(pg.pattern, securityHeaders(withSession(p, takeFlash(s.pageFunc(h)))))
	}
	s.mux.Handle("/", securityHeaders(withSession(p, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusNotFound, "There is no such page.", nil)
	}))))
	// Every state-changing request from a browser must come from this
	// site; requests without browser headers (API clients) pass.
	s.handler = http.NewCrossOriginProtection().Handler(s.mux)
	return s
}

// route is a page's pattern and handler.
type route struct {
	pattern string
	h       pageHandler
}

// selfLimited are the forms with limits of their own: sign-in and sign-up
// count by address, and signing out is always allowed.
var selfLimited = map[string]bool{"POST /signin": true, "POST /signup": true, "POST /signout": true}

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
