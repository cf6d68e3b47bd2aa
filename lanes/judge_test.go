package lanes_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/lanestest"
)

func judgeInput() lanes.JudgeInput {
	proof := "Let $n$ be even, so $n = 2k$ for some integer $k$. Then $n^2 = 4k^2$. Hence $n^2$ is divisible by $4$."
	return lanes.JudgeInput{Node: "N-12", Kind: "PROOF", Title: "Squares of even numbers",
		Statement: "If $n$ is even, then $4 \\mid n^2$.", Steps: lanes.SplitSteps(proof),
		Linked:  []lanes.JudgeLinked{{Node: "N-3", Kind: "DEFINITION", Title: "Even", Statement: "$n$ is even when $n = 2k$."}},
		Sources: []string{"openlogic:content/number/even.tex"}}
}

func newJudge(t *testing.T, proto lanes.Provider, url string) *lanes.Judge {
	t.Helper()
	cfg := laneConfig(proto, url)
	cfg.Identity, cfg.PromptVersion, cfg.Timeout = "judge."+string(proto), "v1", 300*time.Millisecond
	j, err := lanes.NewJudge(cfg, lanes.WithEnv(keyEnv(cfg.Identity)), lanes.WithSleep((&waits{}).sleep),
		lanes.WithJitter(func() float64 { return 0.5 }))
	if err != nil {
		t.Fatalf("NewJudge = %v", err)
	}
	return j
}

func TestSplitSteps(t *testing.T) {
	t.Parallel()
	got := lanes.SplitSteps("Let $x = 1.5$ be given. Then $\\[ y \\le 2. \\]$ holds? Yes.\n\nA new paragraph")
	want := []string{"Let $x = 1.5$ be given.", "Then $\\[ y \\le 2. \\]$ holds?", "Yes.", "A new paragraph"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("SplitSteps = %q; want %q", got, want)
	}
}

// TestJudgeAnswers runs a judge on both APIs against a stand-in provider that answers well,
// badly, slowly and not at all: only a well-formed answer that follows every step passes, and
// every failure is recorded with its class and the model version.
func TestJudgeAnswers(t *testing.T) {
	t.Parallel()
	in := judgeInput()
	n := len(in.Steps)
	if n != 3 {
		t.Fatalf("steps = %q; want 3", in.Steps)
	}
	cases := []struct {
		name    string
		reply   lanestest.Reply
		pass    bool
		reject  []int
		failure lanes.Failure
	}{
		{"follows every step", lanestest.Reply{Text: lanestest.JudgeAnswer(n)}, true, nil, ""},
		{"rejects step 2", lanestest.Reply{Text: lanestest.JudgeAnswer(n, 2)}, false, []int{2}, ""},
		{"malformed JSON", lanestest.Reply{Text: `{"steps": [{"step": 1, "follows": true,`}, false, nil, lanes.FailureMalformedJSON},
		{"prose around", lanestest.Reply{Text: "Here is my verdict: " + lanestest.JudgeAnswer(n)}, false, nil, lanes.FailureProse},
		{"too few steps", lanestest.Reply{Text: lanestest.JudgeAnswer(n - 1)}, false, nil, lanes.FailureMissingCheck},
		{"too many steps", lanestest.Reply{Text: lanestest.JudgeAnswer(n + 1)}, false, nil, lanes.FailureUnknownCheck},
		{"unknown field", lanestest.Reply{Text: `{"steps": [], "verdict": "pass"}`}, false, nil, lanes.FailureUnknownField},
		{"step as string", lanestest.Reply{Text: strings.Replace(lanestest.JudgeAnswer(n), `"step":1`, `"step":"1"`, 1)}, false, nil, lanes.FailureWrongType},
		{"steps out of order", lanestest.Reply{Text: strings.Replace(lanestest.JudgeAnswer(n), `"step":1`, `"step":2`, 1)}, false, nil, lanes.FailureInvalidValue},
		{"server error", lanestest.Reply{Status: 500}, false, nil, lanes.FailureServerError},
		{"rate limited", lanestest.Reply{Status: 429, Header: map[string]string{"Retry-After": "0"}}, false, nil, lanes.FailureRateLimited},
		{"too slow", lanestest.Reply{Hang: true}, false, nil, lanes.FailureTimeout},
		{"broken envelope", lanestest.Reply{Raw: `{"id": 7`}, false, nil, lanes.FailureProtocol},
	}
	for _, proto := range []lanes.Provider{lanes.OpenAI, lanes.Anthropic} {
		for _, c := range cases {
			t.Run(string(proto)+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				srv := lanestest.New(func(lanestest.Call) lanestest.Reply { return c.reply })
				t.Cleanup(srv.Close)
				j := newJudge(t, proto, srv.URL)
				v, err := j.Judge(context.Background(), in)
				if v == nil || v.Result == nil {
					t.Fatalf("Judge returned no verdict (err %v)", err)
				}
				if v.Passed() != c.pass {
					t.Errorf("Passed = %v; want %v (err %v)", v.Passed(), c.pass, err)
				}
				if got := v.Result.Failure; got != c.failure {
					t.Errorf("Failure = %q; want %q (%s)", got, c.failure, v.Result.Detail)
				}
				if (err != nil) != (c.failure != "") {
					t.Errorf("err = %v; want one only with a failure", err)
				}
				var got []int
				for _, s := range v.Rejected() {
					got = append(got, s.Step)
				}
				if !slices.Equal(got, c.reject) {
					t.Errorf("rejected = %v; want %v", got, c.reject)
				}
				r := v.Result
				if r.Role != lanes.JudgeRole || r.ModelVersion == "" || r.PromptVersion != "v1" || r.PromptDigest == "" ||
					r.InputDigest != in.Digest() {
					t.Errorf("result = %+v; want the judge's role, model version, prompt and input digest", r)
				}
			})
		}
	}
}

// TestJudgeReadsOnlyTheNode checks what the judge is sent: its prompt, and the node's steps,
// linked nodes and sources between the node markers, asking to prove or disprove.
func TestJudgeReadsOnlyTheNode(t *testing.T) {
	t.Parallel()
	srv := lanestest.New(func(c lanestest.Call) lanestest.Reply { return lanestest.Reply{Text: lanestest.JudgeAnswer(3)} })
	t.Cleanup(srv.Close)
	j := newJudge(t, lanes.OpenAI, srv.URL)
	if _, err := j.Judge(context.Background(), judgeInput()); err != nil {
		t.Fatal(err)
	}
	calls := srv.Calls()
	if len(calls) != 1 {
		t.Fatalf("calls = %d; want 1", len(calls))
	}
	if calls[0].System != lanes.LatestJudgePrompt().Text || !strings.Contains(calls[0].System, "what is false in it") {
		t.Errorf("system message is not the judge prompt")
	}
	var got lanes.JudgeInput
	if err := lanestest.Document(calls[0].User, &got); err != nil {
		t.Fatal(err)
	}
	if got.Digest() != judgeInput().Digest() {
		t.Errorf("the document sent = %+v; want the input", got)
	}
}

func TestJudgeRefusesToCall(t *testing.T) {
	t.Parallel()
	srv := lanestest.New(func(lanestest.Call) lanestest.Reply { return lanestest.Reply{Text: lanestest.JudgeAnswer(1)} })
	t.Cleanup(srv.Close)
	cfg := laneConfig(lanes.OpenAI, srv.URL)
	cfg.Identity, cfg.PromptVersion = "judge.x", "v9"
	if _, err := lanes.NewJudge(cfg); err == nil {
		t.Error("NewJudge with no such judge prompt = nil error")
	}
	cfg.PromptVersion, cfg.Provider = "v1", lanes.Baseline
	if _, err := lanes.NewJudge(cfg); err == nil {
		t.Error("a baseline judge = nil error")
	}
	j := newJudge(t, lanes.OpenAI, srv.URL)
	in := judgeInput()
	in.Steps = nil
	if v, err := j.Judge(context.Background(), in); err == nil || v.Passed() {
		t.Error("a node with no steps passed")
	}
	cfg = laneConfig(lanes.OpenAI, srv.URL)
	cfg.Identity, cfg.PromptVersion = "judge.nokey", "v1"
	nokey, err := lanes.NewJudge(cfg, lanes.WithEnv(func(string) (string, bool) { return "", false }))
	if err != nil {
		t.Fatal(err)
	}
	v, err := nokey.Judge(context.Background(), judgeInput())
	var le *lanes.Error
	if !errors.As(err, &le) || v.Result.Failure != lanes.FailureMissingKey || len(srv.Calls()) != 0 {
		t.Errorf("no key: err %v, failure %q, calls %d; want MISSING_KEY and no call", err, v.Result.Failure, len(srv.Calls()))
	}
}
