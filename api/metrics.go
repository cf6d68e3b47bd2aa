package api

import "github.com/prometheus/client_golang/prometheus"

// Collectors are the transport's metrics, the response cache's counters,
// for the registry the site's operators read.
func (h *Handler) Collectors() []prometheus.Collector {
	c := h.answers
	stat := func(v func(ResponseCacheStats) int64) func() float64 {
		return func() float64 { return float64(v(c.stats())) }
	}
	return []prometheus.Collector{
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "theoremdb_response_cache_hits_total",
			Help: "GraphQL queries answered from kept answers."}, stat(func(s ResponseCacheStats) int64 { return s.Hits })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "theoremdb_response_cache_misses_total",
			Help: "GraphQL queries with no kept answer."}, stat(func(s ResponseCacheStats) int64 { return s.Misses })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "theoremdb_response_cache_stale_total",
			Help: "Kept GraphQL answers dropped because a packet or page behind them changed, or a deadline passed."},
			stat(func(s ResponseCacheStats) int64 { return s.Stale })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "theoremdb_response_cache_answers",
			Help: "GraphQL answers kept."}, stat(func(s ResponseCacheStats) int64 { return int64(s.Answers) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "theoremdb_response_cache_bytes",
			Help: "Size of the GraphQL answers kept."}, stat(func(s ResponseCacheStats) int64 { return int64(s.Bytes) })),
	}
}
