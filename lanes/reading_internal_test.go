package lanes

import (
	"errors"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/gates"
)

// TestGateOutcomeOf: a lane reads what a gate found to be wrong or doubtful, never its passes,
// and a gate that could not finish says why as a finding of its own.
func TestGateOutcomeOf(t *testing.T) {
	t.Parallel()
	res := gates.Result{Gate: gates.Hero, Version: "3", Outcome: gates.OutcomeNeedsHuman, Findings: []gates.Finding{
		{Check: "hero.alt", Verdict: gates.Pass, Span: gates.Span{Field: "hero.alt", Quote: "fine"}, Behaviour: "ok"},
		{Check: "hero.caption", Verdict: gates.NeedsHuman, Span: gates.Span{Field: "hero.caption", Quote: "above 0.37", Start: 3, End: 13},
			Behaviour: "states a bound", Fix: "Say what the picture shows.", Criterion: "not read by a lane"},
		{Check: "hero.brief", Verdict: gates.Fail, Span: gates.Span{Field: "hero.brief"}, Behaviour: "empty"},
		{Check: "hero.alt", Verdict: gates.Unknown, Behaviour: "could not tell"},
	}}
	got := GateOutcomeOf(res)
	if got.Gate != gates.Hero || got.Version != "3" || got.Outcome != gates.OutcomeNeedsHuman {
		t.Errorf("GateOutcomeOf = %s %s %s; want the gate's name, version and outcome", got.Gate, got.Version, got.Outcome)
	}
	want := []GateFinding{
		{Check: "hero.caption", Verdict: gates.NeedsHuman, Field: "hero.caption", Quote: "above 0.37", Behaviour: "states a bound", Fix: "Say what the picture shows."},
		{Check: "hero.brief", Verdict: gates.Fail, Field: "hero.brief", Behaviour: "empty"},
		{Check: "hero.alt", Verdict: gates.Unknown, Behaviour: "could not tell"},
	}
	if len(got.Findings) != len(want) {
		t.Fatalf("GateOutcomeOf findings = %+v; want %+v", got.Findings, want)
	}
	for i := range want {
		if got.Findings[i] != want[i] {
			t.Errorf("finding %d = %+v; want %+v", i, got.Findings[i], want[i])
		}
	}

	// A gate that passed has no finding, but an empty list (the lane's input says "none").
	clean := GateOutcomeOf(gates.Result{Gate: gates.Statement, Outcome: gates.OutcomePass,
		Findings: []gates.Finding{{Check: "statement.title", Verdict: gates.Pass}}})
	if clean.Findings == nil || len(clean.Findings) != 0 {
		t.Errorf("GateOutcomeOf(a pass) findings = %#v; want an empty list", clean.Findings)
	}
	// A gate that timed out says so, under the gate's name.
	late := GateOutcomeOf(gates.Result{Gate: gates.Duplicate, Outcome: gates.OutcomeUnknown, Reason: "the gate ran out of time"})
	if len(late.Findings) != 1 || late.Findings[0] != (GateFinding{Check: "DUPLICATE", Verdict: gates.Unknown, Behaviour: "the gate ran out of time"}) {
		t.Errorf("GateOutcomeOf(a timeout) = %+v; want one UNKNOWN finding with the reason", late.Findings)
	}
}

func TestPanelAgrees(t *testing.T) {
	t.Parallel()
	panel := func(recs ...Recommendation) []PanelAnswer {
		var out []PanelAnswer
		for i, r := range recs {
			out = append(out, PanelAnswer{Role: PanelRoles[i%len(PanelRoles)], Answer: Answer{Recommendation: r}})
		}
		return out
	}
	for _, tt := range []struct {
		name   string
		panel  []PanelAnswer
		agrees bool
		says   string
	}{
		{"all qualify", panel(Qualify, Qualify, Qualify), true, "agree (qualify)"},
		{"all archive", panel(Archive, Archive, Archive), true, "agree (archive)"},
		{"the last differs", panel(Qualify, Qualify, Merge), false, "differ"},
		{"the first differs", panel(KeepProspecting, Qualify, Qualify), false, "differ"},
		{"one missing", panel(Qualify, Qualify), false, "not all present"},
		{"none", nil, false, "not all present"},
		{"one too many", panel(Qualify, Qualify, Qualify, Qualify), false, "not all present"},
	} {
		ok, why := panelAgrees(tt.panel)
		if ok != tt.agrees || !strings.Contains(why, tt.says) {
			t.Errorf("panelAgrees(%s) = %v, %q; want %v and a reason saying %q", tt.name, ok, why, tt.agrees, tt.says)
		}
	}
}

// TestMatches: a lane refuses a request built for another role or prompt version, as a
// configuration failure that names both.
func TestMatches(t *testing.T) {
	t.Parallel()
	cfg := Config{Role: PriorArt, PromptVersion: "v2"}
	if err := matches(cfg, &Request{role: PriorArt, prompt: Prompt{Version: "v2"}}); err != nil {
		t.Errorf("matches(its own request) = %v", err)
	}
	for _, tt := range []struct {
		name string
		req  *Request
		want []string
	}{
		{"no request", nil, []string{"no request"}},
		{"another role", &Request{role: MathCritique, prompt: Prompt{Version: "v2"}}, []string{string(MathCritique), string(PriorArt)}},
		{"another prompt", &Request{role: PriorArt, prompt: Prompt{Version: "v1"}}, []string{"prompt v1", "prompt v2"}},
	} {
		err := matches(cfg, tt.req)
		if !errors.Is(err, FailureInvalidConfig) {
			t.Errorf("matches(%s) = %v; want an INVALID_CONFIG failure", tt.name, err)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("matches(%s) = %v; want it to name %q", tt.name, err, w)
			}
		}
	}
}

func TestLookupJudgePrompt(t *testing.T) {
	t.Parallel()
	latest := LatestJudgePrompt()
	if latest.Role != JudgeRole || latest.Version == "" || latest.Text == "" || len(latest.Digest) != 64 {
		t.Fatalf("LatestJudgePrompt() = %s %q, %d bytes, digest %q; want the judge's newest prompt", latest.Role, latest.Version, len(latest.Text), latest.Digest)
	}
	got, err := LookupJudgePrompt(latest.Version)
	if err != nil || got.Digest != latest.Digest {
		t.Errorf("LookupJudgePrompt(%s) = %s, %v; want the latest prompt", latest.Version, got.Digest, err)
	}
	_, err = LookupJudgePrompt("v999")
	if err == nil || !strings.Contains(err.Error(), `the judge has no prompt version "v999"`) {
		t.Errorf("LookupJudgePrompt(v999) = %v; want an error naming the judge and the version", err)
	}
}
