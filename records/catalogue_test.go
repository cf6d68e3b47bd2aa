package records

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCatalogueAddReplaces holds one record per work: a later record for the same identifier,
// however it is spelt, replaces the earlier one, and a work it does not hold is not found.
func TestCatalogueAddReplaces(t *testing.T) {
	t.Parallel()
	c := NewCatalogue()
	if n := c.Len(); n != 0 {
		t.Fatalf("NewCatalogue().Len() = %d; want 0", n)
	}
	first := Record{ID: mustParse(t, "ISBN 0-387-95385-X"), Title: "Lectures on Discrete Geometry", Year: 2001}
	second := Record{ID: mustParse(t, "978-0-387-95385-4"), Title: "Lectures on Discrete Geometry", Year: 2002}
	other := Record{ID: mustParse(t, "arXiv:math/0211159"), Title: "The entropy formula for the Ricci flow"}
	c.Add(first, other)
	c.Add(second)
	if n := c.Len(); n != 2 {
		t.Errorf("Len() = %d after two works, one added twice; want 2", n)
	}
	got, ok := c.Lookup(mustParse(t, "isbn:9780387953854"))
	if !ok {
		t.Fatal("Lookup of the ISBN found nothing")
	}
	if diff := cmp.Diff(second, got); diff != "" {
		t.Errorf("Lookup of the ISBN (-want +got):\n%s", diff)
	}
	if _, ok := c.Lookup(mustParse(t, "10.1007/BF01444162")); ok {
		t.Error("Lookup of a DOI the catalogue does not hold found a record")
	}
}
