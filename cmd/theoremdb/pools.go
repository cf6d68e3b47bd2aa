package main

import (
	"fmt"
	"strconv"
)

// Default pool sizes: the PostgreSQL connections one instance may open.
const (
	defaultWebConns = 20
	defaultJobConns = 8
)

// poolSizes bound the PostgreSQL connections of one instance: the pool of pages and GraphQL
// (THEOREMDB_DB_CONNS), the workers' own pool when it works jobs (THEOREMDB_JOB_DB_CONNS), and
// the one connection that listens for other instances' events. An instance never opens more
// than total; the sum over instances must stay under the server's max_connections (100 by
// default) with room for administration.
type poolSizes struct {
	web, jobs int
}

// loadPools reads the pool sizes; an unset variable keeps the default, a malformed one is an
// error that names it.
func loadPools(getenv func(string) string) (poolSizes, error) {
	p := poolSizes{web: defaultWebConns, jobs: defaultJobConns}
	for _, e := range []struct {
		name string
		to   *int
	}{{"THEOREMDB_DB_CONNS", &p.web}, {"THEOREMDB_JOB_DB_CONNS", &p.jobs}} {
		if v := getenv(e.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 2 {
				return p, fmt.Errorf("%s=%q: want a whole number of connections, at least 2", e.name, v)
			}
			*e.to = n
		}
	}
	return p, nil
}

// total is the most connections an instance opens: the web pool, the job pool when it works
// jobs, and the listening connection.
func (p poolSizes) total(work bool) int {
	n := p.web + 1
	if work {
		n += p.jobs
	}
	return n
}
