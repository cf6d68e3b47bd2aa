package graph

import (
	"context"
	"errors"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/viewer"
)

// auditSamples is the auditSamples connection: a cursor is a sample's ID.
func (r *Resolver) auditSamples(ctx context.Context, month string, first *int, after *string) (*model.AuditSampleConnection, error) {
	n, err := pageSize(first, "first")
	if err != nil {
		return nil, err
	}
	if first == nil {
		n = DefaultPage
	}
	p, err := r.corpus.AuditSamples(ctx, viewer.From(ctx), month, n, deref(after))
	if errors.Is(err, corpus.ErrAudit) {
		return nil, errBadInput{err.Error()}
	}
	if err != nil {
		return nil, err
	}
	c := &model.AuditSampleConnection{Edges: []*model.AuditSampleEdge{}, TotalCount: p.TotalCount,
		PageInfo: &model.CorpusPageInfo{HasNextPage: p.HasNext, HasPreviousPage: deref(after) != ""}}
	for _, it := range p.Items {
		c.Edges = append(c.Edges, &model.AuditSampleEdge{Cursor: it.ID, Node: it})
	}
	if len(c.Edges) > 0 {
		c.PageInfo.StartCursor, c.PageInfo.EndCursor = &c.Edges[0].Cursor, &c.Edges[len(c.Edges)-1].Cursor
	}
	return c, nil
}

func checklistOf(it *corpus.AuditItem) []*model.AuditChecklistItem {
	out := make([]*model.AuditChecklistItem, 0, len(it.Checklist))
	for _, c := range it.Checklist {
		m := &model.AuditChecklistItem{Property: model.AuditProperty(c.Property), Question: c.Question, TargetSeconds: c.TargetSeconds,
			ErrorClasses: []model.AuditErrorClass{}}
		for _, k := range c.Classes {
			m.ErrorClasses = append(m.ErrorClasses, model.AuditErrorClass(k))
		}
		out = append(out, m)
	}
	return out
}

// answersOf are the caller's answers in the checklist's order.
func answersOf(it *corpus.AuditItem) []*corpus.Answer {
	out := []*corpus.Answer{}
	for _, c := range it.Checklist {
		if a, ok := it.Answers[c.Property]; ok {
			out = append(out, &a)
		}
	}
	return out
}

func auditInput(in model.RecordAuditInput) corpus.AuditInput {
	out := corpus.AuditInput{Sample: in.Sample, Property: string(in.Property), Error: in.Error, Note: deref(in.Note),
		Seconds: deref(in.Seconds)}
	if in.ErrorClass != nil {
		out.ErrorClass = string(*in.ErrorClass)
	}
	return out
}

// auditUserError is the userError of an answer or a report the record
// refuses, or nil for any other outcome.
func auditUserError(err error) *model.UserError {
	if errors.Is(err, corpus.ErrAudit) {
		return &model.UserError{Field: []string{"input"}, Message: err.Error(), Code: model.UserErrorCodeInvalid}
	}
	return nil
}

// stoppedUserError is CONFIGURATION_STOPPED with its figure, or
// REVIEW_BUDGET with the hours, or nil.
func stoppedUserError(err error) *model.UserError {
	var stopped *corpus.StoppedError
	if errors.As(err, &stopped) {
		return &model.UserError{Field: []string{"input"}, Message: stopped.Error(), Code: model.UserErrorCodeConfigurationStopped}
	}
	var budget *corpus.BudgetError
	if errors.As(err, &budget) {
		return &model.UserError{Field: []string{"input"}, Message: budget.Error(), Code: model.UserErrorCodeReviewBudget}
	}
	return nil
}

func errorRates(rows []corpus.RateRow) []*model.ErrorRate {
	out := make([]*model.ErrorRate, 0, len(rows))
	for _, r := range rows {
		out = append(out, &model.ErrorRate{Stratum: &model.AuditStratum{Kind: model.CorpusNodeKind(r.Stratum.Kind),
			Writer: r.Stratum.Writer, Model: r.Stratum.Model, PromptVersion: r.Stratum.PromptVersion, Layer: r.Stratum.Layer},
			Property: model.AuditProperty(r.Property), N: r.N, Errors: r.Errors, Low: r.Low, High: r.High, Method: r.Method,
			Threshold: r.Threshold, Stopped: r.Stopped, Pending: r.Pending, ConfirmedReports: r.Reports})
	}
	return out
}

// quarantineUserError is the userError of a quarantine decision or a lift
// the record refuses, or nil for any other outcome.
func quarantineUserError(err error) *model.UserError {
	if errors.Is(err, corpus.ErrQuarantine) {
		return &model.UserError{Field: []string{"input"}, Message: err.Error(), Code: model.UserErrorCodeInvalid}
	}
	return nil
}

func reportModel(r *corpus.ReportView) *model.ProblemReport {
	return &model.ProblemReport{ID: r.ID, Node: r.Node, Property: model.AuditProperty(r.Property), State: r.State,
		Explanation: r.Explanation, Level: corpus.LevelName(r.Level), CreatedAt: r.CreatedAt}
}

func stopModel(v *corpus.StopView) *model.StoppedConfiguration {
	m := &model.StoppedConfiguration{ID: v.ID, Month: v.Month, Stratum: &model.AuditStratum{Kind: model.CorpusNodeKind(v.Stratum.Kind),
		Writer: v.Stratum.Writer, Model: v.Stratum.Model, PromptVersion: v.Stratum.PromptVersion, Layer: v.Stratum.Layer},
		Property: model.AuditProperty(v.Property), Errors: v.Errors, N: v.N, High: v.High, Threshold: v.Threshold,
		CreatedAt: v.CreatedAt, LiftedAt: v.LiftedAt, LiftReason: v.LiftReason, Held: make([]*model.HeldNode, len(v.Held))}
	if v.ChangeRequest != "" {
		m.ChangeRequest = &v.ChangeRequest
	}
	for i, h := range v.Held {
		m.Held[i] = &model.HeldNode{Node: h.Node, Title: h.Title, Mark: h.Mark, Released: h.Released}
		if h.Resolution != "" {
			r := model.QuarantineResolution(h.Resolution)
			m.Held[i].Resolution = &r
		}
	}
	return m
}
