package corpus_test

import (
	"context"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
)

// TestCanaryWeeks: the weekly canary reports read back by the Monday of the
// week they ran in, newest week first, then newest month, then by
// configuration; a later report in the same week stands for it, keeping a
// stop an earlier one recorded; no canary stop in force is StoppedNow.
func TestCanaryWeeks(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		if ws, err := f.svc.CanaryWeeks(ctx); err != nil || len(ws) != 0 {
			t.Fatalf("CanaryWeeks with no report = %+v, %v; want none", ws, err)
		}
		const laneA, laneB = "THEOREM|lane_a|m-1|p-1|", "THEOREM|lane_b|m-2|p-1|"
		report := func(month, stratum string, taken, proved int, stopped bool) {
			t.Helper()
			err := f.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
				_, err := w.AppendPrivate(ctx, policy.SystemActor, corpus.AuthorityRecord, corpus.KindCanaryReport, "canaries:"+month,
					map[string]any{"month": month, "stratum": stratum, "taken": taken, "proved": proved,
						"share": float64(proved) / float64(taken), "stopped": stopped})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		// Tuesday 1 December 2026, in the week of Monday 30 November.
		report("2026-12", laneB, 4, 1, true)
		report("2026-12", laneA, 4, 0, false)
		report("2026-11", laneA, 3, 0, false)
		f.clock.Advance(24 * time.Hour) // Wednesday, the same week
		report("2026-12", laneB, 5, 0, false)
		f.clock.Advance(6 * 24 * time.Hour) // Tuesday 8 December
		report("2026-12", laneA, 6, 0, false)

		ws, err := f.svc.CanaryWeeks(ctx)
		if err != nil {
			t.Fatal(err)
		}
		mon30 := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
		dec7 := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
		want := []struct {
			week          time.Time
			month, key    string
			taken, proved int
			stopped       bool
		}{
			{dec7, "2026-12", laneA, 6, 0, false},
			{mon30, "2026-12", laneA, 4, 0, false},
			{mon30, "2026-12", laneB, 5, 0, true},
			{mon30, "2026-11", laneA, 3, 0, false},
		}
		if len(ws) != len(want) {
			t.Fatalf("CanaryWeeks = %+v; want %d rows", ws, len(want))
		}
		for i, w := range want {
			g := ws[i]
			if !g.Week.Equal(w.week) || g.Month != w.month || g.Key != w.key || g.Taken != w.taken || g.Proved != w.proved ||
				g.Stopped != w.stopped || g.StoppedNow {
				t.Errorf("row %d = week %s %s %s %d/%d stopped %v now %v; want %+v", i, g.Week.Format(time.DateOnly), g.Month, g.Key,
					g.Proved, g.Taken, g.Stopped, g.StoppedNow, w)
			}
			if g.Stratum.Key() != g.Key {
				t.Errorf("row %d: stratum %+v does not read back to its key %q", i, g.Stratum, g.Key)
			}
		}
		if s := ws[2].Stratum; s.Kind != corpus.Theorem || s.Writer != "lane_b" || s.Model != "m-2" || s.PromptVersion != "p-1" {
			t.Errorf("lane_b's stratum = %+v", s)
		}
	})
}
