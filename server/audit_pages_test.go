package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

var sampleLink = regexp.MustCompile(`href="/audit/(aus_[0-9A-Z]+)"`)

// TestAuditAndQualityPages: an auditor audits the month's samples blind
// (no writer, model, prompt or layer anywhere in the HTML), the answer
// form works without JavaScript and records the time taken, and /quality,
// its JSON, CSV and feed publish the rates with the chart; a reader
// reports a problem from the node's page.
func TestAuditAndQualityPages(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		s := newSite(t, d)
		ctx := context.Background()
		svc := corpus.New(s.svc)
		w := corpus.Writer{Kind: corpus.WriterAgent, ID: "lane.secret-writer", Model: "model-zeta", PromptVersion: "prompt-omega", Layer: "layer-x"}
		res, err := svc.Open(ctx, corpus.Request{Writer: w, Drafts: []corpus.Draft{
			{Kind: corpus.Theorem, Label: "ident-a", Title: "Identity A", Body: "A group of order two has exactly one identity element.",
				References: []corpus.Reference{{Identifier: "10.1000/groups", Citation: "A. Author, Groups (2001)", Locator: "Thm. 2"}}},
			{Kind: corpus.Theorem, Label: "ident-b", Title: "Identity B", Uses: []string{"ident-a"},
				Body: "A group of order three has exactly one identity element."},
		}})
		if err != nil || res.Request.State != corpus.StateMerged {
			t.Fatalf("Open = %+v, %v", res, err)
		}
		month := time.Now().UTC().Format("2006-01")
		if _, err := svc.Draw(ctx, "acc_op", month, "pages"); err != nil {
			t.Fatal(err)
		}
		s.member(t, "audrey", "auditor password", role.Auditor)
		s.member(t, "mia", "member password")
		ab, mb, anon := s.browser(), s.browser(), s.browser()
		s.post(ab, "/signin", url.Values{"handle": {"audrey"}, "password": {"auditor password"}})
		s.post(mb, "/signin", url.Values{"handle": {"mia"}, "password": {"member password"}})

		if code, _, h := s.get(anon, "/audit"); code != http.StatusSeeOther || !strings.HasPrefix(h.Get("Location"), "/signin") {
			t.Errorf("anonymous GET /audit = %d %s", code, h.Get("Location"))
		}
		if code, _, _ := s.get(mb, "/audit"); code != http.StatusForbidden {
			t.Errorf("a member's GET /audit = %d; want 403", code)
		}
		code, body, _ := s.get(ab, "/audit")
		if code != http.StatusOK {
			t.Fatalf("GET /audit = %d", code)
		}
		pagetest.Check(t, "audit", body)
		ids := sampleLink.FindAllStringSubmatch(string(body), -1)
		if len(ids) != 2 {
			t.Fatalf("/audit links %d samples; want 2", len(ids))
		}
		secrets := []string{"lane.secret-writer", "model-zeta", "prompt-omega", "layer-x"}
		for _, pg := range []string{"/audit", "/audit/" + ids[0][1], "/audit/" + ids[1][1]} {
			_, body, _ := s.get(ab, pg)
			for _, secret := range secrets {
				if strings.Contains(string(body), secret) {
					t.Errorf("%s shows %q", pg, secret)
				}
			}
		}
		sample := "/audit/" + ids[0][1]
		code, body, _ = s.get(ab, sample)
		if code != http.StatusOK {
			t.Fatalf("GET %s = %d", sample, code)
		}
		pagetest.Check(t, "audit-sample", body)
		for _, want := range []string{"target 8 min", "Correctness", "Fidelity", "Sourcing", "Style", "dropped_hypothesis"} {
			if !strings.Contains(string(body), want) {
				t.Errorf("%s lacks %q", sample, want)
			}
		}
		if code, _, _ := s.post(ab, sample, url.Values{"property": {"CORRECTNESS"}}); code != http.StatusUnprocessableEntity {
			t.Errorf("an answer without a verdict = %d; want 422", code)
		}
		started := strconv.FormatInt(time.Now().Add(-2*time.Minute).Unix(), 10)
		if code, b, _ := s.post(ab, sample, url.Values{"property": {"CORRECTNESS"}, "verdict": {corpus.ClassDroppedHypothesis},
			"started": {started}, "note": {"needs the order to be prime"}}); code != http.StatusSeeOther {
			t.Fatalf("POST %s = %d; want 303\n%s", sample, code, b)
		}
		_, body, _ = s.get(ab, sample)
		if got := text(t, body, "audit-answer"); !strings.Contains(got, "dropped_hypothesis") || !strings.Contains(got, "2 min") {
			t.Errorf("the recorded answer reads %q", got)
		}

		code, body, _ = s.get(anon, "/quality?month="+month)
		if code != http.StatusOK {
			t.Fatalf("GET /quality = %d", code)
		}
		pagetest.Check(t, "quality", body)
		// Two theorems at 8+5+4+2 minutes each: 38 minutes.
		if got := text(t, body, "quality-cost"); !strings.Contains(got, "2 samples") || !strings.Contains(got, "about 0.6 reviewer hours") {
			t.Errorf("quality-cost = %q", got)
		}
		for _, want := range []string{`data-testid="quality-chart"`, `data-testid="chart-threshold"`, `data-testid="quality-stopped"`, "<svg"} {
			if !strings.Contains(string(body), want) {
				t.Errorf("/quality lacks %s", want)
			}
		}
		_, body, _ = s.get(anon, "/quality.json?month="+month)
		var doc corpus.RatesDocument
		if err := json.Unmarshal(body, &doc); err != nil || len(doc.Rates) != 1 || doc.Rates[0].Errors != 1 || !doc.Rates[0].Stopped ||
			doc.Rates[0].Writer != "lane.secret-writer" {
			t.Errorf("/quality.json = %s (%v)", body, err)
		}
		_, body, _ = s.get(anon, "/quality.csv?month="+month)
		if lines := strings.Split(strings.TrimSpace(string(body)), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], "month,kind,writer") ||
			!strings.Contains(lines[1], "CORRECTNESS,1,1,") {
			t.Errorf("/quality.csv = %s", body)
		}
		if _, err := svc.PublishRates(ctx, "acc_op", "2026.12.1", month); err != nil {
			t.Fatal(err)
		}
		_, body, _ = s.get(anon, "/feeds/quality.atom")
		if !strings.Contains(string(body), "Release 2026.12.1") || !strings.Contains(string(body), "1 stopped") {
			t.Errorf("/feeds/quality.atom = %s", body)
		}

		node := res.Request.Nodes[1]
		_, body, _ = s.get(anon, "/n/"+node)
		if !strings.Contains(string(body), `href="/n/`+node+`/report"`) {
			t.Errorf("/n/%s has no report link", node)
		}
		// The stop quarantined the agent's unconfirmed output.
		if got := text(t, body, "quarantined"); !strings.HasPrefix(got, "Quarantined") {
			t.Errorf("/n/%s quarantine notice = %q", node, got)
		}
		code, body, _ = s.get(mb, "/n/"+node+"/report")
		if code != http.StatusOK {
			t.Fatalf("GET report form = %d", code)
		}
		pagetest.Check(t, "report", body)
		if code, _, _ := s.post(mb, "/n/"+node+"/report", url.Values{"property": {"CORRECTNESS"}, "explanation": {" "}}); code != http.StatusUnprocessableEntity {
			t.Errorf("a report without an explanation = %d; want 422", code)
		}
		if code, _, _ := s.post(mb, "/n/"+node+"/report", url.Values{"property": {"FIDELITY"}, "explanation": {"The source assumes finiteness."}}); code != http.StatusSeeOther {
			t.Errorf("a report = %d; want 303", code)
		}
		if q, _ := svc.ReportQueue(ctx, 10); len(q) != 1 || q[0].Node != node || q[0].Property != corpus.PropertyFidelity {
			t.Errorf("the report queue = %+v", q)
		}
		testReportAndStopPages(t, s, mb, anon, res.Request.Nodes)

		// A budget of 0.4 hours cannot audit the agent's 38 minutes: the page says so.
		if _, err := svc.SetReviewBudget(ctx, "acc_op", month, 0.4); err != nil {
			t.Fatal(err)
		}
		_, body, _ = s.get(anon, "/quality?month="+month)
		if got := text(t, body, "quality-cost"); !strings.Contains(got, "The review budget is 0.4 hours") {
			t.Errorf("quality-cost with a budget = %q", got)
		}
		if !strings.Contains(string(body), `data-testid="quality-budget-refused"`) || !strings.Contains(string(body), "lane.secret-writer × model-zeta") {
			t.Errorf("/quality does not list the configuration the budget leaves out")
		}
	})
}

var reportAction = regexp.MustCompile(`action="/reports/([^/"]+)/dismiss"`)

// testReportAndStopPages: a reviewer takes the report queue without
// JavaScript; /quality/stops shows the stop and what it holds to anyone,
// the decision forms to reviewers and the lift to operators, which is
// refused beside its form while a held node is undecided.
func testReportAndStopPages(t *testing.T, s *site, mb, anon *http.Client, nodes []string) {
	s.member(t, "rita", "reviewer password", role.Reviewer)
	s.member(t, "otto", "operator password", role.Operator)
	rb, ob := s.browser(), s.browser()
	s.post(rb, "/signin", url.Values{"handle": {"rita"}, "password": {"reviewer password"}})
	s.post(ob, "/signin", url.Values{"handle": {"otto"}, "password": {"operator password"}})

	if code, _, _ := s.get(mb, "/reports"); code != http.StatusForbidden {
		t.Errorf("a member's GET /reports = %d; want 403", code)
	}
	code, body, _ := s.get(rb, "/reports")
	if code != http.StatusOK || !strings.Contains(string(body), "The source assumes finiteness.") {
		t.Fatalf("GET /reports = %d", code)
	}
	pagetest.Check(t, "reports", body)
	m := reportAction.FindSubmatch(body)
	if m == nil {
		t.Fatalf("/reports has no dismiss form")
	}
	if code, _, _ := s.post(rb, "/reports/"+string(m[1])+"/dismiss", nil); code != http.StatusSeeOther {
		t.Errorf("dismiss = %d; want 303", code)
	}
	if _, body, _ := s.get(rb, "/reports"); !strings.Contains(string(body), `data-testid="reports-empty"`) {
		t.Errorf("/reports after the dismissal still lists a report")
	}

	code, body, _ = s.get(anon, "/quality/stops")
	if code != http.StatusOK || strings.Count(string(body), `data-testid="held-node"`) != 2 || strings.Contains(string(body), "held-decide") ||
		strings.Contains(string(body), "stop-lift") {
		t.Fatalf("anonymous GET /quality/stops = %d, %d held rows, forms shown: %s", code, strings.Count(string(body), `data-testid="held-node"`), body)
	}
	pagetest.Check(t, "stops", body)
	stopID := regexp.MustCompile(`<section class="card" data-testid="stop" id="([^"]+)"`).FindSubmatch(body)
	if stopID == nil {
		t.Fatal("/quality/stops names no stop")
	}
	stop := string(stopID[1])
	if _, body, _ := s.get(rb, "/quality/stops"); strings.Count(string(body), `data-testid="held-decide"`) != 2 {
		t.Errorf("a reviewer sees %d decision forms; want 2", strings.Count(string(body), `data-testid="held-decide"`))
	}
	code, body, _ = s.post(ob, "/quality/stops/"+stop+"/lift", url.Values{"reason": {"a new prompt"}})
	if code != http.StatusUnprocessableEntity || !strings.Contains(string(body), `data-testid="lift-error"`) {
		t.Errorf("a lift with undecided nodes = %d; want 422 with the error beside the form", code)
	}
	for i, res := range []string{"RETIRE", "FIX"} {
		if code, _, h := s.post(rb, "/quality/stops/"+stop+"/nodes/"+nodes[i], url.Values{"resolution": {res}}); code != http.StatusSeeOther ||
			h.Get("Location") != "/quality/stops#"+stop {
			t.Errorf("decide %s %s = %d %s", nodes[i], res, code, h.Get("Location"))
		}
	}
	if code, _, _ := s.post(ob, "/quality/stops/"+stop+"/lift", url.Values{"reason": {"a new prompt"}}); code != http.StatusSeeOther {
		t.Errorf("the lift = %d; want 303", code)
	}
	_, body, _ = s.get(anon, "/quality/stops")
	if !strings.Contains(string(body), `data-testid="stop-lifted"`) || !strings.Contains(string(body), "fix: held until a revision merges") {
		t.Errorf("/quality/stops after the lift does not show it lifted and the fix pending")
	}
}
