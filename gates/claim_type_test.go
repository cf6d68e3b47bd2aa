package gates

import (
	"slices"
	"testing"
)

// TestEveryCheckDeclaresItsClaimType: the claim-type table covers every check of every gate and
// names no check that does not exist, and no check declares UNDECIDABLE (an item is undecidable,
// a criterion is not).
func TestEveryCheckDeclaresItsClaimType(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, g := range All() {
		for _, c := range g.Checks {
			seen[c.ID] = true
			ct := ClaimTypeOfCheck(c.ID)
			switch {
			case ct == "":
				t.Errorf("check %s of gate %s declares no claim type", c.ID, g.Name)
			case ct == Undecidable:
				t.Errorf("check %s declares UNDECIDABLE; a check declares the claim it judges", c.ID)
			case !slices.Contains(ClaimTypes, ct):
				t.Errorf("check %s declares %q, which is not a claim type", c.ID, ct)
			}
		}
	}
	for id := range checkClaimTypes {
		if !seen[id] {
			t.Errorf("the claim-type table names %s, which no gate has", id)
		}
	}
}

// TestGroundingMeasuresItsFailClass: a grounding check that may fail has its fail class measured
// directly: a planted-defect recall in calibration.json, never assumed.
func TestGroundingMeasuresItsFailClass(t *testing.T) {
	t.Parallel()
	for _, g := range All() {
		for _, c := range g.Checks {
			if ClaimTypeOfCheck(c.ID) != Grounding || !c.Certifies {
				continue
			}
			if _, ok := MeasuredRecall(c.ID); !ok {
				t.Errorf("grounding check %s may fail but has no measured recall", c.ID)
			}
		}
	}
}

func TestClaimTypeOfFinding(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		check string
		v     Verdict
		want  ClaimType
	}{
		{"statement.title-matches", Fail, Grounding},
		{"statement.variable-domain", NeedsHuman, Completeness},
		{"references.relevance", Pass, Opinion},
		{"open-status.database-silence", Fail, Warrant},
		{"provenance.copy", Unknown, Undecidable},
		{"no.such-check", Pass, Undecidable},
	} {
		if got := ClaimTypeOf(tt.check, tt.v); got != tt.want {
			t.Errorf("ClaimTypeOf(%s, %s) = %s; want %s", tt.check, tt.v, got, tt.want)
		}
	}
}
