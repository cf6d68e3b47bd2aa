package similar_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/imports"
	"github.com/theoremdb/theoremdb/seed"
	"github.com/theoremdb/theoremdb/similar"
)

// The tests in this file read the real data in ../shared/data: the open problems the importers
// plan from formal-conjectures and the Erdős problems database, and the catalogue of solved
// records the known-answer check searches. They are in the external test package because
// imports depends on policy, which depends on gates.

// findSharedData finds ../shared/data beside the module root, as imports/import_test.go does.
func findSharedData() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the package directory")
		}
		dir = parent
	}
	data := filepath.Join(dir, "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(data, "erdosproblems", "problems.yaml")); err != nil {
		return "", err
	}
	return data, nil
}

// sharedData returns the shared data directory. Outside CI a missing copy skips the test; in
// CI it fails.
func sharedData(tb testing.TB) string {
	tb.Helper()
	data, err := findSharedData()
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("shared data is required in CI: %v", err)
		}
		tb.Skipf("shared data not found, skipping (set CI=true to fail instead): %v", err)
	}
	return data
}

// dataRecord is one record of the shared data as the duplicate gate's indexes hold it.
type dataRecord struct {
	ID, Title, Statement, State, Locator string
	// Group is the formal-conjectures file the statement comes from. The records of
	// ErdosProblems/N.lean all state Erdős problem N or a variant of it.
	Group string
}

// sharedRecords are the open problems (every record PlanFormal and PlanErdos plan, the copies
// of Erdős problem N from both sources included) and the catalogue of solved records.
type sharedRecords struct {
	Problems []dataRecord
	Solved   []dataRecord
}

var (
	sharedOnce sync.Once
	sharedRecs *sharedRecords
	sharedErr  error
)

// formalCommit and formalAsOf describe the pinned snapshot of formal-conjectures.
const formalCommit = "488aade"

var formalAsOf = time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC)

// loadShared reads the shared data once per test binary.
func loadShared(tb testing.TB) *sharedRecords {
	tb.Helper()
	data := sharedData(tb)
	sharedOnce.Do(func() { sharedRecs, sharedErr = readShared(data) })
	if sharedErr != nil {
		tb.Fatal(sharedErr)
	}
	return sharedRecs
}

func readShared(data string) (*sharedRecords, error) {
	b, err := os.ReadFile(filepath.Join(data, "erdosproblems", "problems.yaml"))
	if err != nil {
		return nil, err
	}
	erdos, eIssues := imports.ParseErdos("problems.yaml", b)
	byNumber := map[string]imports.ErdosProblem{}
	for _, p := range erdos {
		byNumber[p.Number] = p
	}
	files, fIssues, err := imports.ReadFormal(os.DirFS(filepath.Join(data, "formal-conjectures", "FormalConjectures")))
	if err != nil {
		return nil, err
	}
	opt := imports.Options{Commit: formalCommit, AsOf: formalAsOf}
	out := &sharedRecords{}
	for _, plan := range []struct {
		prefix string
		plan   imports.Plan
	}{
		{"formal-conjectures/", imports.PlanFormal(files, append(eIssues, fIssues...), byNumber, opt)},
		{"erdosproblems/", imports.PlanErdos(erdos, eIssues, files, opt)},
	} {
		for _, r := range plan.plan.Records {
			if r.Status != nil {
				continue // solved at its source or disputed: imported archived or held, not an open record
			}
			out.Problems = append(out.Problems, dataRecord{ID: plan.prefix + r.Key, Title: r.Input.Title,
				Statement: r.Input.Statement, State: "PROSPECTING", Locator: r.Input.Provenance.SourceLocator, Group: r.Loc.File})
		}
	}

	// The solved catalogue: every theorem formal-conjectures files as category research
	// solved, and every Erdős problem the database calls proved, disproved or solved whose
	// statement ErdosProblems/N.lean gives.
	solved := map[string]int{}
	main := map[string]dataRecord{}
	for _, f := range files {
		research := 0
		for _, th := range f.Theorems {
			if th.Research() != "" {
				research++
			}
		}
		n, isErdos := strings.CutPrefix(strings.TrimSuffix(f.Path, ".lean"), "ErdosProblems/")
		for _, th := range f.Theorems {
			stmt := imports.Statement(th.Doc)
			if stmt == "" {
				continue
			}
			id, title := "formal-conjectures:"+f.Path+"#"+th.Name, strings.Join(strings.Fields(f.Heading), " ")
			if isErdos && th.Name == "erdos_"+n {
				id = "erdos:" + n
				main[n] = dataRecord{ID: id, Title: title, Statement: stmt, Group: f.Path}
			} else if research > 1 {
				title += " (" + th.Name + ")"
			}
			if th.Research() != "solved" {
				continue
			}
			solved[id] = len(out.Solved)
			out.Solved = append(out.Solved, dataRecord{ID: id, Title: title, Statement: stmt, State: "research solved",
				Locator: "https://github.com/google-deepmind/formal-conjectures/blob/" + formalCommit + "/FormalConjectures/" + f.Path + "#L" + strconv.Itoa(th.Line),
				Group:   f.Path})
		}
	}
	for _, p := range erdos {
		switch strings.TrimSuffix(p.Status.State, " (Lean)") {
		case "proved", "disproved", "solved":
		default:
			continue
		}
		r, ok := main[p.Number]
		if !ok {
			continue
		}
		r.State, r.Locator = p.Status.State, "https://www.erdosproblems.com/"+p.Number
		if i, dup := solved[r.ID]; dup {
			out.Solved[i].State, out.Solved[i].Locator = r.State+"; research solved", r.Locator
			continue
		}
		solved[r.ID] = len(out.Solved)
		out.Solved = append(out.Solved, r)
	}
	return out, nil
}

// benchReal returns the real statements for the benchmark, or none without the shared data.
func benchReal(tb testing.TB) []dataRecord {
	data, err := findSharedData()
	if err != nil {
		return nil
	}
	sharedOnce.Do(func() { sharedRecs, sharedErr = readShared(data) })
	if sharedErr != nil {
		tb.Fatal(sharedErr)
	}
	return append(append([]dataRecord{}, sharedRecs.Problems...), sharedRecs.Solved...)
}

func indexOf(recs []dataRecord) *similar.Index {
	idx := similar.NewIndex()
	for _, r := range recs {
		idx.Add(r.ID, r.Title, r.Statement, r.State, r.Locator)
	}
	return idx
}

// recallRow is one line of the recall table.
type recallRow struct {
	name                          string
	queries, relevant, found, hit int
}

func (r recallRow) recall() float64    { return ratio(r.hit, r.relevant) }
func (r recallRow) precision() float64 { return ratio(r.hit, r.found) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// TestDuplicateSearchFindsVariants indexes every open problem of the shared data and queries
// each: the search must find the other records of the same Erdős problem (its formal-conjectures
// variants erdos_N.variants.*, erdos_N.parts.*, and the copies of erdos:N from both importers)
// at the similarity the duplicate gate escalates, and little else. The table also gives the
// figures for the statement alone (no title) and for all files, whose theorems are often
// different problems under one heading.
func TestDuplicateSearchFindsVariants(t *testing.T) {
	recs := loadShared(t).Problems
	group := map[string]string{}
	size := map[string]int{}
	for _, r := range recs {
		group[r.ID] = r.Group
		size[r.Group]++
	}
	review := gates.DuplicateReviewThreshold
	var rows []recallRow
	for _, withTitle := range []bool{true, false} {
		idx := similar.NewIndex()
		for _, r := range recs {
			title := r.Title
			if !withTitle {
				title = ""
			}
			idx.Add(r.ID, title, r.Statement, r.State, r.Locator)
		}
		suffix := " (title and statement)"
		if !withTitle {
			suffix = " (statement only)"
		}
		erdos, all := recallRow{name: "Erdős problems" + suffix}, recallRow{name: "all files" + suffix}
		for _, r := range recs {
			title := r.Title
			if !withTitle {
				title = ""
			}
			cs, err := idx.Similar(t.Context(), title, r.Statement, r.ID, 100)
			if err != nil {
				t.Fatal(err)
			}
			row := recallRow{queries: 1, relevant: size[r.Group] - 1}
			for _, c := range cs {
				if c.Similarity < review {
					continue
				}
				row.found++
				if group[c.ID] == r.Group {
					row.hit++
				}
			}
			if strings.HasPrefix(r.Group, "ErdosProblems/") {
				erdos = erdos.add(row)
			}
			all = all.add(row)
		}
		rows = append(rows, erdos, all)
	}
	t.Logf("%-42s %7s %8s %7s %6s %7s %9s", "search at similarity ≥ "+strconv.FormatFloat(review, 'f', 2, 64), "queries", "relevant", "found", "hits", "recall", "precision")
	for _, r := range rows {
		t.Logf("%-42s %7d %8d %7d %6d %7.3f %9.3f", r.name, r.queries, r.relevant, r.found, r.hit, r.recall(), r.precision())
	}
	if e := rows[0]; e.recall() < 0.9 || e.precision() < 0.9 {
		t.Errorf("%s: recall %.3f, precision %.3f; want both ≥ 0.9", e.name, e.recall(), e.precision())
	}
}

func (r recallRow) add(o recallRow) recallRow {
	r.queries += o.queries
	r.relevant += o.relevant
	r.found += o.found
	r.hit += o.hit
	return r
}

// TestDuplicateGateOnImportedCopies runs the gate on every record PlanErdos makes, with the
// records of PlanFormal as the other problems: each is a copy of the formal-conjectures record
// of the same Erdős problem and must fail naming it.
func TestDuplicateGateOnImportedCopies(t *testing.T) {
	recs := loadShared(t).Problems
	var formal, erdos []dataRecord
	for _, r := range recs {
		if strings.HasPrefix(r.ID, "erdosproblems/") {
			erdos = append(erdos, r)
		} else {
			formal = append(formal, r)
		}
	}
	env := gates.Env{Problems: indexOf(formal)}
	g, _ := gates.ByName(gates.Duplicate)
	failed := 0
	for _, r := range erdos {
		rev := &gates.Revision{ProblemID: r.ID, Title: r.Title, Statement: r.Statement}
		res := gates.RunGate(t.Context(), g, rev, env, 0)
		twin := "formal-conjectures/" + strings.TrimPrefix(r.ID, "erdosproblems/")
		for _, f := range res.Findings {
			if f.Check == "duplicate.near-duplicate" && f.Verdict == gates.Fail && strings.Contains(f.Behaviour, twin) {
				failed++
				break
			}
		}
	}
	t.Logf("%d of %d Erdős-database records fail as copies of their formal-conjectures record", failed, len(erdos))
	if failed != len(erdos) {
		t.Errorf("%d of %d copies fail; want all", failed, len(erdos))
	}
}

// TestDuplicateGateOnCleanRealPackets runs the gate on every formal-conjectures record with
// the others as the live problems and the solved catalogue, and logs how often each search
// check fails or asks a person. The near-duplicate failures are records whose statement is,
// word for word, that of another record of the same file (formal-conjectures states some
// questions twice, as a big-O and a little-o version of one docstring): duplicates by the
// policy's measure, and counted here so that the calibration's false-fail figure can be read.
func TestDuplicateGateOnCleanRealPackets(t *testing.T) {
	shared := loadShared(t)
	var formal []dataRecord
	for _, r := range shared.Problems {
		if strings.HasPrefix(r.ID, "formal-conjectures/") {
			formal = append(formal, r)
		}
	}
	env := gates.Env{Problems: indexOf(formal), Solved: indexOf(shared.Solved), Claims: gates.StaticClaims{}}
	statements := map[string]int{}
	for _, r := range formal {
		statements[r.Statement]++
	}
	g, _ := gates.ByName(gates.Duplicate)
	counts := map[string]int{}
	identical := 0
	for _, r := range formal {
		rev := &gates.Revision{ProblemID: r.ID, Title: r.Title, Statement: r.Statement}
		seen := map[string]bool{}
		for _, f := range gates.RunGate(t.Context(), g, rev, env, 0).Findings {
			if f.Check != "duplicate.near-duplicate" && f.Check != "duplicate.known-answer" || seen[f.Check] {
				continue
			}
			seen[f.Check] = true
			counts[f.Check+" "+string(f.Verdict)]++
			if f.Verdict != gates.Fail {
				continue
			}
			if f.Check == "duplicate.known-answer" {
				t.Errorf("%s: known-answer FAIL on an open record: %s", r.ID, f.Behaviour)
			} else if statements[r.Statement] > 1 {
				identical++
			} else if os.Getenv("SHOW") != "" {
				t.Logf("%s: %.400s\n   %.300q", r.ID, f.Behaviour, r.Statement)
			}
		}
	}
	nd := counts["duplicate.near-duplicate FAIL"]
	t.Logf("%d formal-conjectures records: %v", len(formal), counts)
	t.Logf("near-duplicate FAIL on %d (%.1f%%), of which %d have a statement identical to another record's", nd, 100*ratio(nd, len(formal)), identical)
}

// TestDuplicateGateOnDemoPackets runs the gate on every demo packet (seed/problems.go) with the
// other demo problems as the problem index. The searching checks pass on every one but the two
// forms of Frankl's conjecture, union-closed and intersection-closed, which are equivalent by
// taking complements (the demo timeline merges one into the other): the search must put them
// before a person. With the shared data it also runs them against the real open problems and the solved
// catalogue and logs what they report; a FAIL there would be a demo problem that copies a real
// record, which none does.
func TestDuplicateGateOnDemoPackets(t *testing.T) {
	t.Parallel()
	g, _ := gates.ByName(gates.Duplicate)
	demo := similar.NewIndex()
	var revs []*gates.Revision
	for _, p := range seed.Packets() {
		id := "demo:" + strings.TrimSuffix(p.Key, "/revision")
		demo.Add(id, p.Input.Title, p.Input.Statement, "ACCEPTED", "")
		revs = append(revs, &gates.Revision{ProblemID: id, Title: p.Input.Title, Statement: p.Input.Statement})
	}
	env := gates.Env{Problems: demo, Solved: similar.NewIndex(), Claims: gates.StaticClaims{}}
	pair := map[string]string{"demo:union-closed": "demo:frankl-intersection", "demo:frankl-intersection": "demo:union-closed"}
	for _, r := range revs {
		for _, f := range gates.RunGate(t.Context(), g, r, env, 0).Findings {
			switch {
			case f.Check == "duplicate.equivalent-formulations":
			case f.Check == "duplicate.near-duplicate" && pair[r.ProblemID] != "":
				if f.Verdict != gates.NeedsHuman || !strings.Contains(f.Behaviour, pair[r.ProblemID]) {
					t.Errorf("%s: %s = %s: %s; want NEEDS_HUMAN naming %s", r.ProblemID, f.Check, f.Verdict, f.Behaviour, pair[r.ProblemID])
				}
			case f.Verdict != gates.Pass:
				t.Errorf("%s: %s = %s: %s", r.ProblemID, f.Check, f.Verdict, f.Behaviour)
			}
		}
	}
	data, err := findSharedData()
	if err != nil {
		return
	}
	sharedOnce.Do(func() { sharedRecs, sharedErr = readShared(data) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	env = gates.Env{Problems: indexOf(sharedRecs.Problems), Solved: indexOf(sharedRecs.Solved), Claims: gates.StaticClaims{}}
	counts := map[string]int{}
	for _, r := range revs {
		for _, f := range gates.RunGate(t.Context(), g, r, env, 0).Findings {
			if f.Check == "duplicate.near-duplicate" || f.Check == "duplicate.known-answer" {
				counts[f.Check+" "+string(f.Verdict)]++
				if f.Verdict != gates.Pass {
					t.Logf("%s against the shared data: %s = %s: %.300s", r.ProblemID, f.Check, f.Verdict, f.Behaviour)
				}
				if f.Verdict == gates.Fail {
					t.Errorf("%s: %s = FAIL against the shared data: %s", r.ProblemID, f.Check, f.Behaviour)
				}
			}
		}
	}
	t.Logf("%d demo packets against the shared data: %v", len(revs), counts)
}
