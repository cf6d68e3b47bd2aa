package corpus_test

import (
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
)

// TestNamedTheoremResolves: a theorem named in a draft's prose resolves
// when a draft of the same request it uses carries the name, when a source
// it cites does, or when it revises a node that does; unresolved, an
// agent's draft fails the gate and a person's goes to a person and merges.
func TestNamedTheoremResolves(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		f := newFixture(t, d, clearCopies{})
		const named = "By the theorem of Smirnov and Kowalczyk, every finite group of odd order has a normal subgroup."
		th := func(label string, uses ...string) corpus.Draft {
			dr := theorem(label, uses...)
			dr.Body = named
			return dr
		}
		verdict := func(res *corpus.Result) gates.Verdict {
			for _, fd := range findingsOf(res, corpus.GateNames) {
				if fd.Span.Field == "nodes[0].body" || fd.Span.Field == "nodes[1].body" {
					return fd.Verdict
				}
			}
			return ""
		}

		source := corpus.Draft{Kind: corpus.Theorem, Label: "odd-order", Title: "Theorem of Smirnov and Kowalczyk",
			Body: "Every finite group of odd order has a normal subgroup."}
		res := f.open(t, agent, source, th("in-request", "odd-order"))
		if res.Request.State != corpus.StateMerged || verdict(res) != gates.Pass {
			t.Errorf("named by a draft of the request: %s, %s; want MERGED, PASS", res.Request.State, verdict(res))
		}

		cited := th("cited")
		cited.References = []corpus.Reference{{Identifier: "arXiv:2101.00001", Citation: "A. Smirnov and B. Kowalczyk, Odd groups (2021)", Locator: "Thm. 1"}}
		res = f.open(t, agent, cited)
		if res.Request.State != corpus.StateMerged || verdict(res) != gates.Pass {
			t.Errorf("named by a cited source: %s, %s; want MERGED, PASS", res.Request.State, verdict(res))
		}

		// A node titled with the name, revised under a new title with prose
		// naming it, needs no other link: the node it revises carries the name.
		ids := f.mustMerge(t, person, corpus.Draft{Kind: corpus.Theorem, Label: "sk-theorem", Title: "Theorem of Smirnov and Kowalczyk",
			Body: "Every finite group of odd order has a normal subgroup."})
		rev := corpus.Draft{Kind: corpus.Theorem, Title: "Normal subgroups of odd groups", Revises: ids[0], Body: named}
		res = f.open(t, agent, rev)
		if res.Request.State != corpus.StateMerged || verdict(res) != gates.Pass {
			t.Errorf("named by the revised node: %s, %s; want MERGED, PASS", res.Request.State, verdict(res))
		}

		res = f.open(t, agent, th("alone"))
		if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateNames || verdict(res) != gates.Fail {
			t.Errorf("an agent names it alone: %s at %s, %s; want FAILED at the names gate", res.Request.State, res.Request.FailedGate, verdict(res))
		}
		res = f.open(t, person, th("alone-person"))
		if res.Request.State != corpus.StateMerged || verdict(res) != gates.NeedsHuman {
			t.Errorf("a person names it alone: %s, %s; want MERGED with the name to a person", res.Request.State, verdict(res))
		}
	})
}
