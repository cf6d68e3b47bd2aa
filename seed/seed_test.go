package seed

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/role"
)

// testNow is the present of the seeded history in tests.
var testNow = time.Date(2026, time.December, 1, 12, 0, 0, 0, time.UTC)

// wantSummary is the spread of states the timeline is meant to produce.
var wantSummary = Summary{
	Accounts:           len(accounts),
	Problems:           26,
	Prospecting:        10,
	AcceptedByDefault:  9,
	AcceptedByReviewer: 5,
	Archived:           1,
	Merged:             1,
	Revised:            1,
	Decisions:          9, // five qualify, an archive, a merge, a keep-prospecting, and a second review that splits
}

func seeded(t *testing.T, dialectName string, cfg policy.Config) (*db.DB, Summary) {
	t.Helper()
	d := dbtest.Open(t, dialectName)
	sum, err := Run(context.Background(), d, cfg, nil, testNow, nil)
	if err != nil {
		t.Fatalf("Run() = %v", err)
	}
	return d, sum
}

// seededDemo is a database of the test's own holding what Run seeds with the default
// configuration at testNow, and Run's summary: a copy of a database seeded once per dialect in
// the test process (dbtest.OpenCopy), for the tests that read that history or run on it.
func seededDemo(t *testing.T, dialectName string) (*db.DB, Summary) {
	t.Helper()
	d := dbtest.OpenCopy(t, dialectName, "seed.Run(policy.Config{}, testNow)", func(ctx context.Context, d *db.DB) error {
		sum, err := Run(ctx, d, policy.Config{}, nil, testNow, nil)
		if err != nil {
			return err
		}
		demoSummaries.Lock()
		defer demoSummaries.Unlock()
		demoSummaries.of[dialectName] = sum
		return nil
	})
	demoSummaries.Lock()
	defer demoSummaries.Unlock()
	return d, demoSummaries.of[dialectName]
}

// demoSummaries are Run's summaries of the databases seededDemo copies, by dialect.
var demoSummaries = struct {
	sync.Mutex
	of map[string]Summary
}{of: map[string]Summary{}}

// byTitle maps the current title of every problem to the problem.
func byTitle(t *testing.T, c *ent.Client) map[string]*ent.Problem {
	t.Helper()
	ps, err := c.Problem.Query().WithCurrentRevision().All(context.Background())
	if err != nil {
		t.Fatalf("problems: %v", err)
	}
	out := map[string]*ent.Problem{}
	for _, p := range ps {
		out[p.Edges.CurrentRevision.Title] = p
	}
	return out
}

func titleOf(t *testing.T, key string) string {
	t.Helper()
	for _, p := range problems {
		if p.Key == key {
			if p.Revision != nil {
				return p.Revision.Input.Title
			}
			return p.Input.Title
		}
	}
	t.Fatalf("no demo problem %q", key)
	return ""
}

func TestRun(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d, sum := seededDemo(t, dialectName)
		if sum.Problems < 25 || sum.Problems != len(problems) {
			t.Errorf("Run() seeded %d problems; want all %d demo problems and at least 25", sum.Problems, len(problems))
		}
		if diff := cmp.Diff(wantSummary, sum, cmpopts.IgnoreFields(Summary{}, "Deadlines")); diff != "" {
			t.Errorf("Run() summary (-want +got):\n%s", diff)
		}

		// The challenge periods still running end on different days.
		days := map[string]bool{}
		for _, dl := range sum.Deadlines {
			if !dl.After(testNow) {
				t.Errorf("prospecting problem has deadline %s, not after now %s", dl, testNow)
			}
			days[dl.Format(time.DateOnly)] = true
		}
		if len(days) < 3 {
			t.Errorf("future deadlines fall on %d distinct days; want at least 3", len(days))
		}
		if n := len(sum.Deadlines); n < 3 || sum.Deadlines[n-1].Sub(sum.Deadlines[0]) < 3*day {
			t.Errorf("future deadlines %v span less than three days", sum.Deadlines)
		}

		svc := policy.New(d, policy.Config{})
		if _, err := svc.VerifyLog(ctx); err != nil {
			t.Errorf("VerifyLog() = %v", err)
		}
		evs, err := d.Ent().Event.Query().Order(ent.Asc(event.FieldSeq)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for i, ev := range evs {
			if ev.At.After(testNow) {
				t.Errorf("event %d at %s is after now %s", ev.Seq, ev.At, testNow)
			}
			if i > 0 && ev.At.Before(evs[i-1].At) {
				t.Errorf("event %d at %s is before event %d at %s", ev.Seq, ev.At, evs[i-1].Seq, evs[i-1].At)
			}
		}

		// Every demo problem was submitted and stored with all its references.
		c := d.Ent()
		probs := byTitle(t, c)
		for _, dp := range problems {
			in := dp.Input
			if dp.Revision != nil {
				in = dp.Revision.Input
			}
			p, ok := probs[in.Title]
			if !ok {
				t.Errorf("demo problem %s (%q) was not seeded", dp.Key, in.Title)
				continue
			}
			n, err := p.Edges.CurrentRevision.QueryReferences().Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n != len(in.References) {
				t.Errorf("%s stores %d references; want %d", dp.Key, n, len(in.References))
			}
		}

		// The special cases of the timeline landed where they should.
		merged, survivor := probs[titleOf(t, "frankl-intersection")], probs[titleOf(t, "union-closed")]
		if merged.State != problem.StateMERGED || merged.MergedIntoID == nil || *merged.MergedIntoID != survivor.ID {
			t.Errorf("frankl-intersection is %s merged into %v; want MERGED into %s", merged.State, merged.MergedIntoID, survivor.ID)
		}
		archived := probs[titleOf(t, "sensitivity")]
		if _, err := c.Decision.Query().Where(decision.ProblemID(archived.ID),
			decision.ReasonCodeEQ(decision.ReasonCodeKNOWN_ANSWER)).Only(ctx); err != nil || archived.State != problem.StateARCHIVED {
			t.Errorf("sensitivity is %s with known-answer decision error %v; want ARCHIVED with KNOWN_ANSWER", archived.State, err)
		}
		runner := probs[titleOf(t, "lonely-runner")]
		reqs, err := policy.OpenRevisionRequests(ctx, c, []string{*runner.CurrentRevisionID})
		if err != nil {
			t.Fatal(err)
		}
		if runner.State != problem.StatePROSPECTING || len(reqs[*runner.CurrentRevisionID]) == 0 {
			t.Errorf("lonely-runner is %s with %d open revision requests; want PROSPECTING with some", runner.State, len(reqs[*runner.CurrentRevisionID]))
		}
		legendre := probs[titleOf(t, "legendre")]
		if legendre.Edges.CurrentRevision.Number != 2 {
			t.Errorf("legendre's current revision is %d; want 2", legendre.Edges.CurrentRevision.Number)
		}
	})
}

// TestRunShortWindow seeds with a challenge window of seconds, as
// end-to-end tests configure it: the history scales and keeps its shape.
func TestRunShortWindow(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		_, sum := seeded(t, dialectName, policy.Config{ChallengeWindow: 30 * time.Second})
		if diff := cmp.Diff(wantSummary, sum, cmpopts.IgnoreFields(Summary{}, "Deadlines")); diff != "" {
			t.Errorf("Run() summary with a 30s window (-want +got):\n%s", diff)
		}
	})
}

func TestRunTwiceRefused(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d, sum := seededDemo(t, dialectName)
		_, err := Run(ctx, d, policy.Config{}, nil, testNow.Add(time.Hour), nil)
		if !errors.Is(err, ErrNotEmpty) {
			t.Errorf("second Run() = %v; want ErrNotEmpty", err)
		}
		n, err := d.Ent().Problem.Query().Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n != sum.Problems {
			t.Errorf("after the refused Run() there are %d problems; want %d", n, sum.Problems)
		}
	})
}

// TestRunRefusesLaterLog refuses to write a history that would start
// before events already in the log.
func TestRunRefusesLaterLog(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d := dbtest.Open(t, dialectName)
		svc := policy.New(d, policy.Config{}, policy.WithClock(fixedClock(testNow.Add(-time.Hour))))
		if _, err := svc.CreateAccount(ctx, "early-bird", "", []role.Role{role.Operator}); err != nil {
			t.Fatal(err)
		}
		_, err := Run(ctx, d, policy.Config{}, nil, testNow, nil)
		if err == nil || !strings.Contains(err.Error(), "event log already has events") {
			t.Errorf("Run() after a recent event = %v; want a refusal naming the event log", err)
		}
	})
}

type fixedClock time.Time

func (c fixedClock) Now() time.Time { return time.Time(c) }

// TestProblemsPassIntake submits every demo revision on its own, so a
// problem that intake refuses is named with its field errors.
func TestProblemsPassIntake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t, dbtest.Dialects[0])
	svc := policy.New(d, policy.Config{}, policy.WithClock(fixedClock(testNow)))
	for _, dp := range problems {
		// One account per problem, so that no submission runs out of
		// reputation to escrow.
		member, err := svc.CreateAccount(ctx, "i-"+dp.Key, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		ins := []policy.ProblemInput{dp.Input}
		if dp.Revision != nil {
			ins = append(ins, dp.Revision.Input)
		}
		for i, in := range ins {
			if _, err := svc.Submit(ctx, member, in); err != nil {
				t.Errorf("Submit(%s revision %d) = %v", dp.Key, i+1, err)
			}
		}
	}
}

func TestDataIsWellFormed(t *testing.T) {
	t.Parallel()
	keys := map[string]bool{}
	for _, dp := range problems {
		if keys[dp.Key] {
			t.Errorf("demo problem key %q is used twice", dp.Key)
		}
		keys[dp.Key] = true
		if !slices.ContainsFunc(accounts, func(a demoAccount) bool { return a.Handle == dp.Proposer && len(a.Roles) == 0 }) {
			t.Errorf("%s: proposer @%s is not a demo member account", dp.Key, dp.Proposer)
		}
		ins := []policy.ProblemInput{dp.Input}
		if dp.Revision != nil {
			ins = append(ins, dp.Revision.Input)
		}
		for _, in := range ins {
			if n := len(in.References); n < 1 || n > 4 {
				t.Errorf("%s has %d references; want 1 to 4", dp.Key, n)
			}
			for _, r := range in.References {
				id, err := records.Parse(r.Identifier)
				switch {
				case err != nil:
					t.Errorf("%s: records.Parse(%q) = %v", dp.Key, r.Identifier, err)
				case id.Kind != records.DOI && id.Kind != records.ArXiv && id.Kind != records.ISBN:
					t.Errorf("%s: records.Parse(%q).Kind = %s; want DOI, ARXIV or ISBN", dp.Key, r.Identifier, id.Kind)
				}
			}
			if in.ReferenceSearch.CheckedOn.Year() != 2026 || in.ReferenceSearch.CheckedOn.Month() != time.November {
				t.Errorf("%s: reference search dated %s; want November 2026", dp.Key, in.ReferenceSearch.CheckedOn)
			}
		}
	}
	submitted := map[string]int{}
	for _, st := range timeline {
		if !keys[st.Key] {
			t.Errorf("timeline step names unknown problem %q", st.Key)
		}
		if st.Kind == stepSubmit {
			submitted[st.Key]++
		}
	}
	for k := range keys {
		if submitted[k] != 1 {
			t.Errorf("problem %s is submitted %d times in the timeline; want once", k, submitted[k])
		}
	}
}

func TestReplayClock(t *testing.T) {
	t.Parallel()
	start := testNow.Add(-time.Hour)
	c := newReplayClock(start, testNow)
	if err := c.Set(start.Add(time.Minute)); err != nil {
		t.Errorf("Set(forward) = %v", err)
	}
	if err := c.Set(start); err == nil {
		t.Errorf("Set(backward) = nil; want an error")
	}
	if err := c.Set(testNow.Add(time.Nanosecond)); err == nil {
		t.Errorf("Set(after the end) = nil; want an error")
	}
	if got, want := c.Now(), start.Add(time.Minute); !got.Equal(want) {
		t.Errorf("Now() = %s; want %s", got, want)
	}
}
