package policy

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/gateswitch"
	"github.com/theoremdb/theoremdb/ent/lane"
	"github.com/theoremdb/theoremdb/lanes"
)

// Events of the lanes and switches of agent-assisted review.
const (
	KindLaneAdded    = "lane.added"
	KindLaneApproved = "lane.approved"
	KindLaneDisabled = "lane.disabled"
	KindSwitchSet    = "switch.set"
)

// Switch names, as the database and GraphQL spell them; GateSwitches has each with its
// command-line spelling.
const (
	SwitchMaster      = "MASTER"
	SwitchAgentReview = "AGENT_REVIEW"
	SwitchAuditLane   = "AUDIT_LANE"
)

// LaneInput is a lane as an operator registers it.
type LaneInput struct {
	Identity, Role, Provider, BaseURL, Model, ModelVersion, PromptVersion string
}

// LaneConfig is the lanes.Config a registered lane runs with.
func LaneConfig(l *ent.Lane) lanes.Config {
	return lanes.Config{Identity: l.Identity, Role: lanes.Role(l.Role), Provider: lanes.Provider(l.Provider),
		BaseURL: l.BaseURL, Model: l.Model, ModelVersion: l.ModelVersion, PromptVersion: l.PromptVersion}
}

// AddLane registers a lane (operators). It takes no part in a recommendation that publishes
// until an operator approves it; its prompt version must be one of the repository's.
func (s *Service) AddLane(ctx context.Context, actor *ent.Account, in LaneInput) (*ent.Lane, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("registering a lane needs the operator role: %w", ErrForbidden)
	}
	in.Identity = strings.TrimSpace(in.Identity)
	in.Provider = strings.ToLower(strings.TrimSpace(in.Provider))
	in.Role = strings.ToUpper(strings.TrimSpace(in.Role))
	if in.PromptVersion == "" {
		if p, err := lanes.LatestPrompt(lanes.Role(in.Role)); err == nil {
			in.PromptVersion = p.Version
		}
	}
	cfg := lanes.Config{Identity: in.Identity, Role: lanes.Role(in.Role), Provider: lanes.Provider(in.Provider),
		BaseURL: in.BaseURL, Model: in.Model, ModelVersion: in.ModelVersion, PromptVersion: in.PromptVersion}
	if err := cfg.Validate(); err != nil {
		return nil, refuse(CodeInvalid, strings.TrimPrefix(err.Error(), "lanes: "), "lane")
	}
	if _, err := lanes.LookupPrompt(cfg.Role, cfg.PromptVersion); err != nil {
		return nil, refuse(CodeInvalid, fmt.Sprintf("no prompt %s for the role %s", cfg.PromptVersion, cfg.Role), "promptVersion")
	}
	var l *ent.Lane
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		taken, err := t.Lane.Query().Where(lane.Identity(cfg.Identity)).Exist(ctx)
		if err != nil {
			return err
		}
		if taken {
			return refuse(CodeConflict, "a lane with the identity "+cfg.Identity+" exists; each lane has its own", "identity")
		}
		if l, err = t.Lane.Create().SetIdentity(cfg.Identity).SetRole(lane.Role(cfg.Role)).SetProvider(string(cfg.Provider)).
			SetBaseURL(cfg.BaseURL).SetModel(cfg.Model).SetModelVersion(cfg.ModelVersion).SetPromptVersion(cfg.PromptVersion).
			SetCreatedByID(actor.ID).SetCreatedAt(s.Now()).Save(ctx); err != nil {
			return fmt.Errorf("add lane: %w", err)
		}
		// A lane runs only with a register entry: it gets one, SHADOW, with the operator accountable.
		entry := defaultRegisterEntry(l, "@"+actor.Handle)
		if err := t.writeRegisterEntry(ctx, entry, actor.ID); err != nil {
			return fmt.Errorf("add lane: %w", err)
		}
		payload := laneEventPayload(l)
		payload["register"] = registerPayload(entry)
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityStaff, kind: KindLaneAdded,
			subject: "lane:" + l.ID, payload: payload})
		return err
	})
	return l, err
}

func laneEventPayload(l *ent.Lane) map[string]any {
	return map[string]any{"lane": l.ID, "identity": l.Identity, "role": string(l.Role), "provider": l.Provider,
		"model": l.Model, "modelVersion": l.ModelVersion, "promptVersion": l.PromptVersion}
}

// ApproveLane approves a lane's provider and model version (operators). The deterministic
// baseline may be approved, but it can never publish.
func (s *Service) ApproveLane(ctx context.Context, actor *ent.Account, ref string) (*ent.Lane, error) {
	return s.updateLane(ctx, actor, ref, KindLaneApproved, func(l *ent.Lane, u *ent.LaneUpdateOne) error {
		if l.ApprovedAt != nil {
			return refuse(CodeConflict, "the lane "+l.Identity+" is already approved", "lane")
		}
		u.SetApprovedAt(s.Now()).SetApprovedByID(actor.ID).SetEnabled(true)
		return nil
	})
}

// DisableLane takes a lane out of the panel (operators); its reviews stay in the record.
func (s *Service) DisableLane(ctx context.Context, actor *ent.Account, ref string) (*ent.Lane, error) {
	return s.updateLane(ctx, actor, ref, KindLaneDisabled, func(l *ent.Lane, u *ent.LaneUpdateOne) error {
		if !l.Enabled {
			return refuse(CodeConflict, "the lane "+l.Identity+" is already disabled", "lane")
		}
		u.SetEnabled(false)
		return nil
	})
}

func (s *Service) updateLane(ctx context.Context, actor *ent.Account, ref, kind string, change func(*ent.Lane, *ent.LaneUpdateOne) error) (*ent.Lane, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("changing a lane needs the operator role: %w", ErrForbidden)
	}
	var out *ent.Lane
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		l, err := t.Lane.Query().Where(lane.Or(lane.ID(ref), lane.Identity(ref))).Only(ctx)
		if ent.IsNotFound(err) {
			return refuse(CodeNotFound, fmt.Sprintf("no lane %q", ref), "lane")
		}
		if err != nil {
			return err
		}
		u := l.Update()
		if err := change(l, u); err != nil {
			return err
		}
		if out, err = u.Save(ctx); err != nil {
			return fmt.Errorf("update lane: %w", err)
		}
		if err := t.registerFollowsLane(ctx, kind, out, actor.ID); err != nil {
			return err
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityStaff, kind: kind,
			subject: "lane:" + l.ID, payload: laneEventPayload(out)})
		return err
	})
	return out, err
}

// Lanes are the registered lanes, by role and identity (operators).
func (s *Service) Lanes(ctx context.Context, actor *ent.Account) ([]*ent.Lane, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("the lanes are for operators: %w", ErrForbidden)
	}
	return s.client.Lane.Query().Order(ent.Asc(lane.FieldRole), ent.Asc(lane.FieldIdentity)).All(ctx)
}

// panelAndAudit are the roles of the panel and the audit, as the lanes table stores them.
func panelAndAudit() []lane.Role { return laneRoles(lanes.Roles) }

// laneRoles are rs as the lanes table stores them.
func laneRoles(rs []lanes.Role) []lane.Role {
	out := make([]lane.Role, len(rs))
	for i, r := range rs {
		out[i] = lane.Role(r)
	}
	return out
}

// CheckLanes are the lanes that serve the corpus's model checks (lanes.CheckRoles) and may be
// called, read through c (a transaction's client, or the service's): enabled, approved by an
// operator, with a register entry that lets them run; by role, then the newest first. A judge
// among them still judges only once its measured rate qualifies it; the corpus decides that.
func CheckLanes(ctx context.Context, c *ent.Client) ([]*ent.Lane, error) {
	ls, err := c.Lane.Query().Where(lane.RoleIn(laneRoles(lanes.CheckRoles)...), lane.Enabled(true), lane.ApprovedAtNotNil()).
		Order(ent.Asc(lane.FieldRole), ent.Desc(lane.FieldCreatedAt), ent.Asc(lane.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("check lanes: %w", err)
	}
	status, err := registerStatuses(ctx, c)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(ls, func(l *ent.Lane) bool { return !RegisterStatusRuns(status[l.ID]) }), nil
}

// LaneNamed is one lane by its ID or identity (operators).
func (s *Service) LaneNamed(ctx context.Context, actor *ent.Account, ref string) (*ent.Lane, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("the lanes are for operators: %w", ErrForbidden)
	}
	l, err := s.client.Lane.Query().Where(lane.Or(lane.ID(ref), lane.Identity(ref))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, refuse(CodeNotFound, fmt.Sprintf("no lane %q", ref), "lane")
	}
	return l, err
}

// Switches are the states of the three switches; a switch never set is off.
type Switches struct {
	Master      bool `json:"master"`
	AgentReview bool `json:"agentReview"`
	AuditLane   bool `json:"auditLane"`
}

// GateOpen reports whether automated review may recommend at all: both the master and the
// agent-review switch are on.
func (w Switches) GateOpen() bool { return w.Master && w.AgentReview }

// Switches reads the switches.
func (s *Service) Switches(ctx context.Context) (Switches, error) {
	return readSwitches(ctx, s.client)
}

func readSwitches(ctx context.Context, c *ent.Client) (Switches, error) {
	rows, err := c.GateSwitch.Query().All(ctx)
	if err != nil {
		return Switches{}, fmt.Errorf("switches: %w", err)
	}
	var w Switches
	for _, r := range rows {
		switch r.Name {
		case gateswitch.NameMASTER:
			w.Master = r.Enabled
		case gateswitch.NameAGENT_REVIEW:
			w.AgentReview = r.Enabled
		case gateswitch.NameAUDIT_LANE:
			w.AuditLane = r.Enabled
		}
	}
	return w, nil
}

// SetSwitch turns a switch on or off (operators), recorded as an event with the operator and
// the reason.
func (s *Service) SetSwitch(ctx context.Context, actor *ent.Account, name string, on bool, reason string) error {
	if !CanStaff(actor) {
		return fmt.Errorf("setting a switch needs the operator role: %w", ErrForbidden)
	}
	return s.inTx(ctx, func(ctx context.Context, t *tx) error {
		return t.setSwitch(ctx, actor.ID, AuthorityStaff, name, on, reason)
	})
}

func (t *tx) setSwitch(ctx context.Context, actorID, authority, name string, on bool, reason string) error {
	sw, ok := SwitchNamed(name)
	if !ok {
		return refuse(CodeInvalid, fmt.Sprintf("%q is not a switch: %s", name, SwitchArgs()), "name")
	}
	n := gateswitch.Name(sw.Value)
	now := t.s.Now()
	err := t.GateSwitch.Create().SetName(n).SetEnabled(on).SetReason(strings.TrimSpace(reason)).SetSetByID(actorID).SetSetAt(now).
		OnConflictColumns(gateswitch.FieldName).UpdateNewValues().Exec(ctx)
	if err != nil {
		return fmt.Errorf("set switch: %w", err)
	}
	_, err = t.appendEvent(ctx, eventInput{actor: actorID, authority: authority, kind: KindSwitchSet,
		subject: "switch:" + string(n), payload: map[string]any{"switch": string(n), "on": on, "reason": strings.TrimSpace(reason)}})
	return err
}
