package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserModeratorHandsDuplicateToMerge: a moderator handling a duplicate flag on /moderate
// hands it to the reviewers to merge into the problem the flag names; the case leaves the queue,
// the public log and the problem's events record it, and a reviewer finds it in the review queue
// and records the merge from a form that opens with it chosen.
func TestBrowserModeratorHandsDuplicateToMerge(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	s, env := seededSite(t)
	mustCLI(t, env, "admin", "account", "create", "--handle", "mona", "--role", "moderator")
	setPassword(t, env, "mona", "moderator password")
	createReviewer(t, env, "vera", "reviewer password")
	mustCLI(t, env, "admin", "account", "create", "--handle", "rex")
	tok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "rex"))
	idOf := func(title string) string {
		t.Helper()
		r := s.graphql(t, "", `query($q: String!) { problems(search: $q, first: 1) { edges { node { id title } } } }`, map[string]any{"q": `"` + title + `"`})
		edges, _ := path(r.Data, "problems", "edges").([]any)
		if len(edges) == 0 || path(edges[0], "node", "title") != title {
			t.Fatalf("no problem titled %q: %+v %+v", title, r.Data, r.Errors)
		}
		return path(edges[0], "node", "id").(string)
	}
	dup, survivor := idOf("Kakeya set conjecture in dimensions four and higher"), idOf("Twin prime conjecture")
	r := s.graphql(t, tok, `mutation($id: String!, $of: String!) { flagProblem(input: {problemId: $id, reason: DUPLICATE, duplicateOf: $of,
		explanation: "The same question as the older problem; see its statement."}) { flag { id } userErrors { message } } }`,
		map[string]any{"id": dup, "of": survivor})
	if id, _ := path(r.Data, "flagProblem", "flag", "id").(string); id == "" {
		t.Fatalf("flagProblem: %+v %+v", r.Data, r.Errors)
	}

	signIn(t, ctx, s.URL, "mona", "moderator password")
	do(t, ctx, "claim the duplicate case",
		chromedp.Navigate(s.URL+"/moderate"),
		chromedp.WaitVisible(byTestID("claim-button")),
		chromedp.Click(byTestID("claim-button")),
	)
	waitFlash(t, ctx, "Case claimed.")
	do(t, ctx, "see the merge form", chromedp.WaitVisible(byTestID("merge-form")))
	if into := get(t, ctx, "read the proposed survivor", chromedp.Evaluate[string](
		`document.querySelector('[data-testid="merge-form"] input[name="mergeInto"]').value`)); into != survivor {
		t.Errorf("the merge form proposes %q; want %s, which the flag names", into, survivor)
	}
	screenshot(t, ctx, "moderate-merge-1280")
	do(t, ctx, "hand it to merge",
		chromedp.SendKeys(chromedp.CSS(`[data-testid="merge-form"] textarea[name="note"]`), "Both ask the same question; the flag's reading holds."),
		chromedp.Click(byTestID("merge-button")),
	)
	waitFlash(t, ctx, "handed to the reviewers to merge into "+survivor)
	if n := get(t, ctx, "count the cases", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="case"]').length`)); n != 0 {
		t.Errorf("%d cases left in the queue; want the handed case gone", n)
	}
	do(t, ctx, "read the public log",
		chromedp.Navigate(s.URL+"/moderation/log"),
		chromedp.WaitVisible(byTestID("moderation-log")),
	)
	if got := text(t, ctx, "moderation-log"); !strings.Contains(got, "handed to merge into "+survivor) {
		t.Errorf("the moderation log reads %q; want the hand-over", got)
	}
	r = s.graphql(t, "", `query($id: String!) { problem(id: $id) { state events(after: 0) { kind payload } } }`, map[string]any{"id": dup})
	evs, _ := path(r.Data, "problem", "events").([]any)
	handed := false
	for _, e := range evs {
		if path(e, "kind") == "case.handed_to_merge" && strings.Contains(path(e, "payload").(string), `"mergeInto":"`+survivor+`"`) {
			handed = true
		}
	}
	if !handed || path(r.Data, "problem", "state") != "PROSPECTING" {
		t.Errorf("after the hand-over %s is %v with events %v; want PROSPECTING with a case.handed_to_merge event naming %s", dup, path(r.Data, "problem", "state"), evs, survivor)
	}

	rctx := newBrowser(t)
	signIn(t, rctx, s.URL, "vera", "reviewer password")
	do(t, rctx, "find it in the review queue",
		chromedp.Navigate(s.URL+"/review"),
		chromedp.WaitVisible(byTestID("queue-merge")),
	)
	if got := text(t, rctx, "queue-merge"); !strings.Contains(got, survivor) {
		t.Errorf("the queue's badge reads %q; want the proposed survivor %s", got, survivor)
	}
	do(t, rctx, "open its review",
		chromedp.Navigate(s.URL+"/review/"+dup),
		chromedp.WaitVisible(byTestID("merge-handoff")),
	)
	type form struct {
		Merge bool
		Into  string
	}
	f := get(t, rctx, "read the decision form", chromedp.Evaluate[form](`({Merge: document.querySelector('#action-MERGE').checked,
		Into: document.querySelector('#mergeInto').value})`))
	if !f.Merge || f.Into != survivor {
		t.Errorf("the decision form opens with merge %v into %q; want the merge into %s chosen", f.Merge, f.Into, survivor)
	}
	screenshot(t, rctx, "review-merge-handoff-1280")
	do(t, rctx, "record the merge",
		chromedp.SendKeys(chromedp.CSS(`#notes-duplicateCheck`), "Searched both statements: they state the same conjecture."),
		chromedp.SendKeys(chromedp.CSS(`#notes-reason`), "Direct duplicate, as the moderator's hand-over says; merged into the older problem."),
		chromedp.Click(byTestID("decide-button")),
	)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		st := get(t, rctx, "read the answer", chromedp.Evaluate[string](`(() => {
			const f = document.querySelector('[data-testid="flash"]'), e = document.querySelector('[data-testid="error-summary"]');
			return f ? "flash: " + f.textContent : e ? "refused: " + e.textContent : "";
		})()`))
		if strings.HasPrefix(st, "refused") {
			screenshot(t, rctx, "review-merge-refused")
			t.Fatalf("the merge was %s", st)
		}
		if st != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the merge was answered by neither a flash nor a refusal")
		}
	}
	r = s.graphql(t, "", `query($id: String!) { problem(id: $id) { state mergedInto { id } } }`, map[string]any{"id": dup})
	if path(r.Data, "problem", "state") != "MERGED" || path(r.Data, "problem", "mergedInto", "id") != survivor {
		t.Errorf("after the reviewer's merge %s is %+v; want MERGED into %s", dup, r.Data, survivor)
	}
}
