package workers

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

func TestRiverLogKeepsWarnings(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	rl := riverLog(slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelInfo})))
	rl.Info("producer: Producer job counts", "running", 1)
	rl.With("queue", "default").Info("another count")
	rl.Warn("job failed", "id", 7)
	out := b.String()
	if strings.Contains(out, "job counts") || strings.Contains(out, "another count") {
		t.Errorf("River's info lines reach the console:\n%s", out)
	}
	if !strings.Contains(out, "job failed") || !strings.Contains(out, "component=river") {
		t.Errorf("River's warning is missing or unlabelled:\n%s", out)
	}
	b.Reset()
	riverLog(slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelDebug}))).Info("producer job counts")
	if !strings.Contains(b.String(), "job counts") {
		t.Error("with debug logging River's info lines are dropped")
	}
}
