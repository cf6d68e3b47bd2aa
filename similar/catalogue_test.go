package similar

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"
)

// fakeProblems is a Problems over a list of rows, each visible once its time has come.
type fakeProblems struct {
	rows   []Entry
	states map[string]string
	calls  int
	read   int // rows returned, over all calls
	err    error
}

func (f *fakeProblems) StatementsChangedSince(_ context.Context, after Cursor, limit int) ([]Entry, error) {
	f.calls++
	if f.err != nil {
		return nil, f.err
	}
	rows := slices.Clone(f.rows)
	slices.SortStableFunc(rows, func(a, b Entry) int { return cmp.Or(a.Changed.Compare(b.Changed), strings.Compare(a.ID, b.ID)) })
	var out []Entry
	for _, r := range rows {
		if (r.Changed.After(after.At) || r.Changed.Equal(after.At) && r.ID > after.ID) && len(out) < limit {
			out = append(out, r)
		}
	}
	f.read += len(out)
	return out, nil
}

func (f *fakeProblems) ProblemStates(_ context.Context, ids []string) (map[string]string, error) {
	out := map[string]string{}
	for _, id := range ids {
		if st, ok := f.states[id]; ok {
			out[id] = st
		}
	}
	return out, nil
}

func (f *fakeProblems) SolvedChangedSince(ctx context.Context, after Cursor, limit int) ([]Entry, error) {
	return f.StatementsChangedSince(ctx, after, limit)
}

// TestProblemIndex: the index loads on the first search, catches up with later changes, drops
// a removed problem, reads each candidate's state fresh and leaves out one that is gone; a
// problem's locator is its page.
func TestProblemIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t0 := time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)
	src := &fakeProblems{
		rows:   []Entry{{ID: "TDB-1", Title: "Twin primes", Statement: twin, State: "PROSPECTING", Changed: t0}},
		states: map[string]string{"TDB-1": "ACCEPTED"},
	}
	x := NewProblemIndex(src)
	got, err := x.Similar(ctx, "", twin, "", 5)
	if err != nil {
		t.Fatal(err)
	}
	want := []Candidate{{ID: "TDB-1", Title: "Twin primes", Similarity: 1, State: "ACCEPTED", Locator: "/p/TDB-1"}}
	if diff := gocmp.Diff(want, got); diff != "" {
		t.Errorf("Similar(twin) (-want +got):\n%s", diff)
	}

	src.rows = append(src.rows, Entry{ID: "TDB-2", Title: "Collatz", Statement: collatz, State: "PROSPECTING", Changed: t0.Add(time.Minute)})
	src.states["TDB-2"] = "PROSPECTING"
	if got, _ := x.Similar(ctx, "", collatz, "", 5); len(got) != 1 || got[0].ID != "TDB-2" {
		t.Errorf("Similar(collatz) after TDB-2 was added = %v; want TDB-2", got)
	}

	src.rows = append(src.rows, Entry{ID: "TDB-1", Title: "Twin primes", Statement: twin, State: "REMOVED", Changed: t0.Add(2 * time.Minute)})
	if got, _ := x.Similar(ctx, "", twin, "", 5); len(got) != 0 {
		t.Errorf("Similar(twin) after TDB-1 was removed = %v; want none", got)
	}

	delete(src.states, "TDB-2")
	if got, _ := x.Similar(ctx, "", collatz, "", 5); len(got) != 0 {
		t.Errorf("Similar(collatz) when TDB-2 has no state = %v; want none", got)
	}
}

func TestCatalogueLoadError(t *testing.T) {
	t.Parallel()
	src := &fakeProblems{err: errors.New("database offline")}
	if _, err := NewProblemIndex(src).Similar(context.Background(), "", twin, "", 5); !errors.Is(err, src.err) {
		t.Errorf("ProblemIndex.Similar with a failing source = %v; want %v", err, src.err)
	}
	if _, err := NewSolvedIndex(src).Similar(context.Background(), "", twin, "", 5); !errors.Is(err, src.err) {
		t.Errorf("SolvedIndex.Similar with a failing source = %v; want %v", err, src.err)
	}
}

// TestSolvedIndex: a solved record keeps its status and locator as its source gives them.
func TestSolvedIndex(t *testing.T) {
	t.Parallel()
	src := &fakeProblems{rows: []Entry{{ID: "solved:catalan", Title: "Catalan", Statement: collatz, State: "proved",
		Locator: "https://example.org/catalan", Changed: time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)}}}
	got, err := NewSolvedIndex(src).Similar(context.Background(), "", collatz, "", 5)
	if err != nil {
		t.Fatal(err)
	}
	want := []Candidate{{ID: "solved:catalan", Title: "Catalan", Similarity: 1, State: "proved", Locator: "https://example.org/catalan"}}
	if diff := gocmp.Diff(want, got); diff != "" {
		t.Errorf("SolvedIndex.Similar (-want +got):\n%s", diff)
	}
}

// TestCatchUpPages: a catch-up reads batch after batch until one comes back short.
func TestCatchUpPages(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)
	src := &fakeProblems{}
	for i := range catchUpBatch + 1 {
		src.rows = append(src.rows, Entry{ID: "S" + string(rune('a'+i%26)) + time.Duration(i).String(), Statement: "Prove that $x$ is finite.",
			State: "proved", Changed: t0.Add(time.Duration(i) * time.Second)})
	}
	x := NewSolvedIndex(src)
	if _, err := x.Similar(context.Background(), "", twin, "", 5); err != nil {
		t.Fatal(err)
	}
	if src.calls != 2 || x.cat.index.Len() != catchUpBatch+1 {
		t.Errorf("catch-up read %d batches into %d statements; want 2 batches, %d statements", src.calls, x.cat.index.Len(), catchUpBatch+1)
	}
}

// TestCatchUpTies: rows that changed at one time (a batch of submissions) are read past a
// batch's end by their IDs, all in one catch-up, none skipped and none read twice.
func TestCatchUpTies(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)
	src := &fakeProblems{}
	n := catchUpBatch + 500
	for i := range n {
		src.rows = append(src.rows, Entry{ID: fmt.Sprintf("S%05d", i), Statement: "Prove that $x$ is finite.", State: "proved", Changed: t0})
	}
	x := NewSolvedIndex(src)
	read, err := x.CatchUp(context.Background())
	if err != nil || read != n {
		t.Fatalf("CatchUp() = %d, %v; want %d rows read", read, err, n)
	}
	if src.calls != 2 || src.read != n || x.cat.index.Len() != n {
		t.Errorf("catch-up of %d rows changed at one time: %d batches, %d rows read, %d statements; want 2, %d, %d",
			n, src.calls, src.read, x.cat.index.Len(), n, n)
	}
}

// TestCatchUpPassesOverUnchanged: a catch-up reads the last seconds again (catchUpOverlap) but
// indexes again only what changed since it read it; once out of the overlap nothing is read
// again.
func TestCatchUpPassesOverUnchanged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t0 := time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)
	src := &fakeProblems{states: map[string]string{}}
	for i := range 3 {
		id := fmt.Sprintf("TDB-%d", i+1)
		src.rows = append(src.rows, Entry{ID: id, Title: "Twin primes", Statement: twin, State: "PROSPECTING", Changed: t0.Add(time.Duration(i) * time.Second)})
		src.states[id] = "PROSPECTING"
	}
	x := NewProblemIndex(src)
	search := func() {
		t.Helper()
		if _, err := x.Similar(ctx, "", twin, "", 5); err != nil {
			t.Fatal(err)
		}
	}
	search()
	if x.cat.index.pending != 3 {
		t.Fatalf("first catch-up indexed %d statements; want 3", x.cat.index.pending)
	}
	search()
	if x.cat.index.pending != 3 || src.read != 6 {
		t.Errorf("a catch-up with nothing changed indexed %d statements (want none again) and read %d rows (want the 3 of the overlap again)",
			x.cat.index.pending-3, src.read-3)
	}
	src.rows[1].Changed = t0.Add(5 * time.Second)
	src.rows[1].Statement = collatz
	search()
	if x.cat.index.pending != 4 {
		t.Errorf("a catch-up after one change indexed %d statements; want 1", x.cat.index.pending-3)
	}
	if got, _ := x.Similar(ctx, "", collatz, "", 5); len(got) != 1 || got[0].ID != "TDB-2" {
		t.Errorf("Similar(collatz) after TDB-2 changed = %v; want TDB-2", got)
	}
	// A change a minute later moves the overlap past the first three: they are read no more.
	src.rows = append(src.rows, Entry{ID: "TDB-4", Title: "Goldbach", Statement: twin, State: "PROSPECTING", Changed: t0.Add(time.Minute)})
	src.states["TDB-4"] = "PROSPECTING"
	search()
	before := src.read
	search()
	if src.read-before != 1 || len(x.cat.recent) != 1 {
		t.Errorf("a minute on, a catch-up read %d rows and remembers %d; want only the last change's 1 and 1", src.read-before, len(x.cat.recent))
	}
}
