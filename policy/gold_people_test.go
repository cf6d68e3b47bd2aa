package policy_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/goldanswer"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/gold"
	"github.com/theoremdb/theoremdb/policy"
)

// TestPeopleGold: a reviewer's queue holds blind gold items among the problems, each an ordinary
// item that names no problem in the record and carries no machine verdict; a decision on one is
// graded against its known answer, once, and the reviewer's accuracy on gold has its interval.
func TestPeopleGold(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		svc := policy.New(f.db, policy.Config{PeopleGold: 2}, policy.WithClock(f.clock))
		prob := f.submit(t, f.member)
		items, err := svc.ReviewQueue(ctx, f.reviewer, 50)
		if err != nil {
			t.Fatal(err)
		}
		set, _ := gold.Load()
		var golds []string
		for _, it := range items {
			if it.ID == prob.ID {
				continue
			}
			if _, err := policy.ResolveProblemID(ctx, svc.Client(), it.ID); err == nil {
				t.Errorf("gold item %s names a problem in the record", it.ID)
			}
			if !it.Can.Review || it.Title == "" || it.Deadline.IsZero() {
				t.Errorf("gold item %+v does not read as an ordinary item", it)
			}
			golds = append(golds, it.ID)
		}
		if len(items) != 3 || len(golds) != 2 {
			t.Fatalf("queue = %+v; want the problem and two gold items", items)
		}
		if again, _ := svc.ReviewQueue(ctx, f.reviewer, 50); len(again) != 3 || again[0].ID != items[0].ID {
			t.Errorf("the draw changed within the day: %+v", again)
		}
		if none, _ := f.svc.ReviewQueue(ctx, f.reviewer, 50); len(none) != 1 {
			t.Errorf("without PeopleGold the queue holds %d items", len(none))
		}

		v, err := svc.GoldProblemView(ctx, f.reviewer, golds[0])
		if err != nil || v == nil {
			t.Fatalf("GoldProblemView(%s) = %v, %v", golds[0], v, err)
		}
		if v.PublicationGate != nil || len(v.Holds) != 0 || len(v.Events) != 0 || !v.InChallenge || v.Revision.Statement == "" || len(v.Checks) == 0 {
			t.Errorf("the gold item's view = %+v", v)
		}
		if mv, err := svc.GoldProblemView(ctx, f.member, golds[0]); err != nil || mv != nil {
			t.Errorf("a member reads a gold item: %v, %v", mv, err)
		}

		ok, err := svc.RecordGoldDecision(ctx, f.reviewer, golds[0], "QUALIFY")
		if err != nil || !ok {
			t.Fatalf("RecordGoldDecision = %v, %v", ok, err)
		}
		if ok, err := svc.RecordGoldDecision(ctx, f.reviewer, prob.ID, "QUALIFY"); ok || err != nil {
			t.Errorf("a real problem taken for gold: %v, %v", ok, err)
		}
		as, err := svc.Client().GoldAnswer.Query().Where(goldanswer.ReviewerID(f.reviewer.ID)).All(ctx)
		if err != nil || len(as) != 1 {
			t.Fatalf("gold answers = %+v, %v", as, err)
		}
		drawn, ok := set.Packet(as[0].PacketID)
		if !ok || drawn.Input.Packet.ProblemID != golds[0] {
			t.Fatalf("the answer names packet %s, not the item %s", as[0].PacketID, golds[0])
		}
		right := slices.Contains(drawn.Expect[lanes.MathCritique].Accept, lanes.Qualify)
		if as[0].Right != right || as[0].Action != "QUALIFY" {
			t.Errorf("graded %+v; the packet's known answer is %v", as[0], drawn.Expect[lanes.MathCritique].Accept)
		}
		// Answered, the item is no longer the reviewer's: a second decision records nothing.
		if ok, err := svc.RecordGoldDecision(ctx, f.reviewer, golds[0], "ARCHIVE"); ok || err != nil {
			t.Errorf("a second decision on an answered item: %v, %v", ok, err)
		}
		// Answered, it leaves the queue; the day's draw fills its place from the rest.
		after, _ := svc.ReviewQueue(ctx, f.reviewer, 50)
		for _, it := range after {
			if it.ID == golds[0] {
				t.Errorf("an answered gold item is still in the queue")
			}
		}
		// It names reviewers: only the roles that see reviewers read it (policy.SeesReviewers).
		for _, a := range []*ent.Account{nil, f.member} {
			if _, err := svc.ReviewerGold(ctx, a, f.clock.Now().AddDate(0, 0, -1), f.clock.Now().AddDate(0, 0, 1)); !errors.Is(err, policy.ErrForbidden) {
				t.Errorf("%v reads the reviewers' gold accuracy: %v", a, err)
			}
		}
		wantRight := 0
		if right {
			wantRight = 1
		}
		for _, a := range []*ent.Account{f.reviewer, f.operator} {
			rows, err := svc.ReviewerGold(ctx, a, f.clock.Now().AddDate(0, 0, -1), f.clock.Now().AddDate(0, 0, 1))
			if err != nil || len(rows) != 1 || rows[0].Handle != "@rita" || rows[0].Right.Count != wantRight || rows[0].Right.Of != 1 ||
				rows[0].Right.High <= rows[0].Right.Low {
				t.Errorf("reviewer gold read by %s = %+v, %v", a.Handle, rows, err)
			}
		}
	})
}
