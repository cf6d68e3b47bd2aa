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
