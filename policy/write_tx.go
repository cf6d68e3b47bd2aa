package policy

import (
	"context"
	"database/sql"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/ent"
)

// WriteTx is a policy transaction lent to another rules package (corpus/)
// so that its changes share the one hash-chained event log, the counters
// and the live notification, rather than keeping a second chain.
type WriteTx struct{ t *tx }

// Write runs fn in one transaction of the service and commits it, or rolls
// everything back when fn fails; the events it appended reach the notifier
// after the commit, as every policy write's do.
func (s *Service) Write(ctx context.Context, fn func(ctx context.Context, w *WriteTx) error) error {
	return s.inTx(ctx, func(ctx context.Context, t *tx) error { return fn(ctx, &WriteTx{t: t}) })
}

// Client is the ent client bound to the transaction.
func (w *WriteTx) Client() *ent.Client { return w.t.Client }

// SQL is the transaction itself, for statements ent does not express.
func (w *WriteTx) SQL() *sql.Tx { return w.t.sql }

// Postgres reports whether the transaction runs on PostgreSQL (else SQLite).
func (w *WriteTx) Postgres() bool { return w.t.s.db.Dialect == dialect.Postgres }

// Append writes the next event of the chain in the transaction, with its
// actor, authority, kind, subject and payload (encoded canonically).
func (w *WriteTx) Append(ctx context.Context, actor, authority, kind, subject string, payload map[string]any) (*ent.Event, error) {
	return w.t.appendEvent(ctx, eventInput{actor: actor, authority: authority, kind: kind, subject: subject, payload: payload})
}

// AppendPrivate appends an event no reader is shown: it is chained and
// hashed as every event is, so the log stays tamper-evident, but public
// feeds and the API leave it out (a canary's record, which must not tell
// the corpus's writers which statements are canaries).
func (w *WriteTx) AppendPrivate(ctx context.Context, actor, authority, kind, subject string, payload map[string]any) (*ent.Event, error) {
	return w.t.appendEvent(ctx, eventInput{actor: actor, authority: authority, kind: kind, subject: subject, payload: payload, private: true})
}

// Next increments the named counter and returns its new value; the row
// stays locked until the transaction ends, so numbers are never handed out
// twice.
func (w *WriteTx) Next(ctx context.Context, counter string) (int64, error) {
	v, _, err := w.t.nextCounter(ctx, counter)
	return v, err
}
