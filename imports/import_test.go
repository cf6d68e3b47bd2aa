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
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/shareddata"
)

// sharedData is ../shared/data beside the module root. Outside CI a missing
// copy skips the test; in CI it fails.
func sharedData(t *testing.T) string {
	t.Helper()
	return filepath.Dir(shareddata.Require(t, "erdosproblems"))
}

// dataOptions describe the pinned snapshot in ../shared/data
// (formal-conjectures commit 488aade); the date is the one the tests use for
// records without an Erdős status date.
var dataOptions = Options{Commit: "488aade", AsOf: time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC)}

// Counts of the snapshot, the full formal-conjectures import joined with
// the Erdős database: 2,974 research theorems, 1,428 open and 1,546 solved
// in formal-conjectures, every one with a statement that intake takes.
const (
	// Open in formal-conjectures and not settled in the Erdős database:
	// 1,151 with no Erdős entry (other collections, and the variants and
	// parts of Erdős problems) and 274 main theorems erdos_N that the Erdős
	// database calls open.
	fullCreated = 1425
	// Solved in formal-conjectures and not disputed: 1,308 with no Erdős
	// entry, and 224 erdos_N that the Erdős database also calls settled.
	fullAnswered = 1532
	// Disputed, imported open and held for staff: 3 erdos_N open in
	// formal-conjectures but settled in the Erdős database, and 14 solved in
	// formal-conjectures but open in the Erdős database.
	fullHeld    = 17
	fullSkipped = 0
	// import erdos with statements from formal-conjectures: the 274 + 224 +
	// 17 erdos_N above; the other 702 of the 1,217 entries have no theorem
	// erdos_N (no file, or a file that states the problem in parts).
	erdosJoined  = 515
	erdosSkipped = 702
)

func TestImportSharedData(t *testing.T) {
	t.Parallel()
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
		t.Parallel() // the dialects share only what was read above, and only read it
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

		// Everything is imported, in about 16 s on SQLite and 32 s on
		// PostgreSQL. Under the race detector the pure-Go SQLite driver is
		// too slow for that, so SQLite then imports Erdős problems 1 to 99,
		// which have joined, variant and solved records, and 130 and 321,
		// disputed one way and the other: solved in formal-conjectures while
		// open in the Erdős database, and settled there while open in
		// formal-conjectures.
		full := !(raceEnabled && dialectName == dialect.SQLite)
		subset := files
		if !full {
			subset = nil
			for _, f := range files {
				if n, ok := erdosNumber(f.Path); ok && (len(n) <= 2 || n == "130" || n == "321") {
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
		wantCreated, wantAnswered, wantHeld := plan.Statuses()
		wantSkipped := len(plan.Skips)
		if full && (wantCreated != fullCreated || wantAnswered != fullAnswered || wantHeld != fullHeld || wantSkipped != fullSkipped) {
			t.Errorf("PlanFormal() = %d open, %d solved, %d disputed records, %d skips; want %d, %d, %d and %d",
				wantCreated, wantAnswered, wantHeld, wantSkipped, fullCreated, fullAnswered, fullHeld, fullSkipped)
		}
		if first.Created != wantCreated || first.Answered != wantAnswered || first.Held != wantHeld ||
			first.Updated != 0 || first.Unchanged != 0 || len(first.Skipped) != wantSkipped {
			t.Errorf("Run() first = %v; want created %d, answered %d, held %d, skipped %d",
				first, wantCreated, wantAnswered, wantHeld, wantSkipped)
		}
		checkStates(t, d.Ent(), wantCreated, wantAnswered, wantHeld)
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
		if second.Created != 0 || second.Answered != 0 || second.Held != 0 || second.Updated != 0 ||
			second.Unchanged != len(plan.Records) {
			t.Errorf("Run() second = %v; want unchanged %d, nothing else", second, len(plan.Records))
		}
		checkStates(t, d.Ent(), wantCreated, wantAnswered, wantHeld)

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
		if erdos.Created != 0 || erdos.Answered != 0 || erdos.Held != 0 || erdos.Updated != 0 || erdos.Unchanged != joined {
			t.Errorf("Run(PlanErdos) = %v; want unchanged %d and nothing else", erdos, joined)
		}

		checkErdos1(t, d.Ent())
		checkErdos3(t, d.Ent())
		checkSolved(t, d.Ent(), plan)
	})
}

// checkStates counts the imported problems: every one prospecting (the import archives
// nothing), the answered ones each with the source's established answer claim and an
// ANSWER_CLAIM hold for staff, and the disputed ones with a source-status hold.
func checkStates(t *testing.T, c *ent.Client, open, answered, disputed int) {
	t.Helper()
	ctx := context.Background()
	for state, want := range map[problem.State]int{problem.StatePROSPECTING: open + answered + disputed, problem.StateARCHIVED: 0} {
		if n, err := c.Problem.Query().Where(problem.StateEQ(state)).Count(ctx); err != nil || n != want {
			t.Errorf("%s problems = %d, %v; want %d", state, n, err, want)
		}
	}
	if n, err := c.Claim.Query().Where(claim.StatusEQ(claim.StatusESTABLISHED), claim.HasBindingsWith(binding.RelationEQ(binding.RelationRESOLVES))).
		Count(ctx); err != nil || n != answered {
		t.Errorf("established answer claims = %d, %v; want one per answered record, %d", n, err, answered)
	}
	if n, err := c.Decision.Query().Count(ctx); err != nil || n != 0 {
		t.Errorf("decisions = %d, %v; the trusted import decides nothing", n, err)
	}
	if n, err := c.Hold.Query().Where(hold.ReasonEQ(hold.ReasonANSWER_CLAIM), hold.ReleasedAtIsNil()).Count(ctx); err != nil || n != answered {
		t.Errorf("answer-claim holds = %d, %v; want %d", n, err, answered)
	}
	if n, err := c.Hold.Query().Where(hold.ReasonEQ(hold.ReasonSOURCE_STATUS), hold.ReleasedAtIsNil()).Count(ctx); err != nil || n != disputed {
		t.Errorf("source-status holds = %d, %v; want %d", n, err, disputed)
	}
}

// checkSolved looks at one archived and one disputed Erdős record of the plan.
func checkSolved(t *testing.T, c *ent.Client, plan Plan) {
	t.Helper()
	ctx := context.Background()
	var solved, disputed *Record
	for i, r := range plan.Records {
		switch {
		case r.Status == nil || !strings.HasPrefix(r.Key, "erdos:"):
		case r.Status.Mismatch == "" && solved == nil:
			solved = &plan.Records[i]
		case r.Status.Mismatch != "" && disputed == nil:
			disputed = &plan.Records[i]
		}
	}
	if solved == nil || disputed == nil {
		t.Fatalf("the plan has no solved or no disputed Erdős record")
	}
	p, r := current(t, c, solved.Key)
	cs, err := c.Claim.Query().Where(claim.ProblemID(p.ID)).All(ctx)
	if p.State != problem.StatePROSPECTING || err != nil || len(cs) != 1 ||
		!strings.HasPrefix(cs[0].Summary, "The Erdős problems database records this problem as "+solved.Status.Status) {
		t.Errorf("%s: %s with claims %v, %v; want held for staff with the database's answer claim", solved.Key, p.State, cs, err)
	}
	if !strings.Contains(r.Exposition[0].Body, "Status in the Erdős problems database: "+solved.Status.Status) {
		t.Errorf("%s remarks = %+v; want the database's status", solved.Key, r.Exposition)
	}
	p, _ = current(t, c, disputed.Key)
	hs, err := c.Hold.Query().Where(hold.ProblemID(p.ID)).All(ctx)
	if p.State != problem.StatePROSPECTING || err != nil || len(hs) != 1 || !strings.HasPrefix(hs[0].Note, disputed.Status.Mismatch) {
		t.Errorf("%s: %s with holds %+v, %v; want prospecting, held with the mismatch", disputed.Key, p.State, hs, err)
	}
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

func (f refusingImporter) ImportSolved(ctx context.Context, a *ent.Account, key, source string, in policy.ProblemInput,
	st policy.SourceStatus) (*ent.Problem, policy.ImportOutcome, error) {
	p, outcome, err := f.Import(ctx, a, key, source, in)
	switch {
	case err != nil:
		return p, outcome, err
	case st.Mismatch != "":
		return p, policy.HeldForStaff, nil
	}
	return p, policy.AnswerHeld, nil
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
	t.Parallel()
	operator := &ent.Account{Roles: []role.Role{role.Member, role.Operator}}
	plan := Plan{Skips: []Skip{{"k0", Location{"f", 1}, "solved"}}}
	for _, k := range []string{"a", "b", "c"} {
		plan.Records = append(plan.Records, Record{Key: k, Loc: Location{"f", 2}})
	}
	// A record solved at its source goes to ImportSolved, and so does one the sources dispute.
	plan.Records = append(plan.Records,
		Record{Key: "d", Loc: Location{"f", 3}, Status: &policy.SourceStatus{Source: "s", Status: "proved"}},
		Record{Key: "e", Loc: Location{"f", 4}, Status: &policy.SourceStatus{Source: "s", Status: "proved", Mismatch: "m"}})
	var progress strings.Builder
	sum, err := Runner{Importer: refusingImporter{refuse: "b"}, Actor: operator, Progress: &progress, Every: 2}.Run(context.Background(), plan)
	if err != nil {
		t.Fatalf("Run() = %v", err)
	}
	if got, want := sum.String(), "created 2, answered 1 (held for staff with the source's answer), held 1, updated 0, unchanged 0, skipped 2"; got != want {
		t.Errorf("Run() = %q; want %q", got, want)
	}
	if got := sum.Skipped[1].String(); !strings.HasPrefix(got, "f:2: b: refused by intake: invalid input") {
		t.Errorf("Run() refused skip = %q", got)
	}
	if got, want := progress.String(), "import: 2/5 records (created 1, answered 0 (held for staff with the source's answer), held 0, updated 0, unchanged 0, skipped 2)\n"+
		"import: 4/5 records (created 2, answered 1 (held for staff with the source's answer), held 0, updated 0, unchanged 0, skipped 2)\n"+
		"import: 5/5 records (created 2, answered 1 (held for staff with the source's answer), held 1, updated 0, unchanged 0, skipped 2)\n"; got != want {
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
