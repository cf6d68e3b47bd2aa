package ui

import (
	"strconv"
	"time"
)

// ChallengePeriod names the configured challenge window with its article,
// "a 7-day challenge period" or "an 18-hour challenge period", so that copy
// states the window the policy runs (THEOREMDB_CHALLENGE_WINDOW) and never
// a length of its own. A window it was not given (zero) is named without a
// length rather than guessed.
func ChallengePeriod(window time.Duration) string {
	if window <= 0 {
		return "a challenge period"
	}
	n, unit := span(window)
	return article(n) + " " + strconv.FormatInt(n, 10) + "-" + unit + " challenge period"
}

// spanUnits are the units a window is written in, largest first.
var spanUnits = []struct {
	d    time.Duration
	name string
}{
	{24 * time.Hour, "day"},
	{time.Hour, "hour"},
	{time.Minute, "minute"},
	{time.Second, "second"},
	{time.Millisecond, "millisecond"},
}

// span writes d in the largest unit that measures it exactly: 168h is 7
// days, 36h is 36 hours, 90s is 90 seconds. What no unit measures is
// rounded to the nearest millisecond, and is at least one.
func span(d time.Duration) (int64, string) {
	for _, u := range spanUnits {
		if d%u.d == 0 {
			return int64(d / u.d), u.name
		}
	}
	return max(1, int64(d.Round(time.Millisecond)/time.Millisecond)), "millisecond"
}

// article is "an" before a number said with a vowel first (8, 11, 18, 80,
// 800, 8000, 11000, 18000 and so on) and "a" before any other: the sound of
// a number is the sound of its leading group of three digits.
func article(n int64) string {
	for n >= 1000 {
		n /= 1000
	}
	s := strconv.FormatInt(n, 10)
	if s[0] == '8' || n == 11 || n == 18 {
		return "an"
	}
	return "a"
}
