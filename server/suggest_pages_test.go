package server_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestSuggestAnEdit: a member who may not revise gets "Suggest an edit", not the revise form;
// the suggestion, refused while incomplete with everything kept, reaches the proposer, who
// accepts it as a revision; the suggester cannot settle it.
func TestSuggestAnEdit(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	bea, _ := s.signedIn(t, "bea")
	p := membersProspect(t, s)
	_, body, _ := s.get(bea, "/p/"+p.ID)
	if strings.Contains(string(body), `href="/p/`+p.ID+`/revise"`) || !strings.Contains(string(body), `href="/p/`+p.ID+`/suggest"`) {
		t.Error("a member who may not revise is offered the revise form, or not offered a suggestion")
	}
	_, body, _ = s.get(bea, "/p/"+p.ID+"/suggest")
	pagetest.Check(t, "/p/"+p.ID+"/suggest", body)
	form := formFields(t, body, "/p/"+p.ID+"/suggest")
	form.Set("title", form.Get("title")+" (restated)")
	form.Set("note", "")
	if code, body, _ := s.post(bea, "/p/"+p.ID+"/suggest", form); code != http.StatusUnprocessableEntity || text(t, body, "error-note") == "" ||
		!strings.Contains(string(body), "(restated)") {
		t.Fatalf("a suggestion without a note = %d; want 422 naming the note, with the edit kept", code)
	}
	form.Set("note", "The title should say what is asked.")
	code, _, h := s.post(bea, "/p/"+p.ID+"/suggest", form)
	m := regexp.MustCompile(`/p/` + p.ID + `/suggestions/(sug_[0-9A-Z]+)$`).FindStringSubmatch(h.Get("Location"))
	if code != http.StatusSeeOther || m == nil {
		t.Fatalf("suggest = %d %s", code, h.Get("Location"))
	}
	page := "/p/" + p.ID + "/suggestions/" + m[1]
	_, body, _ = s.get(bea, page)
	pagetest.Check(t, page, body)
	if !strings.Contains(text(t, body, "suggestion-diff"), "(restated)") || strings.Contains(string(body), `data-testid="accept-suggestion"`) {
		t.Error("the suggestion page lacks the change, or offers the suggester to accept it")
	}
	if code, _, _ := s.post(bea, page+"/accept", nil); code == http.StatusSeeOther {
		if sg, err := s.svc.ViewSuggestion(ctx, nil, p.ID, m[1]); err != nil || sg.State != "OPEN" {
			t.Fatal("the suggester accepted their own suggestion")
		}
	}

	proposer := p.Proposer
	if err := s.svc.SetPassword(ctx, s.account(t, proposer), "a long enough password"); err != nil {
		t.Fatal(err)
	}
	owner := s.browser()
	s.post(owner, "/signin", url.Values{"handle": {proposer}, "password": {"a long enough password"}})
	_, body, _ = s.get(owner, page)
	if !strings.Contains(string(body), `data-testid="accept-suggestion"`) {
		t.Fatal("the proposer is not offered to accept the suggestion")
	}
	if code, _, _ := s.post(owner, page+"/accept", nil); code != http.StatusSeeOther {
		t.Fatalf("accept = %d", code)
	}
	if r := s.view(t, p.ID).Revision; !strings.HasSuffix(r.Title, "(restated)") || !strings.Contains(r.Note, m[1]) {
		t.Errorf("current revision %q note %q; want the suggestion's title and a note naming it", r.Title, r.Note)
	}
	_, body, _ = s.get(owner, page)
	if !strings.Contains(text(t, body, "suggestion-state"), "Accepted as revision") {
		t.Errorf("state after accepting = %q", text(t, body, "suggestion-state"))
	}
	_, body, _ = s.get(owner, "/p/"+p.ID+"?tab=history")
	if !strings.Contains(string(body), `href="`+page+`"`) || !strings.Contains(text(t, body, "suggestions"), "Accepted") {
		t.Error("the History tab does not list the accepted suggestion")
	}
}

// TestSimilarDrafts: while a draft is typed (the /similar fragment) and on the preview, the
// problems most like it are listed; an unrelated draft lists none.
func TestSimilarDrafts(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	b, _ := s.signedIn(t, "bea")
	var twins []*policy.ExportProblem
	for _, p := range publicProblems(t, s) {
		if p.Revision.Title == "Twin prime conjecture" {
			twins = append(twins, p)
		}
	}
	if len(twins) != 1 {
		t.Fatalf("%d problems are titled the twin prime conjecture; want 1", len(twins))
	}
	twin := twins[0]
	draft := url.Values{"title": {"Infinitely many twin primes"},
		"statement": {"Prove that there are infinitely many primes $p$ such that $p+2$ is also prime."}}
	code, body, h := s.get(b, "/similar?"+draft.Encode())
	if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/html") || !strings.Contains(string(body), `href="/p/`+twin.ID+`"`) {
		t.Errorf("/similar = %d %q; want a fragment linking %s", code, body, twin.ID)
	}
	if _, body, _ := s.get(b, "/similar?"+url.Values{"title": {"Colourings of hypergraphs"}, "statement": {"Bound the chromatic number of a 3-uniform hypergraph."}}.Encode()); strings.Contains(string(body), "<li") {
		t.Errorf("an unrelated draft lists similar problems: %s", body)
	}
	draft.Set("preview", "1")
	_, body, _ = s.post(b, "/submit", draft)
	if !strings.Contains(text(t, body, "similar"), twin.ID) {
		t.Errorf("the preview does not list %s among similar problems", twin.ID)
	}
}

// TestLocatorChecks: the review page lists the cited places nobody has found yet; a reviewer
// clears one with a note (refused without), and it leaves the list.
func TestLocatorChecks(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	rev, _ := s.signedIn(t, "rita", role.Reviewer)
	var (
		p *policy.ProblemView
		r policy.ReferenceView
	)
	for _, cand := range prospects(t, s) {
		v := s.view(t, cand.ID)
		if i := slices.IndexFunc(v.References, func(r policy.ReferenceView) bool { return r.Locator != "" }); i >= 0 {
			p, r = v, v.References[i]
			break
		}
	}
	if p == nil {
		t.Fatal("no demo problem in its challenge period cites a locator")
	}
	_, body, _ := s.get(rev, "/review/"+p.ID)
	pagetest.Check(t, "/review/"+p.ID+" with locators", body)
	action := "/review/" + p.ID + "/locators/" + r.ID
	if !strings.Contains(string(body), `action="`+action+`"`) {
		t.Fatal("the review page does not offer to check the locator")
	}
	if code, body, _ := s.post(rev, action, url.Values{"note": {""}}); code != http.StatusUnprocessableEntity || text(t, body, "error-locator."+r.ID+".note") == "" {
		t.Fatalf("without a note = %d", code)
	}
	if code, _, _ := s.post(rev, action, url.Values{"note": {"Section 1 states the problem as cited."}}); code != http.StatusSeeOther {
		t.Fatalf("confirm = %d", code)
	}
	refs := s.view(t, p.ID).References
	if i := slices.IndexFunc(refs, func(x policy.ReferenceView) bool { return x.ID == r.ID }); i < 0 || !refs[i].LocatorConfirmed {
		t.Error("the locator is still unconfirmed")
	}
	if _, body, _ := s.get(rev, "/review/"+p.ID); strings.Contains(string(body), `action="`+action+`"`) {
		t.Error("the confirmed locator is still offered")
	}
}
