package corpus_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusconfirmation"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

func TestProofSteps(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		body string
		want int
	}{
		{"If $e$ and $f$ are identities then $e = ef = f$.", 1},
		{"Let $e$ and $f$ be identities.\n\nThen $e = ef = f$.\n", 2},
		{"First.\n\n$$\na = b\n\n= c\n$$\n\nLast.", 3},
		{"First.\n\n\\begin{align}\na &= b\n\n&= c\n\\end{align}\n\nLast.", 3},
		{"One.\n\n```\ncode\n\nmore\n```\n\n\n\nTwo.", 3},
		{"\n\n  \n", 0},
	} {
		if got := corpus.ProofSteps(tc.body); len(got) != tc.want {
			t.Errorf("ProofSteps(%q) = %q; want %d steps", tc.body, got, tc.want)
		}
	}
}

// A proof confirmed step by step counts for a person once they confirmed
// every step of the current revision; a step beyond the proof counts for
// nothing; a confirmation of the whole proof counts at once.
func TestLevelCountsAProofConfirmedStepByStep(t *testing.T) {
	t.Parallel()
	steps := func(acc string, blind bool, ns ...string) []corpus.Confirmation {
		var out []corpus.Confirmation
		for _, n := range ns {
			out = append(out, corpus.Confirmation{Kind: corpus.ConfirmProof, Account: acc, Blind: blind, Section: n})
		}
		return out
	}
	base := corpus.Record{Merged: true, GatesClean: true, ProofSteps: 3}
	for _, tc := range []struct {
		name string
		cs   []corpus.Confirmation
		want int
	}{
		{"two of three steps", steps("a", true, "step-1", "step-2"), corpus.E1},
		{"a step past the end", steps("a", true, "step-1", "step-2", "step-4"), corpus.E1},
		{"every step", steps("a", false, "step-1", "step-3", "step-2"), corpus.E2},
		{"two people's halves", append(steps("a", true, "step-1", "step-2"), steps("b", true, "step-3")...), corpus.E1},
		{"the whole proof", steps("a", false, ""), corpus.E2},
		{"two people, one blind", append(steps("a", false, "step-1", "step-2", "step-3"), steps("b", true, "step-1", "step-2", "step-3")...), corpus.E3},
	} {
		r := base
		r.Confirmations = tc.cs
		if got := corpus.Level(r); got != tc.want {
			t.Errorf("%s: Level = E%d; want E%d", tc.name, got, tc.want)
		}
	}
}

func checkIDs(p *corpus.CheckPage) []string {
	out := []string{}
	for _, c := range p.Checks {
		out = append(out, c.ID)
	}
	return out
}

// TestPeopleChecks: a reviewer's queue holds what only people can check of
// the nodes they did not write — a statement against its source, a proof
// step by step, a binding past F1 — each a packet with its evidence and a
// target time; each section is recorded on its own and the levels follow;
// a packet leaves the queue once the levels no longer need it.
func TestPeopleChecks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		acct := func(handle string, roles ...role.Role) *ent.Account {
			a, err := f.pol.CreateAccount(ctx, handle, "", roles)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		rita, ravi, rolf, mia := acct("rita", role.Reviewer), acct("ravi", role.Reviewer), acct("rolf", role.Reviewer), acct("mia")

		group := definition("group")
		group.References = []corpus.Reference{{Identifier: "arXiv:2101.00001", Citation: "A. Author, Groups (2021)", Locator: "Def. 2"}}
		pr := proof("ident-proof", "ident", "group")
		pr.Body = "Let $e$ and $f$ be identities of $G$.\n\nThen $e = ef = f$, as $f$ and $e$ are identities."
		ids := f.mustMerge(t, agent, group, theorem("ident", "group"), pr)
		bid, err := f.svc.RecordBinding(ctx, "ident", corpus.BindingInput{System: "METAMATH", Label: "grpideu", RoundTrip: true}, "acc_op")
		if err != nil {
			t.Fatal(err)
		}
		own := definition("own")
		own.References = group.References
		ownID := f.mustMerge(t, corpus.Writer{Kind: corpus.WriterPerson, ID: rita.ID}, own)[0]

		if _, err := f.svc.PeopleChecks(ctx, nil, 10, ""); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("PeopleChecks(nobody) = %v; want ErrUnauthenticated", err)
		}
		if _, err := f.svc.PeopleChecks(ctx, mia, 10, ""); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("PeopleChecks(member) = %v; want ErrForbidden", err)
		}
		if _, err := f.svc.PeopleCheckCount(ctx, mia); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("PeopleCheckCount(member) = %v; want ErrForbidden", err)
		}
		queue := func(a *ent.Account) []string {
			t.Helper()
			var all []string
			after := ""
			for range 10 { // a page of one at a time, to hold the cursor too
				p, err := f.svc.PeopleChecks(ctx, a, 1, after)
				if err != nil {
					t.Fatal(err)
				}
				all = append(all, checkIDs(p)...)
				if !p.HasNext {
					// The count is the whole queue's, however it is paged.
					if n, err := f.svc.PeopleCheckCount(ctx, a); err != nil || n != len(all) {
						t.Errorf("PeopleCheckCount(%s) = %d, %v; want %d", a.Handle, n, err, len(all))
					}
					return all
				}
				after = p.EndCursor
			}
			t.Fatalf("the queue did not end")
			return nil
		}
		statement, binding, proofCheck := ids[0]+".statement.0", ids[1]+".binding."+bid, ids[2]+".proof"
		if got, want := queue(rita), []string{statement, binding, proofCheck}; !slices.Equal(got, want) {
			t.Fatalf("rita's queue = %v; want %v (never her own node)", got, want)
		}
		if got := queue(ravi); len(got) != 4 {
			t.Errorf("ravi's queue = %v; want four checks, rita's node among them", got)
		}
		if _, err := f.svc.PeopleCheck(ctx, rita, ownID+".statement.0"); !errors.Is(err, corpus.ErrSelfConfirmation) {
			t.Errorf("PeopleCheck of her own node = %v; want ErrSelfConfirmation", err)
		}
		if _, err := f.svc.PeopleCheck(ctx, rita, ids[1]+".statement.0"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("a statement check of a node citing nothing = %v; want ErrNotFound", err)
		}

		c, err := f.svc.PeopleCheck(ctx, rita, proofCheck)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Sections) != 2 || c.Sections[0].ID != "step-1" || !strings.Contains(c.Sections[1].Text, "e = ef = f") ||
			c.TargetSeconds != 6*60 || c.Revision != 1 || c.Node.ID != ids[2] {
			t.Errorf("the proof's packet = %+v", c)
		}
		var shown []string
		for _, n := range c.Context {
			if n.Body == "" {
				t.Errorf("context node %s comes without its text", n.ID)
			}
			shown = append(shown, n.ID)
		}
		if slices.Sort(shown); !slices.Equal(shown, []string{ids[0], ids[1]}) {
			t.Errorf("the proof's context = %v; want the statement it proves and the definition it uses", shown)
		}

		level := func(id string) int {
			t.Helper()
			n, err := f.svc.Node(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return n.Level
		}
		confirm := func(a *ent.Account, id string, rev int, secs ...string) error {
			_, err := f.svc.ConfirmCheck(ctx, a, corpus.CheckInput{Check: id, Sections: secs, Revision: rev, Seconds: 90})
			return err
		}
		if err := confirm(rita, proofCheck, 1, "step-1"); err != nil {
			t.Fatal(err)
		}
		if got := level(ids[2]); got != corpus.E1 {
			t.Errorf("the proof at E%d after one of two steps; want E1", got)
		}
		if got := queue(rita); !slices.Contains(got, proofCheck) {
			t.Errorf("rita's queue %v lost the proof she is halfway through", got)
		}
		for _, bad := range []struct {
			secs []string
			rev  int
			want error
		}{
			{[]string{"step-1"}, 1, corpus.ErrConfirmation},
			{[]string{"step-9"}, 1, corpus.ErrConfirmation},
			{nil, 1, corpus.ErrConfirmation},
			{[]string{"step-2"}, 7, corpus.ErrStaleCheck},
		} {
			if err := confirm(rita, proofCheck, bad.rev, bad.secs...); !errors.Is(err, bad.want) {
				t.Errorf("ConfirmCheck(%v, revision %d) = %v; want %v", bad.secs, bad.rev, err, bad.want)
			}
		}
		if err := confirm(rita, proofCheck, 1, "step-2"); err != nil {
			t.Fatal(err)
		}
		if got := level(ids[2]); got != corpus.E2 {
			t.Errorf("the proof at E%d after every step; want E2", got)
		}
		if slices.Contains(queue(rita), proofCheck) || !slices.Contains(queue(ravi), proofCheck) {
			t.Errorf("after rita's check the proof is in rita's queue %v or not in ravi's %v", queue(rita), queue(ravi))
		}
		if err := confirm(ravi, proofCheck, 0, "step-2", "step-1"); err != nil {
			t.Fatal(err)
		}
		if got := level(ids[2]); got != corpus.E3 {
			t.Errorf("the proof at E%d after two people's blind checks; want E3", got)
		}
		if slices.Contains(queue(rolf), proofCheck) {
			t.Errorf("rolf's queue %v holds a proof two people checked", queue(rolf))
		}
		rows, err := f.pol.Client().CorpusConfirmation.Query().Where(corpusconfirmation.NodeID(ids[2])).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 4 {
			t.Errorf("%d confirmation rows; want 4, one per person and step", len(rows))
		}
		for _, r := range rows {
			if !r.Blind || !strings.HasPrefix(r.Section, "step-") {
				t.Errorf("confirmation %+v; want a blind step", r)
			}
		}
		evs, err := f.pol.Client().Event.Query().Where(event.KindEQ(corpus.KindConfirmed), event.Subject(ids[2])).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if evs != 4 {
			t.Errorf("%d confirmation events; want 4", evs)
		}

		// The statement against its source confirms the locator too.
		if err := confirm(rita, statement, 1, "reference-0"); err != nil {
			t.Fatal(err)
		}
		n, err := f.svc.Node(ctx, ids[0])
		if err != nil {
			t.Fatal(err)
		}
		if n.Level != corpus.E2 || len(n.Flags) != 0 || !n.References[0].LocatorConfirmed {
			t.Errorf("the definition at E%d with flags %v after the statement's check; want E2, its locator confirmed", n.Level, n.Flags)
		}
		if err := confirm(rita, binding, 1, bid); err != nil {
			t.Fatal(err)
		}
		if n, _ := f.svc.Node(ctx, ids[1]); n.Fidelity != 2 {
			t.Errorf("the theorem at F%d after a person confirmed its binding; want F2", n.Fidelity)
		}
		if got := queue(rita); len(got) != 0 {
			t.Errorf("rita's queue = %v after she checked everything; want none", got)
		}
	})
}

// The jobs machine checks leave are read and closed by reviewers, who say
// what they found.
func TestTasksForReviewers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, dialectName, clearCopies{})
		rita, err := f.pol.CreateAccount(ctx, "rita", "", []role.Role{role.Reviewer})
		if err != nil {
			t.Fatal(err)
		}
		mia, err := f.pol.CreateAccount(ctx, "mia", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		task, err := f.pol.Client().CorpusTask.Create().SetKind(corpustask.KindCOUNTEREXAMPLE).SetSubject("cr_1").
			SetSummary("The small-case program found COUNTEREXAMPLE 7.").SetCreatedAt(f.pol.Now()).Save(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.TasksFor(ctx, mia, 10); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("TasksFor(member) = %v; want ErrForbidden", err)
		}
		ts, err := f.svc.TasksFor(ctx, rita, 10)
		if err != nil || len(ts) != 1 || ts[0].ID != task.ID {
			t.Fatalf("TasksFor = %+v, %v; want the open job", ts, err)
		}
		if _, err := f.svc.CloseTaskAs(ctx, rita, task.ID, "  "); !errors.Is(err, corpus.ErrConfirmation) {
			t.Errorf("closing without a note = %v; want ErrConfirmation", err)
		}
		done, err := f.svc.CloseTaskAs(ctx, rita, task.ID, "7 is prime: the program tests n > 7, not n ≥ 7.")
		if err != nil || done.State != "DONE" {
			t.Fatalf("CloseTaskAs = %+v, %v; want DONE", done, err)
		}
		if ts, _ := f.svc.TasksFor(ctx, rita, 10); len(ts) != 0 {
			t.Errorf("the closed job is still open: %+v", ts)
		}
		if _, err := f.svc.CloseTaskAs(ctx, rita, task.ID, "again"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("closing a closed job = %v; want ErrNotFound", err)
		}
	})
}
