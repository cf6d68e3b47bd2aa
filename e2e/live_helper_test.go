package e2e

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
)

func startLive(t testing.TB, svc *policy.Service) *live.Broker {
	b := live.New(svc.Client(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = b.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return b
}
