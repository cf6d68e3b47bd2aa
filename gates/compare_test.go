package gates

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestComparisons(t *testing.T) {
	t.Parallel()
	str := func(cs []comparison) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.String())
		}
		return out
	}
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"43 ≤ R(5,5) ≤ 46: the lower bound from Exoo", []string{"R(5,5) ≥ 43", "R(5,5) ≤ 46"}},
		{`It is known that $43 \le R(5, 5) \le 46$.`, []string{"R(5,5) ≥ 43", "R(5,5) ≤ 46"}},
		{`Prove that $R(5,5) \leq 45$.`, []string{"R(5,5) ≤ 45"}},
		{"0.832 ≤ α ≤ 0.8440936 by Brass and Sharifi", []string{"α ≥ 0.832", "α ≤ 0.8440936"}},
		{`with $U - L \le 10^{-3}$`, []string{"U-L ≤ 0.001"}},
		{"the pairs below 50, each joined by an arc", nil},
		{"a gap at most than 246 words", nil},
	} {
		if diff := cmp.Diff(tt.want, str(comparisons("f", tt.text))); diff != "" {
			t.Errorf("comparisons(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestComparisonMeetsAndViolates(t *testing.T) {
	t.Parallel()
	c := func(s string, op cmpOp, v float64) comparison { return comparison{Subject: s, Op: op, Value: v} }
	for _, tt := range []struct {
		known, req comparison
		want       bool
	}{
		{c("R(5,5)", cmpLE, 46), c("R(5,5)", cmpLE, 47), true},
		{c("R(5,5)", cmpLE, 46), c("R(5,5)", cmpLE, 45), false},
		{c("R(5,5)", cmpGE, 43), c("R(5,5)", cmpGE, 42), true},
		{c("R(5,5)", cmpGE, 43), c("R(5,5)", cmpGE, 44), false},
		{c("R(5,5)", cmpLE, 46), c("R(4,6)", cmpLE, 47), false},
		{c("x", cmpLE, 3), c("x", cmpLT, 4), true},
	} {
		if got := tt.known.meets(tt.req); got != tt.want {
			t.Errorf("%v meets %v = %v; want %v", tt.known, tt.req, got, tt.want)
		}
	}
	if !c("R(5,5)", cmpGE, 43).violates(c("R(5,5)", cmpEQ, 42)) || c("R(5,5)", cmpGE, 43).violates(c("R(5,5)", cmpEQ, 44)) {
		t.Error("violates: 42 must lie outside R(5,5) ≥ 43 and 44 inside")
	}
}

// TestComparisonSpans: a comparison keeps its place in the field when the field spells its
// relations in TeX (\le, \geq, <=), so that a finding about it quotes the comparison, not the
// whole statement.
func TestComparisonSpans(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text  string
		quote []string
	}{
		{`Let $\Delta$ be the constant. It is known that $0.0077 \le \Delta_{13} \le 0.03$. Determine $\Delta_{13}$ to within $10^{-4}$.`,
			[]string{`0.0077 \le \Delta_{13} \le 0.03`, `0.0077 \le \Delta_{13} \le 0.03`}},
		{`Prove that $R(5,5) \leq 45$ and $R(4,6) \geqslant 36$ hold.`, []string{`R(5,5) \leq 45`, `R(4,6) \geqslant 36`}},
		{`The width is w <= 0.5 and the height h >= 2 throughout.`, []string{"w <= 0.5", "h >= 2"}},
		{"0.832 ≤ α ≤ 0.8440936 by Brass and Sharifi", []string{"0.832 ≤ α ≤ 0.8440936", "0.832 ≤ α ≤ 0.8440936"}},
	} {
		var got []string
		for _, c := range comparisons("f", tt.text) {
			if c.Quote != tt.text[c.Start:c.End] {
				t.Errorf("comparisons(%q): quote %q is not the text at %d:%d", tt.text, c.Quote, c.Start, c.End)
			}
			got = append(got, c.Quote)
		}
		if diff := cmp.Diff(tt.quote, got); diff != "" {
			t.Errorf("comparisons(%q) quotes (-want +got):\n%s", tt.text, diff)
		}
	}
}
