package imports

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// sharedData finds ../shared/data beside the module root. Outside CI a
// missing copy skips the test; in CI it fails.
func sharedData(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no go.mod above the package directory")
		}
		dir = parent
	}
	data := filepath.Join(dir, "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(data, "erdosproblems", "problems.yaml")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared data is required in CI: %v", err)
		}
		t.Skipf("shared data not found at %s, skipping (set CI=true to fail instead): %v", data, err)
	}
	return data
}

// dataOptions describe the pinned snapshot in ../shared/data
// (formal-conjectures commit 488aade); the date is the one the tests use for
// records without an Erdős status date.
var dataOptions = Options{Commit: "488aade", AsOf: time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC)}

// Counts of the snapshot, the full formal-conjectures import joined with
// the Erdős database: 1,428 open research theorems, of which 3 are open in
// formal-conjectures but settled in the Erdős database, and 1,546 solved.
const (
	fullCreated = 1425
	fullSkipped = 1549
	// import erdos with statements from formal-conjectures.
	erdosJoined  = 274
	erdosSkipped = 943
)

func TestImportSharedData(t *testing.T) {
	data := sharedData(t)
	yamlPath := filepath.Join(data, "erdosproblems", "problems.yaml")
	b, err := os.ReadFile(yamlPath)
	if err != nil {
		t.Fatal(err)
	}
	problems, eIssues := ParseErdos("problems.yaml", b)
	byNumber := map[string]ErdosProblem{}
	for _, p := range problems {
		byNumber[p.Number] = p
	}
	files, fIssues, err := ReadFormal(os.DirFS(filepath.Join(data, "formal-conjectures", "FormalConjectures")))
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 1217 || len(files) != 1188 {
		t.Fatalf("read %d Erdős problems and %d Lean files; want 1217 and 1188", len(problems), len(files))
	}
	if len(eIssues)+len(fIssues) != 0 {
		t.Errorf("issues in the shared data: %v %v", eIssues, fIssues)
	}

	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d := dbtest.Open(t, dialectName)
		svc := policy.New(d, policy.Config{})
		actor, err := ImporterAccount(ctx, svc)
		if err != nil {
			t.Fatalf("ImporterAccount() = %v", err)
		}
		again, err := ImporterAccount(ctx, svc)
		if err != nil || again.ID != actor.ID {
			t.Fatalf("ImporterAccount() again = %v, %v; want the same account", again, err)
		}

		// Everything is imported, in about 15 s on either database. Under
		// the race detector the pure-Go SQLite driver is too slow for that
		// (over two minutes), so SQLite then imports Erdős problems 1 to 99,
		// which have every kind of record: joined, variants, solved, and
		// settled in the Erdős database though open in formal-conjectures.
		full := !(raceEnabled && dialectName == dialect.SQLite)
		subset := files
		if !full {
			subset = nil
			for _, f := range files {
				if n, ok := erdosNumber(f.Path); ok && len(n) <= 2 {
					subset = append(subset, f)
				}
			}
		}
		plan := PlanFormal(subset, append(eIssues, fIssues...), byNumber, dataOptions)
		runner := Runner{Importer: svc, Actor: actor, Progress: io.Discard}

		start := time.Now()
		first, err := runner.Run(ctx, plan)
		if err != nil {
			t.Fatalf("Run() first = %v", err)
		}
		t.Logf("%s: imported %d records in %v", dialectName, len(plan.Records), time.Since(start).Round(time.Millisecond))
		wantCreated, wantSkipped := len(plan.Records), len(plan.Skips)
		if full && (wantCreated != fullCreated || wantSkipped != fullSkipped) {
			t.Errorf("PlanFormal() = %d records, %d skips; want %d and %d", wantCreated, wantSkipped, fullCreated, fullSkipped)
		}
		if first.Created != wantCreated || first.Updated != 0 || first.Unchanged != 0 || len(first.Skipped) != wantSkipped {
			t.Errorf("Run() first = %v; want created %d, skipped %d", first, wantCreated, wantSkipped)
		}
		for _, s := range first.Skipped {
			if strings.HasPrefix(s.Reason, "refused by intake") {
				t.Errorf("intake refused %s", s)
			}
		}
		// Every solved candidate with a statement is kept for the known-answer check.
		kept, err := svc.Client().SolvedRecord.Query().Count(ctx)
		if err != nil || kept != len(plan.Solved) || first.Solved != kept || (full && kept < 1000) {
			t.Errorf("solved records kept = %d, %v (summary %d); want the plan's %d", kept, err, first.Solved, len(plan.Solved))
		}

		start = time.Now()
		second, err := runner.Run(ctx, plan)
		if err != nil {
			t.Fatalf("Run() second = %v", err)
		}
		t.Logf("%s: re-imported in %v", dialectName, time.Since(start).Round(time.Millisecond))
		if second.Created != 0 || second.Updated != 0 || second.Unchanged != wantCreated {
			t.Errorf("Run() second = %v; want unchanged %d, nothing else", second, wantCreated)
		}

		// The Erdős side builds the same records for erdos:N.
		erdosPlan := PlanErdos(problems, eIssues, subset, dataOptions)
		joined := 0
		for _, r := range plan.Records {
			if strings.HasPrefix(r.Key, "erdos:") {
				joined++
			}
		}
		if full && (len(erdosPlan.Records) != erdosJoined || len(erdosPlan.Skips) != erdosSkipped) {
			t.Errorf("PlanErdos() = %d records, %d skips; want %d and %d", len(erdosPlan.Records), len(erdosPlan.Skips), erdosJoined, erdosSkipped)
		}
		erdos, err := runner.Run(ctx, erdosPlan)
		if err != nil {
			t.Fatalf("Run(PlanErdos) = %v", err)
		}
		if erdos.Created != 0 || erdos.Updated != 0 || erdos.Unchanged != joined {
			t.Errorf("Run(PlanErdos) = %v; want unchanged %d and nothing else", erdos, joined)
		}

		checkErdos1(t, d.Ent())
		checkErdos3(t, d.Ent())
	})
}

// current returns the problem with the import key and its current revision
// with references in order.
func current(t *testing.T, c *ent.Client, key string) (*ent.Problem, *ent.Revision) {
	t.Helper()
	ctx := context.Background()
	p, err := c.Problem.Query().Where(problem.ImportKey(key)).Only(ctx)
	if err != nil {
		t.Fatalf("problem %s: %v", key, err)
	}
	r, err := c.Revision.Query().Where(revision.ID(*p.CurrentRevisionID)).WithReferences(func(q *ent.ReferenceQuery) {
		q.WithSource().Order(ent.Asc(reference.FieldPosition))
	}).Only(ctx)
	if err != nil {
		t.Fatalf("revision of %s: %v", key, err)
	}
	return p, r
}

func checkErdos1(t *testing.T, c *ent.Client) {
	t.Helper()
	p, r := current(t, c, "erdos:1")
	if p.State != problem.StatePROSPECTING || p.ProvenanceKind != problem.ProvenanceKindIMPORTED {
		t.Errorf("erdos:1 state %s, provenance %s; want PROSPECTING, IMPORTED", p.State, p.ProvenanceKind)
	}
	if r.Title != "Erdős Problem 1" {
		t.Errorf("erdos:1 title = %q; want %q", r.Title, "Erdős Problem 1")
	}
	if diff := cmp.Diff([]string{"number theory", "additive combinatorics", "combinatorics"}, r.Tags); diff != "" {
		t.Errorf("erdos:1 tags (-want +got):\n%s", diff)
	}
	var refs []string
	for _, ref := range r.Edges.References {
		refs = append(refs, string(ref.Role)+" "+ref.Edges.Source.Identifier)
	}
	wantRefs := []string{
		"PRIMARY url:https://www.erdosproblems.com/1",
		"SECONDARY url:https://github.com/google-deepmind/formal-conjectures/blob/488aade/FormalConjectures/ErdosProblems/1.lean",
		"SECONDARY url:https://oeis.org/A276661",
	}
	if diff := cmp.Diff(wantRefs, refs); diff != "" {
		t.Errorf("erdos:1 references (-want +got):\n%s", diff)
	}
	wantProv := packet.Provenance{Kind: packet.Imported,
		Attribution:   "Erdős problems database (T. Tao et al.), problem 1; statement from formal-conjectures (The Formal Conjectures Authors), ErdosProblems/1.lean, theorem erdos_1",
		SourceLocator: "https://github.com/google-deepmind/formal-conjectures/blob/488aade/FormalConjectures/ErdosProblems/1.lean",
		RightsBasis:   "Erdős problems database under Apache-2.0; formal-conjectures text under CC-BY-4.0; its Lean code under Apache-2.0",
		GeneratedBy:   GeneratedBy}
	if diff := cmp.Diff(wantProv, r.Provenance); diff != "" {
		t.Errorf("erdos:1 provenance (-want +got):\n%s", diff)
	}
	if got, want := r.ReferenceSearch.CheckedOn.UTC(), time.Date(2025, 8, 31, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("erdos:1 checkedOn = %v; want %v", got, want)
	}
	if r.Acceptance.Kind != packet.Proof || r.Acceptance.Criterion != Criterion {
		t.Errorf("erdos:1 acceptance = %+v", r.Acceptance)
	}
	var remarks []string
	for _, e := range r.Exposition {
		remarks = append(remarks, e.Body)
	}
	if !strings.Contains(strings.Join(remarks, "\n"), "prize of 500 US dollars") {
		t.Errorf("erdos:1 remarks = %q; want the prize of 500 US dollars", remarks)
	}
}

func checkErdos3(t *testing.T, c *ent.Client) {
	t.Helper()
	_, r := current(t, c, "erdos:3")
	want := "If $A \\subset \\mathbb{N}$ has $\\sum_{n \\in A}\\frac 1 n = \\infty$, then must $A$ contain arbitrarily\n" +
		"long arithmetic progressions?"
	if r.Statement != want {
		t.Errorf("erdos:3 statement = %q; want %q", r.Statement, want)
	}
}

// refusingImporter refuses one key as invalid and fails on another.
type refusingImporter struct{ refuse, fail string }

func (refusingImporter) RecordSolved(context.Context, *ent.Account, []policy.Solved) (int, error) {
	return 0, nil
}

func (f refusingImporter) Import(_ context.Context, _ *ent.Account, key, _ string, _ policy.ProblemInput) (*ent.Problem, policy.ImportOutcome, error) {
	switch key {
	case f.refuse:
		return nil, "", &policy.ValidationError{Errors: []policy.FieldError{{Field: []string{"title"}, Code: policy.CodeRequired, Message: "is required"}}}
	case f.fail:
		return nil, "", errors.New("connection lost")
	}
	return &ent.Problem{}, policy.Created, nil
}

func TestRunner(t *testing.T) {
	operator := &ent.Account{Roles: []role.Role{role.Member, role.Operator}}
	plan := Plan{Skips: []Skip{{"k0", Location{"f", 1}, "solved"}}}
	for _, k := range []string{"a", "b", "c"} {
		plan.Records = append(plan.Records, Record{Key: k, Loc: Location{"f", 2}})
	}
	var progress strings.Builder
	sum, err := Runner{Importer: refusingImporter{refuse: "b"}, Actor: operator, Progress: &progress, Every: 2}.Run(context.Background(), plan)
	if err != nil {
		t.Fatalf("Run() = %v", err)
	}
	if got, want := sum.String(), "created 2, updated 0, unchanged 0, skipped 2"; got != want {
		t.Errorf("Run() = %q; want %q", got, want)
	}
	if got := sum.Skipped[1].String(); !strings.HasPrefix(got, "f:2: b: refused by intake: invalid input") {
		t.Errorf("Run() refused skip = %q", got)
	}
	if got, want := progress.String(), "import: 2/3 records (created 1, updated 0, unchanged 0, skipped 2)\n"+
		"import: 3/3 records (created 2, updated 0, unchanged 0, skipped 2)\n"; got != want {
		t.Errorf("Run() progress = %q; want %q", got, want)
	}

	if _, err := (Runner{Importer: refusingImporter{fail: "b"}, Actor: operator}).Run(context.Background(), plan); err == nil ||
		!strings.Contains(err.Error(), "import b (f:2): connection lost") {
		t.Errorf("Run() with a failing store = %v; want it to stop at b", err)
	}
	member := &ent.Account{Roles: []role.Role{role.Member}}
	if _, err := (Runner{Importer: refusingImporter{}, Actor: member}).Run(context.Background(), plan); !errors.Is(err, policy.ErrForbidden) {
		t.Errorf("Run() as a member = %v; want ErrForbidden", err)
	}
}
