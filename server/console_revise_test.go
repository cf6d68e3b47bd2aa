package server_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/seed"
	"github.com/theoremdb/theoremdb/ui/pagetest"
	"github.com/theoremdb/theoremdb/viewer"
)

// signedIn makes a member's account for handle with roles and returns a browser signed in as it.
func (s *site) signedIn(t *testing.T, handle string, roles ...role.Role) (*http.Client, *viewer.Account) {
	t.Helper()
	a := s.member(t, handle, "a long enough password", roles...)
	b := s.browser()
	if code, _, _ := s.post(b, "/signin", url.Values{"handle": {handle}, "password": {"a long enough password"}}); code != http.StatusSeeOther {
		t.Fatalf("sign in %s = %d", handle, code)
	}
	return b, a
}

// formFields reads the named inputs, textareas and selected options of the form at action in page.
func formFields(t *testing.T, page []byte, action string) url.Values {
	t.Helper()
	i := strings.Index(string(page), `action="`+action+`"`)
	if i < 0 {
		t.Fatalf("no form posting to %s", action)
	}
	form := string(page[i:])
	form = form[:strings.Index(form, "</form>")]
	out := url.Values{}
	for _, m := range regexp.MustCompile(`<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"`).FindAllStringSubmatch(form, -1) {
		if !strings.Contains(m[0], `type="radio"`) || strings.Contains(m[0], "checked") {
			out.Set(m[1], unescape(m[2]))
		}
	}
	for _, m := range regexp.MustCompile(`(?s)<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>`).FindAllStringSubmatch(form, -1) {
		out.Set(m[1], unescape(m[2]))
	}
	for _, m := range regexp.MustCompile(`(?s)<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>`).FindAllStringSubmatch(form, -1) {
		if sel := regexp.MustCompile(`<option value="([^"]*)" selected`).FindStringSubmatch(m[2]); sel != nil {
			out.Set(m[1], unescape(sel[1]))
		}
	}
	return out
}

func unescape(s string) string {
	return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&quot;", `"`).Replace(s)
}

// TestConsoleRevision: an operator revises an imported problem on the staff console, with a note
// that names them; the problem's own revise path sends the operator there; the console is the
// operators' alone, and an operator cannot revise a member's problem.
func TestConsoleRevision(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	staff, _ := s.signedIn(t, "otto", role.Operator)
	member, _ := s.signedIn(t, "mia")
	importer, err := s.svc.CreateAccount(ctx, "source-importer", "", []role.Role{role.Operator})
	if err != nil {
		t.Fatal(err)
	}
	imported, _, err := s.svc.Import(ctx, importer, "test:console-1", "test", seed.Packets()[0].Input)
	if err != nil {
		t.Fatal(err)
	}
	id := imported.ID
	if code, _, h := s.get(staff, "/p/"+id+"/revise"); code != http.StatusSeeOther || h.Get("Location") != "/admin/revise/"+id {
		t.Errorf("operator GET /p/%s/revise = %d %s; want the console's form", id, code, h.Get("Location"))
	}
	if code, _, h := s.get(staff, "/admin/revise?problem="+id); code != http.StatusSeeOther || h.Get("Location") != "/admin/revise/"+id {
		t.Errorf("console revise form = %d %s", code, h.Get("Location"))
	}
	if code, _, _ := s.get(member, "/admin/revise/"+id); code != http.StatusForbidden {
		t.Errorf("member GET /admin/revise/%s = %d; want 403", id, code)
	}
	_, body, _ := s.get(staff, "/p/"+id)
	if !strings.Contains(string(body), `href="/admin/revise/`+id+`"`) {
		t.Error("the problem page does not offer the operator the console's revision form")
	}
	_, body, _ = s.get(staff, "/admin/revise/"+id)
	pagetest.Check(t, "/admin/revise/"+id, body)
	if !strings.Contains(string(body), "for its source") || !strings.Contains(string(body), `href="/admin/review"`) {
		t.Error("the console's revision form does not say it revises for the source, or lacks the way back to the console")
	}
	form := formFields(t, body, "/admin/revise/"+id)
	form.Set("title", form.Get("title")+" (corrected)")
	form.Set("note", "")
	if code, body, _ := s.post(staff, "/admin/revise/"+id, form); code != http.StatusUnprocessableEntity || text(t, body, "error-note") == "" {
		t.Fatalf("operator revision without a note = %d; want 422 naming the note", code)
	}
	form.Set("note", "The source corrected the title.")
	if code, _, h := s.post(staff, "/admin/revise/"+id, form); code != http.StatusSeeOther || h.Get("Location") != "/p/"+id+"?tab=checks" {
		t.Fatalf("operator revision = %d %s", code, h.Get("Location"))
	}
	if r := s.view(t, id).Revision; r.Number != 2 || !strings.HasPrefix(r.Note, "Applied by operator @otto: ") {
		t.Errorf("revision %d note %q; want revision 2 naming the operator", r.Number, r.Note)
	}

	// A member's problem is not the operator's to revise, on either path.
	theirs := membersProspect(t, s)
	if code, _, _ := s.post(staff, "/admin/revise/"+theirs.ID, form); code == http.StatusSeeOther {
		t.Errorf("an operator revised %s, a member's problem", theirs.ID)
	}
}

// TestClaimReviewForms: a reviewer reviews an attached claim and chooses the status record on the
// review page; a refused review keeps what was typed and names the field; the Research tab shows
// the record.
func TestClaimReviewForms(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	rev, _ := s.signedIn(t, "rita", role.Reviewer)
	_, bot := s.signedIn(t, "bot", role.Agent)
	p := prospects(t, s)[0]
	c, err := s.svc.AttachClaim(ctx, bot, policy.ClaimInput{ProblemID: p.ID, Summary: "The statement holds for every $n < 10^{9}$.",
		ObjectType: "BOUND", Relation: "ADDRESSES"})
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := s.get(rev, "/review/"+p.ID)
	pagetest.Check(t, "/review/"+p.ID+" with a claim", body)
	action := "/review/" + p.ID + "/claims/" + c.ID
	review := formFields(t, body, action)
	review.Set("status", "ESTABLISHED")
	review.Set("note", "")
	if code, body, _ := s.post(rev, action, review); code != http.StatusUnprocessableEntity || text(t, body, "error-claim."+c.ID+".note") == "" {
		t.Fatalf("claim review without a note = %d; want 422 naming the note", code)
	}
	review.Set("note", "The cited computation reaches 10^9.")
	if code, _, _ := s.post(rev, action, review); code != http.StatusSeeOther {
		t.Fatalf("claim review = %d", code)
	}
	if got := claimStatus(t, s.view(t, p.ID), c.ID); got != "ESTABLISHED" {
		t.Errorf("claim status = %s; want ESTABLISHED", got)
	}
	if code, _, _ := s.post(rev, "/review/"+p.ID+"/presentation", url.Values{"record": {c.ID}}); code != http.StatusSeeOther {
		t.Fatalf("choose the status record = %d", code)
	}
	_, body, _ = s.get(rev, "/p/"+p.ID+"?tab=research")
	pagetest.Check(t, "/p/"+p.ID+"?tab=research", body)
	if !strings.Contains(text(t, body, "claim"), "Status record") || !strings.Contains(text(t, body, "claim"), "chosen by a reviewer") {
		t.Errorf("research tab claim = %q; want it marked as the status record chosen by a reviewer", text(t, body, "claim"))
	}
}

// claimStatus is the status of the claim with the ID on the problem v shows.
func claimStatus(t *testing.T, v *policy.ProblemView, id string) string {
	t.Helper()
	for _, c := range v.Claims {
		if c.ID == id {
			return c.Status
		}
	}
	t.Fatalf("%s shows no claim %s", v.ID, id)
	return ""
}

// TestRemovedListedForModerators: the list page leaves removed problems out for readers and
// lists their tombstones for moderators, who may filter by the state.
func TestRemovedListedForModerators(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	mod, mo := s.signedIn(t, "mo", role.Moderator)
	reader, ada := s.signedIn(t, "ada")
	p := prospects(t, s)[0]
	fr, err := s.svc.FlagProblem(ctx, ada, policy.FlagInput{ProblemID: p.ID, Reason: "ABUSE", Explanation: "Copied from a paywalled book."})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.ClaimCase(ctx, mo, fr.Case.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.svc.RemoveProblem(ctx, mo, fr.Case.ID, "Copied text."); err != nil {
		t.Fatal(err)
	}
	link := `href="/p/` + p.ID + `"`
	for _, b := range []*http.Client{reader, s.browser()} {
		if _, body, _ := s.get(b, "/problems?sort=number"); strings.Contains(string(body), link) {
			t.Error("a reader's list shows the removed problem")
		}
		if code, _, _ := s.get(b, "/problems?state=REMOVED"); code != http.StatusBadRequest {
			t.Errorf("a reader's list of removed problems = %d; want 400", code)
		}
	}
	code, body, _ := s.get(mod, "/problems?state=REMOVED")
	pagetest.Check(t, "/problems?state=REMOVED", body)
	if code != http.StatusOK || !strings.Contains(string(body), link) || !strings.Contains(string(body), `<option value="REMOVED" selected`) {
		t.Errorf("a moderator's list of removed problems = %d; want the tombstone listed and the filter offered", code)
	}
}

// TestDisagreementQueues: every class of split has its queue, with counts; the demo's second
// review of a qualification, which asks for a specialist, is in the expertise queue alone.
func TestDisagreementQueues(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	rev, _ := s.signedIn(t, "rita", role.Reviewer)
	member, _ := s.signedIn(t, "mia")
	if code, _, _ := s.get(member, "/review/disagreements"); code != http.StatusForbidden {
		t.Errorf("member /review/disagreements = %d; want 403", code)
	}
	_, body, _ := s.get(rev, "/review")
	if !strings.Contains(string(body), `href="/review/disagreements"`) {
		t.Error("the review queue does not link the disagreement queues")
	}
	for path, rows := range map[string]int{"/review/disagreements": 1, "/review/disagreements/EXPERTISE": 1, "/review/disagreements/ERROR": 0} {
		code, body, _ := s.get(rev, path)
		pagetest.Check(t, path, body)
		if got := strings.Count(string(body), `data-testid="disagreement-row"`); code != http.StatusOK || got != rows {
			t.Errorf("%s = %d with %d rows; want %d", path, code, got, rows)
		}
		if !strings.Contains(text(t, body, "class-EXPERTISE"), "(1)") || !strings.Contains(text(t, body, "class-ERROR"), "(0)") {
			t.Errorf("%s counts: expertise %q, error %q", path, text(t, body, "class-EXPERTISE"), text(t, body, "class-ERROR"))
		}
	}
	if code, _, _ := s.get(rev, "/review/disagreements/BOGUS"); code != http.StatusNotFound {
		t.Errorf("unknown class = %d; want 404", code)
	}
}
