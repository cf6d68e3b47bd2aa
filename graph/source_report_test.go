package graph_test

import (
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
)

// TestSourceReport: operators read the fabricated-source rate per configuration over GraphQL;
// anyone else is refused.
func TestSourceReport(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		member := a.token("ada")
		op := a.token("otto", role.Operator)
		a.submit("ada", "Good integers")
		const q = `{ sourceReport { week account generatedBy proposals fabricated pending rate stopped } }`
		var out struct {
			SourceReport []struct {
				Account                        string
				Proposals, Fabricated, Pending int
				Stopped                        bool
			}
		}
		if r := a.do(op, q, nil, &out); len(r.Errors) > 0 {
			t.Fatal(r.Body)
		}
		if len(out.SourceReport) != 1 || out.SourceReport[0].Account != "ada" || out.SourceReport[0].Proposals == 0 ||
			out.SourceReport[0].Pending != out.SourceReport[0].Proposals || out.SourceReport[0].Stopped {
			t.Errorf("sourceReport = %+v; want ada's proposals, all pending, not stopped", out.SourceReport)
		}
		if r := a.do(member, q, nil, nil); len(r.Errors) == 0 {
			t.Errorf("a member read the source report: %s", r.Body)
		}
	})
}
