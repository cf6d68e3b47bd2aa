package similar

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestRestatedWithTheSameFormula: a known problem restated in other words around the same
// formula, with its variables renamed, is the nearest candidate among statements that share
// more of its words, and is brought up to the review threshold, not to a FAIL; a restatement
// around a different formula is not brought up.
func TestRestatedWithTheSameFormula(t *testing.T) {
	t.Parallel()
	x := NewIndex()
	x.Add("straus", "Erdős–Straus conjecture", `Prove that for every integer $n \ge 2$ there are positive integers $x, y, z$ with $\frac{4}{n} = \frac{1}{x} + \frac{1}{y} + \frac{1}{z}$.`, "ACCEPTED", "")
	// Statements that share the restatement's words (fractions, sums, integers) but not its formula.
	for i := range 40 {
		x.Add(fmt.Sprintf("other-%d", i), "Sums of unit fractions",
			fmt.Sprintf(`Show that each fraction with numerator %d and an integer denominator at least two is a sum of three distinct unit fractions with positive denominators, and count the ways.`, i+5), "ACCEPTED", "")
	}
	restated := `Show that each fraction with numerator four and an integer denominator $m$ at least two splits as a sum of three unit fractions: $\frac{4}{m} = \frac{1}{a} + \frac{1}{b} + \frac{1}{c}$ with $a, b, c$ positive.`
	cs, err := x.Similar(context.Background(), "Three unit fractions", restated, "", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 || cs[0].ID != "straus" || cs[0].Similarity < reviewThreshold || cs[0].Similarity >= failThreshold {
		t.Errorf("Similar(restated) = %+v; want straus first, at or above %.2f and below %.2f", cs, reviewThreshold, failThreshold)
	}
	other := strings.Replace(restated, `\frac{4}{m} = \frac{1}{a} + \frac{1}{b} + \frac{1}{c}`, `\frac{4}{m} = \frac{1}{a} + \frac{1}{b} + \frac{1}{c} + \frac{1}{d} + \frac{1}{e}`, 1)
	cs, err = x.Similar(context.Background(), "Three unit fractions", other, "", 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.ID == "straus" && c.Similarity >= reviewThreshold {
			t.Errorf("a restatement around another formula scores %.2f against straus; want below %.2f", c.Similarity, reviewThreshold)
		}
	}
}

// TestFormulaShapes: a formula's shape ignores the names of its variables and spacing, and a
// short formula has none.
func TestFormulaShapes(t *testing.T) {
	t.Parallel()
	_, a := simStatementFeatures(`Let $\frac{4}{n} = \frac{1}{x} + \frac{1}{y} + \frac{1}{z}$ hold.`)
	_, b := simStatementFeatures(`We ask that $\frac{4}{m}=\frac{1}{a}+\frac{1}{b}+\frac{1}{c}$.`)
	_, short := simStatementFeatures(`For every $n \ge 1$.`)
	if len(a) != 1 || len(b) != 1 || a[0] != b[0] {
		t.Errorf("shapes %v and %v; want one shape, the same for both", a, b)
	}
	if len(short) != 0 {
		t.Errorf("shapes of a short formula = %v; want none", short)
	}
}
