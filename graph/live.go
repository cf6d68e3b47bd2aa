package graph

import (
	"context"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/policy"
)

// Websocket close codes of the graphql-transport-ws protocol for refused
// subscriptions.
const (
	CloseUnauthorized = 4401
	CloseForbidden    = 4403
)

type socketCloserKey struct{}

// WithSocketCloser lets a subscription resolver close the websocket it runs
// on with a protocol close code; the websocket transport provides it.
func WithSocketCloser(ctx context.Context, close func(code int, reason string)) context.Context {
	return context.WithValue(ctx, socketCloserKey{}, close)
}

func closeSocket(ctx context.Context, code int, reason string) {
	if f, ok := ctx.Value(socketCloserKey{}).(func(int, string)); ok {
		f(code, reason)
	}
}

func updateKind(kind string) model.ModerationUpdateKind {
	switch kind {
	case policy.KindCaseOpened:
		return model.ModerationUpdateKindCaseOpened
	case policy.KindFlagRaised:
		return model.ModerationUpdateKindFlagAdded
	case policy.KindCaseClaimed:
		return model.ModerationUpdateKindCaseClaimed
	}
	return model.ModerationUpdateKindCaseResolved
}

func moderationPayload(ctx context.Context, c *ent.Client, mc *ent.ModerationCase, p *ent.Problem, err error) (*model.ModerationPayload, error) {
	if err != nil {
		ues, err := userErrors(err)
		return &model.ModerationPayload{UserErrors: ues}, err
	}
	if p == nil {
		if p, err = c.Problem.Get(ctx, mc.ProblemID); err != nil {
			return nil, err
		}
	}
	return &model.ModerationPayload{Case: mc, Problem: p, UserErrors: []*model.UserError{}}, nil
}
