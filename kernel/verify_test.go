package kernel

import (
	"strconv"
	"strings"
	"testing"
)

// demo is the demo system of the Metamath book's chapter 2, with a $d axiom added, ready for a
// theorem to be appended.
const demo = `$c 0 + = -> ( ) term wff |- A. $.
$v t r s P Q $.
tt $f term t $.
tr $f term r $.
ts $f term s $.
wp $f wff P $.
wq $f wff Q $.
tze $a term 0 $.
tpl $a term ( t + r ) $.
weq $a wff t = r $.
wim $a wff ( P -> Q ) $.
a1 $a |- ( t = r -> ( t = s -> r = s ) ) $.
a2 $a |- ( t + 0 ) = t $.
${ $d t r $. dv $a |- A. t r = r $. $}
${ min $e |- P $. maj $e |- ( P -> Q ) $. mp $a |- Q $. $}
`

const th1Normal = `tt tze tpl tt weq tt tt weq tt a2 tt tze tpl tt weq tt tze tpl tt weq tt tt
weq wim tt a2 tt tze tpl tt tt a1 mp mp`

const th1Compressed = `( tze tpl weq a2 wim a1 mp ) ABCZADZAADZAEZJJKFLIAAGHH`

// TestVerifyProofs checks one proof appended to the demo system and reports its verdict, the step
// and the reason.
func TestVerifyProofs(t *testing.T) {
	for _, tc := range []struct {
		name, theorem string
		status        Status
		step          int
		want          string
	}{
		{"normal", "th $p |- t = t $= " + th1Normal + " $.", Pass, 0, ""},
		{"compressed", "th $p |- t = t $= " + th1Compressed + " $.", Pass, 0, ""},
		{"compressed-split-letters", "th $p |- t = t $= ( tze tpl weq a2 wim a1 mp ) ABCZAD ZAADZ AEZJJKFLIAAGHH $.", Pass, 0, ""},
		{"unknown-normal", "th $p |- t = t $= tt ? $.", Incomplete, 2, "step 2 is unknown"},
		{"unknown-compressed", "th $p |- t = t $= ( tze ) A? $.", Incomplete, 2, "step 2 is unknown"},
		{"unknown-whole", "th $p |- t = t $= ? $.", Incomplete, 1, "the proof is incomplete"},
		{"empty", "th $p |- t = t $= $.", Fail, 0, "the proof is empty"},
		{"not-a-label", "th $p |- t = t $= tt nope $.", Fail, 2, `"nope", which is not a label`},
		{"self", "th $p |- t = t $= tt th $.", Fail, 2, "th cites itself"},
		{"underflow", "th $p |- t = t $= tt mp $.", Fail, 2, "mp needs 4 hypotheses but the stack holds 1"},
		{"wrong-type", "th $p wff t = t $= wp tt weq $.", Fail, 3, "weq wants hypothesis tt of type term but the stack holds \"wff P\""},
		{"two-left", "th $p term 0 $= tze tze $.", Fail, 0, "ends with 2 expressions on the stack"},
		{"wrong-result", "th $p term 0 $= tt tze tpl $.", Fail, 0, `proves "term ( t + 0 )", not the statement "term 0"`},
		{"dv-same-variable", "${ $d t r $. th $p |- A. t t = t $= tt tt dv $. $}", Fail, 3, "dv requires $d t r, but both are replaced by expressions containing t"},
		{"dv-missing", "th $p |- A. t r = r $= tt tr dv $.", Fail, 3, "so $d t r must hold here"},
		{"dv-present", "${ $d t r $. th $p |- A. t r = r $= tt tr dv $. $}", Pass, 0, ""},
		{"dv-expression", "${ $d t r $. th $p |- A. t ( r + s ) = ( r + s ) $= tt tr ts tpl dv $. $}", Fail, 5, "$d t s must hold here"},
		{"compressed-bad-letter", "th $p |- t = t $= ( tze ) Aa $.", Fail, 1, `'a' is not a letter`},
		{"compressed-leading-z", "th $p |- t = t $= ( tze ) ZA $.", Fail, 0, "Z must directly follow a step"},
		{"compressed-double-z", "th $p |- t = t $= ( tze ) AZZ $.", Fail, 1, "Z must directly follow a step"},
		{"compressed-out-of-range", "th $p |- t = t $= ( tze ) E $.", Fail, 1, "refers to number 5, but only 2 hypotheses and labels and 0 tagged steps exist"},
		{"compressed-mandatory-in-list", "th $p |- t = t $= ( tt tze ) A $.", Fail, 0, "tt, a mandatory hypothesis"},
		{"compressed-unclosed", "th $p |- t = t $= ( tze tpl $.", Fail, 0, "not closed with )"},
		{"compressed-half-number", "th $p |- t = t $= ( tze ) AU $.", Fail, 1, "ends in the middle of a number"},
		{"compressed-later-label", "th $p |- t = t $= ( later ) B $.\nlater $a term 0 $.", Fail, 0, "later is stated later in the database"},
		{"out-of-scope-hypothesis", "th $p |- P $= min $.", Fail, 1, "hypothesis min is out of scope"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, err := Parse([]byte(demo + tc.theorem))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			v, err := db.VerifyLabel("th")
			if err != nil {
				t.Fatal(err)
			}
			if v.Status != tc.status || v.Step != tc.step || !strings.Contains(v.Reason, tc.want) {
				t.Errorf("VerifyLabel(th) = %s at step %d: %q; want %s at step %d: %q", v.Status, v.Step, v.Reason, tc.status, tc.step, tc.want)
			}
		})
	}
}

// TestVerifyParallel gives the same verdicts in the same order with one goroutine and with many.
func TestVerifyParallel(t *testing.T) {
	var b strings.Builder
	b.WriteString(demo)
	for i := range 300 {
		proof := th1Normal
		if i%7 == 3 {
			proof = "tt tze"
		}
		b.WriteString("th" + strconv.Itoa(i) + " $p |- t = t $= " + proof + " $.\n")
	}
	db, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	one, many := db.Verify(1), db.Verify(4)
	if len(one.Verdicts) != 300 || len(many.Verdicts) != 300 {
		t.Fatalf("got %d and %d verdicts; want 300", len(one.Verdicts), len(many.Verdicts))
	}
	for i := range one.Verdicts {
		if one.Verdicts[i] != many.Verdicts[i] {
			t.Errorf("verdict %d: %+v with one goroutine, %+v with four", i, one.Verdicts[i], many.Verdicts[i])
		}
	}
	if one.Failed() != 43 {
		t.Errorf("Failed() = %d; want 43", one.Failed())
	}
}
