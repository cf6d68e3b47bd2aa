package corpus

import (
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/sandbox"
)

// Service runs the corpus's rules against one database, writing through
// the policy service's transactions so that every change shares the one
// hash-chained event log.
type Service struct {
	pol    *policy.Service
	db     *db.DB
	client *ent.Client
	copies gates.CopyChecker
	queue  Queue
	// formal is the formal library formal bindings name.
	formal *library
	// smallLimits bound the small-case programs.
	smallLimits sandbox.Limits
	// judges are the judge lanes of merge gate 8; only the qualified ones judge.
	judges []*lanes.Judge
	// roundTrip and hypotheses are the lanes of the formal round trip and
	// the hypothesis check, or nil.
	roundTrip  *lanes.RoundTrip
	hypotheses *lanes.Hypotheses
	// registered, when set, adds the registered lanes of the model checks.
	registered *registeredLanes
}

// Option configures a Service.
type Option func(*Service)

// WithCopies sets the copy check's index; without one the copy check
// reports UNKNOWN on every body.
func WithCopies(c gates.CopyChecker) Option { return func(s *Service) { s.copies = c } }

// New returns the corpus service over the policy service's database.
func New(p *policy.Service, opts ...Option) *Service {
	s := &Service{pol: p, db: p.DB(), client: p.Client(), formal: &library{dir: defaultFormalLibrary()}}
	for _, o := range opts {
		o(s)
	}
	return s
}

// now is the policy service's clock.
func (s *Service) now() time.Time { return s.pol.Now() }
