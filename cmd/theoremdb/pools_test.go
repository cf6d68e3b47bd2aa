package main

import "testing"

func TestLoadPools(t *testing.T) {
	t.Parallel()
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	p, err := loadPools(env(nil))
	if err != nil || p.web != defaultWebConns || p.jobs != defaultJobConns || p.total(true) != defaultWebConns+defaultJobConns+1 {
		t.Errorf("defaults = %+v (total %d), %v", p, p.total(true), err)
	}
	p, err = loadPools(env(map[string]string{"THEOREMDB_DB_CONNS": "6", "THEOREMDB_JOB_DB_CONNS": "3"}))
	if err != nil || p.web != 6 || p.jobs != 3 || p.total(true) != 10 || p.total(false) != 7 {
		t.Errorf("set = %+v (totals %d, %d), %v; want 6 and 3: 10 working jobs, 7 not", p, p.total(true), p.total(false), err)
	}
	for _, bad := range []string{"0", "1", "-3", "many"} {
		if _, err := loadPools(env(map[string]string{"THEOREMDB_DB_CONNS": bad})); err == nil {
			t.Errorf("THEOREMDB_DB_CONNS=%q accepted", bad)
		}
	}
}
