package corpus_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
)

// TestChangeRequestViews: the open requests are the failed and pending ones,
// newest first, each with its drafts in order, its writer and the gate
// results of its last run ending at the gate it failed; a merged request is
// not open and lists the nodes it created; an unknown request is not found.
func TestChangeRequestViews(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		merged := f.open(t, agent, definition("cv-d"), theorem("cv-t", "cv-d"))
		first := f.open(t, person, theorem("cv-x", "cv-missing"))
		f.clock.Advance(time.Second)
		second := f.open(t, person, definition("cv-y"), theorem("cv-z", "cv-gone"))
		if merged.Request.State != corpus.StateMerged || first.Request.State != corpus.StateFailed || second.Request.State != corpus.StateFailed {
			t.Fatalf("states %s, %s, %s; want MERGED, FAILED, FAILED", merged.Request.State, first.Request.State, second.Request.State)
		}

		open, err := f.svc.OpenChangeRequests(ctx, 10)
		if err != nil || len(open) != 2 || open[0].ID != second.Request.ID || open[1].ID != first.Request.ID {
			t.Fatalf("OpenChangeRequests = %d, %v; want the two failed, newest first", len(open), err)
		}
		v := open[0]
		if len(v.Drafts) != 2 || v.Drafts[0].Label != "cv-y" || v.Drafts[0].Kind != corpus.Definition ||
			v.Drafts[1].Label != "cv-z" || v.Drafts[1].Node != "" || len(v.Nodes) != 0 || v.Nodes == nil {
			t.Errorf("failed request's drafts %+v, nodes %v; want cv-y then cv-z and no nodes", v.Drafts, v.Nodes)
		}
		if v.Writer.Kind != corpus.WriterPerson || v.Writer.ID != person.ID || v.FailedGate == "" || v.MergedAt != nil {
			t.Errorf("failed request = writer %+v, failed at %q, merged at %v", v.Writer, v.FailedGate, v.MergedAt)
		}
		if n := len(v.Gates); n == 0 || v.Gates[n-1].Gate != v.FailedGate || v.Gates[n-1].Outcome != gates.OutcomeFail {
			t.Errorf("gates of the failed request = %v; want them to end at %s, failed", gateNames(v.Gates), v.FailedGate)
		}
		if n := len(v.Gates); n > 0 && !hasCode(v.Gates[n-1].Findings, corpus.CodeMissingTarget) {
			t.Errorf("the failed gate's findings %+v carry no %s", v.Gates[n-1].Findings, corpus.CodeMissingTarget)
		}
		for i := 1; i < len(v.Gates); i++ {
			if v.Gates[i].Position <= v.Gates[i-1].Position {
				t.Errorf("gates out of order: %v", gateNames(v.Gates))
			}
		}

		m, err := f.svc.ChangeRequest(ctx, merged.Request.ID)
		if err != nil || m.State != corpus.StateMerged || m.MergedAt == nil || len(m.Nodes) != 2 ||
			m.Nodes[0] != merged.Request.Nodes[0] || m.Writer.Model != agent.Model || m.Writer.PromptVersion != agent.PromptVersion {
			t.Errorf("merged request = %+v, %v", m, err)
		}
		if _, err := f.svc.ChangeRequest(ctx, "cr_none"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("ChangeRequest(unknown) = %v; want ErrNotFound", err)
		}
	})
}

func hasCode(fs []corpus.Finding, code string) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}
