package lanes_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/lanes"
)

// TestPanelIsolation runs the panel on three local providers, each answering with its own
// marker, then the audit: no panel role's request holds another's marker, and the audit's holds
// all three.
func TestPanelIsolation(t *testing.T) {
	t.Parallel()
	in := samplePanelInput()
	ok, err := os.ReadFile(filepath.Join("testdata", "openai", "ok.json"))
	if err != nil {
		t.Fatal(err)
	}
	markers := map[lanes.Role]string{}
	servers := map[lanes.Role]*provider{}
	var panel lanes.Panel
	for _, role := range lanes.PanelRoles {
		p, _ := lanes.LatestPrompt(role)
		marker := "MARKER-" + string(role)
		markers[role] = marker
		body := answerFor(t, string(ok), p.Checks, marker)
		srv := newProvider(t, "openai", step{body: body})
		servers[role] = srv
		cfg := laneConfig(lanes.OpenAI, srv.URL)
		cfg.Role, cfg.Identity = role, "panel."+strings.ToLower(string(role))
		var w waits
		lane := newLane(t, cfg, &w)
		switch role {
		case lanes.PriorArt:
			panel.PriorArt = lane
		case lanes.MathCritique:
			panel.MathCritique = lane
		case lanes.FormalReadiness:
			panel.FormalReadiness = lane
		}
	}
	results, err := panel.Run(context.Background(), in)
	if err != nil {
		t.Fatalf("Run = %v", err)
	}
	for i, role := range lanes.PanelRoles {
		r := results[i]
		if r.Role != role || r.Answer == nil || r.PacketDigest != in.Digest() {
			t.Fatalf("result %d = %+v; want %s's answer on the packet", i, r, role)
		}
		if c := r.Answer.Checks[0]; !strings.Contains(c.Reason, markers[role]) {
			t.Errorf("%s's answer is not its own: %+v", role, c)
		}
		body := string(servers[role].requests()[0].body)
		for other, m := range markers {
			if other != role && strings.Contains(body, m) {
				t.Errorf("%s's request holds %s's answer", role, other)
			}
		}
	}

	p, _ := lanes.LatestPrompt(lanes.Audit)
	auditSrv := newProvider(t, "anthropic", step{body: anthropicAnswer(t, p.Checks)})
	cfg := laneConfig(lanes.Anthropic, auditSrv.URL)
	cfg.Role, cfg.Identity = lanes.Audit, "audit.claude"
	var w waits
	audit, err := lanes.RunAudit(context.Background(), newLane(t, cfg, &w), in, results)
	if err != nil || audit.Answer == nil || audit.PacketDigest != in.Digest() {
		t.Fatalf("RunAudit = %+v, %v", audit, err)
	}
	body := string(auditSrv.requests()[0].body)
	for role, m := range markers {
		if !strings.Contains(body, m) {
			t.Errorf("the audit's request does not hold %s's answer", role)
		}
	}

	// An audit needs three answers.
	results[1].Answer, results[1].Failure = nil, lanes.FailureRefusal
	if res, err := lanes.RunAudit(context.Background(), newLane(t, cfg, &w), in, results); !errors.Is(err, lanes.FailureInvalidConfig) ||
		len(auditSrv.requests()) != 1 || res.Failure != lanes.FailureInvalidConfig {
		t.Errorf("RunAudit(failed panel) = %+v, %v; want INVALID_CONFIG without a call", res, err)
	}
}

// answerFor rewrites the recorded chat completion to answer the given checks, each reason
// carrying marker.
func answerFor(t *testing.T, envelope string, checks []string, marker string) string {
	t.Helper()
	return strings.Replace(envelope, jsonString(t, recordedAnswer(t)), jsonString(t, answerText(checks, marker)), 1)
}

func anthropicAnswer(t *testing.T, checks []string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "anthropic", "ok.json"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Replace(string(b), jsonString(t, recordedAnswer(t)), jsonString(t, answerText(checks, "audit")), 1)
}

func answerText(checks []string, marker string) string {
	var b strings.Builder
	b.WriteString(`{"checks": {`)
	for i, c := range checks {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"` + c + `": {"confirmed": true, "reason": "` + marker + ` checked."}`)
	}
	b.WriteString(`}, "recommendation": "qualify", "blockers": [], "concerns": [], "unknowns": []}`)
	return b.String()
}

// recordedAnswer is the answer text inside testdata/openai/ok.json.
func recordedAnswer(t *testing.T) string {
	t.Helper()
	srv := newProvider(t, "openai", step{file: "ok.json"})
	var w waits
	res, err := newLane(t, laneConfig(lanes.OpenAI, srv.URL), &w).Review(context.Background(), mathRequest(t))
	if err != nil {
		t.Fatal(err)
	}
	return res.Output
}

// jsonString is s as the recorded files encode a string (json.dump with indent, no ASCII escaping).
func jsonString(t *testing.T, s string) string {
	t.Helper()
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

func TestPanelValidate(t *testing.T) {
	t.Parallel()
	pa := baselineLane(t, lanes.PriorArt)
	mc := baselineLane(t, lanes.MathCritique)
	for name, p := range map[string]lanes.Panel{
		"missing":    {PriorArt: pa, MathCritique: mc},
		"wrong-role": {PriorArt: pa, MathCritique: mc, FormalReadiness: baselineLane(t, lanes.PriorArt)},
	} {
		if _, err := p.Run(context.Background(), samplePanelInput()); err == nil {
			t.Errorf("Run(%s) = nil error", name)
		}
	}
}
