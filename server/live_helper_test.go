package server_test

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
)

// startLive runs a live broker for the test's lifetime.
func startLive(t testing.TB, svc *policy.Service) *live.Broker {
	b := live.New(svc.Client(), quiet)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = b.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return b
}
