package policy_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/policy"
)

// TestProblemCursors: a sealed cursor opens only under its own order, as
// the cursor entgql made; a cursor of another order says which one it was
// made for; anything else is ErrBadCursor. Times come back in UTC, as they
// are stored: SQLite compares times as text, so a cursor time decoded in
// the local zone would select the wrong rows there.
func TestProblemCursors(t *testing.T) {
	t.Parallel()
	newYork := time.FixedZone("EST", -5*3600)
	at := time.Date(2026, 3, 2, 4, 0, 0, 123000, newYork)
	order := func(f *ent.ProblemOrderField, d entgql.OrderDirection) *ent.ProblemOrder {
		return &ent.ProblemOrder{Field: f, Direction: d}
	}
	submitted := order(ent.ProblemOrderFieldSubmittedAt, entgql.OrderDirectionAsc)
	seal := func(o *ent.ProblemOrder, value any) *ent.Cursor {
		conn := &ent.ProblemConnection{Edges: []*ent.ProblemEdge{{Cursor: ent.Cursor{ID: "TDB-7", Value: value}}}}
		policy.SealProblemCursors(conn, o)
		if conn.PageInfo.StartCursor != &conn.Edges[0].Cursor || conn.PageInfo.EndCursor != &conn.Edges[0].Cursor {
			t.Fatalf("SealProblemCursors() left the page info's cursors apart from the edges'")
		}
		return &conn.Edges[0].Cursor
	}

	got, err := policy.OpenProblemCursor(seal(submitted, at), submitted)
	if err != nil || got.ID != "TDB-7" || !got.Value.(time.Time).Equal(at) || got.Value.(time.Time).Location() != time.UTC {
		t.Errorf("OpenProblemCursor(own order) = %+v, %v; want TDB-7 at %v in UTC", got, err, at)
	}
	if got, err := policy.OpenProblemCursor(seal(nil, nil), nil); err != nil || got.ID != "TDB-7" || got.Value != nil {
		t.Errorf("OpenProblemCursor(no order) = %+v, %v; want TDB-7", got, err)
	}
	if got, err := policy.OpenProblemCursor(nil, submitted); got != nil || err != nil {
		t.Errorf("OpenProblemCursor(nil) = %+v, %v; want nil, nil", got, err)
	}

	for _, tt := range []struct {
		name   string
		cursor *ent.Cursor
		asked  *ent.ProblemOrder
		made   *ent.ProblemOrder // nil with bad: ErrBadCursor
		bad    bool
	}{
		{"other time field", seal(submitted, at), order(ent.ProblemOrderFieldUpdatedAt, entgql.OrderDirectionAsc), submitted, false},
		{"other direction", seal(submitted, at), order(ent.ProblemOrderFieldSubmittedAt, entgql.OrderDirectionDesc), submitted, false},
		{"no order", seal(submitted, at), nil, submitted, false},
		{"made with no order", seal(nil, nil), submitted, nil, false},
		{"unsealed", &ent.Cursor{ID: "TDB-7", Value: at}, submitted, nil, true},
		{"not a problem ID", &ent.Cursor{ID: "SUBMITTED_AT ASC:TDB-7' OR 1=1", Value: at}, submitted, nil, true},
		{"value of another field", seal(submitted, "Golf"), submitted, nil, true},
		{"number as a title", seal(order(ent.ProblemOrderFieldTitle, entgql.OrderDirectionAsc), 7),
			order(ent.ProblemOrderFieldTitle, entgql.OrderDirectionAsc), nil, true},
		{"value without an order", seal(nil, "Golf"), nil, nil, true},
	} {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			_, err := policy.OpenProblemCursor(tt.cursor, tt.asked)
			var oe *policy.CursorOrderError
			switch {
			case tt.bad:
				if !errors.Is(err, policy.ErrBadCursor) {
					t.Errorf("OpenProblemCursor() = %v; want ErrBadCursor", err)
				}
			case !errors.As(err, &oe):
				t.Errorf("OpenProblemCursor() = %v; want a CursorOrderError", err)
			case !cmp.Equal(orderName(oe.Made), orderName(tt.made)) || !cmp.Equal(orderName(oe.Asked), orderName(tt.asked)):
				t.Errorf("OpenProblemCursor() = made %s, asked %s; want made %s, asked %s",
					orderName(oe.Made), orderName(oe.Asked), orderName(tt.made), orderName(tt.asked))
			}
		})
	}
}

func orderName(o *ent.ProblemOrder) string {
	if o == nil {
		return "none"
	}
	return o.Field.String() + " " + string(o.Direction)
}
