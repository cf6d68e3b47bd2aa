package dbtest

import (
	"sync/atomic"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
)

// CountStatements counts every statement the ent clients made on d send from now on, for a test
// that holds a page to the number of queries it costs. Call it before the clients are made: a
// client takes d's options when it is made.
func CountStatements(d *db.DB) *atomic.Int64 {
	var n atomic.Int64
	d.EntOptions = append(d.EntOptions, ent.Debug(), ent.Log(func(...any) { n.Add(1) }))
	return &n
}
