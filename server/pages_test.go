package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/seed"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// site is the whole site over TLS (session cookies are Secure) on a
// seeded database, with a statement counter.
type site struct {
	t          *testing.T
	srv        *httptest.Server
	svc        *policy.Service
	statements *atomic.Int64
}

func newSite(t *testing.T, dialectName string, opts ...server.Option) *site {
	t.Helper()
	return newSiteWith(t, dialectName, policy.Config{}, opts...)
}

// newSiteWith is newSite with the policy configured by cfg, for the demo
// data and the site alike.
func newSiteWith(t *testing.T, dialectName string, cfg policy.Config, opts ...server.Option) *site {
	t.Helper()
	// The demo data is seeded once per dialect and configuration in the test process, and each
	// site opens its own copy: a test may write to its record without another seeing it.
	d := dbtest.OpenCopy(t, dialectName, fmt.Sprintf("demo %+v", cfg), func(ctx context.Context, d *db.DB) error {
		_, err := seed.Run(ctx, d, cfg, nil, time.Now(), nil)
		return err
	})
	n := dbtest.CountStatements(d)
	svc := policy.New(d, cfg)
	srv := httptest.NewTLSServer(server.New(svc, livetest.Start(t, svc.Client()), quiet, opts...))
	t.Cleanup(srv.Close)
	return &site{t: t, srv: srv, svc: svc, statements: n}
}

// browser is a client with its own cookies that does not follow redirects.
func (s *site) browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	c := *s.srv.Client() // each browser its own cookies
	c.Jar = jar
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &c
}

func (s *site) get(c *http.Client, path string) (int, []byte, http.Header) {
	s.t.Helper()
	resp, err := c.Get(s.srv.URL + path)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

func (s *site) post(c *http.Client, path string, form url.Values) (int, []byte, http.Header) {
	s.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", s.srv.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := c.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

func text(t *testing.T, page []byte, testid string) string {
	t.Helper()
	ns := pagetest.Select(t, page, testid)
	if len(ns) == 0 {
		t.Fatalf("no element with data-testid=%q", testid)
	}
	return pagetest.Text(ns[0])
}

func TestPublicPages(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	anon := s.browser()
	for _, path := range []string{"/", "/problems", "/problems?state=ACCEPTED&sort=submitted", "/problems?q=prime",
		"/p/TDB-14", "/p/TDB-14?tab=research", "/p/TDB-14?tab=references", "/p/TDB-14?tab=history", "/p/TDB-13?tab=history", "/p/TDB-7?tab=history", "/p/TDB-18?tab=history",
		"/signin", "/signup", "/no-such-page"} {
		code, body, h := s.get(anon, path)
		if path == "/no-such-page" {
			if code != http.StatusNotFound {
				t.Errorf("GET %s = %d; want 404", path, code)
			}
		} else if code != http.StatusOK {
			t.Errorf("GET %s = %d; want 200", path, code)
		}
		pagetest.Check(t, path, body)
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'nonce-") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("GET %s: Content-Security-Policy = %q", path, csp)
		}
	}

	_, body, _ := s.get(anon, "/p/TDB-14")
	if got := text(t, body, "problem-id"); got != "TDB-14" {
		t.Errorf("problem-id = %q", got)
	}
	if got := text(t, body, "deadline"); !strings.HasSuffix(got, "UTC") {
		t.Errorf("deadline = %q; want a UTC time", got)
	}
	if got := text(t, body, "statement"); !strings.Contains(got, `$\mathbb{R}^2$`) {
		t.Errorf("statement = %q; want the raw TeX kept for readers without scripts", got)
	}
	if len(pagetest.Select(t, body, "hero")) != 1 || len(pagetest.Select(t, body, "challenge-banner")) != 1 {
		t.Error("problem page lacks its hero or challenge banner")
	}
	// A reference's citation and relevance note are rendered as TeX like the statement.
	_, body, _ = s.get(anon, "/p/TDB-14?tab=references")
	refs := pagetest.Select(t, body, "reference")
	if len(refs) == 0 {
		t.Fatal("no reference on the references tab")
	}
	for _, class := range []string{"citation", "relevance"} {
		marked := false
		for n := range refs[0].Descendants() {
			if attr(n.Attr, "class") == class {
				_, marked = attrOf(n.Attr, "data-math")
			}
		}
		if !marked {
			t.Errorf("a reference's %s is not marked for the TeX renderer", class)
		}
	}

	// A slug redirects to the ID; a merged problem to its survivor.
	code, _, h := s.get(anon, "/p/twin-prime-conjecture")
	if code != http.StatusMovedPermanently || h.Get("Location") != "/p/TDB-1" {
		t.Errorf("slug: %d %s; want 301 to /p/TDB-1", code, h.Get("Location"))
	}
	code, _, h = s.get(anon, "/p/TDB-15")
	if code != http.StatusFound || h.Get("Location") != "/p/TDB-4?merged=TDB-15" {
		t.Errorf("merged: %d %s; want 302 to the survivor", code, h.Get("Location"))
	}
	_, body, _ = s.get(anon, "/p/TDB-4?merged=TDB-15")
	if got := text(t, body, "notice"); !strings.Contains(got, "TDB-15 was merged into this problem") {
		t.Errorf("notice = %q", got)
	}
	_, body, _ = s.get(anon, "/p/TDB-13?tab=history")
	if got := text(t, body, "reason-code"); !strings.Contains(got, "known answer") {
		t.Errorf("archived problem's reason code = %q", got)
	}
	// The archived banner says why, in words, with the reviewer's reason.
	_, body, _ = s.get(anon, "/p/TDB-13")
	if got := text(t, body, "archived"); !strings.Contains(got, "Archived: Known answer.") || !strings.Contains(got, "The problem has been solved.") ||
		!strings.Contains(got, "reviewer decision") {
		t.Errorf("archived banner = %q; want the reason code in words and who decided", got)
	}

	// The list filters, and its statement count does not grow with rows.
	_, body, _ = s.get(anon, "/problems?state=ACCEPTED")
	rows := pagetest.Select(t, body, "problem-row")
	for _, r := range rows {
		if !strings.Contains(pagetest.Text(r), "accepted") {
			t.Errorf("ACCEPTED filter shows %q", pagetest.Text(r))
		}
	}
	if len(rows) != 14 {
		t.Errorf("accepted rows = %d; want 14", len(rows))
	}
	s.statements.Store(0)
	s.get(anon, "/problems?state=ARCHIVED")
	one := s.statements.Swap(0)
	_, body, _ = s.get(anon, "/problems")
	many := s.statements.Load()
	// Pages and packets already read come from memory, so a page can cost
	// less than another, never more for having more rows; a page read cold
	// costs its count, its rows, the tags and the packets it lacks.
	if n := len(pagetest.Select(t, body, "problem-row")); n != 25 || many > one || one > 4 {
		t.Errorf("list: %d rows cost %d statements, 1 row cost %d; want 25 rows at no more, and at most 4", n, many, one)
	}
	next := pagetest.Select(t, body, "next-page")
	if len(next) != 1 {
		t.Fatal("no next-page link on a full first page")
	}
	href := attr(next[0].Attr, "href")
	_, body, _ = s.get(anon, href)
	if n := len(pagetest.Select(t, body, "problem-row")); n != 1 {
		t.Errorf("second page has %d rows; want 1 (26 visible problems)", n)
	}
	if code, _, _ := s.get(anon, "/problems?state=BOGUS"); code != http.StatusBadRequest {
		t.Errorf("unknown state filter = %d; want 400", code)
	}
	if code, _, _ := s.get(anon, "/problems?after=garbage"); code != http.StatusBadRequest {
		t.Errorf("bad cursor = %d; want 400", code)
	}
}

func attrOf(as []htmlAttr, key string) (string, bool) {
	for _, a := range as {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func attr(as []htmlAttr, key string) string {
	for _, a := range as {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

var problemIDRe = regexp.MustCompile(`^/p/(TDB-\d+)(?:\?tab=checks)?$`)

func TestSignUpSubmitAndReview(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		s := newSite(t, dialectName)
		b := s.browser()
		if code, _, h := s.get(b, "/submit"); code != http.StatusSeeOther || !strings.HasPrefix(h.Get("Location"), "/signin") {
			t.Fatalf("anonymous /submit = %d %s; want a redirect to sign in", code, h.Get("Location"))
		}
		code, body, h := s.post(b, "/signup", url.Values{"handle": {"grace"}, "password": {"short"}})
		if code != http.StatusUnprocessableEntity || !strings.Contains(text(t, body, "error-password"), "10") {
			t.Fatalf("short password: %d", code)
		}
		code, _, h = s.post(b, "/signup", url.Values{"handle": {"grace"}, "password": {"a long enough password"}})
		if code != http.StatusSeeOther {
			t.Fatalf("sign up = %d", code)
		}
		cookie := h.Get("Set-Cookie")
		for _, want := range []string{"__Host-tdb_session=", "Secure", "HttpOnly", "SameSite=Lax", "Path=/"} {
			if !strings.Contains(cookie, want) {
				t.Errorf("session cookie %q lacks %s", cookie, want)
			}
		}
		_, body, _ = s.get(b, "/submit")
		pagetest.Check(t, "/submit", body)

		form := url.Values{
			"exposition.rows": {"2"}, "references.rows": {"2"},
			"title": {""}, "statement": {"Is every even $n > 2$ a sum of two primes?"}, "tags": {"number theory, primes"},
			"exposition.0.kind": {"DEFINITION"}, "exposition.0.term": {"prime"}, "exposition.0.body": {"An integer $p > 1$ with no divisor strictly between $1$ and $p$."},
			"acceptance.kind": {"PROOF"}, "acceptance.criterion": {"A proof or a counterexample."},
			"provenance.kind": {"IMPORTED"}, "provenance.attribution": {"C. Goldbach, 1742"}, "provenance.sourceLocator": {"Letter to Euler, 7 June 1742"},
			"provenance.rightsBasis":  {"Written in our own words."},
			"references.0.identifier": {"arXiv:1312.7748"}, "references.0.citation": {"H. Helfgott, The ternary Goldbach problem."},
			"references.0.relevance": {"Settles the ternary version; the binary one stays open."}, "references.0.role": {"STATUS_EVIDENCE"},
			"referenceSearch.checkedOn": {"2026-11-01"}, "referenceSearch.databases": {"zbMATH Open\narXiv"},
			"referenceSearch.queries": {"binary Goldbach"}, "referenceSearch.coverage": {"Titles and abstracts."},
		}
		code, body, _ = s.post(b, "/submit", form)
		if code != http.StatusUnprocessableEntity {
			t.Fatalf("submission without a title = %d; want 422", code)
		}
		pagetest.Check(t, "/submit with errors", body)
		if got := text(t, body, "error-title"); got != "is required" {
			t.Errorf("title error = %q", got)
		}
		if !strings.Contains(string(body), "Letter to Euler, 7 June 1742") {
			t.Error("the refused form lost what was typed")
		}
		form.Set("title", "Binary Goldbach conjecture")
		// TeX the page cannot render is a field error on its input, with where it breaks.
		form.Set("statement", "Is every even $n > 2 a sum of two primes?")
		code, body, _ = s.post(b, "/submit", form)
		if got := text(t, body, "error-statement"); code != http.StatusUnprocessableEntity || !strings.Contains(got, "TeX that cannot be read at line 1, character 15") {
			t.Errorf("statement with an unbalanced $ = %d, error %q; want 422 saying where the TeX cannot be read", code, got)
		}
		form.Set("statement", "Is every even $n > 2$ a sum of two primes?")
		code, _, h = s.post(b, "/submit", form)
		m := problemIDRe.FindStringSubmatch(h.Get("Location"))
		if code != http.StatusSeeOther || m == nil || !strings.HasSuffix(h.Get("Location"), "?tab=checks") {
			t.Fatalf("submission = %d %s; want the new problem's Checks section", code, h.Get("Location"))
		}
		id := m[1]
		_, body, _ = s.get(b, h.Get("Location"))
		if text(t, body, "problem-id") != id || !strings.Contains(text(t, body, "flash"), "Submitted as "+id) {
			t.Errorf("new problem page: id %q, flash %q", text(t, body, "problem-id"), text(t, body, "flash"))
		}
		// The proposer revises it: the form comes back filled, a new title
		// gives a new slug, the old one still leads to the problem.
		_, body, _ = s.get(b, "/p/"+id+"/revise")
		pagetest.Check(t, "/p/"+id+"/revise", body)
		if !strings.Contains(string(body), "Letter to Euler, 7 June 1742") {
			t.Error("the revise form is not filled from the current revision")
		}
		revise := url.Values{}
		for k, v := range form {
			revise[k] = v
		}
		revise.Set("title", "Binary Goldbach conjecture for even integers")
		if code, _, h := s.post(b, "/p/"+id+"/revise", revise); code != http.StatusSeeOther || h.Get("Location") != "/p/"+id+"?tab=checks" {
			t.Fatalf("revise = %d %s; want the Checks section of the new revision", code, h.Get("Location"))
		}
		if code, _, h := s.get(b, "/p/binary-goldbach-conjecture"); code != http.StatusMovedPermanently || h.Get("Location") != "/p/"+id {
			t.Errorf("old slug = %d %s; want a redirect to %s", code, h.Get("Location"), id)
		}
		_, body, _ = s.get(b, "/p/"+id+"?tab=history")
		if !strings.Contains(string(body), "+ Title: Binary Goldbach conjecture for even integers") {
			t.Error("the history tab does not show the revision's diff")
		}
		_, body, _ = s.get(b, "/account")
		pagetest.Check(t, "/account", body)
		if text(t, body, "balance") != "19" || text(t, body, "escrowed") != "1" {
			t.Errorf("account: %s available, %s escrowed; want 19, 1", text(t, body, "balance"), text(t, body, "escrowed"))
		}

		// A member cannot review.
		if code, _, _ := s.get(b, "/review"); code != http.StatusForbidden {
			t.Errorf("member /review = %d; want 403", code)
		}
		// A reviewer archives it; a double submit records once.
		s.member(t, "rita", "reviewer password", role.Reviewer)
		rb := s.browser()
		if code, _, _ := s.post(rb, "/signin", url.Values{"handle": {"rita"}, "password": {"wrong password!"}}); code != http.StatusUnauthorized {
			t.Errorf("wrong password = %d; want 401", code)
		}
		if code, _, _ := s.post(rb, "/signin", url.Values{"handle": {"rita"}, "password": {"reviewer password"}, "next": {"/review"}}); code != http.StatusSeeOther {
			t.Fatalf("reviewer sign in = %d", code)
		}
		_, body, _ = s.get(rb, "/review")
		pagetest.Check(t, "/review", body)
		_, body, _ = s.get(rb, "/review/"+id)
		pagetest.Check(t, "/review/"+id, body)
		key := regexp.MustCompile(`name="idempotencyKey" value="([^"]+)"`).FindSubmatch(body)
		if key == nil {
			t.Fatal("review form has no idempotency key")
		}
		read := regexp.MustCompile(`name="revisionId" value="([^"]+)"`).FindSubmatch(body)
		if read == nil {
			t.Fatal("review form does not name the revision shown")
		}
		decide := url.Values{"idempotencyKey": {string(key[1])}, "revisionId": {string(read[1])}, "action": {"ARCHIVE"}, "reasonCode": {""},
			"notes.reason": {"Known: settled in 2027 by a cited preprint."}}
		code, body, _ = s.post(rb, "/review/"+id, decide)
		if code != http.StatusUnprocessableEntity || text(t, body, "error-reasonCode") == "" {
			t.Fatalf("archive without a reason code = %d", code)
		}
		pagetest.Check(t, "/review with errors", body)
		decide.Set("reasonCode", "KNOWN_ANSWER")
		for range 2 {
			if code, _, _ := s.post(rb, "/review/"+id, decide); code != http.StatusSeeOther {
				t.Fatalf("decision = %d", code)
			}
		}
		if n := len(s.view(t, id).Decisions); n != 1 {
			t.Errorf("decisions after a double submit = %d; want 1", n)
		}
		_, body, _ = s.get(b, "/p/"+id+"?tab=history")
		if !strings.Contains(text(t, body, "reason-code"), "known answer") || text(t, body, "state") != "archived" {
			t.Errorf("archived page: state %q", text(t, body, "state"))
		}

		// Cross-origin form posts are refused.
		req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/signout", nil)
		req.Header.Set("Origin", "https://evil.example")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		resp, err := b.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("cross-site POST = %d; want 403", resp.StatusCode)
		}
	})
}

func TestModerationPages(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	reporter := s.browser()
	s.post(reporter, "/signup", url.Values{"handle": {"rex"}, "password": {"a long enough password"}})
	_, body, _ := s.get(reporter, "/p/TDB-20/flag")
	pagetest.Check(t, "/p/TDB-20/flag", body)
	code, body, _ := s.post(reporter, "/p/TDB-20/flag", url.Values{"reason": {"KNOWN_ANSWER"}, "explanation": {"short"}})
	if code != http.StatusUnprocessableEntity || text(t, body, "error-explanation") == "" {
		t.Fatalf("too short a report = %d", code)
	}
	if code, _, _ := s.post(reporter, "/p/TDB-20/flag", url.Values{"reason": {"KNOWN_ANSWER"},
		"explanation": {"Solved: the answer appears in a 2025 paper."}}); code != http.StatusSeeOther {
		t.Fatalf("report = %d", code)
	}

	s.member(t, "mona", "moderator password", role.Moderator)
	mb := s.browser()
	s.post(mb, "/signin", url.Values{"handle": {"mona"}, "password": {"moderator password"}})
	_, body, _ = s.get(mb, "/moderate")
	pagetest.Check(t, "/moderate", body)
	cases := pagetest.Select(t, body, "case")
	if len(cases) != 1 || !strings.Contains(pagetest.Text(cases[0]), "@rex · 1 flag in all") {
		t.Fatalf("moderation queue shows %d cases: %q", len(cases), text(t, body, "case"))
	}
	caseID := attr(cases[0].Attr, "data-case")
	// The live refresh learns from a version whether the list changed, and the
	// live queue resumes after the newest event the page read.
	version := func() (page, fragment string, head int) {
		_, body, _ := s.get(mb, "/moderate")
		m := regexp.MustCompile(`data-live-moderation data-version="([^"]+)" data-after="([0-9]+)"`).FindSubmatch(body)
		if m == nil {
			t.Fatal("the queue names no version or no event to resume after")
		}
		head, _ = strconv.Atoi(string(m[2]))
		_, _, h := s.get(mb, "/moderate?fragment=1")
		return string(m[1]), h.Get("X-Content-Version"), head
	}
	before, fragment, headBefore := version()
	if before != fragment {
		t.Errorf("page version %q, fragment version %q; want the same list named the same", before, fragment)
	}
	s.post(mb, "/moderate/"+caseID+"/claim", nil)
	if after, _, headAfter := version(); after == before || headAfter <= headBefore {
		t.Errorf("after a claim the version is %q (was %q) and the page resumes after event %d (was %d); want both to move",
			after, before, headAfter, headBefore)
	}
	_, body, _ = s.get(mb, "/moderate")
	pagetest.Check(t, "/moderate with a claimed case", body)
	if len(pagetest.Select(t, body, "remove-button")) != 1 {
		t.Error("the claimed case has no removal form")
	}
	// Removal is confirmed on a second page; the first request removes nothing.
	reason := url.Values{"reason": {"The problem was solved in 2025 (cited in the report)."}}
	code, body, _ = s.post(mb, "/moderate/"+caseID+"/remove", reason)
	if code != http.StatusOK || len(pagetest.Select(t, body, "remove-confirm-form")) != 1 || !strings.Contains(string(body), reason.Get("reason")) {
		t.Fatalf("remove without confirmation = %d; want the confirmation page with the reason", code)
	}
	pagetest.Check(t, "removal confirmation", body)
	reason.Set("confirm", "yes")
	if code, _, _ := s.post(mb, "/moderate/"+caseID+"/remove", reason); code != http.StatusSeeOther {
		t.Fatalf("confirmed remove = %d", code)
	}
	// The queue's live refresh may reach the server before the page the
	// redirect leads to: it must leave the message for that page, which shows
	// it once.
	if _, body, _ = s.get(mb, "/moderate?fragment=1"); strings.Contains(string(body), "was removed") {
		t.Error("the live refresh shows the flash message")
	}
	if _, body, _ = s.get(mb, "/moderate"); !strings.Contains(text(t, body, "flash"), "was removed") {
		t.Errorf("flash after the removal = %q; want the confirmation", text(t, body, "flash"))
	}
	if _, body, _ = s.get(mb, "/moderate"); len(pagetest.Select(t, body, "flash")) != 0 {
		t.Errorf("flash on the next page = %q; want it shown once", text(t, body, "flash"))
	}
	code, body, _ = s.get(reporter, "/p/TDB-20")
	if code != http.StatusGone || !strings.Contains(text(t, body, "tombstone"), "solved in 2025") {
		t.Errorf("removed problem page = %d, tombstone %q", code, text(t, body, "tombstone"))
	}
	pagetest.Check(t, "tombstone", body)
	_, body, _ = s.get(reporter, "/problems?q=square+peg")
	for _, row := range pagetest.Select(t, body, "problem-row") {
		if strings.Contains(pagetest.Text(row), "TDB-20") {
			t.Error("a removed problem still shows in search")
		}
	}
	_, body, _ = s.get(reporter, "/moderation/log")
	pagetest.Check(t, "/moderation/log", body)
	log := text(t, body, "moderation-log")
	if !strings.Contains(log, "@mona") || !strings.Contains(log, "removed") || strings.Contains(log, "rex") {
		t.Errorf("moderation log = %q; want the moderator and never the reporter", log)
	}
	if code, body, _ := s.get(reporter, "/moderate"); code != http.StatusForbidden {
		t.Errorf("member /moderate = %d; want 403\n%s", code, body)
	}
}
