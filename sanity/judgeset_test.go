package sanity_test

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/theoremdb/theoremdb/sanity"
	"github.com/theoremdb/theoremdb/tex"
)

func TestPlantStep(t *testing.T) {
	t.Parallel()
	const proof = `Suppose $n$ is even. Since $G$ is finite, $|G| \le n$ by \olref{lem:a}. ` +
		`Otherwise $n$ is odd, and \olref{lem:b} gives $|G| < n + 1$. Hence the claim holds in both cases.`
	for _, tt := range []struct {
		f    sanity.Mutation
		want []string // the From → To pairs it may plant
	}{
		{sanity.ReversedInequality, []string{`\le → >`, `< → \ge`}},
		{sanity.DroppedJustifier, []string{`Since $G$ is finite,  → `}},
		{sanity.WrongCaseSplit, []string{`even → odd`, `odd → even`}},
		{sanity.NonSequitur, []string{`lem:a → lem:b`, `lem:b → lem:a`}},
	} {
		seen := map[string]bool{}
		for seed := range uint64(30) {
			c, ok := sanity.PlantStep(proof, tt.f, rand.New(rand.NewPCG(seed, 3)))
			if !ok {
				t.Fatalf("%s found no step to plant in", tt.f)
			}
			if c.Mutation != tt.f || proof[c.Start:c.End] != c.From {
				t.Fatalf("%s: %+v does not describe the text it replaces", tt.f, c)
			}
			seen[c.From+" → "+c.To] = true
		}
		for _, w := range tt.want {
			if !seen[w] {
				t.Errorf("%s never planted %q; planted %v", tt.f, w, seen)
			}
		}
		if len(seen) != len(tt.want) {
			t.Errorf("%s planted %v; want only %v", tt.f, seen, tt.want)
		}
	}
	// With one reference or none, a step that does not follow is two sentences in the wrong order.
	c, ok := sanity.PlantStep("We first show that the set is closed. Then the limit lies in it by closedness.", sanity.NonSequitur, rand.New(rand.NewPCG(1, 1)))
	if !ok || c.Apply("We first show that the set is closed. Then the limit lies in it by closedness.") !=
		"Then the limit lies in it by closedness. We first show that the set is closed." {
		t.Errorf("sentence swap: %v %+v", ok, c)
	}
}

// TestJudgeSetOpenLogic builds the labelled set from the Open Logic Project's proofs: each proof
// once as it is, most once more with a planted fault of every kind in fair shares, well-formed
// TeX, the same set from the same seed, and scores that tell a judge that rejects everything
// from one that reads.
func TestJudgeSetOpenLogic(t *testing.T) {
	t.Parallel()
	proofs := openLogic(t, regexp.MustCompile(`(?s)\\begin\{proof\}(.*?)\\end\{proof\}`), 41)
	if len(proofs) < 400 {
		t.Fatalf("read %d proofs; want the corpus's several hundred", len(proofs))
	}
	set := sanity.BuildJudgeSet(proofs, 2026)
	again := sanity.BuildJudgeSet(proofs, 2026)
	if set.Digest != again.Digest || set.Version != sanity.JudgeSetVersion {
		t.Fatal("the same proofs and seed built another set")
	}
	if sanity.BuildJudgeSet(proofs, 2027).Digest == set.Digest {
		t.Error("another seed built the same set")
	}
	faults := map[sanity.Mutation]int{}
	ids := map[string]bool{}
	clean := 0
	for _, it := range set.Items {
		if ids[it.ID] {
			t.Fatalf("two items share id %s", it.ID)
		}
		ids[it.ID] = true
		if !it.Wrong() {
			clean++
			continue
		}
		faults[it.Fault]++
		if _, err := tex.Read(it.Text); err != nil {
			t.Errorf("planting %s left unreadable TeX: %v", it.Fault, err)
		}
	}
	wrong := len(set.Items) - clean
	if clean != len(proofs) || wrong < len(proofs)*3/4 {
		t.Errorf("%d clean and %d wrong items from %d proofs; want every proof clean once and most once wrong", clean, wrong, len(proofs))
	}
	for _, f := range sanity.StepFaults {
		t.Logf("%s: %d", f, faults[f])
		if faults[f] < wrong/10 {
			t.Errorf("%s planted %d times of %d; want a fair share", f, faults[f], wrong)
		}
	}
	all, none, oracle := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, it := range set.Items {
		all[it.ID] = true
		oracle[it.ID] = it.Wrong()
	}
	if s := sanity.ScoreJudge(set, all); !s.Qualifies() || s.Flagged != clean {
		t.Errorf("a judge that rejects everything: %+v", s)
	}
	if s := sanity.ScoreJudge(set, none); s.Qualifies() || s.Caught != 0 {
		t.Errorf("a judge that rejects nothing: %+v", s)
	}
	if s := sanity.ScoreJudge(set, oracle); !s.Qualifies() || s.Flagged != 0 || s.Caught != wrong {
		t.Errorf("a judge that is always right: %+v", s)
	}
}
