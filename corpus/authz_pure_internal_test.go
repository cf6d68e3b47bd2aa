package corpus

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

func accountWith(roles ...role.Role) *ent.Account {
	return &ent.Account{ID: "acc_t", Handle: "t", Roles: roles}
}

// TestWhoAuditsChecksAndDecides: auditing, the people's check queue and the
// report queue are for people alone; an agent holding the role is refused,
// a missing account is unauthenticated rather than forbidden.
func TestWhoAuditsChecksAndDecides(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name                     string
		a                        *ent.Account
		audit, check, decideRpts bool
	}{
		{"nobody", nil, false, false, false},
		{"member", accountWith(role.Member), false, false, false},
		{"auditor", accountWith(role.Auditor), true, false, true},
		{"reviewer", accountWith(role.Reviewer), false, true, true},
		{"operator", accountWith(role.Operator), false, true, true},
		{"moderator", accountWith(role.Moderator), false, false, false},
		{"auditing agent", accountWith(role.Agent, role.Auditor), false, false, false},
		{"reviewing agent", accountWith(role.Agent, role.Reviewer), false, false, false},
		{"auditor and reviewer", accountWith(role.Auditor, role.Reviewer), true, true, true},
	} {
		if got := CanAudit(tc.a); got != tc.audit {
			t.Errorf("CanAudit(%s) = %v; want %v", tc.name, got, tc.audit)
		}
		if got := CanCheck(tc.a); got != tc.check {
			t.Errorf("CanCheck(%s) = %v; want %v", tc.name, got, tc.check)
		}
		if got := CanDecideReports(tc.a); got != tc.decideRpts {
			t.Errorf("CanDecideReports(%s) = %v; want %v", tc.name, got, tc.decideRpts)
		}
		for what, may := range map[string]struct {
			err     error
			allowed bool
		}{
			"mayAudit": {mayAudit(tc.a), tc.audit},
			"mayCheck": {mayCheck(tc.a), tc.check},
		} {
			switch {
			case tc.a == nil:
				if !errors.Is(may.err, policy.ErrUnauthenticated) {
					t.Errorf("%s(nil) = %v; want ErrUnauthenticated", what, may.err)
				}
			case may.allowed:
				if may.err != nil {
					t.Errorf("%s(%s) = %v; want nil", what, tc.name, may.err)
				}
			default:
				if !errors.Is(may.err, policy.ErrForbidden) || errors.Is(may.err, policy.ErrUnauthenticated) {
					t.Errorf("%s(%s) = %v; want ErrForbidden alone", what, tc.name, may.err)
				}
			}
		}
	}
}

// TestImportedDoubt: an imported fragment's failure becomes a person's
// question — NEEDS_HUMAN, insufficient evidence, no consequence — keeping
// its check, span and fix and saying why; anything but a failure is left
// exactly as it was.
func TestImportedDoubt(t *testing.T) {
	t.Parallel()
	fail := gates.Finding{Check: "statement.variable-domain", Criterion: "c", Policy: "p",
		Span: gates.Whole("nodes[0].body", "x"), Behaviour: "The variable x has no domain.",
		Evidence: gates.Contradicts, Verdict: gates.Fail, Fix: "Say where x ranges.", Consequence: "The request is refused."}
	got := importedDoubt(fail)
	if got.Verdict != gates.NeedsHuman || got.Evidence != gates.Insufficient || got.Consequence != "" {
		t.Errorf("importedDoubt(fail) = %+v; want NEEDS_HUMAN, INSUFFICIENT, no consequence", got)
	}
	if got.Check != fail.Check || got.Criterion != fail.Criterion || got.Policy != fail.Policy ||
		got.Span != fail.Span || got.Fix != fail.Fix {
		t.Errorf("importedDoubt changed what it keeps: %+v from %+v", got, fail)
	}
	if !strings.HasPrefix(got.Behaviour, fail.Behaviour+" ") || !strings.Contains(got.Behaviour, "a person must confirm it") {
		t.Errorf("importedDoubt(fail).Behaviour = %q; want the observation and then why a person decides", got.Behaviour)
	}
	if fail.Verdict != gates.Fail {
		t.Error("importedDoubt changed its argument")
	}
	for _, v := range []gates.Verdict{gates.Pass, gates.NeedsHuman, gates.Unknown} {
		f := fail
		f.Verdict = v
		if got := importedDoubt(f); got != f {
			t.Errorf("importedDoubt(%s) = %+v; want it unchanged", v, got)
		}
	}
}

// TestSmallListHelpers pins the slices helpers the levels and gates rest on:
// allTrue of nothing is true, distinct keeps the first of each in order,
// containsString is exact.
func TestSmallListHelpers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		xs   []bool
		want bool
	}{{nil, true}, {[]bool{true}, true}, {[]bool{true, false}, false}, {[]bool{false}, false}, {[]bool{true, true, true}, true}} {
		if got := allTrue(tc.xs); got != tc.want {
			t.Errorf("allTrue(%v) = %v", tc.xs, got)
		}
	}
	for _, tc := range []struct{ in, want []string }{
		{nil, nil},
		{[]string{"a"}, []string{"a"}},
		{[]string{"b", "a", "b", "c", "a"}, []string{"b", "a", "c"}},
		{[]string{"", "", "x"}, []string{"", "x"}},
	} {
		if got := distinct(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("distinct(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
	xs := []string{"gfdl", "open"}
	if !containsString(xs, "open") || containsString(xs, "Open") || containsString(xs, "") || containsString(nil, "open") {
		t.Error("containsString is not an exact membership test")
	}
	if kindWord("THEOREM") != "theorem" || kindWord("definition") != "definition" {
		t.Errorf("kindWord = %q, %q", kindWord("THEOREM"), kindWord("definition"))
	}
}

// TestDraftKeysAndAttribution: a draft revising a node is that node in the
// uses graph and a new one has a key no node ID can be; what a merged node
// credits is its own attribution, trimmed, then each matched source on a
// line of its own.
func TestDraftKeysAndAttribution(t *testing.T) {
	t.Parallel()
	st := &state{
		req: &Request{Drafts: []Draft{
			{Attribution: "  After Lang, Algebra, §I.2.  "},
			{Attribution: " "},
			{},
		}},
		drafts:       []resolvedDraft{{revised: &ent.CorpusNode{ID: "N-7"}}, {}, {}},
		attributions: [][]string{{"https://stacks.math.columbia.edu/tag/0001"}, {"a", "b"}},
	}
	if got := st.draftKey(0); got != "N-7" {
		t.Errorf("draftKey(revision of N-7) = %q", got)
	}
	if a, b := st.draftKey(1), st.draftKey(2); a == b || !strings.HasPrefix(a, "draft:") || strings.HasPrefix(a, "N-") {
		t.Errorf("new drafts' keys = %q, %q; want distinct keys no node has", a, b)
	}
	for i, want := range []string{
		"After Lang, Algebra, §I.2.\nMatches https://stacks.math.columbia.edu/tag/0001",
		"Matches a\nMatches b",
		"",
	} {
		if got := st.attributionOf(i); got != want {
			t.Errorf("attributionOf(%d) = %q; want %q", i, got, want)
		}
	}
}
