package server

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
)

// formInput has a value in every field the form asks for.
func formInput() policy.ProblemInput {
	return policy.ProblemInput{
		Title: "Erdős–Straus conjecture", Statement: "For every $n \\ge 2$ …", Tags: []string{"number theory", "unit fractions"},
		Exposition: []packet.ExpositionEntry{{Kind: packet.Definition, Term: "unit fraction", Body: "A fraction $1/n$."},
			{Kind: packet.Remark, Body: "Prime $n$ suffice."}},
		Acceptance: &packet.Acceptance{Kind: packet.Search, Criterion: "A witness.", Precision: "Exact.", SearchSpace: "n < 10^17",
			Certificate: "x, y, z", Equivalence: "Equal triples."},
		Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "Erdős and Straus, 1948", SourceLocator: "Guy, D11",
			RightsBasis: "Our own words.", GeneratedBy: "A person.", Motivation: "Earlier searches."},
		References: []policy.ReferenceInput{
			{Identifier: "10.1007/978-0-387-26677-0", Citation: "Guy, 2004.", Locator: "D11", Relevance: "States it.", Role: "PRIMARY"},
			{Identifier: "arXiv:1107.1010", Citation: "Elsholtz and Tao, 2013.", Relevance: "Counts solutions.", Role: "STATUS_EVIDENCE"}},
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC),
			Databases: []string{"zbMATH Open", "arXiv"}, Queries: []string{"Erdős–Straus"}, Coverage: "Titles and abstracts."},
		Hero:       packet.Hero{Brief: "Unit squares.", Alt: "Squares in a row.", Caption: "The fractions of the statement."},
		OpenStatus: packet.OpenStatus{StrongestKnown: "n < 10^17.", UnresolvedTarget: "Every n."},
		Computation: &packet.Computation{Instance: "n < 10^18", Equivalence: "Same triple.", WhyNotBruteForce: "Too many.",
			SmallCases: "n = 2.", Certification: "A witness per n.", ParameterOrigin: "The next decade.",
			Code: &packet.CodeRef{Repository: "https://example.org/r", Revision: "abc1234", Inputs: "n", ExpectedDigest: "sha256:00"}},
	}
}

// TestFormRoundTrip: the form filled from an input decodes to the same input, for every field
// the form asks for; an empty form makes no computation, and empty rows are dropped.
func TestFormRoundTrip(t *testing.T) {
	t.Parallel()
	in := formInput()
	f := formValues(in)
	for _, fd := range policy.FormFields() {
		if f.V(fd.Name) == "" {
			t.Errorf("formInput gives %s no value; the round trip does not test it", fd.Name)
		}
	}
	got, errs := problemInput(f)
	if len(errs) != 0 {
		t.Fatalf("problemInput() errors = %v", errs)
	}
	if diff := cmp.Diff(in, got); diff != "" {
		t.Errorf("problemInput(formValues(in)) (-in +got):\n%s", diff)
	}

	empty := ui.FormView{Values: map[string]string{"acceptance.kind": "PROOF", "provenance.kind": "ORIGINAL",
		"references.0.role": "PRIMARY", "exposition.1.body": "A remark.", "exposition.1.kind": "REMARK"}, Exposition: 2, References: 1}
	got, _ = problemInput(empty)
	want := policy.ProblemInput{Exposition: []packet.ExpositionEntry{{Kind: packet.Remark, Body: "A remark."}},
		Acceptance: &packet.Acceptance{Kind: packet.Proof}, Provenance: &packet.Provenance{Kind: packet.Original},
		ReferenceSearch: &packet.ReferenceSearch{}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problemInput(an almost empty form) (-want +got):\n%s", diff)
	}
	if _, errs := problemInput(ui.FormView{Values: map[string]string{"referenceSearch.checkedOn": "1 March"}}); errs["referenceSearch.checkedOn"] == "" {
		t.Errorf("a date that does not parse: errors %v; want one on referenceSearch.checkedOn", errs)
	}
}

// TestAddErrors: a field error goes on its input, on the row the form shows when empty rows
// were dropped; one on a list's item on the list's input, naming the item from 1; one on a
// part or a row group at the top.
func TestAddErrors(t *testing.T) {
	t.Parallel()
	f := ui.FormView{Values: map[string]string{"references.1.citation": "Guy.", "references.2.citation": "Tao."},
		Exposition: 1, References: 3, Errors: map[string]string{}}
	err := &policy.ValidationError{Errors: []policy.FieldError{
		{Field: []string{"references", "1", "identifier"}, Code: policy.CodeRequired, Message: "is required"},
		{Field: []string{"referenceSearch", "databases", "0"}, Code: policy.CodeRequired, Message: "is required"},
		{Field: []string{"referenceSearch", "databases", "2"}, Code: policy.CodeTooLong, Message: "is too long"},
		{Field: []string{"tags", "1"}, Code: policy.CodeInvalid, Message: "contains U+0000"},
		{Field: []string{"acceptance"}, Code: policy.CodeRequired, Message: "say exactly what evidence would settle the problem"},
		{Field: []string{"title"}, Code: policy.CodeRequired, Message: "is required"},
	}}
	if !addErrors(&f, err) {
		t.Fatal("addErrors() = false")
	}
	want := map[string]string{
		"references.2.identifier":   "is required",
		"referenceSearch.databases": "item 1: is required; item 3: is too long",
		"tags":                      "tag 2: contains U+0000",
		"title":                     "is required",
	}
	if diff := cmp.Diff(want, f.Errors); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Acceptance: say exactly what evidence would settle the problem"}, f.General); diff != "" {
		t.Errorf("general errors (-want +got):\n%s", diff)
	}
	if got := ui.SortedKeys(f.Errors); !cmp.Equal(got, []string{"title", "tags", "references.2.identifier", "referenceSearch.databases"}) {
		t.Errorf("SortedKeys() = %v; want form order", got)
	}
}
