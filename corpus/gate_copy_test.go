package corpus_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
)

// attributingCopies finds every body in an open source, twice over, and in
// a source it only notes.
type attributingCopies struct{}

func (attributingCopies) Check(context.Context, []byte, copycheck.Format) (*copycheck.Result, error) {
	open := copycheck.Match{Stage: copycheck.StageExact, Source: "openbook", URI: "https://example.org/openbook/1",
		Licence: copycheck.LicenceOpen, BodyStart: 0, BodyEnd: 20, Verdict: copycheck.VerdictAttribute}
	noted := open
	noted.Source, noted.Verdict = "notes", copycheck.VerdictClear
	return &copycheck.Result{Verdict: copycheck.VerdictAttribute, ThresholdsVersion: "test", Matches: []copycheck.Match{open, noted, open}}, nil
}

// brokenCopies cannot check.
type brokenCopies struct{}

func (brokenCopies) Check(context.Context, []byte, copycheck.Format) (*copycheck.Result, error) {
	return nil, errors.New("index unreadable")
}

// TestCopyGate: a body matching a compatible source merges crediting it once,
// after the draft's own attribution; a copy check that cannot run leaves the
// gate UNKNOWN, saying why, and the node merges at E0; a blocked body fails
// naming its span.
func TestCopyGate(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()

		f := newFixture(t, d, attributingCopies{})
		draft := theorem("cp-a")
		draft.Attribution = "After the open book, §1."
		res := f.open(t, person, draft)
		g := gateOf(res, corpus.GateCopy)
		if res.Request.State != corpus.StateMerged || g == nil || g.Outcome != gates.OutcomePass {
			t.Fatalf("attributed body: %s, gate %+v; want MERGED with the copy gate passed", res.Request.State, g)
		}
		v, err := f.svc.Node(ctx, res.Request.Nodes[0])
		want := "After the open book, §1.\nMatches openbook (https://example.org/openbook/1, open)"
		if err != nil || v.Attribution != want {
			t.Errorf("attribution = %q, %v; want %q", v.Attribution, err, want)
		}

		f.svc = corpus.New(f.pol, corpus.WithCopies(brokenCopies{}))
		res = f.open(t, person, theorem("cp-b"))
		g = gateOf(res, corpus.GateCopy)
		if g == nil || g.Outcome != gates.OutcomeUnknown || len(g.Findings) != 1 ||
			!strings.Contains(g.Findings[0].Behaviour, "index unreadable") || g.Findings[0].Verdict != gates.Unknown {
			t.Errorf("copy check down: gate %+v; want UNKNOWN naming the error", g)
		}
		// It merges, but a node whose gates did not all run stays at E0.
		if res.Request.State != corpus.StateMerged {
			t.Fatalf("copy check down: %s; want MERGED", res.Request.State)
		}
		if v, err := f.svc.Node(ctx, res.Request.Nodes[0]); err != nil || v.Level != corpus.E0 {
			t.Errorf("a node merged with its copy check unknown is at E%d, %v; want E0", v.Level, err)
		}
		if v, err := f.svc.Node(ctx, "cp-a"); err != nil || v.Level != corpus.E1 {
			t.Errorf("a node merged through every gate is at E%d, %v; want E1", v.Level, err)
		}

		f.svc = corpus.New(f.pol, corpus.WithCopies(blockingCopies{}))
		res = f.open(t, person, theorem("cp-c"))
		g = gateOf(res, corpus.GateCopy)
		if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateCopy || g == nil ||
			g.Outcome != gates.OutcomeFail || !strings.Contains(findingText(g.Findings), "Bytes 0 to ") {
			t.Errorf("blocked body: %s at %s, gate %+v; want FAILED at the copy gate naming the bytes", res.Request.State, res.Request.FailedGate, g)
		}
	})
}
