package gates

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/theoremdb/theoremdb/similar"
)

// sidon, twin and collatz are the statements of three unrelated problems.
const (
	sidon   = `Let $A \subseteq \{1, \ldots, N\}$ be a Sidon set, that is, a set in which all sums $a + b$ with $a \le b$ are distinct. Is it true that $|A| \le N^{1/2} + O(1)$? Erdős offered a prize for this bound.`
	twin    = `Prove that there are infinitely many primes $p$ such that $p+2$ is also prime. Equivalently, for every integer $N$ there is a prime $p > N$ with $p + 2$ prime.`
	collatz = `Let $T(n) = n/2$ for even $n$ and $T(n) = 3n + 1$ for odd $n$. Prove that for every positive integer $n$ there is $k \ge 0$ with $T^{k}(n) = 1$.`
)

// failingSearch is a Similar and a Claims whose every call fails.
type failingSearch struct{}

func (failingSearch) Similar(context.Context, string, string, string, int) ([]Candidate, error) {
	return nil, errors.New("index offline")
}

func (failingSearch) Claims(context.Context, string) ([]Claim, error) {
	return nil, errors.New("claims store offline")
}

// problems is an index of other problems: two unrelated ones, and those add lists.
func problems(add ...[5]string) *similar.Index {
	x := similar.NewIndex()
	x.Add("TDB-2", "Collatz conjecture", collatz, "ACCEPTED", "")
	x.Add("TDB-3", "Sidon sets", sidon, "PROSPECTING", "")
	for _, a := range add {
		x.Add(a[0], a[1], a[2], a[3], a[4])
	}
	return x
}

// findingsOf runs the duplicate gate and returns the findings of one check.
func findingsOf(t *testing.T, r *Revision, env Env, check string) []Finding {
	t.Helper()
	res := RunGate(context.Background(), duplicateGate, r, env, 0)
	if res.Reason != "" {
		t.Fatalf("RunGate: %s", res.Reason)
	}
	var out []Finding
	for _, f := range res.Findings {
		if f.Check == check {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no finding for %s in %v", check, res.Findings)
	}
	return out
}

// renamed is the fixture's statement with its variables renamed and its sentences swapped: a
// resubmission of the same problem.
const renamed = `Equivalently, determine whether for every integer $M$ there is a prime $q > M$ with $q + 2$ prime. Prove or disprove: there are infinitely many primes $q$ such that $q+2$ is also prime.`

// variant changes the fixture's statement in a few decisive places.
const variant = `Prove or disprove: there are infinitely many primes $p$ such that $p+4$ is also prime. Equivalently, determine whether for every integer $N$ there is a prime $p > N$ with $p + 4$ prime.`

type dupCase struct {
	name    string
	check   string
	env     func() Env
	rev     func(r *Revision)
	verdict Verdict
	// behaviour lists fragments the first finding's behaviour must contain.
	behaviour []string
	fix       string // a fragment of the first finding's fix
}

func runDupCases(t *testing.T, tests []dupCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := clean()
			if tt.rev != nil {
				tt.rev(r)
			}
			env := testEnv()
			if tt.env != nil {
				e := tt.env()
				e.Now = env.Now
				env = e
			}
			fs := findingsOf(t, r, env, tt.check)
			f := fs[0]
			if f.Verdict != tt.verdict {
				t.Errorf("%s verdict = %s (%s); want %s", tt.check, f.Verdict, f.Behaviour, tt.verdict)
			}
			for _, b := range tt.behaviour {
				if !strings.Contains(f.Behaviour, b) {
					t.Errorf("%s behaviour = %q; want it to contain %q", tt.check, f.Behaviour, b)
				}
			}
			if !strings.Contains(f.Fix, tt.fix) || tt.fix == "" && f.Verdict == Pass && f.Fix != "" {
				t.Errorf("%s fix = %q; want it to contain %q", tt.check, f.Fix, tt.fix)
			}
			if f.Verdict != Pass && f.Verdict != Unknown && f.Fix == "" {
				t.Errorf("%s: a %s finding without a fix", tt.check, f.Verdict)
			}
		})
	}
}

func TestNearDuplicate(t *testing.T) {
	t.Parallel()
	const id = "duplicate.near-duplicate"
	runDupCases(t, []dupCase{
		{name: "no index", check: id, verdict: Unknown, behaviour: []string{"no problem index"}},
		{name: "search fails", check: id, env: func() Env { return Env{Problems: failingSearch{}} }, verdict: Unknown,
			behaviour: []string{"index offline"}},
		{name: "nothing similar", check: id, env: func() Env { return Env{Problems: problems()} }, verdict: Pass,
			behaviour: []string{"No other problem resembles the statement", "nearest problems:"}},
		{name: "empty index", check: id, env: func() Env { return Env{Problems: similar.NewIndex()} }, verdict: Pass,
			behaviour: []string{"nearest problems: none"}},
		{name: "copy of a live problem", check: id, verdict: Fail,
			env: func() Env {
				return Env{Problems: problems([5]string{"TDB-7", "Prime pairs", renamed, "ACCEPTED", ""})}
			},
			behaviour: []string{"near duplicate of the live problem TDB-7", "ACCEPTED", "similarity"},
			fix:       "Merge into TDB-7 or state how it differs."},
		{name: "copy of an archived problem", check: id, verdict: NeedsHuman,
			env: func() Env {
				return Env{Problems: problems([5]string{"TDB-7", "Prime pairs", renamed, "ARCHIVED", ""})}
			},
			behaviour: []string{"TDB-7", "no longer live"}, fix: "Compare the statement with TDB-7"},
		{name: "variant of a live problem", check: id, verdict: NeedsHuman,
			env: func() Env {
				return Env{Problems: problems([5]string{"TDB-8", "Cousin primes", variant, "ACCEPTED", ""})}
			},
			behaviour: []string{"TDB-8", "Cousin primes"}, fix: "merge into it; otherwise state in the statement how it differs"},
		{name: "title alias", check: id, verdict: NeedsHuman,
			env: func() Env {
				return Env{Problems: problems([5]string{"TDB-9", "Twin prime conjecture", "Is every sufficiently large even number a sum of a prime and a product of at most two primes?", "PROSPECTING", ""})}
			},
			behaviour: []string{"TDB-9"}},
		{name: "the problem itself", check: id, verdict: Pass,
			env: func() Env {
				return Env{Problems: problems([5]string{"TDB-1", "Twin prime conjecture", clean().Statement, "PROSPECTING", ""})}
			}},
		{name: "no statement or title", check: id, env: func() Env { return Env{Problems: problems()} },
			rev: func(r *Revision) { r.Statement, r.Title = "", "" }, verdict: Unknown, behaviour: []string{"nothing to search"}},
	})
}

func TestKnownAnswer(t *testing.T) {
	t.Parallel()
	const id = "duplicate.known-answer"
	solved := func(add ...[5]string) func() Env {
		return func() Env {
			x := similar.NewIndex()
			x.Add("erdos:1", "Erdős Problem 1", sidon, "proved", "https://www.erdosproblems.com/1")
			for _, a := range add {
				x.Add(a[0], a[1], a[2], a[3], a[4])
			}
			return Env{Solved: x}
		}
	}
	const locator = "https://github.com/google-deepmind/formal-conjectures/blob/488aade/FormalConjectures/Wikipedia/TwinPrimes.lean#L40"
	runDupCases(t, []dupCase{
		{name: "no catalogue", check: id, verdict: Unknown, behaviour: []string{"no catalogue of solved records"}},
		{name: "search fails", check: id, env: func() Env { return Env{Solved: failingSearch{}} }, verdict: Unknown,
			behaviour: []string{"index offline"}},
		{name: "nothing similar", check: id, env: solved(), verdict: Pass,
			behaviour: []string{"No solved record resembles the statement", "nearest solved records:"}},
		{name: "solved statement", check: id, verdict: Fail,
			env:       solved([5]string{"formal-conjectures:Wikipedia/TwinPrimes.lean#twin_primes", "Twin primes", renamed, "research solved", locator}),
			behaviour: []string{"formal-conjectures:Wikipedia/TwinPrimes.lean#twin_primes", locator, "research solved", "known-answer candidate"},
			fix:       "Check formal-conjectures:Wikipedia/TwinPrimes.lean#twin_primes at " + locator},
		{name: "resembles a solved record", check: id, verdict: NeedsHuman,
			env:       solved([5]string{"erdos:99", "Cousin primes", variant, "disproved", "https://www.erdosproblems.com/99"}),
			behaviour: []string{"erdos:99", "https://www.erdosproblems.com/99"}, fix: "Compare the statement with erdos:99 at https://www.erdosproblems.com/99"},
	})
}

func TestAnswerClaim(t *testing.T) {
	t.Parallel()
	const id = "duplicate.answer-claim"
	claims := func(cs ...Claim) func() Env {
		return func() Env { return Env{Claims: StaticClaims{"TDB-1": cs}} }
	}
	runDupCases(t, []dupCase{
		{name: "no claims store", check: id, verdict: Unknown, behaviour: []string{"no list of attached claims"}},
		{name: "store fails", check: id, env: func() Env { return Env{Claims: failingSearch{}} }, verdict: Unknown,
			behaviour: []string{"claims store offline"}},
		{name: "no claims", check: id, env: claims(), verdict: Pass, behaviour: []string{"No claim is attached to TDB-1"}},
		{name: "claims that are not answers", check: id, verdict: Pass,
			env:       claims(Claim{ID: "claim-1", Summary: "Bounded gaps: 246."}, Claim{ID: "claim-2", Summary: "A sieve lemma."}),
			behaviour: []string{"2 claims attached to TDB-1 (claim-1, claim-2)", "none of them a machine-readable answer"}},
		{name: "an answer", check: id, verdict: Fail,
			env:       claims(Claim{ID: "claim-1", Summary: "A lemma."}, Claim{ID: "claim-9", Summary: "Proof that there are infinitely many twin primes.", Answer: true}),
			behaviour: []string{"claim-9", "Proof that there are infinitely many twin primes."},
			fix:       "staff compare the claim's scope with the statement; archive or correct the binding"},
		{name: "no problem ID yet", check: id, env: claims(), rev: func(r *Revision) { r.ProblemID = "" }, verdict: Pass,
			behaviour: []string{"no problem ID yet"}},
	})
}

func TestEquivalentFormulations(t *testing.T) {
	t.Parallel()
	const id = "duplicate.equivalent-formulations"
	runDupCases(t, []dupCase{
		{name: "always a person", check: id, verdict: NeedsHuman, behaviour: []string{"equivalent formulations"},
			fix: "shifted indexing or a different normalization"},
		{name: "with every index", check: id, verdict: NeedsHuman,
			env: func() Env { return Env{Problems: problems(), Solved: similar.NewIndex(), Claims: StaticClaims{}} }},
	})
	r := clean()
	f := findingsOf(t, r, testEnv(), id)[0]
	if want := Whole(FieldStatement, r.Statement); f.Span != want {
		t.Errorf("equivalent-formulations span = %v; want the statement %v", f.Span, want)
	}
}

// TestEveryDuplicateCheckAnswered checks that with every index present the clean packet passes
// each certifying check and that the gate records one finding or more for every check.
func TestEveryDuplicateCheckAnswered(t *testing.T) {
	t.Parallel()
	env := testEnv()
	env.Problems, env.Solved, env.Claims = problems(), similar.NewIndex(), StaticClaims{}
	res := RunGate(context.Background(), duplicateGate, clean(), env, 0)
	verdicts := map[string]Verdict{}
	for _, f := range res.Findings {
		verdicts[f.Check] = f.Verdict
		if f.Criterion == "" || f.Policy != PolicyVersion || f.Behaviour == "" {
			t.Errorf("finding %v lacks its criterion, policy or behaviour", f)
		}
	}
	want := map[string]Verdict{"duplicate.near-duplicate": Pass, "duplicate.known-answer": Pass,
		"duplicate.answer-claim": Pass, "duplicate.equivalent-formulations": NeedsHuman}
	if diff := cmp.Diff(want, verdicts); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	if res.Outcome != OutcomeNeedsHuman {
		t.Errorf("outcome = %s; want NEEDS_HUMAN", res.Outcome)
	}
}
