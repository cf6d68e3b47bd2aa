package corpus

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/kernel"
	"github.com/theoremdb/theoremdb/policy"
)

// A binding's checks recorded again and again: the first records the
// binding; a disagreement of the checkers opens one incident and one job
// for a person, however often it is found again, and each change of the
// checkers that accept the proof is an event; agreement clears the
// disagreement, and a new one opens a new incident.
func TestRecordCheckOpensOneIncidentPerDisagreement(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		s := New(policy.New(dbtest.Open(t, d), policy.Config{}), WithCopies(noCopies{}))
		res, err := s.Open(ctx, Request{Writer: Writer{Kind: WriterPerson, ID: "acc_writer"}, Drafts: []Draft{{Kind: Theorem,
			Label: "id-unique", Title: "Identity", Body: "The identity element of a group is unique."}}})
		if err != nil || res.Request.State != StateMerged {
			t.Fatalf("Open = %+v, %v", res, err)
		}
		id := res.Request.Nodes[0]
		f := Formal{System: FormalMetamath, Database: "set.mm", Label: "grpideu"}
		pass, fail := kernel.Verdict{Label: f.Label, Status: kernel.Pass}, kernel.Verdict{Label: f.Label, Status: kernel.Fail, Reason: "step 3"}
		record := func(r formalRun) {
			t.Helper()
			r.database = f.Database
			if err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
				return s.recordCheck(ctx, w, id, f, false, r)
			}); err != nil {
				t.Fatal(err)
			}
		}
		count := func(kind string) int {
			t.Helper()
			n, err := s.client.Event.Query().Where(event.KindEQ(kind)).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		state := func(wantPassed []string, wantDis bool, wantTasks, wantIncidents, wantChanges int) {
			t.Helper()
			bs, err := s.client.CorpusBinding.Query().Where(corpusbinding.NodeID(id)).All(ctx)
			if err != nil || len(bs) != 1 {
				t.Fatalf("bindings = %d, %v; want one", len(bs), err)
			}
			b := bs[0]
			tasks, err := s.client.CorpusTask.Query().Where(corpustask.Subject(id), corpustask.KindEQ(corpustask.KindCHECKER_DISAGREEMENT)).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !sameIDs(b.CheckersPassed, wantPassed) || b.Disagreement != wantDis || tasks != wantTasks ||
				count(KindCheckersDisagree) != wantIncidents || count(KindKernelChecked) != wantChanges || count("corpus.node.bound") != 1 {
				t.Errorf("binding %v, disagreement %v, %d jobs, %d incidents, %d changes, %d bound; want %v, %v, %d, %d, %d, 1",
					b.CheckersPassed, b.Disagreement, tasks, count(KindCheckersDisagree), count(KindKernelChecked), count("corpus.node.bound"),
					wantPassed, wantDis, wantTasks, wantIncidents, wantChanges)
			}
		}
		record(formalRun{mm: pass, second: pass})
		state([]string{CheckerMetamath, CheckerSecond}, false, 0, 0, 0)
		record(formalRun{mm: pass, second: pass}) // the same again: no event
		state([]string{CheckerMetamath, CheckerSecond}, false, 0, 0, 0)
		record(formalRun{mm: pass, second: fail})
		state([]string{CheckerMetamath}, true, 1, 1, 1)
		record(formalRun{mm: pass, second: fail}) // found again: the incident is open already
		state([]string{CheckerMetamath}, true, 1, 1, 1)
		record(formalRun{mm: fail, second: fail}) // both reject: no disagreement
		state(nil, false, 1, 1, 2)
		record(formalRun{mm: fail, second: pass}) // a new disagreement, a new incident
		state([]string{CheckerSecond}, true, 2, 2, 3)
	})
}
