//go:build calibrate

package similar_test

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/similar"
)

// TestKnownAnswerOnSolvedStatements runs the gate on revisions whose statements are those of
// solved records, as written and as a near copy: the known-answer check must fail on every
// copy as written, naming the record and its locator, and must not pass a near copy.
func TestKnownAnswerOnSolvedStatements(t *testing.T) {
	solved := loadShared(t).Solved
	env := gates.Env{Solved: indexOf(solved)}
	g, _ := gates.ByName(gates.Duplicate)
	rng := rand.New(rand.NewPCG(3, 4))
	statements := map[string][]string{}
	for _, s := range solved {
		statements[s.Statement] = append(statements[s.Statement], s.ID)
	}
	exact, near, nearPassed := 0, 0, 0
	for i, s := range solved {
		rev := &gates.Revision{ProblemID: "TDB-" + strconv.Itoa(i+1), Title: "An open question", Statement: s.Statement}
		f := knownAnswer(t, g, rev, env)
		named := false
		for _, id := range statements[s.Statement] {
			named = named || strings.Contains(f.Behaviour, id)
		}
		if f.Verdict == gates.Fail && named && strings.Contains(f.Behaviour, "http") {
			exact++
		} else if len(s.Statement) > 0 {
			t.Errorf("known-answer on the statement of %s = %s %q; want FAIL naming it and its locator", s.ID, f.Verdict, f.Behaviour)
		}
		rev.Statement = similar.ChangeWords(similar.RenameVariables(similar.ReorderSentences(s.Statement, rng), rng), rng)
		if f := knownAnswer(t, g, rev, env); f.Verdict == gates.Pass {
			nearPassed++
		} else {
			near++
		}
	}
	t.Logf("%d solved records: %d exact copies fail, %d near copies fail or need a person, %d near copies pass",
		len(solved), exact, near, nearPassed)
	if ratio(near, len(solved)) < 0.95 {
		t.Errorf("%d of %d near copies of solved statements were caught; want at least 95%%", near, len(solved))
	}
}

func knownAnswer(t *testing.T, g *gates.Gate, rev *gates.Revision, env gates.Env) gates.Finding {
	t.Helper()
	res := gates.RunGate(context.Background(), g, rev, env, 0)
	for _, f := range res.Findings {
		if f.Check == "duplicate.known-answer" {
			return f
		}
	}
	t.Fatalf("no known-answer finding in %v", res)
	return gates.Finding{}
}

// TestDuplicateCalibrationOnRealPackets plants near duplicates into the index of real open
// problems as calibrate-gates does, and counts how often the gate reports them (FAIL or
// NEEDS_HUMAN naming the planted copy) and how often a clean record fails.
func TestDuplicateCalibrationOnRealPackets(t *testing.T) {
	recs := loadShared(t).Problems
	g, _ := gates.ByName(gates.Duplicate)
	rng := rand.New(rand.NewPCG(5, 6))
	caught, failed, n := 0, 0, 0
	for i, r := range recs {
		if i%3 != 0 { // a third of the records keeps the test quick
			continue
		}
		n++
		rev := &gates.Revision{ProblemID: r.ID, Title: r.Title, Statement: r.Statement}
		idx := similar.NewIndex()
		if !gates.DuplicateCalibration(rev, rng, idx) {
			t.Fatalf("DuplicateCalibration(%s) = false", r.ID)
		}
		res := gates.RunGate(t.Context(), g, rev, gates.Env{Problems: idx}, 0)
		for _, f := range res.Findings {
			if f.Check != "duplicate.near-duplicate" {
				continue
			}
			if (f.Verdict == gates.Fail || f.Verdict == gates.NeedsHuman) && strings.Contains(f.Behaviour, "TDB-calibration-") {
				caught++
			}
			if f.Verdict == gates.Fail {
				failed++
			}
			break
		}
	}
	t.Logf("planted near duplicates: %d of %d reported (%.1f%%), %d of them as FAIL", caught, n, 100*ratio(caught, n), failed)
	if ratio(caught, n) < 0.95 {
		t.Errorf("planted near duplicates reported %d of %d; want at least 95%%", caught, n)
	}
}
