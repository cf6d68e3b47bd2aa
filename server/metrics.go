package server

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/policy"
)

// metrics is the Prometheus registry of one server.
type metrics struct {
	reg      *prometheus.Registry
	duration *prometheus.HistogramVec
	inflight prometheus.Gauge
}

func newMetrics(p *policy.Service) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "theoremdb_http_request_duration_seconds",
			Help:    "Time to serve HTTP requests, by route, method and status.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "method", "code"}),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "theoremdb_http_requests_in_flight",
			Help: "HTTP requests being served.",
		}),
	}
	m.reg.MustRegister(m.duration, m.inflight,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	stat := func(v func(policy.CacheStats) int64) func() float64 {
		return func() float64 { return float64(v(p.PacketCacheStats())) }
	}
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "theoremdb_packet_cache_hits_total",
			Help: "Problem packets read from the in-process cache."}, stat(func(s policy.CacheStats) int64 { return s.Hits })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "theoremdb_packet_cache_misses_total",
			Help: "Problem packets the cache did not hold, read from the database."}, stat(func(s policy.CacheStats) int64 { return s.Misses })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "theoremdb_packet_cache_evictions_total",
			Help: "Problem packets dropped to stay within the cache's size."}, stat(func(s policy.CacheStats) int64 { return s.Evictions })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "theoremdb_packet_cache_invalidations_total",
			Help: "Problem packets dropped because an event made them stale."}, stat(func(s policy.CacheStats) int64 { return s.Invalidations })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "theoremdb_packet_cache_decodes_total",
			Help: "Cache hits on packets kept encoded only, decoded to be read."}, stat(func(s policy.CacheStats) int64 { return s.Decodes })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "theoremdb_packet_cache_decoded_packets",
			Help: "Cached problem packets also kept decoded: the most recently read."}, stat(func(s policy.CacheStats) int64 { return int64(s.Decoded) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "theoremdb_packet_cache_packets",
			Help: "Problem packets in the cache."}, stat(func(s policy.CacheStats) int64 { return int64(s.Packets) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "theoremdb_packet_cache_core_packets",
			Help: "Cached problem packets that hold their core or brief alone (the problem, its current revision, its references and sources)."},
			stat(func(s policy.CacheStats) int64 { return int64(s.Cores) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "theoremdb_packet_cache_brief_packets",
			Help: "Cached problem packets that hold their brief alone (their core narrowed to a few columns of the revision, references and sources)."},
			stat(func(s policy.CacheStats) int64 { return int64(s.Briefs) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "theoremdb_packet_cache_bytes",
			Help: "Size of the rows the cached packets were read from."}, stat(func(s policy.CacheStats) int64 { return int64(s.Bytes) })),
	)
	return m
}

// handler is the public address's /metrics: not found. The metrics tell
// more about the server than its users need to know, so they are served
// only where operators listen (MetricsHandler).
func (m *metrics) handler() http.Handler { return http.NotFoundHandler() }

// MetricsHandler serves the server's Prometheus metrics. Serve it on an
// address of its own, for operators (theoremdb serve --metrics-addr), never
// beside the site.
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
}

// instrument records the duration and status of every request to route.
func (m *metrics) instrument(route string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		m.inflight.Inc()
		defer m.inflight.Dec()
		sw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
		next.ServeHTTP(sw, r)
		code := sw.code
		if errors.Is(r.Context().Err(), context.Canceled) && code != http.StatusSwitchingProtocols {
			code = statusClientClosed // whatever was written, the client had gone
		}
		m.duration.WithLabelValues(route, r.Method, strconv.Itoa(code)).Observe(time.Since(start).Seconds())
	})
}

type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack lets a websocket upgrade take over the connection.
func (w *statusWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	w.code = http.StatusSwitchingProtocols
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

// transport registers the GraphQL transport's metrics.
func (m *metrics) transport(h *api.Handler) { m.reg.MustRegister(h.Collectors()...) }
