package corpus_test

import (
	"context"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/sandbox"
)

// needSandbox skips where bubblewrap or Python 3 cannot run, except in CI,
// where it fails.
func needSandbox(t *testing.T) { sandbox.Require(t, "python3") }

// The statement "every n ≥ 1 has n² + n + 41 prime" with a search that
// finds n = 40.
const eulerProgram = `import sys
def prime(m):
    return m > 1 and all(m % d for d in range(2, int(m ** 0.5) + 1))
bound = int(sys.argv[1])
for n in range(1, bound + 1):
    if not prime(n * n + n + 41):
        print("COUNTEREXAMPLE n=%d" % n)
        break
else:
    print("NONE UP TO %d" % bound)
`

func eulerTheorem(bound int) corpus.Draft {
	return corpus.Draft{Kind: corpus.Theorem, Label: "euler-primes", Title: "Euler's prime polynomial",
		Body:       "For every integer $n \\ge 1$ the number $n^2 + n + 41$ is prime.",
		SmallCases: &corpus.SmallCases{Language: corpus.SmallCasesPython, Program: eulerProgram, Bound: bound}}
}

func findingsOf(res *corpus.Result, gate string) []corpus.Finding {
	for _, g := range res.Request.Gates {
		if g.Gate == gate {
			return g.Findings
		}
	}
	return nil
}

// A counterexample blocks the merge with a sanity.small-cases FAIL holding
// the witness, opens a computation node with the witness and the program,
// and puts a job in the queue for people; the dry run finds the same and
// writes nothing.
func TestSmallCasesCounterexampleBlocks(t *testing.T) {
	needSandbox(t)
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		dry, err := f.svc.Check(ctx, corpus.Request{Writer: person, Drafts: []corpus.Draft{eulerTheorem(100)}})
		if err != nil {
			t.Fatal(err)
		}
		if dry.Request.State != corpus.StateFailed || dry.Request.FailedGate != corpus.GateSmallCases {
			t.Fatalf("dry run = %s at %s; want FAILED at SMALL_CASES", dry.Request.State, dry.Request.FailedGate)
		}
		if n, _ := f.pol.Client().CorpusTask.Query().Count(ctx); n != 0 {
			t.Fatalf("the dry run opened %d tasks", n)
		}

		res := f.open(t, person, eulerTheorem(100))
		if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateSmallCases {
			t.Fatalf("Open = %s at %s; want FAILED at SMALL_CASES", res.Request.State, res.Request.FailedGate)
		}
		var fail *corpus.Finding
		for _, fd := range findingsOf(res, corpus.GateSmallCases) {
			if fd.Check == "sanity.small-cases" && fd.Verdict == gates.Fail {
				fail = &fd
			}
		}
		if fail == nil || !strings.Contains(fail.Span.Quote, "COUNTEREXAMPLE n=40") || fail.Consequence != "blocks merge" ||
			fail.Span.Field != "nodes[0].smallCases.output" {
			t.Fatalf("small-case findings = %+v; want a FAIL quoting n=40", findingsOf(res, corpus.GateSmallCases))
		}
		if n, _ := f.pol.Client().CorpusNode.Query().Count(ctx); n != 1 {
			t.Errorf("%d nodes; want only the computation node", n)
		}
		tasks, err := f.svc.Tasks(ctx, corpus.MaxTasks)
		if err != nil {
			t.Fatal(err)
		}
		if len(tasks) != 1 || tasks[0].Kind != corpus.TaskCounterexample || !strings.Contains(tasks[0].Summary, "n=40") {
			t.Fatalf("tasks = %+v; want one counterexample job", tasks)
		}
		comp, err := f.svc.ChangeRequest(ctx, tasks[0].Computation)
		if err != nil {
			t.Fatal(err)
		}
		if comp.State != corpus.StateMerged || comp.Writer.ID != corpus.WriterSmallCases || len(comp.Nodes) != 1 {
			t.Fatalf("computation request = %s by %s (%+v)", comp.State, comp.Writer.ID, comp.Gates)
		}
		node, err := f.pol.Client().CorpusNode.Get(ctx, comp.Nodes[0])
		if err != nil {
			t.Fatal(err)
		}
		rev, err := f.pol.Client().CorpusRevision.Get(ctx, *node.CurrentRevisionID)
		if err != nil {
			t.Fatal(err)
		}
		if string(node.Kind) != corpus.Computation || !strings.Contains(rev.Body, "COUNTEREXAMPLE n=40") ||
			!strings.Contains(rev.Body, "def prime(m):") {
			t.Errorf("computation node %s %s: %s", node.ID, node.Kind, rev.Body)
		}
		// Processing the failed request again finds the same witness and records it once.
		if _, err := f.svc.Process(ctx, res.Request.ID); err != nil {
			t.Fatal(err)
		}
		if tasks, _ := f.svc.Tasks(ctx, corpus.MaxTasks); len(tasks) != 1 {
			t.Errorf("after a second run: %d tasks; want 1", len(tasks))
		}
	})
}

// A search that finds nothing passes (and says it proves nothing); the
// statement merges with its test stored on the revision.
func TestSmallCasesNoneUpTo(t *testing.T) {
	needSandbox(t)
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		ids := f.mustMerge(t, person, eulerTheorem(39))
		node, err := f.pol.Client().CorpusNode.Get(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		rev, err := f.pol.Client().CorpusRevision.Get(ctx, *node.CurrentRevisionID)
		if err != nil {
			t.Fatal(err)
		}
		if rev.SmallCases == nil || rev.SmallCases.Bound != 39 || rev.SmallCases.Language != "PYTHON" {
			t.Errorf("revision small cases = %+v", rev.SmallCases)
		}
	})
}

// Anything but the protocol is never a pass: a crash, garbage output and a
// run past its bound each leave the gate short of PASS, and a sandbox
// violation is a sanity.sandbox FAIL.
func TestSmallCasesErrorsNeverPass(t *testing.T) {
	needSandbox(t)
	cases := []struct {
		name, program string
		check         string
		verdict       gates.Verdict
	}{
		{"crash", "raise SystemExit(3)", "sanity.small-cases", gates.Unknown},
		{"garbage", "print('all good')", "sanity.small-cases", gates.Unknown},
		{"socket", "import socket\nsocket.create_connection(('1.1.1.1', 80), timeout=2)\nprint('NONE UP TO 5')", "sanity.sandbox", gates.Fail},
		{"write", "open('/work/x', 'w').write('x')\nprint('NONE UP TO 5')", "sanity.sandbox", gates.Fail},
		{"short", "print('NONE UP TO 2')", "sanity.small-cases", gates.Unknown},
	}
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		f := newFixture(t, dialectName, clearCopies{})
		for _, tc := range cases {
			d := eulerTheorem(5)
			d.Label = "euler-" + tc.name
			d.SmallCases.Program = tc.program
			res := f.open(t, person, d)
			var got *corpus.Finding
			for _, fd := range findingsOf(res, corpus.GateSmallCases) {
				if fd.Check == tc.check {
					got = &fd
				}
			}
			if got == nil || got.Verdict != tc.verdict {
				t.Errorf("%s: findings %+v; want %s %s", tc.name, findingsOf(res, corpus.GateSmallCases), tc.check, tc.verdict)
				continue
			}
			for _, g := range res.Request.Gates {
				if g.Gate == corpus.GateSmallCases && g.Outcome == gates.OutcomePass {
					t.Errorf("%s: the gate passed", tc.name)
				}
			}
		}
	})
}
