package server

import (
	"testing"
	"time"
)

func TestLimiter(t *testing.T) {
	t.Parallel()
	l := newLimiter()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range limitPerHandle {
		if !l.allow("10.0.0.1", "ada", now) {
			t.Fatalf("attempt %d refused; want %d allowed", i+1, limitPerHandle)
		}
		l.fail("10.0.0.1", "ada", now)
	}
	if l.allow("10.0.0.2", "ADA ", now) {
		t.Error("an 11th failure for one handle was allowed from another address")
	}
	if !l.allow("10.0.0.1", "bob", now) {
		t.Error("another handle from the same address was refused before the address limit")
	}
	if !l.allow("10.0.0.1", "ada", now.Add(limitWindow+time.Second)) {
		t.Error("the handle is still refused after the window")
	}
	for i := range limitPerIP {
		l.fail("10.0.0.9", "h"+string(rune('a'+i%26)), now)
	}
	if l.allow("10.0.0.9", "fresh", now) {
		t.Error("an address over its limit was allowed with a fresh handle")
	}
}
