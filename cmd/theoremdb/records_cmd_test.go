package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
)

// TestRecordsResolveCounts: `theoremdb records resolve` says, per source, what answered for it —
// the local catalogue `records import` loaded, a reference text, a network catalogue that has no
// such record, or nothing at all for a web address — and what became of the locators it could
// read in the reference texts.
func TestRecordsResolveCounts(t *testing.T) {
	ctx := context.Background()
	crossref := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("Resource not found."))
	}))
	defer crossref.Close()
	url := dbtest.URL(t, "sqlite3")
	t.Setenv("DATABASE_URL", url)
	t.Setenv("THEOREMDB_LOG_LEVEL", "error")
	t.Setenv(records.EnvCrossrefURL, crossref.URL)
	t.Setenv(records.EnvDataCiteURL, crossref.URL)
	t.Setenv(envReferenceTexts, filepath.Join("..", "..", "records", "testdata", "corpus"))

	var errs bytes.Buffer
	if err := runMigrate(ctx, nil, &errs); err != nil {
		t.Fatalf("migrate: %v\n%s", err, errs.String())
	}
	svc := policyOn(t, url)
	member, err := svc.CreateAccount(ctx, "ada", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Submit(ctx, member, policy.ProblemInput{Title: "Invariants and classes",
		Statement:  "Is every ring of invariants of a reductive group acting linearly on a polynomial ring finitely generated?",
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof or a counterexample group."},
		Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "D. Hilbert, 1893", SourceLocator: "Math. Ann. 42",
			RightsBasis: "Our own words."},
		References: []policy.ReferenceInput{
			{Identifier: "10.1007/BF01444162", Citation: "D. Hilbert, Über die vollen Invariantensysteme, Math. Ann. 42 (1893).",
				Relevance: "Proves that rings of invariants are finitely generated.", Role: reference.RolePRIMARY,
				Title: "Über die vollen Invariantensysteme", Authors: []string{"David Hilbert"}, Year: ptrTo(1893)},
			{Identifier: "https://stacks.math.columbia.edu", Locator: "Tag 000A", Citation: "The Stacks project, Tag 000A.",
				Relevance: "The notion of a class, given by a formula.", Role: reference.RoleSECONDARY},
			{Identifier: "10.9999/no-such-work", Citation: "A. Nobody, A work nobody wrote, 2020.",
				Relevance: "Claims a stronger finiteness result.", Role: reference.RoleSECONDARY},
			{Identifier: "https://example.org/notes.pdf", Citation: "Lecture notes on invariant theory.",
				Relevance: "A survey of finiteness results for invariants.", Role: reference.RoleSECONDARY},
		},
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().AddDate(0, 0, -1), Databases: []string{"zbMATH Open"},
			Queries: []string{"Hilbert invariants"}, Coverage: "Titles."}}); err != nil {
		t.Fatal(err)
	}

	catalogue := filepath.Join(t.TempDir(), "catalogue.jsonl")
	if err := os.WriteFile(catalogue, []byte(`{"identifier": "10.1007/BF01444162", "title": "Über die vollen Invariantensysteme", "authors": ["Hilbert, David"], "year": 1893}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		t.Helper()
		var out, errs bytes.Buffer
		if err := runRecords(ctx, args, &out, &errs); err != nil {
			t.Fatalf("records %v: %v\n%s", args, err, errs.String())
		}
		return out.String()
	}
	if got := run("import", catalogue); !strings.Contains(got, "Loaded 1 record") {
		t.Errorf("records import = %q", got)
	}
	got := run("resolve")
	for _, want := range []string{
		"Confirmed 4 references: CONFIRMED 2 NOT_FOUND 1 PENDING 1\n",
		"Sources: 4, by what answered for them: catalogue 1 no-resolver 1 not-found 1 text 1\n",
		"Locators checked in the reference texts: found 1\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("records resolve = %q; want a line %q", got, want)
		}
	}
}

func ptrTo[T any](v T) *T { return &v }
