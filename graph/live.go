package graph

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/live"
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

// A SharedStream is one execution of a subscription whose responses the
// websocket transport sends to every subscriber of the same operation,
// variables and viewer, so the selection is executed once per event rather
// than once per subscriber. The subscription's resolver tells it where the
// stream starts and, before handing over each value, which event the value
// comes from: a subscriber who joins the execution later is sent only what
// a stream of its own would have sent it.
type SharedStream interface {
	// Start says the stream has begun; live says it began at the newest
	// event when subscribed (no after:), so that a later subscriber may
	// join it from the newest event when it subscribes, where a stream
	// from a given sequence number (a replay) can be joined only before it
	// has sent anything.
	Start(live bool)
	// Sending says the next value on the resolver's channel is event seq's.
	Sending(seq int64)
}

type sharedStreamKey struct{}

// WithSharedStream runs the subscription resolved with ctx as s.
func WithSharedStream(ctx context.Context, s SharedStream) context.Context {
	return context.WithValue(ctx, sharedStreamKey{}, s)
}

func sharedStream(ctx context.Context) SharedStream {
	s, _ := ctx.Value(sharedStreamKey{}).(SharedStream)
	return s
}

// relay passes the events of in to the returned channel, telling st of
// each before handing it over, until in closes or ctx ends.
func relay(ctx context.Context, st SharedStream, in <-chan *ent.Event) <-chan *ent.Event {
	out := make(chan *ent.Event)
	go func() {
		defer close(out)
		for ev := range in {
			st.Sending(ev.Seq)
			select {
			case out <- ev:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
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

// resumeFrom is the sequence number a subscription's stream starts after:
// the after: argument when given, else the newest event.
func resumeFrom(ctx context.Context, c *ent.Client, after *int) (int64, error) {
	if after == nil {
		return live.Head(ctx, c)
	}
	if *after < 0 {
		return 0, errBadInput{fmt.Sprintf("after is an event's sequence number, 0 or more; got %d", *after)}
	}
	return int64(*after), nil
}
