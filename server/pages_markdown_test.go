package server_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestPreviewRendersMarkdownAndWarnsOfTeX: the preview renders the statement and every setup
// entry as Markdown with TeX intact and raw HTML escaped, and says beside each field whose TeX
// is malformed what is wrong, the field pointing to the warning.
func TestPreviewRendersMarkdownAndWarnsOfTeX(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	b, _ := s.signedIn(t, "pia")
	form := url.Values{"preview": {"1"}, "title": {"Sums of $a_i$"}, "exposition.rows": {"3"},
		"statement":         {"Is *every* $a_n * b_n$ prime? <script>alert(1)</script> [x](javascript:alert(1)) It costs $5."},
		"exposition.0.kind": {"DEFINITION"}, "exposition.0.term": {"sum"}, "exposition.0.body": {"The sum $\\sum_{k} a_k$ of `A.card` terms."},
		"exposition.1.kind": {"REMARK"}, "exposition.1.body": {"A remark with \\( x_1 and no end."},
		"exposition.2.kind": {""}, "exposition.2.body": {""},
	}
	code, body, _ := s.post(b, "/submit", form)
	if code != http.StatusOK {
		t.Fatalf("preview = %d", code)
	}
	pagetest.Check(t, "submit preview", body)
	page := string(body)
	stmt := pagetest.Select(t, body, "preview-statement")
	if len(stmt) != 1 || !strings.Contains(pagetest.Text(stmt[0]), "$a_n * b_n$") || strings.Contains(page, "<script>alert") ||
		strings.Contains(page, `href="javascript`) || !strings.Contains(page, "<em>every</em>") {
		t.Errorf("preview statement = %q; want Markdown with the TeX intact and no script", text(t, body, "preview-statement"))
	}
	if n := len(pagetest.Select(t, body, "preview-entry")); n != 2 || !strings.Contains(page, "<code>A.card</code>") {
		t.Errorf("preview shows %d setup entries; want both filled ones, rendered", n)
	}
	if w := text(t, body, "tex-warning-statement"); !strings.Contains(w, "not closed") {
		t.Errorf("statement warning = %q; want the unclosed $", w)
	}
	if w := text(t, body, "tex-warning-exposition.1.body"); !strings.Contains(w, `\(`) {
		t.Errorf("setup warning = %q; want the unclosed \\(", w)
	}
	if len(pagetest.Select(t, body, "tex-warning-exposition.0.body")) != 0 || len(pagetest.Select(t, body, "tex-warning-title")) != 0 {
		t.Error("a field with well-formed TeX is warned about")
	}
	if !regexp.MustCompile(`<textarea id="statement"[^>]*aria-describedby="statement-hint statement-tex"`).MatchString(page) {
		t.Error("the statement does not point to its TeX warning")
	}
}

// TestProblemPageActionsAndTerms: only who may revise is offered revising; others signed in,
// and readers not signed in, are offered a suggested edit; terms link to /about; tag links
// are encoded.
func TestProblemPageActionsAndTerms(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	p := membersProspect(t, s)
	revise, suggest := `href="/p/`+p.ID+`/revise"`, `href="/p/`+p.ID+`/suggest"`
	_, body, _ := s.get(s.browser(), "/p/"+p.ID)
	if strings.Contains(string(body), revise) || !strings.Contains(string(body), suggest) {
		t.Error("a reader not signed in is offered the revise form, or no suggestion")
	}
	for _, term := range []string{"challenge-period", "prospecting", "checks"} {
		if !strings.Contains(string(body), `href="/about#`+term+`"`) {
			t.Errorf("the problem page does not link %q to /about", term)
		}
	}
	for _, m := range regexp.MustCompile(`class="tag" href="([^"]*)"`).FindAllStringSubmatch(string(body), -1) {
		if u, err := url.Parse(m[1]); err != nil || strings.ContainsAny(m[1], " &") && !strings.Contains(m[1], "&amp;") || u.Query().Get("tag") == "" {
			t.Errorf("tag link %q is not encoded", m[1])
		}
	}
	if err := s.svc.SetPassword(ctx, s.account(t, p.Proposer), "a long enough password"); err != nil {
		t.Fatal(err)
	}
	owner := s.browser()
	s.post(owner, "/signin", url.Values{"handle": {p.Proposer}, "password": {"a long enough password"}})
	_, body, _ = s.get(owner, "/p/"+p.ID)
	if !strings.Contains(string(body), revise) || strings.Contains(string(body), suggest) {
		t.Error("the proposer is not offered revising, or is offered a suggestion")
	}
	other, _ := s.signedIn(t, "oli")
	_, body, _ = s.get(other, "/p/"+p.ID)
	if strings.Contains(string(body), revise) || !strings.Contains(string(body), suggest) {
		t.Error("a member who may not revise is offered the revise form, or no suggestion")
	}
}

// TestErrorFieldsAreInvalid: a refused report marks its field aria-invalid and points it to
// the message; the review page jumps to its decision form.
func TestErrorFieldsAreInvalid(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	b, _ := s.signedIn(t, "ria")
	code, body, _ := s.post(b, "/p/TDB-20/flag", url.Values{"reason": {"KNOWN_ANSWER"}, "explanation": {"short"}})
	if code != http.StatusUnprocessableEntity {
		t.Fatalf("too short a report = %d", code)
	}
	if !regexp.MustCompile(`<textarea id="explanation"[^>]*aria-describedby="explanation-hint explanation-error"[^>]*aria-invalid="true"|<textarea id="explanation"[^>]*aria-invalid="true"[^>]*aria-describedby="explanation-hint explanation-error"`).Match(body) ||
		!strings.Contains(string(body), `id="explanation-error"`) {
		t.Error("the refused explanation is not marked invalid and described by its error")
	}
	if strings.Contains(string(body), `id="reason" name="reason" aria-invalid`) {
		t.Error("a field without an error is marked invalid")
	}
	rv, _ := s.signedIn(t, "rev", role.Reviewer)
	_, body, _ = s.get(rv, "/review/TDB-20")
	if j := pagetest.Select(t, body, "jump-to-decision"); len(j) != 1 || !strings.Contains(string(body), `id="decide"`) {
		t.Error("the review page has no jump to its decision form")
	}
}
