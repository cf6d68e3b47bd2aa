package records

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadCatalogue(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "catalogue.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := ReadCatalogue(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[1].ID.Key != "isbn:9780387953854" || recs[1].Licence != "all rights reserved" || recs[0].Resolver != "catalogue" {
		t.Fatalf("ReadCatalogue = %+v", recs)
	}
	for _, bad := range []string{
		`{"identifier": "not an id", "title": "x"}`,
		`{"identifier": "10.1007/BF01444162"}`,
		`{"identifier": "10.1007/BF01444162", "title": "x", "authors": "Hilbert"}`,
		`{"identifier": "10.1007/BF01444162", "title": "x", "publisher": "Springer"}`,
		`{"identifier": "10.1007/BF01444162", "title": "x"`,
	} {
		if _, err := ReadCatalogue(strings.NewReader("\n" + bad + "\n")); !errors.Is(err, ErrCatalogue) || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("ReadCatalogue(%s) = %v; want ErrCatalogue on line 2", bad, err)
		}
	}
}

// TestPlaneOrder: the catalogue answers before any network resolver, the texts next; a URL
// that is no text has no resolver; other identifiers go to their kind's resolver.
func TestPlaneOrder(t *testing.T) {
	routes := map[string][]answer{"/v1/document/0103.16301": {{200, "zbmath_document.json", nil}}}
	c, api, _, base := testClient(t, routes, Config{})
	cat := NewCatalogue()
	cat.Add(Record{ID: mustParse(t, "10.1007/BF01444162"), Title: "Über die vollen Invariantensysteme", Resolver: "catalogue"})
	texts, err := LoadTexts(filepath.Join("testdata", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlane(Config{}, cat, texts)
	p.Resolvers[DOI] = DOIResolver{Client: c, CrossrefURL: base, DataCiteURL: base}
	p.Resolvers[ZbMATH] = ZbMATHResolver{Client: c, URL: base}
	ctx := context.Background()
	for _, tc := range []struct {
		id       string
		status   Status
		resolver string
	}{
		{"10.1007/BF01444162", StatusFound, "catalogue"},
		{"https://homotopytypetheory.org/book", StatusFound, "text"},
		{"zbl:0103.16301", StatusFound, "zbmath"},
		{"https://example.org/blog/post", StatusNoResolver, ""},
	} {
		got := p.Resolve(ctx, mustParse(t, tc.id), nil)
		if got.Status != tc.status || got.Record.Resolver != tc.resolver {
			t.Errorf("Resolve(%s) = %s from %q (%s); want %s from %q", tc.id, got.Status, got.Record.Resolver, got.Reason, tc.status, tc.resolver)
		}
	}
	if n := api.hits["/works/10.1007/bf01444162"]; n != 0 {
		t.Errorf("Crossref asked %d times for a DOI the catalogue holds", n)
	}
}
