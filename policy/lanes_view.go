package policy

import (
	"context"
	"fmt"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
)

// LanesView is what operators read of agent-assisted review: the registered lanes with who
// approved them, and each switch that was ever set with who set it.
type LanesView struct {
	Lanes []LaneView // by role, then identity
	// Switches are the switches ever set, by name; a switch never set is not here.
	Switches map[string]SwitchView
	// GateOpen says the master and agent-review switches are both on.
	GateOpen bool
}

// LaneView is one registered lane.
type LaneView struct {
	ID, Identity, Role, Provider, BaseURL, Model, ModelVersion, PromptVersion string
	Enabled                                                                   bool
	// ApprovedBy is "@handle" of the approving operator; ApprovedAt is nil until approved.
	ApprovedBy string
	ApprovedAt *time.Time
	CreatedAt  time.Time
}

// SwitchView is the last setting of one switch.
type SwitchView struct {
	On     bool
	SetBy  string // "@handle", or "the system"
	SetAt  time.Time
	Reason string
}

// ViewLanes reads the lanes and the switches for actor, an operator.
func (s *Service) ViewLanes(ctx context.Context, actor *ent.Account) (*LanesView, error) {
	ls, err := s.Lanes(ctx, actor)
	if err != nil {
		return nil, err
	}
	rows, err := s.client.GateSwitch.Query().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("switches: %w", err)
	}
	var ids []string
	for _, l := range ls {
		if l.ApprovedByID != nil {
			ids = append(ids, *l.ApprovedByID)
		}
	}
	for _, r := range rows {
		ids = append(ids, r.SetByID)
	}
	handles, err := s.handlesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	v := &LanesView{Switches: make(map[string]SwitchView, len(rows))}
	for _, l := range ls {
		lv := LaneView{ID: l.ID, Identity: l.Identity, Role: string(l.Role), Provider: l.Provider, BaseURL: l.BaseURL,
			Model: l.Model, ModelVersion: l.ModelVersion, PromptVersion: l.PromptVersion, Enabled: l.Enabled,
			ApprovedAt: l.ApprovedAt, CreatedAt: l.CreatedAt}
		if l.ApprovedByID != nil {
			lv.ApprovedBy = handles[*l.ApprovedByID]
		}
		v.Lanes = append(v.Lanes, lv)
	}
	for _, r := range rows {
		v.Switches[string(r.Name)] = SwitchView{On: r.Enabled, SetBy: handles[r.SetByID], SetAt: r.SetAt, Reason: r.Reason}
	}
	sw, err := s.Switches(ctx)
	if err != nil {
		return nil, err
	}
	v.GateOpen = sw.GateOpen()
	return v, nil
}

// handlesOf maps account IDs to "@handle"; the system's own actor is "the system".
func (s *Service) handlesOf(ctx context.Context, ids []string) (map[string]string, error) {
	out := map[string]string{SystemActor: "the system"}
	if len(ids) == 0 {
		return out, nil
	}
	accs, err := s.client.Account.Query().Where(account.IDIn(ids...)).Select(account.FieldID, account.FieldHandle).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("handles: %w", err)
	}
	for _, a := range accs {
		out[a.ID] = "@" + a.Handle
	}
	return out, nil
}
