package policy_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// TestIntakeRefusesUnreadableTeX: a statement whose TeX cannot be read (an unbalanced $) is a
// field error at intake, on submission and on revision, naming the field and the line and
// character where the formula opens; nothing is written, and a dollar sign before an amount is
// not refused.
func TestIntakeRefusesUnreadableTeX(t *testing.T) {
	t.Parallel()
	const unbalanced = "Prove that there are infinitely many primes $p such that $p + 2$ is prime."
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		ctx := context.Background()
		for _, tt := range []struct {
			name   string
			modify func(in *policy.ProblemInput)
			field  []string
			at     string
		}{
			{"unbalanced dollar in the statement", func(in *policy.ProblemInput) { in.Statement = unbalanced },
				[]string{"statement"}, "at line 1, character 64"},
			{"unclosed brace on the second line of the statement", func(in *policy.ProblemInput) {
				in.Statement = "For every integer $n \\ge 2$,\nprove that $\\frac{4}{n$ is a sum of three unit fractions."
			}, []string{"statement"}, "at line 2, character 21"},
			{"unbalanced dollar in an exposition body", func(in *policy.ProblemInput) {
				in.Exposition = append(in.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: "The case $n = 2 is trivial."})
			}, []string{"exposition", "0", "body"}, "at line 1, character 10"},
		} {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				in := validInput()
				in.Exposition = nil
				tt.modify(&in)
				before := f.count(t)
				p, err := f.svc.Submit(ctx, f.member, in)
				var ve *policy.ValidationError
				if !errors.As(err, &ve) || len(ve.Errors) != 1 {
					t.Fatalf("Submit() = %v, %v; want one field error", p, err)
				}
				fe := ve.Errors[0]
				if !cmp.Equal(fe.Field, tt.field) || fe.Code != policy.CodeInvalid || !strings.Contains(fe.Message, "TeX that cannot be read "+tt.at) {
					t.Errorf("Submit() field error = %+v; want %v INVALID with “TeX that cannot be read %s”", fe, tt.field, tt.at)
				}
				if after := f.count(t); after != before {
					t.Errorf("refused Submit() wrote rows: %+v -> %+v", before, after)
				}
			})
		}
		t.Run("revision", func(t *testing.T) {
			p, err := f.svc.Submit(ctx, f.member, validInput())
			if err != nil {
				t.Fatal(err)
			}
			in := validInput()
			in.Statement = unbalanced
			_, _, err = f.svc.Revise(ctx, f.member, p.ID, "", in)
			var ve *policy.ValidationError
			if !errors.As(err, &ve) || len(ve.Errors) != 1 || ve.Errors[0].Field[0] != "statement" {
				t.Fatalf("Revise() = %v; want a field error on statement", err)
			}
		})
		t.Run("dollar amount", func(t *testing.T) {
			in := validInput()
			in.Exposition = append(in.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: "Erdős offered $500 for a proof."})
			if _, err := f.svc.Submit(ctx, f.member, in); err != nil {
				t.Fatalf("Submit() with a dollar amount = %v; want it accepted", err)
			}
		})
	})
}
