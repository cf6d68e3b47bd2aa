package policy

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/lane"
	"github.com/theoremdb/theoremdb/ent/lanereview"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/gold"
)

// Blind gold (AutoQA "Monitor"): packets whose right answer is known (lanes/gold) are sent to
// every enabled lane on a schedule, exactly as a panel role or the audit would receive a real
// packet, and each answer is stored as a LaneReview that names the gold packet and no problem.
// A gold packet never becomes a problem, a revision, a hold or a publication_gate record, so it
// is in no public list, search, feed or export; its reviews take no part in any panel and are
// read only by the lane report, which grades each stored answer against the set
// (Packet.Grade) and gives each lane's accuracy with a Wilson interval.
//
// Gold runs whatever the switches say: the switches decide whether the review gate may
// recommend, and an operator deciding whether to open it again needs the measurement most when
// it is closed. Only enabled lanes receive gold; an unapproved lane does, which is how it is
// measured before an operator approves it.

// KindGoldReviewed is the event of one gold review, with its grade.
const KindGoldReviewed = "lane.gold_reviewed"

// DefaultGoldPerLane is how many gold packets a run sends each lane.
const DefaultGoldPerLane = 3

// GoldReview is one gold packet a run sent to a lane, and what became of it.
type GoldReview struct {
	LaneID, Identity string
	Role             lanes.Role
	GoldID           string
	ReviewID         string
	Failure          lanes.Failure
	// Grade is nil when the lane failed and there was no answer to grade.
	Grade *gold.Grade
}

// RunGold sends up to perLane gold packets (DefaultGoldPerLane when zero) to every enabled lane,
// grades each answer and records it. A lane gets the packets meant for its role that it has
// answered least often, in an order drawn afresh each day, so that over time it sees the whole
// set and cannot learn an order. Lanes are called at once, each lane's packets one after the
// other; every review is stored as it comes back.
func (s *Service) RunGold(ctx context.Context, cfg PanelConfig, perLane int) ([]GoldReview, error) {
	if cfg.Build == nil {
		cfg.Build = func(c lanes.Config) (lanes.Lane, error) { return lanes.New(c) }
	}
	if perLane <= 0 {
		perLane = DefaultGoldPerLane
	}
	set, err := gold.Load()
	if err != nil {
		return nil, err
	}
	ls, err := s.client.Lane.Query().Where(lane.Enabled(true)).Order(ent.Asc(lane.FieldIdentity)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("gold lanes: %w", err)
	}
	status, err := registerStatuses(ctx, s.client) // a lane runs only with a register entry
	if err != nil {
		return nil, err
	}
	// Blind gold is the panel's and the audit's: a lane of a corpus check has its own measurement.
	ls = slices.DeleteFunc(ls, func(l *ent.Lane) bool { return !RegisterStatusRuns(status[l.ID]) || !lanes.Role(l.Role).Valid() })
	day := s.Now().Format(time.DateOnly)
	type job struct {
		lane   *ent.Lane
		packet *gold.Packet
	}
	var jobs [][]job
	for _, l := range ls {
		picked, err := s.pickGold(ctx, set, l, perLane, day)
		if err != nil {
			return nil, err
		}
		var js []job
		for _, p := range picked {
			js = append(js, job{l, p})
		}
		jobs = append(jobs, js)
	}
	type done struct {
		job
		res *lanes.Result
	}
	results := make(chan done)
	var wg sync.WaitGroup
	for _, js := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, j := range js {
				r := reviewGold(ctx, cfg, j.lane, j.packet)
				select {
				case results <- done{j, r}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	var out []GoldReview
	var firstErr error
	for d := range results {
		if firstErr != nil {
			continue // drain: the lanes already answered
		}
		g, err := s.storeGoldReview(ctx, d.lane, d.packet, d.res)
		if err != nil {
			firstErr = err
			continue
		}
		out = append(out, g)
	}
	return out, firstErr
}

// pickGold chooses the packets a lane gets today: those meant for its role it has answered
// least, ties in an order that depends on the lane and the day.
func (s *Service) pickGold(ctx context.Context, set *gold.Set, l *ent.Lane, n int, day string) ([]*gold.Packet, error) {
	cands := set.For(lanes.Role(l.Role))
	if len(cands) == 0 {
		return nil, nil
	}
	var seen []struct {
		GoldID string `json:"gold_id"`
		Count  int    `json:"count"`
	}
	if err := s.client.LaneReview.Query().Where(lanereview.LaneID(l.ID), lanereview.GoldIDNEQ("")).
		GroupBy(lanereview.FieldGoldID).Aggregate(ent.Count()).Scan(ctx, &seen); err != nil {
		return nil, fmt.Errorf("gold seen: %w", err)
	}
	count := map[string]int{}
	for _, r := range seen {
		count[r.GoldID] = r.Count
	}
	order := func(p *gold.Packet) uint64 {
		h := fnv.New64a()
		_, _ = h.Write([]byte(l.ID + "|" + p.ID + "|" + day))
		return h.Sum64()
	}
	cands = slices.Clone(cands)
	slices.SortFunc(cands, func(a, b *gold.Packet) int {
		if d := count[a.ID] - count[b.ID]; d != 0 {
			return d
		}
		oa, ob := order(a), order(b)
		switch {
		case oa < ob:
			return -1
		case oa > ob:
			return 1
		}
		return 0
	})
	return cands[:min(n, len(cands))], nil
}

// reviewGold sends one gold packet to a lane. A lane that cannot be built or a request that
// cannot be made is a failed review, recorded like any other.
func reviewGold(ctx context.Context, cfg PanelConfig, l *ent.Lane, p *gold.Packet) *lanes.Result {
	lc := LaneConfig(l)
	failed := func(err error) *lanes.Result {
		return &lanes.Result{Identity: lc.Identity, Role: lc.Role, Provider: lc.Provider, Model: lc.Model,
			ModelVersion: lc.ModelVersion, PromptVersion: lc.PromptVersion, Baseline: lc.Provider == lanes.Baseline,
			PacketDigest: p.Digest(), Failure: lanes.FailureOf(err), Detail: Clip(err.Error(), 300)}
	}
	built, err := cfg.Build(lc)
	if err != nil {
		return failed(&lanes.Error{Failure: lanes.FailureInvalidConfig, Err: err})
	}
	req, err := p.Request(lc.Role, lc.PromptVersion)
	if err != nil {
		return failed(err)
	}
	r, err := built.Review(ctx, req)
	if r == nil {
		return failed(err)
	}
	return r
}

// storeGoldReview records one gold review and its grade: a LaneReview naming the gold packet
// and no problem or revision, and an operators' event.
func (s *Service) storeGoldReview(ctx context.Context, l *ent.Lane, p *gold.Packet, r *lanes.Result) (GoldReview, error) {
	out := GoldReview{LaneID: l.ID, Identity: l.Identity, Role: lanes.Role(l.Role), GoldID: p.ID, Failure: r.Failure}
	rec := ""
	if r.Answer != nil {
		rec = string(r.Answer.Recommendation)
		g, err := p.Grade(lanes.Role(l.Role), r.Answer)
		if err != nil {
			return out, err
		}
		out.Grade = &g
	}
	payload := map[string]any{"gold": p.ID, "kind": string(p.Kind), "role": l.Role, "identity": l.Identity,
		"failure": string(r.Failure), "recommendation": rec}
	if out.Grade != nil {
		payload["right"], payload["grade"] = out.Grade.Right, out.Grade.Reason
	}
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		lr, err := t.createLaneReview(ctx, l.ID, "", "", p.ID, lanes.Role(l.Role) == lanes.Audit, r)
		if err != nil {
			return err
		}
		out.ReviewID = lr.ID
		payload["review"] = lr.ID
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityPublicationGate, kind: KindGoldReviewed,
			subject: "lane:" + l.ID, payload: payload})
		return err
	})
	return out, err
}

// GoldGrade grades one stored gold review against the set: nil with a reason when it cannot be
// graded (the lane failed, the packet is no longer in the set, or the stored review read other
// content than the packet now holds).
func GoldGrade(set *gold.Set, r *ent.LaneReview) (*gold.Grade, *gold.Packet, string) {
	p, ok := set.Packet(r.GoldID)
	switch {
	case !ok:
		return nil, nil, "the gold packet " + r.GoldID + " is not in the current set"
	case r.PacketDigest != "" && r.PacketDigest != p.Digest():
		return nil, p, "the review read other content than the gold packet " + r.GoldID + " holds"
	case r.Failure != "" || r.Answer == "":
		return nil, p, "the lane failed (" + r.Failure + ")"
	}
	var a lanes.Answer
	if err := json.Unmarshal([]byte(r.Answer), &a); err != nil {
		return nil, p, "the stored answer does not parse"
	}
	g, err := p.Grade(lanes.Role(r.Role), &a)
	if err != nil {
		return nil, p, err.Error()
	}
	return &g, p, ""
}
