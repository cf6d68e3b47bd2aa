package main

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/lanestest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/workers"
)

// importProofs merges n imported theorems with their proofs, the material the labelled set is
// built from.
func importProofs(t *testing.T, cs *corpus.Service, n int) {
	t.Helper()
	importer := corpus.Writer{Kind: corpus.WriterImporter, ID: "openlogic", Layer: "import"}
	for i := range n {
		a, b := i+2, i+3
		res, err := cs.Open(context.Background(), corpus.Request{Writer: importer, Drafts: []corpus.Draft{
			{Kind: corpus.Theorem, Label: fmt.Sprintf("bound-%d", i), Title: fmt.Sprintf("A bound %d", i),
				Body: fmt.Sprintf("For every finite set $A$ with $%d$ elements, $|A| \\le %d$.", a, b)},
			{Kind: corpus.Proof, Label: fmt.Sprintf("bound-%d-proof", i), Title: fmt.Sprintf("Proof of bound %d", i),
				Proves: fmt.Sprintf("bound-%d", i),
				Body: fmt.Sprintf("Since $A$ is finite, $|A| = %d$. In case $|A| > %d$ the claim is void. Because $%d < %d$, we have $|A| \\le %d$ as claimed.",
					a, b, a, b, b)}}})
		if err != nil || res.Request.State != corpus.StateMerged {
			t.Fatalf("import %d: %v %+v", i, err, res)
		}
	}
}

// judgeProvider is a stand-in provider for a judge lane, speaking the chat-completions API. On
// an item of the labelled set it answers by the test's knowledge of which items are planted (it
// is the other end of the protocol, not a model): reads rejects a planted item's first step,
// and among its answers are malformed ones, slow ones and a server error retried; a lax one
// follows everything. On a corpus node it rejects each step that holds "wrongly".
type judgeProvider struct {
	*lanestest.Server
	nodeCalls atomic.Int64
	mu        sync.Mutex
	failedYet map[string]bool
}

func newJudgeProvider(t *testing.T, wrong map[string]bool, lax bool) *judgeProvider {
	p := &judgeProvider{failedYet: map[string]bool{}}
	p.Server = lanestest.New(func(c lanestest.Call) lanestest.Reply {
		var in lanes.JudgeInput
		if err := lanestest.Document(c.User, &in); err != nil {
			return lanestest.Reply{Status: 400}
		}
		n := len(in.Steps)
		if !strings.HasPrefix(in.Node, "item:") {
			p.nodeCalls.Add(1)
			var rej []int
			for i, s := range in.Steps {
				if strings.Contains(s, "wrongly") {
					rej = append(rej, i+1)
				}
			}
			return lanestest.Reply{Text: lanestest.JudgeAnswer(n, rej...)}
		}
		key := strings.Join(in.Steps, "\n")
		if lax {
			return lanestest.Reply{Text: lanestest.JudgeAnswer(n)}
		}
		h := fnv.New32a()
		h.Write([]byte(key))
		rep := lanestest.Reply{Text: lanestest.JudgeAnswer(n)}
		if wrong[key] {
			rep.Text = lanestest.JudgeAnswer(n, 1)
		}
		switch h.Sum32() % 10 {
		case 0: // malformed: the JSON stops
			return lanestest.Reply{Text: `{"steps": [{"step": 1, "follows": tr`}
		case 1: // prose around the answer
			return lanestest.Reply{Text: "Here is my reading: " + rep.Text}
		case 2: // slow, but within the lane's time
			rep.Delay = 300 * time.Millisecond
		case 3: // a server error once, then the answer on the retry
			p.mu.Lock()
			first := !p.failedYet[key]
			p.failedYet[key] = true
			p.mu.Unlock()
			if first {
				return lanestest.Reply{Status: 503}
			}
		}
		return rep
	})
	t.Cleanup(p.Close)
	return p
}

// TestLaneConfiguredQualifiedAndJudging is the judge lane's life from the command line: an
// operator registers two judge lanes with `admin lane add --role judge`, each speaking the
// chat-completions API of a stand-in provider, their keys in THEOREMDB_LANE_KEY_<IDENTITY>;
// `admin lane qualify` measures each on the labelled set built from the imported corpus — one
// qualifies despite malformed, slow and failing answers, the lax one does not and the command
// says so and fails — and the workers of `theoremdb work` then run merge gate 8 with the
// qualified lane only: a proof it follows merges, one with a step it cannot follow fails at
// MODEL_JUDGES, each verdict recorded with the lane's model version.
func TestLaneConfiguredQualifiedAndJudging(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		t.Setenv("DATABASE_URL", url)
		t.Setenv("THEOREMDB_LOG_LEVEL", "error")
		t.Setenv("THEOREMDB_CORPUS", t.TempDir())
		t.Setenv("THEOREMDB_LANE_KEY_JUDGE_READS", "sk-reads")
		t.Setenv("THEOREMDB_LANE_KEY_JUDGE_LAX", "sk-lax")
		if _, errs, err := admin(ctx, "", "account", "create", "--handle", "olga", "--role", "operator"); err != nil {
			t.Fatalf("account create: %v\n%s", err, errs)
		}
		svc := policyOn(t, url)
		cs := corpus.New(svc)
		importProofs(t, cs, 24)
		set, err := cs.CorpusJudgeSet(ctx, corpus.JudgeSetSeed)
		if err != nil {
			t.Fatal(err)
		}
		wrong := map[string]bool{}
		for _, it := range set.Items {
			wrong[strings.Join(lanes.SplitSteps(it.Text), "\n")] = it.Wrong()
		}
		reads, lax := newJudgeProvider(t, wrong, false), newJudgeProvider(t, wrong, true)

		for _, l := range []struct{ id, url string }{{"judge.reads", reads.URL + "/v1"}, {"judge.lax", lax.URL}} {
			out, errs, err := admin(ctx, "", "lane", "add", "--role", "judge", "--provider", "openai", "--base-url", l.url,
				"--model", "m-2026", "--model-version", "m-2026-01", "--identity", l.id, "--as", "olga")
			if err != nil || !strings.Contains(out, "registered lane") {
				t.Fatalf("lane add %s: %v\n%s%s", l.id, err, out, errs)
			}
		}
		// The baseline reads nothing and cannot judge.
		if _, _, err := admin(ctx, "", "lane", "add", "--role", "judge", "--provider", "baseline", "--identity", "judge.none"); err == nil {
			t.Error("a baseline judge lane was registered")
		}

		out, errs, err := admin(ctx, "", "lane", "qualify", "judge.reads", "--as", "olga")
		if err != nil {
			t.Fatalf("lane qualify judge.reads: %v\n%s%s", err, out, errs)
		}
		t.Logf("qualify judge.reads:\n%s", out)
		m := regexp.MustCompile(`rejected (\d+) of (\d+) planted wrong steps: ([\d.]+)% \(Wilson 95%: ([\d.]+)%–([\d.]+)%\)`).FindStringSubmatch(out)
		if m == nil || !strings.Contains(out, "qualified: the lane may judge") || !strings.Contains(out, "no verdict on") ||
			!strings.Contains(out, set.Version) || m[1] == m[2] {
			t.Errorf("qualify printed %q; want the rate with its Wilson interval, the calls without a verdict, the set, and qualified", out)
		}
		out, _, err = admin(ctx, "", "lane", "qualify", "judge.lax")
		if err == nil || !strings.Contains(err.Error(), "did not qualify") || !strings.Contains(out, "rejected 0 of") {
			t.Errorf("qualify judge.lax: %v\n%s; want 0 caught, not qualified, and an error", err, out)
		}
		if _, _, err := admin(ctx, "", "lane", "qualify", "judge.nobody"); err == nil {
			t.Error("qualify of an unknown lane succeeded")
		}
		ms, err := cs.JudgeMeasures(ctx)
		if err != nil || len(ms) != 2 {
			t.Fatalf("measurements = %d, %v; want 2, as /admin/lanes shows them", len(ms), err)
		}
		for _, id := range []string{"judge.reads", "judge.lax"} {
			if _, errs, err := admin(ctx, "", "lane", "approve", id, "--as", "olga"); err != nil {
				t.Fatalf("approve %s: %v\n%s", id, err, errs)
			}
		}
		// A judge lane is not the panel's: the forecast of the review gate does not count it.
		olga, err := svc.AccountByHandle(ctx, "olga")
		if err != nil {
			t.Fatal(err)
		}
		fc, err := svc.ForecastLanes(ctx, olga)
		if err != nil || len(fc.Gold) != 0 {
			t.Errorf("forecast = %+v, %v; want no lane of the panel", fc, err)
		}

		// The workers, as `theoremdb work` runs them.
		workCtx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- run(workCtx, []string{"work"}, io.Discard, io.Discard) }()
		t.Cleanup(func() {
			stop()
			if err := <-done; err != nil {
				t.Errorf("work: %v", err)
			}
		})
		qdb, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { qdb.Close() })
		qpol := policy.New(qdb, policy.Config{})
		queue, err := workers.New(qdb, qpol, slog.New(slog.DiscardHandler), workers.Config{})
		if err != nil {
			t.Fatal(err)
		}
		writer := corpus.Writer{Kind: corpus.WriterPerson, ID: "acc_writer"}
		qcs := corpus.New(qpol, corpus.WithQueue(queue))
		settle := func(drafts ...corpus.Draft) *corpus.ChangeRequestView {
			t.Helper()
			res, err := qcs.Open(ctx, corpus.Request{Writer: writer, Drafts: drafts})
			if err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(90 * time.Second)
			for {
				v, err := qcs.ChangeRequest(ctx, res.Request.ID)
				if err != nil {
					t.Fatal(err)
				}
				if v.State != corpus.StatePending {
					return v
				}
				if time.Now().After(deadline) {
					t.Fatalf("change request %s still PENDING", v.ID)
				}
				time.Sleep(100 * time.Millisecond)
			}
		}
		thm := corpus.Draft{Kind: corpus.Theorem, Label: "unique", Title: "Identity unique", Body: "The identity element of a group is unique."}
		good := settle(thm, corpus.Draft{Kind: corpus.Proof, Label: "unique-proof", Title: "Proof", Proves: "unique",
			Body: "If $e$ and $f$ are identities then $e = ef = f$."})
		if good.State != corpus.StateMerged || gateOutcome(good, corpus.GateJudges) != gates.OutcomePass {
			t.Errorf("followed: %s at %q, MODEL_JUDGES %s; want MERGED with the gate passing", good.State, good.FailedGate,
				gateOutcome(good, corpus.GateJudges))
		}
		bad := settle(corpus.Draft{Kind: corpus.Proof, Label: "bad-proof", Title: "Proof", Proves: "unique",
			Body: "Let $e$ be an identity. Then $e$ is wrongly assumed to be $f$."})
		if bad.State != corpus.StateFailed || bad.FailedGate != corpus.GateJudges {
			t.Errorf("rejected: %s at %q; want FAILED at MODEL_JUDGES", bad.State, bad.FailedGate)
		}
		if reads.nodeCalls.Load() != 3 || lax.nodeCalls.Load() != 0 {
			t.Errorf("node calls: qualified %d, unqualified %d; want 3 and none", reads.nodeCalls.Load(), lax.nodeCalls.Load())
		}
		evs, err := svc.Client().Event.Query().Where(event.KindEQ(corpus.KindJudgeVerdict)).All(ctx)
		if err != nil || len(evs) != 3 {
			t.Fatalf("verdict events = %d, %v; want 3", len(evs), err)
		}
		for _, e := range evs {
			var p map[string]any
			if json.Unmarshal([]byte(e.Payload), &p) != nil || p["judge"] != "judge.reads" || p["modelVersion"] != "m-2026-01" {
				t.Errorf("verdict %s; want judge.reads with its model version", e.Payload)
			}
		}
	})
}

func gateOutcome(v *corpus.ChangeRequestView, name string) gates.Outcome {
	for _, g := range v.Gates {
		if g.Gate == name {
			return g.Outcome
		}
	}
	return ""
}
