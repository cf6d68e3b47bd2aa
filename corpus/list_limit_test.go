package corpus_test

import (
	"context"
	"errors"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// TestListLimitsAgreeAcrossDatabases: Stops, Snapshots and OpenChangeRequests
// read a limit of 0 or less as an empty page, on PostgreSQL and SQLite alike
// (a negative one was every row on SQLite and an error on PostgreSQL, and 0
// was every row on both), and a limit past the rows returns them all.
func TestListLimitsAgreeAcrossDatabases(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		f.stopAgent(t)
		if _, err := f.svc.PublishRates(ctx, "acc_op", "2026.12", month); err != nil {
			t.Fatal(err)
		}
		lists := map[string]func(int) (int, error){
			"Stops": func(n int) (int, error) {
				rs, err := f.svc.Stops(ctx, n)
				return len(rs), err
			},
			"Snapshots": func(n int) (int, error) {
				rs, err := f.svc.Snapshots(ctx, n)
				return len(rs), err
			},
			"OpenChangeRequests": func(n int) (int, error) {
				rs, err := f.svc.OpenChangeRequests(ctx, n)
				return len(rs), err
			},
		}
		stops, err := f.svc.Stops(ctx, 1)
		if err != nil || len(stops) != 1 {
			t.Fatalf("Stops(1) = %d, %v", len(stops), err)
		}
		if one, err := f.svc.Stop(ctx, stops[0].ID); err != nil || one.ID != stops[0].ID || one.Stratum.Key() != stops[0].Stratum.Key() {
			t.Errorf("Stop(%s) = %+v, %v; want the listed stop", stops[0].ID, one, err)
		}
		if _, err := f.svc.Stop(ctx, "cs_none"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("Stop(unknown) = %v; want ErrNotFound", err)
		}
		for name, list := range lists {
			all, err := list(100)
			if err != nil || all == 0 {
				t.Fatalf("%s(100) = %d rows, %v; want some", name, all, err)
			}
			for _, limit := range []int{-1, -100, 0} {
				if n, err := list(limit); n != 0 || err != nil {
					t.Errorf("%s(%d) = %d rows, %v; want none and no error", name, limit, n, err)
				}
			}
			if n, err := list(1); n != 1 || err != nil {
				t.Errorf("%s(1) = %d rows, %v; want one", name, n, err)
			}
		}
	})
}
