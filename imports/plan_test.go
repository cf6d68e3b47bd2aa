package imports

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

const erdos7Lean = `/-!
# Erdős Problem 7

*Reference:* [erdosproblems.com/7](https://www.erdosproblems.com/7)
-/

/-- Is there a set $A$ with property $P$? -/
@[category research open, AMS 11]
theorem erdos_7 : answer(sorry) ↔ True := by
  sorry

/-- A variant, see https://arxiv.org/abs/2101.00001. -/
@[category research open, AMS 5]
theorem erdos_7.variants.strong : True := by
  sorry

/-- A solved variant. -/
@[category research solved, AMS 11]
theorem erdos_7.variants.weak : True := by
  sorry

@[category research open, AMS 11]
theorem erdos_7.variants.undocumented : True := by
  sorry
`

const erdosYAML = `- number: "7"
  prize: "$100"
  status: {state: "open", last_update: "2025-09-01"}
  oeis: ["A000045", "possible"]
  tags: ["Number Theory", "primes"]
- number: "8"
  status: {state: "proved", last_update: "2025-09-02"}
- number: "9"
  status: {state: "open", last_update: "2025-09-03"}
- number: "10"
  status: {state: "open"
`

func testPlanInputs(t *testing.T) ([]LeanFile, []ErdosProblem, []Issue) {
	t.Helper()
	f, issues := ParseLean("ErdosProblems/7.lean", []byte(erdos7Lean))
	if len(issues) != 0 {
		t.Fatalf("ParseLean() issues = %v", issues)
	}
	ps, eIssues := ParseErdos("problems.yaml", []byte(erdosYAML))
	return []LeanFile{f}, ps, eIssues
}

var testOptions = Options{Commit: "abc1234", AsOf: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)}

func skipsOf(p Plan) []string {
	var out []string
	for _, s := range p.Skips {
		out = append(out, s.String())
	}
	return out
}

func keysOf(p Plan) []string {
	var out []string
	for _, r := range p.Records {
		out = append(out, r.Key)
	}
	return out
}

func TestPlanFormal(t *testing.T) {
	t.Parallel()
	files, ps, issues := testPlanInputs(t)
	byNumber := map[string]ErdosProblem{}
	for _, p := range ps {
		byNumber[p.Number] = p
	}
	plan := PlanFormal(files, issues, byNumber, testOptions)
	wantKeys := []string{"erdos:7", "formal-conjectures:ErdosProblems/7.lean#erdos_7.variants.strong",
		"formal-conjectures:ErdosProblems/7.lean#erdos_7.variants.weak"}
	if diff := cmp.Diff(wantKeys, keysOf(plan)); diff != "" {
		t.Errorf("PlanFormal() keys (-want +got):\n%s", diff)
	}
	wantSkips := []string{
		"problems.yaml:10: malformed: malformed entry: [2:11] could not find flow mapping end token '}'",
		"ErdosProblems/7.lean:23: formal-conjectures:ErdosProblems/7.lean#erdos_7.variants.undocumented: no statement text: the theorem has no docstring",
	}
	if diff := cmp.Diff(wantSkips, skipsOf(plan)); diff != "" {
		t.Errorf("PlanFormal() skips (-want +got):\n%s", diff)
	}

	want := policy.ProblemInput{
		Title:     "Erdős Problem 7",
		Statement: "Is there a set $A$ with property $P$?",
		Exposition: []packet.ExpositionEntry{
			{Kind: packet.Remark, Body: "Status in the Erdős problems database: open (last updated 2025-09-01)."},
			{Kind: packet.Remark, Body: "Erdős offered a prize of 100 US dollars for this problem, as recorded in the Erdős problems database."},
		},
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof of the statement or of its negation"},
		Provenance: &packet.Provenance{Kind: packet.Imported,
			Attribution:   "Erdős problems database (T. Tao et al.), problem 7; statement from formal-conjectures (The Formal Conjectures Authors), ErdosProblems/7.lean, theorem erdos_7",
			SourceLocator: "https://github.com/google-deepmind/formal-conjectures/blob/abc1234/FormalConjectures/ErdosProblems/7.lean",
			RightsBasis:   "Erdős problems database under Apache-2.0; formal-conjectures text under CC-BY-4.0; its Lean code under Apache-2.0",
			GeneratedBy:   GeneratedBy},
		References: []policy.ReferenceInput{
			{Identifier: "https://www.erdosproblems.com/7", Citation: "Erdős problems database, problem 7", Role: reference.RolePRIMARY,
				Relevance: "The problem's page in the Erdős problems database, the source of its status, tags and OEIS links."},
			{Identifier: "https://github.com/google-deepmind/formal-conjectures/blob/abc1234/FormalConjectures/ErdosProblems/7.lean",
				Citation: "The Formal Conjectures Authors, formal-conjectures, ErdosProblems/7.lean, theorem erdos_7", Role: reference.RoleSECONDARY,
				Relevance: "The source of the statement text (the theorem's docstring) and a Lean formalisation of the statement."},
			{Identifier: "https://oeis.org/A000045", Citation: "OEIS A000045", Role: reference.RoleSECONDARY,
				Relevance: "A sequence the Erdős problems database links to problem 7."},
		},
		ReferenceSearch: &packet.ReferenceSearch{
			CheckedOn: time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC),
			Databases: []string{"Erdős problems database (github.com/teorth/erdosproblems, erdosproblems.com)",
				"formal-conjectures (github.com/google-deepmind/formal-conjectures)"},
			Queries: []string{"erdos:7"},
			Coverage: "No literature search was done for this record. It was imported from Erdős problems database " +
				"(github.com/teorth/erdosproblems, erdosproblems.com) and formal-conjectures (github.com/google-deepmind/formal-conjectures) " +
				"as of 2025-09-01 (the Erdős problems database's status date); its references and its open status are the ones the source gives.",
		},
		Tags: []string{"number theory", "primes"},
	}
	if diff := cmp.Diff(want, plan.Records[0].Input, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("PlanFormal() erdos:7 (-want +got):\n%s", diff)
	}

	if plan.Records[0].Status != nil || plan.Records[1].Status != nil {
		t.Errorf("open records have a source status: %+v, %+v", plan.Records[0].Status, plan.Records[1].Status)
	}
	// The solved variant is planned with formal-conjectures' status, and kept in the catalogue.
	weak := plan.Records[2]
	wantStatus := &policy.SourceStatus{Source: "the formal-conjectures repository", Status: "solved (category research solved)",
		Locator: "https://github.com/google-deepmind/formal-conjectures/blob/abc1234/FormalConjectures/ErdosProblems/7.lean#L19"}
	if diff := cmp.Diff(wantStatus, weak.Status); diff != "" {
		t.Errorf("solved variant status (-want +got):\n%s", diff)
	}
	if weak.Input.Statement != "A solved variant." ||
		!strings.HasSuffix(weak.Input.ReferenceSearch.Coverage, "its references and its solved status are the ones the source gives.") {
		t.Errorf("solved variant = %q, coverage %q", weak.Input.Statement, weak.Input.ReferenceSearch.Coverage)
	}
	if len(plan.Solved) != 1 || plan.Solved[0].Key != weak.Key {
		t.Errorf("PlanFormal() solved catalogue = %+v; want the solved variant", plan.Solved)
	}
	if open, solved, disputed := plan.Statuses(); open != 2 || solved != 1 || disputed != 0 {
		t.Errorf("Statuses() = %d, %d, %d; want 2 open, 1 solved", open, solved, disputed)
	}

	v := plan.Records[1].Input
	if v.Title != "Erdős Problem 7 (strong variant)" {
		t.Errorf("variant title = %q; want %q", v.Title, "Erdős Problem 7 (strong variant)")
	}
	if got := v.ReferenceSearch.CheckedOn; !got.Equal(testOptions.AsOf) {
		t.Errorf("variant checkedOn = %v; want the --as-of date %v", got, testOptions.AsOf)
	}
	var ids []string
	for _, r := range v.References {
		ids = append(ids, string(r.Role)+" "+r.Identifier)
	}
	wantIDs := []string{
		"SECONDARY https://github.com/google-deepmind/formal-conjectures/blob/abc1234/FormalConjectures/ErdosProblems/7.lean",
		"PRIMARY https://www.erdosproblems.com/7",
		"SECONDARY https://arxiv.org/abs/2101.00001",
	}
	if diff := cmp.Diff(wantIDs, ids); diff != "" {
		t.Errorf("variant references (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"combinatorics"}, v.Tags); diff != "" {
		t.Errorf("variant tags (-want +got):\n%s", diff)
	}
}

func TestPlanErdos(t *testing.T) {
	t.Parallel()
	files, ps, issues := testPlanInputs(t)

	alone := PlanErdos(ps, issues, nil, testOptions)
	if len(alone.Records) != 0 {
		t.Errorf("PlanErdos(no statements) records = %v; want none", keysOf(alone))
	}
	wantAlone := []string{
		"problems.yaml:10: malformed: malformed entry: [2:11] could not find flow mapping end token '}'",
		"problems.yaml:1: erdos:7: no statement text: the Erdős problems database has none; give --formal-conjectures DIR to take statements from formal-conjectures",
		"problems.yaml:6: erdos:8: not open (proved in the Erdős problems database), and no statement text: the Erdős problems database has none; give --formal-conjectures DIR to take statements from formal-conjectures",
		"problems.yaml:8: erdos:9: no statement text: the Erdős problems database has none; give --formal-conjectures DIR to take statements from formal-conjectures",
	}
	if diff := cmp.Diff(wantAlone, skipsOf(alone)); diff != "" {
		t.Errorf("PlanErdos(no statements) skips (-want +got):\n%s", diff)
	}

	joined := PlanErdos(ps, issues, files, testOptions)
	if diff := cmp.Diff([]string{"erdos:7"}, keysOf(joined)); diff != "" {
		t.Errorf("PlanErdos() keys (-want +got):\n%s", diff)
	}
	if got := skipsOf(joined)[2]; !strings.Contains(got, "formal-conjectures has no ErdosProblems/9.lean") {
		t.Errorf("PlanErdos() skip of 9 = %q", got)
	}
	byNumber := map[string]ErdosProblem{}
	for _, p := range ps {
		byNumber[p.Number] = p
	}
	formal := PlanFormal(files, nil, byNumber, testOptions)
	if diff := cmp.Diff(formal.Records[0], joined.Records[0]); diff != "" {
		t.Errorf("erdos:7 differs between PlanFormal and PlanErdos (-formal +erdos):\n%s", diff)
	}
}

// TestPlanFormalErdosNotOpen: a problem the Erdős database says is settled while
// formal-conjectures marks it open is planned, from either side, with the disagreement.
func TestPlanFormalErdosNotOpen(t *testing.T) {
	t.Parallel()
	files, _, _ := testPlanInputs(t)
	closed := ErdosProblem{Number: "7", Status: ErdosStatus{State: "proved (Lean)", LastUpdate: time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC)}}
	plan := PlanFormal(files, nil, map[string]ErdosProblem{"7": closed}, testOptions)
	if len(plan.Records) == 0 || plan.Records[0].Key != "erdos:7" {
		t.Fatalf("PlanFormal() keys = %v; want erdos:7 first", keysOf(plan))
	}
	r := plan.Records[0]
	want := &policy.SourceStatus{Source: "the Erdős problems database", Status: "proved (Lean)", Date: closed.Status.LastUpdate,
		Locator: "https://www.erdosproblems.com/7",
		Mismatch: "The Erdős problems database says proved (Lean) (last updated 2025-09-01) while formal-conjectures still marks " +
			"erdos_7 category research open."}
	if diff := cmp.Diff(want, r.Status); diff != "" {
		t.Errorf("PlanFormal() erdos:7 status (-want +got):\n%s", diff)
	}
	if got := r.Input.Exposition[0].Body; got != "Status in the Erdős problems database: proved (Lean) (last updated 2025-09-01)." {
		t.Errorf("PlanFormal() erdos:7 status remark = %q", got)
	}
	joined := PlanErdos([]ErdosProblem{closed}, nil, files, testOptions)
	if len(joined.Records) != 1 {
		t.Fatalf("PlanErdos() keys = %v, skips %v; want erdos:7", keysOf(joined), skipsOf(joined))
	}
	if diff := cmp.Diff(r, joined.Records[0]); diff != "" {
		t.Errorf("erdos:7 differs between PlanFormal and PlanErdos (-formal +erdos):\n%s", diff)
	}
	if _, _, disputed := plan.Statuses(); disputed != 1 {
		t.Errorf("Statuses() disputed = %d; want 1", disputed)
	}
}

const erdos8Lean = `/-!
# Erdős Problem 8
-/

/-- Is every $n$ the sum of $P(n)$? -/
@[category research solved, AMS 11]
theorem erdos_8 : True := by
  sorry

@[category research solved, AMS 11]
theorem erdos_8.variants.undocumented : True := by
  sorry
`

// TestPlanSolvedAtSource: a problem both sources call solved is planned with the Erdős
// database's dated status and kept in the catalogue; one formal-conjectures calls solved while
// the Erdős database says open is planned with the disagreement; a solved theorem without a
// statement stays skipped.
func TestPlanSolvedAtSource(t *testing.T) {
	t.Parallel()
	f, issues := ParseLean("ErdosProblems/8.lean", []byte(erdos8Lean))
	if len(issues) != 0 {
		t.Fatalf("ParseLean() issues = %v", issues)
	}
	files := []LeanFile{f}
	updated := time.Date(2025, 9, 2, 0, 0, 0, 0, time.UTC)
	proved := ErdosProblem{Number: "8", Status: ErdosStatus{State: "proved", LastUpdate: updated}}

	formal := PlanFormal(files, nil, map[string]ErdosProblem{"8": proved}, testOptions)
	if diff := cmp.Diff([]string{"erdos:8"}, keysOf(formal)); diff != "" {
		t.Fatalf("PlanFormal() keys (-want +got):\n%s", diff)
	}
	wantSkips := []string{"ErdosProblems/8.lean:11: formal-conjectures:ErdosProblems/8.lean#erdos_8.variants.undocumented: " +
		"no statement text: the theorem has no docstring"}
	if diff := cmp.Diff(wantSkips, skipsOf(formal)); diff != "" {
		t.Errorf("PlanFormal() skips (-want +got):\n%s", diff)
	}
	r := formal.Records[0]
	want := &policy.SourceStatus{Source: "the Erdős problems database", Status: "proved", Date: updated,
		Locator: "https://www.erdosproblems.com/8"}
	if diff := cmp.Diff(want, r.Status); diff != "" {
		t.Errorf("erdos:8 status (-want +got):\n%s", diff)
	}
	if got := r.Input.Exposition[0].Body; got != "Status in the Erdős problems database: proved (last updated 2025-09-02)." {
		t.Errorf("erdos:8 status remark = %q", got)
	}
	if !strings.HasSuffix(r.Input.ReferenceSearch.Coverage, "its solved status are the ones the source gives.") {
		t.Errorf("erdos:8 coverage = %q", r.Input.ReferenceSearch.Coverage)
	}
	erdos := PlanErdos([]ErdosProblem{proved}, nil, files, testOptions)
	if len(erdos.Records) != 1 {
		t.Fatalf("PlanErdos() keys = %v, skips %v; want erdos:8", keysOf(erdos), skipsOf(erdos))
	}
	if diff := cmp.Diff(r, erdos.Records[0]); diff != "" {
		t.Errorf("erdos:8 differs between PlanFormal and PlanErdos (-formal +erdos):\n%s", diff)
	}
	if len(formal.Solved) != 1 || len(erdos.Solved) != 1 || erdos.Solved[0].Key != "erdos:8" {
		t.Errorf("solved catalogue: formal %+v, erdos %+v", formal.Solved, erdos.Solved)
	}

	open := proved
	open.Status.State = "open"
	disputed := PlanFormal(files, nil, map[string]ErdosProblem{"8": open}, testOptions)
	if len(disputed.Records) != 1 || disputed.Records[0].Status == nil {
		t.Fatalf("PlanFormal(Erdős open) records = %v", keysOf(disputed))
	}
	st := disputed.Records[0].Status
	if st.Source != "the formal-conjectures repository" || st.Mismatch != "formal-conjectures marks erdos_8 category research solved "+
		"while the Erdős problems database says open (last updated 2025-09-02)." {
		t.Errorf("PlanFormal(Erdős open) status = %+v", st)
	}
	if !strings.HasSuffix(disputed.Records[0].Input.ReferenceSearch.Coverage, "they disagree on whether it is open.") {
		t.Errorf("disputed coverage = %q", disputed.Records[0].Input.ReferenceSearch.Coverage)
	}
	if e := PlanErdos([]ErdosProblem{open}, nil, files, testOptions); len(e.Records) != 1 ||
		!cmp.Equal(disputed.Records[0], e.Records[0]) {
		t.Errorf("PlanErdos(Erdős open) = %v, skips %v; want the record PlanFormal plans", keysOf(e), skipsOf(e))
	}
}

func TestPlanFormalNeedsDate(t *testing.T) {
	t.Parallel()
	files, _, _ := testPlanInputs(t)
	plan := PlanFormal(files, nil, nil, Options{})
	if len(plan.Records) != 0 {
		t.Fatalf("PlanFormal(no date) records = %v; want none", keysOf(plan))
	}
	if got := skipsOf(plan)[0]; !strings.Contains(got, "give the date of the formal-conjectures revision with --as-of") {
		t.Errorf("PlanFormal(no date) first skip = %q", got)
	}
}

const wowLean = `/-!
# Written on the Wall II
-/

/--
WOWII [Conjecture 61](http://cms.example.org/wowII/)

For a simple connected graph $G$, $f(G) \ge r(G)$.

See: Favaron, Mahéo, Saclé (1991) for the residue.
-/
@[category research open, AMS 5]
theorem conjecture61 : True := by
  sorry

/-- A stronger form, for trees. -/
@[category research open, AMS 5]
theorem conjecture61.variants.trees : True := by
  sorry

/-- **Conjecture 61.** Again, in another reading. -/
@[category research open, AMS 5]
theorem conjecture61_again : True := by
  sorry
`

// TestPlanFormalText: the statement keeps only what states the problem, its source label and
// "See:" line go to the file's reference, and titles name no Lean identifier while staying
// distinct within the file.
func TestPlanFormalText(t *testing.T) {
	t.Parallel()
	f, issues := ParseLean("WrittenOnTheWallII/61.lean", []byte(wowLean))
	if len(issues) != 0 {
		t.Fatalf("ParseLean() issues = %v", issues)
	}
	plan := PlanFormal([]LeanFile{f}, nil, nil, testOptions)
	if len(plan.Records) != 3 {
		t.Fatalf("PlanFormal() keys = %v, skips %v; want 3 records", keysOf(plan), skipsOf(plan))
	}
	r := plan.Records[0].Input
	if want := "For a simple connected graph $G$, $f(G) \\ge r(G)$."; r.Statement != want {
		t.Errorf("statement = %q; want %q", r.Statement, want)
	}
	var ids []string
	for _, ref := range r.References {
		ids = append(ids, ref.Identifier)
	}
	if diff := cmp.Diff([]string{"https://github.com/google-deepmind/formal-conjectures/blob/abc1234/FormalConjectures/WrittenOnTheWallII/61.lean",
		"http://cms.example.org/wowII/"}, ids); diff != "" {
		t.Errorf("references (-want +got):\n%s", diff)
	}
	if !strings.HasSuffix(r.References[0].Relevance, "The docstring also cites: WOWII [Conjecture 61](http://cms.example.org/wowII/) See: Favaron, Mahéo, Saclé (1991) for the residue.") {
		t.Errorf("file reference relevance = %q; want the See: line", r.References[0].Relevance)
	}
	var titles []string
	for _, rec := range plan.Records {
		titles = append(titles, rec.Input.Title)
	}
	want := []string{"Written on the Wall II (conjecture 61)", "Written on the Wall II (conjecture 61, trees variant)", "Written on the Wall II (conjecture 61 again)"}
	if diff := cmp.Diff(want, titles); diff != "" {
		t.Errorf("titles (-want +got):\n%s", diff)
	}
}

func TestNameWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"erdos_1.variants.real", "real variant"},
		{"erdos_1064.parts.i", "part i"},
		{"erdos_1.variants.least_N_5", "least N 5 variant"},
		{"minimum_overlap.variants.lower.scherk_1955", "minimum overlap, lower scherk 1955 variant"},
		{"HadwigerNelsonAtLeastFive", "Hadwiger Nelson At Least Five"},
		{"conjecture1", "conjecture 1"},
		{"erdos_1034.variants.k4_free", "k4 free variant"},
	} {
		if got := nameWords(tc.in); got != tc.want {
			t.Errorf("nameWords(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}
