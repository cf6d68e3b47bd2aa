package corpus_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/kernel"
	"github.com/theoremdb/theoremdb/shareddata"
)

// sharedMetamath is the shared data's Metamath directory; without it the
// test skips, except in CI, where it fails.
func sharedMetamath(t *testing.T) string { return shareddata.Require(t, "metamath") }

// kernelLibrary is a formal library of the shared ql.mm and the kernel's
// fixtures: each broken database, and demo.mm (the fixture repaired).
func kernelLibrary(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyFile := func(from, to string) {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(filepath.Join(sharedMetamath(t), "ql.mm"), "ql.mm")
	copyFile("../kernel/testdata/good/normal.mm", "demo.mm")
	brokens, _ := filepath.Glob("../kernel/testdata/broken/*.mm")
	if len(brokens) < 4 {
		t.Fatalf("broken fixtures: %v", brokens)
	}
	for _, b := range brokens {
		copyFile(b, filepath.Base(b))
	}
	return dir
}

func kernelFixture(t *testing.T, dialectName string, opts ...corpus.Option) *fixture {
	f := newFixture(t, dialectName, clearCopies{})
	f.svc = corpus.New(f.pol, append([]corpus.Option{corpus.WithCopies(clearCopies{}), corpus.WithFormalLibrary(kernelLibrary(t))}, opts...)...)
	return f
}

func formalTheorem(label, database, mmLabel string) corpus.Draft {
	return corpus.Draft{Kind: corpus.Theorem, Label: label, Title: "Metamath " + mmLabel,
		Body: "The formal statement " + mmLabel + " of " + database + ".", ImportKey: "metamath:" + database + ":" + mmLabel,
		Formal: &corpus.Formal{System: corpus.FormalMetamath, Database: database, Label: mmLabel}}
}

func levelOf(t *testing.T, f *fixture, id string) int {
	t.Helper()
	n, err := f.pol.Client().CorpusNode.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return n.Level
}

// An imported formal node both checkers accept is E5; a prose node bound
// to the same proof is checked alike but stays below E4 without fidelity F1.
func TestKernelGateLevels(t *testing.T) {
	needSandbox(t)
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		f := kernelFixture(t, dialectName)
		ids := f.mustMerge(t, importer, formalTheorem("ql-id", "ql.mm", "id"))
		if got := levelOf(t, f, ids[0]); got != corpus.E5 {
			t.Errorf("formal node level = E%d; want E5", got)
		}
		prose := formalTheorem("ql-id-prose", "ql.mm", "id")
		prose.Body, prose.ImportKey = "In an ortholattice every element equals itself.", ""
		pids := f.mustMerge(t, person, prose)
		b, err := f.pol.Client().CorpusBinding.Query().Where(corpusbinding.NodeID(pids[0])).Only(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(b.CheckersPassed) != 2 || b.Formal || b.Database != "ql.mm" {
			t.Errorf("prose binding = %+v", b)
		}
		if got := levelOf(t, f, pids[0]); got != corpus.E1 {
			t.Errorf("prose node level = E%d; want E1 (no round trip, so no F1)", got)
		}
	})
}

// Every deliberately broken database fails both checkers, and blocks the
// merge; the statement before the break passes.
func TestKernelGateBrokenFixtures(t *testing.T) {
	needSandbox(t)
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		f := kernelFixture(t, dialectName)
		for _, name := range []string{"wrong-step.mm", "missing-dv.mm", "later-statement.mm", "hypothesis-out-of-scope.mm", "compressed-corrupt.mm"} {
			res := f.open(t, importer, formalTheorem("broken-"+labelOf(name), name, "th1"))
			if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateKernel {
				t.Errorf("%s th1: %s at %s; want FAILED at KERNEL_CHECK", name, res.Request.State, res.Request.FailedGate)
				continue
			}
			fs := findingsOf(res, corpus.GateKernel)
			if fs[len(fs)-1].Check != corpus.CheckKernelMetamath || fs[len(fs)-1].Verdict != gates.Fail {
				t.Errorf("%s th1: findings %+v", name, fs)
			}
			for _, fd := range fs {
				if fd.Verdict == gates.Pass && (fd.Check == corpus.CheckKernelMetamath || fd.Check == corpus.CheckKernelSecond) {
					t.Errorf("%s th1: %s passed", name, fd.Check)
				}
			}
		}
		f.mustMerge(t, importer, formalTheorem("wrong-step-th0", "wrong-step.mm", "th0"))
	})
}

func labelOf(name string) string { return name[:len(name)-len(filepath.Ext(name))] }

// A binding names a database by its plain file name in the library:
// paths, a missing file and a label that is no $p are refused at the gate.
func TestKernelGateRefusesOutsideLibrary(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		f := kernelFixture(t, dialectName)
		for i, db := range []string{"../ql.mm", "/work/shared/data/metamath/ql.mm", "nope.mm", "ql", ".hidden.mm"} {
			res := f.open(t, importer, formalTheorem("bad-"+string(rune('a'+i)), db, "id"))
			if res.Request.FailedGate != corpus.GateKernel || len(res.UserErrors) != 1 || res.UserErrors[0].Field != "nodes[0].formal.database" {
				t.Errorf("database %q: %s at %s, userErrors %+v", db, res.Request.State, res.Request.FailedGate, res.UserErrors)
			}
		}
		res := f.open(t, importer, formalTheorem("bad-label", "ql.mm", "ax-r1"))
		if res.Request.FailedGate != corpus.GateKernel || len(res.UserErrors) != 1 || res.UserErrors[0].Field != "nodes[0].formal.label" {
			t.Errorf("an axiom's label: %s at %s, %+v", res.Request.State, res.Request.FailedGate, res.UserErrors)
		}
	})
}

// When the checkers disagree the node merges with the incident recorded:
// an event, a job for a person, and no level above E3. metamath here reads
// the fixture as broken (the runner hands it the wrong step) while the
// second checker reads the repaired database.
func TestKernelDisagreementIsAnIncident(t *testing.T) {
	needSandbox(t)
	wrong, err := os.ReadFile("../kernel/testdata/broken/wrong-step.mm")
	if err != nil {
		t.Fatal(err)
	}
	tampered := func(ctx context.Context, argv []string, files map[string][]byte) ([]byte, error) {
		swapped := map[string][]byte{}
		for k := range files {
			swapped[k] = wrong
		}
		return kernel.SandboxExec(ctx, argv, swapped)
	}
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := kernelFixture(t, dialectName, corpus.WithMetamath(tampered))
		res := f.open(t, importer, formalTheorem("demo-th1", "demo.mm", "th1"))
		if res.Request.State != corpus.StateMerged {
			t.Fatalf("state %s at %s: %+v", res.Request.State, res.Request.FailedGate, findingsOf(res, corpus.GateKernel))
		}
		var agree *corpus.Finding
		for _, fd := range findingsOf(res, corpus.GateKernel) {
			if fd.Check == corpus.CheckKernelAgree {
				agree = &fd
			}
		}
		if agree == nil || agree.Verdict != gates.NeedsHuman {
			t.Errorf("agreement finding = %+v; want NEEDS_HUMAN", agree)
		}
		id := res.Request.Nodes[0]
		if got := levelOf(t, f, id); got > corpus.E3 {
			t.Errorf("level E%d; want at most E3", got)
		}
		n, err := f.pol.Client().Event.Query().Where(event.KindEQ(corpus.KindCheckersDisagree), event.SubjectEQ(id)).Count(ctx)
		if err != nil || n != 1 {
			t.Errorf("disagreement events = %d (%v); want 1", n, err)
		}
		tasks, _ := f.svc.Tasks(ctx, corpus.MaxTasks)
		if len(tasks) != 1 || tasks[0].Kind != corpus.TaskDisagreement || tasks[0].Subject != id {
			t.Errorf("tasks = %+v", tasks)
		}
	})
}

// The nightly re-check runs the second checker on every E4+ node: a
// database that changed under a bound proof is found, the node drops to
// E3 at most and an incident is recorded; an unchanged one stays E5.
func TestRecheckFormal(t *testing.T) {
	needSandbox(t)
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		lib := kernelLibrary(t)
		f := newFixture(t, dialectName, clearCopies{})
		f.svc = corpus.New(f.pol, corpus.WithCopies(clearCopies{}), corpus.WithFormalLibrary(lib))
		ids := f.mustMerge(t, importer, formalTheorem("demo-th1", "demo.mm", "th1"), formalTheorem("ql-id", "ql.mm", "id"))
		for _, id := range ids {
			if got := levelOf(t, f, id); got != corpus.E5 {
				t.Fatalf("%s level E%d; want E5", id, got)
			}
		}
		sum, err := f.svc.RecheckFormal(ctx)
		if err != nil || sum.Checked != 2 || sum.Changed != 0 || sum.Disagreements != 0 {
			t.Fatalf("first re-check = %+v, %v", sum, err)
		}
		wrong, err := os.ReadFile("../kernel/testdata/broken/wrong-step.mm")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(lib, "demo.mm"), wrong, 0o600); err != nil {
			t.Fatal(err)
		}
		sum, err = f.svc.RecheckFormal(ctx)
		if err != nil || sum.Checked != 2 || sum.Changed != 1 || sum.Disagreements != 1 {
			t.Fatalf("second re-check = %+v, %v", sum, err)
		}
		if got := levelOf(t, f, ids[0]); got > corpus.E3 {
			t.Errorf("changed proof: level E%d; want at most E3", got)
		}
		if got := levelOf(t, f, ids[1]); got != corpus.E5 {
			t.Errorf("unchanged proof: level E%d; want E5", got)
		}
		if n, _ := f.pol.Client().Event.Query().Where(event.KindEQ(corpus.KindCheckersDisagree)).Count(ctx); n != 1 {
			t.Errorf("%d disagreement events; want 1", n)
		}
	})
}
