package db

import (
	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/lib/pq"
)

// In is the predicate "col is one of values" for the dialect: col = ANY($1) with one array
// parameter on PostgreSQL, so that a list of any length is one short statement that parses and
// plans once; col IN (…) with a placeholder a value elsewhere.
func In(dialectName, col string, values []string) *entsql.Predicate {
	if dialectName == dialect.Postgres {
		return entsql.P(func(b *entsql.Builder) {
			b.Ident(col).WriteString(" = ANY(").Arg(pq.Array(values)).WriteString(")")
		})
	}
	vs := make([]any, len(values))
	for i, v := range values {
		vs[i] = v
	}
	return entsql.In(col, vs...)
}

// RowChunk is the most rows one bulk insert carries, on either database. Each row binds one
// parameter a column, and no array parameter helps there: a statement holds at most 32,766
// parameters on SQLite and 65,535 on PostgreSQL, which 500 rows of a dozen columns stay under.
const RowChunk = 500

// RowBatches cuts the rows of a bulk insert into the inserts one statement carries, in order.
func RowBatches[T any](rows []T) [][]T { return Cut(rows, RowChunk) }

// Cut cuts xs into consecutive parts of at most size elements, in order.
func Cut[T any](xs []T, size int) [][]T {
	var out [][]T
	for i := 0; i < len(xs); i += size {
		out = append(out, xs[i:min(len(xs), i+size)])
	}
	return out
}
