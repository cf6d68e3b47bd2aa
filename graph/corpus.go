package graph

import (
	"context"
	"errors"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/viewer"
)

// optional is a nullable string: null for the empty string.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// changeRequestInput is the request as corpus/ takes it, written by the
// signed-in account: an agent account writes as an agent, with the model
// and prompt version it declares.
func changeRequestInput(ctx context.Context, in model.OpenChangeRequestInput) (corpus.Request, error) {
	a := viewer.From(ctx)
	if a == nil {
		return corpus.Request{}, policy.ErrUnauthenticated
	}
	w := corpus.Writer{Kind: corpus.WriterPerson, ID: a.ID, Layer: deref(in.Layer)}
	if policy.IsAgent(a) {
		w.Kind, w.Model, w.PromptVersion = corpus.WriterAgent, deref(in.Model), deref(in.PromptVersion)
	}
	req := corpus.Request{Writer: w, Note: deref(in.Note)}
	for _, d := range in.Nodes {
		draft := corpus.Draft{Kind: string(d.Kind), Title: d.Title, Body: d.Body, Label: deref(d.Label), Term: deref(d.Term),
			Uses: d.Uses, Proves: deref(d.Proves), ExampleOf: deref(d.ExampleOf), Revises: deref(d.Revises)}
		for _, ref := range d.References {
			draft.References = append(draft.References, corpus.Reference{Identifier: ref.Identifier, Citation: ref.Citation,
				Locator: ref.Locator, Relevance: ref.Relevance, Role: string(ref.Role), Title: ref.Title, Authors: ref.Authors, Year: ref.Year})
		}
		if sc := d.SmallCases; sc != nil {
			draft.SmallCases = &corpus.SmallCases{Language: string(sc.Language), Program: sc.Program, Bound: deref(sc.Bound)}
		}
		if f := d.Formal; f != nil {
			draft.Formal = &corpus.Formal{System: string(f.System), Database: f.Database, Label: f.Label}
		}
		req.Drafts = append(req.Drafts, draft)
	}
	return req, nil
}

// changeRequestPayload maps corpus/'s result: an intake failure's findings
// become userErrors with the path into the input.
func changeRequestPayload(res *corpus.Result) *model.ChangeRequestPayload {
	out := &model.ChangeRequestPayload{ChangeRequest: res.Request, UserErrors: []*model.UserError{}}
	for _, ue := range res.UserErrors {
		out.UserErrors = append(out.UserErrors, &model.UserError{Field: append([]string{"input"}, splitPath(ue.Field)...),
			Message: ue.Message, Code: model.UserErrorCode(ue.Code)})
	}
	return out
}

// splitPath turns nodes[0].uses[1] into nodes, 0, uses, 1.
func splitPath(p string) []string {
	var out []string
	cur := []byte{}
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '.', '[', ']':
			flush()
		default:
			cur = append(cur, p[i])
		}
	}
	flush()
	return out
}

// nodeRefs reads the nodes of ids as edges show them.
func (r *Resolver) nodeRefs(ctx context.Context, ids []string) ([]*corpus.NodeRef, error) {
	out := make([]*corpus.NodeRef, 0, len(ids))
	for _, id := range ids {
		n, err := r.corpus.Node(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, &corpus.NodeRef{ID: n.ID, Label: n.Label, Kind: n.Kind, Title: n.Title, Level: n.Level})
	}
	return out, nil
}

// corpusNodes is a page of nodes as a Relay connection.
func (r *Resolver) corpusNodes(ctx context.Context, search *string, first *int, after *string) (*model.CorpusNodeConnection, error) {
	n, err := pageSize(first, "first")
	if err != nil {
		return nil, err
	}
	if first == nil {
		n = DefaultPage
	}
	p, err := r.corpus.Nodes(ctx, deref(search), n, deref(after))
	if errors.Is(err, corpus.ErrBadCursor) {
		return nil, errBadInput{"the after cursor is not one this server gave out; ask again without it"}
	}
	if err != nil {
		return nil, err
	}
	c := &model.CorpusNodeConnection{Edges: []*model.CorpusNodeEdge{}, TotalCount: p.TotalCount,
		PageInfo: &model.CorpusPageInfo{HasNextPage: p.HasNextPage, HasPreviousPage: deref(after) != ""}}
	for i := range p.Nodes {
		c.Edges = append(c.Edges, &model.CorpusNodeEdge{Cursor: p.Nodes[i].ID, Node: &p.Nodes[i]})
	}
	if len(c.Edges) > 0 {
		c.PageInfo.StartCursor, c.PageInfo.EndCursor = &c.Edges[0].Cursor, &c.Edges[len(c.Edges)-1].Cursor
	}
	return c, nil
}

// confirmUserError is the userError of a confirmation the record refuses,
// or nil for any other outcome.
func confirmUserError(err error) *model.UserError {
	field := []string{"input", "node"}
	switch {
	case errors.Is(err, corpus.ErrSelfConfirmation):
		return &model.UserError{Field: field, Message: "you wrote this node; another reviewer must confirm it", Code: model.UserErrorCodeSelfReview}
	case errors.Is(err, corpus.ErrConfirmation):
		return &model.UserError{Field: []string{"input", "section"}, Message: err.Error(), Code: model.UserErrorCodeInvalid}
	case errors.Is(err, policy.ErrNotFound):
		return &model.UserError{Field: field, Message: "no corpus node has this ID or label", Code: model.UserErrorCodeNotFound}
	}
	return nil
}

// requestUserError is the userError of a revision or a withdrawal the
// corpus refuses, or nil for any other outcome.
func requestUserError(err error) *model.UserError {
	switch {
	case errors.Is(err, corpus.ErrNotWriter):
		return &model.UserError{Field: []string{"id"}, Message: "only the writer who opened the change request revises or withdraws it", Code: model.UserErrorCodeForbidden}
	case errors.Is(err, corpus.ErrNotOpen):
		return &model.UserError{Field: []string{"id"}, Message: "the change request is merged or withdrawn; open a new one", Code: model.UserErrorCodeConflict}
	case errors.Is(err, policy.ErrNotFound):
		return &model.UserError{Field: []string{"id"}, Message: "no change request has this ID", Code: model.UserErrorCodeNotFound}
	}
	return nil
}
