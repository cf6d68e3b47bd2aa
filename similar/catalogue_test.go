package similar

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// fakeProblems is a Problems over a list of rows, each visible once its time has come.
type fakeProblems struct {
	rows   []Entry
	states map[string]string
	calls  int
	err    error
}

func (f *fakeProblems) StatementsChangedSince(_ context.Context, since time.Time, limit int) ([]Entry, error) {
	f.calls++
	if f.err != nil {
		return nil, f.err
	}
	var out []Entry
	for _, r := range f.rows {
		if r.Changed.After(since) && len(out) < limit {
			out = append(out, r)
		}
	}
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

func (f *fakeProblems) SolvedChangedSince(ctx context.Context, since time.Time, limit int) ([]Entry, error) {
	return f.StatementsChangedSince(ctx, since, limit)
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
	if diff := cmp.Diff(want, got); diff != "" {
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
	if diff := cmp.Diff(want, got); diff != "" {
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
