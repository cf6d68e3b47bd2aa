package policy

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/lane"
	"github.com/theoremdb/theoremdb/ent/lanereview"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
)

// LanesForecast is what the review gate will do with the lanes as configured, once the master
// and agent-review switches are on: the gate's own answer on a revision whose record passes
// every condition and whose lanes each answer a clean qualify, so that every reason left comes
// from the lanes and switches alone. It calls no lane.
type LanesForecast struct {
	// Route is RouteEarlyAcceptance when a clean revision could be recommended; otherwise every
	// revision goes to staff, for Reasons.
	Route   ReviewRoute
	Reasons []ForecastReason
	// Audit is the same forecast for a revision the audit selector picks (at least one a week).
	AuditRoute   ReviewRoute
	AuditReasons []ForecastReason
	// Gold says, lane by lane, how long ago blind gold last measured an enabled lane.
	Gold []LaneGoldAge
}

// ForecastReason is one reason of the forecast, in words.
type ForecastReason struct {
	Code, Label, Role, Detail string
}

// LaneGoldAge is an enabled lane's newest gold review, and whether it is stale.
type LaneGoldAge struct {
	Identity, Role string
	Last           *time.Time
	Stale          bool
}

// GoldStaleAfter is how old an enabled lane's newest gold review may be before the lanes page
// calls its measurement stale: two of blind gold's daily runs missed.
const GoldStaleAfter = 48 * time.Hour

// panelLanes are the enabled lanes the panel calls, one per role (those the register lets run): approved before unapproved,
// the newest first, as RunPanel picks them.
func (s *Service) panelLanes(ctx context.Context) (map[lanes.Role]*ent.Lane, []*ent.Lane, error) {
	registered, err := s.client.Lane.Query().Where(lane.Enabled(true)).Order(ent.Desc(lane.FieldCreatedAt)).All(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("panel lanes: %w", err)
	}
	// A lane runs only with a register entry whose status lets it run (SHADOW or ACTIVE).
	status, err := registerStatuses(ctx, s.client)
	if err != nil {
		return nil, nil, err
	}
	// A lane serving a model check of the corpus (a judge, the round trip, the hypothesis check)
	// is not the panel's.
	registered = slices.DeleteFunc(registered, func(l *ent.Lane) bool {
		return !RegisterStatusRuns(status[l.ID]) || !lanes.Role(l.Role).Valid()
	})
	byRole := map[lanes.Role]*ent.Lane{}
	for _, l := range registered {
		r := lanes.Role(l.Role)
		if have := byRole[r]; have == nil || (have.ApprovedAt == nil && l.ApprovedAt != nil) {
			byRole[r] = l
		}
	}
	return byRole, registered, nil
}

// ForecastLanes says what the review gate will do with the lanes as configured (operators).
func (s *Service) ForecastLanes(ctx context.Context, actor *ent.Account) (*LanesForecast, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("the lanes' forecast needs the operator role: %w", ErrForbidden)
	}
	byRole, enabled, err := s.panelLanes(ctx)
	if err != nil {
		return nil, err
	}
	sw, err := s.Switches(ctx)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	const digest = "forecast"
	in := ReviewGateInput{Now: now, FreshnessWindow: gates.DefaultFreshnessWindow, PacketDigest: digest,
		Switches:    ReviewSwitches{Master: true, AgentReview: true, AuditLane: sw.AuditLane},
		IntakeValid: true, StructuredReferences: 1, PrimarySource: true, DatedSearch: true, SearchCheckedOn: now.AddDate(0, 0, -1),
		RightsBasis: "own words", Gates: cleanRuns(), NeutralVisualAssigned: true}
	for _, role := range lanes.PanelRoles {
		if l := byRole[role]; l != nil {
			in.Panel = append(in.Panel, forecastReview(l, digest))
		}
	}
	out := &LanesForecast{}
	res := ReviewGate(in)
	out.Route, out.Reasons = res.Route, forecastReasons(res.Reasons, byRole)
	in.AuditSelected = true
	if al := byRole[lanes.Audit]; al != nil && sw.AuditLane {
		a := forecastReview(al, digest)
		in.Audit = &a
	}
	res = ReviewGate(in)
	out.AuditRoute, out.AuditReasons = res.Route, forecastReasons(res.Reasons, byRole)

	for _, l := range enabled {
		g := LaneGoldAge{Identity: l.Identity, Role: string(l.Role)}
		last, err := s.client.LaneReview.Query().Where(lanereview.LaneID(l.ID), lanereview.GoldIDNEQ("")).
			Order(ent.Desc(lanereview.FieldCreatedAt)).First(ctx)
		switch {
		case err == nil:
			t := last.CreatedAt.UTC()
			g.Last = &t
		case !ent.IsNotFound(err):
			return nil, fmt.Errorf("gold of %s: %w", l.Identity, err)
		}
		g.Stale = g.Last == nil || now.Sub(*g.Last) > GoldStaleAfter
		out.Gold = append(out.Gold, g)
	}
	return out, nil
}

// forecastReview is lane l's review as the gate would read a clean qualify from it: every check
// of its prompt confirmed. A lane that could not even be built (an invalid setting, a missing
// key) fails as it would when called.
func forecastReview(l *ent.Lane, digest string) GateReview {
	cfg := LaneConfig(l)
	r := &lanes.Result{Identity: l.Identity, Role: lanes.Role(l.Role), Provider: lanes.Provider(l.Provider), Model: l.Model,
		ModelVersion: l.ModelVersion, PromptVersion: l.PromptVersion, Baseline: cfg.Provider == lanes.Baseline, PacketDigest: digest}
	p, perr := lanes.LookupPrompt(cfg.Role, cfg.PromptVersion)
	if perr == nil {
		r.PromptDigest = p.Digest
	}
	_, err := lanes.New(cfg)
	var f lanes.Failure
	switch {
	case errors.As(err, &f):
		r.Failure = f
	case err != nil || perr != nil:
		r.Failure = lanes.FailureInvalidConfig
	case cfg.Provider != lanes.Baseline:
		if v, ok := os.LookupEnv(lanes.KeyEnvName(l.Identity)); !ok || strings.TrimSpace(v) == "" {
			r.Failure = lanes.FailureMissingKey
		}
	}
	if r.Failure == "" {
		a := &lanes.Answer{Recommendation: lanes.Qualify, Blockers: []string{}, Concerns: []string{}, Unknowns: []string{}}
		for _, id := range p.Checks {
			a.Checks = append(a.Checks, lanes.CheckAnswer{ID: id, Confirmed: true, Reason: "forecast"})
		}
		r.Answer = a
		r.ServedModel = l.Model
	}
	return gateReview(l, r)
}

// cleanRuns are the gates' runs on a revision where every check passes but those the panel's
// roles confirm, as a complete packet's are.
func cleanRuns() []GateRunInput {
	var out []GateRunInput
	for _, g := range gates.All() {
		r := GateRunInput{Gate: g.Name, Outcome: gates.OutcomePass}
		for _, c := range g.Checks {
			v := gates.Pass
			if _, ok := ConfirmingRole(c.ID); ok {
				v, r.Outcome = gates.NeedsHuman, gates.OutcomeNeedsHuman
			}
			r.Findings = append(r.Findings, GateCheckFinding{Check: c.ID, Verdict: v})
		}
		out = append(out, r)
	}
	return out
}

// forecastReasons are the gate's reasons in words, each lane named by its identity rather than
// its ID.
func forecastReasons(rs []ReviewReason, ls map[lanes.Role]*ent.Lane) []ForecastReason {
	names := make([]string, 0, 2*len(ls))
	for _, l := range ls {
		names = append(names, l.ID, l.Identity)
	}
	named := strings.NewReplacer(names...)
	out := make([]ForecastReason, 0, len(rs))
	for _, r := range rs {
		out = append(out, ForecastReason{Code: string(r.Code), Label: ReviewGateReasons.Label(string(r.Code)),
			Role: string(r.Role), Detail: named.Replace(r.Detail)})
	}
	return out
}
