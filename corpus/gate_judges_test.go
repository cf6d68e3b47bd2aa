package corpus_test

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/lanestest"
	"github.com/theoremdb/theoremdb/sanity"
	"github.com/theoremdb/theoremdb/shareddata"
	"github.com/theoremdb/theoremdb/tex"
)

// judgeSetProofs are the first n readable proofs of the Open Logic Project,
// the material the labelled set is built from.
func judgeSetProofs(t *testing.T, n int) []sanity.Proof {
	t.Helper()
	root := shareddata.Require(t, "corpus/openlogic/content")
	re := regexp.MustCompile(`(?s)\\begin\{proof\}(.*?)\\end\{proof\}`)
	var out []sanity.Proof
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tex") || len(out) >= n {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			s := strings.TrimSpace(m[1])
			if _, err := tex.Read(s); err == nil && len(s) >= 41 && len(out) < n {
				out = append(out, sanity.Proof{Source: "openlogic:" + p, Text: s})
			}
		}
		return nil
	})
	if len(out) < n {
		t.Fatalf("read %d proofs; want %d", len(out), n)
	}
	return out
}

// judgeBehaviour is how a stand-in judge answers: on an item of the
// labelled set, by the test's knowledge of which items are planted (the
// stand-in is the other end of the protocol, not a model), catching the
// share catch of wrong items, flagging the share flag of untouched ones and
// failing the share broken of calls (malformed answers, server errors and
// hangs in turn); on a corpus node, rejecting each step that holds one of
// rejects and hanging on a step that holds hang.
type judgeBehaviour struct {
	catch, flag, broken int // percentages
	rejects             []string
	hang                string
}

type judgeStandin struct {
	*lanestest.Server
	calls atomic.Int64 // calls on corpus nodes, not on the set
}

func newJudgeStandin(t *testing.T, set sanity.JudgeSet, b judgeBehaviour) *judgeStandin {
	t.Helper()
	wrong := map[string]bool{}
	for _, it := range set.Items {
		wrong[strings.Join(lanes.SplitSteps(it.Text), "\n")] = it.Wrong()
	}
	s := &judgeStandin{}
	s.Server = lanestest.New(func(c lanestest.Call) lanestest.Reply {
		var in lanes.JudgeInput
		if err := lanestest.Document(c.User, &in); err != nil {
			return lanestest.Reply{Status: 400}
		}
		n := len(in.Steps)
		if !strings.HasPrefix(in.Node, "item:") {
			s.calls.Add(1)
			var rej []int
			for i, st := range in.Steps {
				if b.hang != "" && strings.Contains(st, b.hang) {
					return lanestest.Reply{Hang: true}
				}
				for _, r := range b.rejects {
					if strings.Contains(st, r) {
						rej = append(rej, i+1)
					}
				}
			}
			return lanestest.Reply{Text: lanestest.JudgeAnswer(n, rej...)}
		}
		key := strings.Join(in.Steps, "\n")
		h := fnv.New32a()
		h.Write([]byte(key))
		pct := int(h.Sum32() % 100)
		h.Write([]byte("failure"))
		if f := int(h.Sum32() % 100); f < b.broken {
			switch f % 3 {
			case 0:
				return lanestest.Reply{Text: `{"steps": [`}
			case 1:
				return lanestest.Reply{Status: 503}
			default:
				return lanestest.Reply{Hang: true}
			}
		}
		if isWrong, known := wrong[key]; known && (isWrong && pct < b.catch || !isWrong && pct < b.flag) {
			return lanestest.Reply{Text: lanestest.JudgeAnswer(n, 1+pct%n)}
		}
		return lanestest.Reply{Text: lanestest.JudgeAnswer(n)}
	})
	t.Cleanup(s.Close)
	return s
}

func newTestJudge(t *testing.T, identity string, proto lanes.Provider, url string) *lanes.Judge {
	t.Helper()
	model := "gpt-4.1-2025-04-14"
	if proto == lanes.Anthropic {
		model = "claude-sonnet-4-5-20250929"
	}
	j, err := lanes.NewJudge(lanes.Config{Identity: identity, Provider: proto, BaseURL: url, Model: model, ModelVersion: model,
		PromptVersion: "v1", Timeout: 400 * time.Millisecond, MaxAttempts: 2, Backoff: time.Millisecond, MaxBackoff: time.Millisecond},
		lanes.WithEnv(func(string) (string, bool) { return "sk-test", true }))
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// TestJudgeQualificationAndGate measures three judge lanes on the labelled
// set through a stand-in provider with malformed, slow and failing answers
// among its replies — one that reads well, one that misses half the wrong
// steps, one that fails too often — and shows that only a lane measured at
// 75% or more judges; then the merge gate passes a node every qualified
// judge follows, fails one every judge rejects, and sends a disagreement
// or a judge that does not answer to a person without a further call.
func TestJudgeQualificationAndGate(t *testing.T) {
	set := sanity.BuildJudgeSet(judgeSetProofs(t, 60), 2026)
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		sharp := newJudgeStandin(t, set, judgeBehaviour{catch: 95, flag: 5, broken: 3, rejects: []string{"wrongly"}})
		second := newJudgeStandin(t, set, judgeBehaviour{catch: 90, flag: 10, rejects: []string{"wrongly", "dubious"}, hang: "slowly"})
		lax := newJudgeStandin(t, set, judgeBehaviour{catch: 50, rejects: []string{"wrongly"}})
		flaky := newJudgeStandin(t, set, judgeBehaviour{catch: 100, broken: 45})
		js := []*lanes.Judge{newTestJudge(t, "judge.sharp", lanes.OpenAI, sharp.URL),
			newTestJudge(t, "judge.second", lanes.Anthropic, second.URL),
			newTestJudge(t, "judge.lax", lanes.OpenAI, lax.URL), newTestJudge(t, "judge.flaky", lanes.Anthropic, flaky.URL)}
		f := newFixture(t, dialectName, clearCopies{})
		svc := corpus.New(f.pol, corpus.WithCopies(clearCopies{}), corpus.WithJudges(js...))
		f.svc = svc

		// Before any measurement no judge may judge: the gate reads nothing.
		res := f.open(t, person, theorem("before"))
		if fs := findingsOf(res, corpus.GateJudges); len(fs) != 1 || fs[0].Check != "judges.applies" || sharp.calls.Load() != 0 {
			t.Fatalf("unmeasured judges: findings %+v, calls %d; want none called", fs, sharp.calls.Load())
		}

		want := map[string]bool{"judge.sharp": true, "judge.second": true, "judge.lax": false, "judge.flaky": false}
		for _, j := range js {
			m, err := svc.MeasureJudge(ctx, "acc_operator", j, set)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: caught %d/%d = %.1f%% (%.1f%%–%.1f%%), flagged %d/%d, no verdict %d", m.Identity, m.Caught, m.Wrong,
				100*m.Rate(), 100*m.Low, 100*m.High, m.Flagged, m.Clean, m.Failed)
			if m.Qualified != want[m.Identity] || m.Qualified != (m.Rate() >= sanity.JudgeBar) {
				t.Errorf("%s qualified = %v at %.2f; want %v", m.Identity, m.Qualified, m.Rate(), want[m.Identity])
			}
			if m.Set != sanity.JudgeSetVersion || m.Digest != set.Digest || m.ModelVersion == "" || m.Wrong == 0 || m.Clean == 0 ||
				m.Low > m.Rate() || m.High < m.Rate() {
				t.Errorf("measure = %+v; want the set, its digest, the model version and an interval around the rate", m)
			}
		}
		ms, err := svc.JudgeMeasures(ctx)
		if err != nil || len(ms) != 4 {
			t.Fatalf("JudgeMeasures = %d, %v; want 4", len(ms), err)
		}

		base := map[string]int64{"sharp": sharp.calls.Load(), "second": second.calls.Load(), "lax": lax.calls.Load(), "flaky": flaky.calls.Load()}
		// Both qualified judges follow the node: the gate passes it, and
		// each verdict is recorded with its model version.
		res = f.open(t, person, theorem("unique"), proofDraft("unique-proof", "unique", "If $e$ and $f$ are identities then $e = ef = f$."))
		if g := gateOf(res, corpus.GateJudges); g == nil || g.Outcome != gates.OutcomePass || res.Request.State != corpus.StateMerged {
			t.Fatalf("followed: %s, gate %+v; want MERGED with MODEL_JUDGES passing", res.Request.State, g)
		}
		if lax.calls.Load() != base["lax"] || flaky.calls.Load() != base["flaky"] {
			t.Error("an unqualified judge was asked to judge")
		}
		evs, err := f.pol.Client().Event.Query().Where(event.KindEQ(corpus.KindJudgeVerdict), event.Subject(res.Request.ID)).All(ctx)
		if err != nil || len(evs) != 4 { // two judges, two drafts
			t.Fatalf("verdict events = %d, %v; want 4", len(evs), err)
		}
		for _, e := range evs {
			var p map[string]any
			if json.Unmarshal([]byte(e.Payload), &p) != nil || p["modelVersion"] == "" || p["verdict"] != "FOLLOWED" || p["promptDigest"] == "" {
				t.Errorf("verdict event %s; want the model version, the prompt digest and FOLLOWED", e.Payload)
			}
		}

		// Every judge rejects a step: the request fails at the gate, naming it.
		res = f.open(t, person, proofDraft("bad-proof", "unique", "Let $e$ be an identity. Then $e$ is wrongly assumed to be $f$."))
		if res.Request.State != corpus.StateFailed || res.Request.FailedGate != corpus.GateJudges {
			t.Fatalf("rejected: %s at %s; want FAILED at MODEL_JUDGES", res.Request.State, res.Request.FailedGate)
		}
		if fs := lastFindings(res); !strings.Contains(findingText(fs), "step 2") {
			t.Errorf("findings %s; want the rejected step named", findingText(fs))
		}

		// The judges disagree: a person decides; each judge was asked once.
		s0, s1 := sharp.calls.Load(), second.calls.Load()
		res = f.open(t, person, proofDraft("odd-proof", "unique", "Let $e$ be an identity. A dubious step shows $e = f$."))
		g := gateOf(res, corpus.GateJudges)
		if g == nil || g.Outcome != gates.OutcomeNeedsHuman || sharp.calls.Load() != s0+1 || second.calls.Load() != s1+1 {
			t.Fatalf("disagreement: gate %+v, calls %d and %d; want NEEDS_HUMAN after one call each", g, sharp.calls.Load()-s0,
				second.calls.Load()-s1)
		}
		tasks, err := svc.Tasks(ctx, 10)
		if err != nil || len(tasks) != 1 || tasks[0].Kind != corpus.TaskJudges || tasks[0].Subject != res.Request.ID {
			t.Fatalf("tasks = %+v, %v; want one judges' disagreement on %s", tasks, err, res.Request.ID)
		}

		// A judge that does not answer in time never passes: a person decides.
		res = f.open(t, person, proofDraft("slow-proof", "unique", "Let $e$ be an identity. We slowly see that $e = f$."))
		g = gateOf(res, corpus.GateJudges)
		if g == nil || g.Outcome != gates.OutcomeNeedsHuman || !strings.Contains(findingText(g.Findings), string(lanes.FailureTimeout)) {
			t.Fatalf("no answer: gate %+v; want NEEDS_HUMAN naming the timeout", g)
		}
	})
}

func proofDraft(label, proves, body string) corpus.Draft {
	return corpus.Draft{Kind: corpus.Proof, Label: label, Title: "Proof " + label, Proves: proves, Body: body}
}

func gateOf(res *corpus.Result, gate string) *corpus.GateResult {
	for i, g := range res.Request.Gates {
		if g.Gate == gate {
			return &res.Request.Gates[i]
		}
	}
	return nil
}

func findingText(fs []corpus.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(string(f.Verdict) + " " + f.Check + ": " + f.Behaviour + "\n")
	}
	return b.String()
}
