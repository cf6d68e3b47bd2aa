package corpus_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
)

// TestReviewBudget: the month's audit is costed per configuration at the
// checklists' target times; without a budget nobody is refused; with one,
// people's output is audited first, then the agent configurations in the
// order they first merged, and a configuration the rest does not cover is
// refused REVIEW_BUDGET with the hours, a new one too when the rest cannot
// audit a stratum; raising the budget lets them write again.
func TestReviewBudget(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		f.mustMerge(t, person, theorem("pp"))
		f.mustMerge(t, agent, agentTheorems(2, "old")...)
		late := agent
		late.PromptVersion = "p-9"
		f.mustMerge(t, late, agentTheorems(4, "late")[2:]...)
		month := time.Now().UTC().Format("2006-01")
		if _, err := f.svc.Draw(ctx, "acc_op", month, "budget"); err != nil {
			t.Fatal(err)
		}
		b, err := f.svc.ReviewBudget(ctx, month)
		if err != nil {
			t.Fatal(err)
		}
		if b.Set || b.Samples != 5 || len(b.Configurations) != 3 || b.Configurations[0].Writer != corpus.WriterPerson ||
			b.Configurations[1].PromptVersion != "p-3" || b.Configurations[2].PromptVersion != "p-9" {
			t.Fatalf("budget without one = %+v", b)
		}
		perNode := b.Configurations[0].Hours // one theorem
		if perNode <= 0 || b.AuditHours < 4.99*perNode || b.AuditHours > 5.01*perNode {
			t.Errorf("audit hours %.3f for 5 theorems at %.3f each", b.AuditHours, perNode)
		}
		if _, err := f.svc.Check(ctx, corpus.Request{Writer: late, Drafts: agentTheorems(6, "x")[5:]}); err != nil {
			t.Errorf("without a budget the late configuration is refused: %v", err)
		}

		// Room for the person's and the older agent's audit, not the later one's.
		if _, err := f.svc.SetReviewBudget(ctx, "acc_op", month, 0); !errors.Is(err, corpus.ErrAudit) {
			t.Errorf("a budget of 0 hours: %v; want ErrAudit", err)
		}
		b, err = f.svc.SetReviewBudget(ctx, "acc_op", month, 3.5*perNode)
		if err != nil {
			t.Fatal(err)
		}
		if !b.Set || !b.Configurations[1].Allowed || b.Configurations[2].Allowed {
			t.Fatalf("budget of 3.5 nodes' hours = %+v; want the older agent in, the later one out", b.Configurations)
		}
		_, err = f.svc.Open(ctx, corpus.Request{Writer: late, Drafts: agentTheorems(6, "x")[5:]})
		var short *corpus.BudgetError
		if !errors.As(err, &short) || !strings.Contains(err.Error(), "REVIEW_BUDGET") || !strings.Contains(err.Error(), "p-9") {
			t.Fatalf("the later configuration opens a request: %v; want REVIEW_BUDGET", err)
		}
		f.mustMerge(t, agent, agentTheorems(7, "y")[6:]...) // the older one writes
		f.mustMerge(t, person, theorem("pq"))               // people are never refused
		fresh := agent
		fresh.Model = "m-new"
		if _, err := f.svc.Check(ctx, corpus.Request{Writer: fresh, Drafts: agentTheorems(8, "z")[7:]}); !errors.As(err, &short) {
			t.Errorf("a new configuration with %.3f hours left: %v; want REVIEW_BUDGET", b.Left, err)
		}

		// A larger budget, later in the log, covers everyone.
		if b, err = f.svc.SetReviewBudget(ctx, "acc_op", month, 1000); err != nil || !b.Configurations[2].Allowed {
			t.Fatalf("budget of 1000 hours = %+v, %v", b, err)
		}
		f.mustMerge(t, late, agentTheorems(6, "x")[5:]...)
		// With room left for a new configuration's audit, a new one writes too.
		if res, err := f.svc.Check(ctx, corpus.Request{Writer: fresh, Drafts: agentTheorems(8, "z")[7:]}); err != nil || res.Request.FailedGate != "" {
			t.Errorf("a new configuration under a budget of 1000 hours: %+v, %v; want it to pass", res, err)
		}
		if n, _ := f.pol.Client().Event.Query().Where(event.Kind(corpus.KindBudgetSet)).Count(ctx); n != 2 {
			t.Errorf("%d budget events; want 2", n)
		}
	})
}

// TestThresholdsDecisionRecorded: the first draw judged under a version of
// the thresholds records its decision (values, day, reason) once, and a
// release's snapshot carries it.
func TestThresholdsDecisionRecorded(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		f.mustMerge(t, person, theorem("td"))
		month := time.Now().UTC().Format("2006-01")
		for _, m := range []string{month, "2026-01"} {
			if _, err := f.svc.Draw(ctx, "acc_op", m, "t"); err != nil {
				t.Fatal(err)
			}
		}
		evs, err := f.pol.Client().Event.Query().Where(event.Kind(corpus.KindThresholdsDecided)).All(ctx)
		if err != nil || len(evs) != 1 || evs[0].Subject != "thresholds:"+corpus.Thresholds.Version ||
			!strings.Contains(evs[0].Payload, corpus.Thresholds.Decided) || !strings.Contains(evs[0].Payload, `"CORRECTNESS":0.01`) {
			t.Fatalf("thresholds decisions = %+v, %v; want one with the values and the day", evs, err)
		}
		sn, err := f.svc.PublishRates(ctx, "acc_op", "r-1", month)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(sn.Content, `"thresholdsDecided":"`+corpus.Thresholds.Decided+`"`) || !strings.Contains(sn.Content, `"thresholdsReason"`) {
			t.Errorf("snapshot = %s; want the thresholds' decision", sn.Content)
		}
	})
}
