package policy_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/similar"
	"github.com/theoremdb/theoremdb/workers"
)

// realGateEnv is what the gate worker reads in production: the problem and solved-record
// indexes over the service, its claims, and a copy check over a small reference corpus that has
// nothing in common with the fixture's packet.
func (f *fixture) realGateEnv(t *testing.T) gates.Env {
	t.Helper()
	x, err := copycheck.BuildIndex([]copycheck.Document{{Meta: copycheck.DocMeta{ID: "ref-1", URI: "https://example.org/ref-1",
		Licence: copycheck.LicenceRecord}, Format: copycheck.Markdown,
		Text: []byte("A group is a set with an associative binary operation, an identity element and inverses for every element of the set.")}}, 0)
	if err != nil {
		t.Fatalf("BuildIndex() = %v", err)
	}
	ck, err := copycheck.NewChecker(x, copycheck.DefaultConfig(), copycheck.DefaultPhrases())
	if err != nil {
		t.Fatalf("NewChecker() = %v", err)
	}
	return gates.Env{Now: f.svc.Now, Problems: similar.NewProblemIndex(f.svc), Solved: similar.NewSolvedIndex(f.svc),
		Claims: f.svc, Copies: ck}
}

// runRealGates runs the real gates on a revision's pending runs and records their results, as
// the gate worker does.
func (f *fixture) runRealGates(t *testing.T, revisionID string) {
	t.Helper()
	if err := workers.RunGates(context.Background(), f.svc, f.realGateEnv(t), revisionID); err != nil {
		t.Fatalf("RunGates() = %v", err)
	}
}
