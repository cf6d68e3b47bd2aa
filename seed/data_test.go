package seed

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/tex"
)

// inputsOf are a demo problem's submission and, if it has one, its revision.
func inputsOf(dp demoProblem) []policy.ProblemInput {
	ins := []policy.ProblemInput{dp.Input}
	if dp.Revision != nil {
		ins = append(ins, dp.Revision.Input)
	}
	return ins
}

// TestTitlesAndStatementsUnique: no two demo problems share a title or a statement, as no two
// live problems may (the pages and tests find a problem by its title).
func TestTitlesAndStatementsUnique(t *testing.T) {
	t.Parallel()
	titles, statements := map[string]string{}, map[string]string{}
	for _, dp := range problems {
		for _, in := range inputsOf(dp) {
			if k, ok := titles[in.Title]; ok && k != dp.Key {
				t.Errorf("%s and %s share the title %q", k, dp.Key, in.Title)
			}
			titles[in.Title] = dp.Key
			if k, ok := statements[in.Statement]; ok && k != dp.Key {
				t.Errorf("%s and %s share a statement", k, dp.Key)
			}
			statements[in.Statement] = dp.Key
		}
	}
}

// TestReferencesComplete: each reference of a demo problem is cited once, with a citation,
// a relevance note and a role, and each problem has a primary source.
func TestReferencesComplete(t *testing.T) {
	t.Parallel()
	for _, dp := range problems {
		for _, in := range inputsOf(dp) {
			seen := map[string]bool{}
			primaries := 0
			for _, r := range in.References {
				id := strings.ToLower(r.Identifier)
				if seen[id] {
					t.Errorf("%s cites %s twice", dp.Key, r.Identifier)
				}
				seen[id] = true
				if strings.TrimSpace(r.Citation) == "" || strings.TrimSpace(r.Relevance) == "" || r.Role == "" {
					t.Errorf("%s: reference %s lacks a citation, relevance note or role", dp.Key, r.Identifier)
				}
				if r.Role == primary {
					primaries++
				}
			}
			if primaries == 0 {
				t.Errorf("%s has no primary reference", dp.Key)
			}
			if in.Acceptance == nil || in.Provenance == nil || in.ReferenceSearch == nil {
				t.Errorf("%s lacks its acceptance, provenance or reference search", dp.Key)
			}
		}
	}
}

// TestTeXReads: every field of the demo data written in TeX reads without an error, with no
// macro KaTeX cannot render, so that every demo page shows its formulas.
func TestTeXReads(t *testing.T) {
	t.Parallel()
	check := func(where, s string) {
		t.Helper()
		doc, err := tex.Read(s)
		if err != nil {
			var te *tex.Error
			if errors.As(err, &te) {
				t.Errorf("%s: %s", where, te.Describe(s))
			} else {
				t.Errorf("%s: %v", where, err)
			}
			return
		}
		for _, m := range doc.Unknown {
			t.Errorf("%s: KaTeX does not render %s", where, m.Name)
		}
	}
	for _, dp := range problems {
		for _, in := range inputsOf(dp) {
			check(dp.Key+" title", in.Title)
			check(dp.Key+" statement", in.Statement)
			for i, e := range in.Exposition {
				check(dp.Key+" setup entry "+string(rune('1'+i)), e.Term+" "+e.Body)
			}
			check(dp.Key+" criterion", in.Acceptance.Criterion)
			for _, r := range in.References {
				check(dp.Key+" relevance of "+r.Identifier, r.Relevance)
			}
		}
	}
	for _, s := range solved {
		check(s.Key, s.Statement)
	}
}

func TestAccountsWellFormed(t *testing.T) {
	t.Parallel()
	handles := map[string]bool{}
	roles := map[role.Role]int{}
	for _, a := range accounts {
		if handles[a.Handle] {
			t.Errorf("account @%s is listed twice", a.Handle)
		}
		handles[a.Handle] = true
		if !strings.HasPrefix(a.Handle, "demo-") || !strings.Contains(a.Name, "(demo ") {
			t.Errorf("account @%s (%s) does not say it is a demo account", a.Handle, a.Name)
		}
		for _, r := range a.Roles {
			roles[r]++
		}
	}
	if roles[role.Reviewer] < 2 || roles[role.Operator] < 1 {
		t.Errorf("roles %v; want two reviewers (a second review needs another) and an operator", roles)
	}
}

// TestTimelineWellFormed: the timeline runs forward after the accounts are made; each problem
// is revised only after it is submitted and only if it has a revision; decisions are a
// reviewer's, on a problem already submitted; a merge names another problem submitted before;
// a second review follows a qualify decision of the same problem by another reviewer.
func TestTimelineWellFormed(t *testing.T) {
	t.Parallel()
	data := map[string]demoProblem{}
	for _, dp := range problems {
		data[dp.Key] = dp
	}
	reviewers := map[string]bool{}
	for _, a := range accounts {
		if slices.Contains(a.Roles, role.Reviewer) {
			reviewers[a.Handle] = true
		}
	}
	submitted, revised := map[string]bool{}, map[string]int{}
	qualifiedBy := map[string]string{}
	prev := accountsAgo + time.Nanosecond
	for i, st := range timeline {
		if i == 0 && st.Ago >= accountsAgo {
			t.Errorf("the first step, %s ago, is not after the accounts are made %s ago", st.Ago, accountsAgo)
		}
		if st.Ago >= prev {
			t.Errorf("step %d (%s %s) at %s ago does not come after the step before it at %s ago", i, st.Kind, st.Key, st.Ago, prev)
		}
		prev = st.Ago
		switch st.Kind {
		case stepSubmit:
			submitted[st.Key] = true
		case stepRevise:
			revised[st.Key]++
			if !submitted[st.Key] || data[st.Key].Revision == nil {
				t.Errorf("step %d revises %s, which is not submitted yet or has no revision", i, st.Key)
			}
		case stepDecide:
			d := st.Decision
			if !submitted[st.Key] || d == nil || !reviewers[st.Actor] {
				t.Errorf("step %d: decision on %s by @%s; want a reviewer's decision on a submitted problem", i, st.Key, st.Actor)
				continue
			}
			if d.Action == decision.ActionMERGE && (d.MergeInto == st.Key || !submitted[d.MergeInto]) {
				t.Errorf("step %d merges %s into %q; want another problem submitted before", i, st.Key, d.MergeInto)
			}
			if d.Action != decision.ActionMERGE && d.MergeInto != "" {
				t.Errorf("step %d: a %s decision names a merge target", i, d.Action)
			}
			if d.SecondReview {
				if by, ok := qualifiedBy[st.Key]; !ok || by == st.Actor {
					t.Errorf("step %d: second review of %s by @%s; want one after another reviewer's qualify decision", i, st.Key, st.Actor)
				}
			} else if d.Disagreement != "" {
				t.Errorf("step %d: a first review names a disagreement", i)
			}
			if d.Action == decision.ActionQUALIFY {
				qualifiedBy[st.Key] = st.Actor
			}
			if strings.TrimSpace(d.Notes.Reason) == "" {
				t.Errorf("step %d: decision on %s gives no reason", i, st.Key)
			}
		}
	}
	for _, dp := range problems {
		if want := map[bool]int{true: 1, false: 0}[dp.Revision != nil]; revised[dp.Key] != want {
			t.Errorf("%s is revised %d times in the timeline; want %d", dp.Key, revised[dp.Key], want)
		}
		if dp.Revision != nil && strings.TrimSpace(dp.Revision.Note) == "" {
			t.Errorf("%s: its revision has no note", dp.Key)
		}
	}
}

func TestPackets(t *testing.T) {
	t.Parallel()
	revisions := 0
	for _, dp := range problems {
		if dp.Revision != nil {
			revisions++
		}
	}
	ps := Packets()
	if len(ps) != len(problems)+revisions {
		t.Fatalf("Packets() = %d packets; want %d submissions and %d revisions", len(ps), len(problems), revisions)
	}
	keys := map[string]bool{}
	for _, p := range ps {
		if keys[p.Key] {
			t.Errorf("packet key %q twice", p.Key)
		}
		keys[p.Key] = true
		if p.Input.Title == "" || p.Input.Statement == "" {
			t.Errorf("packet %s has no title or statement", p.Key)
		}
	}
	for _, dp := range problems {
		if !keys[dp.Key] || (dp.Revision != nil) != keys[dp.Key+"/revision"] {
			t.Errorf("packets of %s: submission %v, revision %v; want the submission and its revision if it has one",
				dp.Key, keys[dp.Key], keys[dp.Key+"/revision"])
		}
	}
}

// TestSolvedCatalogue: the demo's solved records are keyed once, say they are proved, and say
// where; the copy-check index over them builds.
func TestSolvedCatalogue(t *testing.T) {
	t.Parallel()
	keys := map[string]bool{}
	for _, s := range solved {
		if keys[s.Key] || !strings.HasPrefix(s.Key, "demo-catalogue:") {
			t.Errorf("solved record %q is listed twice or is not in the demo catalogue", s.Key)
		}
		keys[s.Key] = true
		if s.Status != "proved" || s.Locator == "" || s.Title == "" || s.Source != "demo catalogue" {
			t.Errorf("solved record %s: status %q, locator %q, title %q, source %q", s.Key, s.Status, s.Locator, s.Title, s.Source)
		}
	}
	c, err := demoCopies()
	if err != nil || c == nil {
		t.Fatalf("demoCopies() = %v, %v", c, err)
	}
	var o options
	WithCopies(nil)(&o)
	if o.copies != nil {
		t.Error("WithCopies(nil) set a copy check")
	}
	WithCopies(c)(&o)
	if o.copies != c {
		t.Error("WithCopies(c) did not set it")
	}
	r, err := c.Check(context.Background(), []byte(solved[0].Title+"\n\n"+solved[0].Statement), copycheck.LaTeX)
	if err != nil || r == nil {
		t.Fatalf("Check(a catalogue statement) = %v, %v", r, err)
	}
}

func TestStepKindString(t *testing.T) {
	t.Parallel()
	for k, want := range map[stepKind]string{stepSubmit: "submit", stepRevise: "revise", stepDecide: "decide", stepKind(9): "step"} {
		if got := k.String(); got != want {
			t.Errorf("stepKind(%d).String() = %q; want %q", int(k), got, want)
		}
	}
}

// TestDated: a reference search dated after the replay's clock is moved back to the clock's
// day, on a copy: the demo data itself never changes.
func TestDated(t *testing.T) {
	t.Parallel()
	in := problems[0].Input
	searchedOn := in.ReferenceSearch.CheckedOn
	early := &replay{clock: newReplayClock(searchedOn.Add(-50*time.Hour+3*time.Hour), searchedOn)}
	got := early.dated(in)
	if want := searchedOn.Add(-48 * time.Hour); !got.ReferenceSearch.CheckedOn.Equal(want) {
		t.Errorf("dated before the search: checked on %s; want %s", got.ReferenceSearch.CheckedOn, want)
	}
	if !problems[0].Input.ReferenceSearch.CheckedOn.Equal(searchedOn) {
		t.Error("dated changed the demo data's own reference search")
	}
	if got.ReferenceSearch.Queries == nil || got.ReferenceSearch.Coverage != in.ReferenceSearch.Coverage {
		t.Error("dated lost the rest of the reference search")
	}
	late := &replay{clock: newReplayClock(searchedOn.Add(time.Hour), searchedOn.Add(2*time.Hour))}
	if got := late.dated(in); got.ReferenceSearch != in.ReferenceSearch {
		t.Error("dated replaced a reference search already in the past")
	}
	none := in
	none.ReferenceSearch = nil
	if got := early.dated(none); got.ReferenceSearch != nil {
		t.Error("dated made a reference search from none")
	}
}

func TestReplayClockEdges(t *testing.T) {
	t.Parallel()
	paris := time.FixedZone("Paris", 3600)
	start := testNow.Add(-time.Hour)
	c := newReplayClock(start.In(paris), testNow.In(paris))
	if c.Now().Location() != time.UTC || !c.Now().Equal(start) {
		t.Errorf("Now() = %s; want %s in UTC", c.Now(), start)
	}
	for _, tt := range []struct {
		name string
		to   time.Time
		ok   bool
	}{
		{"the same time", start, true},
		{"another zone, same instant", start.In(paris), true},
		{"exactly the end", testNow, true},
		{"a nanosecond back", testNow.Add(-time.Nanosecond), false},
	} {
		err := c.Set(tt.to)
		if (err == nil) != tt.ok {
			t.Errorf("Set(%s) = %v; want ok %v", tt.name, err, tt.ok)
		}
	}
	if !c.Now().Equal(testNow) || c.Now().Location() != time.UTC {
		t.Errorf("Now() = %s; want the end, in UTC", c.Now())
	}
}
