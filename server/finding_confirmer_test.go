package server_test

import (
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestFindingsSayWhoConfirms: each finding a machine could not certify says on the Checks tab who
// may confirm it — a reviewer always, and the one panel role the review gate accepts for it, if
// any — as the review gate reads policy.ConfirmingRole.
func TestFindingsSayWhoConfirms(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	byRole, byPerson := 0, 0
	for _, id := range []string{"TDB-1", "TDB-5", "TDB-9", "TDB-14", "TDB-18"} {
		_, body, _ := s.get(s.browser(), "/p/"+id+"?tab=checks")
		for _, f := range pagetest.Select(t, body, "finding") {
			if pagetest.Attr(f, "data-verdict") != "NEEDS_HUMAN" {
				continue
			}
			check := pagetest.Attr(f, "data-check")
			var said string
			for _, n := range pagetest.SelectIn(f, "finding-confirmer") {
				said = pagetest.Text(n)
			}
			c, ok := policy.ConfirmingRole(check)
			switch {
			case said == "":
				t.Errorf("%s: the NEEDS_HUMAN finding %s does not say who confirms it", id, check)
			case ok && !strings.Contains(said, policy.LaneRoles.Label(string(c.Role))):
				t.Errorf("%s: %s says %q; want the %s role named", id, check, said, c.Role)
			case !ok && !strings.Contains(said, "No role of the agent panel"):
				t.Errorf("%s: %s says %q; want that only a reviewer confirms it", id, check, said)
			case ok:
				byRole++
			default:
				byPerson++
			}
		}
	}
	if byRole == 0 || byPerson == 0 {
		t.Errorf("the demo's NEEDS_HUMAN findings: %d a role may confirm, %d only a person; want some of each", byRole, byPerson)
	}
}
