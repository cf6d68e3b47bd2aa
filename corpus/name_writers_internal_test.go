package corpus

import (
	"context"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestNameWriters: a stratum whose writer is an account is named by its
// @handle; an unknown account, a lane and the people's stratum have no
// name; strata without an account ask the database nothing.
func TestNameWriters(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		pol := policy.New(dbtest.Open(t, d), policy.Config{})
		acc, err := pol.CreateAccount(ctx, "prover_bot", "", []role.Role{role.Agent})
		if err != nil {
			t.Fatal(err)
		}
		known := &Stratum{Kind: Theorem, Writer: acc.ID}
		twice := &Stratum{Kind: Definition, Writer: acc.ID}
		unknown := &Stratum{Kind: Theorem, Writer: "acc_gone"}
		lane := &Stratum{Kind: Theorem, Writer: "lane_prover"}
		people := &Stratum{Kind: Theorem, Writer: WriterPerson}
		if err := nameWriters(ctx, pol.Client(), known, twice, unknown, lane, people); err != nil {
			t.Fatal(err)
		}
		if known.WriterName != "@prover_bot" || twice.WriterName != "@prover_bot" {
			t.Errorf("account strata named %q, %q; want @prover_bot", known.WriterName, twice.WriterName)
		}
		for _, st := range []*Stratum{unknown, lane, people} {
			if st.WriterName != "" {
				t.Errorf("stratum of %s named %q; want no name", st.Writer, st.WriterName)
			}
		}
		if known.String() == (Stratum{Kind: Theorem, Writer: acc.ID}).String() {
			t.Errorf("a named stratum prints as %q, the same as unnamed", known.String())
		}

		// Without an account among the strata the client is never used.
		if err := nameWriters(ctx, nil, lane, people); err != nil {
			t.Errorf("nameWriters without accounts = %v", err)
		}
	})
}
