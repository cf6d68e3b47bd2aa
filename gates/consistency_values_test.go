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
		{"example against a number that begins an expression", func() *Revision {
			r := ramseyPacket(`Determine $R(5,5)$.`, `A colouring of $K_{41}$ shows $R(5,5) = 42$.`)
			r.OpenStatus.StrongestKnown = "Every bound known has the form R(5,5) ≤ 40 + k for the k of a construction."
			return r
		}(), checkConsistencyBounds, Pass, "", ""},
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

// TestStatedValuesAndAgreement: a quantity's arguments read alike with or without spaces, and two
// values agree when the one written to fewer places is the other rounded or cut to them.
func TestStatedValuesAndAgreement(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"We know $R(5, 5) = 43$ is false.", "We know $R(5,5)=43$ is false.", "We know R( 5 ,5 ) = 43 is false."} {
		vs := statedValues("f", text)
		if len(vs) != 1 || vs[0].Subject != "R(5,5)" || vs[0].Value != "43" {
			t.Errorf("statedValues(%q) = %+v; want R(5,5) = 43", text, vs)
		}
	}
	if vs := statedValues("f", "The values are $a(1), \\dots, a( 4 ) = 1, 1, 2, 5$."); len(vs) != 4 || vs[3].Subject != "a(4)" || vs[3].Value != "5" {
		t.Errorf("a spaced list = %+v; want four values, a(4) = 5", vs)
	}
	for _, tt := range []struct {
		a, b  string
		agree bool
	}{
		{"0.433", "0.43329", true}, {"0.4333", "0.43329", true}, {"6", "6.9", true}, {"7", "6.5", true},
		{"0.4332", "0.4333", false}, {"7", "6.0", false}, {"0.43", "0.4399", true}, {"0.42", "0.4399", false},
		{"17", "017", true}, {"17", "18", false},
	} {
		if got := valuesAgree(tt.a, tt.b); got != tt.agree {
			t.Errorf("valuesAgree(%s, %s) = %v; want %v", tt.a, tt.b, got, tt.agree)
		}
		if got := valuesAgree(tt.b, tt.a); got != tt.agree {
			t.Errorf("valuesAgree(%s, %s) = %v; want %v", tt.b, tt.a, got, tt.agree)
		}
	}
}

// TestEquivalenceNamed: the words and signs that name an equivalence, and look-alikes that do not
// (TeX's tie, an identifier, "the same" order, an action that is no group action).
func TestEquivalenceNamed(t *testing.T) {
	t.Parallel()
	for text, named := range map[string]bool{
		"Classify them up to isomorphism.":                     true,
		"Two matrices H ~ H′ when H′ = PDHD′P′.":               true,
		"The symmetric group acts on the labels.":              true,
		"Designs that differ by a relabelling are identified.": true,
		"All matrices of order~6.":                             false,
		"Each design has an identifier in the catalogue.":      false,
		"Designs of order 21.":                                 false,
		"The next action is to list them.":                     false,
	} {
		if got := equivalenceNamedRe.MatchString(text); got != named {
			t.Errorf("equivalenceNamedRe(%q) = %v; want %v", text, got, named)
		}
	}
}

// TestSmallCaseConflictReportedOnce: a value computation.smallCases gives against another field
// is one finding, under computational.small-cases, where the search reads its small cases; a
// conflict between two other fields stays under consistency.bounds; and where the
// computational gate does not read the small cases (a proof with a computation record) their
// conflict is reported by consistency.bounds.
func TestSmallCaseConflictReportedOnce(t *testing.T) {
	t.Parallel()
	packetWith := func(kind packet.AcceptanceKind) *Revision {
		r := generatedClean()
		r.Acceptance.Kind = kind
		r.Computation.SmallCases = "C(10,6,4) = 20 and C(11,6,4) = 32, both found by the same program."
		r.OpenStatus.StrongestKnown = "C(11,6,4) = 23 is known; the best design for C(19,6,4) has more than 1000 blocks."
		r.Exposition = append(r.Exposition,
			packet.ExpositionEntry{Kind: packet.Remark, Body: `Gordon's table lists $C(12,6,4) = 42$.`},
			packet.ExpositionEntry{Kind: packet.Remark, Body: `An older survey gives $C(12,6,4) = 44$.`})
		return r
	}
	// count gives, by check, the findings that quote a value of the quantity from each field.
	count := func(r *Revision, subject string) map[string]int {
		n := map[string]int{}
		for _, res := range Run(context.Background(), r, testEnv()) {
			for _, f := range res.Findings {
				if f.Verdict == NeedsHuman && strings.Contains(f.Span.Quote, subject) {
					n[f.Check+" "+f.Span.Field]++
				}
			}
		}
		return n
	}

	search := packetWith(packet.Search)
	if !smallCasesRead(search) {
		t.Fatal("smallCasesRead = false on a search with small cases that give values")
	}
	got := count(search, "C(11,6,4)")
	want := map[string]int{checkCompSmallCases + " " + fieldComputationSmallCases: 1}
	if len(got) != len(want) || got[checkCompSmallCases+" "+fieldComputationSmallCases] != 1 {
		t.Errorf("findings on C(11,6,4) = %v; want %v", got, want)
	}
	got = count(search, "C(12,6,4)")
	n := len(search.Exposition)
	if len(got) != 2 || got[checkConsistencyBounds+" "+ExpositionField(n-2, "body")] != 1 || got[checkConsistencyBounds+" "+ExpositionField(n-1, "body")] != 1 {
		t.Errorf("findings on C(12,6,4) = %v; want one under %s for each remark", got, checkConsistencyBounds)
	}

	proof := packetWith(packet.Proof)
	if smallCasesRead(proof) {
		t.Fatal("smallCasesRead = true on a proof, whose small cases the computational gate does not read")
	}
	got = count(proof, "C(11,6,4)")
	if len(got) != 2 || got[checkConsistencyBounds+" "+fieldComputationSmallCases] != 1 || got[checkConsistencyBounds+" "+fieldOpenStrongestKnown] != 1 {
		t.Errorf("findings on C(11,6,4) in a proof = %v; want one under %s for each field", got, checkConsistencyBounds)
	}
}
