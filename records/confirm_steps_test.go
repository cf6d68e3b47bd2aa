package records

import (
	"net/http"
	"strings"
	"testing"
)

// TestAdvanceSteps follows one source through the answers a record plane gets for it, step by
// step: a failure before any answer is PENDING with its reason, a definite answer replaces
// whatever was before (a MISMATCH by a later CONFIRMED once the catalogue corrects its record,
// and the other way round), and a failure after a definite answer changes nothing.
func TestAdvanceSteps(t *testing.T) {
	t.Parallel()
	claimed := Claimed{Title: "Bounded gaps between primes", Authors: []string{"Yitang Zhang"}, Year: 2014}
	right := found(Record{Title: "Bounded gaps between primes", Authors: []string{"Zhang, Yitang"}, Year: 2014})
	wrongYear := found(Record{Title: "Bounded gaps between primes", Authors: []string{"Zhang, Yitang"}, Year: 2010})
	down := unreachable("api.crossref.org is failing or busy (HTTP 503)")
	type step struct {
		res    Result
		want   Confirmation
		field  string
		reason string // a part of the outcome's reason
	}
	for _, tt := range []struct {
		name  string
		steps []step
	}{
		{"down, then found", []step{
			{down, Pending, "", "not yet resolved: the record plane is unreachable (api.crossref.org is failing or busy (HTTP 503))"},
			{down, Pending, "", "HTTP 503"},
			{right, Confirmed, "", ""},
			{down, Confirmed, "", ""},
		}},
		{"a wrong year, corrected by the catalogue", []step{
			{wrongYear, Mismatch, "year", "the claimed year 2014 is not the record's 2010"},
			{down, Mismatch, "year", "2010"},
			{right, Confirmed, "", ""},
		}},
		{"found, then withdrawn", []step{
			{right, Confirmed, "", ""},
			{notFound("Crossref and DataCite hold no such DOI"), NotFound, "", "no such DOI"},
			{down, NotFound, "", "no such DOI"},
		}},
		{"an identifier no catalogue serves", []step{
			{Result{Status: StatusNoResolver, Reason: "the record plane has no catalogue for web pages"}, NotFound, "", "no catalogue"},
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out Outcome
			for i, s := range tt.steps {
				out = Advance(out, s.res, claimed)
				if out.Confirmation != s.want || out.Field != s.field || !strings.Contains(out.Reason, s.reason) {
					t.Fatalf("step %d (%s): Advance = %+v; want %s on %q with a reason containing %q", i, s.res.Status, out, s.want, s.field, s.reason)
				}
				if out.Confirmation.Fabricated() != (s.want == Mismatch || s.want == NotFound) {
					t.Errorf("step %d: %s.Fabricated() = %v", i, out.Confirmation, out.Confirmation.Fabricated())
				}
			}
		})
	}
}

// TestCompareReasons: a mismatch says which field differs and quotes both sides, so that a
// reviewer reads the difference without opening the catalogue.
func TestCompareReasons(t *testing.T) {
	t.Parallel()
	rec := Record{Title: "Small gaps between primes", Authors: []string{"Maynard, James"}, Year: 2015}
	for _, tt := range []struct {
		claimed Claimed
		field   string
		quotes  []string
	}{
		{Claimed{Title: "Large gaps between primes"}, "title", []string{`"Large gaps between primes"`, `"Small gaps between primes"`}},
		{Claimed{Authors: []string{"Terence Tao"}}, "authors", []string{`"Terence Tao"`, `"Maynard, James"`}},
		{Claimed{Authors: []string{"J. Maynard", "T. Tao"}}, "authors", []string{`"J. Maynard; T. Tao"`}},
		{Claimed{Year: 2019}, "year", []string{"2019", "2015"}},
	} {
		got := Compare(tt.claimed, rec)
		if got.Confirmation != Mismatch || got.Field != tt.field {
			t.Errorf("Compare(%+v) = %+v; want MISMATCH on %s", tt.claimed, got, tt.field)
			continue
		}
		for _, q := range tt.quotes {
			if !strings.Contains(got.Reason, q) {
				t.Errorf("Compare(%+v).Reason = %q; want it to quote %s", tt.claimed, got.Reason, q)
			}
		}
	}
	// The title is compared first: a claim wrong in everything names the title.
	if got := Compare(Claimed{Title: "Other", Authors: []string{"Other"}, Year: 1900}, rec); got.Field != "title" {
		t.Errorf("Compare(all wrong).Field = %q; want title", got.Field)
	}
}

// TestTitlesMatch: titles compare once normalised, with a subtitle on one side only; a
// different title, or a different subtitle on both sides, does not match.
func TestTitlesMatch(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		claimed, record string
		want            bool
	}{
		{"Bounded gaps between primes", "Bounded Gaps Between Primes.", true},
		{"Bounded gaps between primes", "Bounded gaps between primes — a survey", true},
		{"The Kakeya problem - a survey", "The Kakeya problem", true},
		// A Greek letter in TeX, in Unicode or spelt out is one letter.
		{`On the $\zeta$-function`, "On the ζ-function", true},
		{`On the $\zeta$-function`, "On the zeta-function", true},
		{`$\Gamma$-convergence of $\varepsilon$-regularised functionals`, "Γ-convergence of ϵ-regularised functionals", true},
		{`The $\mu$-invariant`, "The µ-invariant", true}, // the micro sign
		{`The $\alpha$-invariant`, "The a-invariant", false},
		{`The $\eta$-invariant`, "The zeta-invariant", false},
		// A command whose name begins with an accent's letter is no accent.
		{`Products $A \times B$ of \textbf{compact} spaces`, "Products A × B of compact spaces", true},
		{`On $\tau$-functions and $\theta$-series`, "On τ-functions and θ-series", true},
		{`Sur les \v{c}ech et \c{c}a`, "Sur les čech et ça", true},
		{`Über die \emph{vollen} Invariantensysteme`, "Uber die vollen Invariantensysteme", true},
		{"Random graphs: the evolution", "Random graphs: a survey", false},
		{"Random graphs", "Random trees", false},
		{"", "Random trees", false},
	} {
		if got := titlesMatch(tt.claimed, tt.record); got != tt.want {
			t.Errorf("titlesMatch(%q, %q) = %v; want %v", tt.claimed, tt.record, got, tt.want)
		}
	}
}

// TestStatusReasons: a failing HTTP status is said for people, by what it means.
func TestStatusReasons(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		status int
		want   string
	}{
		{http.StatusTooManyRequests, "api.crossref.org asked the record plane to slow down (HTTP 429)"},
		{http.StatusServiceUnavailable, "api.crossref.org is failing or busy (HTTP 503)"},
		{http.StatusInternalServerError, "api.crossref.org is failing or busy (HTTP 500)"},
		{http.StatusForbidden, "api.crossref.org gave an answer the record plane does not read (HTTP 403)"},
		{http.StatusGone, "api.crossref.org gave an answer the record plane does not read (HTTP 410)"},
	} {
		if got := statusReason("api.crossref.org", tt.status); got != tt.want {
			t.Errorf("statusReason(%d) = %q; want %q", tt.status, got, tt.want)
		}
	}
	if got := malformed("https://api.crossref.org/works/10.1/x", "Crossref body"); got.Status != StatusUnreachable ||
		got.Reason != "api.crossref.org answered with a Crossref body the record plane cannot read" {
		t.Errorf("malformed = %+v", got)
	}
}
