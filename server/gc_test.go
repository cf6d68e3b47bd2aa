package server

import (
	"runtime/debug"
	"testing"
)

func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }

	g := tuneGC(getenv, 1024<<20)
	if !g.Set || g.Percent != CachePercent || g.Limit != 4*1024<<20 {
		t.Errorf("TuneGC = %+v; want GOGC %d and a limit of 4 GiB", g, CachePercent)
	}
	if p := debug.SetGCPercent(100); p != CachePercent {
		t.Errorf("GOGC is %d; want %d", p, CachePercent)
	}
	if l := debug.SetMemoryLimit(-1); l != 4*1024<<20 {
		t.Errorf("GOMEMLIMIT is %d; want %d", l, 4*1024<<20)
	}
	if g := tuneGC(getenv, 320<<20); g.Limit != 2<<30 {
		t.Errorf("the default caches: limit %d; want 2 GiB", g.Limit)
	}

	// The operator's choice stands.
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(5 << 30)
	for _, k := range []string{"GOGC", "GOMEMLIMIT"} {
		env = map[string]string{k: "200"}
		if g := tuneGC(getenv, 512<<20); g.Set {
			t.Errorf("with %s set: TuneGC = %+v; want nothing set", k, g)
		}
		if p := debug.SetGCPercent(100); p != 100 {
			t.Errorf("with %s set: GOGC became %d", k, p)
		}
		if l := debug.SetMemoryLimit(-1); l != 5<<30 {
			t.Errorf("with %s set: GOMEMLIMIT became %d", k, l)
		}
	}
}
