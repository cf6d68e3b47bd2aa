package server_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestAutoQAPages: the public operating-profile page and an operator's change of it, the
// contract and appeals queues and the versioned criteria, each valid HTML, for whom they are.
func TestAutoQAPages(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		s := newSite(t, d)
		anon := s.browser()
		staff, _ := s.signedIn(t, "otto", role.Operator)
		rev, _ := s.signedIn(t, "rita", role.Reviewer)

		code, body, _ := s.get(anon, "/quality/profile")
		if code != http.StatusOK {
			t.Fatalf("/quality/profile = %d", code)
		}
		pagetest.Check(t, "/quality/profile", body)
		if n := len(pagetest.Select(t, body, "profile-form")); n != 0 || len(pagetest.Select(t, body, "profile-row")) != 3 {
			t.Errorf("a reader's profile page: %d forms, %d profiles", n, len(pagetest.Select(t, body, "profile-row")))
		}
		if got := text(t, body, "profile-since"); !strings.Contains(got, "default") {
			t.Errorf("since = %q", got)
		}
		if code, _, _ := s.post(rev, "/quality/profile", url.Values{"name": {"STRICT"}, "reason": {"r"}}); code != http.StatusForbidden {
			t.Errorf("a reviewer's change = %d; want 403", code)
		}
		if code, _, h := s.post(staff, "/quality/profile", url.Values{"name": {"EXPEDITED"}, "reason": {"The queue is behind."}}); code != http.StatusSeeOther ||
			h.Get("Location") != "/quality/profile" {
			t.Fatalf("an operator's change = %d to %q", code, h.Get("Location"))
		}
		_, body, _ = s.get(staff, "/quality/profile")
		pagetest.Check(t, "/quality/profile changed", body)
		if got := text(t, body, "profile-since"); !strings.Contains(got, "@otto") || !strings.Contains(text(t, body, "profile-reason"), "The queue is behind.") {
			t.Errorf("after the change: %q", got)
		}
		if n := len(pagetest.Select(t, body, "profile-change")); n != 2 {
			t.Errorf("%d history entries; want 2", n)
		}

		for _, path := range []string{"/admin/contract", "/admin/appeals"} {
			if code, _, _ := s.get(rev, path); code != http.StatusForbidden {
				t.Errorf("reviewer %s = %d; want 403", path, code)
			}
			code, body, _ := s.get(staff, path)
			if code != http.StatusOK {
				t.Fatalf("%s = %d", path, code)
			}
			pagetest.Check(t, path, body)
		}

		// An appeal of the demo's archive, answered on the page.
		var decisionID, proposer string
		ds, err := s.svc.Client().Decision.Query().All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, dd := range ds {
			if dd.Action == "ARCHIVE" {
				p, err := s.svc.Client().Problem.Get(ctx, dd.ProblemID)
				if err != nil {
					t.Fatal(err)
				}
				acc, err := s.svc.Client().Account.Get(ctx, p.ProposerID)
				if err != nil {
					t.Fatal(err)
				}
				decisionID, proposer = dd.ID, acc.Handle
			}
		}
		acc, err := s.svc.AccountByHandle(ctx, proposer)
		if err != nil {
			t.Fatal(err)
		}
		a, err := s.svc.AppealDecision(ctx, acc, decisionID, "The cited answer settles a weaker statement.")
		if err != nil {
			t.Fatal(err)
		}
		_, body, _ = s.get(staff, "/admin/appeals")
		pagetest.Check(t, "/admin/appeals with an appeal", body)
		if n := len(pagetest.Select(t, body, "appeal-form")); n != 1 {
			t.Fatalf("%d appeal forms; want 1", n)
		}
		if code, _, h := s.post(staff, "/admin/appeals/"+a.ID, url.Values{"outcome": {"uphold"}, "resolution": {"The answer proves a weaker bound."},
			"check": {"duplicate.known-answer"}, "proposed": {"Archive only an answer in the statement's scope."}}); code != http.StatusSeeOther ||
			h.Get("Location") != "/admin/appeals" {
			t.Fatalf("answering = %d to %q", code, h.Get("Location"))
		}
		code, body, _ = s.get(anon, "/quality/criteria")
		if code != http.StatusOK {
			t.Fatalf("/quality/criteria = %d", code)
		}
		pagetest.Check(t, "/quality/criteria", body)
		if got := text(t, body, "criterion-proposed"); got != "Archive only an answer in the statement's scope." {
			t.Errorf("proposed = %q", got)
		}
		if n := len(pagetest.Select(t, body, "criterion-form")); n != 0 || len(pagetest.Select(t, body, "criterion-added")) == 0 {
			t.Errorf("a reader's criteria page: %d decision forms, no word-level change shown", n)
		}

		// The owner adopts the proposal on the page; the decision shows beside it.
		const criteriaPath = "/quality/criteria"
		_, body, _ = s.get(staff, criteriaPath)
		pagetest.Check(t, "/quality/criteria for the owner", body)
		forms := pagetest.Select(t, body, "criterion-form")
		if len(forms) != 1 {
			t.Fatalf("%d decision forms for the owner; want 1", len(forms))
		}
		cs, err := s.svc.CriterionChanges(ctx, 10)
		if err != nil || len(cs) != 1 {
			t.Fatalf("CriterionChanges = %+v, %v", cs, err)
		}
		decide := criteriaPath + "/" + cs[0].ID
		if code, _, _ := s.post(rev, decide, url.Values{"outcome": {"adopt"}, "reason": {"A reviewer adopting it."}}); code != http.StatusForbidden {
			t.Errorf("a reviewer's decision = %d; want 403", code)
		}
		if code, _, h := s.post(staff, decide, url.Values{"outcome": {"adopt"}, "reason": {"short"}}); code != http.StatusSeeOther ||
			h.Get("Location") != criteriaPath {
			t.Errorf("a short reason = %d to %q", code, h.Get("Location"))
		}
		if c, _ := s.svc.CriterionChanges(ctx, 1); c[0].State != "PROPOSED" {
			t.Errorf("a refused decision changed the state to %s", c[0].State)
		}
		if code, _, h := s.post(staff, decide, url.Values{"outcome": {"adopt"}, "reason": {"The appeal showed the scope matters."}}); code != http.StatusSeeOther ||
			h.Get("Location") != criteriaPath {
			t.Fatalf("adopting = %d to %q", code, h.Get("Location"))
		}
		_, body, _ = s.get(anon, criteriaPath)
		pagetest.Check(t, "/quality/criteria adopted", body)
		if got := text(t, body, "criterion-decision"); !strings.Contains(got, "adopted by @otto") || !strings.Contains(got, "The appeal showed the scope matters.") ||
			!strings.Contains(got, "applies to problems submitted after") {
			t.Errorf("decision = %q", got)
		}
	})
}

// TestBlindReviewPages: with blind gold on, the review queue lists gold items, whose review page
// is valid HTML with no machine verdict, and a decision on one returns to the queue; a real
// problem's review page hides the publication_gate record its public page shows.
func TestBlindReviewPages(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		s := newSiteWith(t, d, policy.Config{PeopleGold: 2})
		rev, _ := s.signedIn(t, "rita", role.Reviewer)
		_, body, _ := s.get(rev, "/review")
		pagetest.Check(t, "/review with gold", body)
		var gold string
		for _, m := range regexp.MustCompile(`href="/review/(TDB-[0-9]+)"`).FindAllStringSubmatch(string(body), -1) {
			if _, err := policy.ResolveProblemID(ctx, s.svc.Client(), m[1]); err != nil && gold == "" {
				gold = m[1]
			}
		}
		if gold == "" {
			t.Fatal("no gold item in the review queue")
		}
		code, page, _ := s.get(rev, "/review/"+gold)
		if code != http.StatusOK {
			t.Fatalf("/review/%s = %d", gold, code)
		}
		pagetest.Check(t, "/review/"+gold, page)
		if len(pagetest.Select(t, page, "publication-gate")) != 0 || strings.Contains(string(page), "Automated review") {
			t.Errorf("the gold item's page shows a machine verdict")
		}
		if code, _, h := s.post(rev, "/review/"+gold, url.Values{"action": {"KEEP_PROSPECTING"}}); code != http.StatusSeeOther ||
			h.Get("Location") != "/review" {
			t.Errorf("deciding on a gold item = %d to %q", code, h.Get("Location"))
		}
	})
}
