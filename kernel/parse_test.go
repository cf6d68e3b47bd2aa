package kernel

import (
	"errors"
	"strings"
	"testing"
)

// TestParseErrors refuses each database that breaks a rule of the language, at the line of the
// offending token and with a message that names the rule.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line      int
		want      string
	}{
		{"undeclared", "$c a $.\n$v x $.\nx1 $f a x $.\nth $a a b $.", 4, `symbol "b" in th is not declared`},
		{"constant-in-block", "${ $c a $. $}", 1, "constants may be declared only in the outermost block"},
		{"constant-twice", "$c a b a $.", 1, `"a" is already declared as a constant`},
		{"variable-as-constant", "$v x $.\n$c x $.", 2, `"x" is already declared as a variable`},
		{"variable-twice-in-scope", "$v x $.\n${ $v x $. $}", 2, `variable "x" is already declared and in scope`},
		{"duplicate-label", "$c a $.\nl $a a $.\nl $a a $.", 3, `label "l" is used twice`},
		{"label-is-symbol", "$c a $.\na $a a $.", 2, `label "a" is also a math symbol`},
		{"symbol-is-label", "$c a $.\nl $a a $.\n$c l $.", 3, `"l" is already a label`},
		{"unclosed-comment", "$c a $.\n$( never closed", 2, "comment opened here is never closed"},
		{"nested-comment", "$( a $( b $) $)", 1, `comment contains "$("`},
		{"include", `$[ other.mm $]`, 1, "file inclusion $[ $] is not supported"},
		{"no-float", "$c a $.\n$v x $.\nth $a a x $.", 3, `variable "x" in th has no $f statement in scope`},
		{"float-of-constant", "$c a b $.\nf $f a b $.", 2, `types "b", which is a constant`},
		{"float-twice", "$c a $.\n$v x $.\nf $f a x $.\ng $f a x $.", 4, `already has the $f statement f in scope`},
		{"typecode-variable", "$c a $.\n$v x $.\nf $f a x $.\nth $a x $.", 4, "the typecode must be a constant"},
		{"non-ascii", "$c a $.\n$( caf\xc3\xa9 $)", 2, "character 0xc3 is not allowed"},
		{"unclosed-block", "$c a $.\n${", 2, "never closed with $}"},
		{"close-without-open", "$c a $.\n$}", 2, "$} closes a block that was never opened"},
		{"dv-constant", "$c a $.\n$v x $.\n$d x a $.", 3, `$d names "a", which is not a variable in scope`},
		{"dv-repeated", "$v x $.\n$d x x $.", 2, `$d names variable "x" twice`},
		{"variable-out-of-scope", "$c a $.\n${ $v x $. f $f a x $. $}\nth $a a x $.", 3, `variable "x" in th is not in scope`},
		{"hypothesis-of-ended-block", "$c a $.\n${ $v x $. f $f a x $. $}\n$v x $.\nth $a a x $.", 4, `variable "x" in th has no $f statement`},
		{"missing-end", "$c a $.\nth $a a", 2, "is not ended with $."},
		{"proof-missing", "$c a $.\nth $p a $.", 2, "has no proof"},
		{"bad-label", "$c a $.\nl!x $a a $.", 2, `"l!x" is neither a keyword nor a label`},
		{"keyword-in-statement", "$c a $.\nl $a a $c $.", 2, `not ended with $. before "$c"`},
		{"dollar-in-symbol", "$c a$b $.", 1, `math symbol "a$b" contains $`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.src))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) = %v; want a *SyntaxError", tc.src, err)
			}
			if se.Line != tc.line || !strings.Contains(se.Msg, tc.want) {
				t.Errorf("Parse(%q) = %v; want line %d and %q", tc.src, se, tc.line, tc.want)
			}
		})
	}
}

// TestParseScopes accepts what the scoping rules allow: a variable declared again after its
// block, a $f in a block, comments between any tokens, and comments that mention keywords.
func TestParseScopes(t *testing.T) {
	src := `$( keywords in a comment: $[ x.mm $] $c $. $)
$c a $( inside $) b $.
${ $v x $. f1 $f a x $. t1 $a a x $. $}
${ $v x $. f2 $f b x $. t2 $a b x $. $}
l $p a $( before the proof $) $= $( inside it $) ? $.
`
	db, err := Parse([]byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if got := db.Provable(); len(got) != 1 || got[0] != "l" {
		t.Errorf("Provable() = %v; want [l]", got)
	}
	if got := db.stmts[db.labels["t2"]].hyps; len(got) != 1 || db.stmts[got[0]].label != "f2" {
		t.Errorf("t2's mandatory hypotheses = %v; want f2 alone", got)
	}
}
