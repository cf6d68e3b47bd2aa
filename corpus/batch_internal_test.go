package corpus

import (
	"strconv"
	"testing"
)

// A batch holds at most chunk IDs on SQLite and pgBatch on PostgreSQL, and
// the batches hold every ID once, in order.
func TestBatches(t *testing.T) {
	t.Parallel()
	ids := make([]string, 2*pgBatch+3)
	for i := range ids {
		ids[i] = "N-" + strconv.Itoa(i+1)
	}
	for _, c := range []struct {
		postgres bool
		size     int
	}{{false, chunk}, {true, pgBatch}} {
		bs := batches(c.postgres, ids)
		if want := (len(ids) + c.size - 1) / c.size; len(bs) != want {
			t.Errorf("postgres=%v: %d batches; want %d", c.postgres, len(bs), want)
		}
		i := 0
		for _, b := range bs {
			if len(b) > c.size || len(b) == 0 {
				t.Errorf("postgres=%v: a batch of %d", c.postgres, len(b))
			}
			for _, id := range b {
				if id != ids[i] {
					t.Fatalf("postgres=%v: ID %d is %s; want %s", c.postgres, i, id, ids[i])
				}
				i++
			}
		}
		if i != len(ids) {
			t.Errorf("postgres=%v: %d IDs in the batches; want %d", c.postgres, i, len(ids))
		}
	}
	if bs := batches(true, nil); len(bs) != 0 {
		t.Errorf("batches of nothing = %v", bs)
	}
}
