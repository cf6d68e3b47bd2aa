package workers_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/workers"
)

// noCopies is a copy check that finds nothing copied.
type noCopies struct{}

func (noCopies) Check(context.Context, []byte, copycheck.Format) (*copycheck.Result, error) {
	return &copycheck.Result{Verdict: copycheck.VerdictClear, ThresholdsVersion: "test"}, nil
}

// TestRecheckKernelJob: the nightly re-check, inserted like the periodic
// one, finds a bound proof the second checker now rejects, records the
// incident and drops the node below E4.
func TestRecheckKernelJob(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		e := newEnv(t, dialectName)
		lib := t.TempDir()
		good, err := os.ReadFile("../kernel/testdata/good/normal.mm")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(lib, "demo.mm"), good, 0o600); err != nil {
			t.Fatal(err)
		}
		cs := corpus.New(e.svc, corpus.WithFormalLibrary(lib), corpus.WithCopies(noCopies{}))
		res, err := cs.Open(ctx, corpus.Request{Writer: corpus.Writer{Kind: corpus.WriterImporter, ID: "metamath"},
			Drafts: []corpus.Draft{{Kind: corpus.Theorem, Label: "demo-th1", Title: "th1", Body: "The formal statement th1.",
				Formal: &corpus.Formal{System: corpus.FormalMetamath, Database: "demo.mm", Label: "th1"}}}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Request.State != corpus.StateMerged {
			t.Fatalf("the formal node did not merge: %s at %s", res.Request.State, res.Request.FailedGate)
		}
		id := res.Request.Nodes[0]
		if n, err := e.svc.Client().CorpusNode.Get(ctx, id); err != nil || n.Level != corpus.E5 {
			t.Fatalf("node %s merged at E%d (%v); want E5: %+v", id, n.Level, err, res.Request.Gates)
		}
		wrong, err := os.ReadFile("../kernel/testdata/broken/wrong-step.mm")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(lib, "demo.mm"), wrong, 0o600); err != nil {
			t.Fatal(err)
		}
		e.start(t, workers.Config{SweepInterval: time.Hour, Gold: workers.GoldConfig{Every: -1}, Kernel: cs})
		ins, err := e.jobs.River().Insert(ctx, workers.RecheckKernelArgs{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			j, err := e.jobs.River().JobGet(ctx, ins.Job.ID)
			if err == nil {
				t.Logf("job %s attempts %d errors %v", j.State, j.Attempt, j.Errors)
			}
		})
		waitFor(t, "the disagreement", 20*time.Second, func() (bool, error) {
			n, err := e.svc.Client().Event.Query().Where(event.KindEQ(corpus.KindCheckersDisagree), event.SubjectEQ(id)).Count(ctx)
			return n == 1, err
		})
		n, err := e.svc.Client().CorpusNode.Query().Where(corpusnode.ID(id)).Only(ctx)
		if err != nil || n.Level > corpus.E3 {
			t.Errorf("node %s level %d (%v); want at most E3", id, n.Level, err)
		}
	})
}
