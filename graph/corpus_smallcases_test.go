package graph_test

import (
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/sandbox"
)

// A small-case counterexample over GraphQL: checkChangeRequest and
// openChangeRequest both stop at SMALL_CASES with a sanity.small-cases
// FAIL that quotes the witness.
func TestSmallCasesContract(t *testing.T) {
	sandbox.Require(t, "python3")
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		a := newAPI(t, dialectName)
		tok := a.token("writer", role.Member)
		input := map[string]any{"nodes": []map[string]any{{
			"kind": "THEOREM", "label": "odd-primes", "title": "Odd numbers are prime",
			"body": "Every odd integer $n \\ge 3$ is prime.",
			"smallCases": map[string]any{"language": "PYTHON", "bound": 20, "program": `import sys
b = int(sys.argv[1])
for n in range(3, b + 1, 2):
    if any(n % d == 0 for d in range(2, n)):
        print("COUNTEREXAMPLE n=%d" % n)
        break
else:
    print("NONE UP TO %d" % b)
`}}}}
		check := func(name string, p crPayload) {
			t.Helper()
			cr := p.ChangeRequest
			if cr == nil || cr.State != "FAILED" || len(cr.Gates) == 0 || cr.Gates[len(cr.Gates)-1].Gate != "SMALL_CASES" {
				t.Fatalf("%s = %+v; want FAILED at SMALL_CASES", name, cr)
			}
			found := false
			for _, f := range cr.Gates[len(cr.Gates)-1].Findings {
				found = found || f.Check == "sanity.small-cases" && f.Verdict == "FAIL" && strings.Contains(f.Span.Quote, "COUNTEREXAMPLE n=9")
			}
			if !found {
				t.Errorf("%s findings = %+v; want a FAIL quoting n=9", name, cr.Gates[len(cr.Gates)-1].Findings)
			}
		}
		var dry struct{ CheckChangeRequest crPayload }
		if r := a.do(tok, checkCR, map[string]any{"input": input}, &dry); len(r.Errors) > 0 {
			t.Fatalf("checkChangeRequest errors: %s", r.Body)
		}
		check("checkChangeRequest", dry.CheckChangeRequest)
		var out struct{ OpenChangeRequest crPayload }
		if r := a.do(tok, openCR, map[string]any{"input": input}, &out); len(r.Errors) > 0 {
			t.Fatalf("openChangeRequest errors: %s", r.Body)
		}
		check("openChangeRequest", out.OpenChangeRequest)
		// A language outside the enum is refused by the schema.
		input["nodes"].([]map[string]any)[0]["smallCases"].(map[string]any)["language"] = "RUBY"
		if r := a.do(tok, checkCR, map[string]any{"input": input}, &dry); len(r.Errors) == 0 {
			t.Errorf("language RUBY accepted: %s", r.Body)
		}
	})
}
