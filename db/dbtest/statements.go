package dbtest

import (
	"context"
	"database/sql"
	"fmt"
	"sync/atomic"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db"
)

// CountStatements makes every ent client later made on d count the statements it sends, in a
// transaction or not, at the cost of one atomic add each, and returns the count: for a test that
// holds a page or a read to the number of queries it costs. Call it before the clients are made
// (before policy.New): a client takes d's driver when it is made. Statements sent under a context
// marked by Uncounted are left out.
func CountStatements(d *db.DB) *atomic.Int64 {
	n := new(atomic.Int64)
	inner := d.WrapDriver
	d.WrapDriver = func(drv dialect.Driver) dialect.Driver {
		if inner != nil {
			drv = inner(drv)
		}
		return countingDriver{drv, n}
	}
	return n
}

type uncountedKey struct{}

// Uncounted marks ctx so that CountStatements leaves out what is sent under it: for work running
// beside the code a test measures (a broker polling the event log) rather than inside it.
func Uncounted(ctx context.Context) context.Context {
	return context.WithValue(ctx, uncountedKey{}, true)
}

func counted(ctx context.Context) bool { return ctx.Value(uncountedKey{}) == nil }

type countingDriver struct {
	dialect.Driver
	n *atomic.Int64
}

func (c countingDriver) Exec(ctx context.Context, q string, args, v any) error {
	if counted(ctx) {
		c.n.Add(1)
	}
	return c.Driver.Exec(ctx, q, args, v)
}

func (c countingDriver) Query(ctx context.Context, q string, args, v any) error {
	if counted(ctx) {
		c.n.Add(1)
	}
	return c.Driver.Query(ctx, q, args, v)
}

func (c countingDriver) Tx(ctx context.Context) (dialect.Tx, error) {
	tx, err := c.Driver.Tx(ctx)
	if err != nil {
		return nil, err
	}
	return countingTx{tx, c.n, counted(ctx)}, nil
}

// ExecContext and QueryContext count and pass through the raw statements an ent client sends
// (Client.ExecContext and Client.QueryContext).
func (c countingDriver) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	ex, ok := c.Driver.(interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	})
	if !ok {
		return nil, fmt.Errorf("Driver.ExecContext is not supported")
	}
	if counted(ctx) {
		c.n.Add(1)
	}
	return ex.ExecContext(ctx, q, args...)
}

func (c countingDriver) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	qu, ok := c.Driver.(interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	})
	if !ok {
		return nil, fmt.Errorf("Driver.QueryContext is not supported")
	}
	if counted(ctx) {
		c.n.Add(1)
	}
	return qu.QueryContext(ctx, q, args...)
}

// BeginTx keeps the options of a transaction that asks for them (a read-only snapshot), and refuses
// as the pool's driver does where the wrapped driver cannot keep them.
func (c countingDriver) BeginTx(ctx context.Context, opts *sql.TxOptions) (dialect.Tx, error) {
	b, ok := c.Driver.(interface {
		BeginTx(context.Context, *sql.TxOptions) (dialect.Tx, error)
	})
	if !ok {
		return nil, fmt.Errorf("Driver.BeginTx is not supported")
	}
	tx, err := b.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return countingTx{tx, c.n, counted(ctx)}, nil
}

type countingTx struct {
	dialect.Tx
	n     *atomic.Int64
	count bool
}

func (c countingTx) Exec(ctx context.Context, q string, args, v any) error {
	if c.count && counted(ctx) {
		c.n.Add(1)
	}
	return c.Tx.Exec(ctx, q, args, v)
}

func (c countingTx) Query(ctx context.Context, q string, args, v any) error {
	if c.count && counted(ctx) {
		c.n.Add(1)
	}
	return c.Tx.Query(ctx, q, args, v)
}
