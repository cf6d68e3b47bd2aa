package workers_test

import (
	"context"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/lanereview"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/workers"
)

// TestGoldJob: a gold run inserted like the periodic one is worked on the lanes queue and
// sends each enabled lane its packets, stored as reviews of gold and of no problem.
func TestGoldJob(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		e := newEnv(t, dialectName)
		op, err := e.svc.CreateAccount(ctx, "otto", "", []role.Role{role.Operator})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range lanes.Roles {
			if _, err := e.svc.AddLane(ctx, op, policy.LaneInput{Identity: "baseline." + string(r), Role: string(r),
				Provider: "baseline"}); err != nil {
				t.Fatal(err)
			}
		}
		e.start(t, workers.Config{SweepInterval: time.Hour, Gold: workers.GoldConfig{Every: -1}})
		if _, err := e.jobs.River().Insert(ctx, workers.GoldRunArgs{PerLane: 2}, nil); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "eight gold reviews", 20*time.Second, func() (bool, error) {
			n, err := e.svc.Client().LaneReview.Query().Where(lanereview.GoldIDNEQ("")).Count(ctx)
			return n == 8, err
		})
		rs, err := e.svc.Client().LaneReview.Query().All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if r.GoldID == "" || r.ProblemID != "" || r.Failure != "" || r.Answer == "" {
				t.Errorf("gold review %+v", r)
			}
		}
		if n, _ := e.svc.Client().Problem.Query().Count(ctx); n != 0 {
			t.Errorf("%d problems after gold; want none", n)
		}
	})
}

// TestGoldSchedule: runs fall on multiples of the period in UTC, whenever the client started.
func TestGoldSchedule(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 2, 17, 25, 0, 0, time.FixedZone("CET", 3600))
	for _, tc := range []struct {
		every time.Duration
		want  time.Time
	}{
		{24 * time.Hour, time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)},
		{6 * time.Hour, time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)},
	} {
		if got := workers.GoldSchedule(tc.every).Next(at); !got.Equal(tc.want) {
			t.Errorf("GoldSchedule(%v).Next(%v) = %v; want %v", tc.every, at, got, tc.want)
		}
	}
}

// TestGoldConfigFromEnv: the defaults, the settings and the refusals.
func TestGoldConfigFromEnv(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		every, perLane string
		want           workers.GoldConfig
		ok             bool
	}{
		{"", "", workers.GoldConfig{Every: 24 * time.Hour, PerLane: policy.DefaultGoldPerLane}, true},
		{"6h", "5", workers.GoldConfig{Every: 6 * time.Hour, PerLane: 5}, true},
		{"off", "", workers.GoldConfig{Every: -1, PerLane: policy.DefaultGoldPerLane}, true},
		{"soon", "", workers.GoldConfig{}, false},
		{"1s", "", workers.GoldConfig{}, false},
		{"", "0", workers.GoldConfig{}, false},
	} {
		env := map[string]string{"THEOREMDB_GOLD_EVERY": tc.every, "THEOREMDB_GOLD_PER_LANE": tc.perLane}
		got, err := workers.GoldConfigFromEnv(func(k string) string { return env[k] })
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("GoldConfigFromEnv(%q, %q) = %+v, %v; want %+v", tc.every, tc.perLane, got, err, tc.want)
		}
	}
}
