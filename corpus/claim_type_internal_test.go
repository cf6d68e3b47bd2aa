package corpus

import (
	"testing"

	"github.com/theoremdb/theoremdb/gates"
)

// TestEveryMergeCheckDeclaresItsClaimType: each merge gate's check has its claim type, and the
// table names no check that does not exist.
func TestEveryMergeCheckDeclaresItsClaimType(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, g := range order {
		for check := range g.checks {
			seen[check] = true
			if ct := ClaimTypeOf(check, gates.Pass); ct == gates.Undecidable || ct == "" {
				t.Errorf("merge gate %s's check %s declares no claim type", g.name, check)
			}
		}
	}
	for check := range mergeClaimTypes {
		if !seen[check] {
			t.Errorf("the table names %s, which no merge gate has", check)
		}
	}
	if got := ClaimTypeOf("statement.variable-domain", gates.Fail); got != gates.Completeness {
		t.Errorf("a statement check's finding: %s", got)
	}
	if got := ClaimTypeOf(cpCheckMatch, gates.Unknown); got != gates.Undecidable {
		t.Errorf("a copy check that could not run: %s", got)
	}
}
