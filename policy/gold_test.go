package policy_test

import (
	"context"
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/lanereview"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/gold"
	"github.com/theoremdb/theoremdb/policy"
)

// wilson95 is the 95% Wilson score interval, written out here to check the report's.
func wilson95(k, n int) (float64, float64) {
	z, p, m := 1.959964, float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*m)) / (1 + z*z/m)
	h := z / (1 + z*z/m) * math.Sqrt(p*(1-p)/m+z*z/(4*m*m))
	return math.Max(0, c-h), math.Min(1, c+h)
}

// publicCounts are the rows and lists a gold packet must never appear in.
type publicCounts struct {
	Problems, Revisions, Records, Holds, Listed, Found, Held int
}

func (f *reportFixture) public(t *testing.T) publicCounts {
	t.Helper()
	ctx := context.Background()
	c := f.svc.Client()
	var n publicCounts
	var err error
	must := func(v int, e error) int {
		if e != nil {
			err = e
		}
		return v
	}
	n.Problems = must(c.Problem.Query().Count(ctx))
	n.Revisions = must(c.Revision.Query().Count(ctx))
	n.Records = must(c.PublicationGate.Query().Count(ctx))
	n.Holds = must(c.Hold.Query().Count(ctx))
	l, e := f.svc.ListProblems(ctx, policy.ListQuery{Viewer: f.operator})
	n.Listed = must(l.Total, e)
	// Every gold packet's title, searched for: none may be found.
	set, _ := gold.Load()
	for _, p := range set.Packets {
		l, e := f.svc.ListProblems(ctx, policy.ListQuery{Search: p.Input.Packet.Title})
		if e == nil {
			n.Found += l.Total
		}
		err = errorsJoin(err, e)
	}
	q, e := f.svc.StaffQueue(ctx, f.operator, 100)
	n.Held = must(len(q), e)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func errorsJoin(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// TestGoldRun injects gold into every enabled lane over HTTP and through the baseline: each
// answer is stored as a review of the gold packet and of no problem, graded right or wrong
// against the set, and nothing of it reaches a public list or search; the report gives each
// lane's accuracy with its Wilson interval, apart from its reviews of problems.
func TestGoldRun(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newReportFixture(t, d)
		if _, err := f.svc.AddLane(ctx, f.operator, policy.LaneInput{Identity: "base.pa", Role: "PRIOR_ART", Provider: "baseline"}); err != nil {
			t.Fatal(err)
		}
		off, err := f.svc.AddLane(ctx, f.operator, policy.LaneInput{Identity: "off.mc", Role: "MATH_CRITIQUE", Provider: "openai",
			BaseURL: f.panel.URL + "/v1", Model: "m", ModelVersion: "m-1"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.DisableLane(ctx, f.operator, off.ID); err != nil {
			t.Fatal(err)
		}
		f.submit(t, f.member)
		before := f.public(t)
		set, err := gold.Load()
		if err != nil {
			t.Fatal(err)
		}

		got, err := f.svc.RunGold(ctx, f.cfg, 3)
		if err != nil {
			t.Fatal(err)
		}
		perLane := map[string][]string{}
		for _, g := range got {
			perLane[g.Identity] = append(perLane[g.Identity], g.GoldID)
			p, ok := set.Packet(g.GoldID)
			if !ok || g.Grade == nil || g.Failure != "" {
				t.Fatalf("%s on %s: %+v", g.Identity, g.GoldID, g)
			}
			if _, meant := p.Expect[g.Role]; !meant {
				t.Errorf("%s (%s) got %s, which is not meant for its role", g.Identity, g.Role, p.ID)
			}
			switch g.Identity {
			case "base.pa": // the baseline cannot confirm what the gates leave to a person
				if p.Kind == gold.KindClean && g.Grade.Right {
					t.Errorf("the baseline was graded right on the clean %s", p.ID)
				}
			default: // these lanes qualify everything with every check confirmed
				if g.Grade.Right != (p.Kind == gold.KindClean) {
					t.Errorf("%s qualified the %s packet %s and was graded %+v", g.Identity, p.Kind, p.ID, g.Grade)
				}
			}
			lr, err := f.svc.Client().LaneReview.Get(ctx, g.ReviewID)
			if err != nil {
				t.Fatal(err)
			}
			if lr.GoldID != p.ID || lr.ProblemID != "" || lr.RevisionID != "" || lr.PacketDigest != p.Digest() ||
				lr.Audit != (g.Role == lanes.Audit) || lr.Answer == "" {
				t.Errorf("stored gold review %+v", lr)
			}
		}
		for _, id := range []string{"pa", "mc", "fr", "au", "base.pa"} {
			if len(perLane[id]) != 3 {
				t.Errorf("%s got %d gold packets; want 3", id, len(perLane[id]))
			}
		}
		if len(perLane["off.mc"]) != 0 {
			t.Error("a disabled lane was sent gold")
		}
		evs, err := f.svc.Client().Event.Query().Where(event.Kind(policy.KindGoldReviewed)).All(ctx)
		if err != nil || len(evs) != len(got) {
			t.Fatalf("%d gold events for %d reviews (%v)", len(evs), len(got), err)
		}
		for _, e := range evs {
			var pl map[string]any
			if err := json.Unmarshal([]byte(e.Payload), &pl); err != nil || pl["gold"] == "" || pl["right"] == nil || pl["review"] == nil {
				t.Errorf("gold event payload %s", e.Payload)
			}
		}
		for _, p := range set.Packets {
			if _, err := policy.ResolveProblemID(ctx, f.svc.Client(), p.Input.Packet.ProblemID); err == nil {
				t.Errorf("the gold packet %s resolves as the problem %s", p.ID, p.Input.Packet.ProblemID)
			}
		}
		if after := f.public(t); after != before {
			t.Errorf("public rows and lists after gold: %+v; before %+v", after, before)
		}

		// The next run sends each lane the packets it has not answered yet.
		f.clock.Advance(24 * time.Hour)
		again, err := f.svc.RunGold(ctx, f.cfg, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range again {
			perLane[g.Identity] = append(perLane[g.Identity], g.GoldID)
		}
		distinct := map[string]bool{}
		for _, id := range perLane["pa"] {
			distinct[id] = true
		}
		if len(distinct) != 6 {
			t.Errorf("two runs sent pa %v; want six distinct packets", perLane["pa"])
		}

		// A failing provider: the gold reviews fail, counted but not graded.
		f.panel.set(lanes.Qualify, true)
		f.clock.Advance(24 * time.Hour)
		failed, err := f.svc.RunGold(ctx, f.cfg, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range failed {
			if g.Identity == "pa" && (g.Failure != lanes.FailureServerError || g.Grade != nil) {
				t.Errorf("a failed gold review: %+v", g)
			}
		}
		// A review of a packet that has left the set is counted and not graded.
		pa := f.lanes["pa"]
		if _, err := f.svc.Client().LaneReview.Create().SetLaneID(pa.ID).SetProblemID("").SetRevisionID("").
			SetGoldID("gold-0000000000000000").SetIdentity("pa").SetRole(lanereview.RolePRIOR_ART).SetProvider("openai").
			SetPromptVersion("v1").SetPromptDigest("x").SetAnswer(`{"checks":[],"recommendation":"qualify","blockers":[],"concerns":[],"unknowns":[]}`).
			SetRecommendation("qualify").SetCreatedAt(f.clock.Now()).Save(ctx); err != nil {
			t.Fatal(err)
		}

		rows := f.report(t)
		r := rows["pa"]
		right := 0
		for _, id := range perLane["pa"] {
			if p, _ := set.Packet(id); p.Kind == gold.KindClean {
				right++
			}
		}
		g := r.Gold
		if g.Reviews != 8 || g.Failed != 1 || g.Ungraded != 1 || g.Right.Count != right || g.Right.Of != 6 {
			t.Fatalf("pa gold %+v; want 8 reviews, 1 failed, 1 ungraded, %d right of 6", g, right)
		}
		if lo, hi := wilson95(right, 6); !near(g.Right.Low, lo) || !near(g.Right.High, hi) {
			t.Errorf("pa gold interval %.4f–%.4f; want %.4f–%.4f", g.Right.Low, g.Right.High, lo, hi)
		}
		kinds := 0
		for _, k := range g.ByKind {
			kinds += k.Right.Of
			if want := k.Kind == gold.KindClean; (k.Right.Count == k.Right.Of) != want && k.Right.Of > 0 {
				t.Errorf("pa on %s gold: %+v", k.Kind, k.Right)
			}
		}
		if kinds != 6 {
			t.Errorf("by kind %+v; want the 6 graded", g.ByKind)
		}
		if r.Reviews != 0 || r.GoldReviews != 8 || r.Calls != 8 || r.Agreement.Agreed.Known() || r.Escalation.Escalated.Known() {
			t.Errorf("gold counted as reviews of problems: %+v", r)
		}
		if rows["off.mc"].Calls != 0 || rows["base.pa"].Gold.Reviews != 7 || !rows["base.pa"].Baseline {
			t.Errorf("off.mc %+v, base.pa %+v", rows["off.mc"], rows["base.pa"].Gold)
		}
	})
}
