package workers_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/similar"
	"github.com/theoremdb/theoremdb/workers"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// late lets the policy and the job client be built one after the other.
type late struct{ policy.Scheduler }

type env struct {
	url      string
	db       *db.DB
	clock    *policytest.Clock
	svc      *policy.Service
	jobs     *workers.Client
	proposer *ent.Account
	// gates, when set, is what the workers' gates read instead of the database's own.
	gates *gates.Env
}

func newEnv(t *testing.T, dialectName string) *env {
	t.Helper()
	ctx := context.Background()
	url := dbtest.URL(t, dialectName)
	d := openDB(t, url)
	clock := policytest.NewClock(time.Now().UTC().Truncate(time.Second))
	sched := &late{}
	svc := policy.New(d, policy.Config{}, policy.WithClock(clock), policy.WithScheduler(sched))
	jobs, err := workers.New(d, svc, quiet, workers.Config{Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	sched.Scheduler = jobs
	a, err := svc.CreateAccount(ctx, "ada", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &env{url: url, db: d, clock: clock, svc: svc, jobs: jobs, proposer: a}
}

func openDB(t *testing.T, url string) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if err := migrateOnce(d); err != nil {
		t.Fatal(err)
	}
	return d
}

func input() policy.ProblemInput {
	return policy.ProblemInput{
		Title: "Lonely runner conjecture", Statement: "For every $k \\ge 1$ and distinct speeds …",
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof for every k, or a counterexample."},
		Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "J. M. Wills, 1967", SourceLocator: "Wills 1967",
			RightsBasis: "Written in our own words."},
		References: []policy.ReferenceInput{{Identifier: "arXiv:1909.03562", Citation: "A citation.",
			Relevance: "States the problem.", Role: reference.RolePRIMARY}},
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			Databases: []string{"arXiv"}, Queries: []string{"lonely runner"}, Coverage: "Titles and abstracts."},
	}
}

// worker starts a job client on its own connection pool and policy service,
// as a separate process would have.
func (e *env) worker(t *testing.T, id string, mw ...rivertype.WorkerMiddleware) *workers.Client {
	t.Helper()
	return e.start(t, workers.Config{ID: id, SweepInterval: time.Hour, Middleware: mw})
}

// start is worker with the rest of the configuration in cfg; it always
// works jobs, polls quickly and runs on the test clock.
func (e *env) start(t *testing.T, cfg workers.Config) *workers.Client {
	t.Helper()
	d := openDB(t, e.url)
	svc := policy.New(d, policy.Config{}, policy.WithClock(e.clock))
	cfg.Work, cfg.Clock, cfg.PollInterval = true, e.clock, 50*time.Millisecond
	if cfg.Records == nil {
		cfg.Records = catalogueDown(t)
	}
	if e.gates != nil {
		cfg.Gates = *e.gates
	}
	c, err := workers.New(d, svc, quiet, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = c.Stop(ctx)
	})
	return c
}

// catalogueDown is a record plane whose catalogues all answer 503 at once, so a test never asks
// the real ones and every reference stays PENDING with the same reason, however often it is retried.
func catalogueDown(t *testing.T) *records.Plane {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	t.Cleanup(srv.Close)
	cfg, err := records.ConfigFromEnv(func(k string) string {
		switch k {
		case records.EnvCrossrefURL, records.EnvDataCiteURL, records.EnvArxivURL, records.EnvZbMATHURL, records.EnvOpenLibraryURL:
			return srv.URL
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxAttempts = 1
	return records.NewPlane(workers.RecordsConfig(cfg), nil, nil)
}

// stall is a worker middleware that hangs inside every deadline job until
// its worker is killed, and reports each job it took.
type stall struct {
	river.MiddlewareDefaults
	took chan int64
}

func (s *stall) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	if job.Kind != (workers.AcceptAtDeadlineArgs{}).Kind() {
		return doInner(ctx)
	}
	select {
	case s.took <- job.ID:
	default:
	}
	<-ctx.Done()
	return ctx.Err()
}

func waitFor(t *testing.T, what string, timeout time.Duration, cond func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok, err := cond()
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestDefaultAcceptanceExactlyOnce(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		e := newEnv(t, dialectName)
		// The ten problems state the same thing; the duplicate check would rightly hold them for
		// staff, which suspends default acceptance. This test is about the deadline alone.
		e.gates = &gates.Env{Problems: similar.NewIndex()}
		const n = 10
		for range n {
			if _, err := e.svc.Submit(ctx, e.proposer, input()); err != nil {
				t.Fatal(err)
			}
		}
		// Before the deadline, nothing is accepted however many workers run.
		took := make(chan int64, 1)
		victim := e.worker(t, "victim", &stall{took: took})
		e.clock.Advance(policy.DefaultChallengeWindow - time.Minute)
		time.Sleep(300 * time.Millisecond)
		if c, _ := e.svc.Client().Problem.Query().Where(problem.StateEQ(problem.StateACCEPTED)).Count(ctx); c != 0 {
			t.Fatalf("%d problems accepted before their deadline", c)
		}

		// At the deadline the victim takes a job and hangs in it; two more
		// workers start; the victim is killed mid-job.
		e.clock.Advance(time.Minute)
		select {
		case <-took:
		case <-time.After(15 * time.Second):
			t.Fatal("the stalled worker took no deadline job")
		}
		e.worker(t, "w2")
		e.worker(t, "w3")
		killCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		if err := victim.Kill(killCtx); err != nil {
			t.Fatalf("kill: %v", err)
		}
		cancel()
		// The killed job is retried after its backoff, by the survivors.
		e.clock.Advance(10 * time.Minute)

		c := e.svc.Client()
		waitFor(t, "every problem to be accepted", 30*time.Second, func() (bool, error) {
			k, err := c.Problem.Query().Where(problem.StateEQ(problem.StateACCEPTED)).Count(ctx)
			return k == n, err
		})
		// Give any duplicate execution time to show itself.
		time.Sleep(500 * time.Millisecond)
		ps, err := c.Problem.Query().All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if p.AcceptanceAuthority == nil || *p.AcceptanceAuthority != problem.AcceptanceAuthorityCHALLENGE_WINDOW_ELAPSED {
				t.Errorf("%s accepted by %v; want CHALLENGE_WINDOW_ELAPSED", p.ID, p.AcceptanceAuthority)
			}
		}
		if k, _ := c.Event.Query().Where(event.Kind(policy.KindProblemAccepted)).Count(ctx); k != n {
			t.Errorf("acceptance events = %d; want %d", k, n)
		}
		if k, _ := c.ReputationEntry.Query().Where(reputationentry.KindEQ(reputationentry.KindRETURN)).Count(ctx); k != n {
			t.Errorf("stake returns = %d; want %d", k, n)
		}
		if _, err := e.svc.VerifyLog(ctx); err != nil {
			t.Error(err)
		}
	})
}

func TestSweepAcceptsWhatALostJobMissed(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		e := newEnv(t, dialectName)
		p, err := e.svc.Submit(ctx, e.proposer, input())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.db.ExecContext(ctx, `DELETE FROM river_job`); err != nil {
			t.Fatal(err)
		}
		e.clock.Advance(policy.DefaultChallengeWindow + time.Hour)
		e.worker(t, "sweeper") // the sweep runs at start
		waitFor(t, "the sweep to accept the problem", 20*time.Second, func() (bool, error) {
			got, err := e.svc.Client().Problem.Get(ctx, p.ID)
			return err == nil && got.State == problem.StateACCEPTED, err
		})
	})
}

func TestRolledBackTransactionLeavesNoJob(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		e := newEnv(t, dialectName)
		tx, err := e.db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.jobs.ScheduleAcceptance(ctx, tx, "TDB-1", e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if err := tx.Rollback(); err != nil {
			t.Fatal(err)
		}
		if n := jobCount(t, e.db); n != 0 {
			t.Errorf("jobs after rollback = %d; want 0", n)
		}

		// A submission that fails after its job is inserted leaves neither
		// the job nor the problem.
		failing := policy.New(e.db, policy.Config{}, policy.WithClock(e.clock), policy.WithScheduler(failAfter{e.jobs}))
		if _, err := failing.Submit(ctx, e.proposer, input()); !errors.Is(err, errInjected) {
			t.Fatalf("Submit() = %v; want the injected failure", err)
		}
		if n := jobCount(t, e.db); n != 0 {
			t.Errorf("jobs after a failed submission = %d; want 0", n)
		}
		if n, _ := e.svc.Client().Problem.Query().Count(ctx); n != 0 {
			t.Errorf("problems after a failed submission = %d; want 0", n)
		}
		if _, err := e.svc.Submit(ctx, e.proposer, input()); err != nil {
			t.Fatal(err)
		}
		if n := jobCount(t, e.db); n != 1 {
			t.Errorf("jobs after a submission = %d; want 1", n)
		}
	})
}

var errInjected = errors.New("injected failure after the job insert")

type failAfter struct{ policy.Scheduler }

func (f failAfter) ScheduleAcceptance(ctx context.Context, tx *sql.Tx, id string, at time.Time) error {
	if err := f.Scheduler.ScheduleAcceptance(ctx, tx, id, at); err != nil {
		return err
	}
	return errInjected
}

func jobCount(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), `SELECT count(*) FROM river_job WHERE kind = 'accept_at_deadline'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
