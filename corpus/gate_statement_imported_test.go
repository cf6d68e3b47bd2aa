package corpus_test

import (
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
)

// An importer's excerpt whose variable has no domain in the excerpt is a
// person's question, not a refusal: the finding keeps its span and becomes
// NEEDS_HUMAN, and the node merges. The same statement from a person or an
// agent still stops at the statement checks.
func TestImportedStatementDoubtNeedsHuman(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		th := theorem("free")
		th.Body = "There is a prime $p > N$ with $p + 2$ prime."
		for _, w := range []corpus.Writer{person, agent} {
			f := newFixture(t, dialectName, clearCopies{})
			res := f.open(t, w, th)
			if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateStatement {
				t.Errorf("%s: state %s at %q; want FAILED at the statement checks", w.Kind, res.Request.State, res.Request.FailedGate)
			}
		}
		f := newFixture(t, dialectName, clearCopies{})
		res := f.open(t, importer, th)
		if res.Request.State != corpus.StateMerged {
			t.Fatalf("importer: state %s at %q (%+v); want MERGED", res.Request.State, res.Request.FailedGate, lastFindings(res))
		}
		var doubt *corpus.Finding
		for _, g := range res.Request.Gates {
			for i, fd := range g.Findings {
				if g.Gate == corpus.GateStatement && fd.Check == "statement.variable-domain" && fd.Verdict != gates.Pass {
					doubt = &g.Findings[i]
				}
			}
		}
		switch {
		case doubt == nil:
			t.Fatal("importer: no variable-domain finding; want NEEDS_HUMAN on $p > N$")
		case doubt.Verdict != gates.NeedsHuman || doubt.Span.Field != "nodes[0].body" || doubt.Span.Quote != "$p > N$" || doubt.Consequence != "":
			t.Errorf("importer: finding %+v; want NEEDS_HUMAN at nodes[0].body on $p > N$ blocking nothing", *doubt)
		}
	})
}
