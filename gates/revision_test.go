package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The kind of a revision decides which computational checks read it in full: every kind of
// target with and without a computation block.
func TestRevisionKinds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		kind                        packet.AcceptanceKind
		computation                 bool
		computational, finiteSearch bool
	}{
		{packet.Proof, false, false, false},
		{packet.Proof, true, true, false},
		{packet.Classification, false, false, false},
		{packet.Classification, true, true, false},
		{packet.Numerical, false, true, false},
		{packet.Numerical, true, true, false},
		{packet.Search, false, true, true},
		{packet.Search, true, true, true},
	} {
		r := clean()
		r.Acceptance.Kind = tt.kind
		if tt.computation {
			r.Computation = &packet.Computation{Instance: "Graphs on 10 vertices."}
		}
		if got := r.Computational(); got != tt.computational {
			t.Errorf("%s, computation %v: Computational() = %v, want %v", tt.kind, tt.computation, got, tt.computational)
		}
		if got := r.FiniteSearch(); got != tt.finiteSearch {
			t.Errorf("%s, computation %v: FiniteSearch() = %v, want %v", tt.kind, tt.computation, got, tt.finiteSearch)
		}
	}
}

// A rerun is recognised by its digest: the same content digests the same, and any change a gate
// reads, however small, digests differently.
func TestRevisionDigest(t *testing.T) {
	t.Parallel()
	want := clean().Digest()
	if len(want) != 64 {
		t.Fatalf("Digest() = %q, want 64 hex digits", want)
	}
	if got := clean().Digest(); got != want {
		t.Errorf("Digest() of the same content = %s, want %s", got, want)
	}
	for name, change := range map[string]func(r *Revision){
		"statement":   func(r *Revision) { r.Statement += " " },
		"title":       func(r *Revision) { r.Title = "Twin primes" },
		"exposition":  func(r *Revision) { r.Exposition[0].Term = "twin primes" },
		"criterion":   func(r *Revision) { r.Acceptance.Criterion += "." },
		"reference":   func(r *Revision) { r.References[1].Locator = "Theorem 5" },
		"confirmed":   func(r *Revision) { r.References[0].LocatorConfirmed = true },
		"search date": func(r *Revision) { r.ReferenceSearch.CheckedOn = r.ReferenceSearch.CheckedOn.AddDate(0, 0, 1) },
		"hero":        func(r *Revision) { r.Hero.Bespoke = true },
		"computation": func(r *Revision) { r.Computation = &packet.Computation{} },
	} {
		r := clean()
		change(r)
		if r.Digest() == want {
			t.Errorf("a change of the %s leaves the digest as it was", name)
		}
	}
}
