package corpus

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/policy"
)

// markCounts marks pending the closure sizes a merge changed: those of the
// reshaped nodes (whose uses changed) and of every node resting on one of
// them. Counting a closure walks every node it holds, hundreds of
// thousands at scale, so the merge does not: it raises each node's
// closure generation, so that a count begun before lands nowhere, and
// schedules the count in its transaction (with a queue; without one the
// caller counts after the commit). It returns the nodes marked.
func (s *Service) markCounts(ctx context.Context, w *policy.WriteTx, reshaped []string) ([]string, error) {
	if len(reshaped) == 0 {
		return nil, nil
	}
	deps, err := s.dependantsOf(ctx, w.SQL(), reshaped)
	if err != nil {
		return nil, err
	}
	ids := append(slices.Clone(reshaped), deps...)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, part := range batches(s.postgres(), ids) {
		if err := w.Client().CorpusNode.Update().Where(predicate.CorpusNode(idIn(corpusnode.FieldID, part))).
			SetClosurePending(true).AddClosureGeneration(1).Exec(ctx); err != nil {
			return nil, fmt.Errorf("closure counts: %w", err)
		}
	}
	if s.queue != nil {
		if err := s.queue.ScheduleClosureCounts(ctx, w.SQL(), ids); err != nil {
			return nil, fmt.Errorf("closure counts: %w", err)
		}
	}
	return ids, nil
}

// countNow counts, after the merge committed, the closures it marked when
// no job will: the service has no queue (the command-line importer).
func (s *Service) countNow(ctx context.Context, ids []string) error {
	if s.queue != nil || len(ids) == 0 {
		return nil
	}
	_, err := s.CountClosures(ctx, ids, time.Time{})
	return err
}

// CountClosures counts the pending closure sizes among ids and stores
// each one unless its closure changed shape again after the count began
// (a later merge raised its generation and scheduled its own count). A
// node no longer pending is skipped, so a retried or repeated count does
// no harm. It stops once until has passed (never when it is zero) and
// reports whether every node of ids is done.
func (s *Service) CountClosures(ctx context.Context, ids []string, until time.Time) (bool, error) {
	for _, part := range batches(s.postgres(), ids) {
		ns, err := s.client.CorpusNode.Query().
			Where(predicate.CorpusNode(idIn(corpusnode.FieldID, part)), corpusnode.ClosurePending(true)).
			Select(corpusnode.FieldID, corpusnode.FieldClosureGeneration).All(ctx)
		if err != nil {
			return false, fmt.Errorf("closure counts: %w", err)
		}
		for _, n := range ns {
			if !until.IsZero() && time.Now().After(until) {
				return false, nil
			}
			size, err := s.countClosure(ctx, n.ID)
			if err != nil {
				return false, err
			}
			if _, err := s.storeCount(ctx, n.ID, n.ClosureGeneration, size); err != nil {
				return false, err
			}
		}
	}
	return true, nil
}

// storeCount stores a node's counted closure size, and reports whether it
// did: not when the closure's generation is no longer the one read before
// the count, since a later change made the count stale.
func (s *Service) storeCount(ctx context.Context, id string, generation, size int) (bool, error) {
	n, err := s.client.CorpusNode.Update().Where(corpusnode.ID(id), corpusnode.ClosureGeneration(generation)).
		SetClosureSize(size).SetClosurePending(false).Save(ctx)
	if err != nil {
		return false, fmt.Errorf("closure of %s: %w", id, err)
	}
	return n == 1, nil
}

// countClosure counts one closure. On PostgreSQL the count may take
// longer than the pool's statement timeout, which bounds what a request
// may take, so it runs in a read-only transaction without one: the
// caller's deadline (the job's) bounds it instead.
func (s *Service) countClosure(ctx context.Context, id string) (int, error) {
	if s.db.Dialect != dialect.Postgres {
		return s.closureCount(ctx, s.db, id)
	}
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return 0, fmt.Errorf("closure of %s: %w", id, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SET LOCAL statement_timeout = 0`); err != nil {
		return 0, fmt.Errorf("closure of %s: %w", id, err)
	}
	return s.closureCount(ctx, tx, id)
}
