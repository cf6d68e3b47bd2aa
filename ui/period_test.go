package ui

import (
	"testing"
	"time"
)

func TestChallengePeriod(t *testing.T) {
	for _, tc := range []struct {
		name   string
		window time.Duration
		want   string
	}{
		{"default", 168 * time.Hour, "a 7-day challenge period"},
		{"three days", 72 * time.Hour, "a 3-day challenge period"},
		{"eight days", 8 * 24 * time.Hour, "an 8-day challenge period"},
		{"eleven days", 11 * 24 * time.Hour, "an 11-day challenge period"},
		{"hours", 36 * time.Hour, "a 36-hour challenge period"},
		{"eighteen hours", 18 * time.Hour, "an 18-hour challenge period"},
		{"minutes", 90 * time.Minute, "a 90-minute challenge period"},
		{"seconds", 90 * time.Second, "a 90-second challenge period"},
		{"eighty seconds", 80 * time.Second, "an 80-second challenge period"},
		{"eight hundred seconds", 800 * time.Second, "an 800-second challenge period"},
		{"eighteen thousand seconds", 18001 * time.Second, "an 18001-second challenge period"},
		{"one hundred ten days", 110 * 24 * time.Hour, "a 110-day challenge period"},
		{"milliseconds", 1500 * time.Millisecond, "a 1500-millisecond challenge period"},
		{"under a millisecond", time.Microsecond, "a 1-millisecond challenge period"},
		{"not given", 0, "a challenge period"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ChallengePeriod(tc.window); got != tc.want {
				t.Errorf("ChallengePeriod(%v) = %q; want %q", tc.window, got, tc.want)
			}
		})
	}
}
