package live

import (
	"context"
	"time"

	"github.com/lib/pq"
)

// Channel is the PostgreSQL NOTIFY channel that carries the sequence
// number of each committed event.
const Channel = "theoremdb_events"

// ListenPostgres kicks the broker on every notification from any server
// instance, and again after the listener reconnects, so events committed
// while it was away are read too. It returns when ctx ends.
func (b *Broker) ListenPostgres(ctx context.Context, dsn string) error {
	l := pq.NewListener(dsn, 100*time.Millisecond, 10*time.Second, func(ev pq.ListenerEventType, err error) {
		switch ev {
		case pq.ListenerEventReconnected:
			b.log.Info("live: listener reconnected; catching up")
			b.Kick()
		case pq.ListenerEventConnectionAttemptFailed, pq.ListenerEventDisconnected:
			b.log.Warn("live: listener connection lost", "err", err)
		}
	})
	defer l.Close()
	if err := l.Listen(Channel); err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-l.Notify:
			b.Kick()
		case <-time.After(90 * time.Second):
			go func() { _ = l.Ping() }()
		}
	}
}
