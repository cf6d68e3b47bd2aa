package graph

import (
	"context"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ent"
)

// requestStream sends first, then the request read again after each of
// its events whenever its state or gate results differ from what was last
// sent, until it is merged or withdrawn (nothing changes after), evs
// closes or ctx ends. Each subscriber runs its own stream: the first value
// is the request as it stands when the subscriber came, so no two share
// one (the websocket transport shares a stream only when its resolver
// says where it started).
func requestStream(ctx context.Context, first *corpus.ChangeRequestView, evs <-chan *ent.Event,
	read func() (*corpus.ChangeRequestView, error)) <-chan *corpus.ChangeRequestView {
	out := make(chan *corpus.ChangeRequestView, 1)
	go func() {
		defer close(out)
		send := func(v *corpus.ChangeRequestView) bool {
			select {
			case out <- v:
				return true
			case <-ctx.Done():
				return false
			}
		}
		last := requestPrint(first)
		if !send(first) || settledState(first.State) {
			return
		}
		for range evs {
			v, err := read()
			if err != nil {
				return
			}
			if p := requestPrint(v); p != last {
				last = p
				if !send(v) {
					return
				}
			}
			if settledState(v.State) {
				return
			}
		}
	}()
	return out
}

// settledState is a state no request leaves.
func settledState(s string) bool { return s == corpus.StateMerged || s == corpus.StateWithdrawn }

// requestPrint is what a subscriber is told of: the state and every gate
// result with its findings' verdicts.
func requestPrint(v *corpus.ChangeRequestView) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%s|%d", v.State, v.FailedGate, len(v.Nodes))
	for _, g := range v.Gates {
		fmt.Fprintf(&b, "|%s:%s:%s", g.Gate, g.Version, g.Outcome)
		for _, f := range g.Findings {
			fmt.Fprintf(&b, ",%s=%s@%s", f.Check, f.Verdict, f.Span.Field)
		}
	}
	return b.String()
}
