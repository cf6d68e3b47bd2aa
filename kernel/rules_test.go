package kernel

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSyntaxErrorPosition counts lines and columns from 1, a column restarting after each line
// feed, and places an offset past the end at the end.
func TestSyntaxErrorPosition(t *testing.T) {
	t.Parallel()
	src := []byte("ab\ncde\n\nf")
	for _, tc := range []struct{ off, line, col int }{
		{0, 1, 1}, {1, 1, 2}, {2, 1, 3}, {3, 2, 1}, {5, 2, 3}, {7, 3, 1}, {8, 4, 1}, {9, 4, 2}, {100, 4, 2},
	} {
		e := syntaxErr(src, tc.off, "at %d", tc.off)
		if e.Line != tc.line || e.Col != tc.col {
			t.Errorf("offset %d: line %d column %d; want line %d column %d", tc.off, e.Line, e.Col, tc.line, tc.col)
		}
		if want := "line " + strconv.Itoa(tc.line) + " column " + strconv.Itoa(tc.col) + ": at " + strconv.Itoa(tc.off); e.Error() != want {
			t.Errorf("Error() = %q; want %q", e.Error(), want)
		}
		if tc.off <= len(src) && lineOf(src, tc.off) != tc.line {
			t.Errorf("lineOf(%d) = %d; want %d", tc.off, lineOf(src, tc.off), tc.line)
		}
	}
}

// TestParseMoreErrors refuses the malformed statements TestParseErrors leaves out, at the line and
// column of the token to blame.
func TestParseMoreErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		line, col int
		want      string
	}{
		{"empty-constants", "$c $.", 1, 1, "$c statement declares no symbol"},
		{"empty-variables", "$c a $.\n$v $.", 2, 1, "$v statement declares no symbol"},
		{"dv-one-variable", "$v x $.\n$d x $.", 2, 1, "$d statement needs at least two variables"},
		{"dv-undeclared", "$v x $.\n$d x y $.", 2, 6, `$d names "y", which is not a variable in scope`},
		{"dv-out-of-scope", "$v x $.\n${ $v y $. $}\n$d x y $.", 3, 6, `$d names "y", which is not a variable in scope`},
		{"proof-keyword-at-top", "$c a $.\n$= a $.", 2, 1, `unexpected "$="`},
		{"close-comment-at-top", "$c a $.\n$)", 2, 1, `unexpected "$)"`},
		{"label-alone", "$c a $.\nl", 2, 1, `label "l" must be followed by $f, $e, $a or $p`},
		{"label-then-symbol", "$c a $.\nl a $.", 2, 1, `label "l" must be followed by $f, $e, $a or $p`},
		{"label-wrong-keyword", "$c a $.\nl $c a $.", 2, 3, `must be followed by $f, $e, $a or $p, not "$c"`},
		{"essential-no-typecode", "$c a $.\ne $e $.", 2, 1, "$e statement e has no typecode"},
		{"axiom-no-typecode", "$c a $.\nx $a $.", 2, 1, "$a statement x has no typecode"},
		{"float-three-symbols", "$c a $.\n$v x y $.\nf $f a x y $.", 3, 1, "must hold a typecode and one variable, not 3 symbols"},
		{"float-one-symbol", "$c a $.\nf $f a $.", 2, 1, "not 1 symbols"},
		{"proof-unended", "$c a $.\nax $a a $.\nth $p a $= ax", 3, 1, "proof of th is not ended with $."},
		{"proof-runs-into-keyword", "$c a $.\nax $a a $.\nth $p a $= ax $c b $.", 3, 15, `proof of th is not ended with $. before "$c"`},
		{"variable-is-label", "$c a $.\nl $a a $.\n$v l $.", 3, 4, `"l" is already a label`},
		{"constant-as-variable", "$c a $.\n$v a $.", 2, 4, `"a" is already declared as a constant`},
		{"comment-close-in-token", "$( a b$)c $)", 1, 7, `comment contains "$)"`},
		{"vertical-tab", "$c a\v$.", 1, 5, "character 0x0b is not allowed"},
		{"nul", "$c a $.\x00", 1, 8, "character 0x00 is not allowed"},
		{"delete", "$c \x7f $.", 1, 4, "character 0x7f is not allowed"},
		{"two-unclosed-blocks", "$c a $.\n${ ${ $}\n${", 3, 3, "2 block(s) opened with ${ are never closed"},
		{"e-typecode-variable", "$c a $.\n$v x $.\nf $f a x $.\ne $e x $.", 4, 6, "the typecode must be a constant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.src))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) = %v; want a *SyntaxError", tc.src, err)
			}
			if se.Line != tc.line || se.Col != tc.col || !strings.Contains(se.Msg, tc.want) {
				t.Errorf("Parse(%q) = %v; want line %d column %d and %q", tc.src, se, tc.line, tc.col, tc.want)
			}
		})
	}
}

// TestParseWhiteSpace separates tokens with any of the five white-space characters of the language
// and counts statement lines by line feeds alone, whatever comments hold.
func TestParseWhiteSpace(t *testing.T) {
	t.Parallel()
	src := "$c a\tb\f$.\r\n$( one\ntwo\nthree $)\r\nax $a a $.\n\n${ $v x $.\r\nf $f b x $.\n e $e a x $.\nl $a a $. $}\nth $p a $= ax $."
	db, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"ax": 5, "l": 10, "th": 11}
	for label, line := range want {
		a, ok := db.Assertion(label)
		if !ok || a.Line != line {
			t.Errorf("Assertion(%s) = %+v, %v; want line %d", label, a, ok, line)
		}
	}
	v, err := db.VerifyLabel("th")
	if err != nil || v.Status != Pass || v.Line != 11 {
		t.Errorf("VerifyLabel(th) = %+v, %v; want a pass at line 11", v, err)
	}
	if got := db.String(); got != "3 symbols, 5 statements, 1 proofs" {
		t.Errorf("String() = %q", got)
	}
}

// TestMandatoryFrame gives an assertion as mandatory hypotheses every $e in scope and the $f of
// each variable of the assertion or of those $e, in the order of the source, and as $d pairs only
// those between its mandatory variables.
func TestMandatoryFrame(t *testing.T) {
	t.Parallel()
	src := `$c wff |- -> $.
$v p q r s $.
wp $f wff p $.
wq $f wff q $.
wr $f wff r $.
ws $f wff s $.
${
  $d p q r $. $d s p $.
  e1 $e |- q $.
  ax $a |- p -> r $.
$}
bare $a |- p $.
`
	db, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	frame := func(label string) (hyps []string, dv []string) {
		st := db.stmts[db.labels[label]]
		for _, h := range st.hyps {
			hyps = append(hyps, db.stmts[h].label)
		}
		for _, d := range st.dv {
			dv = append(dv, db.names[d[0]]+" "+db.names[d[1]])
		}
		return
	}
	hyps, dv := frame("ax")
	if diff := cmp.Diff([]string{"wp", "wq", "wr", "e1"}, hyps); diff != "" {
		t.Errorf("ax's hypotheses (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"p q", "p r", "q r"}, dv); diff != "" {
		t.Errorf("ax's $d pairs (-want +got):\n%s", diff)
	}
	hyps, dv = frame("bare")
	if !cmp.Equal(hyps, []string{"wp"}) || dv != nil {
		t.Errorf("bare's frame = %v, %v; want wp alone and no $d: the block ended", hyps, dv)
	}
	a, _ := db.Assertion("ax")
	if !cmp.Equal(a.Hypotheses, []string{"|- q"}) || a.Statement != "|- p -> r" || a.Provable {
		t.Errorf("Assertion(ax) = %+v", a)
	}
}

// TestDisjointScope applies a $d restriction to the proofs of its block and of blocks inside it,
// and to no proof after the block.
func TestDisjointScope(t *testing.T) {
	t.Parallel()
	src := demo + `${ $d t r $.
  inner $p |- A. t r = r $= tt tr dv $.
  ${ nested $p |- A. t r = r $= tt tr dv $. $}
$}
after $p |- A. t r = r $= tt tr dv $.
`
	db, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Status{}
	for _, v := range db.Verify(1).Verdicts {
		got[v.Label] = v.Status
	}
	if diff := cmp.Diff(map[string]Status{"inner": Pass, "nested": Pass, "after": Fail}, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
}

// TestCompressedNumbers reads a step number as base-5 digits U–Y (1–5) before one final digit A–T
// (1–20): each number below is out of range, so the message shows the number read.
func TestCompressedNumbers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		letters string
		n       int
	}{
		{"E", 5}, {"T", 20}, {"UA", 21}, {"UT", 40}, {"VA", 41}, {"YT", 120}, {"UUA", 121}, {"YYT", 620},
	} {
		db, err := Parse([]byte(demo + "th $p |- t = t $= ( tze ) " + tc.letters + " $."))
		if err != nil {
			t.Fatal(err)
		}
		v, _ := db.VerifyLabel("th")
		want := "refers to number " + strconv.Itoa(tc.n) + ", but only 2 hypotheses and labels"
		if v.Status != Fail || v.Step != 1 || !strings.Contains(v.Reason, want) {
			t.Errorf("%s: %s at step %d: %q; want %q at step 1", tc.letters, v.Status, v.Step, v.Reason, want)
		}
	}
	db, err := Parse([]byte(demo + "th $p |- t = t $= ( tze ) " + strings.Repeat("Y", 12) + "A $."))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := db.VerifyLabel("th"); v.Status != Fail || !strings.Contains(v.Reason, "the number being read is too large") {
		t.Errorf("a huge number: %+v; want it refused as too large", v)
	}
}

// TestCompressedSavedSteps refers to tagged steps after the hypotheses and labels, in the order
// they were tagged: the same proof written with a saved step checks, and a reference to a step
// not yet tagged fails.
func TestCompressedSavedSteps(t *testing.T) {
	t.Parallel()
	// refs: 1 tt, 2 tze, 3 tpl; saved: 4 = term ( t + 0 ).
	for _, tc := range []struct {
		proof  string
		status Status
		want   string
	}{
		{"( tze tpl ) ABCZDC", Pass, ""},                  // ( ( t + 0 ) + ( t + 0 ) )
		{"( tze tpl ) ABCDC", Fail, "refers to number 4"}, // D before any tag
		{"( tze tpl ) ABCZDE", Fail, "refers to number 5, but only 3 hypotheses and labels and 1 tagged steps exist"},
	} {
		db, err := Parse([]byte(demo + "th $p term ( ( t + 0 ) + ( t + 0 ) ) $= " + tc.proof + " $."))
		if err != nil {
			t.Fatal(err)
		}
		v, _ := db.VerifyLabel("th")
		if v.Status != tc.status || !strings.Contains(v.Reason, tc.want) {
			t.Errorf("%s: %s %q; want %s %q", tc.proof, v.Status, v.Reason, tc.status, tc.want)
		}
	}
}

// TestLookupErrors names the label asked for when it is not a $p (or not an assertion), and
// tells an assertion from a hypothesis.
func TestLookupErrors(t *testing.T) {
	t.Parallel()
	db, err := Parse([]byte(demo + "th $p |- t = t $= " + th1Normal + " $."))
	if err != nil {
		t.Fatal(err)
	}
	for _, label := range []string{"nope", "a1", "tt", "min"} {
		if _, err := db.VerifyLabel(label); err == nil || !strings.Contains(err.Error(), `no $p statement labelled "`+label+`"`) {
			t.Errorf("VerifyLabel(%s) = %v; want an error naming it", label, err)
		}
		if _, err := db.Uses(label); err == nil || !strings.Contains(err.Error(), `"`+label+`"`) {
			t.Errorf("Uses(%s) = %v; want an error naming it", label, err)
		}
	}
	for label, want := range map[string]bool{"nope": false, "tt": false, "min": false, "a1": true, "mp": true, "th": true} {
		if _, ok := db.Assertion(label); ok != want {
			t.Errorf("Assertion(%s) ok = %v; want %v", label, ok, want)
		}
	}
}

// TestUsesAsWritten reads a proof's citations whether or not it checks: each assertion once, in
// order of first citation, without hypotheses, unknown labels or `?`, and for a compressed proof
// only the label list, never the letters after it (even where a letter is also a label).
func TestUsesAsWritten(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		proof string
		want  []string
	}{
		{"tt tze tpl tze tpl nope ? min a2", []string{"tze", "tpl", "a2"}},
		{"( tpl tze tpl A ) ABCD", []string{"tpl", "tze", "A"}},
		{"( tze ) A", []string{"tze"}},
		{"tt", nil},
	} {
		db, err := Parse([]byte(demo + "A $a term 0 $.\nth $p term 0 $= " + tc.proof + " $."))
		if err != nil {
			t.Fatal(err)
		}
		got, err := db.Uses("th")
		if err != nil || !cmp.Equal(got, tc.want) {
			t.Errorf("Uses(%q) = %v, %v; want %v", tc.proof, got, err, tc.want)
		}
	}
}

// TestReportFailed counts every verdict that is not a pass: an incomplete proof proves nothing.
func TestReportFailed(t *testing.T) {
	t.Parallel()
	r := Report{Verdicts: []Verdict{{Status: Pass}, {Status: Fail}, {Status: Incomplete}, {Status: Pass}}}
	if r.Failed() != 2 {
		t.Errorf("Failed() = %d; want 2", r.Failed())
	}
}

// TestDVKey is the same for a pair in either order and differs between pairs.
func TestDVKey(t *testing.T) {
	t.Parallel()
	seen := map[uint64][2]int32{}
	for a := int32(0); a < 40; a++ {
		for b := a + 1; b < 40; b++ {
			k := dvKey(a, b)
			if dvKey(b, a) != k {
				t.Fatalf("dvKey(%d, %d) != dvKey(%d, %d)", a, b, b, a)
			}
			if p, dup := seen[k]; dup {
				t.Fatalf("dvKey(%d, %d) = dvKey(%d, %d)", a, b, p[0], p[1])
			}
			seen[k] = [2]int32{a, b}
		}
	}
}
