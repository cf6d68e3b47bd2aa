package corpus_test

import (
	"context"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
)

// clearCopies is a copy check that finds nothing copied.
type clearCopies struct{}

func (clearCopies) Check(context.Context, []byte, copycheck.Format) (*copycheck.Result, error) {
	return &copycheck.Result{Verdict: copycheck.VerdictClear, ThresholdsVersion: "test"}, nil
}

// blockingCopies finds the first 60 bytes of every body copied from a GFDL text.
type blockingCopies struct{}

func (blockingCopies) Check(_ context.Context, body []byte, _ copycheck.Format) (*copycheck.Result, error) {
	m := copycheck.Match{Stage: copycheck.StageExact, Source: "stacks", URI: "https://stacks.math.columbia.edu/tag/0001",
		Licence: copycheck.LicenceGFDL, BodyStart: 0, BodyEnd: min(60, len(body)), Verdict: copycheck.VerdictBlock}
	return &copycheck.Result{Verdict: copycheck.VerdictBlock, ThresholdsVersion: "test", Matches: []copycheck.Match{m}}, nil
}

type fixture struct {
	db    *db.DB
	pol   *policy.Service
	svc   *corpus.Service
	clock *policytest.Clock
}

func newFixture(t *testing.T, dialectName string, copies gates.CopyChecker) *fixture {
	t.Helper()
	d := dbtest.Open(t, dialectName)
	clock := policytest.NewClock(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	pol := policy.New(d, policy.Config{}, policy.WithClock(clock))
	var opts []corpus.Option
	if copies != nil {
		opts = append(opts, corpus.WithCopies(copies))
	}
	return &fixture{db: d, pol: pol, svc: corpus.New(pol, opts...), clock: clock}
}

// newFixtureOn is a corpus service with a clear copy check on d.
func newFixtureOn(tb testing.TB, d *db.DB) *corpus.Service {
	tb.Helper()
	return corpus.New(policy.New(d, policy.Config{}), corpus.WithCopies(clearCopies{}))
}

var (
	person   = corpus.Writer{Kind: corpus.WriterPerson, ID: "acc_writer"}
	agent    = corpus.Writer{Kind: corpus.WriterAgent, ID: "lane_prover", Model: "m-1", PromptVersion: "p-3"}
	importer = corpus.Writer{Kind: corpus.WriterImporter, ID: "openlogic", Layer: "import"}
)

func definition(label string) corpus.Draft {
	return corpus.Draft{Kind: corpus.Definition, Label: label, Title: "Group " + label, Term: "group",
		Body: "A *group* is a set $G$ with an associative operation $G \\times G \\to G$, an identity element and inverses."}
}

func theorem(label string, uses ...string) corpus.Draft {
	return corpus.Draft{Kind: corpus.Theorem, Label: label, Title: "Identity " + label, Uses: uses,
		Body: "The identity element of a group is unique."}
}

func proof(label, proves string, uses ...string) corpus.Draft {
	return corpus.Draft{Kind: corpus.Proof, Label: label, Title: "Proof " + label, Proves: proves, Uses: uses,
		Body: "If $e$ and $f$ are identities then $e = ef = f$."}
}

// open opens a request and fails the test on an error (not on a failing gate).
func (f *fixture) open(t *testing.T, w corpus.Writer, drafts ...corpus.Draft) *corpus.Result {
	t.Helper()
	res, err := f.svc.Open(context.Background(), corpus.Request{Writer: w, Drafts: drafts})
	if err != nil {
		t.Fatalf("Open = %v", err)
	}
	return res
}

// mustMerge opens a request that must merge and returns its node IDs.
func (f *fixture) mustMerge(t *testing.T, w corpus.Writer, drafts ...corpus.Draft) []string {
	t.Helper()
	res := f.open(t, w, drafts...)
	if res.Request.State != corpus.StateMerged {
		t.Fatalf("Open state = %s (failed at %s: %+v); want MERGED", res.Request.State, res.Request.FailedGate, lastFindings(res))
	}
	return res.Request.Nodes
}

func lastFindings(res *corpus.Result) []corpus.Finding {
	if len(res.Request.Gates) == 0 {
		return nil
	}
	var out []corpus.Finding
	for _, f := range res.Request.Gates[len(res.Request.Gates)-1].Findings {
		if f.Verdict != gates.Pass {
			out = append(out, f)
		}
	}
	return out
}

func gateNames(rs []corpus.GateResult) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.Gate)
	}
	return out
}

// counts are the rows a request writes and the events.
func (f *fixture) counts(t *testing.T) [5]int {
	t.Helper()
	ctx := context.Background()
	c := f.pol.Client()
	n1, _ := c.CorpusNode.Query().Count(ctx)
	n2, _ := c.ChangeRequest.Query().Count(ctx)
	n3, _ := c.CorpusRevision.Query().Count(ctx)
	n4, _ := c.CorpusGateRun.Query().Count(ctx)
	n5, _ := c.Event.Query().Count(ctx)
	return [5]int{n1, n2, n3, n4, n5}
}
