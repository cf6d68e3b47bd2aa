package policy

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/search"
)

// Version names the review policy these rules implement; it is stamped on
// every decision. It is gates.PolicyVersion, the one spelling of it, which
// the gates stamp on their findings.
const Version = gates.PolicyVersion

// DefaultChallengeWindow is the policy's seven days.
const DefaultChallengeWindow = 7 * 24 * time.Hour

// Clock tells the time. Tests inject a fake one.
type Clock interface{ Now() time.Time }

// SystemClock is the real clock.
type SystemClock struct{}

// Now returns the current time.
func (SystemClock) Now() time.Time { return time.Now() }

// Scheduler enqueues jobs in the transaction that makes them due: the
// default-acceptance job of a problem in the one that submits it, the gates
// of a revision in the one that writes it, so a job exists exactly when its
// subject does. workers/ implements it with River.
type Scheduler interface {
	ScheduleAcceptance(ctx context.Context, tx *sql.Tx, problemID string, at time.Time) error
	// ScheduleGates enqueues the job that runs a revision's pending gates.
	ScheduleGates(ctx context.Context, tx *sql.Tx, revisionID string) error
	// ScheduleConfirmations enqueues the record plane's confirmation of each reference.
	ScheduleConfirmations(ctx context.Context, tx *sql.Tx, referenceIDs []string) error
	// SchedulePanel enqueues agent-assisted review of a revision whose gates have all run.
	SchedulePanel(ctx context.Context, tx *sql.Tx, revisionID string) error
}

// Notifier learns the sequence number of every event after its transaction
// commits; the live-update broker implements it.
type Notifier interface{ EventsCommitted(seqs []int64) }

// Config is the policy's tunable part.
type Config struct {
	// ChallengeWindow is the time from submission to default acceptance.
	ChallengeWindow time.Duration
	// PacketCacheBytes bounds the packet cache (DefaultPacketCacheBytes when
	// zero or less).
	PacketCacheBytes int
	// PeopleGold is how many blind gold items each reviewer's queue holds a day (gold_people.go);
	// none when zero or less.
	PeopleGold int
}

// Service runs the policy against one database.
type Service struct {
	db         *db.DB
	client     *ent.Client
	clock      Clock
	cfg        Config
	scheduler  Scheduler
	notifier   Notifier
	packets    *packetCache
	pages      *pageCache
	identity   *identity.Service
	search     *search.Index
	catalogues *catalogueStatusCache
	// submitting admits one submission's transaction at a time (SubmitMany). Submissions
	// take the problem counter, which holds each until the one before commits; those that
	// wait, wait here rather than in the database, each holding a connection of the pool
	// that reads need.
	submitting chan struct{}
	queue      submitQueue
}

// Option configures a Service.
type Option func(*Service)

// WithClock injects the clock.
func WithClock(c Clock) Option { return func(s *Service) { s.clock = c } }

// WithScheduler sets the job scheduler; without one no job is enqueued and
// only the overdue sweep accepts problems.
func WithScheduler(sc Scheduler) Option { return func(s *Service) { s.scheduler = sc } }

// WithNotifier sets who hears about committed events.
func WithNotifier(n Notifier) Option { return func(s *Service) { s.notifier = n } }

// WithPacketsOf makes the service share other's packet cache, so that what
// either writes is seen at once by reads through the other (the workers'
// service and the web's in one process).
func WithPacketsOf(other *Service) Option { return func(s *Service) { s.packets = other.packets } }

// New returns a Service on d.
func New(d *db.DB, cfg Config, opts ...Option) *Service {
	if cfg.ChallengeWindow <= 0 {
		cfg.ChallengeWindow = DefaultChallengeWindow
	}
	s := &Service{db: d, client: d.Ent(), clock: SystemClock{}, cfg: cfg, catalogues: &catalogueStatusCache{},
		submitting: make(chan struct{}, 1)}
	s.packets = newPacketCache(cfg.PacketCacheBytes, s.decodePacket)
	for _, o := range opts {
		o(s)
	}
	s.pages = newPageCache(s.packets)
	s.identity = identity.New(d, s.client, s.Now)
	s.search = search.New(d, s.client)
	return s
}

// Search is the full-text index of the service's database, which the
// service adds each revision it writes to.
func (s *Service) Search() *search.Index { return s.search }

// Identity is who a request is: sign-in, sessions and bearer tokens on the
// service's database and clock.
func (s *Service) Identity() *identity.Service { return s.identity }

// Client is the ent client for reads.
func (s *Service) Client() *ent.Client { return s.client }

// DB is the database the service runs on.
func (s *Service) DB() *db.DB { return s.db }

// Config returns the configuration in force.
func (s *Service) Config() Config { return s.cfg }

// Now is the service's clock reading in UTC, truncated to the microsecond
// so it survives a round trip through either database unchanged.
func (s *Service) Now() time.Time { return s.clock.Now().UTC().Truncate(time.Microsecond) }

// tx is one policy transaction: an ent client bound to a *sql.Tx that the
// scheduler shares, and the events it wrote.
type tx struct {
	*ent.Client
	sql    *sql.Tx
	s      *Service
	events []*ent.Event
	// unlogged are the problems whose packets the transaction changed with no event; their
	// cached packets are forgotten once it commits.
	unlogged []string
}

// inTx runs fn in one transaction and commits it, or rolls everything back
// when fn fails. Committed event sequence numbers go to the notifier.
func (s *Service) inTx(ctx context.Context, fn func(ctx context.Context, t *tx) error) error {
	db.Statement(ctx) // a write is never an answer to keep
	sqlTx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	t := &tx{Client: s.db.EntTx(sqlTx), sql: sqlTx, s: s}
	if err := fn(ctx, t); err != nil {
		if rerr := sqlTx.Rollback(); rerr != nil && !errors.Is(rerr, sql.ErrTxDone) {
			return errors.Join(err, fmt.Errorf("rollback: %w", rerr))
		}
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	for _, id := range t.unlogged {
		s.packets.forget(id)
	}
	if len(t.events) == 0 {
		return nil
	}
	seqs := make([]int64, len(t.events))
	for i, ev := range t.events {
		s.InvalidatePackets(ev) // before the writer returns: it reads its own write
		seqs[i] = ev.Seq
	}
	if s.notifier != nil {
		s.notifier.EventsCommitted(seqs)
	}
	return nil
}

// lockProblem reads a problem and locks its row until the transaction ends
// on PostgreSQL. SQLite needs no row lock: its immediate transactions hold
// the database write lock from BEGIN.
func (t *tx) lockProblem(ctx context.Context, id string) (*ent.Problem, error) {
	q := t.Problem.Query().Where(problem.ID(id))
	if t.s.db.Dialect == dialect.Postgres {
		q = q.ForUpdate()
	}
	p, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("problem %s: %w", id, ErrNotFound)
	}
	return p, err
}

// nextCounter increments a named counter and returns the new value and the
// head stored beside it: takeCounter of one.
func (t *tx) nextCounter(ctx context.Context, name string) (int64, string, error) {
	return t.takeCounter(ctx, name, 1)
}

// takeCounter advances a named counter by k and returns its new value (the
// last of the k values taken) and the head stored beside it. The row stays
// locked until the transaction ends, which serialises allocation of problem
// numbers and of event sequence numbers on PostgreSQL; on SQLite the
// transaction already holds the lock.
func (t *tx) takeCounter(ctx context.Context, name string, k int) (int64, string, error) {
	var (
		v    int64
		head string
	)
	err := t.sql.QueryRowContext(ctx,
		`UPDATE counters SET value = value + `+t.s.placeholder(1)+` WHERE id = `+t.s.placeholder(2)+` RETURNING value, head`, k, name).Scan(&v, &head)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", fmt.Errorf("counter %q is missing: run theoremdb migrate", name)
	}
	if err != nil {
		return 0, "", fmt.Errorf("counter %s: %w", name, err)
	}
	return v, head, nil
}

// placeholder is the n-th bind parameter of the service's database.
func (s *Service) placeholder(n int) string {
	if s.db.Dialect == dialect.Postgres {
		return "$" + strconv.Itoa(n)
	}
	return "?"
}
