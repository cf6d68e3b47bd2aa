package corpus

import (
	"fmt"
	"strings"

	"entgo.io/ent/dialect/sql"
	"github.com/lib/pq"

	"github.com/theoremdb/theoremdb/db"
)

// chunk is the most IDs one SQLite IN list carries (as many as the rows of one bulk insert).
const chunk = db.RowChunk

// pgBatch is the most IDs one PostgreSQL statement carries. There they go
// as one array parameter, so a batch of any size is one short statement
// that parses and plans once; SQLite's IN lists stay at chunk.
const pgBatch = 20_000

// batchSize is the most IDs one statement carries on the database.
func batchSize(postgres bool) int {
	if postgres {
		return pgBatch
	}
	return chunk
}

// batches cuts ids into the batches one statement carries on the database,
// in order; each ID stays where it was, duplicates included.
func batches(postgres bool, ids []string) [][]string {
	return db.Cut(ids, batchSize(postgres))
}

// idIn is the predicate "col is one of ids" (db.In) on the selector's table. Pass it to Where
// as the entity's predicate type, as in predicate.CorpusNode(idIn(…)).
func idIn(col string, ids []string) func(*sql.Selector) {
	return func(s *sql.Selector) { s.Where(db.In(s.Dialect(), s.C(col), ids)) }
}

// inSQL is db.In for a statement written by hand: the condition "col is one
// of ids" whose first parameter is the n-th of the statement, and its
// arguments. On PostgreSQL it is col = ANY($n) with one array parameter; on
// SQLite, col IN (?, …) with a parameter an ID.
func inSQL(postgres bool, col string, n int, ids []string) (string, []any) {
	if postgres {
		return fmt.Sprintf("%s = ANY($%d)", col, n), []any{pq.Array(ids)}
	}
	ph := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		ph[i], args[i] = "?", id
	}
	return col + " IN (" + strings.Join(ph, ", ") + ")", args
}
