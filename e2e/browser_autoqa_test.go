package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
)

// archivedDecision finds the demo's archive decision, with its problem's proposer, and
// registers a baseline lane as the operator: what the AutoQA pages read.
func archivedDecision(t *testing.T, url string) (decisionID, problemID, proposer string) {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	svc := policy.New(d, policy.Config{})
	dec, err := svc.Client().Decision.Query().Where(decision.ActionEQ(decision.ActionARCHIVE)).First(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p, err := svc.Client().Problem.Get(ctx, dec.ProblemID)
	if err != nil {
		t.Fatal(err)
	}
	acc, err := svc.Client().Account.Query().Where(account.ID(p.ProposerID)).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	op, err := svc.AccountByHandle(ctx, "olga")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.AddLane(ctx, op, policy.LaneInput{Identity: "baseline.formal-1", Role: string(lanes.FormalReadiness),
		Provider: "baseline"}); err != nil {
		t.Fatal(err)
	}
	return dec.ID, p.ID, acc.Handle
}

// TestBrowserAutoQA: the public operating-profile page and an owner's change of it; the claim
// lane register on /admin/lanes; a proposer's appeal over GraphQL, answered in the appeals queue,
// whose upheld criterion shows on the versioned criteria.
func TestBrowserAutoQA(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	url := seededDB(t)
	env := []string{"DATABASE_URL=" + url}
	mustCLI(t, env, "admin", "account", "create", "--handle", "olga", "--role", "operator")
	setPassword(t, env, "olga", "operator password")
	decisionID, problemID, proposer := archivedDecision(t, url)
	tok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", proposer))
	s := serve(t, env)

	// The profile in force, as anyone reads it.
	std, _ := gates.LookupProfile(gates.ProfileStandard)
	exp, _ := gates.LookupProfile(gates.ProfileExpedited)
	do(t, ctx, "open the profile page",
		chromedp.Navigate(s.URL+"/quality/profile"),
		chromedp.WaitVisible(byTestID("profile-current")),
	)
	if got := text(t, ctx, "profile-recall"); !strings.HasPrefix(got, ui.RatePercent(std.Rates().Recall)) {
		t.Errorf("recall = %q; want %s", got, ui.RatePercent(std.Rates().Recall))
	}
	if got := text(t, ctx, "profile-false-fail"); !strings.HasPrefix(got, ui.RatePercent(std.Rates().FalseFail)) {
		t.Errorf("false fail = %q; want %s", got, ui.RatePercent(std.Rates().FalseFail))
	}
	if n := get(t, ctx, "count the profile forms", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="profile-form"]').length`)); n != 0 {
		t.Errorf("a reader sees %d profile forms", n)
	}

	// An owner changes it.
	signIn(t, ctx, s.URL, "olga", "operator password")
	do(t, ctx, "change the profile",
		chromedp.Navigate(s.URL+"/quality/profile"),
		chromedp.WaitVisible(byTestID("profile-form")),
		chromedp.SetValue(chromedp.CSS("#profile-name"), "EXPEDITED"),
		chromedp.SendKeys(chromedp.CSS("#profile-reason"), "The queue is two weeks behind."),
		chromedp.Click(byTestID("profile-form")+` button[type=submit]`),
	)
	waitFlash(t, ctx, "The Expedited profile is in force for problems submitted from now on.")
	if got := get(t, ctx, "read the profile in force", chromedp.AttributeValue(byTestID("profile-current"), "data-profile")); got.Value != "EXPEDITED" {
		t.Errorf("in force: %q", got.Value)
	}
	if got := text(t, ctx, "profile-since"); !strings.Contains(got, "authorised by @olga") {
		t.Errorf("since = %q", got)
	}
	if n := get(t, ctx, "count the history", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="profile-change"]').length`)); n != 2 {
		t.Errorf("%d entries in the history; want 2", n)
	}
	t.Logf("saved %s", screenshot(t, ctx, "quality-profile"))
	r := s.graphql(t, "", `{ operatingProfile { name recall falseFail since authorisedBy } operatingProfiles { name } }`, nil)
	if len(r.Errors) > 0 || path(r.Data, "operatingProfile", "name") != "EXPEDITED" || path(r.Data, "operatingProfile", "authorisedBy") != "olga" ||
		path(r.Data, "operatingProfile", "recall") != exp.Rates().Recall {
		t.Errorf("operatingProfile = %+v %+v", r.Data, r.Errors)
	}

	// The register on /admin/lanes.
	do(t, ctx, "open the register",
		chromedp.Navigate(s.URL+"/admin/lanes"),
		chromedp.WaitVisible(byTestID("lane-register-table")),
	)
	row := `[data-register-lane="baseline.formal-1"]`
	got := innerText(t, ctx, "read the register row", chromedp.CSS(row))
	for _, w := range []string{"SHADOW", "@olga", "One problem's current revision.", "review-gate-1"} {
		if !strings.Contains(got, w) {
			t.Errorf("the register row %q lacks %q", got, w)
		}
	}
	do(t, ctx, "retire it",
		chromedp.SetValue(chromedp.CSS(row+` select`), "RETIRED"),
		chromedp.Click(chromedp.CSS(row+` [data-testid="register-status-button"]`)),
	)
	waitFlash(t, ctx, "The register entry of baseline.formal-1 is RETIRED now.")
	t.Logf("saved %s", screenshot(t, ctx, "lane-register"))

	// The proposer appeals the archive, once.
	const appeal = `mutation($d: ID!, $r: String!) { appealDecision(input: {decision: $d, reason: $r}) { appeal { id state } userErrors { code } } }`
	reason := "The answer the archive cites settles a weaker statement than this one asks."
	r = s.graphql(t, tok, appeal, map[string]any{"d": decisionID, "r": reason})
	if len(r.Errors) > 0 || path(r.Data, "appealDecision", "appeal", "state") != "OPEN" {
		t.Fatalf("appealDecision = %+v %+v", r.Data, r.Errors)
	}
	r = s.graphql(t, tok, appeal, map[string]any{"d": decisionID, "r": reason})
	if ues, _ := path(r.Data, "appealDecision", "userErrors").([]any); len(ues) != 1 || path(ues[0], "code") != "CONFLICT" {
		t.Errorf("a second appeal = %+v %+v", r.Data, r.Errors)
	}

	// The operator answers it in the queue and proposes the criterion's next version.
	proposed := "Archive a record whose requested result is already established in the scope the statement asks for."
	do(t, ctx, "answer the appeal",
		chromedp.Navigate(s.URL+"/admin/appeals"),
		chromedp.WaitVisible(byTestID("appeal-form")),
		chromedp.Click(chromedp.CSS(`[data-testid="appeal-form"] input[value="uphold"]`)),
		chromedp.SendKeys(chromedp.CSS(`[data-testid="appeal-form"] textarea[name="resolution"]`), "The cited answer proves a weaker bound."),
		chromedp.SetValue(chromedp.CSS(`[data-testid="appeal-form"] select[name="check"]`), "duplicate.known-answer"),
		chromedp.SendKeys(chromedp.CSS(`[data-testid="appeal-form"] textarea[name="proposed"]`), proposed),
		chromedp.Click(byTestID("appeal-answer")),
	)
	waitFlash(t, ctx, "The appeal on "+problemID+" is UPHELD.")
	t.Logf("saved %s", screenshot(t, ctx, "appeals"))
	if _, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "read the versioned criteria",
		chromedp.Navigate(s.URL+"/quality/criteria"),
		chromedp.WaitVisible(byTestID("criterion-change")),
	)
	if got := text(t, ctx, "criterion-proposed"); got != proposed {
		t.Errorf("proposed criterion = %q", got)
	}
	if got := text(t, ctx, "criterion-why"); got != "The cited answer proves a weaker bound." {
		t.Errorf("why = %q", got)
	}
	if got := text(t, ctx, "criterion-added"); got == "" {
		t.Errorf("the versioned criteria show no words added")
	}

	// The owner adopts it on the same page; the decision shows beside the version.
	signIn(t, ctx, s.URL, "olga", "operator password")
	do(t, ctx, "adopt the criterion",
		chromedp.Navigate(s.URL+"/quality/criteria"),
		chromedp.WaitVisible(byTestID("criterion-form")),
		chromedp.Click(chromedp.CSS(`[data-testid="criterion-form"] input[value="adopt"]`)),
		chromedp.SendKeys(chromedp.CSS(`[data-testid="criterion-form"] textarea[name="reason"]`), "The appeal showed the scope of the answer matters."),
		chromedp.Click(byTestID("criterion-decide")),
	)
	waitFlash(t, ctx, "Version 2 of duplicate.known-answer is adopted for problems submitted from now on.")
	if got := text(t, ctx, "criterion-decision"); !strings.Contains(got, "adopted by @olga") || !strings.Contains(got, "The appeal showed the scope") {
		t.Errorf("decision = %q", got)
	}
	t.Logf("saved %s", screenshot(t, ctx, "criteria-adopted"))
}

// TestBrowserGoldInReviewQueue: with blind gold on, a reviewer's queue holds gold items among the
// seeded problems; a gold item's review page reads as an ordinary one, and nothing in its HTML
// says what any machine made of it; the reviewer's decision on it counts in their accuracy on
// gold, which the lane report shows.
func TestBrowserGoldInReviewQueue(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	env := []string{"DATABASE_URL=" + seededDB(t), "THEOREMDB_PEOPLE_GOLD=2"}
	createReviewer(t, env, "rita", "reviewer password")
	mustCLI(t, env, "admin", "account", "create", "--handle", "olga", "--role", "operator")
	setPassword(t, env, "olga", "operator password")
	s := serve(t, env)

	signIn(t, ctx, s.URL, "rita", "reviewer password")
	do(t, ctx, "open the review queue",
		chromedp.Navigate(s.URL+"/review"),
		chromedp.WaitVisible(byTestID("review-queue")),
	)
	var golds []string
	queue := get(t, ctx, "list the queue", chromedp.Evaluate[[]string](queueLinks))
	for _, h := range queue {
		id := strings.TrimPrefix(h, "/review/")
		r := s.graphql(t, "", `query($id: String!) { problem(id: $id) { id } }`, map[string]any{"id": id})
		if len(r.Errors) > 0 {
			golds = append(golds, id)
		}
	}
	if len(golds) != 2 || len(queue) < 4 {
		t.Fatalf("queue %v holds gold items %v; want two among the problems", queue, golds)
	}
	do(t, ctx, "open a gold item",
		chromedp.Navigate(s.URL+"/review/"+golds[0]),
		chromedp.WaitVisible(byTestID("decide-button")),
	)
	html := get(t, ctx, "read the page's HTML", chromedp.Evaluate[string](`document.documentElement.outerHTML`))
	for _, w := range []string{"publication-gate", "publication_gate", "Automated review", "automated review", "early acceptance",
		"RECOMMEND_", "ADMINISTRATOR_REVIEW", "administrator_review", "review panel", "gent-assisted", "gold", "Gold", "lane."} {
		if strings.Contains(html, w) {
			i := strings.Index(html, w)
			t.Errorf("the gold item's HTML says %q: …%s…", w, html[max(0, i-120):min(len(html), i+120)])
		}
	}
	if got := text(t, ctx, "problem-id"); got != golds[0] {
		t.Errorf("problem ID = %q; want %s", got, golds[0])
	}
	t.Logf("saved %s", screenshot(t, ctx, "gold-review-item"))
	do(t, ctx, "decide on it",
		chromedp.Click(chromedp.CSS(`#action-KEEP_PROSPECTING`)),
		chromedp.Click(byTestID("decide-button")),
	)
	waitFlash(t, ctx, "Decision recorded: keep prospecting.")

	if _, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	signIn(t, ctx, s.URL, "olga", "operator password")
	do(t, ctx, "open the lane report",
		chromedp.Navigate(s.URL+"/admin/lanes/report"),
		chromedp.WaitVisible(byTestID("reviewer-gold-table")),
	)
	if got := text(t, ctx, "reviewer-gold-row"); !strings.Contains(got, "@rita") || !strings.Contains(got, "of 1") {
		t.Errorf("reviewer gold row = %q", got)
	}
}
