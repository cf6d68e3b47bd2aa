package lanes

import (
	"context"
	"fmt"
	"sync"
)

// Panel is the three-role qualification panel: one lane per panel role.
type Panel struct {
	PriorArt, MathCritique, FormalReadiness Lane
}

// lanes are the panel's lanes in PanelRoles order.
func (p Panel) lanes() []Lane { return []Lane{p.PriorArt, p.MathCritique, p.FormalReadiness} }

// Validate checks that each lane is there and configured for its role.
func (p Panel) Validate() error {
	for i, l := range p.lanes() {
		if l == nil {
			return fmt.Errorf("lanes: the panel has no %s lane", PanelRoles[i])
		}
		if r := l.Config().Role; r != PanelRoles[i] {
			return fmt.Errorf("lanes: the panel's %s lane is a %s lane", PanelRoles[i], r)
		}
	}
	return nil
}

// Run calls the three roles concurrently, each in isolation: each request is built from in
// alone, so no role can see another's answer. It returns one Result per role, in PanelRoles
// order, whatever happened; a failed role's Result carries its Failure. The error is non-nil
// only when the panel itself is not configured (no call is made then).
func (p Panel) Run(ctx context.Context, in PanelInput) ([]*Result, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	out := make([]*Result, len(PanelRoles))
	var wg sync.WaitGroup
	for i, l := range p.lanes() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := l.Config()
			req, err := NewPanelRequest(cfg.Role, cfg.PromptVersion, in)
			if err != nil {
				out[i], _ = record(&Result{Identity: cfg.Identity, Role: cfg.Role, Provider: cfg.Provider, Model: cfg.Model,
					ModelVersion: cfg.ModelVersion, PromptVersion: cfg.PromptVersion, Baseline: cfg.Provider == Baseline,
					PacketDigest: in.Digest(), InputDigest: in.Digest()}, err)
				return
			}
			out[i], _ = l.Review(ctx, req)
		}()
	}
	wg.Wait()
	return out, nil
}

// AuditInputOf is the audit lane's input from the panel's input and its three Results. Only a
// panel whose three roles all answered can be audited (an audit runs only on an otherwise
// qualifying recommendation).
func AuditInputOf(in PanelInput, panel []*Result) (AuditInput, error) {
	out := AuditInput{PanelInput: in}
	for _, r := range panel {
		switch {
		case r == nil:
			return AuditInput{}, fail(FailureInvalidConfig, "the panel has a missing result")
		case r.Answer == nil:
			return AuditInput{}, fail(FailureInvalidConfig, "the %s review failed (%s); there is nothing to audit", r.Role, r.Failure)
		}
		out.Panel = append(out.Panel, PanelAnswer{Role: r.Role, Answer: *r.Answer})
	}
	return out, nil
}

// RunAudit calls the audit lane on the panel's results.
func RunAudit(ctx context.Context, audit Lane, in PanelInput, panel []*Result) (*Result, error) {
	if audit == nil {
		return nil, fmt.Errorf("lanes: no audit lane")
	}
	cfg := audit.Config()
	failed := func(err error) (*Result, error) {
		return record(&Result{Identity: cfg.Identity, Role: cfg.Role, Provider: cfg.Provider, Model: cfg.Model,
			ModelVersion: cfg.ModelVersion, PromptVersion: cfg.PromptVersion, Baseline: cfg.Provider == Baseline,
			PacketDigest: in.Digest()}, err)
	}
	if cfg.Role != Audit {
		return failed(fail(FailureInvalidConfig, "the audit lane is a %s lane", cfg.Role))
	}
	ain, err := AuditInputOf(in, panel)
	if err != nil {
		return failed(err)
	}
	req, err := NewAuditRequest(cfg.PromptVersion, ain)
	if err != nil {
		return failed(err)
	}
	return audit.Review(ctx, req)
}
