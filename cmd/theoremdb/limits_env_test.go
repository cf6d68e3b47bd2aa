package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/throttle"
)

// TestEveryPerAddressLimitIsSettable: each limit counted per client address has a variable, and
// the trusted proxies are read as networks.
func TestEveryPerAddressLimitIsSettable(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		"THEOREMDB_WS_CONNECTIONS_PER_ADDRESS":      "7",
		"THEOREMDB_SUBSCRIBES_PER_SECOND":           "2.5",
		"THEOREMDB_SUBSCRIBE_BURST":                 "9",
		"THEOREMDB_REFUSALS_PER_MINUTE":             "12",
		"THEOREMDB_REFUSAL_BURST":                   "4",
		"THEOREMDB_SIGNUPS_PER_HOUR":                "3",
		"THEOREMDB_SIGNUP_BURST":                    "2",
		"THEOREMDB_WRITES_PER_MINUTE":               "11",
		"THEOREMDB_WRITE_BURST":                     "6",
		"THEOREMDB_SIGNIN_FREE_FAILURES":            "13",
		"THEOREMDB_SIGNIN_FREE_FAILURES_PER_HANDLE": "3",
		"THEOREMDB_TRUSTED_PROXIES":                 "10.0.0.0/8, fd00::/8",
	}
	l, err := loadLimits(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := throttle.Limits{ConnectionsPerAddress: 7, SubscribesPerSecond: 2.5, SubscribeBurst: 9, RefusalsPerMinute: 12,
		RefusalBurst: 4, SignUpsPerHour: 3, SignUpBurst: 2, WritesPerMinute: 11, WriteBurst: 6, SignInFreeFailures: 13,
		SignInFreeFailuresPerHandle: 3}
	got := l
	got.Proxies = nil
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("loadLimits (-want +got):\n%s", diff)
	}
	if len(l.Proxies) != 2 || l.Proxies[0].String() != "10.0.0.0/8" {
		t.Errorf("proxies = %v; want 10.0.0.0/8 and fd00::/8", l.Proxies)
	}
	for k, v := range map[string]string{"THEOREMDB_SUBSCRIBES_PER_SECOND": "fast", "THEOREMDB_TRUSTED_PROXIES": "proxy.local"} {
		if _, err := loadLimits(func(n string) string { return map[string]string{k: v}[n] }); err == nil {
			t.Errorf("%s=%q accepted", k, v)
		}
	}
}

func TestCanaryCount(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int{"": 0, "off": 0, "0": 0, "20": 20, " 5 ": 5} {
		if got, err := canaryCount(in); err != nil || got != want {
			t.Errorf("canaryCount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"many", "-1", "1001", "2.5"} {
		if _, err := canaryCount(in); err == nil {
			t.Errorf("canaryCount(%q) = nil error", in)
		}
	}
}
