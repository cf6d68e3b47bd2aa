package workers

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"sync"
	"time"

	"entgo.io/ent/dialect"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/similar"
)

// Config tunes the job clients.
type Config struct {
	// Work makes the client work jobs; without it the client only inserts.
	Work bool
	// MaxWorkers is the number of jobs worked at once in the default queue (10 when zero).
	MaxWorkers int
	// GateWorkers is the number of gate runs worked at once (QueueGates); GOMAXPROCS when zero.
	GateWorkers int
	// PollInterval is how often a client looks for due jobs.
	PollInterval time.Duration
	// SweepInterval is how often the overdue sweep runs.
	SweepInterval time.Duration
	// RescueAfter is when a job whose worker died is run again.
	RescueAfter time.Duration
	// ID names the client in River's tables; empty picks one.
	ID string
	// Clock, when set, is River's notion of now as well as the policy's, so
	// that a test clock moves deadlines and job schedules together.
	Clock policy.Clock
	// Middleware wraps every job; tests use it to stall or kill a worker.
	Middleware []rivertype.WorkerMiddleware
	// Records is the record plane that confirms sources; nil means one configured from the
	// environment (THEOREMDB_CROSSREF_URL and the others), without a catalogue or texts.
	Records *records.Plane
	// RecordWorkers is how many confirmations run at once (4 when zero).
	RecordWorkers int
	// Panel configures agent-assisted review (the lanes, the audit seed).
	Panel policy.PanelConfig
	// Gold schedules blind gold on the lanes; zero reads it from the environment (GoldConfigFromEnv).
	Gold GoldConfig
	// Gates is what the gates read from outside a packet. Its Problems,
	// Solved and Claims default to the database's own (similar.NewProblemIndex,
	// similar.NewSolvedIndex, the policy's claims); a nil Copies means no copy-check
	// index is built, and the copy check is UNKNOWN.
	Gates gates.Env
	// Kernel is the corpus whose kernel-checked nodes the nightly re-check
	// reads; nil runs no re-check.
	Kernel *corpus.Service
	// Canaries is the corpus the monthly canaries enter and the weekly
	// canary report reads; nil plants none. CanaryCount is how many a month
	// receives (DefaultCanaries when zero).
	Canaries    *corpus.Service
	CanaryCount int
}

// Defaults fills unset fields.
func (c Config) withDefaults() Config {
	if c.MaxWorkers == 0 {
		c.MaxWorkers = 10
	}
	if c.PollInterval == 0 {
		c.PollInterval = 200 * time.Millisecond
	}
	if c.SweepInterval == 0 {
		c.SweepInterval = time.Minute
	}
	if c.GateWorkers == 0 {
		c.GateWorkers = runtime.GOMAXPROCS(0)
	}
	if c.RecordWorkers == 0 {
		c.RecordWorkers = 4
	}
	if c.RescueAfter == 0 {
		c.RescueAfter = 2 * time.Minute
	}
	return c
}

// Client is a River client for the platform's jobs. It implements
// policy.Scheduler.
type Client struct {
	river *river.Client[*sql.Tx]
	// load are the duplicate search's catalogues this client made, loaded when it starts;
	// loaded is closed once they are.
	load     []catalogue
	loaded   chan struct{}
	loadOnce sync.Once
	log      *slog.Logger
}

// catalogue is a duplicate search's index over statements kept in the database.
type catalogue interface {
	CatchUp(ctx context.Context) (int, error)
}

// New makes a client on d. Call Start to work jobs (when cfg.Work) and Stop
// to finish the jobs in hand.
func New(d *db.DB, p *policy.Service, log *slog.Logger, cfg Config) (*Client, error) {
	cfg = cfg.withDefaults()
	var drv riverdriver.Driver[*sql.Tx]
	switch d.Dialect {
	case dialect.Postgres:
		drv = riverdatabasesql.New(d.DB)
	case dialect.SQLite:
		drv = riversqlite.New(d.DB)
	default:
		return nil, fmt.Errorf("workers: unsupported dialect %q", d.Dialect)
	}
	c := &Client{log: log, loaded: make(chan struct{})}
	rc := &river.Config{
		Logger:            riverLog(log),
		FetchPollInterval: cfg.PollInterval,
		FetchCooldown:     cfg.PollInterval / 4,
		ID:                cfg.ID,
		WorkerMiddleware:  cfg.Middleware,
	}
	if cfg.Clock != nil {
		rc.Test.Time = riverClock{cfg.Clock}
	}
	if cfg.Work {
		w := river.NewWorkers()
		river.AddWorker(w, &AcceptAtDeadlineWorker{policy: p})
		river.AddWorker(w, &SweepOverdueWorker{policy: p, log: log})
		river.AddWorker(w, &CompactSearchWorker{policy: p, log: log})
		env := cfg.Gates
		if env.Problems == nil {
			x := similar.NewProblemIndex(p)
			env.Problems = x
			c.load = append(c.load, x)
		}
		if env.Solved == nil {
			x := similar.NewSolvedIndex(p)
			env.Solved = x
			c.load = append(c.load, x)
		}
		if env.Claims == nil {
			env.Claims = p
		}
		river.AddWorker(w, &RunGatesWorker{policy: p, env: env})
		// The model checks call the lanes operators registered and approved for them.
		copies := []corpus.Option{corpus.WithRegisteredLanes()}
		if env.Copies != nil {
			copies = append(copies, corpus.WithCopies(env.Copies))
		}
		// The corpus of the workers schedules the closure counts of its merges
		// on this client; it opens no request, so the queue changes nothing else.
		cs := corpus.New(p, append(copies, corpus.WithQueue(c))...)
		river.AddWorker(w, &ProcessChangeRequestWorker{corpus: cs})
		river.AddWorker(w, &CountClosuresWorker{corpus: cs})
		plane := cfg.Records
		if plane == nil {
			rcfg, err := records.ConfigFromEnv(os.Getenv)
			if err != nil {
				return nil, fmt.Errorf("workers: %w", err)
			}
			plane = records.NewPlane(RecordsConfig(rcfg), nil, nil)
		}
		river.AddWorker(w, &ConfirmReferenceWorker{policy: p, plane: plane})
		river.AddWorker(w, &ReviewPanelWorker{policy: p, cfg: cfg.Panel})
		river.AddWorker(w, &GoldRunWorker{policy: p, cfg: cfg.Panel, log: log})
		river.AddWorker(w, &CheckDriftWorker{policy: p, log: log})
		rc.Workers = w
		rc.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.MaxWorkers},
			QueueGates: {MaxWorkers: cfg.GateWorkers}, QueueRecords: {MaxWorkers: cfg.RecordWorkers},
			QueueLanes: {MaxWorkers: 2}}
		rc.RescueStuckJobsAfter = cfg.RescueAfter
		rc.JobTimeout = cfg.RescueAfter / 2
		rc.PeriodicJobs = []*river.PeriodicJob{
			river.NewPeriodicJob(river.PeriodicInterval(cfg.SweepInterval),
				func() (river.JobArgs, *river.InsertOpts) { return SweepOverdueArgs{}, nil },
				&river.PeriodicJobOpts{RunOnStart: true}),
			river.NewPeriodicJob(river.PeriodicInterval(CompactSearchEvery),
				func() (river.JobArgs, *river.InsertOpts) { return CompactSearchArgs{}, nil },
				&river.PeriodicJobOpts{RunOnStart: true}),
		}
		gold, err := goldJobs(cfg.Gold)
		if err != nil {
			return nil, err
		}
		rc.PeriodicJobs = append(rc.PeriodicJobs, gold...)
		rc.PeriodicJobs = append(rc.PeriodicJobs, driftJob())
		if cfg.Kernel != nil {
			river.AddWorker(w, &RecheckKernelWorker{corpus: cfg.Kernel, log: log})
			rc.PeriodicJobs = append(rc.PeriodicJobs, kernelJob())
		}
		if cfg.Canaries != nil {
			n := cfg.CanaryCount
			if n == 0 {
				n = DefaultCanaries
			}
			river.AddWorker(w, &CanariesWorker{corpus: cfg.Canaries, count: n, log: log})
			rc.PeriodicJobs = append(rc.PeriodicJobs, canariesJob())
		}
	}
	rcl, err := river.NewClient(drv, rc)
	if err != nil {
		return nil, fmt.Errorf("workers: %w", err)
	}
	c.river = rcl
	return c, nil
}

// riverClock shows River the policy's clock.
type riverClock struct{ c policy.Clock }

func (r riverClock) Now() time.Time { return r.c.Now() }

func (r riverClock) NowOrNil() *time.Time {
	t := r.c.Now()
	return &t
}

// ScheduleAcceptance inserts the deadline job in tx, scheduled at the
// deadline.
func (c *Client) ScheduleAcceptance(ctx context.Context, tx *sql.Tx, problemID string, at time.Time) error {
	_, err := c.river.InsertTx(ctx, tx, AcceptAtDeadlineArgs{ProblemID: problemID}, &river.InsertOpts{ScheduledAt: at})
	return err
}

// ScheduleGates inserts the job that runs a revision's pending gates in tx.
func (c *Client) ScheduleGates(ctx context.Context, tx *sql.Tx, revisionID string) error {
	_, err := c.river.InsertTx(ctx, tx, RunGatesArgs{RevisionID: revisionID}, nil)
	return err
}

// ScheduleConfirmations inserts, in tx, a confirmation job for each reference.
func (c *Client) ScheduleConfirmations(ctx context.Context, tx *sql.Tx, referenceIDs []string) error {
	if len(referenceIDs) == 0 {
		return nil
	}
	params := make([]river.InsertManyParams, len(referenceIDs))
	for i, id := range referenceIDs {
		params[i] = river.InsertManyParams{Args: ConfirmReferenceArgs{ReferenceID: id}}
	}
	_, err := c.river.InsertManyTx(ctx, tx, params)
	return err
}

// SchedulePanel inserts, in tx, the agent-assisted review of a revision whose gates have run.
func (c *Client) SchedulePanel(ctx context.Context, tx *sql.Tx, revisionID string) error {
	_, err := c.river.InsertTx(ctx, tx, ReviewPanelArgs{RevisionID: revisionID}, nil)
	return err
}

// ScheduleGold inserts, in tx, a run of blind gold now (policy.GoldScheduler); a run already
// waiting is the one asked for.
func (c *Client) ScheduleGold(ctx context.Context, tx *sql.Tx, perLane int) error {
	_, err := c.river.InsertTx(ctx, tx, GoldRunArgs{PerLane: perLane}, nil)
	return err
}

var _ policy.GoldScheduler = (*Client)(nil)

// Start works jobs until Stop.
//
// It loads the duplicate search's catalogues in the background: they load on the first search
// otherwise, and on a large site that first gate run would wait for every statement of the site
// (a minute or more at a million problems) while submissions queue behind it.
func (c *Client) Start(ctx context.Context) error {
	if err := c.river.Start(ctx); err != nil {
		return err
	}
	c.loadOnce.Do(func() { go c.loadCatalogues(ctx) })
	return nil
}

// loadCatalogues loads the duplicate search's catalogues, once, and closes loaded.
func (c *Client) loadCatalogues(ctx context.Context) {
	defer close(c.loaded)
	for _, x := range c.load {
		start := time.Now()
		n, err := x.CatchUp(ctx)
		if err != nil {
			if ctx.Err() == nil { // not a shutdown
				c.log.Error("duplicate search: load", "err", err)
			}
			continue
		}
		c.log.Info("duplicate search loaded", "statements", n, "took", time.Since(start).Round(time.Millisecond))
	}
}

// Loaded is closed once the duplicate search's catalogues have loaded after Start (a search
// before then waits for them).
func (c *Client) Loaded() <-chan struct{} { return c.loaded }

// Stop waits for the jobs in hand to finish, up to ctx's deadline, then
// cancels them.
func (c *Client) Stop(ctx context.Context) error {
	if err := c.river.Stop(ctx); err != nil {
		return c.river.StopAndCancel(context.WithoutCancel(ctx))
	}
	return nil
}

// Kill stops at once, cancelling the jobs in hand, as a crash would.
func (c *Client) Kill(ctx context.Context) error { return c.river.StopAndCancel(ctx) }

// River exposes the River client, for tests and operations.
func (c *Client) River() *river.Client[*sql.Tx] { return c.river }
