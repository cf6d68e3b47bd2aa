package corpus_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/lanestest"
)

func checkLaneConfig(id, url string) lanes.Config {
	return lanes.Config{Identity: id, Provider: lanes.Anthropic, BaseURL: url, Model: "claude-sonnet-4-5-20250929",
		ModelVersion: "claude-sonnet-4-5-20250929", PromptVersion: "v1", Timeout: 2 * time.Second, MaxAttempts: 1}
}

// TestRoundTripAndHypothesisGates runs the formal round trip and the
// hypothesis check through change requests against a stand-in provider: a
// translation with no difference gives the binding its round trip, one
// with a difference goes to a person naming it; a hypothesis no
// counterexample needs gives a remark, and a lane that fails is never a
// pass; none of them blocks the merge.
func TestRoundTripAndHypothesisGates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		lib := t.TempDir()
		good, err := os.ReadFile("../kernel/testdata/good/normal.mm")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(lib, "demo.mm"), good, 0o600); err != nil {
			t.Fatal(err)
		}
		srv := lanestest.New(func(c lanestest.Call) lanestest.Reply {
			var rt lanes.RoundTripInput
			if lanestest.Document(c.User, &rt) == nil && rt.Formal != "" {
				if strings.Contains(rt.Informal, "positive") {
					return lanestest.Reply{Text: `{"prose": "The formal statement th1.", "differences": ["The prose asks for a positive number; the formal statement does not."]}`}
				}
				return lanestest.Reply{Text: `{"prose": "The formal statement th1.", "differences": []}`}
			}
			var hy lanes.HypothesesInput
			if lanestest.Document(c.User, &hy) != nil {
				return lanestest.Reply{Status: 400}
			}
			switch {
			case strings.Contains(hy.Statement, "broken"):
				return lanestest.Reply{Status: 500}
			case strings.Contains(hy.Statement, "finite"):
				return lanestest.Reply{Text: `{"hypotheses": [{"hypothesis": "finite", "needed": false, "evidence": "A group of order 2 is finite."}, {"hypothesis": "of order 2", "needed": true, "evidence": "The symmetric group on three letters is not abelian."}]}`}
			}
			return lanestest.Reply{Text: `{"hypotheses": []}`}
		})
		t.Cleanup(srv.Close)
		env := lanes.WithEnv(func(string) (string, bool) { return "sk-test", true })
		rt, err := lanes.NewRoundTrip(checkLaneConfig("check.round-trip", srv.URL), env)
		if err != nil {
			t.Fatal(err)
		}
		hy, err := lanes.NewHypotheses(checkLaneConfig("check.hypotheses", srv.URL), env)
		if err != nil {
			t.Fatal(err)
		}
		f := newFixture(t, dialectName, nil)
		f.svc = corpus.New(f.pol, corpus.WithCopies(clearCopies{}), corpus.WithFormalLibrary(lib), corpus.WithRoundTrip(rt),
			corpus.WithHypotheses(hy))
		bound := func(label, body string) corpus.Draft {
			return corpus.Draft{Kind: corpus.Theorem, Label: label, Title: "The theorem " + label, Body: body,
				Formal: &corpus.Formal{System: corpus.FormalMetamath, Database: "demo.mm", Label: "th1"}}
		}
		roundTrip := func(id string) bool {
			b, err := f.pol.Client().CorpusBinding.Query().Where(corpusbinding.NodeID(id)).Only(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return b.RoundTripPassed
		}

		res := f.open(t, person, bound("same", "The statement th1 of the demonstration database."))
		if g := gateOf(res, corpus.GateKernel); g == nil || g.Outcome != gates.OutcomePass || res.Request.State != corpus.StateMerged ||
			!roundTrip(res.Request.Nodes[0]) {
			t.Fatalf("same statement: %s, gate %+v; want MERGED with the round trip passed on the binding", res.Request.State, g)
		}
		res = f.open(t, person, bound("differs", "The statement th1 holds for a positive number."))
		g := gateOf(res, corpus.GateKernel)
		if g == nil || g.Outcome != gates.OutcomeNeedsHuman || !strings.Contains(findingText(g.Findings), "positive number; the formal") ||
			res.Request.State != corpus.StateMerged || roundTrip(res.Request.Nodes[0]) {
			t.Fatalf("a difference: %s, gate %+v; want NEEDS_HUMAN naming it, merged without a round trip", res.Request.State, g)
		}

		res = f.open(t, person, corpus.Draft{Kind: corpus.Theorem, Label: "abelian", Title: "Groups of order two",
			Body: "Every finite group of order 2 is abelian."})
		g = gateOf(res, corpus.GateHypotheses)
		txt := findingText(g.Findings)
		if g.Outcome != gates.OutcomeNeedsHuman || !strings.Contains(txt, `Remark: the hypothesis lane check.hypotheses`) ||
			!strings.Contains(txt, `needs "finite"`) || !strings.Contains(txt, "PASS hypotheses.needed") || res.Request.State != corpus.StateMerged {
			t.Fatalf("an unneeded hypothesis: %s, gate %+v; want a remark on finite, a pass on order 2, merged", res.Request.State, txt)
		}
		res = f.open(t, person, corpus.Draft{Kind: corpus.Theorem, Label: "broken", Title: "A broken lane",
			Body: "Every group of order 2 is broken into two cosets of the trivial subgroup."})
		if g := gateOf(res, corpus.GateHypotheses); g == nil || g.Outcome != gates.OutcomeNeedsHuman ||
			!strings.Contains(findingText(g.Findings), string(lanes.FailureServerError)) {
			t.Fatalf("a failing lane: gate %+v; want NEEDS_HUMAN naming the failure", g)
		}
	})
}
