package server_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/theoremdb/theoremdb/api/apitest"
	"github.com/theoremdb/theoremdb/role"
)

// TestPacketCacheMetrics: the operators' metrics count the packet cache's
// hits, misses, invalidations and packets, as the cache itself does.
func TestPacketCacheMetrics(t *testing.T) {
	t.Parallel()
	srv, svc := bareSite(t, "sqlite3", quiet)
	gql := apitest.Client{T: t, URL: srv.URL}
	member, reviewer := apitest.Token(t, svc, "ada"), apitest.Token(t, svc, "rita", role.Reviewer)
	var sub struct {
		SubmitProblem struct{ Problem struct{ ID string } }
	}
	if r := gql.Do(member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 2), &sub); len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	id := sub.SubmitProblem.Problem.ID
	read := func() {
		t.Helper()
		if _, err := svc.ProblemPacket(context.Background(), id); err != nil {
			t.Fatal(err)
		}
	}
	read()
	read()
	if r := gql.Do(reviewer, `mutation($id: String!) { attachClaim(input: {problemId: $id, summary: "A bound.", relation: ADDRESSES}) { claim { id } } }`,
		map[string]any{"id": id}, nil); len(r.Errors) > 0 {
		t.Fatal(r.Errors)
	}
	read()
	m := metrics(t, srv)
	for _, name := range []string{"hits_total", "misses_total", "invalidations_total", "packets"} {
		v := regexp.MustCompile(`(?m)^theoremdb_packet_cache_` + name + ` (\S+)$`).FindStringSubmatch(m)
		if v == nil || v[1] == "0" {
			t.Errorf("metric theoremdb_packet_cache_%s = %v; want a positive count", name, v)
		}
	}
}
