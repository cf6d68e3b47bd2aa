package identity

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
)

// Service looks accounts up by their secrets in one database.
type Service struct {
	db     *db.DB
	client *ent.Client
	now    func() time.Time
}

// New returns a Service on d that reads through client and tells the time
// with now, which should return times that survive a round trip through
// the database unchanged (policy.Service.Now does).
func New(d *db.DB, client *ent.Client, now func() time.Time) *Service {
	return &Service{db: d, client: client, now: now}
}

// inTx runs fn in one transaction and commits it, or rolls it back when fn
// fails.
func (s *Service) inTx(ctx context.Context, fn func(ctx context.Context, c *ent.Client) error) error {
	db.Statement(ctx) // a write is never an answer to keep
	sqlTx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(ctx, s.db.EntTx(sqlTx)); err != nil {
		if rerr := sqlTx.Rollback(); rerr != nil && !errors.Is(rerr, sql.ErrTxDone) {
			return errors.Join(err, fmt.Errorf("rollback: %w", rerr))
		}
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
