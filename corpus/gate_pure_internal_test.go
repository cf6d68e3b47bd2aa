package corpus

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/gates"
)

// TestGateOrder runs the merge gates in the order of their numbers, each named once.
func TestGateOrder(t *testing.T) {
	t.Parallel()
	names := Order()
	if len(names) != len(order) || names[0] != GateIntake {
		t.Fatalf("Order() = %v", names)
	}
	seen := map[string]bool{}
	for i, g := range order {
		if seen[g.name] || names[i] != g.name {
			t.Errorf("gate %d: %s named twice or out of place", i, g.name)
		}
		seen[g.name] = true
		if i > 0 && g.position <= order[i-1].position {
			t.Errorf("gate %s (%d) runs after %s (%d)", g.name, g.position, order[i-1].name, order[i-1].position)
		}
		if g.version == "" || len(g.checks) == 0 {
			t.Errorf("gate %s has no version or no checks", g.name)
		}
	}
	names[0] = "changed"
	if Order()[0] != GateIntake {
		t.Error("Order() hands out the gates' own list")
	}
}

// TestReportFindings fills a finding from its gate's check: the criterion, the policy version,
// a fix only when it did not pass and "blocks merge" only when it failed; a check the gate does
// not declare is a programming error.
func TestReportFindings(t *testing.T) {
	t.Parallel()
	r := &report{gate: intakeGate}
	sp := gates.Span{Field: "nodes[0].title"}
	r.pass(inCheckFields, sp, "fine")
	r.fail(inCheckFields, sp, CodeRequired, "missing", "write one")
	r.needsHuman(inCheckTeX, sp, "unsure", "look")
	r.unknown(inCheckEdges, sp, "could not tell")
	want := []struct {
		v                 gates.Verdict
		code, fix, conseq string
		evidence          gates.Evidence
	}{
		{gates.Pass, "", "", "", gates.Supports},
		{gates.Fail, CodeRequired, "write one", "blocks merge", gates.Contradicts},
		{gates.NeedsHuman, "", "look", "", gates.Insufficient},
		{gates.Unknown, "", "", "", gates.Insufficient},
	}
	for i, f := range r.findings {
		w := want[i]
		if f.Verdict != w.v || f.Code != w.code || f.Fix != w.fix || f.Consequence != w.conseq || f.Evidence != w.evidence ||
			f.Criterion != intakeGate.checks[f.Check] || f.Policy != PolicyVersion || f.Span != sp {
			t.Errorf("finding %d = %+v", i, f)
		}
	}
	if got := outcome(r.findings); got != gates.OutcomeFail {
		t.Errorf("outcome = %s; want FAIL", got)
	}
	if got := outcome(r.findings[2:]); got != gates.OutcomeUnknown {
		t.Errorf("outcome of needs-human and unknown = %s; want UNKNOWN", got)
	}
	if got := outcome(nil); got != gates.OutcomePass {
		t.Errorf("outcome of nothing = %s", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("a check the gate does not declare was recorded")
		}
	}()
	r.pass("no.such.check", sp, "")
}

// TestUserErrors are the coded failures of the gate that stopped a request, and nothing for a
// request no gate stopped.
func TestUserErrors(t *testing.T) {
	t.Parallel()
	f := func(v gates.Verdict, code, field string) Finding {
		return Finding{Finding: gates.Finding{Verdict: v, Span: gates.Span{Field: field}, Behaviour: "B.", Fix: "F."}, Code: code}
	}
	passed := GateResult{Outcome: gates.OutcomePass, Findings: []Finding{f(gates.Fail, CodeRequired, "x")}}
	failed := GateResult{Outcome: gates.OutcomeFail, Findings: []Finding{f(gates.Pass, "", "a"), f(gates.Fail, CodeRequired, "nodes[0].title"),
		f(gates.Fail, "", "b"), f(gates.NeedsHuman, CodeRequired, "c")}}
	if got := userErrors([]GateResult{passed}); got == nil || len(got) != 0 || Failed([]GateResult{passed}) {
		t.Errorf("userErrors of a request that passed = %#v", got)
	}
	if Failed(nil) {
		t.Error("Failed(nil)")
	}
	got := userErrors([]GateResult{passed, failed})
	if diff := cmp.Diff([]UserError{{Field: "nodes[0].title", Message: "B. F.", Code: CodeRequired}}, got); diff != "" {
		t.Errorf("userErrors (-want +got):\n%s", diff)
	}
	if n := countVerdict(failed.Findings, gates.Fail); n != 2 {
		t.Errorf("countVerdict = %d", n)
	}
}

// TestComputationDraft records a counterexample as a computation whose label the corpus accepts,
// whose title fits, and whose body holds the witness and the program.
func TestComputationDraft(t *testing.T) {
	t.Parallel()
	d := Draft{Kind: Theorem, Label: "all-odd", Title: "  Every prime is odd  ",
		SmallCases: &SmallCases{Language: "Python", Bound: 10, Program: "for p in primes(10):\n    check(p % 2 == 1)\n\n"}}
	c := computationDraft("cr_01J8ZQ", d, counterexample{draft: 1, witness: "p = 2"})
	if c.Kind != Computation || c.Title != "A small-case counterexample to Every prime is odd" || c.Label != "counterexample-cr-01j8zq-2" ||
		!schema.CorpusLabelPattern.MatchString(c.Label) {
		t.Errorf("computation = %+v", c)
	}
	for _, want := range []string{"change request cr_01J8ZQ (draft 2, \"all-odd\")", "COUNTEREXAMPLE p = 2", "in Python with bound 10",
		"```python\nfor p in primes(10):\n    check(p % 2 == 1)\n```\n"} {
		if !strings.Contains(c.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, c.Body)
		}
	}
	d.Title = strings.Repeat("é", 400)
	long := computationDraft("cr_1", d, counterexample{})
	if n := utf8.RuneCountInString(long.Title); n != MaxTitle || !strings.HasSuffix(long.Title, "…") {
		t.Errorf("a long title has %d characters; want %d ending in …", n, MaxTitle)
	}
	if got := labelPart("CR_01.a b"); got != "cr-01-a-b" {
		t.Errorf("labelPart = %q", got)
	}
}

// TestSmallGateHelpers: the statement gate's fields map into the request's, a judged kind needs a
// body, and the writer must be one of the three kinds with an ID.
func TestSmallGateHelpers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		field string
		want  string
	}{
		{gates.FieldStatement, "nodes[2].body"},
		{gates.FieldTitle, "nodes[2].title"},
		{"exposition[1]", "nodes[2].uses[7]"},
		{"exposition[5]", "nodes[2].body"},
		{"exposition[x]", "nodes[2].body"},
		{"acceptance.criterion", "nodes[2].body"},
	} {
		if got := mapStatementField(2, tc.field, []int{4, 7}); got != tc.want {
			t.Errorf("mapStatementField(%q) = %q; want %q", tc.field, got, tc.want)
		}
	}
	if termOr("set", "Sets") != "set" || termOr("", "Sets") != "Sets" {
		t.Error("termOr")
	}
	if orNone(nil) != "none" || orNone([]string{"a", "b"}) != "a, b" {
		t.Error("orNone")
	}
	for _, tc := range []struct {
		d    Draft
		want bool
	}{
		{Draft{Kind: Theorem, Body: "x"}, true}, {Draft{Kind: Proof, Body: "x"}, true}, {Draft{Kind: Theorem, Body: " \n"}, false},
		{Draft{Kind: Definition, Body: "x"}, false}, {Draft{Kind: Example, Body: "x"}, false},
	} {
		if judgeable(tc.d) != tc.want {
			t.Errorf("judgeable(%s, %q) = %v", tc.d.Kind, tc.d.Body, !tc.want)
		}
	}
	for _, tc := range []struct {
		w  Writer
		ok bool
	}{
		{Writer{Kind: WriterPerson, ID: "acc_1"}, true}, {Writer{Kind: WriterImporter, ID: "importer:x"}, true},
		{Writer{Kind: WriterAgent, ID: "acc_2"}, true}, {Writer{Kind: WriterAgent, ID: "  "}, false}, {Writer{Kind: "ROBOT", ID: "r"}, false},
		{Writer{}, false},
	} {
		if err := validWriter(tc.w); (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrWriter)) {
			t.Errorf("validWriter(%+v) = %v", tc.w, err)
		}
	}
	if draftField(3, "title") != "nodes[3].title" || draftItem(3, "uses", 1) != "nodes[3].uses[1]" {
		t.Error("field paths")
	}
}
