package corpus

import (
	"context"
	"fmt"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/corpusfinding"
	"github.com/theoremdb/theoremdb/ent/corpusgaterun"
	"github.com/theoremdb/theoremdb/ent/nodedraft"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
)

// ChangeRequestView is a change request as every transport shows it.
type ChangeRequestView struct {
	// ID is empty on a dry run, which writes nothing.
	ID         string
	State      string
	Note       string
	Writer     Writer
	FailedGate string
	// Gates are the gate results of the last run, in order.
	Gates []GateResult
	// Nodes are the nodes it created or revised once merged.
	Nodes     []string
	Drafts    []DraftView
	CreatedAt time.Time
	UpdatedAt time.Time
	MergedAt  *time.Time
}

// DraftView is a draft as a list of open requests shows it.
type DraftView struct {
	Kind    string
	Title   string
	Label   string
	Revises string
	Node    string
}

// ChangeRequest reads a change request with its last gate results.
func (s *Service) ChangeRequest(ctx context.Context, id string) (*ChangeRequestView, error) {
	cr, err := s.client.ChangeRequest.Query().Where(changerequest.ID(id)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("change request %s: %w", id, policy.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("change request %s: %w", id, err)
	}
	vs, err := s.changeRequestViews(ctx, []*ent.ChangeRequest{cr})
	if err != nil {
		return nil, err
	}
	return vs[0], nil
}

// OpenChangeRequests lists at most limit requests not merged or withdrawn,
// newest first, with their gate results; a limit of 0 or less is an empty
// page.
func (s *Service) OpenChangeRequests(ctx context.Context, limit int) ([]*ChangeRequestView, error) {
	if limit <= 0 { // an empty page on every database: ent reads a limit of 0 as none
		return []*ChangeRequestView{}, nil
	}
	crs, err := s.client.ChangeRequest.Query().
		Where(changerequest.StateIn(changerequest.StatePENDING, changerequest.StateFAILED)).
		Order(ent.Desc(changerequest.FieldUpdatedAt)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("open change requests: %w", err)
	}
	return s.changeRequestViews(ctx, crs)
}

func (s *Service) changeRequestViews(ctx context.Context, crs []*ent.ChangeRequest) ([]*ChangeRequestView, error) {
	out := make([]*ChangeRequestView, len(crs))
	for i, cr := range crs {
		v := &ChangeRequestView{ID: cr.ID, State: string(cr.State), Note: cr.Note, FailedGate: cr.FailedGate,
			Writer: Writer{Kind: string(cr.WriterKind), ID: cr.Opener, Model: cr.Model, PromptVersion: cr.PromptVersion, Layer: cr.Layer},
			Gates:  []GateResult{}, Nodes: []string{}, CreatedAt: cr.CreatedAt, UpdatedAt: cr.UpdatedAt, MergedAt: cr.MergedAt}
		drafts, err := s.client.NodeDraft.Query().Where(nodedraft.ChangeRequestID(cr.ID)).Order(ent.Asc(nodedraft.FieldPosition)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("drafts of %s: %w", cr.ID, err)
		}
		for _, d := range drafts {
			v.Drafts = append(v.Drafts, DraftView{Kind: string(d.Kind), Title: d.Title, Label: d.Label, Revises: d.Revises, Node: d.NodeID})
			if d.NodeID != "" {
				v.Nodes = append(v.Nodes, d.NodeID)
			}
		}
		runs, err := s.client.CorpusGateRun.Query().Where(corpusgaterun.ChangeRequestID(cr.ID)).
			Order(ent.Desc(corpusgaterun.FieldAttempt), ent.Asc(corpusgaterun.FieldPosition)).
			WithFindings(func(q *ent.CorpusFindingQuery) { q.Order(ent.Asc(corpusfinding.FieldPosition)) }).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("gate runs of %s: %w", cr.ID, err)
		}
		for _, r := range runs {
			if r.Attempt != runs[0].Attempt {
				break
			}
			g := GateResult{Gate: r.Gate, Position: r.Position, Version: r.Version, Outcome: gates.Outcome(r.Outcome), Findings: []Finding{}}
			for _, f := range r.Edges.Findings {
				g.Findings = append(g.Findings, Finding{Code: f.Code, Finding: gates.Finding{Check: f.Check, Criterion: f.Criterion,
					Policy: PolicyVersion, Span: gates.Span{Field: f.SpanField, Start: f.SpanStart, End: f.SpanEnd, Quote: f.SpanQuote},
					Behaviour: f.Behaviour, Evidence: gates.Evidence(f.Evidence), Verdict: gates.Verdict(f.Verdict), Fix: f.Fix,
					Consequence: f.Consequence}})
			}
			v.Gates = append(v.Gates, g)
		}
		out[i] = v
	}
	return out, nil
}
