package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/lanestest"
)

// TestRegisteredRoundTripLaneInMergeGates runs the operator's path for the corpus's model
// checks through the binary: a round-trip lane registered and approved with `theoremdb admin
// lane`, its key in THEOREMDB_LANE_KEY_<IDENTITY>, is called by the served site's worker on a
// change request whose theorem is bound to a Metamath statement, with the formal statement
// read from the formal library; the round-trip gate's finding names the lane and what it
// answered, and the merged node's binding has its round trip. Before approval the lane is not
// called and the gate says no lane translated the statement.
func TestRegisteredRoundTripLaneInMergeGates(t *testing.T) {
	t.Parallel()
	lib := t.TempDir()
	mm, err := os.ReadFile("../kernel/testdata/good/normal.mm")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(lib, "demo.mm"), mm, 0o600); err != nil {
		t.Fatal(err)
	}
	provider := lanestest.New(func(c lanestest.Call) lanestest.Reply {
		var rt lanes.RoundTripInput
		if lanestest.Document(c.User, &rt) == nil && rt.Formal != "" {
			return lanestest.Reply{Text: `{"prose": "The statement th1 of the database holds.", "differences": []}`}
		}
		return lanestest.Reply{Status: 400}
	})
	t.Cleanup(provider.Close)

	env := []string{"DATABASE_URL=" + dbtest.URL(t, "sqlite3"), "THEOREMDB_FORMAL_LIBRARY=" + lib,
		"THEOREMDB_LANE_KEY_CHECK_ROUND_TRIP=sk-local-key"}
	mustCLI(t, env, "migrate")
	mustCLI(t, env, "admin", "account", "create", "--handle", "olga", "--role", "operator")
	mustCLI(t, env, "admin", "account", "create", "--handle", "wren")
	tok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "wren"))
	out := mustCLI(t, env, "admin", "lane", "add", "--role", "round_trip", "--provider", "anthropic",
		"--base-url", provider.URL, "--model", "model-r", "--model-version", "model-r-2026-05",
		"--prompt-version", "v1", "--identity", "check.round-trip", "--as", "olga")
	if !strings.Contains(out, "THEOREMDB_LANE_KEY_CHECK_ROUND_TRIP") {
		t.Fatalf("lane add printed %q; want the lane's key variable", out)
	}
	s := serve(t, env)

	open := func(label string) map[string]any {
		t.Helper()
		r := s.graphql(t, tok, `mutation($in: OpenChangeRequestInput!) { openChangeRequest(input: $in) { changeRequest { id } userErrors { message } } }`,
			map[string]any{"in": map[string]any{"nodes": []map[string]any{{
				"kind": "THEOREM", "label": label, "title": "The demonstration theorem " + label,
				"body":   "The statement th1 of the demonstration database holds.",
				"formal": map[string]any{"system": "METAMATH", "database": "demo.mm", "label": "th1"}}}}})
		id, _ := path(r.Data, "openChangeRequest", "changeRequest", "id").(string)
		if id == "" {
			t.Fatalf("openChangeRequest = %+v", r)
		}
		settleChangeRequest(t, s, id)
		r = s.graphql(t, "", `query($id: ID!) { changeRequest(id: $id) { state gates { gate findings { check verdict behaviour } } nodes { id } } }`,
			map[string]any{"id": id})
		cr, _ := path(r.Data, "changeRequest").(map[string]any)
		if cr == nil {
			t.Fatalf("changeRequest %s = %+v", id, r)
		}
		return cr
	}
	// roundTrip is the round-trip gate's verdict and what it saw; empty when it did not run.
	roundTrip := func(cr map[string]any) (verdict, behaviour string) {
		gates, _ := cr["gates"].([]any)
		for _, g := range gates {
			fs, _ := g.(map[string]any)["findings"].([]any)
			for _, f := range fs {
				f := f.(map[string]any)
				if f["check"] == "roundtrip.differences" {
					return f["verdict"].(string), f["behaviour"].(string)
				}
			}
		}
		return "", ""
	}

	fidelity := func(cr map[string]any) string {
		t.Helper()
		nodes, _ := cr["nodes"].([]any)
		if len(nodes) != 1 {
			t.Fatalf("nodes of %+v; want one", cr)
		}
		id := nodes[0].(map[string]any)["id"].(string)
		r := s.graphql(t, "", `query($id: String!) { corpusNode(id: $id) { fidelity } }`, map[string]any{"id": id})
		f, _ := path(r.Data, "corpusNode", "fidelity").(string)
		return f
	}

	// Registered, not approved: no call, no round trip, and the binding stays at F0.
	cr := open("before-approval")
	if v, behaviour := roundTrip(cr); v != "" {
		t.Errorf("round trip before the lane was approved = %s %q; want none: no approved lane translates", v, behaviour)
	}
	if got := fidelity(cr); got != "F0" {
		t.Errorf("fidelity before the lane was approved = %s; want F0", got)
	}
	if n := len(provider.Calls()); n != 0 {
		t.Fatalf("the provider had %d calls before the lane was approved; want none", n)
	}

	mustCLI(t, env, "admin", "lane", "approve", "check.round-trip", "--as", "olga")
	cr = open("after-approval")
	if cr["state"] != "MERGED" {
		t.Fatalf("request = %+v; want MERGED", cr)
	}
	v, behaviour := roundTrip(cr)
	if v != "PASS" || !strings.Contains(behaviour, "check.round-trip") || !strings.Contains(behaviour, "th1 of the database holds") {
		t.Errorf("round trip = %s %q; want a pass naming the lane and quoting its translation", v, behaviour)
	}
	calls := provider.Calls()
	if len(calls) != 1 {
		t.Fatalf("the provider had %d calls; want one", len(calls))
	}
	var in lanes.RoundTripInput
	if err := lanestest.Document(calls[0].User, &in); err != nil || in.Database != "demo.mm" || in.Label != "th1" ||
		!strings.Contains(in.Formal, "|-") || calls[0].Model != "model-r" {
		t.Errorf("the lane was asked %+v (model %s, %v); want th1 of demo.mm with its formal statement, of model-r", in, calls[0].Model, err)
	}
	if got := fidelity(cr); got != "F1" {
		t.Errorf("the merged node's fidelity = %s; want F1 (its round trip passed)", got)
	}
}
