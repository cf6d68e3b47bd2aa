package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestSecondReviewPage: "Review again" opens the second review itself — the first decision
// folded beside the form, the revision it qualified, the classes of split — and a split recorded
// through the page is kept with its class beside the first decision; a refusal opens the page
// with its summary first.
func TestSecondReviewPage(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	b, rita := s.signedIn(t, "rita-second", role.Reviewer)
	queue, err := s.svc.SecondReviewQueue(ctx, rita, 100)
	if err != nil || len(queue) == 0 {
		t.Fatalf("the demo has no qualify decision selected for a second review: %v", err)
	}
	first := queue[0]
	_, page, _ := s.get(b, "/review")
	if !strings.Contains(string(page), "/review/"+first.ProblemID+"?second="+first.Decision.ID) {
		t.Fatalf("the queue does not link the second review of %s", first.Decision.ID)
	}
	path := "/review/" + first.ProblemID + "?second=" + first.Decision.ID
	code, page, _ := s.get(b, path)
	if code != http.StatusOK {
		t.Fatalf("GET %s = %d", path, code)
	}
	pagetest.Check(t, path, page)
	if len(pagetest.Select(t, page, "second-review-banner")) != 1 || len(pagetest.Select(t, page, "first-review")) != 1 ||
		len(pagetest.Select(t, page, "disagreement")) != 1 {
		t.Fatal("the second review page lacks its banner, the first review or the classes of split")
	}
	if fr := pagetest.Text(pagetest.Select(t, page, "first-review")[0]); !strings.Contains(fr, "@"+first.FirstReviewer) {
		t.Errorf("the first review does not name its reviewer: %q", fr)
	}
	form := formFields(t, page, "/review/"+first.ProblemID)
	if form.Get("secondReviewOf") != first.Decision.ID || form.Get("revisionId") != first.Decision.RevisionID {
		t.Fatalf("the form names decision %q and revision %q; want %s on %s", form.Get("secondReviewOf"), form.Get("revisionId"),
			first.Decision.ID, first.Decision.RevisionID)
	}

	// A split without its class is refused: the summary comes first and takes focus.
	form.Set("action", "KEEP_PROSPECTING")
	form.Set("notes.reason", "The open-status record misses a 2025 preprint that claims the case.")
	form.Set("revisionRequests", "Cite and discuss the 2025 preprint.")
	code, page, _ = s.post(b, "/review/"+first.ProblemID, form)
	if code != http.StatusUnprocessableEntity {
		t.Fatalf("a split without its class = %d; want 422", code)
	}
	pagetest.Check(t, "refused second review", page)
	body := string(page)
	summary := strings.Index(body, `data-testid="error-summary"`)
	if summary < 0 || summary > strings.Index(body, `data-testid="problem"`) {
		t.Fatal("the refusal's summary is not above the problem")
	}
	if tag := body[strings.LastIndex(body[:summary], "<"):summary]; !strings.Contains(tag, "autofocus") || !strings.Contains(tag, `tabindex="-1"`) {
		t.Errorf("the summary does not take focus: %s", tag)
	}
	if !strings.Contains(pagetest.Text(pagetest.Select(t, page, "error-summary")[0]), "kind of split") {
		t.Errorf("the summary does not say what is missing: %q", pagetest.Text(pagetest.Select(t, page, "error-summary")[0]))
	}
	again := formFields(t, page, "/review/"+first.ProblemID)
	if again.Get("secondReviewOf") != first.Decision.ID {
		t.Fatal("the refused page lost the second review")
	}
	again.Set("action", "KEEP_PROSPECTING")
	again.Set("disagreement", "LEGITIMATE_SPLIT")
	if code, _, h := s.post(b, "/review/"+first.ProblemID, again); code != http.StatusSeeOther {
		t.Fatalf("the second review with its class = %d %v", code, h)
	}
	_, page, _ = s.get(b, "/review/disagreements")
	if !strings.Contains(pagetest.Text(pagetest.Select(t, page, "disagreements")[0]), first.ProblemID) {
		t.Error("the split is not in the queue of splits")
	}
	if code, page, _ := s.get(b, path); code != http.StatusConflict || !strings.Contains(string(page), "already has its second review") {
		t.Errorf("opening a second review already made = %d", code)
	}
	// The first reviewer cannot make the second review.
	if !s.firstReviewerRefused(t, first.FirstReviewer, path) {
		t.Error("the first reviewer opened their own decision's second review")
	}
}

// firstReviewerRefused signs the first reviewer in and says whether the second review page
// refuses them.
func (s *site) firstReviewerRefused(t *testing.T, handle, path string) bool {
	t.Helper()
	a := s.account(t, handle)
	if err := s.svc.SetPassword(context.Background(), a, "a long enough password"); err != nil {
		t.Fatal(err)
	}
	b := s.browser()
	if code, _, _ := s.post(b, "/signin", url.Values{"handle": {handle}, "password": {"a long enough password"}}); code != http.StatusSeeOther {
		t.Fatalf("sign in %s = %d", handle, code)
	}
	code, page, _ := s.get(b, path)
	return code == http.StatusConflict || strings.Contains(string(page), "another reviewer makes the second")
}
