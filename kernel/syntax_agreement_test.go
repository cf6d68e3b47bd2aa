package kernel

import "testing"

// TestInvalidDatabasesFailBoth fails every proof of a database that breaks a rule of the
// language in both checkers, whether the C verifier notices the break while reading (and still
// verifies the proofs) or refuses to read at all (then there is no row, and both report why).
func TestInvalidDatabasesFailBoth(t *testing.T) {
	const base = "$c a $.\nax $a a $.\n"
	for _, tc := range []struct{ name, src string }{
		{"non-ascii", base + "$( caf\xc3\xa9 $)\nth $p a $= ax $.\n"},
		{"nested-comment", base + "$( a $( b $)\nth $p a $= ax $.\n"},
		{"include", base + "$[ other.mm $]\nth $p a $= ax $.\n"},
		{"constant-in-block", base + "${ $c b $. $}\nth $p a $= ax $.\n"},
		{"duplicate-label", base + "ax $a a $.\nth $p a $= ax $.\n"},
		{"unclosed-comment", base + "th $p a $= ax $.\n$( unclosed\n"},
		{"unclosed-block", base + "th $p a $= ax $.\n${\n"},
		{"dollar-in-token", base + "th $p a $= ax $.\nx$)y $a a $.\n"},
		{"undeclared-symbol", base + "bx $a a b $.\nth $p a $= ax $.\n"},
		{"label-is-variable", base + "${ $v x $. $}\n${ $v x $. x $e a $. t2 $p a $= ax $. $}\nth $p a $= ax $.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := compare(t, []byte(tc.src))
			if c.SecondErr == nil {
				t.Errorf("the second checker read the database")
			}
			if len(c.Rows) == 0 {
				// neither checker read a $p statement: both refuse the database
				if c.MetamathErr == nil {
					t.Errorf("no rows, and metamath reports no error")
				}
				return
			}
			for _, r := range c.Rows {
				if r.Metamath.Status == Pass || r.Second.Status == Pass || !r.Agree {
					t.Errorf("%s: metamath %s (%s), second %s (%s); want both to fail",
						r.Label, r.Metamath.Status, r.Metamath.Reason, r.Second.Status, r.Second.Reason)
				}
			}
			t.Logf("metamath: %s", c.Rows[0].Metamath.Reason)
		})
	}
}
