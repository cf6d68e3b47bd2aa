package corpus_test

import (
	"context"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
)

// A request that passes runs every gate, in POLICY.md's order.
func TestGatesRunInPolicyOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		f := newFixture(t, dialectName, clearCopies{})
		res := f.open(t, person, definition("group"), theorem("identity", "group"))
		want := []string{corpus.GateIntake, corpus.GateCopy, corpus.GateSources, corpus.GateNames, corpus.GateStatement, corpus.GateSmallCases, corpus.GateKernel, corpus.GateJudges, corpus.GateHypotheses, corpus.GateDependencies}
		if diff := cmp.Diff(want, gateNames(res.Request.Gates)); diff != "" {
			t.Errorf("gates (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(want, corpus.Order()); diff != "" {
			t.Errorf("Order() (-want +got):\n%s", diff)
		}
		var pos []int
		for _, g := range res.Request.Gates {
			pos = append(pos, g.Position)
		}
		if !slices.IsSorted(pos) {
			t.Errorf("positions %v are not in order", pos)
		}
		if res.Request.State != corpus.StateMerged {
			t.Errorf("state = %s; want MERGED", res.Request.State)
		}
	})
}

// Each gate stops the request at its failure: no later gate runs, nothing merges.
func TestGatesStopAtFirstFailure(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		t.Run("copy", func(t *testing.T) {
			f := newFixture(t, dialectName, blockingCopies{})
			res := f.open(t, agent, definition("group"))
			if got := gateNames(res.Request.Gates); !slices.Equal(got, []string{corpus.GateIntake, corpus.GateCopy}) {
				t.Fatalf("gates = %v; want intake, copy check", got)
			}
			fs := lastFindings(res)
			if len(fs) != 1 || fs[0].Verdict != gates.Fail || fs[0].Span.Field != "nodes[0].body" || fs[0].Span.End != 60 {
				t.Errorf("findings = %+v; want one FAIL over nodes[0].body bytes 0-60", fs)
			}
		})
		t.Run("sources", func(t *testing.T) {
			f := newFixture(t, dialectName, clearCopies{})
			// The record plane found no record for this DOI.
			if _, err := f.pol.Client().Source.Create().SetIdentifier("doi:10.1000/fake").SetKind("DOI").
				SetConfirmation("NOT_FOUND").SetCreatedAt(f.pol.Now()).Save(ctx); err != nil {
				t.Fatal(err)
			}
			d := definition("group")
			d.References = []corpus.Reference{{Identifier: "10.1000/fake", Citation: "A. Nobody, Groups (2020)", Locator: "Def. 1"}}
			res := f.open(t, agent, d)
			if got := gateNames(res.Request.Gates); !slices.Equal(got, []string{corpus.GateIntake, corpus.GateCopy, corpus.GateSources}) {
				t.Fatalf("gates = %v; want to stop at source confirmation", got)
			}
			// A person's unresolvable source goes to a person instead.
			d.Label = "group-2"
			if res := f.open(t, person, d); res.Request.State != corpus.StateMerged {
				t.Errorf("person's request state = %s; want MERGED with the source for a person", res.Request.State)
			}
		})
		t.Run("names", func(t *testing.T) {
			f := newFixture(t, dialectName, clearCopies{})
			th := theorem("bound")
			th.Body = "By the theorem of Smirnov and Kowalczyk, every finite group of odd order has a normal subgroup."
			res := f.open(t, agent, th)
			if got := gateNames(res.Request.Gates); len(got) != 4 || got[3] != corpus.GateNames {
				t.Fatalf("gates = %v; want to stop at theorem names", got)
			}
			fs := lastFindings(res)
			if len(fs) != 1 || fs[0].Span.Quote != "theorem of Smirnov and Kowalczyk" {
				t.Errorf("findings = %+v; want the named theorem quoted", fs)
			}
			// Linked to a node that carries the name, it passes.
			f.mustMerge(t, person, corpus.Draft{Kind: corpus.Theorem, Label: "smirnov-kowalczyk", Title: "Theorem of Smirnov and Kowalczyk",
				Body: "Every finite group of odd order has a normal subgroup."})
			th.Uses = []string{"smirnov-kowalczyk"}
			if res := f.open(t, agent, th); res.Request.State != corpus.StateMerged {
				t.Errorf("state = %s at %s (%+v); want MERGED once the name links to a node", res.Request.State, res.Request.FailedGate, lastFindings(res))
			}
		})
		t.Run("statement", func(t *testing.T) {
			f := newFixture(t, dialectName, clearCopies{})
			th := theorem("free")
			th.Body = "There is a prime $p > N$ with $p + 2$ prime."
			res := f.open(t, person, th)
			got := gateNames(res.Request.Gates)
			if len(got) != 5 || got[4] != corpus.GateStatement || res.Request.State != corpus.StateFailed {
				t.Fatalf("gates = %v, state %s; want to stop at the statement checks", got, res.Request.State)
			}
			fs := lastFindings(res)
			if len(fs) != 1 || fs[0].Check != "statement.variable-domain" || fs[0].Span.Field != "nodes[0].body" || fs[0].Span.Quote != "$p > N$" {
				t.Errorf("findings = %+v; want variable-domain at nodes[0].body on $p > N$", fs)
			}
		})
		t.Run("dependencies", func(t *testing.T) {
			// Proof dependencies are a flag, never a stop: a proof on E1 nodes merges flagged.
			f := newFixture(t, dialectName, clearCopies{})
			f.mustMerge(t, person, definition("group"), theorem("identity", "group"))
			ids := f.mustMerge(t, agent, proof("identity-proof", "identity", "identity"))
			n, err := f.svc.Node(ctx, ids[0])
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(n.Flags, corpus.FlagSorryInClosure) {
				t.Errorf("flags = %v; want SORRY_IN_CLOSURE", n.Flags)
			}
		})
	})
}

// The dry run runs the same gates and writes nothing.
func TestCheckWritesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		f.mustMerge(t, person, definition("group"))
		before := f.counts(t)
		for _, drafts := range [][]corpus.Draft{
			{theorem("identity", "group")},
			{theorem("t", "missing")},
		} {
			dry, err := f.svc.Check(ctx, corpus.Request{Writer: agent, Drafts: drafts})
			if err != nil {
				t.Fatal(err)
			}
			if dry.Request.ID != "" {
				t.Errorf("dry run ID = %q; want none", dry.Request.ID)
			}
			if after := f.counts(t); after != before {
				t.Fatalf("counts %v -> %v; a dry run writes nothing", before, after)
			}
			real := f.open(t, agent, drafts...)
			if diff := cmp.Diff(gateNames(real.Request.Gates), gateNames(dry.Request.Gates)); diff != "" {
				t.Errorf("dry run gates differ from the real run (-real +dry):\n%s", diff)
			}
			before = f.counts(t)
		}
	})
}

// A source the record plane has not resolved yet is pending, never
// fabricated: the request merges through every gate (E1), the node is
// flagged locator_unconfirmed, and the source counts towards no level.
func TestPendingSourceMergesFlagged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		d := definition("group")
		d.References = []corpus.Reference{{Identifier: "arXiv:2101.00001", Citation: "A. Author, Groups (2021)", Locator: "Def. 2"}}
		res := f.open(t, agent, d)
		if res.Request.State != corpus.StateMerged {
			t.Fatalf("state = %s at %s; want MERGED", res.Request.State, res.Request.FailedGate)
		}
		n, err := f.svc.Node(ctx, "group")
		if err != nil {
			t.Fatal(err)
		}
		if n.Level != corpus.E1 || !slices.Contains(n.Flags, corpus.FlagLocatorUnconfirmed) {
			t.Errorf("node at E%d with flags %v; want E1 with LOCATOR_UNCONFIRMED", n.Level, n.Flags)
		}
		// A statement confirmed against its source counts once the locator is.
		if err := f.svc.Confirm(ctx, "group", corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmStatement}); err != nil {
			t.Fatal(err)
		}
		if n, _ = f.svc.Node(ctx, "group"); n.Level != corpus.E1 {
			t.Errorf("E%d after a statement confirmation at an unconfirmed locator; want E1", n.Level)
		}
		if err := f.svc.ConfirmLocator(ctx, "group", 0, "acc_r"); err != nil {
			t.Fatal(err)
		}
		if n, _ = f.svc.Node(ctx, "group"); n.Level != corpus.E2 || len(n.Flags) != 0 {
			t.Errorf("E%d with flags %v after the locator's confirmation; want E2 and no flag", n.Level, n.Flags)
		}
	})
}
