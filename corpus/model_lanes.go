package corpus

import (
	"context"
	"sync"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
)

// The model checks' lanes — the judges of merge gate 8, the round trip of
// gate 7 and the hypothesis check of gate 9 — are those given as options
// and, with WithRegisteredLanes, the lanes an operator registered for
// those roles (theoremdb admin lane add --role judge|round_trip|hypotheses)
// and approved, read afresh for each change request. A judge among them
// still judges only once its measured rate qualifies it.

// WithRegisteredLanes makes the merge gates call the registered lanes of
// the model checks as well; opts are passed to each lane as it is built
// (the key's environment, a clock). The server and the workers run with it.
func WithRegisteredLanes(opts ...lanes.Option) Option {
	return func(s *Service) {
		s.registered = &registeredLanes{opts: opts, built: map[string]any{}}
	}
}

// registeredLanes builds each registered lane once: a lane's provider,
// model and prompt never change (a new version is a new lane).
type registeredLanes struct {
	opts  []lanes.Option
	mu    sync.Mutex
	built map[string]any // by lane ID: *lanes.Judge, *lanes.RoundTrip, *lanes.Hypotheses, or the error
}

func (r *registeredLanes) build(l *ent.Lane) any {
	r.mu.Lock()
	defer r.mu.Unlock()
	if b, ok := r.built[l.ID]; ok {
		return b
	}
	cfg := policy.LaneConfig(l)
	var (
		b   any
		err error
	)
	switch cfg.Role {
	case lanes.JudgeRole:
		b, err = lanes.NewJudge(cfg, r.opts...)
	case lanes.RoundTripRole:
		b, err = lanes.NewRoundTrip(cfg, r.opts...)
	case lanes.HypothesesRole:
		b, err = lanes.NewHypotheses(cfg, r.opts...)
	}
	if err != nil {
		b = err
	}
	r.built[l.ID] = b
	return b
}

// modelLanes are the lanes one request's gates call.
type modelLanes struct {
	judges     []*lanes.Judge
	roundTrip  *lanes.RoundTrip
	hypotheses *lanes.Hypotheses
	err        error // the registered lanes could not be read
}

// modelLanes reads the lanes of the model checks through c: the options'
// first, then the registered ones (every qualified judge; the newest
// round-trip and hypothesis lane where no option set one). A registered
// lane that cannot be built is left out; its registration was validated,
// so only a prompt version since removed does that.
func (s *Service) modelLanes(ctx context.Context, c *ent.Client) *modelLanes {
	m := &modelLanes{judges: s.judges, roundTrip: s.roundTrip, hypotheses: s.hypotheses}
	if s.registered == nil {
		return m
	}
	ls, err := policy.CheckLanes(ctx, c)
	if err != nil {
		m.err = err
		return m
	}
	m.judges = append([]*lanes.Judge(nil), s.judges...)
	for _, l := range ls {
		switch b := s.registered.build(l).(type) {
		case *lanes.Judge:
			m.judges = append(m.judges, b)
		case *lanes.RoundTrip:
			if m.roundTrip == nil {
				m.roundTrip = b
			}
		case *lanes.Hypotheses:
			if m.hypotheses == nil {
				m.hypotheses = b
			}
		}
	}
	return m
}

// models are the request's model lanes, read once: the run before the
// transaction's, so that the gates in it call exactly the lanes the run
// called.
func (st *state) models(ctx context.Context) *modelLanes {
	if st.pre.models != nil {
		return st.pre.models
	}
	if st.ml == nil {
		st.ml = st.s.modelLanes(ctx, st.read)
	}
	return st.ml
}
