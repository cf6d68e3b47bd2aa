package workers_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/workers"
)

// checks reads the current runs of a problem's current revision from the database: the workers
// run on a service of their own, as in another process, so this one's packet cache does not
// hear of their writes.
func checks(t *testing.T, svc *policy.Service, id string) *policy.Packet {
	t.Helper()
	ctx := context.Background()
	p, err := svc.Client().Problem.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	rev, err := svc.Client().Revision.Get(ctx, *p.CurrentRevisionID)
	if err != nil {
		t.Fatal(err)
	}
	runs, err := svc.RevisionChecks(ctx, rev)
	if err != nil {
		t.Fatal(err)
	}
	return &policy.Packet{Checks: runs, Summary: policy.SummarizeChecks(runs)}
}

// waitChecks polls until no gate of the problem's current revision is pending.
func waitChecks(t *testing.T, svc *policy.Service, id string) *policy.Packet {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		pk := checks(t, svc, id)
		if pk.Summary.Pending == 0 && len(pk.Checks) > 0 {
			return pk
		}
		if time.Now().After(deadline) {
			t.Fatalf("checks of %s still pending after 30 s: %+v", id, pk.Summary)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestGatesRunOnSubmission: a submission's gates are pending in the transaction that writes it,
// a worker runs every one of them, each completion is an event, and a submission that lacks
// what the gates require fails with findings that say what to fix.
func TestGatesRunOnSubmission(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		e := newEnv(t, d)
		p, err := e.svc.Submit(ctx, e.proposer, input())
		if err != nil {
			t.Fatal(err)
		}
		pk, err := e.svc.ProblemPacket(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(pk.Checks) != len(gates.All()) || pk.Summary.Outcome != gaterun.OutcomePENDING {
			t.Fatalf("after submission: %d checks, summary %+v; want every gate pending", len(pk.Checks), pk.Summary)
		}
		e.worker(t, "gates")
		pk = waitChecks(t, e.svc, p.ID)
		// The input has no open-status record and no hero brief: those gates fail, with fixes.
		failed := map[gaterun.Gate]bool{}
		for _, r := range pk.Checks {
			if r.Outcome == gaterun.OutcomeFAIL {
				failed[r.Gate] = true
			}
			if r.FinishedAt == nil || r.InputsDigest == "" {
				t.Errorf("%s run has no finish time or digest", r.Gate)
			}
			for _, f := range r.Edges.Findings {
				if f.Verdict == "FAIL" && f.Fix == "" {
					t.Errorf("%s: failing finding %s has no fix", r.Gate, f.Check)
				}
			}
		}
		for _, g := range []gaterun.Gate{gaterun.GateOPEN_STATUS, gaterun.GateHERO} {
			if !failed[g] {
				t.Errorf("the %s gate did not fail on a packet without its fields", g)
			}
		}
		if pk.Summary.Outcome != gaterun.OutcomeFAIL || pk.Summary.Failing == 0 {
			t.Errorf("summary = %+v; want FAIL", pk.Summary)
		}
		n, err := e.svc.Client().Event.Query().Where(event.Kind(policy.KindGateCompleted), event.Subject(p.ID)).Count(ctx)
		if err != nil || n != len(gates.All()) {
			t.Errorf("gate completion events = %d, %v; want %d", n, err, len(gates.All()))
		}
	})
}

// crashOnce fails the first gates job after its first gate has been recorded, as a worker
// that dies mid-job would leave it.
type crashOnce struct {
	river.MiddlewareDefaults
	svc     *policy.Service
	crashed bool
	done    chan struct{} // closed once the worker has died
}

func (c *crashOnce) Work(ctx context.Context, job *rivertype.JobRow, next func(context.Context) error) error {
	if job.Kind != (workers.RunGatesArgs{}).Kind() || c.crashed {
		return next(ctx)
	}
	c.crashed = true
	var args struct {
		RevisionID string `json:"revision_id"`
	}
	if err := jsonUnmarshal(job.EncodedArgs, &args); err != nil {
		return err
	}
	runs, err := c.svc.GateRunsToDo(ctx, args.RevisionID)
	if err != nil || len(runs) == 0 {
		return fmt.Errorf("crash: %v", err)
	}
	in, err := c.svc.GateInput(ctx, args.RevisionID)
	if err != nil {
		return err
	}
	g, _ := gates.ByName(gates.Name(runs[0].Gate))
	res := gates.RunGate(ctx, g, in, gates.Env{Now: c.svc.Now}, 0)
	if err := c.svc.RecordGateResult(ctx, runs[0].ID, in.Digest(), res); err != nil {
		return err
	}
	close(c.done)
	return fmt.Errorf("the worker died after the %s gate", g.Name)
}

// TestGatesRerunAfterACrash: a job that dies after one gate is retried and runs only what is
// pending, and a rerun of every gate replaces the findings with the same ones.
func TestGatesRerunAfterACrash(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		e := newEnv(t, d)
		p, err := e.svc.Submit(ctx, e.proposer, input())
		if err != nil {
			t.Fatal(err)
		}
		crash := &crashOnce{svc: e.svc, done: make(chan struct{})}
		e.start(t, workers.Config{ID: "crashy", SweepInterval: time.Hour, Middleware: []rivertype.WorkerMiddleware{crash}})
		select {
		case <-crash.done:
		case <-time.After(30 * time.Second):
			t.Fatal("the gates job never ran")
		}
		if pk := checks(t, e.svc, p.ID); pk.Summary.Pending != len(gates.All())-1 {
			t.Errorf("after the crash %d gates are pending; want all but one", pk.Summary.Pending)
		}
		// The retry waits out its backoff on the test clock; move the clock on until it has run (the
		// job may not be marked retryable yet when the middleware returns).
		deadline := time.Now().Add(30 * time.Second)
		for checks(t, e.svc, p.ID).Summary.Pending > 0 {
			if time.Now().After(deadline) {
				t.Fatalf("the crashed gates job was not retried within 30 s: %+v", checks(t, e.svc, p.ID).Summary)
			}
			e.clock.Advance(time.Minute)
			time.Sleep(100 * time.Millisecond)
		}
		// A rerun reads the record plane as it is then; wait until it has answered for the
		// reference (unreachable here, the same answer every time), so that both runs read it.
		waitFor(t, "the reference's first confirmation", 30*time.Second, func() (bool, error) {
			n, err := e.svc.Client().Reference.Query().Where(reference.RevisionID(*p.CurrentRevisionID), reference.ConfirmationReasonNEQ("")).Count(ctx)
			return n == 1, err
		})
		if _, err := e.svc.RerunGates(ctx, "", p.ID); err != nil {
			t.Fatal(err)
		}
		first := waitChecks(t, e.svc, p.ID)
		findings := func(pk *policy.Packet) map[string][]string {
			out := map[string][]string{}
			for _, r := range pk.Checks {
				for _, f := range r.Edges.Findings {
					out[string(r.Gate)] = append(out[string(r.Gate)], f.Check+"="+string(f.Verdict)+":"+f.Behaviour)
				}
			}
			return out
		}
		if _, err := e.svc.RerunGates(ctx, "", p.ID); err != nil {
			t.Fatal(err)
		}
		second := waitChecks(t, e.svc, p.ID)
		a, b := findings(first), findings(second)
		for g := range b {
			if fmt.Sprint(a[g]) != fmt.Sprint(b[g]) {
				t.Errorf("%s findings differ after a rerun:\n%v\n%v", g, a[g], b[g])
			}
		}
		if len(second.Checks) != len(gates.All()) {
			t.Errorf("after a rerun there are %d current runs; want %d", len(second.Checks), len(gates.All()))
		}
	})
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// TestGateRunsHaveTheirOwnQueue: gate runs are worked at most GateWorkers at once, in a queue of
// their own, so that a backlog of them neither takes more cores than the client is given nor
// holds up the other jobs: the overdue sweep runs while every gate worker is busy.
func TestGateRunsHaveTheirOwnQueue(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		e := newEnv(t, d)
		hold := &holdGates{release: make(chan struct{})}
		var ids []string
		for range 3 {
			p, err := e.svc.Submit(ctx, e.proposer, input())
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, p.ID)
		}
		e.start(t, workers.Config{ID: "one-gate", SweepInterval: time.Hour, GateWorkers: 1, Middleware: []rivertype.WorkerMiddleware{hold}})
		waitFor(t, "a gates job to start", 30*time.Second, func() (bool, error) { return hold.started.Load() > 0, nil })
		waitFor(t, "the overdue sweep beside the held gates job", 30*time.Second, func() (bool, error) {
			var n int
			err := e.db.QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE kind = '`+
				(workers.SweepOverdueArgs{}).Kind()+`' AND state = 'completed'`).Scan(&n)
			return n > 0, err
		})
		time.Sleep(500 * time.Millisecond) // ten polls: time for a second gates job to start, if it could
		if n := hold.started.Load(); n != 1 {
			t.Fatalf("%d gates jobs started with one gate worker, the first still running; want 1", n)
		}
		close(hold.release)
		for _, id := range ids {
			waitChecks(t, e.svc, id)
		}
		if n := hold.most.Load(); n != 1 {
			t.Errorf("at most %d gates jobs ran at once; want 1", n)
		}
	})
}

// holdGates keeps every gates job from running until release is closed, and counts how many
// started and how many ran at once at most.
type holdGates struct {
	river.MiddlewareDefaults
	release            chan struct{}
	started, now, most atomic.Int32
}

func (h *holdGates) Work(ctx context.Context, job *rivertype.JobRow, next func(context.Context) error) error {
	if job.Kind != (workers.RunGatesArgs{}).Kind() {
		return next(ctx)
	}
	h.started.Add(1)
	n := h.now.Add(1)
	defer h.now.Add(-1)
	for m := h.most.Load(); n > m && !h.most.CompareAndSwap(m, n); m = h.most.Load() {
	}
	select {
	case <-h.release:
	case <-ctx.Done():
		return ctx.Err()
	}
	return next(ctx)
}
