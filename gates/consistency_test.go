package gates

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/theoremdb/theoremdb/packet"
)

func TestBoundComparisons(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []string
	}{
		{`for every integer $n \ge 3$`, []string{"n ≥ 3"}},
		{`every even n ≥ 4`, []string{"n ≥ 4"}},
		{`$1 \le k \le n$`, []string{"k ≥ 1"}},
		{`$0 \leq k \leq 10$, and $x_1 > -2$`, []string{"k ≥ 0", "k ≤ 10", "x_1 > -2"}},
		{`for all $\varepsilon > 0$`, []string{"ε > 0"}},
		{`Let $3 < n$.`, []string{"n > 3"}},
		{`$p + 2 > N$`, nil},
		{`$n^2 < p < (n+1)^2$`, nil},
		{`$n \le 4\cdot 10^{18}$`, nil},
		{`$M(P) \ge 1.3247$ and $0 < \mathrm{Re}(s) < 1$`, nil},
		{`$\frac{1}{2} < x$`, nil},
		{`$43 \le R(5,5) \le 46$`, nil},
		{`$\{a + te : 0 \le t \le 1\}$`, []string{"t ≥ 0", "t ≤ 1"}},
		{`$2n \ge 3$`, nil},
	}
	for _, tt := range tests {
		var got []string
		for _, chain := range bndComparisons(tt.in) {
			for _, b := range chain {
				got = append(got, b.String())
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("bndComparisons(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestConsistencyGate(t *testing.T) {
	t.Parallel()
	statement := func(s string) func(r *Revision) { return func(r *Revision) { r.Statement = s } }
	runGateCases(t, consistencyGate, clean, []gateCase{
		{"bounds agree", nil, nil, checkConsistencyBounds, Pass},
		{"statement and acceptance agree", func(r *Revision) {
			r.Statement = `Prove that for every integer $n \ge 2$ there are positive integers $x, y, z$ with $4/n = 1/x + 1/y + 1/z$.`
			r.Acceptance.Criterion = "A proof for every n ≥ 2, or an n > 1 with a proof that no x, y, z exist."
		}, nil, checkConsistencyBounds, Pass},
		{"statement and acceptance disagree", func(r *Revision) {
			r.Statement = `Prove that for every integer $n \ge 3$ the graph $G_n$ is Hamiltonian.`
			r.Acceptance.Criterion = "A proof for every n ≥ 4, or an explicit n with a non-Hamiltonian G_n."
		}, nil, checkConsistencyBounds, NeedsHuman},
		{"convention contradicts the statement", func(r *Revision) {
			r.Statement = `Prove that for every integer $n \ge 3$ the graph $G_n$ is Hamiltonian.`
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Convention, Body: `Throughout, $n \le 2$.`})
		}, nil, checkConsistencyBounds, NeedsHuman},
		{"convention narrows the statement", func(r *Revision) {
			r.Statement = `For an integer $t \ge 2$ let $N(t)$ count the pairs $(n, k)$ with $\binom{n}{k} = t$.`
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Convention, Body: `Each $t \ge 3$ has $N(t) \ge 2$.`})
		}, nil, checkConsistencyBounds, Pass},
		{"remark about another range", func(r *Revision) {
			r.Statement = `Let $n \ge 4$. Prove that every Kakeya set in $\mathbb{R}^n$ has Hausdorff dimension $n$.`
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: `The cases $n \le 3$ are known.`})
		}, nil, checkConsistencyBounds, Pass},
		{"flat contradiction in one comparison", statement(`Let $5 \le n \le 3$ and prove the claim.`), nil, checkConsistencyBounds, NeedsHuman},
		{"flat contradiction in a remark", func(r *Revision) {
			r.Exposition[3].Body += ` This needs $7 < k < 2$.`
		}, nil, checkConsistencyBounds, NeedsHuman},
		{"contradiction inside the statement", statement(`For every $n \ge 5$ prove the claim; the claim concerns $n < 3$ only.`), nil, checkConsistencyBounds, NeedsHuman},

		{"nothing to pin", nil, nil, checkConsistencyArtifacts, Pass},
		{"pinned code", func(r *Revision) { *r = *computationalClean() }, nil, checkConsistencyArtifacts, Pass},
		{"certificate pins a commit", func(r *Revision) {
			r.Acceptance.Certificate = "The search code is at https://github.com/jdoe/search/tree/4ac48159a1f3e2c7d0b9e8f7a6c5d4e3b2a19081/src."
		}, nil, checkConsistencyArtifacts, Pass},
		{"certificate with a short hash beside the URL", func(r *Revision) {
			r.Acceptance.Certificate = "Code: https://gitlab.com/jdoe/search at commit 4ac4815."
		}, nil, checkConsistencyArtifacts, Pass},
		{"certificate on Zenodo", func(r *Revision) {
			r.Acceptance.Certificate = "The certificate is deposited at https://doi.org/10.5281/zenodo.1234567."
		}, nil, checkConsistencyArtifacts, Pass},
		{"certificate on a branch", func(r *Revision) {
			r.Acceptance.Certificate = "The search code is at https://github.com/jdoe/search/tree/main."
		}, nil, checkConsistencyArtifacts, Fail},
		{"certificate on a master file", func(r *Revision) {
			r.Acceptance.Certificate = "Run https://github.com/jdoe/search/blob/master/verify.py on the witness."
		}, nil, checkConsistencyArtifacts, Fail},
		{"certificate names a bare repository", func(r *Revision) {
			r.Acceptance.Certificate = "The code is at https://github.com/jdoe/search."
		}, nil, checkConsistencyArtifacts, Fail},
		{"certificate on a web page", func(r *Revision) {
			r.Acceptance.Certificate = "The witness is at https://example.edu/~jdoe/witness.txt."
		}, nil, checkConsistencyArtifacts, NeedsHuman},
		{"code revision is a branch", func(r *Revision) {
			*r = *computationalClean()
			r.Computation.Code.Revision = "main"
		}, nil, checkConsistencyArtifacts, Fail},
		{"code repository on a branch without revision", func(r *Revision) {
			*r = *computationalClean()
			r.Computation.Code.Repository = "https://github.com/theoremdb/hadamard-check/tree/master"
			r.Computation.Code.Revision = ""
		}, nil, checkConsistencyArtifacts, Fail},
		{"computation links a branch", func(r *Revision) {
			*r = *computationalClean()
			r.Computation.Certification += " See https://github.com/theoremdb/hadamard-check/blob/main/check.c."
		}, nil, checkConsistencyArtifacts, Fail},

		{"incumbent stated", nil, nil, checkConsistencyIncumbent, NeedsHuman},
		{"nothing stated", func(r *Revision) { r.OpenStatus = packet.OpenStatus{} }, nil, checkConsistencyIncumbent, Pass},
		{"computation stated", func(r *Revision) { *r = *computationalClean() }, nil, checkConsistencyComputation, NeedsHuman},
		{"no computation", nil, nil, checkConsistencyComputation, Pass},
	})
}
