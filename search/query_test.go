package search_test

import (
	"testing"

	"github.com/theoremdb/theoremdb/search"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		name, q string
		ok      bool
	}{
		{"words", "sum of two squares", true},
		{"phrase", `"bounded gaps" primes`, true},
		{"negated", "primes -twin", true},
		{"punctuation", ` "" - . ,`, false},
		{"empty", "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := search.Parse(tt.q); ok != tt.ok {
				t.Errorf("Parse(%q) ok = %v; want %v", tt.q, ok, tt.ok)
			}
		})
	}
}

func TestDigest(t *testing.T) {
	a, _ := search.Parse("bounded primes")
	b, _ := search.Parse(`"bounded primes"`)
	a2, _ := search.Parse("  bounded   primes ")
	if a.Digest() == b.Digest() {
		t.Errorf("Digest of a phrase = Digest of its words (%s); want them apart", a.Digest())
	}
	if a.Digest() != a2.Digest() {
		t.Errorf("Digest(%q) = %s, Digest(%q) = %s; want equal", "bounded primes", a.Digest(), "  bounded   primes ", a2.Digest())
	}
}
