package policy_test

import (
	"context"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestForecastLanes: before a switch turns on, the forecast says what the review gate will do
// with the lanes as configured, in the gate's own reasons: no lane is an incomplete panel; the
// baseline serving the roles holds every revision for staff (and names no model version); approved
// lanes whose keys are set let a clean revision be recommended, while a revision picked for audit
// with no audit lane goes to staff. Gold nobody has run is stale.
func TestForecastLanes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		op := f.account(t, "olga", role.Operator)
		if _, err := f.svc.ForecastLanes(ctx, f.member); err == nil {
			t.Error("a member read the lanes' forecast")
		}
		codes := func(rs []policy.ForecastReason) []string {
			var out []string
			for _, r := range rs {
				out = append(out, r.Code)
			}
			return out
		}
		forecast := func() *policy.LanesForecast {
			t.Helper()
			fc, err := f.svc.ForecastLanes(ctx, op)
			if err != nil {
				t.Fatal(err)
			}
			return fc
		}
		fc := forecast()
		if fc.Route != policy.RouteAdministratorReview || !slices.Contains(codes(fc.Reasons), string(policy.ReasonPanelIncomplete)) {
			t.Errorf("no lanes: %s %v; want every revision to staff for an incomplete panel", fc.Route, codes(fc.Reasons))
		}
		add := func(identity string, role lanes.Role, provider, url, model string) {
			t.Helper()
			l, err := f.svc.AddLane(ctx, op, policy.LaneInput{Identity: identity, Role: string(role), Provider: provider, BaseURL: url,
				Model: model, ModelVersion: model})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.ApproveLane(ctx, op, l.ID); err != nil {
				t.Fatal(err)
			}
		}
		for _, r := range lanes.PanelRoles {
			add("baseline."+string(r), r, "baseline", "", "")
		}
		fc = forecast()
		for _, want := range []policy.ReviewReasonCode{policy.ReasonLaneBaseline, policy.ReasonReviewUnidentified} {
			if fc.Route != policy.RouteAdministratorReview || !slices.Contains(codes(fc.Reasons), string(want)) {
				t.Errorf("baseline lanes: %s %v; want every revision to staff, for %s among the reasons", fc.Route, codes(fc.Reasons), want)
			}
		}
		if len(fc.Gold) != 3 || !fc.Gold[0].Stale || fc.Gold[0].Last != nil {
			t.Errorf("gold of lanes never measured = %+v; want three stale lanes", fc.Gold)
		}

		for _, r := range lanes.PanelRoles {
			if _, err := f.svc.DisableLane(ctx, op, "baseline."+string(r)); err != nil {
				t.Fatal(err)
			}
			id := "model-a." + string(r)
			t.Setenv(lanes.KeyEnvName(id), "sk-forecast")
			add(id, r, "openai", "https://models.example/v1", "model-a-2026-01")
		}
		if err := f.svc.SetSwitch(ctx, op, policy.SwitchAuditLane, true, "forecast"); err != nil {
			t.Fatal(err)
		}
		fc = forecast()
		if fc.Route != policy.RouteEarlyAcceptance || len(fc.Reasons) != 0 {
			t.Errorf("approved lanes with keys: %s %v; want a clean revision recommended", fc.Route, codes(fc.Reasons))
		}
		if fc.AuditRoute != policy.RouteAdministratorReview || !slices.Contains(codes(fc.AuditReasons), string(policy.ReasonAuditMissing)) {
			t.Errorf("no audit lane: the audited forecast is %s %v; want staff for a missing audit", fc.AuditRoute, codes(fc.AuditReasons))
		}
	})
}
