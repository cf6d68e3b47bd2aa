package main

import (
	"context"
	"database/sql"
	"fmt"
	"github.com/theoremdb/theoremdb/gates"
	"io"
	"os"
	"strconv"
	"strings"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/migrations"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/workers"
)

// app is an open, migrated database with the policy service and the job
// client wired to it.
type app struct {
	cfg    config
	db     *db.DB
	jobsDB *db.DB // the workers' own pool, when they run here
	policy *policy.Service
	jobs   *workers.Client
	live   *live.Broker
	// closeGates releases what the gates read (the copy-check index).
	closeGates func()
	// copies is the copy-check index, when one is built and the workers run here.
	copies gates.CopyChecker
}

// open connects, migrates, and wires the policy to a job client that
// works jobs when work is true and only inserts them otherwise.
func open(ctx context.Context, stderr io.Writer, work bool) (*app, error) {
	cfg, err := loadConfig(stderr)
	if err != nil {
		return nil, err
	}
	d, err := db.Open(ctx, cfg.databaseURL)
	if err != nil {
		return nil, err
	}
	if d.Dialect == dialect.Postgres {
		d.SetMaxOpenConns(cfg.pools.web)
		d.SetMaxIdleConns(cfg.pools.web)
		jobs := 0
		if work {
			jobs = cfg.pools.jobs
		}
		cfg.log.Info("database connections", "most", cfg.pools.total(work), "web", cfg.pools.web, "jobs", jobs, "listen", 1)
	}
	if err := migrations.Apply(ctx, d.DB, d.Dialect, cfg.log); err != nil {
		d.Close()
		return nil, err
	}
	a := &app{cfg: cfg, db: d, live: live.New(d.Ent(), cfg.log)}
	sched := &lateScheduler{}
	pcfg := policy.Config{ChallengeWindow: cfg.challengeWindow, PacketCacheBytes: cfg.packetCacheMB << 20, PeopleGold: cfg.peopleGold}
	a.policy = policy.New(d, pcfg, policy.WithScheduler(sched), policy.WithNotifier(a.live))
	jobsDB, jobsPolicy := d, a.policy
	if work {
		if jobsDB, err = db.Open(ctx, cfg.databaseURL); err != nil {
			d.Close()
			return nil, fmt.Errorf("job pool: %w", err)
		}
		// The workers' own pool: jobs and River's own queries (fetching, leadership) never
		// wait behind web requests for a connection.
		jobsDB.SetMaxOpenConns(cfg.pools.jobs)
		jobsDB.SetMaxIdleConns(cfg.pools.jobs)
		a.jobsDB = jobsDB
		jobsPolicy = policy.New(jobsDB, pcfg, policy.WithScheduler(sched), policy.WithNotifier(a.live),
			policy.WithPacketsOf(a.policy))
	}
	wcfg := workers.Config{Work: work, GateWorkers: cfg.gateWorkers}
	if work {
		if wcfg.Records, err = recordPlane(); err != nil {
			a.close()
			return nil, err
		}
		env, closeEnv, err := gateEnv(cfg, cfg.log)
		if err != nil {
			a.close()
			return nil, err
		}
		wcfg.Gates, a.closeGates = env, closeEnv
		a.copies = env.Copies
		wcfg.Panel = policy.PanelConfig{FreshnessWindow: cfg.freshness, AuditSeed: []byte(cfg.auditSeed),
			Paraphrase: os.Getenv("THEOREMDB_PANEL_PARAPHRASE") == "on"}
		wcfg.Kernel = corpus.New(jobsPolicy)
		n, err := canaryCount(os.Getenv("THEOREMDB_CANARIES"))
		if err != nil {
			a.close()
			return nil, err
		}
		if n > 0 {
			// The canaries enter through the merge gates, with the registered model checks.
			wcfg.Canaries, wcfg.CanaryCount = corpus.New(jobsPolicy, corpus.WithRegisteredLanes(), corpus.WithCopies(env.Copies)), n
		}
	}
	a.jobs, err = workers.New(jobsDB, jobsPolicy, cfg.log, wcfg)
	if err != nil {
		a.close()
		return nil, fmt.Errorf("job client: %w", err)
	}
	sched.Scheduler = a.jobs
	if n, err := a.policy.Search().IndexMissing(ctx); err != nil {
		a.close()
		return nil, err
	} else if n > 0 {
		cfg.log.Info("search index: revisions added", "count", n)
	}
	return a, nil
}

func (a *app) close() {
	if a.closeGates != nil {
		a.closeGates()
	}
	if a.jobsDB != nil {
		a.jobsDB.Close()
	}
	a.db.Close()
}

// lateScheduler lets the policy service and the job client, which need each
// other, be built one after the other.
type lateScheduler struct{ policy.Scheduler }

// ScheduleGold passes an operator's "run gold now" to the job client.
func (l *lateScheduler) ScheduleGold(ctx context.Context, tx *sql.Tx, perLane int) error {
	gs, ok := l.Scheduler.(policy.GoldScheduler)
	if !ok {
		return fmt.Errorf("schedule gold: the job client is not ready")
	}
	return gs.ScheduleGold(ctx, tx, perLane)
}

// canaryCount reads THEOREMDB_CANARIES: how many canaries a month receives; empty, "off" or 0
// plants none (and retires none: the daily canary job does not run).
func canaryCount(v string) (int, error) {
	switch v = strings.TrimSpace(v); v {
	case "", "off", "0":
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 1000 {
		return 0, fmt.Errorf("THEOREMDB_CANARIES=%q: a number of canaries a month, 0 to 1000, or off", v)
	}
	return n, nil
}
