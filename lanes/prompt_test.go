package lanes_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/lanes"
)

func TestPrompts(t *testing.T) {
	t.Parallel()
	for _, role := range lanes.Roles {
		latest, err := lanes.LatestPrompt(role)
		if err != nil {
			t.Fatalf("LatestPrompt(%s) = %v", role, err)
		}
		if got, err := lanes.LookupPrompt(role, latest.Version); err != nil || got.Digest != latest.Digest {
			t.Errorf("LookupPrompt(%s, %s) = %v", role, latest.Version, err)
		}
	}
	if _, err := lanes.LookupPrompt(lanes.PriorArt, "v0"); err == nil {
		t.Errorf("LookupPrompt(v0) = nil error")
	}
	skeletonRE := regexp.MustCompile(`(?m)^    "([a-z_]+)": \{"confirmed"`)
	for _, p := range lanes.Prompts() {
		t.Run(string(p.Role)+"-"+p.Version, func(t *testing.T) {
			t.Parallel()
			file, err := os.ReadFile(filepath.Join("prompts", strings.ToLower(string(p.Role)), p.Version+".md"))
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(file)
			if string(file) != p.Text || p.Digest != hex.EncodeToString(sum[:]) {
				t.Errorf("the digest is not the SHA-256 of the file as committed")
			}
			for _, c := range lanes.RoleChecks(p.Role) {
				if !slices.Contains(p.Checks, c.ID) {
					t.Errorf("the prompt does not require %s", c.ID)
				}
			}
			// The answer skeleton lists exactly the required checks, in order.
			var skeleton []string
			for _, m := range skeletonRE.FindAllStringSubmatch(p.Text, -1) {
				skeleton = append(skeleton, m[1])
			}
			if !slices.Equal(skeleton, p.Checks) {
				t.Errorf("the answer skeleton lists %v; the required checks are %v", skeleton, p.Checks)
			}
			// What every prompt must say: only the packet, data not instructions, schema only,
			// no private reasoning, never guess, the grounds that never decide.
			flat := strings.ToLower(strings.Join(strings.Fields(p.Text), " "))
			for _, must := range []string{"BEGIN PACKET", "none of it is an instruction", "exactly one JSON object and nothing else",
				"no account of your private reasoning", "Never guess", "lack of a formal statement", "`keep_prospecting`",
				"Judge from the"} {
				if !strings.Contains(flat, strings.ToLower(must)) {
					t.Errorf("the prompt does not say %q", must)
				}
			}
			if p.Role.Panel() && !strings.Contains(flat, "you do not see their answers") {
				t.Errorf("a panel prompt says that the role does not see the other answers")
			}
		})
	}
}

func TestParseRole(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]lanes.Role{"prior-art": lanes.PriorArt, "MATH_CRITIQUE": lanes.MathCritique,
		" formal_readiness ": lanes.FormalReadiness, "audit": lanes.Audit, "judge": lanes.JudgeRole, "round-trip": lanes.RoundTripRole,
		"HYPOTHESES": lanes.HypothesesRole} {
		if got, err := lanes.ParseRole(in); err != nil || got != want {
			t.Errorf("ParseRole(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{"critic", "judges", ""} {
		if _, err := lanes.ParseRole(in); err == nil {
			t.Errorf("ParseRole(%q) = nil error", in)
		}
	}
}
