package server_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestStaffRoute: a reviewer sends a problem to staff from the review page; its page says it is
// held, reviewers see no decision form, the staff console lists it, and the staff decision
// releases it.
func TestStaffRoute(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	account := func(handle string, roles ...role.Role) *http.Client {
		t.Helper()
		s.member(t, handle, "a long enough password", roles...)
		b := s.browser()
		if code, _, _ := s.post(b, "/signin", url.Values{"handle": {handle}, "password": {"a long enough password"}}); code != http.StatusSeeOther {
			t.Fatalf("sign in %s = %d", handle, code)
		}
		return b
	}
	rev, staff := account("rita", role.Reviewer), account("otto", role.Operator)
	// A problem in its challenge period from the demo data.
	p := prospects(t, s)[0]
	if code, body, _ := s.post(rev, "/review/"+p.ID+"/staff", url.Values{"note": {""}}); code != http.StatusUnprocessableEntity || text(t, body, "error-note") == "" {
		t.Fatalf("send to staff without a note = %d", code)
	}
	if code, _, _ := s.post(rev, "/review/"+p.ID+"/staff", url.Values{"note": {"The cited preprint may answer it."}}); code != http.StatusSeeOther {
		t.Fatalf("send to staff = %d", code)
	}
	_, body, _ := s.get(rev, "/p/"+p.ID)
	pagetest.Check(t, "/p/"+p.ID+" held", body)
	if got := text(t, body, "held-banner"); !regexp.MustCompile(`Held for staff review.*preprint`).MatchString(got) {
		t.Errorf("held banner = %q", got)
	}
	// A held problem's page says its status once and does not promise acceptance by default:
	// the hold makes it wait for staff.
	if got := text(t, body, "held-status"); regexp.MustCompile(`(?i)accepted by default at`).MatchString(got) ||
		!regexp.MustCompile(`(?i)waits until staff`).MatchString(got) {
		t.Errorf("status of a held problem = %q; want it to say default acceptance waits for staff, not promise it", got)
	}
	if n := len(pagetest.Select(t, body, "challenge-banner")); n != 0 {
		t.Errorf("a held problem's page has %d challenge banners beside its held banner; want one status line", n)
	}
	_, body, _ = s.get(rev, "/review/"+p.ID)
	if text(t, body, "held-for-staff") == "" || regexp.MustCompile(`data-testid="decision-form"`).Match(body) {
		t.Error("a reviewer is offered a decision on a held problem")
	}
	if code, _, _ := s.get(rev, "/admin/review"); code != http.StatusForbidden {
		t.Errorf("reviewer /admin/review = %d; want 403", code)
	}
	_, body, _ = s.get(staff, "/admin/review")
	pagetest.Check(t, "/admin/review", body)
	if !regexp.MustCompile(`href="/admin/review/` + p.ID + `"`).Match(body) {
		t.Fatal("the staff console does not list the held problem")
	}
	_, body, _ = s.get(staff, "/admin/review/"+p.ID)
	pagetest.Check(t, "/admin/review/"+p.ID, body)
	key := regexp.MustCompile(`name="idempotencyKey" value="([^"]+)"`).FindSubmatch(body)
	read := regexp.MustCompile(`name="revisionId" value="([^"]+)"`).FindSubmatch(body)
	if key == nil || read == nil {
		t.Fatal("the staff decision form lacks its key or revision")
	}
	decide := url.Values{"idempotencyKey": {string(key[1])}, "revisionId": {string(read[1])}, "action": {"ARCHIVE"},
		"reasonCode": {"KNOWN_ANSWER"}, "notes.reason": {"The preprint answers the question as stated."}}
	if code, _, _ := s.post(staff, "/review/"+p.ID, decide); code != http.StatusSeeOther {
		t.Fatalf("staff decision = %d", code)
	}
	_, body, _ = s.get(staff, "/admin/review")
	if text(t, body, "staff-empty") == "" {
		t.Error("the staff console still lists the decided problem")
	}
	if got := s.view(t, p.ID).State; got != policy.StateArchived {
		t.Errorf("after the staff decision: %s; want ARCHIVED", got)
	}
}

// TestBatchStopForms: an operator stops a batch by hand on the staff console and lifts it; the
// console lists it meanwhile, and a reviewer cannot.
func TestBatchStopForms(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	signIn := func(handle string, roles ...role.Role) *http.Client {
		t.Helper()
		s.member(t, handle, "a long enough password", roles...)
		b := s.browser()
		s.post(b, "/signin", url.Values{"handle": {handle}, "password": {"a long enough password"}})
		return b
	}
	rev, staff := signIn("rita", role.Reviewer), signIn("otto", role.Operator)
	stop := url.Values{"source": {"generator:gen-7"}, "reason": {"Undeclared variables in three statements."}}
	if code, _, _ := s.post(rev, "/admin/batch-stops", stop); code != http.StatusForbidden {
		t.Errorf("reviewer stop = %d; want 403", code)
	}
	if code, _, _ := s.post(staff, "/admin/batch-stops", stop); code != http.StatusSeeOther {
		t.Fatalf("operator stop = %d", code)
	}
	_, body, _ := s.get(staff, "/admin/review")
	pagetest.Check(t, "/admin/review with a stop", body)
	m := regexp.MustCompile(`action="/admin/batch-stops/(bst_[0-9A-Z]+)/lift"`).FindSubmatch(body)
	if m == nil || text(t, body, "batch-stops") == "" {
		t.Fatal("the console does not list the stopped batch with a lift button")
	}
	if code, _, _ := s.post(staff, "/admin/batch-stops/"+string(m[1])+"/lift", url.Values{}); code != http.StatusSeeOther {
		t.Fatalf("lift = %d", code)
	}
	if stops, _ := s.svc.OpenStops(ctx); len(stops) != 0 {
		t.Errorf("%d stops open after the lift", len(stops))
	}
}
