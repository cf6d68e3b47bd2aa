package corpus

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/policy"
)

// TestCheckIDs reads a check's ID back into its node, kind and argument, as checkRef.id writes
// it, and refuses anything else as not found.
func TestCheckIDs(t *testing.T) {
	t.Parallel()
	for _, p := range []checkRef{{ConfirmStatement, "0"}, {ConfirmStatement, "12"}, {ConfirmProof, ""}, {ConfirmBinding, "bnd_01.x"}} {
		id := p.id("N-7")
		node, kind, arg, err := parseCheckID(id)
		if err != nil || node != "N-7" || kind != p.kind || arg != p.arg {
			t.Errorf("parseCheckID(%q) = %s, %s, %s, %v; want N-7 and %+v", id, node, kind, arg, err, p)
		}
	}
	if got := (checkRef{ConfirmProof, "ignored"}).id("N-1"); got != "N-1.proof" {
		t.Errorf("a proof's ID = %q", got)
	}
	for _, id := range []string{"", "N-7", "X-7.proof", "N-7.proof.1", "N-7.statement", "N-7.statement.-1", "N-7.statement.x",
		"N-7.binding", "N-7.binding.", "N-7.steps.1", "n-7.proof"} {
		if _, _, _, err := parseCheckID(id); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("parseCheckID(%q) = %v; want not found", id, err)
		}
	}
}

// TestPacketOrder lists a node's packets as packets() does: statements by position (as numbers),
// then the proof, then bindings by ID.
func TestPacketOrder(t *testing.T) {
	t.Parallel()
	want := []checkRef{{ConfirmStatement, "2"}, {ConfirmStatement, "10"}, {ConfirmProof, ""}, {ConfirmBinding, "a"}, {ConfirmBinding, "b"}}
	got := []checkRef{want[4], want[2], want[1], want[3], want[0]}
	slices.SortFunc(got, func(p, q checkRef) int {
		switch {
		case packetAfter(p, q):
			return 1
		case packetAfter(q, p):
			return -1
		}
		return 0
	})
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(checkRef{})); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	for _, p := range want {
		if packetAfter(p, p) {
			t.Errorf("%+v comes after itself", p)
		}
	}
}

// TestTopological puts every node after the nodes of the set it uses, ignores uses outside the
// set, and otherwise keeps the given order.
func TestTopological(t *testing.T) {
	t.Parallel()
	ids := []string{"c", "a", "d", "b", "e"}
	uses := map[string][]string{"c": {"a", "b"}, "d": {"outside"}, "b": {"a"}, "e": {"c", "d"}}
	in := map[string]bool{}
	for _, id := range ids {
		in[id] = true
	}
	got := topological(ids, uses, in)
	if diff := cmp.Diff([]string{"a", "d", "b", "c", "e"}, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	if got := topological([]string{"x", "y"}, nil, map[string]bool{"x": true, "y": true}); !slices.Equal(got, []string{"x", "y"}) {
		t.Errorf("independent nodes = %v; want the given order", got)
	}
}

// TestMondayOf is 00:00 UTC of the Monday of a moment's week in UTC.
func TestMondayOf(t *testing.T) {
	t.Parallel()
	east := time.FixedZone("UTC+3", 3*3600)
	for _, tc := range []struct {
		at   time.Time
		want string
	}{
		{time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC), "2026-12-07"},    // a Monday
		{time.Date(2026, 12, 13, 23, 59, 0, 0, time.UTC), "2026-12-07"}, // its Sunday
		{time.Date(2026, 12, 9, 12, 0, 0, 0, time.UTC), "2026-12-07"},
		{time.Date(2027, 1, 1, 10, 0, 0, 0, time.UTC), "2026-12-28"}, // across the year
		{time.Date(2026, 12, 14, 1, 0, 0, 0, east), "2026-12-07"},    // Sunday 22:00 in UTC
	} {
		got := policy.WeekOf(tc.at)
		if got.Format(time.DateOnly) != tc.want || got.Weekday() != time.Monday || got.Location() != time.UTC || got.Hour() != 0 {
			t.Errorf("WeekOf(%v) = %v; want %s 00:00 UTC", tc.at, got, tc.want)
		}
	}
}

// TestStratumOfKey reads a stratum back from its key, every coordinate in place.
func TestStratumOfKey(t *testing.T) {
	t.Parallel()
	for _, s := range []Stratum{
		{Kind: Theorem, Writer: WriterPerson},
		{Kind: Proof, Writer: "acc_1", Model: "m", PromptVersion: "v2", Layer: "lay"},
		{Kind: Lemma, Writer: "importer:hott", Layer: "a|b"},
		{},
	} {
		if got := stratumOfKey(s.Key()); got != s {
			t.Errorf("stratumOfKey(%q) = %+v; want %+v", s.Key(), got, s)
		}
	}
	if got := stratumOfKey("THEOREM|PERSON"); got != (Stratum{Kind: Theorem, Writer: WriterPerson}) {
		t.Errorf("a short key = %+v", got)
	}
}

// TestSmallHelpers: sets of IDs compare without order or repetition, a nil list is an empty one,
// strings compare as cmp.Compare does.
func TestSmallHelpers(t *testing.T) {
	t.Parallel()
	if !sameIDs([]string{"a", "b", "a"}, []string{"b", "a"}) || sameIDs([]string{"a"}, []string{"a", "c"}) || !sameIDs(nil, []string{}) {
		t.Error("sameIDs")
	}
	in := []string{"b", "a"}
	sameIDs(in, nil)
	if in[0] != "b" {
		t.Error("sameIDs sorted its caller's slice")
	}
	if got := orEmpty(nil); got == nil || len(got) != 0 {
		t.Errorf("orEmpty(nil) = %#v", got)
	}
	if got := orEmpty([]string{"x"}); !slices.Equal(got, []string{"x"}) {
		t.Errorf("orEmpty = %v", got)
	}
}
