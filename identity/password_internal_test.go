package identity

import (
	"strings"
	"testing"
)

// TestDummyHashLikeARealOne: the hash checked for a handle that does not exist has the
// parameters of one HashPassword makes, so checking it costs what checking an account's does;
// and it is a well-formed hash that CheckPassword reads (it returns false only because the
// password is wrong, not because it could not read the hash).
func TestDummyHashLikeARealOne(t *testing.T) {
	h, err := HashPassword("x")
	if err != nil {
		t.Fatal(err)
	}
	params := func(encoded string) string { return strings.Join(strings.Split(encoded, "$")[:4], "$") }
	if got, want := params(dummyHash), params(h); got != want {
		t.Errorf("dummyHash has parameters %q; HashPassword uses %q", got, want)
	}
	if !CheckPassword(dummyHash, "not a real password") {
		t.Error("dummyHash is not a hash CheckPassword can read")
	}
}
