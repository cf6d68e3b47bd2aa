package workers

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/riverqueue/river"

	"github.com/theoremdb/theoremdb/policy"
)

// GoldConfig schedules blind gold: how often every enabled lane is sent gold packets, and how
// many each time.
type GoldConfig struct {
	// Every is the period of the runs, aligned to UTC (a day: each midnight UTC; six hours: 00,
	// 06, 12 and 18 UTC), so that restarts neither skip nor repeat a run. Negative: never.
	Every time.Duration
	// PerLane is how many packets each lane gets a run.
	PerLane int
}

// DefaultGoldEvery is how often blind gold runs unless told otherwise.
const DefaultGoldEvery = 24 * time.Hour

// GoldConfigFromEnv reads THEOREMDB_GOLD_EVERY (a Go duration, "off" for never; default a day)
// and THEOREMDB_GOLD_PER_LANE (default policy.DefaultGoldPerLane).
func GoldConfigFromEnv(getenv func(string) string) (GoldConfig, error) {
	c := GoldConfig{Every: DefaultGoldEvery, PerLane: policy.DefaultGoldPerLane}
	switch v := getenv("THEOREMDB_GOLD_EVERY"); v {
	case "":
	case "off", "never":
		c.Every = -1
	default:
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Minute {
			return c, fmt.Errorf("THEOREMDB_GOLD_EVERY=%q: want a duration of a minute or more, such as 24h, or off", v)
		}
		c.Every = d
	}
	if v := getenv("THEOREMDB_GOLD_PER_LANE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return c, fmt.Errorf("THEOREMDB_GOLD_PER_LANE=%q: want a number from 1 to 100", v)
		}
		c.PerLane = n
	}
	return c, nil
}

// goldJobs is the periodic gold run of c; a zero c is read from the environment.
func goldJobs(c GoldConfig) ([]*river.PeriodicJob, error) {
	if c == (GoldConfig{}) {
		var err error
		if c, err = GoldConfigFromEnv(os.Getenv); err != nil {
			return nil, fmt.Errorf("workers: %w", err)
		}
	}
	if c.Every < 0 {
		return nil, nil
	}
	if c.Every == 0 {
		c.Every = DefaultGoldEvery
	}
	args := GoldRunArgs{PerLane: c.PerLane}
	return []*river.PeriodicJob{river.NewPeriodicJob(GoldSchedule(c.Every),
		func() (river.JobArgs, *river.InsertOpts) { return args, nil }, nil)}, nil
}

// GoldSchedule runs at every multiple of every since the zero time in UTC: for a day, each
// midnight UTC.
func GoldSchedule(every time.Duration) river.PeriodicSchedule { return alignedSchedule{every} }

type alignedSchedule struct{ every time.Duration }

func (a alignedSchedule) Next(t time.Time) time.Time { return t.UTC().Truncate(a.every).Add(a.every) }

// GoldRunArgs asks for one run of blind gold over every enabled lane.
type GoldRunArgs struct {
	// PerLane is how many packets each lane gets (policy.DefaultGoldPerLane when zero).
	PerLane int `json:"per_lane"`
}

// Kind names the job.
func (GoldRunArgs) Kind() string { return "gold_run" }

// InsertOpts puts the job on the lanes queue, beside the panels, and keeps one run waiting or
// running at a time (a retry of a failed run is the pending one).
func (GoldRunArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueLanes, MaxAttempts: 3,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: sweepUniqueStates}}
}

// GoldRunWorker sends gold to the lanes, grades and records the answers.
type GoldRunWorker struct {
	river.WorkerDefaults[GoldRunArgs]
	policy *policy.Service
	cfg    policy.PanelConfig
	log    *slog.Logger
}

// Work runs gold once. A retried run sends each lane the packets it has answered least, so a
// run cut short is completed rather than repeated.
func (w *GoldRunWorker) Work(ctx context.Context, job *river.Job[GoldRunArgs]) error {
	res, err := w.policy.RunGold(ctx, w.cfg, job.Args.PerLane)
	right, graded, failed := 0, 0, 0
	for _, r := range res {
		switch {
		case r.Grade == nil:
			failed++
		case r.Grade.Right:
			right++
			graded++
		default:
			graded++
		}
	}
	if len(res) > 0 {
		w.log.InfoContext(ctx, "gold run", "reviews", len(res), "right", right, "graded", graded, "failed", failed)
	}
	return err
}

// Timeout leaves room for a handful of calls to each lane, each with its retries.
func (w *GoldRunWorker) Timeout(*river.Job[GoldRunArgs]) time.Duration { return 30 * time.Minute }
