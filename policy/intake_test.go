package policy_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// errKey is a field error reduced to what a test compares.
type errKey struct {
	Field string
	Code  policy.Code
}

func keys(err error) []errKey {
	var out []errKey
	for _, fe := range policy.FieldErrors(err) {
		out = append(out, errKey{strings.Join(fe.Field, "."), fe.Code})
	}
	return out
}

func TestSubmitValidation(t *testing.T) {
	t.Parallel()
	long := func(n int) string { return strings.Repeat("x", n) }
	tests := []struct {
		name   string
		modify func(in *policy.ProblemInput)
		want   []errKey
	}{
		{"empty title", func(in *policy.ProblemInput) { in.Title = "  " }, []errKey{{"title", policy.CodeRequired}}},
		{"long title", func(in *policy.ProblemInput) { in.Title = long(policy.MaxTitle + 1) }, []errKey{{"title", policy.CodeTooLong}}},
		{"multiline title", func(in *policy.ProblemInput) { in.Title = "a\nb" }, []errKey{{"title", policy.CodeInvalid}}},
		{"empty statement", func(in *policy.ProblemInput) { in.Statement = "" }, []errKey{{"statement", policy.CodeRequired}}},
		{"long statement", func(in *policy.ProblemInput) { in.Statement = long(policy.MaxStatement + 1) }, []errKey{{"statement", policy.CodeTooLong}}},
		{"unknown exposition kind", func(in *policy.ProblemInput) { in.Exposition[1].Kind = "LEMMA" }, []errKey{{"exposition.1.kind", policy.CodeInvalid}}},
		{"definition without term", func(in *policy.ProblemInput) { in.Exposition[0].Term = "" }, []errKey{{"exposition.0.term", policy.CodeRequired}}},
		{"remark with term", func(in *policy.ProblemInput) { in.Exposition[1].Term = "x" }, []errKey{{"exposition.1.term", policy.CodeInvalid}}},
		{"empty exposition body", func(in *policy.ProblemInput) { in.Exposition[1].Body = "" }, []errKey{{"exposition.1.body", policy.CodeRequired}}},
		{"too many exposition entries", func(in *policy.ProblemInput) {
			for range policy.MaxExposition {
				in.Exposition = append(in.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: "r"})
			}
		}, []errKey{{"exposition", policy.CodeTooLong}}},
		{"no acceptance", func(in *policy.ProblemInput) { in.Acceptance = nil }, []errKey{{"acceptance", policy.CodeRequired}}},
		{"unknown acceptance kind", func(in *policy.ProblemInput) { in.Acceptance.Kind = "VIBES" }, []errKey{{"acceptance.kind", policy.CodeInvalid}}},
		{"numerical without precision", func(in *policy.ProblemInput) { in.Acceptance.Kind = packet.Numerical }, []errKey{{"acceptance.precision", policy.CodeRequired}}},
		{"search without space and certificate", func(in *policy.ProblemInput) { in.Acceptance.Kind = packet.Search },
			[]errKey{{"acceptance.searchSpace", policy.CodeRequired}, {"acceptance.certificate", policy.CodeRequired}}},
		{"classification without equivalence", func(in *policy.ProblemInput) { in.Acceptance.Kind = packet.Classification },
			[]errKey{{"acceptance.equivalence", policy.CodeRequired}}},
		{"empty criterion", func(in *policy.ProblemInput) { in.Acceptance.Criterion = "" }, []errKey{{"acceptance.criterion", policy.CodeRequired}}},
		{"no provenance", func(in *policy.ProblemInput) { in.Provenance = nil }, []errKey{{"provenance", policy.CodeRequired}}},
		{"unknown provenance kind", func(in *policy.ProblemInput) { in.Provenance.Kind = "FOUND" }, []errKey{{"provenance.kind", policy.CodeInvalid}}},
		{"no rights basis", func(in *policy.ProblemInput) { in.Provenance.RightsBasis = "" }, []errKey{{"provenance.rightsBasis", policy.CodeRequired}}},
		{"imported without locator", func(in *policy.ProblemInput) { in.Provenance.SourceLocator = "" }, []errKey{{"provenance.sourceLocator", policy.CodeRequired}}},
		{"imported without references", func(in *policy.ProblemInput) { in.References = nil }, []errKey{{"references", policy.CodeRequired}}},
		{"original without references is fine", func(in *policy.ProblemInput) {
			in.References = nil
			in.Provenance.Kind = packet.Original
			in.Provenance.SourceLocator = ""
		}, nil},
		{"bad identifier", func(in *policy.ProblemInput) { in.References[0].Identifier = "see Guy's book" }, []errKey{{"references.0.identifier", policy.CodeInvalid}}},
		{"duplicate reference", func(in *policy.ProblemInput) {
			in.References[1].Identifier = "https://doi.org/10.1007/978-0-387-26677-0"
			in.References[1].Locator = "Problem D11"
		}, []errKey{{"references.1.identifier", policy.CodeConflict}}},
		{"same source, other locator is fine", func(in *policy.ProblemInput) {
			in.References[1].Identifier = "10.1007/978-0-387-26677-0"
		}, nil},
		{"URL alone without relevance", func(in *policy.ProblemInput) { in.References[0].Relevance = "" }, []errKey{{"references.0.relevance", policy.CodeRequired}}},
		{"no citation", func(in *policy.ProblemInput) { in.References[0].Citation = "" }, []errKey{{"references.0.citation", policy.CodeRequired}}},
		{"unknown role", func(in *policy.ProblemInput) { in.References[0].Role = reference.Role("FAVOURITE") }, []errKey{{"references.0.role", policy.CodeInvalid}}},
		{"too many references", func(in *policy.ProblemInput) {
			for i := range policy.MaxReferences {
				in.References = append(in.References, policy.ReferenceInput{Identifier: "https://example.org/" + strings.Repeat("a", i+1),
					Citation: "c", Relevance: "r", Role: reference.RoleSECONDARY})
			}
		}, []errKey{{"references", policy.CodeTooLong}}},
		{"no reference search", func(in *policy.ProblemInput) { in.ReferenceSearch = nil }, []errKey{{"referenceSearch", policy.CodeRequired}}},
		{"search in the future", func(in *policy.ProblemInput) {
			in.ReferenceSearch.CheckedOn = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
		},
			[]errKey{{"referenceSearch.checkedOn", policy.CodeInvalid}}},
		{"search without databases or queries", func(in *policy.ProblemInput) {
			in.ReferenceSearch.Databases = nil
			in.ReferenceSearch.Queries = []string{""}
		}, []errKey{{"referenceSearch.databases", policy.CodeRequired}, {"referenceSearch.queries.0", policy.CodeRequired}}},
		{"no coverage", func(in *policy.ProblemInput) { in.ReferenceSearch.Coverage = "" }, []errKey{{"referenceSearch.coverage", policy.CodeRequired}}},
		{"long hero brief", func(in *policy.ProblemInput) { in.Hero.Brief = long(policy.MaxHeroBrief + 1) }, []errKey{{"hero.brief", policy.CodeTooLong}}},
	}
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		ctx := context.Background()
		for _, tt := range tests {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				in := validInput()
				tt.modify(&in)
				before := f.count(t)
				p, err := f.svc.Submit(ctx, f.member, in)
				if diff := cmp.Diff(tt.want, keys(err)); diff != "" {
					t.Fatalf("Submit() errors (-want +got):\n%s\nerr = %v", diff, err)
				}
				if tt.want != nil {
					if p != nil {
						t.Errorf("Submit() = %s with errors; want no problem", p.ID)
					}
					if after := f.count(t); after != before {
						t.Errorf("refused Submit() wrote rows: %+v -> %+v", before, after)
					}
				}
			})
		}
	})
}

func TestSubmitRefusals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		ctx := context.Background()
		if _, err := f.svc.Submit(ctx, nil, validInput()); err != policy.ErrUnauthenticated {
			t.Errorf("anonymous Submit() = %v; want ErrUnauthenticated", err)
		}
		// 20 points: 20 problems in escrow, the 21st is refused.
		for range 20 {
			f.submit(t, f.member)
		}
		before := f.count(t)
		_, err := f.svc.Submit(ctx, f.member, validInput())
		if diff := cmp.Diff([]errKey{{"", policy.CodeInsufficientReputation}}, keys(err)); diff != "" {
			t.Errorf("Submit() with no reputation (-want +got):\n%s", diff)
		}
		if after := f.count(t); after != before {
			t.Errorf("refused Submit() wrote rows: %+v -> %+v", before, after)
		}
	})
}

// rowCounts counts the rows a submission writes.
type rowCounts struct{ Problems, Revisions, References, Sources, Entries, Events, Slugs int }

func (f *fixture) count(t *testing.T) rowCounts {
	t.Helper()
	ctx := context.Background()
	c := f.svc.Client()
	var r rowCounts
	var err error
	for _, q := range []struct {
		dst *int
		fn  func() (int, error)
	}{
		{&r.Problems, func() (int, error) { return c.Problem.Query().Count(ctx) }},
		{&r.Revisions, func() (int, error) { return c.Revision.Query().Count(ctx) }},
		{&r.References, func() (int, error) { return c.Reference.Query().Count(ctx) }},
		{&r.Sources, func() (int, error) { return c.Source.Query().Count(ctx) }},
		{&r.Entries, func() (int, error) { return c.ReputationEntry.Query().Count(ctx) }},
		{&r.Events, func() (int, error) { return c.Event.Query().Count(ctx) }},
		{&r.Slugs, func() (int, error) { return c.Slug.Query().Count(ctx) }},
	} {
		if *q.dst, err = q.fn(); err != nil {
			t.Fatal(err)
		}
	}
	return r
}
