package policy

import (
	"encoding/json"
	"testing"

	"github.com/theoremdb/theoremdb/ent"
)

func TestFoldChecks(t *testing.T) {
	t.Parallel()
	ev := func(seq int64, kind, subject string, payload map[string]any) *ent.Event {
		b, _ := json.Marshal(payload)
		return &ent.Event{Seq: seq, Kind: kind, Subject: subject, Payload: string(b)}
	}
	gate := func(seq int64, subject, rev, outcome string, failing, human int) *ent.Event {
		return ev(seq, KindGateCompleted, subject, map[string]any{"revision": rev, "outcome": outcome,
			"failing": failing, "needsHuman": human, "unknown": 0})
	}
	// Newest first, as the inbox reads them: a hold between two revisions' checks.
	evs := []*ent.Event{
		gate(12, "TDB-1", "rev_2", "PASS", 0, 0),
		gate(11, "TDB-1", "rev_2", "NEEDS_HUMAN", 0, 2),
		ev(10, KindHoldOpened, "TDB-1", map[string]any{}),
		gate(9, "TDB-1", "rev_1", "PASS", 0, 0),
		gate(8, "TDB-2", "rev_9", "FAIL", 1, 0),
		gate(7, "TDB-1", "rev_1", "FAIL", 2, 1),
		gate(6, "TDB-1", "rev_1", "NEEDS_HUMAN", 0, 3),
	}
	type line struct {
		seq     int64
		kind    string
		checks  ChecksSummary
		summary bool
	}
	var got []line
	foldChecks(evs, func(e *ent.Event, _ map[string]any, c *ChecksSummary) {
		l := line{seq: e.Seq, kind: e.Kind, summary: c != nil}
		if c != nil {
			l.checks = *c
		}
		got = append(got, l)
	})
	want := []line{
		{12, KindGateCompleted, ChecksSummary{Revision: "rev_2", Gates: 2, NeedsHuman: 2, Outcome: "NEEDS_HUMAN"}, true},
		{10, KindHoldOpened, ChecksSummary{}, false},
		{9, KindGateCompleted, ChecksSummary{Revision: "rev_1", Gates: 3, Failing: 2, NeedsHuman: 4, Outcome: "FAIL"}, true},
		{8, KindGateCompleted, ChecksSummary{Revision: "rev_9", Gates: 1, Failing: 1, Outcome: "FAIL"}, true},
	}
	if len(got) != len(want) {
		t.Fatalf("folded into %d lines; want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d = %+v; want %+v", i, got[i], want[i])
		}
	}
}
