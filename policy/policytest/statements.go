package policytest

import (
	"context"
	"sync/atomic"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db"
)

// CountStatements makes every ent client later made on d count the
// statements it sends, at the cost of one atomic add each, and returns the
// count. Call it before policy.New.
func CountStatements(d *db.DB) *atomic.Int64 {
	n := new(atomic.Int64)
	d.WrapDriver = func(drv dialect.Driver) dialect.Driver { return countingDriver{drv, n} }
	return n
}

type countingDriver struct {
	dialect.Driver
	n *atomic.Int64
}

func (c countingDriver) Exec(ctx context.Context, q string, args, v any) error {
	c.n.Add(1)
	return c.Driver.Exec(ctx, q, args, v)
}

func (c countingDriver) Query(ctx context.Context, q string, args, v any) error {
	c.n.Add(1)
	return c.Driver.Query(ctx, q, args, v)
}
