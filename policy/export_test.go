package policy_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/seed"
)

var exportNow = time.Date(2026, time.December, 1, 12, 0, 0, 0, time.UTC)

// seededService is a service on a database holding the demo data.
func seededService(t *testing.T, dialectName string) *policy.Service {
	t.Helper()
	// The demo data is seeded once per dialect in the test process; each test has its own copy.
	d := dbtest.OpenCopy(t, dialectName, "demo at exportNow", func(ctx context.Context, d *db.DB) error {
		_, err := seed.Run(ctx, d, policy.Config{}, nil, exportNow, nil)
		return err
	})
	svc := policy.New(d, policy.Config{}, policy.WithClock(policytest.NewClock(exportNow)))
	a, err := svc.CreateAccount(context.Background(), "tagger", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	in := validInput()
	in.Tags = []string{"number theory", "egyptian fractions & unit sums"}
	if _, err := svc.Submit(context.Background(), a, in); err != nil {
		t.Fatalf("Submit() = %v", err)
	}
	return svc
}

func exportJSONL(t *testing.T, svc *policy.Service) []string {
	t.Helper()
	var b bytes.Buffer
	flushes := 0
	if err := svc.ExportJSONL(context.Background(), &b, policy.ExportOptions{BaseURL: "https://theoremdb.test",
		Flush: func() { flushes++ }}); err != nil {
		t.Fatalf("ExportJSONL() = %v", err)
	}
	if flushes == 0 {
		t.Errorf("ExportJSONL() never flushed")
	}
	return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
}

// TestExportRoundTrip exports the demo data, restores the export into an empty database and
// exports again: apart from the time of export the two files are the same, byte for byte.
func TestExportRoundTrip(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		src := seededService(t, dialectName)
		first := exportJSONL(t, src)

		var h policy.ExportHeader
		if err := json.Unmarshal([]byte(first[0]), &h); err != nil {
			t.Fatalf("header: %v", err)
		}
		if h.Format != policy.ExportFormat || h.Version != 1 || h.Licence != "CC BY-SA 4.0" || !h.ExportedAt.Equal(exportNow) {
			t.Errorf("header = %+v", h)
		}
		public, err := src.Client().Problem.Query().Where(problem.StateNEQ(problem.StateREMOVED)).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(first) - 1; got != public {
			t.Errorf("export has %d problems; want the %d public ones", got, public)
		}
		merged, tagged := 0, 0
		for _, line := range first[1:] {
			var p policy.ExportProblem
			if err := json.Unmarshal([]byte(line), &p); err != nil {
				t.Fatalf("problem line: %v", err)
			}
			if p.State == "MERGED" {
				merged++
				if p.MergedInto == "" || p.MergedAt == nil {
					t.Errorf("merged %s: mergedInto %q, mergedAt %v", p.ID, p.MergedInto, p.MergedAt)
				}
			}
			if len(p.Revision.Tags) > 0 {
				tagged++
			}
			if p.URL != "https://theoremdb.test/p/"+p.ID {
				t.Errorf("%s url = %q", p.ID, p.URL)
			}
		}
		if merged == 0 || tagged == 0 {
			t.Errorf("the export has %d merged and %d tagged problems; want some of each", merged, tagged)
		}

		dst := dbtest.Open(t, dialectName)
		svc := policy.New(dst, policy.Config{}, policy.WithClock(policytest.NewClock(exportNow.Add(time.Hour))))
		op, err := svc.CreateAccount(ctx, "restorer", "", []role.Role{role.Operator})
		if err != nil {
			t.Fatal(err)
		}
		sum, err := svc.Restore(ctx, op, strings.NewReader(strings.Join(first, "\n")+"\n"))
		if err != nil {
			t.Fatalf("Restore() = %v", err)
		}
		if sum.Problems != public {
			t.Errorf("Restore() restored %d problems; want %d", sum.Problems, public)
		}
		second := exportJSONL(t, svc)
		if diff := cmp.Diff(first[1:], second[1:]); diff != "" {
			t.Errorf("export after restore differs (-first +second):\n%s", diff)
		}
		if _, err := policy.ResolveProblemID(ctx, svc.Client(), "union-closed-sets-conjecture"); err != nil {
			t.Errorf("a restored slug does not resolve: %v", err)
		}
		srcTags, err := src.TagCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		dstTags, err := svc.TagCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(srcTags, dstTags); diff != "" || len(dstTags) == 0 {
			t.Errorf("tag counts after restore (-before +after):\n%s", diff)
		}
		if l, err := svc.ListProblems(ctx, policy.ListQuery{Search: "Straus", First: 10}); err != nil || l.Total == 0 {
			t.Errorf("search after restore finds %v (%v); want the restored problem", l, err)
		}
		if _, err := svc.Restore(ctx, op, strings.NewReader(strings.Join(first, "\n"))); policy.FieldErrors(err) == nil ||
			policy.FieldErrors(err)[0].Code != policy.CodeConflict {
			t.Errorf("Restore() into a database with problems = %v; want a conflict", err)
		}
		n, err := svc.VerifyLog(ctx)
		if err != nil || n == 0 {
			t.Errorf("VerifyLog() after restore = %d, %v", n, err)
		}
		p, err := svc.Submit(ctx, op, validInput())
		if err != nil {
			t.Fatalf("Submit() after restore = %v", err)
		}
		if want := policy.ProblemID(int64(lastNumber(t, first) + 1)); p.ID != want {
			t.Errorf("the first problem after a restore is %s; want %s", p.ID, want)
		}
	})
}

func lastNumber(t *testing.T, lines []string) int {
	t.Helper()
	var p policy.ExportProblem
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &p); err != nil {
		t.Fatal(err)
	}
	return p.Number
}

// TestRestoreRefuses checks that only an operator restores, and only a file that says it is
// an export of a version this one reads.
func TestRestoreRefuses(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		f := newFixture(t, dialectName)
		ctx := context.Background()
		if _, err := f.svc.Restore(ctx, f.member, strings.NewReader(`{"format":"theoremdb-export","version":1}`)); err == nil {
			t.Errorf("Restore() by a member succeeded")
		}
		for name, in := range map[string]string{
			"format":  `{"format":"other","version":1}`,
			"version": `{"format":"theoremdb-export","version":2}`,
			"header":  `not json`,
		} {
			_, err := f.svc.Restore(ctx, f.operator, strings.NewReader(in))
			if fes := policy.FieldErrors(err); fes == nil || fes[0].Code != policy.CodeInvalid {
				t.Errorf("Restore(%s) = %v; want an invalid refusal", name, err)
			}
		}
	})
}

// TestExportCSV checks the CSV export: the documented columns, one row per public problem, and
// references and decisions as JSON cells.
func TestExportCSV(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		svc := seededService(t, dialectName)
		var b bytes.Buffer
		if err := svc.ExportCSV(context.Background(), &b, policy.ExportOptions{}); err != nil {
			t.Fatalf("ExportCSV() = %v", err)
		}
		rows, err := csv.NewReader(&b).ReadAll()
		if err != nil {
			t.Fatalf("CSV does not parse: %v", err)
		}
		if diff := cmp.Diff(policy.ExportCSVColumns, rows[0]); diff != "" {
			t.Errorf("header (-want +got):\n%s", diff)
		}
		lines := exportJSONL(t, svc)
		if len(rows) != len(lines) {
			t.Errorf("CSV has %d rows; want %d (a header and one per problem)", len(rows), len(lines))
		}
		col := map[string]int{}
		for i, c := range rows[0] {
			col[c] = i
		}
		for _, r := range rows[1:] {
			var decisions []policy.ExportDecision
			if err := json.Unmarshal([]byte(r[col["decisions"]]), &decisions); err != nil {
				t.Errorf("%s decisions cell: %v", r[0], err)
			}
			var refs []policy.ExportRef
			if err := json.Unmarshal([]byte(r[col["references"]]), &refs); err != nil {
				t.Errorf("%s references cell: %v", r[0], err)
			}
			if r[col["title"]] == "" || r[col["statement"]] == "" {
				t.Errorf("%s has no title or statement", r[0])
			}
		}
	})
}
