package gates

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/packet"
)

// severity orders verdicts so that a check's findings reduce to the one that decides it.
func severity(v Verdict) int {
	switch v {
	case Fail:
		return 3
	case Unknown:
		return 2
	case NeedsHuman:
		return 1
	}
	return 0
}

// checkVerdict runs g on r and returns the deciding verdict of check id with its findings.
func checkVerdict(t *testing.T, g *Gate, r *Revision, env Env, id string) (Verdict, []Finding) {
	t.Helper()
	res := RunGate(context.Background(), g, r, env, 0)
	if res.Reason != "" {
		t.Fatalf("RunGate(%s) reason = %q", g.Name, res.Reason)
	}
	var fs []Finding
	v := Pass
	for _, f := range res.Findings {
		if f.Check != id {
			continue
		}
		fs = append(fs, f)
		if severity(f.Verdict) > severity(v) {
			v = f.Verdict
		}
	}
	if len(fs) == 0 {
		t.Fatalf("RunGate(%s) has no finding for %s", g.Name, id)
	}
	return v, fs
}

// gateCase is one row of a gate's table test: a change to the clean packet and the verdict it
// gives one check.
type gateCase struct {
	name   string
	change func(r *Revision)
	env    func() Env
	check  string
	want   Verdict
}

func runGateCases(t *testing.T, g *Gate, base func() *Revision, cases []gateCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := base()
			if tc.change != nil {
				tc.change(r)
			}
			env := testEnv()
			if tc.env != nil {
				env = tc.env()
			}
			got, fs := checkVerdict(t, g, r, env, tc.check)
			if got != tc.want {
				t.Errorf("%s on %q = %s; want %s\nfindings: %+v", tc.check, tc.name, got, tc.want, fs)
			}
			for _, f := range fs {
				if f.Behaviour == "" {
					t.Errorf("%s finding has no behaviour: %+v", tc.check, f)
				}
				if f.Verdict != Pass && f.Verdict != Unknown && f.Fix == "" {
					t.Errorf("%s %s finding has no fix: %+v", tc.check, f.Verdict, f)
				}
				if strings.Contains(strings.ToLower(f.Fix), "needs more work") {
					t.Errorf("%s fix is a general comment: %q", tc.check, f.Fix)
				}
			}
		})
	}
}

// computationalClean is a complete bounded computational packet, the Hadamard matrix of order
// 668 with its computation record, that every gate of this file set passes.
func computationalClean() *Revision {
	r := clean()
	r.ProblemID, r.Title = "TDB-2", "A Hadamard matrix of order 668"
	r.Statement = `Find a $668 \times 668$ matrix $H$ with entries in $\{+1, -1\}$ such that $HH^{\mathsf{T}} = 668\,I$, or prove that none exists.`
	r.Exposition = []packet.ExpositionEntry{
		{Kind: packet.Definition, Term: "Hadamard matrix", Body: `An $n \times n$ matrix $H$ with entries $\pm 1$ and $HH^{\mathsf{T}} = nI_n$.`},
		{Kind: packet.Remark, Body: `A Hadamard matrix of order $n > 2$ exists only if $4 \mid n$; order $428$ was settled in 2005.`},
	}
	r.Acceptance = packet.Acceptance{Kind: packet.Search,
		Criterion:   "An explicit Hadamard matrix of order 668, or a proof that none exists.",
		SearchSpace: "All 668 × 668 matrices with entries +1 and −1.",
		Certificate: "Witness: the matrix as 668 lines of 668 signs, checked by computing H·Hᵀ = 668·I in exact integer arithmetic. Impossibility: a proof, with any computer-assisted part given as a certificate another person can check.",
	}
	r.Provenance = packet.Provenance{Kind: packet.Imported,
		Attribution:   "J. Hadamard, 1893; the existence conjecture is usually attributed to R. E. A. C. Paley, 1933.",
		SourceLocator: "H. Kharaghani and B. Tayfeh-Rezaie, A Hadamard matrix of order 428, J. Combin. Des. 13 (2005), introduction",
		RightsBasis:   "Statement of a mathematical problem, written in our own words; no text reproduced."}
	r.ReferenceSearch.Queries = []string{"Hadamard matrix order 668", "Hadamard conjecture smallest unknown order"}
	r.References = []Reference{{Identifier: "doi:10.1002/jcd.20043", Kind: "DOI",
		Citation: "H. Kharaghani and B. Tayfeh-Rezaie, A Hadamard matrix of order 428, J. Combin. Des. 13 (2005), 435–440.",
		Locator:  "Section 1", Relevance: "Construction of order 428, after which 668 is the smallest open order.", Role: "STATUS_EVIDENCE"}}
	r.OpenStatus = packet.OpenStatus{StrongestKnown: "Hadamard matrices are known for every order 4k < 668.",
		UnresolvedTarget: "Whether a Hadamard matrix of order 668 exists."}
	r.Hero = packet.Hero{Brief: "A 12 × 12 Hadamard matrix drawn as black and white squares.",
		Alt:     "A twelve by twelve grid of black and white squares whose rows are pairwise orthogonal.",
		Caption: "A Hadamard matrix of order 12, with +1 drawn white and −1 drawn black."}
	r.Computation = &packet.Computation{
		Instance:         "Matrices of order 668 with entries ±1, as 668 rows of 668 signs.",
		Equivalence:      "Two matrices are equivalent when one arises from the other by permuting or negating rows and columns.",
		WhyNotBruteForce: "There are 2^(668·668) candidate matrices, far beyond enumeration even after normalising the first row and column.",
		SmallCases:       "Orders 1, 2, 4, 8 and 12 have Hadamard matrices; order 428 was found by Kharaghani and Tayfeh-Rezaie.",
		Certification:    "A witness is certified by computing H·Hᵀ in exact integer arithmetic.",
		ParameterOrigin:  "668 is the smallest multiple of 4 for which no Hadamard matrix has been published, after order 428 was settled in 2005.",
		Code: &packet.CodeRef{Repository: "https://github.com/theoremdb/hadamard-check",
			Revision:       "4ac48159a1f3e2c7d0b9e8f7a6c5d4e3b2a19081",
			Inputs:         "a file of 668 lines of 668 characters + and -",
			ExpectedDigest: "prints OK when H·Hᵀ = 668·I"},
	}
	return r
}

// referenceText are paragraphs written for these tests, standing in for reference sources of
// each licence class in a real copy-check index.
const (
	refGFDL = `Let $X$ be a scheme. A quasi-coherent sheaf on $X$ is said to be of finite presentation when
locally on $X$ it is the cokernel of a map between finite free modules, and the category of such
sheaves is closed under cokernels and extensions, which is the fact we use in every later chapter.`
	refShareAlike = `A type family over a type is a function assigning a type to each of its points, and the
dependent functions of such a family take each point to an element of the type attached to it;
these dependent functions are the basic objects of the theory we develop in the following pages.`
	refUnrelated = `Counting lattice points inside a large disc gives a number close to the area of the disc
divided by the area of the fundamental domain, with an error that grows more slowly than the
radius squared, a classical estimate going back to Gauss and refined by many later authors.`
)

// copyEnv is the fixture's environment with a real copy-check index over one document of each
// kind of licence: an Open Logic passage (open), a share-alike and a GFDL paragraph.
func copyEnv(t *testing.T) Env {
	t.Helper()
	docs := []copycheck.Document{
		{Meta: copycheck.DocMeta{ID: "openlogic/content/sets-functions-relations/relations/graphs.tex",
			URI: "https://github.com/OpenLogicProject/OpenLogic/content/sets-functions-relations/relations/graphs.tex", Licence: copycheck.LicenceOpen},
			Format: copycheck.LaTeX, Text: []byte(strings.Join(openLogicPassages, "\n\n"))},
		{Meta: copycheck.DocMeta{ID: "hott-book/basics.tex", URI: "https://github.com/HoTT/book/basics.tex", Licence: copycheck.LicenceShareAlike},
			Format: copycheck.LaTeX, Text: []byte(refShareAlike)},
		{Meta: copycheck.DocMeta{ID: "stacks-project/modules.tex", URI: "https://github.com/stacks/stacks-project/modules.tex", Licence: copycheck.LicenceGFDL},
			Format: copycheck.LaTeX, Text: []byte(refGFDL)},
		{Meta: copycheck.DocMeta{ID: "openlogic/content/lattice.tex", URI: "https://github.com/OpenLogicProject/OpenLogic/content/lattice.tex", Licence: copycheck.LicenceOpen},
			Format: copycheck.LaTeX, Text: []byte(refUnrelated)},
	}
	x, err := copycheck.BuildIndex(docs, 0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := copycheck.NewChecker(x, copycheck.DefaultConfig(), nil)
	if err != nil {
		t.Fatal(err)
	}
	env := testEnv()
	env.Copies = c
	return env
}

// myGates are the gates of this file set.
var myGates = []*Gate{acceptanceGate, provenanceGate, openStatusGate, referencesGate, consistencyGate, heroGate, computationalGate}

func TestCleanPassesMyGates(t *testing.T) {
	t.Parallel()
	env := copyEnv(t)
	for _, tc := range []struct {
		name   string
		packet func() *Revision
	}{{"clean", clean}, {"computational", computationalClean}} {
		for _, g := range myGates {
			res := RunGate(context.Background(), g, tc.packet(), env, 0)
			for _, f := range res.Findings {
				if f.Verdict == Fail || f.Verdict == Unknown {
					t.Errorf("%s: %s %s = %s: %s (span %+v)", tc.name, g.Name, f.Check, f.Verdict, f.Behaviour, f.Span)
				}
			}
			if res.Outcome == OutcomeFail || res.Outcome == OutcomeUnknown {
				t.Errorf("%s: %s outcome = %s (%s)", tc.name, g.Name, res.Outcome, res.Reason)
			}
		}
	}
}

func TestGatesDeclareTheirChecks(t *testing.T) {
	t.Parallel()
	for _, g := range myGates {
		// A gate's version changes with what it checks (REFERENCES is at 2 since it reads the
		// record plane's outcomes); what matters here is that every gate has one.
		if g.Version == "" || g.Version == "0" || len(g.Checks) == 0 {
			t.Errorf("%s: version %q with %d checks; want a version and checks", g.Name, g.Version, len(g.Checks))
		}
		prefix := map[Name]string{Acceptance: "acceptance.", Provenance: "provenance.", OpenStatus: "open-status.",
			References: "references.", Consistency: "consistency.", Hero: "hero.", Computational: "computational."}[g.Name]
		for _, c := range g.Checks {
			if !strings.HasPrefix(c.ID, prefix) || c.Criterion == "" {
				t.Errorf("%s: check %q has criterion %q; want prefix %q and a criterion", g.Name, c.ID, c.Criterion, prefix)
			}
		}
	}
}

func TestPlaceholderReason(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in       string
		minWords int
		want     bool
	}{
		{"", 0, true},
		{"   ", 0, true},
		{"TBD", 0, true},
		{"n/a.", 0, true},
		{"-", 0, true},
		{"?", 0, true},
		{"See above.", 0, true},
		{"Same as statement", 0, true},
		{"The precision is TODO for now", 0, true},
		{"two words", 3, true},
		{"Absolute error at most 10^{-3}.", 3, false},
		{"P. Frankl, 1979.", 2, false},
		{"Todorov's theorem on pairs", 3, false},
	}
	for _, tt := range tests {
		if got := placeholderReason(tt.in, tt.minWords) != ""; got != tt.want {
			t.Errorf("placeholderReason(%q, %d) = %q; want placeholder %v", tt.in, tt.minWords, placeholderReason(tt.in, tt.minWords), tt.want)
		}
	}
}

func TestQuotedIDs(t *testing.T) {
	t.Parallel()
	in := `See https://doi.org/10.4007/annals.2014.179.3.7, arXiv:1407.4897v2 and (https://www.erdosproblems.com/42). Also 10.1090/S0025-5718-2012-02563-4.`
	var got []string
	for _, id := range quotedIDs(in, 10) {
		got = append(got, id.Key)
		if in[id.Start:id.End] != id.Text && !strings.HasPrefix(id.Text, "arXiv:") {
			t.Errorf("quotedIDs span %d:%d = %q; want %q", id.Start, id.End, in[id.Start:id.End], id.Text)
		}
	}
	want := []string{"doi:10.4007/annals.2014.179.3.7", "url:https://erdosproblems.com/42", "doi:10.1090/s0025-5718-2012-02563-4", "arxiv:1407.4897"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("quotedIDs keys (-want +got):\n%s", diff)
	}
}

func TestTextHelpersBounded(t *testing.T) {
	t.Parallel()
	// Every field megabytes of comparisons, identifiers and math.
	huge := strings.Repeat("$n \\ge 3$ and $n \\le 2$, https://github.com/x/y/tree/main 10.1000/abc arXiv:1234.5678 ", 15000)
	everywhere := computationalClean()
	everywhere.Statement, everywhere.Acceptance.Criterion, everywhere.Acceptance.Certificate = huge, huge, huge
	everywhere.Exposition = append(everywhere.Exposition, packet.ExpositionEntry{Kind: packet.Convention, Body: huge})
	everywhere.Hero.Caption, everywhere.ReferenceSearch.Coverage = huge, huge
	// One comparison chain of 50,000 links in each target field, no two of its bounds alike, so
	// that comparing the fields' bounds in pairs would take billions of steps.
	chain := func(offset int) string {
		var b strings.Builder
		for k := range 50000 {
			b.WriteString("x \\ge " + strconv.Itoa(2*k+offset) + " \\ge ")
		}
		return "$" + b.String() + "z$"
	}
	chains := computationalClean()
	chains.Statement, chains.Acceptance.Criterion = chain(0), chain(1)
	for _, tt := range []struct {
		name string
		r    *Revision
	}{{"a huge packet", everywhere}, {"a packet of long comparison chains", chains}} {
		size := len(tt.r.Statement) + len(tt.r.Acceptance.Criterion) + len(tt.r.Acceptance.Certificate) + len(tt.r.Hero.Caption) + len(tt.r.ReferenceSearch.Coverage)
		start := time.Now()
		for _, g := range myGates {
			res := RunGate(context.Background(), g, tt.r, testEnv(), 20*time.Second*raceSlowdown)
			if res.Reason != "" {
				t.Errorf("%s on %s: %s", g.Name, tt.name, res.Reason)
			}
			if len(res.Findings) > 200 {
				t.Errorf("%s on %s: %d findings; want a bounded number", g.Name, tt.name, len(res.Findings))
			}
		}
		t.Logf("all gates on %s (%d bytes of text) in %s", tt.name, size, time.Since(start))
	}
}
