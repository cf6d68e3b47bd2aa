package ui

import (
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/policy"
)

// ProblemView is everything the problem page shows: the problem's view,
// which tab, and what the server adds around it.
type ProblemView struct {
	P *policy.ProblemView
	// Tab is problem, research, references or history.
	Tab string
	// Signed says a reader is signed in; P.Can is what they may do.
	Signed bool
	Hero   Hero
	// Notice explains a redirect that brought the reader here.
	Notice string
	// Suggestions are the edits suggested to the problem, newest first.
	Suggestions []policy.SuggestionSummary
	// Blind is the reviewer's packet: nothing of a machine's provisional verdict on the problem
	// (agent-assisted review's recommendation, its hold's reason, its events) is shown, so that a
	// blind gold item and an ordinary one read alike.
	Blind bool
	// Cited are the corpus nodes the problem and its claims cite (read for
	// the Research tab).
	Cited []corpus.Citation
}

// Events are the events the page lists: on a blind page, none that records a machine's verdict.
func (v ProblemView) Events() []policy.EventView {
	if !v.Blind {
		return v.P.Events
	}
	out := make([]policy.EventView, 0, len(v.P.Events))
	for _, e := range v.P.Events {
		if !policy.MachineVerdict(e.Kind) {
			out = append(out, e)
		}
	}
	return out
}

// problemCitations are the nodes the problem itself cites.
func (v ProblemView) problemCitations() []corpus.Citation {
	var out []corpus.Citation
	for _, c := range v.Cited {
		if c.Claim == "" {
			out = append(out, c)
		}
	}
	return out
}

// claimCitation is the node a claim is bound to, or nil.
func (v ProblemView) claimCitation(claim string) *corpus.Citation {
	for i := range v.Cited {
		if v.Cited[i].Claim == claim {
			return &v.Cited[i]
		}
	}
	return nil
}

// TabURL is the address of one of the problem's tabs; a merged record's tabs stay on it rather
// than redirecting to its survivor.
func (v ProblemView) TabURL(tab string) string {
	u := "/p/" + v.P.ID + "?tab=" + tab
	if v.P.State == "MERGED" {
		u += "&redirect=no"
	}
	return u
}

// Hero is the picture at the top of the Problem tab: the neutral generated figure, whose SVG
// carries the alternative text, or Art, a passed pair of bespoke art, when the revision asks
// for it and one has passed.
type Hero struct {
	SVG, Caption string
	Art          *policy.HeroArtView
}

// Tabs of the problem page, in order.
var Tabs = []struct{ Key, Label string }{
	{"problem", "Problem"}, {"research", "Research"}, {"references", "References"}, {"checks", "Checks"}, {"history", "History"},
}

// Revisions returns the revisions newest first, each with the diff from the
// one before it.
func (v ProblemView) Revisions() []RevisionDiff {
	revs := v.P.Revisions
	out := make([]RevisionDiff, 0, len(revs))
	for i := len(revs) - 1; i >= 0; i-- {
		d := RevisionDiff{Rev: revs[i]}
		if i > 0 {
			d.Lines = LineDiff(revText(revs[i-1]), revText(revs[i]))
		}
		out = append(out, d)
	}
	return out
}

func revText(r policy.RevisionView) string {
	var b strings.Builder
	b.WriteString("Title: " + r.Title + "\n")
	b.WriteString(r.Statement + "\n")
	for _, e := range r.Exposition {
		b.WriteString(strings.ToLower(string(e.Kind)) + ": " + e.Term + " " + e.Body + "\n")
	}
	b.WriteString("Acceptance: " + r.Acceptance.Criterion + "\n")
	return b.String()
}

// RevisionDiff is a revision with the changes it made.
type RevisionDiff struct {
	Rev   policy.RevisionView
	Lines []DiffLine
}

// DiffLine is one line of a diff: Op is ' ', '+' or '-'.
type DiffLine struct {
	Op   byte
	Text string
}

// LineDiff is a longest-common-subsequence diff of two texts by line,
// showing only changed lines.
func LineDiff(a, b string) []DiffLine {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	n, m := len(x), len(y)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []DiffLine
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && x[i] == y[j]:
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			if y[j] != "" {
				out = append(out, DiffLine{'+', y[j]})
			}
			j++
		default:
			if x[i] != "" {
				out = append(out, DiffLine{'-', x[i]})
			}
			i++
		}
	}
	return out
}

// claimByline says who attached a claim, and when.
func claimByline(c policy.ClaimView) string {
	by := "attached"
	if c.Author != "" {
		by += " by @" + c.Author
	}
	return by + " on " + Day(c.CreatedAt)
}

// claimValue is what a claim-review form shows in a field: what was posted, else the claim's own.
func claimValue(d DecisionView, c policy.ClaimView, field, current string) string {
	if v, ok := d.Values["claim."+c.ID+"."+field]; ok {
		return v
	}
	return current
}

// pendingNote is a pending reference's reason as a reader reads it: why the source is not
// confirmed yet, without the resolver's technical detail (which the element's title keeps).
func pendingNote(reason string) string {
	if head, _, ok := strings.Cut(reason, " ("); ok && strings.HasPrefix(reason, "not yet resolved") {
		return "Not yet resolved: " + strings.TrimPrefix(head, "not yet resolved: ") + "; it is tried again later."
	}
	return strings.ToUpper(reason[:1]) + reason[1:] + "."
}

// Unreached counts the references left unconfirmed only because the record plane could not reach
// their catalogues: the references tab says so once, above them, instead of beside each.
func Unreached(refs []policy.ReferenceView) int {
	n := 0
	for _, r := range refs {
		if r.Unreached() {
			n++
		}
	}
	return n
}

// unreachedWords says how many of a problem's sources wait for a catalogue this server could not
// reach; what an operator does about it is said once, for the site (catalogueWords).
func unreachedWords(n, of int) string {
	who := fmt.Sprintf("%d of these %d sources are", n, of)
	switch {
	case n == 1 && of == 1:
		who = "This source is"
	case n == of:
		who = fmt.Sprintf("These %d sources are", n)
	case n == 1:
		who = fmt.Sprintf("1 of these %d sources is", of)
	}
	return who + " not confirmed yet: this server could not reach their catalogues, and tries again by itself."
}

// catalogueWords says, once for the site, how many sources wait for a catalogue this server
// could not reach.
func catalogueWords(c policy.CatalogueStatus) string {
	are := "are"
	if c.Unreached == 1 {
		are = "is"
	}
	return fmt.Sprintf("Right now %s on %s %s unconfirmed only because this server could not reach their catalogues when it last tried.",
		Plural(c.Unreached, "reference"), Plural(c.Problems, "problem"), are)
}

// UnconfirmedLocators are the references whose cited place nobody has found yet.
func UnconfirmedLocators(refs []policy.ReferenceView) []policy.ReferenceView {
	var out []policy.ReferenceView
	for _, r := range refs {
		if r.Locator != "" && !r.LocatorConfirmed {
			out = append(out, r)
		}
	}
	return out
}
