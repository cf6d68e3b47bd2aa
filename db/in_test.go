package db_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	entsql "entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/counter"
	"github.com/theoremdb/theoremdb/ent/predicate"
)

// TestIn: db.In keeps exactly the rows whose column is one of the values, on both databases,
// for no value, one, and more than SQLite's IN lists are cut to elsewhere.
func TestIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		c0 := dbtest.Open(t, dialectName).Ent()
		for i := range 10 {
			if err := c0.Counter.Create().SetID(fmt.Sprint("c", i)).SetValue(int64(i)).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		many := []string{"c3", "c7"}
		for i := range 700 {
			many = append(many, fmt.Sprint("absent-", i))
		}
		for _, c := range []struct {
			values []string
			want   []string
		}{{nil, nil}, {[]string{"c1"}, []string{"c1"}}, {[]string{"c2", "c9", "nope"}, []string{"c2", "c9"}}, {many, []string{"c3", "c7"}}} {
			got, err := c0.Counter.Query().Where(predicate.Counter(func(s *entsql.Selector) {
				s.Where(db.In(s.Dialect(), s.C(counter.FieldID), c.values))
			})).IDs(ctx)
			if err != nil {
				t.Fatalf("%d values: %v", len(c.values), err)
			}
			slices.Sort(got)
			if !slices.Equal(got, c.want) {
				t.Errorf("%d values: %v; want %v", len(c.values), got, c.want)
			}
		}
	})
}
