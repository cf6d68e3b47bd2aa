package corpus

import (
	"entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/db"
)

// pgBatch is the most IDs one PostgreSQL statement carries. There they go
// as one array parameter, so a batch of any size is one short statement
// that parses and plans once; SQLite's IN lists stay at chunk.
const pgBatch = 20_000

// batches cuts ids into the batches one statement carries on the database.
func batches(postgres bool, ids []string) [][]string {
	size := chunk
	if postgres {
		size = pgBatch
	}
	var out [][]string
	for i := 0; i < len(ids); i += size {
		out = append(out, ids[i:min(len(ids), i+size)])
	}
	return out
}

// idIn is the predicate "col is one of ids" (db.In) on the selector's table. Pass it to Where
// as the entity's predicate type, as in predicate.CorpusNode(idIn(…)).
func idIn(col string, ids []string) func(*sql.Selector) {
	return func(s *sql.Selector) { s.Where(db.In(s.Dialect(), s.C(col), ids)) }
}
