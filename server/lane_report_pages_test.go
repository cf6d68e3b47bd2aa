package server_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestLaneReportPage: operators see each lane's calls and measures, with the gold accuracy and
// its interval and a dash, not 0%, where nothing was counted; others are refused, and a bad
// period is said so.
func TestLaneReportPage(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	staff, op := s.signedIn(t, "otto", role.Operator)
	rev, _ := s.signedIn(t, "rita", role.Reviewer)
	if _, err := s.svc.AddLane(ctx, op, policy.LaneInput{Identity: "base.fr", Role: "FORMAL_READINESS", Provider: "baseline"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.RunGold(ctx, policy.PanelConfig{}, 3); err != nil {
		t.Fatal(err)
	}

	if code, _, _ := s.get(rev, "/admin/lanes/report"); code != http.StatusForbidden {
		t.Errorf("reviewer /admin/lanes/report = %d; want 403", code)
	}
	code, body, _ := s.get(staff, "/admin/lanes/report")
	if code != http.StatusOK {
		t.Fatalf("/admin/lanes/report = %d", code)
	}
	pagetest.Check(t, "/admin/lanes/report", body)
	rows := pagetest.Select(t, body, "lane-report-row")
	if len(rows) != 1 || !strings.Contains(pagetest.Text(rows[0]), "base.fr") {
		t.Fatalf("lane rows = %d", len(rows))
	}
	if got := text(t, body, "lane-gold"); !regexp.MustCompile(`^\d of 3 · \d+\.\d%`).MatchString(got) {
		t.Errorf("gold accuracy = %q; want k of 3 with a rate", got)
	}
	if !regexp.MustCompile(`\d+\.\d–\d+\.\d%`).Match(body) {
		t.Error("the page shows no Wilson interval")
	}
	if got := text(t, body, "lane-agreement"); !strings.Contains(got, "none to count") {
		t.Errorf("agreement with no human decision = %q; want it said so", got)
	}
	if got := text(t, body, "lane-notes"); !strings.Contains(got, "No reviews of problems in this period.") {
		t.Errorf("notes = %q", got)
	}

	code, body, _ = s.get(staff, "/admin/lanes/report?since=2026-13-01")
	if code != http.StatusBadRequest || !strings.Contains(text(t, body, "lane-report-error"), "neither a date") {
		t.Errorf("a bad date = %d", code)
	}
	pagetest.Check(t, "/admin/lanes/report bad date", body)
	code, body, _ = s.get(staff, "/admin/lanes/report?since=2000-01-01&until=2000-01-31")
	if code != http.StatusOK || len(pagetest.Select(t, body, "lane-report-row")) != 1 ||
		!strings.Contains(text(t, body, "lane-gold"), "none to count") {
		t.Errorf("a period before the gold = %d", code)
	}
}
