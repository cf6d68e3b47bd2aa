package lanes_test

import (
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/lanes"
)

// TestCheckRoleConfig: a registered lane may serve a model check of the corpus with that check's
// own prompt versions; the baseline, which reads nothing, may not, and a panel prompt version
// that the check lacks is refused.
func TestCheckRoleConfig(t *testing.T) {
	t.Parallel()
	base := lanes.Config{Identity: "judge.a", Provider: lanes.OpenAI, BaseURL: "http://127.0.0.1:9/v1", Model: "m", ModelVersion: "m-1"}
	for _, r := range lanes.CheckRoles {
		c := base
		c.Role = r
		p, err := lanes.LatestPrompt(r)
		if err != nil {
			t.Fatalf("LatestPrompt(%s): %v", r, err)
		}
		c.PromptVersion = p.Version
		if err := c.Validate(); err != nil {
			t.Errorf("%s lane: %v", r, err)
		}
		c.PromptVersion = "v99"
		if err := c.Validate(); err == nil {
			t.Errorf("%s lane with prompt v99 validated", r)
		}
		c.PromptVersion, c.Provider = p.Version, lanes.Baseline
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "baseline") {
			t.Errorf("%s baseline lane: %v; want refused", r, err)
		}
	}
	if got := len(lanes.LaneRoles); got != len(lanes.Roles)+len(lanes.CheckRoles) {
		t.Errorf("LaneRoles has %d roles", got)
	}
}
