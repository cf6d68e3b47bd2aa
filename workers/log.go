package workers

import (
	"context"
	"log/slog"
)

// quieter is a log handler that passes on only records at min or above.
// River logs its producers' job counts at info level every few seconds;
// an operator reading the console needs its warnings and errors, and the
// jobs' own lines, which the workers log themselves.
type quieter struct {
	slog.Handler
	min slog.Level
}

func (q quieter) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= q.min && q.Handler.Enabled(ctx, l)
}

func (q quieter) WithAttrs(as []slog.Attr) slog.Handler {
	return quieter{q.Handler.WithAttrs(as), q.min}
}

func (q quieter) WithGroup(name string) slog.Handler {
	return quieter{q.Handler.WithGroup(name), q.min}
}

// riverLog is the logger River writes to: log's handler from warnings up,
// unless log is already set to debug, when everything River says is kept.
func riverLog(log *slog.Logger) *slog.Logger {
	h := log.With("component", "river").Handler()
	if log.Enabled(context.Background(), slog.LevelDebug) {
		return slog.New(h)
	}
	return slog.New(quieter{h, slog.LevelWarn})
}
