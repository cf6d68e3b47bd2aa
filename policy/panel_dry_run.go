package policy

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
)

// PanelDryRun is the panel run on one problem's current revision as it would run with the
// master and agent-review switches on, with nothing written: no lane review, no
// publication_gate record, no hold, no event.
type PanelDryRun struct {
	ProblemID, Title string
	Revision         int
	Route            ReviewRoute
	Reasons          []ForecastReason
	Reviews          []DryRunReview
	AuditSelected    bool
}

// DryRunReview is one lane's answer in a dry run.
type DryRunReview struct {
	Role, Identity, Provider string
	Baseline, Approved       bool
	// Failure is the lane's failure code, "" when it answered; Recommendation its answer.
	Failure, Recommendation string
}

// DryRunPanel calls the panel's lanes on the current revision of the problem ref names and
// runs the review gate on their answers as if the master and agent-review switches were on
// (the audit-lane switch as it is), writing nothing (operators). It is what an operator reads
// before turning the switches on: real calls, the lanes as configured, and what the gate would
// make of them.
func (s *Service) DryRunPanel(ctx context.Context, actor *ent.Account, ref string, cfg PanelConfig) (*PanelDryRun, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("a dry run of the panel needs the operator role: %w", ErrForbidden)
	}
	if cfg.Build == nil {
		cfg.Build = func(c lanes.Config) (lanes.Lane, error) { return lanes.New(c) }
	}
	id, err := ResolveProblemID(ctx, s.client, ref)
	if errors.Is(err, ErrNotFound) {
		return nil, refuse(CodeNotFound, fmt.Sprintf("no problem %q", strings.TrimSpace(ref)), "problemId")
	}
	if err != nil {
		return nil, err
	}
	pk, err := s.ProblemPacket(ctx, id)
	if err != nil {
		return nil, err
	}
	p, cur := pk.Problem, pk.Rev()
	if ContentWithheld(p) {
		return nil, refuse(CodeConflict, p.ID+" was removed; there is nothing to review", "problemId")
	}
	for _, r := range pk.Checks {
		if r.Outcome == gaterun.OutcomePENDING {
			return nil, refuse(CodeConflict, p.ID+"'s gates are still running; try again when they have finished", "problemId")
		}
	}
	sw, err := s.Switches(ctx)
	if err != nil {
		return nil, err
	}
	in := ReviewGateInput{Now: s.Now(), FreshnessWindow: cfg.FreshnessWindow,
		Switches: ReviewSwitches{Master: true, AgentReview: true, AuditLane: sw.AuditLane}}
	if in.FreshnessWindow <= 0 {
		in.FreshnessWindow = gates.DefaultFreshnessWindow
	}
	panelIn := panelInput(cur, pk.Checks, p.Edges.Claims)
	in.PacketDigest = panelIn.Digest()
	s.recordInput(ctx, &in, p, cur, pk.Checks)
	if _, err := s.reviewPanel(ctx, &in, p.ID, cur.ID, panelIn, cfg, sw, false); err != nil {
		return nil, err
	}
	res := ReviewGate(in)
	byRole, _, err := s.panelLanes(ctx)
	if err != nil {
		return nil, err
	}
	out := &PanelDryRun{ProblemID: p.ID, Title: cur.Title, Revision: cur.Number, Route: res.Route,
		Reasons: forecastReasons(res.Reasons, byRole), AuditSelected: in.AuditSelected}
	reviews := in.Panel
	if in.Audit != nil {
		reviews = append(reviews, *in.Audit)
	}
	for _, r := range reviews {
		d := DryRunReview{Role: string(r.Role), Identity: r.Identity, Provider: r.Provider, Baseline: r.Baseline,
			Approved: r.Approved, Failure: string(r.Failure)}
		if r.Answer != nil {
			d.Recommendation = string(r.Answer.Recommendation)
		}
		out.Reviews = append(out.Reviews, d)
	}
	return out, nil
}

// KindGoldRequested: an operator asked for a run of blind gold now.
const KindGoldRequested = "lane.gold_requested"

// GoldScheduler is a Scheduler that can also enqueue a run of blind gold on demand.
type GoldScheduler interface {
	ScheduleGold(ctx context.Context, tx *sql.Tx, perLane int) error
}

// RequestGold enqueues a run of blind gold over every enabled lane now, besides the schedule
// (operators), and records who asked. The run is the scheduled one's: its answers reach the
// lane report as they come back.
func (s *Service) RequestGold(ctx context.Context, actor *ent.Account) error {
	if !CanStaff(actor) {
		return fmt.Errorf("running gold needs the operator role: %w", ErrForbidden)
	}
	gs, ok := s.scheduler.(GoldScheduler)
	if !ok {
		return refuse(CodeConflict, "no job queue runs with this site, so gold cannot be run from here; run theoremdb serve with its workers", "lane")
	}
	return s.inTx(ctx, func(ctx context.Context, t *tx) error {
		if err := gs.ScheduleGold(ctx, t.sql, DefaultGoldPerLane); err != nil {
			return fmt.Errorf("schedule gold: %w", err)
		}
		_, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityStaff, kind: KindGoldRequested,
			subject: "gold", payload: map[string]any{"perLane": DefaultGoldPerLane}})
		return err
	})
}
