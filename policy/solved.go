package policy

import (
	"context"
	"fmt"
	"github.com/theoremdb/theoremdb/similar"
	"slices"
	"strings"

	"entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/solvedrecord"
)

// Solved is a record whose source says its problem is solved, for the known-answer check.
type Solved struct {
	Key, Source, Title, Statement, Status, Locator string
}

// RecordSolved keeps the solved records a trusted import found (an operator's import, or the
// demo seed), updating those it already holds. It returns how many it wrote.
func (s *Service) RecordSolved(ctx context.Context, actor *ent.Account, recs []Solved) (int, error) {
	if !CanImport(actor) {
		return 0, fmt.Errorf("recording solved records needs the operator role: %w", ErrForbidden)
	}
	n := 0
	for chunk := range slices.Chunk(recs, 200) {
		err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
			bulk := make([]*ent.SolvedRecordCreate, 0, len(chunk))
			for _, r := range chunk {
				if strings.TrimSpace(r.Key) == "" || strings.TrimSpace(r.Statement) == "" {
					continue
				}
				bulk = append(bulk, t.SolvedRecord.Create().SetID(r.Key).SetSource(r.Source).SetTitle(r.Title).
					SetStatement(r.Statement).SetStatus(r.Status).SetLocator(r.Locator).SetUpdatedAt(s.Now()))
			}
			if len(bulk) == 0 {
				return nil
			}
			err := t.SolvedRecord.CreateBulk(bulk...).OnConflict(sql.ConflictColumns(solvedrecord.FieldID)).
				UpdateNewValues().Exec(ctx)
			if err != nil {
				return fmt.Errorf("record solved: %w", err)
			}
			n += len(bulk)
			return nil
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// SolvedChangedSince lists the solved records written after the cursor, oldest first, at most limit,
// for the known-answer search (similar.SolvedIndex).
func (s *Service) SolvedChangedSince(ctx context.Context, after similar.Cursor, limit int) ([]similar.Entry, error) {
	rs, err := s.client.SolvedRecord.Query().Where(solvedrecord.Or(solvedrecord.UpdatedAtGT(after.At),
		solvedrecord.And(solvedrecord.UpdatedAt(after.At), solvedrecord.IDGT(after.ID)))).
		Order(ent.Asc(solvedrecord.FieldUpdatedAt), ent.Asc(solvedrecord.FieldID)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("solved records: %w", err)
	}
	out := make([]similar.Entry, len(rs))
	for i, r := range rs {
		out[i] = similar.Entry{ID: r.ID, Title: r.Title, Statement: r.Statement, State: r.Status, Locator: r.Locator,
			Changed: r.UpdatedAt}
	}
	return out, nil
}
