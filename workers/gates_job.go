package workers

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
)

// RunGatesArgs asks for the pending gate runs of one revision.
type RunGatesArgs struct {
	RevisionID string `json:"revision_id"`
}

// Kind names the job.
func (RunGatesArgs) Kind() string { return "run_gates" }

// QueueGates is the queue of gate runs: they read statements and compute, so they run as many at
// once as there are cores (Config.GateWorkers), and more would only take the cores from the
// pages while the queue drains no faster.
const QueueGates = "gates"

// InsertOpts bounds the retries. The job is not unique: River's uniqueness must include running
// jobs, and a rerun while one runs must still be worked. A job that finds nothing pending ends
// at once, and two runs of one gate record the same findings one after the other.
func (RunGatesArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueGates, MaxAttempts: 10}
}

// RunGatesWorker runs every pending gate of a revision and records each result as it finishes,
// so that a crash loses at most the gate in hand and a retry runs only what is still pending. A
// gate that panics or overruns is recorded UNKNOWN by gates.RunGate and never stops the others.
type RunGatesWorker struct {
	river.WorkerDefaults[RunGatesArgs]
	policy *policy.Service
	env    gates.Env
}

// Work runs the revision's pending gates.
func (w *RunGatesWorker) Work(ctx context.Context, job *river.Job[RunGatesArgs]) error {
	return RunGates(ctx, w.policy, w.env, job.Args.RevisionID)
}

// RunGates runs the pending gates of a revision in hand and records their results together: once
// a second has passed since the last record (gateFlushEvery, checked as each gate finishes) and
// at the end. A crash loses the results not yet recorded; their runs stay pending and the retry
// runs them again.
// The job runs it; so does the demo seed, which replays a reviewer's work and must see the
// findings the reviewer saw.
func RunGates(ctx context.Context, p *policy.Service, env gates.Env, revisionID string) error {
	// A rerun may mark runs pending again while this one works: go round until none is, a
	// bounded number of times (a later job takes over beyond that).
	for range 3 {
		runs, err := p.GateRunsToDo(ctx, revisionID)
		if err != nil || len(runs) == 0 {
			return err
		}
		if err := runPending(ctx, p, env, revisionID, runs); err != nil {
			return err
		}
	}
	return nil
}

func runPending(ctx context.Context, p *policy.Service, env gates.Env, revisionID string, runs []*ent.GateRun) error {
	in, err := p.GateInput(ctx, revisionID)
	if err != nil {
		return err
	}
	digest := in.Digest()
	env.Now = p.Now
	var done []policy.GateResult
	flushed := time.Now()
	flush := func() error {
		if len(done) == 0 {
			return nil
		}
		err := p.RecordGateResults(ctx, digest, done)
		done, flushed = done[:0], time.Now()
		return err
	}
	for _, run := range runs {
		g, ok := gates.ByName(gates.Name(run.Gate))
		res := gates.Result{}
		if !ok || g.Version != run.Version {
			// A run of a version this binary does not have: record why instead of guessing.
			res = gates.Result{Gate: gates.Name(run.Gate), Version: run.Version, Outcome: gates.OutcomeUnknown,
				Reason:  fmt.Sprintf("this worker runs %s version %s, not %s", run.Gate, versionOf(g), run.Version),
				Started: p.Now(), Finished: p.Now()}
		} else {
			res = gates.RunGate(ctx, g, in, env, gates.DefaultTimeout)
		}
		done = append(done, policy.GateResult{RunID: run.ID, Result: res})
		if time.Since(flushed) >= gateFlushEvery {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// gateFlushEvery is how long a job keeps finished gates' results before recording them in one
// transaction as the next gate finishes: the revision's gates, most of which take a
// millisecond, are one transaction instead of nine, and a slow one does not hold back those
// before it for more than its own time.
const gateFlushEvery = time.Second

func versionOf(g *gates.Gate) string {
	if g == nil {
		return "(none)"
	}
	return g.Version
}

// Timeout bounds all the gates of one revision.
func (w *RunGatesWorker) Timeout(*river.Job[RunGatesArgs]) time.Duration { return 2 * time.Minute }
