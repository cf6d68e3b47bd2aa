package e2e

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestGraphQLHTTPAudit runs the graphql-http audit (the GraphQL over HTTP
// specification's conformance suite, from npm) against the binary: no MUST
// may fail.
func TestGraphQLHTTPAudit(t *testing.T) {
	t.Parallel()
	needNodeModules(t, "graphql-http")
	env := []string{"DATABASE_URL=" + dbtest.URL(t, "sqlite3")}
	s := serve(t, env)
	out, err := exec.Command("node", "audit.mjs", s.URL+"/graphql").CombinedOutput()
	var summary struct {
		Total, MustFailures int
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	_ = json.Unmarshal([]byte(lines[len(lines)-1]), &summary)
	if err != nil || summary.Total == 0 || summary.MustFailures != 0 {
		t.Fatalf("graphql-http audit: %v\n%s", err, out)
	}
	for _, l := range lines {
		if !strings.Contains(l, `"status":"ok"`) {
			t.Log(l)
		}
	}
}
