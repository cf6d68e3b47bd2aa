package corpus_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/ent/event"
)

// noQueue records a request PENDING and never runs its gates: a request
// still waiting for a worker when its canary's month ends. Closure counts
// it leaves pending too.
type noQueue struct{}

func (noQueue) ScheduleChangeRequest(context.Context, *sql.Tx, string) error { return nil }

func (noQueue) ScheduleClosureCounts(context.Context, *sql.Tx, []string) error { return nil }

// TestCanariesRetiredAtMonthEnd: the day's canary work plants the month's
// canaries; a configuration proves one (merged), another's proof of the
// other waits in the queue with a job for a person on it. On the first run
// of the next month the month's closing report runs, both canaries are
// retired, the waiting request is withdrawn and its job closed, each with an
// event, and the new month's canaries are planted from live statements. A
// later proof of a retired canary cannot merge, a second run retires
// nothing again, and no public event tells which nodes were canaries.
func TestCanariesRetiredAtMonthEnd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		var sources []corpus.Draft
		for i, body := range trueStatements {
			sources = append(sources, corpus.Draft{Kind: corpus.Theorem, Label: fmt.Sprintf("fact-%d", i), Title: fmt.Sprintf("A fact %d", i), Body: body})
		}
		f.mustMerge(t, importer, sources...)
		did, err := f.svc.CanaryDay(ctx, 2, 2026)
		if err != nil || len(did.Planted) != 2 || len(did.Retired) != 0 {
			t.Fatalf("December's first day: %+v, %v; want 2 planted, none retired", did, err)
		}
		dec := did.Planted
		a := corpus.Writer{Kind: corpus.WriterAgent, ID: "lane_prover", Model: "m-1", PromptVersion: "p-3"}
		b := corpus.Writer{Kind: corpus.WriterAgent, ID: "lane_careful", Model: "m-2", PromptVersion: "p-1"}
		merged := f.open(t, a, proofDraft("canary-proof", dec[0].Node, "The claim follows at once from the definitions."))
		if merged.Request.State != corpus.StateMerged {
			t.Fatalf("A's proof: %s; want MERGED (no judge is configured)", merged.Request.State)
		}
		queued := corpus.New(f.pol, corpus.WithCopies(clearCopies{}), corpus.WithQueue(noQueue{}))
		waiting, err := queued.Open(ctx, corpus.Request{Writer: b, Drafts: []corpus.Draft{
			proofDraft("canary-proof-2", dec[1].Node, "The claim follows from the statement before it.")}})
		if err != nil || waiting.Request.State != corpus.StatePending {
			t.Fatalf("B's proof: %+v, %v; want PENDING", waiting, err)
		}
		c := f.pol.Client()
		task, err := c.CorpusTask.Create().SetKind(corpustask.KindJUDGE_DISAGREEMENT).SetSubject(waiting.Request.ID).
			SetSummary("The judges disagree on draft 1.").SetCreatedAt(f.clock.Now()).Save(ctx)
		if err != nil {
			t.Fatal(err)
		}

		// Still December: nothing is retired.
		f.clock.Advance(20 * 24 * time.Hour)
		if did, err := f.svc.CanaryDay(ctx, 2, 7); err != nil || len(did.Retired) != 0 || len(did.Planted) != 0 {
			t.Fatalf("December 21: %+v, %v; want nothing retired or planted", did, err)
		}

		// The first run of January.
		f.clock.Advance(10*24*time.Hour + 15*time.Hour) // 2027-01-01 00:00
		did, err = f.svc.CanaryDay(ctx, 2, 8)
		if err != nil {
			t.Fatal(err)
		}
		if len(did.Retired) != 2 || len(did.Planted) != 2 {
			t.Fatalf("January 1: retired %+v, planted %d; want December's 2 retired and 2 planted", did.Retired, len(did.Planted))
		}
		for _, r := range did.Retired {
			want := 0
			if r.Node == dec[1].Node {
				want = 1
			}
			if r.Month != "2026-12" || len(r.Withdrawn) != want || len(r.Closed) != want {
				t.Errorf("retired %+v; want December, with B's request and its job only on %s", r, dec[1].Node)
			}
		}
		for _, cn := range dec {
			v, err := f.svc.Node(ctx, cn.Node)
			if err != nil || !v.Retired {
				t.Errorf("canary %s: retired %v, %v; want retired", cn.Node, v != nil && v.Retired, err)
			}
		}
		for _, p := range did.Planted {
			if p.Month != "2027-01" || p.Node == dec[0].Node || p.Node == dec[1].Node {
				t.Errorf("January's canary %+v; want a new one of January", p)
			}
		}
		v, err := f.svc.ChangeRequest(ctx, waiting.Request.ID)
		if err != nil || v.State != corpus.StateWithdrawn {
			t.Errorf("B's waiting proof: %v, %v; want WITHDRAWN", v.State, err)
		}
		if tk, err := c.CorpusTask.Get(ctx, task.ID); err != nil || tk.State != corpustask.StateDONE {
			t.Errorf("the job on B's proof: %v, %v; want DONE", tk.State, err)
		}
		if v, err := f.svc.ChangeRequest(ctx, merged.Request.ID); err != nil || v.State != corpus.StateMerged {
			t.Errorf("A's merged proof: %v, %v; want it to stay MERGED, in the record", v.State, err)
		}
		retired, err := c.Event.Query().Where(event.KindEQ(corpus.KindCanaryRetired)).All(ctx)
		if err != nil || len(retired) != 2 {
			t.Fatalf("canary.retired events = %d, %v; want 2", len(retired), err)
		}
		for _, e := range retired {
			var p map[string]any
			if e.Public || json.Unmarshal([]byte(e.Payload), &p) != nil || p["month"] != "2026-12" {
				t.Errorf("canary.retired %s (public %v); want private, with the month", e.Payload, e.Public)
			}
		}
		closing, err := c.Event.Query().Where(event.KindEQ(corpus.KindCanaryReport), event.Subject("canaries:2026-12")).Count(ctx)
		if err != nil || closing == 0 {
			t.Errorf("December's closing report: %d lines, %v; want the configurations that took up its canaries", closing, err)
		}
		for _, kind := range []string{corpus.KindNodeRetired, corpus.KindRequestWithdrawn, corpus.KindTaskClosed} {
			n, err := c.Event.Query().Where(event.KindEQ(kind), event.Public(true)).Count(ctx)
			if err != nil || n == 0 {
				t.Errorf("%s events = %d, %v; want the retirement on the public record", kind, n, err)
			}
		}
		pub, err := c.Event.Query().Where(event.Public(true)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range pub {
			if strings.Contains(e.Kind, "canary") || strings.Contains(e.Payload, "canary") {
				t.Errorf("public event %s %s tells of a canary", e.Kind, e.Payload)
			}
		}

		// A retired canary takes no proof; a second run retires nothing again.
		late := f.open(t, person, proofDraft("canary-proof-3", dec[0].Node, "The claim follows at once."))
		if late.Request.State == corpus.StateMerged {
			t.Error("a proof of a retired canary merged")
		}
		if did, err := f.svc.CanaryDay(ctx, 2, 9); err != nil || len(did.Retired) != 0 || len(did.Planted) != 0 {
			t.Errorf("a second run: %+v, %v; want nothing retired or planted", did, err)
		}
	})
}
