package graph

import (
	"context"
	"errors"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/viewer"
)

// peopleChecks is the peopleChecks connection: a cursor is a check's ID.
func (r *Resolver) peopleChecks(ctx context.Context, first *int, after *string) (*model.PeopleCheckConnection, error) {
	n, err := pageSize(first, "first")
	if err != nil {
		return nil, err
	}
	if first == nil {
		n = DefaultPage
	}
	p, err := r.corpus.PeopleChecks(ctx, viewer.From(ctx), n, deref(after))
	if errors.Is(err, corpus.ErrBadCursor) {
		return nil, errBadInput{"the after cursor is not one this server gave out; ask again without it"}
	}
	if err != nil {
		return nil, err
	}
	c := &model.PeopleCheckConnection{Edges: []*model.PeopleCheckEdge{},
		PageInfo: &model.CorpusPageInfo{HasNextPage: p.HasNext, HasPreviousPage: deref(after) != ""}}
	for _, ch := range p.Checks {
		c.Edges = append(c.Edges, &model.PeopleCheckEdge{Cursor: ch.ID, Node: ch})
	}
	if len(c.Edges) > 0 {
		c.PageInfo.StartCursor, c.PageInfo.EndCursor = &c.Edges[0].Cursor, &c.Edges[len(c.Edges)-1].Cursor
	}
	return c, nil
}

// checkUserError is the userError of a people's check or a job the record
// refuses, or nil for any other outcome.
func checkUserError(err error) *model.UserError {
	switch {
	case errors.Is(err, corpus.ErrSelfConfirmation):
		return &model.UserError{Field: []string{"input", "check"}, Message: "you wrote this node; another reviewer must check it", Code: model.UserErrorCodeSelfReview}
	case errors.Is(err, corpus.ErrStaleCheck):
		return &model.UserError{Field: []string{"input", "revision"}, Message: err.Error(), Code: model.UserErrorCodeStaleRevision}
	case errors.Is(err, corpus.ErrConfirmation):
		return &model.UserError{Field: []string{"input", "sections"}, Message: err.Error(), Code: model.UserErrorCodeInvalid}
	case errors.Is(err, policy.ErrNotFound):
		return &model.UserError{Field: []string{"input", "check"}, Message: err.Error(), Code: model.UserErrorCodeNotFound}
	}
	return nil
}

// citeUserError is the userError of a citation the record refuses, or nil
// for any other outcome.
func citeUserError(err error) *model.UserError {
	switch {
	case errors.Is(err, corpus.ErrCited):
		return &model.UserError{Field: []string{"input"}, Message: err.Error(), Code: model.UserErrorCodeConflict}
	case errors.Is(err, corpus.ErrCitation):
		return &model.UserError{Field: []string{"input", "node"}, Message: err.Error(), Code: model.UserErrorCodeInvalid}
	case errors.Is(err, policy.ErrForbidden):
		return &model.UserError{Field: []string{"input"}, Message: err.Error(), Code: model.UserErrorCodeForbidden}
	case errors.Is(err, policy.ErrNotFound):
		return &model.UserError{Field: []string{"input"}, Message: err.Error(), Code: model.UserErrorCodeNotFound}
	}
	return nil
}

// blindNodes are the nodes as pointers, as the schema's lists hold them.
func blindNodes(ns []corpus.BlindNode) []*corpus.BlindNode {
	out := make([]*corpus.BlindNode, len(ns))
	for i := range ns {
		out[i] = &ns[i]
	}
	return out
}
