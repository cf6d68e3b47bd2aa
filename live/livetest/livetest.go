// Package livetest runs a live broker for the length of a test.
package livetest

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/live"
)

// Start runs a broker over c until the test ends.
func Start(t testing.TB, c *ent.Client) *live.Broker {
	t.Helper()
	b := live.New(c, slog.New(slog.NewTextHandler(io.Discard, nil)))
	// What the broker reads beside the test is not counted against what the test measures.
	ctx, cancel := context.WithCancel(dbtest.Uncounted(context.Background()))
	done := make(chan struct{})
	go func() { _ = b.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return b
}
