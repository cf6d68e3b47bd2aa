package corpus_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/sanity"
)

// boundProofs are proofs the labelled set plants wrong steps in (each
// holds an inequality to reverse).
func boundProofs(n int) []sanity.Proof {
	out := make([]sanity.Proof, n)
	for i := range out {
		out[i] = sanity.Proof{Source: fmt.Sprintf("N-%d", i+1), Text: fmt.Sprintf("Since $A$ is finite, $|A| = %d$. "+
			"Because $%d < %d$, we have $|A| \\le %d$ as claimed.", i+2, i+2, i+3, i+3)}
	}
	return out
}

// TestJudgeMeasuresNewestDecides: a measurement scores a judge on the
// labelled set and records an event naming the lane, the set and the
// counts; a judge that catches every planted step qualifies and one that
// catches none does not; JudgeMeasures lists the newest measurement of
// each lane, newest first, so that a lane measured again stands on its
// new score; and the merge gate calls a judge only while its newest
// measurement qualifies.
func TestJudgeMeasuresNewestDecides(t *testing.T) {
	t.Parallel()
	set := sanity.BuildJudgeSet(boundProofs(8), 7)
	wrong, clean := 0, 0
	for _, it := range set.Items {
		if it.Wrong() {
			wrong++
		} else {
			clean++
		}
	}
	if wrong == 0 || clean != 8 {
		t.Fatalf("the set holds %d wrong and %d clean items; want some wrong and the 8 proofs", wrong, clean)
	}
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		sharp := newJudgeStandin(t, set, judgeBehaviour{catch: 100, rejects: []string{"wrongly"}})
		blind := newJudgeStandin(t, set, judgeBehaviour{})
		judge := newTestJudge(t, "judge.bound", lanes.OpenAI, sharp.URL)
		f := newFixture(t, dialectName, clearCopies{})
		svc := corpus.New(f.pol, corpus.WithCopies(clearCopies{}), corpus.WithJudges(judge))
		f.svc = svc

		if ms, err := svc.JudgeMeasures(ctx); err != nil || len(ms) != 0 {
			t.Fatalf("JudgeMeasures before any = %+v, %v; want none", ms, err)
		}
		m, err := svc.MeasureJudge(ctx, "acc_operator", judge, set)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Qualified || m.Wrong != wrong || m.Caught != wrong || m.Clean != clean || m.Flagged != 0 || m.Failed != 0 ||
			m.Rate() != 1 || m.FlagRate() != 0 || m.High != 1 || m.Low <= 0 || m.Low >= 1 || m.Identity != "judge.bound" ||
			m.Set != sanity.JudgeSetVersion || m.Digest != set.Digest || m.PromptVersion != "v1" || m.PromptDigest == "" {
			t.Fatalf("MeasureJudge(sharp) = %+v; want every one of %d wrong steps caught, none of %d clean flagged, qualified", m, wrong, clean)
		}
		evs, err := f.pol.Client().Event.Query().Where(event.KindEQ(corpus.KindJudgeMeasured)).All(ctx)
		if err != nil || len(evs) != 1 || evs[0].Subject != "judge:judge.bound" || evs[0].Actor != "acc_operator" {
			t.Fatalf("measurement events = %+v, %v; want one by acc_operator on judge:judge.bound", evs, err)
		}
		var p map[string]any
		if err := json.Unmarshal([]byte(evs[0].Payload), &p); err != nil || p["caught"] != float64(wrong) ||
			p["qualified"] != true || p["digest"] != set.Digest {
			t.Errorf("measurement payload = %s, %v; want the counts, the digest and the verdict", evs[0].Payload, err)
		}

		// Qualified, the judge reads a proof at the merge gate and follows it.
		before := sharp.calls.Load()
		res := f.open(t, person, theorem("unique"), proofDraft("unique-proof", "unique", "If $e$ and $f$ are identities then $e = ef = f$."))
		if g := gateOf(res, corpus.GateJudges); g == nil || sharp.calls.Load() == before || res.Request.State != corpus.StateMerged {
			t.Fatalf("qualified judge: %s, gate %+v, calls %d; want it called and MERGED", res.Request.State, g, sharp.calls.Load()-before)
		}

		// The same lane (identity, model version and prompt) measured again,
		// now answering as a judge that catches nothing: it no longer qualifies.
		again := newTestJudge(t, "judge.bound", lanes.OpenAI, blind.URL)
		m2, err := svc.MeasureJudge(ctx, "acc_operator", again, set)
		if err != nil || m2.Qualified || m2.Caught != 0 || m2.Rate() != 0 || m2.Low != 0 {
			t.Fatalf("MeasureJudge(blind) = %+v, %v; want nothing caught, not qualified", m2, err)
		}
		other := newTestJudge(t, "judge.other", lanes.OpenAI, sharp.URL)
		if _, err := svc.MeasureJudge(ctx, "acc_operator", other, set); err != nil {
			t.Fatal(err)
		}
		ms, err := svc.JudgeMeasures(ctx)
		if err != nil || len(ms) != 2 || ms[0].Identity != "judge.other" || !ms[0].Qualified ||
			ms[1].Identity != "judge.bound" || ms[1].Qualified || ms[1].At.IsZero() {
			t.Fatalf("JudgeMeasures = %+v, %v; want judge.other (qualified), then judge.bound's newest (not)", ms, err)
		}
		before = sharp.calls.Load()
		res = f.open(t, person, proofDraft("unique-proof-2", "unique", "Let $e$ and $f$ be identities; then $e = ef = f$."))
		if fs := findingsOf(res, corpus.GateJudges); len(fs) != 1 || fs[0].Check != "judges.applies" || sharp.calls.Load() != before {
			t.Errorf("judge measured out: findings %+v, calls %d; want none called", fs, sharp.calls.Load()-before)
		}
	})
}

// A measurement cut short by its context records nothing: a judge that
// could not be asked is not measured.
func TestMeasureJudgeCancelled(t *testing.T) {
	t.Parallel()
	set := sanity.BuildJudgeSet(boundProofs(3), 7)
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		sharp := newJudgeStandin(t, set, judgeBehaviour{catch: 100})
		judge := newTestJudge(t, "judge.bound", lanes.OpenAI, sharp.URL)
		f := newFixture(t, dialectName, clearCopies{})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := f.svc.MeasureJudge(ctx, "acc_operator", judge, set); err != context.Canceled {
			t.Errorf("MeasureJudge(cancelled) = %v; want context.Canceled", err)
		}
		if n, err := f.pol.Client().Event.Query().Where(event.KindEQ(corpus.KindJudgeMeasured)).Count(context.Background()); err != nil || n != 0 {
			t.Errorf("%d measurement events, %v; want none", n, err)
		}
	})
}
