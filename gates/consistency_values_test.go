package gates

import (
	"context"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// ramseyPacket is the fixture turned into a question about R(5,5) with its recorded bounds.
func ramseyPacket(statement string, examples ...string) *Revision {
	r := clean()
	r.Title = "The Ramsey number R(5,5)"
	r.Statement = statement
	r.OpenStatus = packet.OpenStatus{StrongestKnown: "43 ≤ R(5,5) ≤ 46: Exoo's colouring of K_42 and the bound of Angeltveit and McKay.",
		UnresolvedTarget: "Which of 43, 44, 45 and 46 is R(5,5)."}
	r.Exposition = []packet.ExpositionEntry{{Kind: packet.Remark, Body: `The lower bound comes from Exoo's colouring (1989).`}}
	for _, e := range examples {
		r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: e})
	}
	return r
}

// TestConsistencyNamedQuantities: an incumbent that already meets the requested bound or
// precision, and an example whose value lies outside a stated bound, are findings that say so,
// with the span of the incumbent or of the example; a target beyond the incumbent and an example
// inside the bounds are not.
func TestConsistencyNamedQuantities(t *testing.T) {
	t.Parallel()
	lebesgue := func(known string) *Revision {
		r := clean()
		r.Statement = `Let $\alpha$ be the least area of a universal cover. Determine $\alpha$ to within $10^{-3}$.`
		r.OpenStatus = packet.OpenStatus{StrongestKnown: known, UnresolvedTarget: "Certified bounds on α closer than 10^{-3}."}
		return r
	}
	for _, tt := range []struct {
		name  string
		r     *Revision
		check string
		want  Verdict
		says  string // a phrase the finding's behaviour must hold; "" for a pass or the generic finding
		quote string
	}{
		{"incumbent meets the requested bound", ramseyPacket(`Prove that $R(5,5) \le 47$.`), checkConsistencyIncumbent, NeedsHuman,
			"the incumbent meets the requested target", "43 ≤ R(5,5) ≤ 46"},
		{"target beyond the incumbent", ramseyPacket(`Prove that $R(5,5) \le 45$.`), checkConsistencyIncumbent, NeedsHuman, "", ""},
		{"incumbent meets the requested precision", lebesgue("0.8440 ≤ α ≤ 0.8441 by the covers of Gibbs and a new lower bound."), checkConsistencyIncumbent, NeedsHuman,
			"the incumbent meets the requested precision", ""},
		{"precision beyond the incumbent", lebesgue("0.832 ≤ α ≤ 0.8441 by Brass–Sharifi and Gibbs."), checkConsistencyIncumbent, NeedsHuman, "", ""},
		{"example outside the stated bound", ramseyPacket(`It is known that $43 \le R(5,5) \le 46$. Determine $R(5,5)$.`, `A colouring of $K_{41}$ shows $R(5,5) = 42$.`),
			checkConsistencyBounds, NeedsHuman, "outside the bound", "R(5,5) = 42"},
		{"example inside the stated bounds", ramseyPacket(`It is known that $43 \le R(5,5) \le 46$. Determine $R(5,5)$.`, `Greenwood and Gleason showed $R(3,3) = 6$ and $R(4,4) = 18$.`),
			checkConsistencyBounds, Pass, "", ""},
	} {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			t.Parallel()
			res := RunGate(context.Background(), consistencyGate, tt.r, testEnv(), 0)
			var got []Finding
			for _, f := range res.Findings {
				if f.Check == tt.check && (f.Verdict != Pass || tt.want == Pass) {
					got = append(got, f)
				}
			}
			if len(got) == 0 || got[0].Verdict != tt.want {
				t.Fatalf("%s = %+v; want %s", tt.check, got, tt.want)
			}
			specific := tt.says != "" && strings.Contains(got[0].Behaviour, tt.says)
			if tt.says != "" && !specific || tt.says == "" && strings.Contains(got[0].Behaviour, "the incumbent meets") {
				t.Errorf("%s behaviour = %q; want it to say %q", tt.check, got[0].Behaviour, tt.says)
			}
			if tt.quote != "" && got[0].Span.Quote != tt.quote {
				t.Errorf("%s span = %q; want %q", tt.check, got[0].Span.Quote, tt.quote)
			}
		})
	}
}
